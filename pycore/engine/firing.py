"""Who fires in each step of a round, at what value, and at which enemy units (docs/rules.md §2, §4, §5).

A :class:`Group` is what one luck system fires at once: a set of values and
the enemy units its hits may land on. Units whose targets differ are never in
one group — TripleA's Low Luck rule (docs/rules.md §4), which dice follow too so
both systems read the same groups:

* ``aa``      defending AA guns at attacking aircraft, before round 1;
* ``bombard`` shore bombardment in an amphibious assault, before round 1;
* ``subs``    a submarine strike (subs never hit aircraft); under the printed
              sub rule, subs facing a destroyer fire as this group in
              steps 3–4 instead (docs/rules.md §2 "The sub step");
* ``air``     aircraft that cannot hit submarines (no friendly destroyer,
              where the ruleset says so);
* ``main``    everyone else.

The group name is also the dice context (``r1/attacker/subs``) and the key of
the players' own dice in referee mode. The calculator builds its transitions
from these same functions.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from ..forces import Force
from ..jsontext import JsonObject
from ..rulesets import Ruleset
from ..systems import Counted, LuckSystem, Roll, Volley
from .army import Army
from .group import Group as Group  # named here too: the calculators import it with the functions that build it
from .kinds import Run, kinds, pool
from .setup import BattleSetup

AA_VALUE = 1
RADAR_AA_VALUE = 2
MAX_SPLITS = 4096
"""Armies whose dice :func:`_split` keeps sorted into groups (``Kinds.splits``); past this the table starts again,
so a long-lived worker stays small. A battle's calculators meet a few hundred."""


def fire_group(system: LuckSystem, group: Group, roll: Roll) -> Volley:
    """What one group scores under a system: ``fire_group`` where the system has it, else ``fire`` on the values."""
    volley = system.fire_group(group, roll)
    if group.sure_hits:
        volley = Volley(volley.power, volley.sure_hits + group.sure_hits, volley.remainder, volley.dice)
    return volley


def dice_for(system: LuckSystem, group: Group) -> tuple[tuple[int, int], ...]:
    """(hits at, sides) of each die one group rolls: what a table must give, and what the page asks for."""
    return system.dice_for(group)


