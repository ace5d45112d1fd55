"""The calculator at sea, its options (docs/rules.md §9 "Submerging", "Destroyers kept last", "Fighters that
crash"; docs/api.md ``calc``): subs that submerge, a side's last destroyer taken last, the defender's aircraft
with no carrier left lost.

Each rule is worked by hand on a battle of two units, in Fractions (``exact``: the general chain), and held to
the independent referee (``tests/referee/``, its own code for the rule: ``Battle.ends_with_subs_under``) on
small random fleets in floats (the sea chain, ``pycore/calc/fleet/``).
"""

from fractions import Fraction

import pytest

from tests.core.helpers import error, ok
from tests.referee.compare import crash_battles, destroyer_last_battles, differences, diving_battles


def _calc(**fields):
    return ok({"op": "calc", "kind": "sea", "system": {"name": "dice"}, **fields})


def _exact(result, name="exact_outcome"):
    return {k: Fraction(v) for k, v in result[name].items() if Fraction(v)}


# -- subs that submerge ------------------------------------------------------------------------------------

SUB_V_CARRIER = {"ruleset": "revised", "attacker": {"units": {"submarine": 1}},
                 "defender": {"units": {"carrier": 1}}}


def test_an_attacking_sub_strikes_once_then_submerges():
    """Revised, dice: 1 sub (attack 2) against 1 carrier (defence 3), no destroyer anywhere. By hand: the sub's
    strike sinks the carrier at once with 2/6 = 1/3 (it never fires back); else (2/3) the carrier sinks the sub
    with 3/6: 1/3; else (1/3) the round ends with both afloat and the sub submerges (step 6). An attacker with
    nothing left in the fight whose subs submerged has left it: ``retreat`` (docs/rules.md §9 "Submerging").
    One round, always; the sub survives 1/3 + 1/3. Without the option the round repeats: 1/2 and 1/2."""
    dived = _calc(**SUB_V_CARRIER, exact=True, submerge={"attacker": True})
    third = Fraction(1, 3)
    assert _exact(dived) == {"attacker_wins": third, "defender_wins": third, "retreat": third}
    assert Fraction(dived["exact_rounds"]) == 1
    assert dived["survivors"]["attacker"]["submarine"] == pytest.approx(2 / 3)
    assert dived["cost_lost"]["attacker"] == pytest.approx(8 / 3)      # the sub ($8) lost only when sunk
    fought = _calc(**SUB_V_CARRIER, exact=True)
    assert _exact(fought) == {"attacker_wins": Fraction(1, 2), "defender_wins": Fraction(1, 2)}


CRUISER_V_SUB = {"ruleset": "1942-2e", "attacker": {"units": {"cruiser": 1}},
                 "defender": {"units": {"submarine": 1}}}


def test_a_defending_sub_submerges_and_leaves_the_sea_to_the_attacker():
    """1942-2e, dice: 1 cruiser (attack 3) against 1 sub (defence 1). By hand: the sub's strike sinks the cruiser
    at once with 1/6 (the attacker has no destroyer); else (5/6) the cruiser sinks the sub with 3/6 = 5/12; else
    (5/12) the sub submerges: the defender has nothing left in the fight, so the attacker wins (the sea zone is
    his) and the sub survives. Attacker wins 5/12 + 5/12 = 5/6; the defender's sub is left 1/6 + 5/12 = 7/12.
    Without the option: 5/7 and 2/7 (the round repeats with chance 5/12)."""
    dived = _calc(**CRUISER_V_SUB, exact=True, submerge={"defender": True})
    assert _exact(dived) == {"attacker_wins": Fraction(5, 6), "defender_wins": Fraction(1, 6)}
    assert dived["survivors"]["defender"]["submarine"] == pytest.approx(7 / 12)
    assert dived["exact_losses"]["defender"] == {"0": "7/12", "1": "5/12"}
    fought = _calc(**CRUISER_V_SUB, exact=True)
    assert _exact(fought) == {"attacker_wins": Fraction(5, 7), "defender_wins": Fraction(2, 7)}


def test_the_sea_chain_gives_the_hand_worked_answers_in_floats():
    """The same two battles in floats, answered by the sea chain (``fleet``), not the general chain."""
    dived = _calc(**SUB_V_CARRIER, submerge={"attacker": True})
    assert dived["method"] == "exact"
    assert dived["outcome"]["retreat"] == pytest.approx(1 / 3, abs=1e-12)
    assert dived["rounds"] == pytest.approx(1.0, abs=1e-12)
    dived = _calc(**CRUISER_V_SUB, submerge={"defender": True})
    assert dived["outcome"]["attacker_wins"] == pytest.approx(5 / 6, abs=1e-12)


