"""A calculation's fixed costs are paid once (issue 41): what the summary reads of an army, a plan's last standing,
the door's check for lone surrogates, its JSON encoder and its op's module, a battle's starting armies, a side's
empty forces and order of loss.

The answers themselves are guarded by ``test_recorded.py`` (byte-identical); these tests say that the work
behind them is done once where it used to be done per end or per caller, and fail on the code before.
"""

from __future__ import annotations

import json
from dataclasses import replace

from pycore import api, jsontext
from pycore.calc import summary
from pycore.calc.method import ends_of
from pycore.calc.tally import summarize
from pycore.engine.army import Army
from pycore.read.battle import read_setup
from pycore.rulesets import find_ruleset
from pycore.read.systems import read_system

ORDER_A = ["infantry", "artillery", "tank", "fighter", "bomber"]
ORDER_D = ["infantry", "artillery", "aa_gun", "tank", "fighter", "bomber"]


def _setup(attacker: dict, defender: dict):
    ruleset = find_ruleset("1942-2e")
    return read_setup({"kind": "land", "attacker": {"units": attacker, "order_of_loss": ORDER_A},
                       "defender": {"units": defender, "order_of_loss": ORDER_D}}, ruleset, read_system({"name": "dice"}))


def test_a_captured_defender_is_read_once_per_army_not_once_per_end(monkeypatch):
    """docs/rules.md §9: where the attacker takes the territory the defender's AA guns are captured; the summary
    takes them off each defender army once, however many of the attacker's armies end beside it."""
    setup = _setup({"infantry": 4, "artillery": 1, "tank": 2, "fighter": 1}, {"infantry": 4, "aa_gun": 1})
    law = ends_of(setup)
    taken = [(a, d) for (ended, a, d) in law.ends if ended == "attacker_wins"]
    calls = []
    without = Army.without
    monkeypatch.setattr(Army, "without", lambda army, ids: calls.append(army) or without(army, ids))
    got = summarize(setup, law)
    holding = {id(d) for _, d in taken if d.count("aa_gun")}
    assert len(taken) > 3                                   # several attacker armies win against the same guns
    assert len(calls) == len(holding) < len(taken)
    # An army left with no gun has nothing to capture: read as it is, never rebuilt without its guns.
    assert holding < {id(d) for _, d in taken} and all(army.count("aa_gun") for army in calls)
    # The gun is captured (docs/rules.md §9): it is never among the defender's survivors where he lost.
    assert got["takes"] > 0 and got["survivors"]["defender"]["aa_gun"] < 1 - got["takes"] + 1e-12


def test_a_plans_last_standing_is_summed_once(monkeypatch):
    """A plan's result reads where it stands after its last wave twice (the whole plan, the last wave's own
    fields): summed once, and each caller gets its own copy (docs/api.md, ``calc`` "Waves")."""
    calls = []
    standing = summary.standing
    monkeypatch.setattr(summary, "standing", lambda *args: calls.append(args) or standing(*args))
    request = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "land",
               "attacker": {"units": {"infantry": 3, "artillery": 1}, "order_of_loss": ORDER_A},
               "defender": {"units": {"infantry": 4, "tank": 1}, "order_of_loss": ORDER_D},
               "waves": [{"attacker": {"units": {"tank": 2, "fighter": 1}, "order_of_loss": ORDER_A}}]}
    got = json.loads(api.handle(json.dumps(request)))
    assert got["ok"], got
    assert len(calls) == 2                                  # one per wave; the whole plan's is the last wave's
    result = got["result"]
    last = result["waves"][-1]
    assert last["losses"] == result["losses"] and last["swing"] == result["swing"]


def test_the_door_scans_for_lone_surrogates_only_in_text_that_holds_one(monkeypatch):
    """A response is written UTF-8, a lone surrogate kept escaped (``jsontext``); text UTF-8 takes as it is
    (ASCII, or any valid non-ASCII) is not scanned character by character."""
    scans = []

    class Counted:
        def __init__(self, pattern):
            self.pattern = pattern

        def sub(self, *args):
            scans.append(args[1])
            return self.pattern.sub(*args)
    monkeypatch.setattr(jsontext, "_SURROGATE", Counted(jsontext._SURROGATE))
    assert jsontext.dumps({"units": "×2", "seed": "abc"}) == '{"units":"×2","seed":"abc"}'
    assert scans == []
    assert jsontext.dumps({"seed": "a\udfffb×"}) == '{"seed":"a\\udfffb×"}'
    assert len(scans) == 1


