"""The sea chain (calc.fleet) against a second exact method: the general chain in Fractions (chain.solve).

The general chain works whole armies through the engine's own steps with
nothing pruned; the sea chain names armies by hits taken per class and
prunes below 1e-13. They must agree within the mass the sea chain reports
as pruned (or 1e-9), outcome by outcome and army by army, on every small sea
battle of the other suites and on random small sea battles of every ruleset,
with dice and Low Luck, fought to the end or for a few rounds.
"""

from __future__ import annotations

import random

import pytest

from pycore.calc import fleet
from pycore.calc.chain import Chain, solve
from pycore.calc.method import FLOOR, TAIL, ends_of
from pycore.engine.army import Army
from pycore.engine.casualties import allocate
from pycore.engine.firing import Group
from pycore.forces import Force
from pycore.rulesets import find_ruleset
from tests.calc_sim.battles import MORE, SEA, sea_request
from tests.core.calc_oracle import setup_of
from tests.core.test_calc import TINY

RULESETS = ("classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942")
SHIPS = ("submarine", "destroyer", "cruiser", "battleship", "carrier", "transport", "fighter", "bomber")


def _start(setup, damaged=None):
    damaged = damaged or {}
    return {role: Army(setup.side(role).units, Force.of(setup.ruleset, damaged.get(role, {})))
            for role in ("attacker", "defender")}


def _agree(request, rounds=None, damaged=None):
    """The sea chain's law against the exact general chain's; returns the largest difference seen."""
    setup = setup_of(request)
    start = _start(setup, damaged)
    got = fleet.solve(setup, start, TAIL, FLOOR, rounds)
    exact = solve(Chain(setup, exact=True, start=start), rounds)
    keys = set(got["ends"]) | set(exact["ends"])
    bound = max(got["pruned"], 1e-9)
    worst = 0.0
    for key in keys:
        diff = abs(got["ends"].get(key, 0.0) - float(exact["ends"].get(key, 0)))
        worst = max(worst, diff)
        assert diff <= bound, (key, got["ends"].get(key), exact["ends"].get(key), got["pruned"])
    assert abs(got["rounds"] - float(exact["rounds"])) <= 1e-9 + 100 * got["pruned"]
    assert got["pruned"] < 1e-9
    return worst


def _sea_of_the_suites():
    cases = [(sea_request(*battle), None) for battle in SEA]
    cases += [(request, rounds) for request, rounds in MORE if request.get("kind") == "sea"]
    # tests/core/test_calc.py TINY (brute force over every die face)
    cases += [(request, rounds) for request, rounds in TINY if request.get("kind") == "sea"]
    cases += [
        # tests/core/test_calc_ladder.py
        (sea_request("revised", "dice", {"submarine": 2, "fighter": 1}, {"destroyer": 1, "submarine": 1}), None),
        (sea_request("revised", "dice", {"battleship": 1}, {"destroyer": 1}), None),
    ]
    return cases


SUITES = _sea_of_the_suites()


@pytest.mark.parametrize("request_, rounds", SUITES, ids=[f"suite{i}" for i in range(len(SUITES))])
def test_sea_chain_equals_exact_general_chain_on_the_suites_sea_battles(request_, rounds):
    _agree(request_, rounds)
    if rounds is None:
        _agree(request_, 2)


def _random_battle(rng: random.Random):
    ruleset = rng.choice(RULESETS)
    system = rng.choice(("dice", "lowluck"))
    table = find_ruleset(ruleset)
    sides = []
    for _ in range(2):
        kinds = rng.sample([uid for uid in SHIPS if table.has(uid)], rng.randint(1, 3))
        units = {uid: rng.randint(1, 3) for uid in kinds}
        while sum(units.values()) > 5:
            units[max(units, key=units.get)] -= 1
        sides.append(units)
    request = sea_request(ruleset, system, *sides)
    if rng.random() < 0.3:
        # An edited order of loss: the most expensive first, where the side has more than one type.
        side = rng.choice(("attacker", "defender"))
        order = sorted(request[side]["units"], key=lambda uid: -table.unit(uid).cost)
        request[side]["order_of_loss"] = order
    if rng.random() < 0.4 and system == "lowluck" and "submarine" in request["attacker"]["units"]:
        request["attacker"]["fold_subs"] = 1
    rounds = rng.choice((None, None, 1, 3))
    return request, rounds


RANDOM = [_random_battle(random.Random(f"fleet-{i}")) for i in range(300)]


