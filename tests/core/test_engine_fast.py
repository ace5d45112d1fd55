"""The engine's quick answers (issue 15) pinned to the slow ones they replace, on many random armies.

The calculators ask the engine small questions thousands of times per battle, so some answers take a
short way: ``can_hurt`` reads the units' values without building groups, ``_runs``/``_split``/``allocate``
read per-ruleset tables (``pycore/engine/kinds.py``). Each is compared here with a plain reference kept in
this file — the group-building ``can_hurt`` of ``Battle`` as it was, and the engine's code of commit
e9e5036 for the rest (written out below, reading each unit's abilities) — on random setups of every ruleset
and system (dice, Low Luck with folded subs, A&A Chess whose defending subs fire with the rest), both
readings of the sub step (docs/rules.md §2 "The sub step"), random technologies (docs/rules.md §5), and
random armies with and without subs, destroyers, aircraft, AA guns, transports and damaged two-hit ships.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from pycore.engine import casualties, firing
from pycore.engine.army import Army
from pycore.engine.casualties import Casualties, allocate
from pycore.engine.firing import Group
from pycore.engine.kinds import MAX_POOLS, kinds
from pycore.engine.sequence import Battle
from pycore.engine.setup import KINDS, TECHS, BattleSetup, SideSetup
from pycore.forces import Force, full_order
from pycore.rulesets import RULESETS
from pycore.read.systems import read_system

SYSTEMS = [read_system({"name": name}) for name in ("dice", "lowluck", "chess")]
CASES = 1500


# -- random battles ----------------------------------------------------------------------------------------
def random_army(rng: random.Random, ruleset, sea: bool) -> Army:
    """Up to six unit types (sea and air ones only, half the time), two-hit units sometimes damaged."""
    units = [u for u in ruleset if not sea or u.domain != "land"]
    picked = rng.sample(units, rng.randint(0, min(6, len(units))))
    force = Force.of(ruleset, {u.id: rng.randint(1, 4) for u in picked})
    damaged = {uid: rng.randint(0, n) for uid, n in force.counts if ruleset.unit(uid).hit_points > 1}
    if rng.random() < 0.1:
        # A type listed with no unit (a Force built by hand, not by Force.of) is read as absent.
        counts = dict(force.counts)
        counts.setdefault(rng.choice(units).id, 0)
        force = Force(tuple((u.id, counts[u.id]) for u in ruleset if u.id in counts))
    return Army(force, Force.of(ruleset, damaged))


def random_setup(rng: random.Random, ruleset) -> BattleSetup:
    system = rng.choice(SYSTEMS)

    def side(role: str) -> SideSetup:
        order = list(full_order(ruleset, (), role))
        if rng.random() < 0.5:
            rng.shuffle(order)
        tech = frozenset(t for t in TECHS if rng.random() < 0.3)
        fold = rng.randint(0, 3) if role == "attacker" and system.folds_subs else 0
        return SideSetup(Force(()), tuple(order), False, tech, Force(()), Force(()), fold)

    return BattleSetup(ruleset, system, rng.choice(KINDS), side("attacker"), side("defender"),
                       lhtr=rng.random() < 0.5, sub_rule=rng.choice(("subs_first", "printed")))


def cases(seed: int, n: int = CASES):
    """(setup, attacker army, defender army), every ruleset in turn."""
    rng = random.Random(seed)
    for i in range(n):
        ruleset = RULESETS[i % len(RULESETS)]
        sea = rng.random() < 0.5
        yield random_setup(rng, ruleset), random_army(rng, ruleset, sea), random_army(rng, ruleset, sea)


# -- the reference: the engine's code of commit e9e5036 ------------------------------------------------------
def ref_has(ruleset, army, ability):
    return any(ability in ruleset.unit(uid).abilities for uid, _ in army.units.counts)


def ref_casualty_types(setup, army):
    ruleset = setup.ruleset
    return frozenset(uid for uid, _ in army.units.counts
                     if ruleset.rules.aa_is_casualty or "anti_aircraft" not in ruleset.unit(uid).abilities)


def ref_targets(setup, victim, name):
    ruleset = setup.ruleset
    pool = ref_casualty_types(setup, victim)
    if name == "aa":
        return frozenset(uid for uid in pool if ruleset.unit(uid).is_air)
    if name == "subs":
        return frozenset(uid for uid in pool if not ruleset.unit(uid).is_air)
    if name == "air":
        return frozenset(uid for uid in pool if "submarine" not in ruleset.unit(uid).abilities)
    return pool


def ref_runs(setup, role, army):
    ruleset = setup.ruleset
    out = []
    if role == "attacker":
        per_gun = 2 if setup.has_tech(role, "advanced_artillery") else 1
        units = [(uid, n, ruleset.unit(uid)) for uid, n in army.units.counts]
        receivers = sum(n for _, n, u in units if "receives_support" in u.abilities)
        givers = sum(n for _, n, u in units if "gives_support" in u.abilities)
        partners = sum(n for _, n, u in units if "tactical_partner" in u.abilities)
        paired_with = sum(n for _, n, u in units if "paired_with_armor" in u.abilities)
        supported_left = min(receivers, givers * per_gun)
        paired_left = min(partners, paired_with)
        heavy = setup.has_tech(role, "heavy_bombers")
        super_subs = setup.has_tech(role, "super_subs")
        for unit_id, count, unit in units:
            supported = min(count, supported_left) if "receives_support" in unit.abilities else 0
            supported_left -= supported
            paired = min(count - supported, paired_left) if "paired_with_armor" in unit.abilities else 0
            paired_left -= paired
            base = unit.attack + (1 if super_subs and "submarine" in unit.abilities else 0)
            plus, plain = supported + paired, count - supported - paired
            per_unit, best = (1, False)
            if heavy and "strategic_bomber" in unit.abilities:
                per_unit, best = (1, True) if setup.lhtr else (2, False)
            if plus:
                out.append((unit_id, base + 1, best, plus * per_unit))
            if plain:
                out.append((unit_id, base, best, plain * per_unit))
    else:
        jets = setup.has_tech(role, "jet_power")
        for unit_id, count in army.units.counts:
            unit = ruleset.unit(unit_id)
            out.append((unit_id, unit.defense + (1 if jets and "jet_power_defense" in unit.abilities else 0),
                        False, count))
    return out


def ref_split(setup, role, shooters, victim):
    ruleset = setup.ruleset
    blind_air = (ruleset.rules.aircraft_need_destroyer_vs_subs and ref_has(ruleset, victim, "submarine")
                 and not ref_has(ruleset, shooters, "destroyer"))
    folded = setup.side(role).fold_subs
    if role not in setup.system.sub_strike_roles:
        folded = shooters.size
    groups = {"subs": [], "main": [], "air": []}
    for run in ref_runs(setup, role, shooters):
        unit = ruleset.unit(run[0])
        if "submarine" in unit.abilities:
            joined = min(folded, run[3])
            folded -= joined
            if joined:
                groups["main"].append(run[:3] + (joined,))
            if run[3] - joined:
                groups["subs"].append(run[:3] + (run[3] - joined,))
        elif blind_air and unit.is_air:
            groups["air"].append(run)
        else:
            groups["main"].append(run)
    return groups


def ref_group(setup, role, name, rolled, victim, aim=None):
    single, pairs, firing_ = [], [], {}
    for unit_id, value, pair, count in rolled:
        if value > 0:
            (pairs if pair else single).extend([value] * count)
        firing_[unit_id] = firing_.get(unit_id, 0) + count
    if setup.has_tech(role, "heavy_bombers") and not setup.lhtr:
        for unit_id in firing_:
            if "strategic_bomber" in setup.ruleset.unit(unit_id).abilities and role == "attacker":
                firing_[unit_id] //= 2
    order = {u.id: n for n, u in enumerate(setup.ruleset)}
    return Group(role, name, tuple(sorted(single, reverse=True)), tuple(sorted(pairs, reverse=True)),
                 ref_targets(setup, victim, aim or name),
                 tuple((uid, firing_[uid]) for uid in sorted(firing_, key=order.__getitem__)))


def ref_subs_join_main(setup, victim):
    return setup.sub_rule == "printed" and ref_has(setup.ruleset, victim, "destroyer")


def ref_sub_group(setup, role, shooters, victim):
    rolled = ref_split(setup, role, shooters, victim)["subs"]
    if not rolled or ref_subs_join_main(setup, victim):
        return None
    group = ref_group(setup, role, "subs", rolled, victim)
    # docs/rules.md §2 "A group with no target": nothing to hit, no strike (but where power pools: A&A Chess).
    return group if group.targets or setup.system.pools_groups else None


def ref_main_groups(setup, role, shooters, victim):
    split = ref_split(setup, role, shooters, victim)
    ruleset = setup.ruleset
    folded = role in setup.system.sub_strike_roles and any(
        "submarine" in ruleset.unit(run[0]).abilities for run in split["main"])
    groups = [ref_group(setup, role, name, split[name], victim, "subs" if folded and name == "main" else None)
              for name in ("main", "air") if split[name]]
    if split["subs"] and ref_subs_join_main(setup, victim):
        groups.insert(0, ref_group(setup, role, "subs", split["subs"], victim))
    return tuple(group for group in groups if group.fires and (group.targets or setup.system.pools_groups))


def ref_can_hurt(setup, role, shooters, victim):
    """``Battle.can_hurt`` as it was: every group built, then asked whether it fires at a unit still there."""
    groups = list(firing.main_groups(setup, role, shooters, victim))
    sub = firing.sub_group(setup, role, shooters, victim)
    if sub is not None:
        groups.append(sub)
    return any(group.fires and any(victim.count(uid) for uid in group.targets) for group in groups)


def ref_place_together(setup, army, hits, order):
    """Hits whose groups' targets cross, placed at once: one unit type at a time in order of loss, as many as
    Hall's condition over the sets of groups allows (frozensets of group indices, every type of the order)."""
    ruleset = setup.ruleset
    shots = [(group.targets, n) for group, n in hits if n]
    total = sum(n for _, n in shots)
    subsets = [frozenset(i for i in range(len(shots)) if mask >> i & 1) for mask in range(1, 1 << len(shots))]
    room = {s: sum(shots[i][1] for i in s) for s in subsets}
    need = {s: 0 for s in subsets}
    taken = 0

    def take(unit_id, wanted):
        nonlocal taken
        able = frozenset(i for i, (targets, _) in enumerate(shots) if unit_id in targets)
        if not able or not wanted:
            return 0
        free = min(room[s] - need[s] for s in subsets if able <= s)
        k = min(wanted, free, total - taken)
        if k > 0:
            for s in subsets:
                if able <= s:
                    need[s] += k
            taken += k
        return max(k, 0)

    damaged = {}
    for unit_id in order:
        if ruleset.has(unit_id) and ruleset.unit(unit_id).hit_points > 1 and army.count(unit_id):
            k = take(unit_id, army.intact(unit_id))
            if k:
                damaged[unit_id] = k
    lost = {}
    for unit_id in order:
        if ruleset.has(unit_id) and army.count(unit_id):
            k = take(unit_id, army.count(unit_id))
            if k:
                lost[unit_id] = k
    return lost, damaged


