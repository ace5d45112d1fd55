"""The referee's unit table against the project's ``rulesets`` op, and the Big World battleship's two hits
(docs/rules.md §1).

The referee keeps its own table (units.py) so that a wrong number in ``pycore/rulesets.py`` shows up as a
disagreement here rather than passing through both calculators.
"""

from .units import BIG_WORLD_BATTLESHIP_HITS, RULESETS


def _rulesets():
    import json

    from pycore.api import handle

    envelope = json.loads(handle(json.dumps({"op": "rulesets"})))
    assert envelope["ok"], envelope
    return {r["id"]: r for r in envelope["result"]["rulesets"]}


def test_unit_table_matches_the_rulesets_op():
    ops = _rulesets()
    assert set(ops) == set(RULESETS)
    for rid, op in ops.items():
        mine = RULESETS[rid]
        assert list(mine.units) == [u["id"] for u in op["units"]], rid
        for unit in op["units"]:
            m = mine.unit(unit["id"])
            assert (m.attack, m.defense, m.cost, m.hit_points, m.domain) == (
                unit["attack"], unit["defense"], unit["cost"], unit["hit_points"], unit["domain"]), (rid, unit["id"])
        assert {role: list(order) for role, order in mine.order_of_loss.items()} == op["order_of_loss"], rid
        for kind, roles in op["battle_units"].items():
            assert {role: list(ids) for role, ids in mine.battle_units[kind].items()} == roles, (rid, kind)


def test_edition_rules_match_the_rulesets_op():
    for rid, op in _rulesets().items():
        mine, rules = RULESETS[rid], op["rules"]
        assert mine.aa_shots_per_gun == rules["aa_shots_per_gun"], rid
        assert mine.aa_is_casualty == rules["aa_is_casualty"], rid
        assert mine.aircraft_need_destroyer == rules["aircraft_need_destroyer_vs_subs"], rid
        assert list(mine.bombard_units) == rules["bombard_units"], rid
        assert mine.bombard_fires_back == rules["bombard_casualties_fire"], rid
        assert mine.transports_defenseless == rules["transports_defenseless"], rid


def test_big_world_battleship_has_two_hits_as_rules_md_says():
    """seed 002, "Battleship": "Battleships have 2 hitpoints" (docs/rules.md §1): the referee's table and the
    ``rulesets`` op agree on it."""
    assert BIG_WORLD_BATTLESHIP_HITS == 2
    battleship = next(u for u in _rulesets()["big-world-1942"]["units"] if u["id"] == "battleship")
    assert battleship["hit_points"] == 2