def test_subs_facing_a_destroyer_stay_until_it_sinks():
    """1942-2e: 1 sub against 1 destroyer. While the destroyer floats the sub may not submerge (step 6), so the
    option changes nothing here: the sub fights until one side is gone."""
    battle = {"ruleset": "1942-2e", "attacker": {"units": {"submarine": 1}},
              "defender": {"units": {"destroyer": 1}}, "exact": True}
    assert _exact(_calc(**battle, submerge={"attacker": True})) == _exact(_calc(**battle))


def test_the_option_off_is_the_request_without_it():
    """``false`` for both sides is today's calculation, and the link holds no ``submerge``."""
    off = _calc(**SUB_V_CARRIER, submerge={"attacker": False, "defender": False})
    assert off == _calc(**SUB_V_CARRIER)


def test_the_link_keeps_the_sides_that_submerge():
    on = _calc(**CRUISER_V_SUB, submerge={"defender": True, "attacker": False})
    assert on["link"] != _calc(**CRUISER_V_SUB)["link"]
    again = ok({"op": "share", "decode": on["link"]})
    assert again["request"]["submerge"] == {"defender": True}


@pytest.mark.parametrize("fields, where, words", [
    ({"submerge": True}, "submerge", "object"),
    ({"submerge": {"attacker": "yes"}}, "submerge.attacker", ""),
    ({"submerge": {"both": True}}, "submerge.both", "unknown field"),
    ({"submerge": {"attacker": True}, "rounds": 2}, "submerge", "rounds"),
    ({"submerge": {"attacker": True}, "kind": "land", "attacker": {"units": {"infantry": 1}},
      "defender": {"units": {"infantry": 1}}}, "submerge", "sea battles only"),
    ({"submerge": {"attacker": True}, "system": {"name": "colored"}}, "submerge", "colored"),
])
def test_a_bad_submerge_is_refused_by_name(fields, where, words):
    request = {"op": "calc", "kind": "sea", "system": {"name": "dice"}, **SUB_V_CARRIER, **fields}
    got = error(request)
    assert got["field"] == where, got
    assert words in got["message"], got


def test_a_fleet_beyond_the_exact_chains_is_refused_not_sampled():
    """Monte Carlo fights the engine's seeded battle, whose subs never submerge: it cannot stand in."""
    got = error({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
                       "attacker": {"units": {"submarine": 61}}, "defender": {"units": {"carrier": 3}},
                       "submerge": {"attacker": True}})
    assert got["type"] == "too_big" and "subs that submerge" in got["message"], got


DIVING = diving_battles(4040, 2)
"""2 battles per ruleset with subs × {dice, Low Luck}: 20 small fleets (2–8 units), under 2 s of referee."""


@pytest.mark.parametrize("request_", [pytest.param(r, id=f"{r['ruleset']}-{r['system']['name']}-{i}")
                                      for i, r in enumerate(DIVING)])
def test_submerging_agrees_with_the_referee(request_):
    worst, rows, method = differences(request_)
    assert method == "exact"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])


def test_the_random_fleets_do_submerge():
    """The comparison above is not empty of the rule: in most of its battles the option changes the answer."""
    changed = sum(_calc(**{k: v for k, v in r.items() if k not in ("kind", "system")}, system=r["system"])["outcome"]
                  != _calc(**{k: v for k, v in r.items() if k not in ("kind", "system", "submerge")},
                           system=r["system"])["outcome"] for r in DIVING)
    assert changed >= len(DIVING) // 2, changed


# -- destroyers kept last --------------------------------------------------------------------------------------

DESTROYER_AND_CRUISER_V_SUB = {"ruleset": "1942-2e", "attacker": {"units": {"destroyer": 1, "cruiser": 1}},
                               "defender": {"units": {"submarine": 1}}, "rounds": 1, "exact": True}