def ref_allocate(setup, army, hits, order):
    ruleset = setup.ruleset

    def last(uid):
        return ruleset.rules.transports_defenseless and "transport" in ruleset.unit(uid).abilities
    order = [uid for uid in order if not last(uid)] + [uid for uid in order if last(uid)]
    sets = sorted({group.targets for group, n in hits if n}, key=len)
    if not all(a <= b for a, b in zip(sets, sets[1:])):
        lost, damaged = ref_place_together(setup, army, hits, order)
        return Casualties(lost, casualties._net_damage(army, lost, damaged))
    left = {uid: n for uid, n in army.units.counts}
    intact = {uid: army.intact(uid) for uid, _ in army.units.counts if ruleset.unit(uid).hit_points > 1}
    lost, damaged = {}, {}
    for group, count in sorted(hits, key=lambda gh: len(gh[0].targets)):
        for _ in range(count):
            target = next((uid for uid in order if uid in group.targets and intact.get(uid, 0) > 0), None) \
                if intact else None
            if target is not None:
                intact[target] -= 1
                damaged[target] = damaged.get(target, 0) + 1
                continue
            target = next((uid for uid in order if uid in group.targets and left.get(uid, 0) > 0), None)
            if target is None:
                break
            left[target] -= 1
            lost[target] = lost.get(target, 0) + 1
    return Casualties(lost, casualties._net_damage(army, lost, damaged))