@pytest.mark.parametrize("request_, rounds", RANDOM, ids=[f"random{i}" for i in range(len(RANDOM))])
def test_sea_chain_equals_exact_general_chain_on_random_small_sea_battles(request_, rounds):
    _agree(request_, rounds)


def test_the_random_battles_cover_every_ruleset_system_unit_and_round_limits():
    seen = {(request["ruleset"], request["system"]["name"]) for request, _ in RANDOM}
    assert {r for r, _ in seen} == set(RULESETS) and {s for _, s in seen} == {"dice", "lowluck"}
    units = {uid for request, _ in RANDOM for role in ("attacker", "defender") for uid in request[role]["units"]}
    assert units == set(SHIPS)
    assert {rounds for _, rounds in RANDOM} == {None, 1, 3}


def test_a_damaged_battleship_taken_up_in_round_two_agrees_with_the_general_chain():
    request = sea_request("revised", "dice", {"battleship": 2, "submarine": 1}, {"destroyer": 2, "carrier": 1,
                                                                                "fighter": 1})
    _agree(request, None, damaged={"attacker": {"battleship": 1}})


def test_a_side_named_by_hits_per_class_is_the_army_allocate_makes_with_all_hits_at_once():
    """The walk (one hit at a time) lands where ``allocate`` with k hits of the same group does."""
    setup = setup_of(sea_request("1940-2e", "dice",
                                 {"submarine": 2, "destroyer": 1, "carrier": 2, "fighter": 2, "battleship": 1,
                                  "transport": 2}, {"destroyer": 1}))
    army = Army(setup.attacker.units)
    side = fleet.Side(setup, "attacker", army)
    pool = frozenset(uid for uid, _ in army.units.counts)
    ruleset = setup.ruleset
    for targets in (pool, frozenset(u for u in pool if not ruleset.unit(u).is_air),
                    frozenset(u for u in pool if "submarine" not in ruleset.unit(u).abilities)):
        path = side.walk(side.start, side.target(targets), 20)
        group = Group("defender", "main", (), (), targets, ())
        for k in range(len(path) + 2):
            cas = allocate(setup, army, [(group, k)], setup.attacker.order_of_loss)
            after = army.after(cas.lost, cas.damaged)
            assert side.armies[path[min(k, len(path) - 1)]] == after, (targets, k)


def test_the_issue_sea_battles_are_exact_not_monte_carlo():
    for units_a, units_d in (
            ({"submarine": 2, "destroyer": 2, "cruiser": 1, "battleship": 1, "fighter": 2},
             {"submarine": 2, "destroyer": 2, "cruiser": 1, "carrier": 1, "fighter": 2}),
            ({"submarine": 4, "destroyer": 3, "cruiser": 2, "battleship": 1, "carrier": 1, "fighter": 2},
             {"submarine": 3, "destroyer": 4, "cruiser": 2, "battleship": 1, "carrier": 1, "fighter": 2,
              "transport": 2})):
        got = ends_of(setup_of(sea_request("1942-2e", "lowluck", units_a, units_d)))
        assert got.method == "exact" and got.pruned < 1e-9