def rolls_of(setup: BattleSetup, group: Group, shooters: Army, victim: Army) -> list[JsonObject]:
    """What the players roll for one group, by unit type: ``[{"units", "at", "dice"}]`` (docs/rules.md §11).

    Where each die hits on its own (normal dice), one entry per value needed, highest first, with the units
    rolling at it ("2 tanks, 1 fighter at 3"; units keeping the better of two dice have ``best_of_two``).
    Where the group's power is pooled (Low Luck, A&A Chess), one entry per die, rolled for all the group's
    units of some power. Read only when a battle pauses for dice, so the runs are worked out again here
    rather than kept on every group the calculator builds.
    """
    system = setup.system
    wanted = dice_for(system, group)
    if not wanted:
        return []
    if group.name == "aa":
        # AA fires one die per aircraft it may reach, not one per gun: the guns are who rolls them.
        return [{"units": {uid: n for uid, n in group.firing}, "at": at, "dice": len(wanted),
                 **({"sides": sides} if sides != 6 else {})} for at, sides in wanted[:1]]
    if group.name == "bombard":
        runs = [(uid, setup.ruleset.unit(uid).attack, False, n) for uid, n in group.firing]
    else:
        runs = _split(setup, group.shooter, shooters, victim)[group.name]
    two_plain = group.shooter == "attacker" and not setup.lhtr and "heavy_bombers" in setup.attacker.tech
    classes: dict[tuple[int, bool], JsonObject] = {}
    for uid, value, pair, count in runs:
        if value <= 0 or not count:
            continue
        # A heavy bomber rolling two plain dice counts twice in the runs (as in ``_group``).
        halve = not pair and two_plain and "strategic_bomber" in setup.ruleset.unit(uid).abilities
        entry = classes.setdefault((value, pair), {"units": {}, "at": value, "dice": 0})
        entry["units"][uid] = entry["units"].get(uid, 0) + (count // 2 if halve else count)
        entry["dice"] += 2 * count if pair else count
        if pair:
            entry["best_of_two"] = True
    if not system.independent_dice:
        units: dict[str, int] = {}
        for entry in classes.values():
            for uid, n in entry["units"].items():
                units[uid] = units.get(uid, 0) + n
        return [{"units": units, "at": at, "dice": 1, **({"sides": sides} if sides != 6 else {})}
                for at, sides in wanted]
    return [classes[key] for key in sorted(classes, key=lambda k: (-k[0], k[1]))]


def counted_volley(system: LuckSystem, group: Group, hits: int) -> Volley:
    """What a group scores when the players counted its dice's hits at the table (docs/rules.md §11).

    The faces decide nothing but the hits: power, sure hits, remainders, what A&A Chess carries are the
    group's own, so the group is fired with placeholder faces and its dice replaced by the count (which the
    caller has checked against :meth:`~pycore.systems.LuckSystem.hits_range`).
    """
    volley = fire_group(system, group, lambda n: (1,) * n)
    wanted = dice_for(system, group)
    return replace(volley, dice=(), counted=Counted(len(wanted), hits, tuple(at for at, _ in wanted),
                                                    wanted[0][1] if wanted else 6))


def enemy(role: str) -> str:
    return "defender" if role == "attacker" else "attacker"


def _any_of(army: Army, unit_ids: frozenset[str]) -> bool:
    for uid, _ in army.units.counts:
        if uid in unit_ids:
            return True
    return False


def has_destroyer(ruleset: Ruleset, army: Army) -> bool:
    return _any_of(army, kinds(ruleset).destroyers)


def has_subs(ruleset: Ruleset, army: Army) -> bool:
    return _any_of(army, kinds(ruleset).subs)


def subs_join_main(setup: BattleSetup, victim: Army) -> bool:
    """Whether a side's subs fire with its other units (steps 3–4) instead of striking first.

    Only under the printed rule books' reading (``sub_rule: "printed"``, docs/rules.md §2 "The sub step"):
    facing a destroyer, subs have no surprise strike and fire with everyone else, so the victim places their
    hits together with the others'. Seed 002's reading (the default) keeps them in steps 1–2.
    """
    return setup.sub_rule == "printed" and _any_of(victim, kinds(setup.ruleset).destroyers)


def casualty_types(setup: BattleSetup, army: Army) -> frozenset[str]:
    """Unit types that can be taken as casualties at all (docs/rules.md §2).

    An AA gun before 1942-2e is never a casualty (it is captured with the
    territory). Defenseless transports are excluded here and handled by
    :func:`casualties.allocate`, which takes them last.
    """
    table = kinds(setup.ruleset)
    present = tuple([uid for uid, _ in army.units.counts])
    got = table.pools.get(present)
    return (got if got is not None else pool(table, present)).types


def counts_as_force(setup: BattleSetup, army: Army) -> bool:
    """Whether a side still has a unit in the battle (a captured-only AA gun does not count): whether
    :func:`casualty_types` has one, read without building it."""
    never = kinds(setup.ruleset).never_lost
    for uid, _ in army.units.counts:
        if uid not in never:
            return True
    return False


def _targets(setup: BattleSetup, victim: Army, name: str) -> frozenset[str]:
    """What a group may hit: subs never aircraft, blind aircraft never subs, AA guns aircraft only (§2)."""
    table = kinds(setup.ruleset)
    present = tuple([uid for uid, _ in victim.units.counts])
    got = table.pools.get(present)
    if got is None:
        got = pool(table, present)
    if name == "subs":
        return got.not_air
    if name == "air":
        return got.not_subs
    if name == "aa":
        return got.air
    return got.types


def unit_values(setup: BattleSetup, role: str, army: Army) -> list[tuple[str, int, bool]]:
    """(unit, value, keeps the better of two dice) for every die this army's units roll.

    Attack: each artillery supports one unit that receives support (two with
    Advanced Artillery), seed 002 "paired on a 1-to-1 basis"; a 1940-2e
    tactical bomber attacks +1 paired with a fighter or tank (docs/rules.md §1);
    Super Subs +1 attack; Heavy Bombers roll two dice, or keep the better of
    two under LHTR (docs/rules.md §5). Defence: Jet Power gives fighters +1.
    """
    return [(unit_id, value, pair) for unit_id, value, pair, count in _runs(setup, role, army)
            for _ in range(count)]


def _runs(setup: BattleSetup, role: str, army: Army) -> list[Run]:
    """:func:`unit_values` as runs (unit, value, better of two, how many such dice), in the same order.

    The first units of a type take the support left, the next ones the
    pairing left, the rest roll plain: worked per unit type, not per unit
    (the calculator asks this for every rung of its ladders).
    """
    ruleset = setup.ruleset
    table = kinds(ruleset)
    counts = army.units.counts
    tech = setup.side(role).tech
    out: list[Run] = []
    if role == "attacker":
        per_gun = 2 if "advanced_artillery" in tech else 1
        receivers = givers = partners = paired_with = 0
        support = table.support
        for uid, n in counts:
            flags = support.get(uid)
            if flags is not None:
                receivers += flags[0] * n
                givers += flags[1] * n
                partners += flags[2] * n
                paired_with += flags[3] * n
        supported_left = min(receivers, givers * per_gun)
        paired_left = min(partners, paired_with)
        heavy = "heavy_bombers" in tech
        super_subs = "super_subs" in tech
        if not (supported_left or paired_left or heavy or super_subs):
            attack = table.attack   # every unit rolls its own value (the general loop below, shortened)
            return [(uid, attack[uid], False, n) for uid, n in counts if n]
        units = [(uid, n, ruleset.unit(uid)) for uid, n in counts]
        lhtr = setup.lhtr
        for unit_id, count, unit in units:
            abilities = unit.abilities
            supported = min(count, supported_left) if "receives_support" in abilities else 0
            supported_left -= supported
            paired = min(count - supported, paired_left) if "paired_with_armor" in abilities else 0
            paired_left -= paired
            base = unit.attack + (1 if super_subs and "submarine" in abilities else 0)
            plus, plain = supported + paired, count - supported - paired
            if heavy and "strategic_bomber" in abilities:
                per_unit, best = (1, True) if lhtr else (2, False)
                if plus:
                    out.append((unit_id, base + 1, best, plus * per_unit))
                if plain:
                    out.append((unit_id, base, best, plain * per_unit))
            else:
                if plus:
                    out.append((unit_id, base + 1, False, plus))
                if plain:
                    out.append((unit_id, base, False, plain))
    else:
        if "jet_power" not in tech:
            defense = table.defense
            return [(uid, defense[uid], False, n) for uid, n in counts]
        jets = True
        for unit_id, count in counts:
            unit = ruleset.unit(unit_id)
            value = unit.defense + (1 if jets and "jet_power_defense" in unit.abilities else 0)
            out.append((unit_id, value, False, count))
    return out


def _split(setup: BattleSetup, role: str, shooters: Army, victim: Army) -> dict[str, list[Run]]:
    """Every die of the side, sorted into groups as runs (:func:`_runs`): support is worked out over the whole side first."""
    ruleset = setup.ruleset
    table = kinds(ruleset)
    subs, air = table.subs, table.air
    blind_air = (ruleset.rules.aircraft_need_destroyer_vs_subs and _any_of(victim, subs)
                 and not _any_of(shooters, table.destroyers))
    side = setup.side(role)
    striking = role in setup.system.sub_strike_roles
    # Asked again and again of the same army (every group builder, ``can_hurt``): kept per army and what it
    # reads (the side's technology and folded subs, the system's strikes), in the ruleset's table.
    key = (role, shooters.units.counts, blind_air, side.tech, setup.lhtr, side.fold_subs, striking)
    got = table.splits.get(key)
    if got is not None:
        return got
    folded = side.fold_subs
    if not striking:
        folded = shooters.size  # no first strike: every sub fires with the rest (seed 003)
    strike: list[Run] = []
    main: list[Run] = []
    blind: list[Run] = []
    for run in _runs(setup, role, shooters):
        uid = run[0]
        if uid in subs:
            # The first ``fold_subs`` sub dice fire with the main group, the rest strike first.
            joined = min(folded, run[3])
            folded -= joined
            if joined:
                main.append(run[:3] + (joined,))
            if run[3] - joined:
                strike.append(run[:3] + (run[3] - joined,))
        elif blind_air and uid in air:
            blind.append(run)
        else:
            main.append(run)
    if len(table.splits) >= MAX_SPLITS:
        table.splits.clear()
    got = table.splits[key] = {"subs": strike, "main": main, "air": blind}
    return got


def _group(setup: BattleSetup, role: str, name: str, rolled: list[Run],
           targets: frozenset[str]) -> Group:
    """The group ``name`` of these runs, its hits landing on ``targets`` (:func:`_targets`)."""
    if len(rolled) == 1 and (role != "attacker" or setup.lhtr or "heavy_bombers" not in setup.attacker.tech):
        # One run (a sub strike, a lone type) and no bomber rolling two dice: its dice as they are.
        unit_id, value, pair, count = rolled[0]
        dice = (value,) * count if value > 0 else ()
        return Group(role, name, () if pair else dice, dice if pair else (), targets, ((unit_id, count),))
    single: list[int] = []
    pairs: list[int] = []
    firing: dict[str, int] = {}
    for unit_id, value, pair, count in rolled:
        if value > 0:
            if pair:
                pairs.extend([value] * count)
            else:
                single.extend([value] * count)
        firing[unit_id] = firing.get(unit_id, 0) + count
    single.sort(reverse=True)
    pairs.sort(reverse=True)
    # Units rolling two plain dice (Heavy Bombers without LHTR) appear twice in ``rolled``.
    if role == "attacker" and not setup.lhtr and "heavy_bombers" in setup.attacker.tech:
        for unit_id in firing:
            if "strategic_bomber" in setup.ruleset.unit(unit_id).abilities:
                firing[unit_id] //= 2
    if len(firing) > 1:
        order = kinds(setup.ruleset).order
        who = tuple([(uid, firing[uid]) for uid in sorted(firing, key=order.__getitem__)])
    else:
        who = tuple(firing.items())
    return Group(role, name, tuple(single), tuple(pairs), targets, who)


def _asked(setup: BattleSetup, question: str, role: str, shooters: Army, victim: Army) -> tuple[object, ...]:
    """What a group builder's answer depends on: the side's units, the unit types the victim has, and what of the
    setup it reads (the side's technology and folded subs, the system's strikes, the sub rule)."""
    side = setup.side(role)
    return (question, role, shooters.units.counts, tuple([uid for uid, n in victim.units.counts if n]), side.tech,
            setup.lhtr, side.fold_subs, role in setup.system.sub_strike_roles, setup.sub_rule,
            setup.system.pools_groups)


Answer = TypeVar("Answer")


def _kept(answers: dict[tuple[object, ...], Answer], key: tuple[object, ...], answer: Answer) -> Answer:
    """Keep an answer per army in the ruleset's table (``Kinds.strikes`` or ``Kinds.answers``, at most
    ``MAX_SPLITS`` each)."""
    if len(answers) >= MAX_SPLITS:
        answers.clear()
    answers[key] = answer
    return answer


def sub_group(setup: BattleSetup, role: str, shooters: Army, victim: Army) -> Group | None:
    """Steps 1–2: the submarines' strike, less any folded into the main group (seed 000 §5b)."""
    table = kinds(setup.ruleset)
    if not _any_of(shooters, table.subs):
        return None                   # no sub, no strike (what ``_split`` would find, sooner)
    key = _asked(setup, "subs", role, shooters, victim)
    strikes = table.strikes
    if key in strikes:
        return strikes[key]
    rolled = _split(setup, role, shooters, victim)["subs"]
    if not rolled or subs_join_main(setup, victim):
        return _kept(strikes, key, None)
    targets = _targets(setup, victim, "subs")
    if not targets and not setup.system.pools_groups:
        return _kept(strikes, key, None)   # nothing it may hit (only aircraft left): no strike, no die (§2)
    return _kept(strikes, key, _group(setup, role, "subs", rolled, targets))


def main_groups(setup: BattleSetup, role: str, shooters: Army, victim: Army) -> tuple[Group, ...]:
    """Steps 3–4: every other unit, split where the targets differ (aircraft that cannot hit subs).

    Low Luck's folded subs (seed 000 §5b) pool their power with the main group, whose hits then may not
    land on aircraft: subs never hit aircraft (docs/rules.md §2, §4 "Folding subs"), and one pooled roll
    has one set of targets. A&A Chess's defending subs, which have no strike of their own (seed 003), are
    not folded by choice and hit as the main group does (docs/rules.md §6).
    """
    table = kinds(setup.ruleset)
    key = _asked(setup, "main", role, shooters, victim)
    if key in table.answers:
        return table.answers[key]
    split = _split(setup, role, shooters, victim)
    targets = pool(table, tuple([uid for uid, _ in victim.units.counts]))   # what _targets reads, read once
    main, blind, strike = split["main"], split["air"], split["subs"]
    groups: list[Group] = []
    if strike and subs_join_main(setup, victim):
        # The printed reading (docs/rules.md §2 "The sub step"): subs facing a destroyer fire here, still a
        # group of their own (they never hit aircraft), so their dice keep the context ``subs``.
        groups.append(_group(setup, role, "subs", strike, targets.not_air))
    if main:
        folded = False
        if role in setup.system.sub_strike_roles:
            subs = table.subs
            for run in main:
                if run[0] in subs:
                    folded = True
                    break
        groups.append(_group(setup, role, "main", main, targets.not_air if folded else targets.types))
    if blind:
        groups.append(_group(setup, role, "air", blind, targets.not_subs))
    # A group fires when it has a die that can score (``Group.fires``: nothing else is set here) and, but where
    # a group's power counts beyond its hits (``pools_groups``), something it may hit: aircraft that cannot hit
    # subs roll nothing against subs alone (docs/rules.md §2 "A group with no target").
    pooled = setup.system.pools_groups
    return _kept(table.answers, key, tuple([group for group in groups
                                    if (group.values or group.best_of_two) and (group.targets or pooled)]))


def can_hurt(setup: BattleSetup, role: str, shooters: Army, victim: Army) -> bool:
    """Whether some group of this side (:func:`sub_group` or :func:`main_groups`) fires a die that can score
    and may land on a unit the victim has: the question a battle's end asks (docs/rules.md §2, stalemate).

    Read from :func:`_split`'s runs and the victim's :class:`~.kinds.Pool` (what :func:`_targets` gives each
    group), without building the groups: the strike's dice never land on aircraft, blind aircraft's never on
    subs, and the main fire's on neither restriction unless subs are folded into it. Under the printed rule
    subs facing a destroyer fire in the main step but keep the strike's targets, so the answer is the same.
    A group fires when one of its dice has a value above 0 (nothing else is set outside A&A Chess's steps);
    ``tests/core/test_engine_fast.py`` pins this to the group-building answer.
    """
    table = kinds(setup.ruleset)
    targets = pool(table, tuple([uid for uid, n in victim.units.counts if n]))
    if not targets.types:
        return False
    split = _split(setup, role, shooters, victim)
    if _scores(split["subs"]) and targets.not_air or _scores(split["air"]) and targets.not_subs:
        return True
    main = split["main"]
    if not _scores(main):
        return False
    # Folded subs pool with the main group, whose hits then never land on aircraft (main_groups).
    subs = table.subs
    folded = role in setup.system.sub_strike_roles and any(run[0] in subs for run in main)
    return bool(targets.not_air if folded else targets.types)


def _scores(runs: list[Run]) -> bool:
    """Whether these runs roll a die that can score (a unit listed with a count of 0 rolls none)."""
    for _, value, _, count in runs:
        if value > 0 and count:
            return True
    return False


def aa_shots(setup: BattleSetup, defender: Army, attacker: Army) -> tuple[int, int]:
    """(shots, value) of the defender's AA guns before round 1 (docs/rules.md §2)."""
    ruleset = setup.ruleset
    guns = sum(n for uid, n in defender.units.counts if "anti_aircraft" in ruleset.unit(uid).abilities)
    planes = sum(n for uid, n in attacker.units.counts if ruleset.unit(uid).is_air)
    value = RADAR_AA_VALUE if setup.has_tech("defender", "radar") else AA_VALUE
    if setup.system.aa_per_move:
        # A&A Chess (seed 003): every aircraft of the move counts once per AA territory flown over.
        if not planes or setup.kind == "sea":
            return 0, 0
        count = setup.attacker.air_over_aa
        return (planes if guns else 0) if count is None else count, value
    if not guns or not planes or setup.kind == "sea":
        return 0, 0
    per_gun = ruleset.rules.aa_shots_per_gun
    shots = planes if per_gun is None else min(planes, per_gun * guns)
    return shots, value


def land_units(ruleset: Ruleset, units: Force) -> int:
    """A force's land units: how many ships may bombard where bombardment's casualties fire back (below)."""
    return sum(n for uid, n in units.counts if ruleset.unit(uid).domain == "land")


def fires_first(setup: BattleSetup, attacker: Army, defender: Army) -> bool:
    """Whether round 1 opens with fire before its main step — AA guns or shore bombardment, the engine's
    ``aa_step`` and ``bombard_step`` (docs/rules.md §2): a calculator skips an opening that has none."""
    return bool(aa_shots(setup, defender, attacker)[0]) or \
        bombard_group(setup, land_units(setup.ruleset, attacker.units), defender) is not None


def bombard_group(setup: BattleSetup, land_attackers: int, victim: Army) -> Group | None:
    """One-shot shore bombardment before round 1 of an amphibious assault (seed 002).

    Where bombardment casualties fire back (revised and later), a ruleset also
    allows no more bombarding ships than landing units (seed 002: "you may not
    have more bombardment rolls than the total number of amphibious
    attackers"); the strongest ships bombard.
    """
    ships = setup.attacker.bombard
    if setup.kind != "amphibious" or not ships:
        return None
    ruleset = setup.ruleset
    values = sorted(((ruleset.unit(uid).attack, uid) for uid, n in ships.counts for _ in range(n)), reverse=True)
    if ruleset.rules.bombard_casualties_fire:
        values = values[:land_attackers]
    if not values:
        return None
    used: dict[str, int] = {}
    for _, uid in values:
        used[uid] = used.get(uid, 0) + 1
    firing = tuple((uid, used[uid]) for uid, _ in ships.counts if uid in used)
    return Group("attacker", "bombard", tuple(value for value, _ in values), (), _targets(setup, victim, "bombard"),
                 firing)