# -- the pins ------------------------------------------------------------------------------------------------
def test_can_hurt_answers_as_the_groups_do():
    """Both sides of many random battles; the quick answer is the group-building one, and both answers occur
    under every ruleset (a stalemate: aircraft against a lone sub, transports against transports, …)."""
    seen = {(r.id, answer) for r in RULESETS for answer in (True, False)}
    blind = folded = printed = 0
    for setup, a, d in cases(15):
        for role, shooters, victim in (("attacker", a, d), ("defender", d, a)):
            expected = ref_can_hurt(setup, role, shooters, victim)
            assert firing.can_hurt(setup, role, shooters, victim) == expected, (setup, role, shooters, victim)
            battle = Battle(setup, None)
            battle.alive = {role: shooters, firing.enemy(role): victim}
            assert battle.can_hurt(role) == expected
            seen.discard((setup.ruleset.id, expected))
            blind += any(g.name == "air" for g in firing.main_groups(setup, role, shooters, victim))
            folded += bool(setup.side(role).fold_subs and firing.has_subs(setup.ruleset, shooters))
            printed += firing.subs_join_main(setup, victim) and firing.has_subs(setup.ruleset, shooters)
    assert not seen, f"never answered: {sorted(seen)}"
    assert blind and folded and printed, (blind, folded, printed)