def test_the_door_counts_the_nesting_only_of_text_with_more_brackets_than_the_bound(monkeypatch):
    """``jsontext.loads`` refuses text nested deeper than ``MAX_DEPTH``; text with fewer opening brackets than
    that cannot be, so the character-by-character count is spared (and still runs, and refuses, past it)."""
    counted = []
    depth = jsontext.depth
    monkeypatch.setattr(jsontext, "depth", lambda text: counted.append(text) or depth(text))
    assert jsontext.loads('{"op": "calc", "units": [1, 2, "[[[["]}') == {"op": "calc", "units": [1, 2, "[[[["]}
    assert counted == []
    deep = "[" * (jsontext.MAX_DEPTH + 1) + "]" * (jsontext.MAX_DEPTH + 1)
    try:
        jsontext.loads(deep)
    except jsontext.TooDeep as error:
        assert error.depth == jsontext.MAX_DEPTH + 1
    else:
        raise AssertionError("a text deeper than MAX_DEPTH was parsed")
    flat = "[" + ",".join(["[]"] * (jsontext.MAX_DEPTH + 5)) + "]"     # many brackets, two deep: counted, read
    assert len(jsontext.loads(flat)) == jsontext.MAX_DEPTH + 5 and len(counted) == 2


def test_a_plans_ladder_estimates_are_made_once_per_battle_and_never_carried_to_the_next_request(monkeypatch):
    """A plan estimates its first wave before fighting (docs/api.md "Cost budget") and again as it fights it:
    the same setup, the same question, one estimate. A new request reads a new setup and is estimated afresh.
    (A plan this small is surely within the budget and needs no estimate, test_plan_bound.py: asked here as
    a plan whose bound says nothing.)"""
    from pycore.calc import ladder_cost, plan_cost
    monkeypatch.setattr(plan_cost, "surely_within", lambda plan, exact: False)
    calls = []
    ladder = ladder_cost.ladder
    monkeypatch.setattr(ladder_cost, "ladder", lambda setup, *args: calls.append((id(setup), *args))
                        or ladder(setup, *args))
    request = json.dumps({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "land",
                          "attacker": {"units": {"infantry": 3, "artillery": 1}, "order_of_loss": ORDER_A},
                          "defender": {"units": {"infantry": 4, "tank": 1}, "order_of_loss": ORDER_D},
                          "waves": [{"attacker": {"units": {"tank": 2, "fighter": 1}, "order_of_loss": ORDER_A}}]})
    first = api.handle(request)
    assert json.loads(first)["ok"]
    assert len(calls) == len(set(calls)) == 2               # each wave's battle once
    assert api.handle(request) == first and len(calls) == 4


def test_the_door_writes_json_as_json_dumps_does_without_building_an_encoder_per_call(monkeypatch):
    """``jsontext.dumps`` is ``json.dumps(…, ensure_ascii=False, separators=(",", ":"))`` to the character, keys
    sorted or not, through a C encoder built once (``json.dumps`` built a ``JSONEncoder`` at every call)."""
    import json as json_module
    values = [{"b": [1, 2.5, None, True], "a": {"z": "é×", "y": -0.0, "x": 1e-300}, "c": "\"\\\n"},
              [0.1 + 0.2, 10 ** 30, float("inf"), "text"], {"swing": {"-3": 0.5, "12": 0.25}}, "alone", 3.75, None]
    built = []

    class Counted(json_module.JSONEncoder):
        def __init__(self, *args, **kwargs):
            built.append(1)
            super().__init__(*args, **kwargs)
    monkeypatch.setattr(json_module, "JSONEncoder", Counted)
    for value in values:
        for sort_keys in (False, True):
            assert jsontext.dumps(value, sort_keys) == json.dumps(value, ensure_ascii=False, separators=(",", ":"),
                                                                  sort_keys=sort_keys, cls=json_module.encoder.JSONEncoder)
    assert built == []
    assert jsontext.dumps({"seed": "a\udfffb"}) == '{"seed":"a\\udfffb"}'    # a lone surrogate stays escaped