def test_the_last_destroyer_goes_after_the_cruiser():
    """1942-2e, dice, one round: 1 destroyer ($8, attack 2) + 1 cruiser ($12, attack 3) against 1 sub (defence 1).
    By hand: the sub's strike hits with 1/6 (the attacker has a destroyer, so his casualty fires back); his order
    of loss (cheapest first) gives it the destroyer, ``destroyer_last`` the cruiser. So the destroyer is left
    5/6 by default and always with the option, the cruiser 1 and 5/6; his cost lost 8/6 and 12/6. The outcome
    is the same (the sub is sunk with 1 − 4/6 · 3/6 = 2/3 either way, the casualty firing back)."""
    fought = _calc(**DESTROYER_AND_CRUISER_V_SUB)
    kept = _calc(**DESTROYER_AND_CRUISER_V_SUB, destroyer_last={"attacker": True})
    assert fought["survivors"]["attacker"] == pytest.approx({"destroyer": 5 / 6, "cruiser": 1.0})
    assert kept["survivors"]["attacker"] == pytest.approx({"destroyer": 1.0, "cruiser": 5 / 6})
    assert kept["cost_lost"]["attacker"] == pytest.approx(2.0)
    assert fought["cost_lost"]["attacker"] == pytest.approx(4 / 3)
    assert _exact(kept) == _exact(fought) == {"attacker_wins": Fraction(2, 3), "in_progress": Fraction(1, 3)}


def test_more_destroyers_than_one_go_in_their_place_but_the_last():
    """Only the last destroyer waits. Low Luck, 1942-2e, one round: 3 subs (attack 2 each: power 6, exactly 1
    hit) strike 2 destroyers + 1 cruiser; the one hit takes a destroyer (one is left to keep), never the cruiser.
    The subs' own hits are all they fire, so the defender is left exactly 1 destroyer and 1 cruiser."""
    battle = {"ruleset": "1942-2e", "system": {"name": "lowluck"}, "kind": "sea", "op": "calc", "rounds": 1,
              "attacker": {"units": {"submarine": 3}}, "defender": {"units": {"destroyer": 2, "cruiser": 1}},
              "destroyer_last": {"defender": True}}
    got = ok(battle)
    assert got["survivors"]["defender"]["destroyer"] == pytest.approx(1.0)
    assert got["survivors"]["defender"]["cruiser"] == pytest.approx(1.0)


@pytest.mark.parametrize("fields, where, words", [
    ({"destroyer_last": "yes"}, "destroyer_last", "object"),
    ({"destroyer_last": {"attacker": 1}}, "destroyer_last.attacker", ""),
    ({"destroyer_last": {"attacker": True}, "ruleset": "classic"}, "destroyer_last", "no destroyers"),
    ({"destroyer_last": {"attacker": True}, "kind": "land", "attacker": {"units": {"infantry": 1}},
      "defender": {"units": {"infantry": 1}}}, "destroyer_last", "sea battles only"),
])
def test_a_bad_destroyer_last_is_refused_by_name(fields, where, words):
    request = {"op": "calc", "kind": "sea", "system": {"name": "dice"}, **SUB_V_CARRIER, **fields}
    got = error(request)
    assert got["field"] == where, got
    assert words in got["message"], got


def test_the_link_keeps_destroyer_last_and_reads_back_the_same():
    on = _calc(**DESTROYER_AND_CRUISER_V_SUB, destroyer_last={"attacker": True, "defender": False})
    again = ok({"op": "share", "decode": on["link"]})["request"]
    assert again["destroyer_last"] == {"attacker": True}
    assert "order_of_loss" not in again["attacker"]          # the order the player gave is unchanged
    assert ok(again)["survivors"] == on["survivors"]


KEPT = destroyer_last_battles(5050, 2)
"""2 battles per ruleset with destroyers × {dice, Low Luck}: 20 small fleets (3–9 units), some under the printed
sub step, a round limit or subs that submerge."""


@pytest.mark.parametrize("request_", [pytest.param(r, id=f"{r['ruleset']}-{r['system']['name']}-{i}")
                                      for i, r in enumerate(KEPT)])
def test_destroyer_last_agrees_with_the_referee(request_):
    worst, rows, method = differences(request_)
    assert method == "exact"
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])


def test_the_random_fleets_keep_a_destroyer():
    """The comparison above is not empty of the rule: the option changes the survivors in many of its battles."""
    changed = sum(ok({"op": "calc", **r})["survivors"]
                  != ok({"op": "calc", **{k: v for k, v in r.items() if k != "destroyer_last"}})["survivors"]
                  for r in KEPT)
    assert changed >= len(KEPT) // 3, changed


# -- fighters that crash ----------------------------------------------------------------------------------

CRUISER_V_CARRIER_AND_FIGHTER = {"ruleset": "1942-2e", "attacker": {"units": {"cruiser": 1}},
                                 "defender": {"units": {"carrier": 1, "fighter": 1}, "order_of_loss": ["carrier"]},
                                 "exact": True}