def test_decided_is_the_verdict_of_the_group_building_can_hurt():
    for setup, a, d in cases(16, 600):
        battle = Battle(setup, None)
        battle.alive = {"attacker": a, "defender": d}
        expected = sequence_verdict(setup, a, d)
        assert battle.decided() == expected


def sequence_verdict(setup, a, d):
    from pycore.engine.sequence import verdict
    return verdict(bool(ref_casualty_types(setup, a)), bool(ref_casualty_types(setup, d)), False,
                   lambda: ref_can_hurt(setup, "attacker", a, d) or ref_can_hurt(setup, "defender", d, a))


def test_groups_and_runs_are_the_reference_ones():
    for setup, a, d in cases(17):
        for role, shooters, victim in (("attacker", a, d), ("defender", d, a)):
            assert firing._runs(setup, role, shooters) == ref_runs(setup, role, shooters)
            assert firing._split(setup, role, shooters, victim) == ref_split(setup, role, shooters, victim)
            assert firing.main_groups(setup, role, shooters, victim) == ref_main_groups(setup, role, shooters, victim)
            assert firing.sub_group(setup, role, shooters, victim) == ref_sub_group(setup, role, shooters, victim)
            assert firing.casualty_types(setup, victim) == ref_casualty_types(setup, victim)
            assert firing.has_subs(setup.ruleset, victim) == ref_has(setup.ruleset, victim, "submarine")
            assert firing.has_destroyer(setup.ruleset, victim) == ref_has(setup.ruleset, victim, "destroyer")
            for name in ("aa", "subs", "air", "main", "bombard"):
                assert firing._targets(setup, victim, name) == ref_targets(setup, victim, name)


def test_allocate_places_hits_as_the_reference_does():
    """One group's hits (what the calculators ask most), nested groups, and groups whose targets cross (the
    printed sub step: ``_place_together``), with damaged two-hit units and defenseless transports."""
    rng = random.Random(18)
    crossing = 0
    for setup, a, _ in cases(18):
        present = [uid for uid, _ in a.units.counts]
        hits = []
        for name in rng.sample(("subs", "air", "main", "aa", "one", "one"), rng.randint(1, 4)):
            targets = frozenset(u for u in present if rng.random() < 0.7) if name == "one" \
                else firing._targets(setup, a, name)
            hits.append((Group("attacker", name, (), (), targets, ()), rng.randint(0, 6)))
        order = setup.defender.order_of_loss
        for chosen in (hits[:1], hits):
            got = allocate(setup, a, chosen, order)
            assert got == ref_allocate(setup, a, chosen, order), (setup.ruleset.id, a, chosen)
            crossing += len(chosen) > 1 and not casualties._nested(chosen)
            assert a.after(got.lost, got.damaged) == a.after(dict(got.lost), dict(got.damaged))
    assert crossing > 200, crossing      # the joint placement (the printed sub step) was asked often