def test_a_battles_starting_armies_are_built_once_and_its_law_is_not_copied_to_name_its_method(monkeypatch):
    """The land ladder's ``ends_of`` asks a battle's starting armies twice (AA guns alone, docs/rules.md §2, and the
    chain's opening): built once; its law carries the method's name as built (``dataclasses.replace`` copied it)."""
    from pycore.calc import method
    setup = _setup({"infantry": 3, "tank": 2}, {"infantry": 4, "artillery": 1})
    armies, copies = [], []
    monkeypatch.setattr(method, "Army", lambda *args: armies.append(args) or Army(*args))
    monkeypatch.setattr(method, "replace", lambda *args, **kwargs: copies.append(kwargs) or replace(*args, **kwargs))
    law = ends_of(setup)
    assert law.by == "ladder" and copies == []
    assert len(armies) == 2                                 # the attacker's and the defender's, once each
    assert law.ends == ends_of(setup).ends                  # the same law asked again


def test_the_door_finds_an_ops_module_once_and_hears_a_replaced_run(monkeypatch):
    """``api.handle`` imports an op's module on first use and keeps it (``importlib.import_module`` walked the
    import machinery at every call), reading its ``run`` at each call."""
    import pycore.ops as ops
    from pycore.ops import calc as calc_op
    request = json.dumps({"op": "calc", "ruleset": "1942-2e", "system": {"name": "lowluck"}, "kind": "land",
                          "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}})
    assert json.loads(api.handle(request))["ok"]
    imports = []
    found = ops.importlib.import_module
    monkeypatch.setattr(ops.importlib, "import_module", lambda name: imports.append(name) or found(name))
    assert json.loads(api.handle(request))["ok"] and imports == []
    monkeypatch.setattr(calc_op, "run", lambda request: {"heard": True})
    assert json.loads(api.handle(request)) == {"ok": True, "result": {"heard": True}}


def test_a_sides_forces_share_one_empty_force_and_its_order_of_loss_is_kept():
    """No units (no cargo, nothing bombarding) is one immutable ``EMPTY``; the full order of loss (docs/rules.md §2:
    the player's order, then the rest cheapest first) is kept per ruleset, role and order given."""
    from pycore.forces import EMPTY, Force, default_order_of_loss, full_order
    ruleset = find_ruleset("1942-2e")
    assert Force.of(ruleset, {}) is EMPTY and Force.of(ruleset, {"infantry": 0}) is EMPTY and EMPTY.size == 0
    assert Force.of(ruleset, {"tank": 2, "infantry": 1}).counts == (("infantry", 1), ("tank", 2))
    order = full_order(ruleset, ["tank", "infantry"], "attacker")
    assert order is full_order(ruleset, ("tank", "infantry"), "attacker")
    assert order[:2] == ("tank", "infantry") and order[2:] == tuple(
        uid for uid in default_order_of_loss(ruleset, "attacker") if uid not in ("tank", "infantry"))


def test_a_turns_exchange_is_the_summarys_own_sums_bit_for_bit():
    """docs/rules.md §9.5: a turn reads of each army's battle its chance to take and each side's IPCs lost, summed
    as the summary sums them (the same terms in the same order, so the same bits), without its other laws; with
    the defender's AA gun captured where the territory is taken (docs/rules.md §9), in floats and in fractions."""
    from pycore.calc.tally import exchange
    for attacker, defender in [({"infantry": 4, "artillery": 1, "tank": 2, "fighter": 1}, {"infantry": 4, "aa_gun": 1}),
                               ({"infantry": 3, "tank": 1}, {"infantry": 2, "artillery": 1}),
                               ({"fighter": 2}, {"infantry": 1})]:
        setup = _setup(attacker, defender)
        for exact in (False, True):
            law = ends_of(setup, None, exact)
            whole = summarize(setup, law, exact)
            want = (whole["takes"], whole["cost"]["attacker"], whole["cost"]["defender"])
            assert exchange(setup, law, exact) == want and type(want[0]) is type(exchange(setup, law, exact)[0])
    # Fighters alone take nothing (docs/rules.md §9, "The territory"): a chance to win, none to take.
    alone = _setup({"fighter": 2}, {"infantry": 1})
    takes, lost_a, lost_d = exchange(alone, ends_of(alone))
    assert takes == 0.0 and lost_d > 0