def _bench_module():
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "bench" / "calc.py"
    spec = importlib.util.spec_from_file_location("bench_calc", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _bench_battles():
    return [request for _, request in _bench_module().BATTLES.values()]


def test_the_bench_floor_reads_the_sea_chain_where_it_asks_the_engine():
    """``bench/calc.py --floor`` wraps the sea chain's own functions by name (the main fires, the laws built, the
    engine's answers): after a reorganisation of ``calc.fleet`` it must still find them, and leave them as found."""
    from pycore.calc.fleet import fire, settle
    bench = _bench_module()
    setup = setup_of(bench.BATTLES["sea8"][1])
    before = (fire.sub_group, fire.main_groups, settle._Settle.spread)
    got = bench.floor_of(setup)
    assert got["fires"] > 0 and got["laws"] > 0 and got["cells spread"] > 0
    assert bench.engine_seconds(setup) > 0
    assert (fire.sub_group, fire.main_groups, settle._Settle.spread) == before


def test_no_battle_of_the_bench_or_the_simulation_suites_is_answered_by_monte_carlo(monkeypatch):
    """The dispatch alone (the sea chain's work stubbed out): every sea battle goes to an exact chain."""
    from pycore.calc import montecarlo
    from tests.calc_sim.battles import SEA_FLEET

    def refuse(*args, **kwargs):
        raise AssertionError("Monte Carlo")

    calls = []

    def stub(setup, start, tail, floor, rounds=None):
        calls.append(setup)
        return {"ends": {}, "rounds": 0.0, "pruned": 0.0}

    monkeypatch.setattr(montecarlo, "sample", refuse)
    monkeypatch.setattr(fleet, "solve", stub)
    requests = [request for request in _bench_battles() if request.get("kind") == "sea"]
    requests += [sea_request(*battle) for battle in SEA] + [sea_request(*battle[:4]) for battle in SEA_FLEET]
    requests += [request for request, _ in MORE if request.get("kind") == "sea"]
    assert len(requests) >= 6 + 6 + 10
    for request in requests:
        assert ends_of(setup_of(request)).method == "exact"
    assert len(calls) == len(requests)


def _mixed_battle(rng: random.Random):
    """A bigger sea battle where strikes, blind aircraft and main fire meet: subs, destroyers and aircraft on
    both sides (the sea chain's one-walk shortcut, ``Fleet.line``, and its fall-backs)."""
    ruleset = rng.choice(("revised", "anniversary", "1942-2e", "1940-2e"))
    system = rng.choice(("dice", "lowluck"))
    sides = []
    for _ in range(2):
        units = {"submarine": rng.randint(1, 3), "fighter": rng.randint(0, 2)}
        for uid in rng.sample(("destroyer", "carrier", "battleship", "transport", "cruiser"), 2):
            if find_ruleset(ruleset).has(uid):
                units[uid] = rng.randint(0, 2)
        sides.append({uid: n for uid, n in units.items() if n})
    return sea_request(ruleset, system, *sides), rng.choice((None, None, 2))


MIXED = [_mixed_battle(random.Random(f"fleet-mixed-{i}")) for i in range(24)]


@pytest.mark.parametrize("request_, rounds", MIXED, ids=[f"mixed{i}" for i in range(len(MIXED))])
def test_sea_chain_equals_exact_general_chain_where_strikes_blind_aircraft_and_main_fire_meet(request_, rounds):
    _agree(request_, rounds)


def _solved_keeping_the_fleet(setup, rounds=None):
    """``fleet.solve``'s result and the :class:`fleet.Fleet` it worked with (to read which paths it took)."""
    kept = []
    original = fleet.Fleet.__init__

    def keep(self, *args, **kwargs):
        original(self, *args, **kwargs)
        kept.append(self)
    fleet.Fleet.__init__ = keep
    try:
        got = fleet.solve(setup, _start(setup), TAIL, FLOOR, rounds)
    finally:
        fleet.Fleet.__init__ = original
    return got, kept


def test_the_chains_ways_of_working_a_round_are_all_taken_on_the_mixed_battles(monkeypatch):
    """pycore/calc/fleet/: where the strikes' casualties leave at once, their outcomes are pushed onto the armies
    after the strikes and the main fire is worked once there (``Fleet.spared``, read by ``settle``); where a victim
    with a destroyer keeps them, the round is read by strike outcome (``combos``); a strike and a main group on
    the same walk are one convolution (``Fleet._line``), else a grid; what later rows owe under two nested groups is
    summed between the groups' two stages (``_Settle.unstage``). Every way happens on the battles above, so
    every way is checked against the general chain."""
    from collections import Counter

    from pycore.calc.fleet import kept, laws, settle
    seen = Counter()
    spared, combos, line = laws.Fleet.spared, settle.combos, laws.Fleet._line

    def counted_spared(self, *args):
        seen["strikes summed"] += 1
        return spared(self, *args)

    def counted_combos(*args):
        seen["by outcome"] += 1
        return combos(*args)

    def counted_line(self, *args):
        got = line(self, *args)
        seen["one walk" if got is not None else "grid"] += 1
        return got

    monkeypatch.setattr(laws.Fleet, "spared", counted_spared)
    monkeypatch.setattr(settle, "combos", counted_combos)
    monkeypatch.setattr(laws.Fleet, "_line", counted_line)
    unstage = settle._Settle.unstage

    def counted_unstage(self, *args):
        seen["stages summed"] += 1
        return unstage(self, *args)

    monkeypatch.setattr(settle._Settle, "unstage", counted_unstage)
    for request, _ in MIXED:
        kept.forget()                      # the laws built afresh (a kept side holds them from the tests above)
        fleet.solve(setup_of(request), _start(setup_of(request)), TAIL, FLOOR)
    assert all(seen[way] for way in ("strikes summed", "by outcome", "one walk", "grid", "stages summed")), seen


def _expanded(fleet_, role: str, law: tuple) -> dict:
    """{army: p} of a law as ``Fleet.fast`` keeps it: a staged law's narrower group, then the wider group's law
    from each army it leaves (``Fleet.stage``); summed where two cells meet one army."""
    out: dict = {}
    if len(law) == 4:
        ys, qs, stage, _ = law
        cells = [(s, q * p) for y, q in zip(ys, qs) for s, p in zip(*fleet_.stage(role, stage, y))]
    else:
        cells = list(zip(law[0], law[1]))
    for s, p in cells:
        out[s] = out.get(s, 0.0) + p
    return out


def test_a_staged_law_is_the_grid_of_its_two_groups():
    """pycore/calc/fleet/laws.py: the row loop reads two nested groups' law in two stages (``Fleet.fast``): the
    narrower group's walk, then the wider group's law from each army on it, a stage shared by every grid with
    the same wider group. Expanded, every such law of the mixed battles is the grid ``Fleet.land`` builds (the
    same armies, the same chances to 1e-15), and its home chance is the grid's chance to leave the victim as it
    is. Fails if a stage is read from the wrong army, or a walk that runs out of targets folds differently."""
    staged = 0
    for request, _ in MIXED:
        setup = setup_of(request)
        _, kept = _solved_keeping_the_fleet(setup)
        for one in kept:
            for role in ("attacker", "defender"):
                shift = one.sides[role].shift
                for key, law in list(one.fast_of[role].items()):
                    sig, victim = key >> shift, key & ((1 << shift) - 1)
                    grid = _expanded(one, role, one.land(role, victim, sig))
                    mine = _expanded(one, role, law)
                    staged += len(law) == 4
                    assert set(mine) == set(grid), (request, role, victim, sig)
                    assert all(abs(mine[s] - grid[s]) <= 1e-15 for s in grid), (request, role, victim, sig)
                    assert abs(law[-1] - grid.get(victim, 0.0)) <= 1e-15
    assert staged >= 50, staged


def _printed_battle(rng: random.Random):
    """A mixed battle under the printed sub rule (docs/rules.md §2 "The sub step"): only where it may be chosen."""
    while True:
        request, rounds = _mixed_battle(rng)
        if request["ruleset"] != "revised":
            return {**request, "sub_rule": "printed"}, rounds


PRINTED = [_printed_battle(random.Random(f"fleet-printed-{i}")) for i in range(24)]


@pytest.mark.parametrize("request_, rounds", PRINTED, ids=[f"printed{i}" for i in range(len(PRINTED))])
def test_sea_chain_equals_exact_general_chain_under_the_printed_sub_rule(request_, rounds):
    _agree(request_, rounds)


def test_the_printed_battles_place_hits_together_and_part_from_the_default_reading():
    """The printed battles above are worth having: the sea chain places hits at once there (``Fleet.together``:
    sub hits beside aircraft hits that cannot take subs, the engine's joint placement), and in several of
    them the two readings of the sub step end differently, so agreeing tests the printed reading itself."""
    placed = differ = 0
    for request, rounds in PRINTED:
        ends = {}
        for rule in ("subs_first", "printed"):
            got, kept = _solved_keeping_the_fleet(setup_of({**request, "sub_rule": rule}), rounds)
            ends[rule] = got["ends"]
            if rule == "printed":
                placed += sum(len(keys) for one in kept for keys in one.placed.values())
        a, b = ends.values()
        differ += max(abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in set(a) | set(b)) > 1e-6
    assert placed and differ >= 3, (placed, differ)


def test_a_printed_sea_battle_over_16_units_is_exact():
    """Past the general chain's 16 units the printed reading used to go to Monte Carlo; the sea chain takes it."""
    request = {**sea_request("1942-2e", "dice", {"submarine": 4, "destroyer": 2, "fighter": 3, "carrier": 1},
                             {"submarine": 3, "destroyer": 3, "fighter": 2, "carrier": 1, "cruiser": 1}),
               "sub_rule": "printed"}
    assert ends_of(setup_of(request)).method == "exact"


@pytest.mark.parametrize("seed", range(40))
def test_the_engine_fires_at_the_victims_stand_in_as_at_the_victim(seed):
    """``Fleet`` asks the engine's groups once per firing force and what they read of the victim (its subs, and
    under the printed sub rule its destroyers), of a stand-in (the victim's start army, with or without its
    subs, and under the printed rule with or without its destroyers; every other seed draws a printed
    battle): the groups must be the victim's, targets aside, and the stand-in's targets must meet the
    victim's units exactly where the victim's own targets do."""
    from pycore.engine.firing import main_groups, sub_group
    rng = random.Random(f"stand-in-{seed}")
    request, _ = _printed_battle(rng) if seed % 2 else _mixed_battle(rng)
    setup = setup_of(request)
    start = _start(setup)
    shooter_role, victim_role = rng.sample(("attacker", "defender"), 2)
    ruleset = setup.ruleset

    def some_of(army):
        units = {uid: rng.randint(0, n) for uid, n in army.units.counts}
        return Army(Force.of(ruleset, {uid: n for uid, n in units.items() if n}))

    shooter, victim = some_of(start[shooter_role]), some_of(start[victim_role])
    if not shooter or not victim:
        return
    stand_ins = fleet.Fleet(setup, start, TAIL)._victims[victim_role]
    has_subs = any("submarine" in ruleset.unit(uid).abilities for uid, _ in victim.units.counts)
    destroyer = any("destroyer" in ruleset.unit(uid).abilities for uid, _ in victim.units.counts)
    stand_in = stand_ins[has_subs | (setup.sub_rule == "printed" and destroyer) << 1]
    present = frozenset(uid for uid, _ in victim.units.counts)
    real = list(main_groups(setup, shooter_role, shooter, victim))
    stood = list(main_groups(setup, shooter_role, shooter, stand_in))
    real_sub, stood_sub = sub_group(setup, shooter_role, shooter, victim), sub_group(setup, shooter_role, shooter, stand_in)
    if stood_sub is not None and not stood_sub.targets & present:
        stood_sub = None
    assert (real_sub is None) == (stood_sub is None)
    if real_sub is not None:
        real.append(real_sub)
        stood.append(stood_sub)
    # A group that may hit none of the victim's units does not fire at the victim (docs/rules.md §2 "A group
    # with no target"); against the stand-in it may, and its hits then land on nothing the victim has.
    stood = [g for g in stood if g.targets & present]
    assert [(g.name, g.values, g.best_of_two, g.sure_hits) for g in real] == \
        [(g.name, g.values, g.best_of_two, g.sure_hits) for g in stood]
    for mine, its in zip(real, stood):
        assert mine.targets & present == its.targets & present and mine.targets <= its.targets


def test_the_sea_chain_counts_its_work_and_stops_at_its_bound():
    """docs/api.md "Cost budget": a sea battle's states depend on how its groups' targets cross, which its counts
    do not tell, so the chain stops at ``WORK_BUDGET`` however far the estimate was off."""
    setup = setup_of(sea_request("1942-2e", "dice", {"submarine": 3, "fighter": 2}, {"submarine": 2, "fighter": 2,
                                                                                      "cruiser": 1}))
    done = fleet.solve(setup, _start(setup), TAIL, FLOOR)
    assert done["work"] > 1000
    with pytest.raises(fleet.TooMuchWork):
        fleet.solve(setup, _start(setup), TAIL, FLOOR, budget=done["work"] // 2)
    with pytest.raises(fleet.TooMuchWork):
        fleet.solve(setup, _start(setup), TAIL, FLOOR, rounds=3, budget=10)
    assert fleet.solve(setup, _start(setup), TAIL, FLOOR, budget=done["work"])["ends"] == done["ends"]


@pytest.mark.slow
def test_sixty_a_side_of_every_ship_type_is_exact_within_the_work_bound():
    """Issue 15: Monte Carlo only beyond 60 units a side at sea. 60 a side of subs, destroyers, cruisers,
    battleships, carriers and fighters (and transports; bench/colored.py's dice baseline) fits the work bound
    (docs/api.md "Cost budget": about 17 of its 20 million units), with little pruned."""
    attacker = {"submarine": 18, "destroyer": 12, "cruiser": 6, "battleship": 6, "carrier": 6, "fighter": 12}
    defender = {"submarine": 12, "destroyer": 12, "cruiser": 6, "battleship": 6, "carrier": 6, "fighter": 12,
                "transport": 6}
    setup = setup_of(sea_request("1940-2e", "dice", attacker, defender))
    got = fleet.solve(setup, _start(setup), TAIL, FLOOR)
    assert got["work"] <= fleet.WORK_BUDGET and got["pruned"] < 1e-9
    assert abs(sum(got["ends"].values()) + got["pruned"] - 1) < 1e-12
    from pycore.calc.method import plan
    assert plan(setup).method == "fleet"        # and the dispatch sends it there


def test_joint_placements_count_as_work_and_stop_the_chain_within_a_row():
    """Under the printed sub rule one row may ask the engine for thousands of joint placements (about 80 µs
    each): they count in the work (``PLACE_WORK``) and the bound is checked as they are made, so the chain
    stops near its bound, not a whole row past it."""
    setup = setup_of({**sea_request("1940-2e", "dice", {"submarine": 8, "fighter": 5},
                                    {"submarine": 5, "destroyer": 5, "fighter": 3}), "sub_rule": "printed"})
    done = fleet.solve(setup, _start(setup), TAIL, FLOOR)
    bound = done["work"] // 4
    with pytest.raises(fleet.TooMuchWork) as stopped:
        fleet.solve(setup, _start(setup), TAIL, FLOOR, budget=bound)
    # At most one joint law's work past the bound: its combinations, and a placement for each.
    assert bound < stopped.value.work < bound + 200 * (fleet.TOGETHER_WORK + fleet.PLACE_WORK)


def test_spread_fleets_are_told_apart_by_their_counts():
    """docs/api.md "Cost budget": a side that fires subs and aircraft without a destroyer, against subs, keeps
    its hits apart (docs/rules.md §2: aircraft need a destroyer to hit subs), and the enemy's armies spread
    over its class counters: about the product of (hit points + 1) per class, not their sum."""
    from pycore.calc import cost
    wolves = {"submarine": 15, "fighter": 15}
    setup = setup_of(sea_request("1942-2e", "dice", wolves, wolves))
    states, _ = cost.fleet_spread(setup)
    assert states == (16 * 16) ** 2           # each side: (15 subs + 1) × (15 fighters + 1), no other ships
    # A destroyer beside the aircraft lets them hit subs: the enemy no longer spreads (1 + 15 + 15 + 2 hit points
    # for the destroyers' side, which still spreads: (16)(16)(3)).
    setup = setup_of(sea_request("1942-2e", "dice", {**wolves, "destroyer": 2}, wolves))
    assert cost.fleet_spread(setup)[0] == (16 * 16 * 3) * (15 + 15 + 1)
    for request in (sea_request("1942-2e", "lowluck", wolves, wolves),                  # Low Luck: cheap
                    sea_request("classic", "dice", wolves, wolves),                      # aircraft hit subs
                    sea_request("1942-2e", "dice", {"submarine": 10, "destroyer": 6, "carrier": 4, "fighter": 8},
                                {"submarine": 10, "destroyer": 6, "carrier": 4, "fighter": 8})):
        assert cost.fleet_spread(setup_of(request)) is None


def test_a_spread_fleets_estimate_covers_the_chains_work():
    """The high envelope: the estimate is at least the work the chain does, at the unit cost it is read at."""
    from pycore.calc import cost
    wolves = {"submarine": 8, "fighter": 8}
    for request in (sea_request("1942-2e", "dice", wolves, wolves),
                    sea_request("1942-2e", "dice", {"submarine": 8, "fighter": 4, "transport": 4}, wolves),
                    sea_request("1942-2e", "dice", {"submarine": 6, "bomber": 4},
                                {"submarine": 4, "destroyer": 2, "carrier": 2, "fighter": 4})):
        setup = setup_of(request)
        done = fleet.solve(setup, _start(setup), TAIL, FLOOR)
        assert cost.fleet(setup).seconds - cost.OVERHEAD >= done["work"] * cost.FLEET_UNIT_SECOND


def test_past_its_bound_the_sea_chain_gives_way_to_monte_carlo_or_a_refusal(monkeypatch):
    import json

    from pycore.api import handle
    monkeypatch.setattr(fleet, "WORK_BUDGET", 2000)
    request = {"op": "calc", **sea_request("1942-2e", "dice", {"submarine": 3, "fighter": 2},
                                           {"submarine": 2, "fighter": 2, "cruiser": 1})}
    got = json.loads(handle(json.dumps(request)))["result"]
    assert got["method"] == "monte_carlo" and "exact sea chain reached its bound (2,000 units" in got["method_reason"]
    assert got["samples"] > 0 and "intervals" in got
    # A battle taken up in round 2 is the exact chain's question only: refused, naming the limit.
    got = json.loads(handle(json.dumps({**request, "round": 2})))
    assert not got["ok"] and got["error"]["type"] == "too_big"
    assert "exact sea chain" in got["error"]["message"]