def test_army_questions_read_the_counts():
    for setup, a, _ in cases(19, 300):
        for unit in setup.ruleset:
            n = dict(a.units.counts).get(unit.id, 0)
            assert a.count(unit.id) == a.units.count(unit.id) == n
            assert a.hit_points(setup.ruleset, unit.id) == n * unit.hit_points - dict(a.damaged.counts).get(unit.id, 0)


# -- the tables ----------------------------------------------------------------------------------------------
def test_a_ruleset_table_is_read_from_that_ruleset():
    """Another ruleset object with the same id (a test's, a future edition's) gets its own table, never a
    stale one: here a 1942-2e whose cruiser is a submarine."""
    real = RULESETS[3]
    table = kinds(real)
    assert table.subs == {"submarine"} and table.two_hit == {"battleship"} and kinds(real) is table
    units = tuple(dataclasses.replace(u, abilities=u.abilities | {"submarine"}) if u.id == "cruiser" else u
                  for u in real)
    other = dataclasses.replace(real, units=units, _by_id={})
    assert kinds(other).subs == {"submarine", "cruiser"}
    assert kinds(real).subs == {"submarine"}


def test_the_orders_of_loss_kept_per_ruleset_stay_few():
    """A long-lived worker sees a new order of loss with many requests: the table starts again past its size."""
    ruleset = RULESETS[3]
    setup = next(s for s, _, _ in cases(20, 10) if s.ruleset is ruleset)
    army = Army(Force.of(ruleset, {"transport": 1, "submarine": 1}))
    group = Group("attacker", "main", (), (), frozenset({"transport", "submarine"}), ())
    rng = random.Random(20)
    for _ in range(3 * casualties.MAX_ORDERS):
        order = [u.id for u in ruleset]
        rng.shuffle(order)
        got = allocate(setup, army, [(group, 1)], tuple(order))
        assert got.lost == {"submarine": 1}      # transports are taken last (docs/rules.md §2)
        assert len(kinds(ruleset).last_orders) <= casualties.MAX_ORDERS


def test_the_sets_of_types_kept_per_ruleset_stay_few():
    """Every set of types an army can hold, and more (orders of them): the table starts again past its size,
    and each answer is still the casualty types of that army."""
    ruleset = RULESETS[4]
    setup = next(s for s, _, _ in cases(21, 10) if s.ruleset is ruleset)
    rng = random.Random(21)
    ids = [u.id for u in ruleset]
    for _ in range(2 * MAX_POOLS):
        picked = rng.sample(ids, rng.randint(1, len(ids)))
        army = Army(Force(tuple((uid, 1) for uid in picked)))
        assert firing.casualty_types(setup, army) == ref_casualty_types(setup, army)
        assert len(kinds(ruleset).pools) <= MAX_POOLS


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_each_table_entry_is_the_unit_card(ruleset):
    table = kinds(ruleset)
    for unit in ruleset:
        assert (unit.id in table.subs) == ("submarine" in unit.abilities)
        assert (unit.id in table.destroyers) == ("destroyer" in unit.abilities)
        assert (unit.id in table.air) == unit.is_air
        assert (unit.id in table.transports) == ("transport" in unit.abilities)
        assert (unit.id in table.never_lost) == ("anti_aircraft" in unit.abilities and not ruleset.rules.aa_is_casualty)
        assert (unit.id in table.last) == ("transport" in unit.abilities and ruleset.rules.transports_defenseless)
        assert table.hit_points[unit.id] == unit.hit_points and (unit.id in table.two_hit) == (unit.hit_points > 1)
        assert (table.attack[unit.id], table.defense[unit.id]) == (unit.attack, unit.defense)
    assert list(table.order) == [u.id for u in ruleset]