def test_a_fighter_whose_carrier_sank_is_lost_when_the_battle_ends():
    """1942-2e, dice: 1 cruiser (attack 3) against 1 carrier (defence 2, lost first) + 1 fighter (defence 4).
    By hand, a round: the cruiser hits 1/2 (the carrier); the defender misses with 2/6 · 4/6 = 2/9. Carrier sunk
    and cruiser sunk 7/18; cruiser sunk alone 7/18; carrier sunk alone 1/9 (then fighter against cruiser: the
    defender wins 1/3 ÷ 5/6 = 2/5); nothing 1/9, divided out (÷ 8/9). The defender wins 7/16 + 7/16 + 1/8 · 2/5
    = 37/40 either way (the outcome is the battle's), but his fighter is left only where the carrier is: 7/16
    with the option, 37/40 without; the fighter lost 39/80 more, $10 each: his cost lost up by 39/8."""
    crash = _calc(**CRUISER_V_CARRIER_AND_FIGHTER, crash_fighters=True)
    fought = _calc(**CRUISER_V_CARRIER_AND_FIGHTER)
    assert _exact(crash) == _exact(fought) == {"defender_wins": Fraction(37, 40), "draw": Fraction(1, 20),
                                                "attacker_wins": Fraction(1, 40)}
    assert crash["survivors"]["defender"]["fighter"] == pytest.approx(7 / 16)
    assert fought["survivors"]["defender"]["fighter"] == pytest.approx(37 / 40)
    assert crash["cost_lost"]["defender"] - fought["cost_lost"]["defender"] == pytest.approx(39 / 8)


def test_aircraft_still_fighting_have_not_landed():
    """The same battle for one round: an end still fought (``in_progress``, 2/9) keeps its fighter. By hand: the
    fighter is lost only where both the carrier and the cruiser sank (7/18): left 1 − 7/18 = 11/18."""
    crash = _calc(**CRUISER_V_CARRIER_AND_FIGHTER, crash_fighters=True, rounds=1)
    assert crash["survivors"]["defender"]["fighter"] == pytest.approx(11 / 18)
    assert _calc(**CRUISER_V_CARRIER_AND_FIGHTER, rounds=1)["survivors"]["defender"]["fighter"] == pytest.approx(1)


def test_two_fighters_land_on_a_carrier_and_a_third_is_lost():
    """1942-2e: a lone transport is defenseless and lost against a fleet that can hit it (docs/rules.md §2
    "Transports"), so the defender surely wins untouched. His carrier takes two fighters; the third is lost."""
    got = _calc(ruleset="1942-2e", attacker={"units": {"transport": 1}},
                defender={"units": {"carrier": 1, "fighter": 3}}, crash_fighters=True)
    assert got["outcome"]["defender_wins"] == pytest.approx(1.0)
    assert got["survivors"]["defender"] == pytest.approx({"carrier": 1.0, "fighter": 2.0})


@pytest.mark.parametrize("fields, where, words", [
    ({"crash_fighters": "yes"}, "crash_fighters", ""),
    ({"crash_fighters": True, "kind": "land", "attacker": {"units": {"infantry": 1}},
      "defender": {"units": {"infantry": 1}}}, "crash_fighters", "sea battles only"),
])
def test_a_bad_crash_fighters_is_refused_by_name(fields, where, words):
    request = {"op": "calc", "kind": "sea", "system": {"name": "dice"}, **SUB_V_CARRIER, **fields}
    got = error(request)
    assert got["field"] == where, got
    assert words in got["message"], got


CRASH = crash_battles(6060, 2)
"""2 battles per ruleset × {dice, Low Luck}: 24 small fleets (3–9 units) with defending aircraft and 0–1
carrier, some with a round limit or a sub that submerges."""


@pytest.mark.parametrize("request_", [pytest.param(r, id=f"{r['ruleset']}-{r['system']['name']}-{i}")
                                      for i, r in enumerate(CRASH)])
def test_crash_fighters_agrees_with_the_referee(request_):
    worst, rows, method = differences(request_)
    assert not rows, f"max |diff| {worst:.3g}: " + "; ".join(f"{k}: referee {a!r}, project {b!r}" for k, a, b in rows[:6])


def test_the_random_fleets_crash_fighters():
    changed = sum(ok({"op": "calc", **r})["survivors"]
                  != ok({"op": "calc", **{k: v for k, v in r.items() if k != "crash_fighters"}})["survivors"]
                  for r in CRASH)
    assert changed >= len(CRASH) // 3, changed
