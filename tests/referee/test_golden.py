"""Hand-checked battles: the referee against numbers worked out on paper, the working in each test.

Each case names the rule it exercises. These check the referee alone; ``test_agreement.py`` then checks
the project's calculator against the referee.
"""

from fractions import Fraction as F

import pytest

from .battle import Battle, calc


def request(ruleset, system, attacker, defender, kind="land", **extra):
    return {"ruleset": ruleset, "system": {"name": system}, "kind": kind,
            "attacker": {"units": attacker}, "defender": {"units": defender}, **extra}


def test_one_infantry_against_one_dice():
    """docs/rules.md §3. Per round the attacker hits 1/6, the defender 2/6, at the same time:
    attacker only 1/6·4/6 = 4/36, defender only 5/6·2/6 = 10/36, both 2/36, nobody 20/36.
    Dividing out the 20/36: 4/16, 10/16, 2/16."""
    got = calc(request("classic", "dice", {"infantry": 1}, {"infantry": 1}))
    assert got["outcome"]["attacker_wins"] == F(1, 4)
    assert got["outcome"]["defender_wins"] == F(5, 8)
    assert got["outcome"]["draw"] == F(1, 8)
    assert got["losses"]["attacker"] == {0: F(1, 4), 1: F(3, 4)}


def test_finland_big_world_low_luck():
    """docs/rules.md §9: 3 infantry + 2 tanks attack 2 infantry, Big World, Low Luck.
    Attacker 3 + 6 = 9 → 1 hit and a roll at 3 (½); defender 4 → a roll at 4 (⅔).
    Two hits (½): round 1 ends it, the attacker loses 1 with ⅔.
    One hit (½): the attacker loses Bernoulli(⅔) in round 1; in round 2 he has at least 8 ≥ 6 (a sure
    kill) and the last infantry rolls at 2 (⅓): losses 0: ⅓·⅔ = 2/9, 1: ⅔·⅔ + ⅓·⅓ = 5/9, 2: ⅔·⅓ = 2/9.
    0: ½·⅓ + ½·2/9 = 5/18; 1: ½·⅔ + ½·5/9 = 11/18; 2: ½·2/9 = 2/18."""
    got = calc(request("big-world-1942", "lowluck", {"infantry": 3, "tank": 2}, {"infantry": 2}))
    assert got["losses"]["attacker"] == {0: F(5, 18), 1: F(11, 18), 2: F(2, 18)}
    assert got["outcome"]["attacker_wins"] == 1


@pytest.mark.parametrize("total, law", [
    (15, {2: F(1, 2), 3: F(1, 2)}), (12, {2: F(1)}), (13, {2: F(5, 6), 3: F(1, 6)}),
    (7, {1: F(5, 6), 2: F(1, 6)}), (9, {1: F(1, 2), 2: F(1, 2)}), (4, {0: F(1, 3), 1: F(2, 3)})])
def test_low_luck_checked_examples(total, law):
    """docs/rules.md §4's checked examples: 15 → 2 and a roll at 3; 12 → 2; 13 → 2, roll at 1; 7 → 1, roll at
    1; 9 → 1, roll at 3; 4 → a roll at 4."""
    from .laws import lowluck
    assert dict(lowluck(total)) == law


def test_sub_strike_removes_at_once_without_a_destroyer():
    """docs/rules.md §2 steps 1–2, Revised (subs 2/2). The attacking sub fires first; with no destroyer the
    defending sub is removed at once and never fires back. Per round: attacker wins ⅓; else (⅔) the
    defender's sub fires, ⅓. Attacker ⅓ / (1 − ⅔·⅔) = 3/5, defender ⅔·⅓ / (5/9) = 2/5, never a draw."""
    got = calc(request("revised", "dice", {"submarine": 1}, {"submarine": 1}, kind="sea"))
    assert got["outcome"]["attacker_wins"] == F(3, 5)
    assert got["outcome"]["defender_wins"] == F(2, 5)
    assert got["outcome"]["draw"] == 0


def test_sub_strike_casualty_fires_back_beside_a_destroyer():
    """docs/rules.md §2: the victim has a destroyer, so the sub's casualty fires back (Revised: sub attacks
    at 2, destroyer defends at 3 and may hit the sub). Simultaneous: attacker only ⅓·½ = 1/6, defender
    only ⅔·½ = 1/3, both 1/6, nobody 1/3 → divided by ⅔: 1/4, 1/2, 1/4."""
    got = calc(request("revised", "dice", {"submarine": 1}, {"destroyer": 1}, kind="sea"))
    assert {k: p for k, p in got["outcome"].items() if p} == {"attacker_wins": F(1, 4), "defender_wins": F(1, 2),
                                                             "draw": F(1, 4)}


def test_aircraft_pool_with_the_main_group_once_the_last_sub_is_hit():
    """docs/rules.md §2 "Firing groups": groups are formed against the units still alive, so a sub already
    sunk by the strike but firing back beside its destroyer no longer keeps aircraft apart. Revised, Low Luck:
    1 sub + 1 carrier (attack 1) + 1 fighter (attack 3) against 1 destroyer + 1 sub, one round. The attacker
    wins the round when both defenders go; the defender's 2 hits at most cannot sink all three attackers.
    Strike (power 2): the sub goes with 2/6. Then, sub gone, carrier and fighter pool 1 + 3 = 4: a hit with
    4/6, on the destroyer: 2/6 · 4/6 = 8/36. Sub still alive: the fighter (3, not at subs) and the carrier
    (1) roll apart: both hit, the fighter's on the destroyer, the carrier's on the sub: 4/6 · 3/6 · 1/6 =
    2/36. Attacker wins round 1 with 10/36 (separate rolls throughout would give 9/36)."""
    got = calc(request("revised", "lowluck", {"submarine": 1, "carrier": 1, "fighter": 1},
                       {"destroyer": 1, "submarine": 1}, kind="sea", rounds=1))
    assert got["outcome"]["attacker_wins"] == F(10, 36)


def test_aircraft_cannot_hit_subs_without_a_destroyer():
    """docs/rules.md §2: subs cannot hit aircraft; aircraft cannot hit subs without a friendly destroyer
    (Revised) — a fighter against a sub is a stalemate. In Big World they can: the fighter (3) wins."""
    got = calc(request("revised", "dice", {"fighter": 1}, {"submarine": 1}, kind="sea"))
    assert got["outcome"]["stalemate"] == 1
    got = calc(request("big-world-1942", "dice", {"fighter": 1}, {"submarine": 1}, kind="sea"))
    assert got["outcome"]["attacker_wins"] == 1
    # With a destroyer the fighter may hit the sub. Revised: the sub (2) strikes the destroyer (not at
    # once: it fires back); fighter (3) and destroyer (3) hit the sub with 1 − ½·½ = ¾. Sub gone (¾):
    # attacker wins; sub left and destroyer gone (¼·⅓ = 1/12): fighter v sub, stalemate; nothing (¼·⅔).
    # Divided by 5/6: attacker 9/10, stalemate 1/10.
    got = calc(request("revised", "dice", {"fighter": 1, "destroyer": 1}, {"submarine": 1}, kind="sea"))
    assert got["outcome"]["attacker_wins"] == F(9, 10)
    assert got["outcome"]["stalemate"] == F(1, 10)


def test_two_hit_battleship_absorbs_a_hit():
    """docs/rules.md §2, Revised: 1 destroyer (attacks at 3) against a two-hit battleship (defends at 4).
    Damaged battleship: attacker only ½·⅓ = 1/6, defender only ½·⅔ = 1/3, both 1/3, nobody 1/6 → /(5/6):
    1/5, 2/5, 2/5. Intact battleship: the attacker hits and survives (1/6) → damaged; any defender hit
    (⅔) ends it for the defender (the battleship at worst damaged); nobody 1/6 → /(5/6): 1/5 → damaged,
    4/5 defender wins. Attacker 1/5·1/5 = 1/25, draw 1/5·2/5 = 2/25, defender 4/5 + 2/25 = 22/25."""
    got = calc(request("revised", "dice", {"destroyer": 1}, {"battleship": 1}, kind="sea"))
    assert got["outcome"]["attacker_wins"] == F(1, 25)
    assert got["outcome"]["draw"] == F(2, 25)
    assert got["outcome"]["defender_wins"] == F(22, 25)
    assert got["survivors"]["defender"]["battleship"] == F(22, 25)


def test_defenseless_transports_are_taken_last_and_lost_alone():
    """docs/rules.md "Transports", Anniversary: a fighter (3) against a destroyer (defends at 2) and a
    transport (0). The fighter's hit takes the destroyer (the transport goes last). Round: fighter hits
    and survives ½·⅔ = 1/3 → the transport is alone and lost: attacker wins; fighter hits and dies
    ½·⅓ = 1/6 → the transport survives alone: defender wins, 1 lost; fighter misses and dies ½·⅓ = 1/6 →
    defender wins, 0 lost; nobody 1/3. Divided by ⅔: attacker 1/2; defender losses 0: 1/4, 1: 1/4, 2: 1/2."""
    got = calc(request("anniversary", "dice", {"fighter": 1}, {"destroyer": 1, "transport": 1}, kind="sea"))
    assert got["outcome"]["attacker_wins"] == F(1, 2)
    assert got["losses"]["defender"] == {0: F(1, 4), 1: F(1, 4), 2: F(1, 2)}


def test_artillery_supports_one_infantry():
    """docs/rules.md §1: 1 artillery + 2 infantry attack at 2 + 2 + 1 = 5 under Low Luck (a roll at 5), one
    round against 3 infantry (6: one sure hit)."""
    got = calc(request("revised", "lowluck", {"artillery": 1, "infantry": 2}, {"infantry": 3}, rounds=1))
    assert got["losses"]["defender"] == {0: F(1, 6), 1: F(5, 6)}
    assert got["losses"]["attacker"] == {1: F(1)}


def test_tactical_bomber_pairs_with_a_tank():
    """docs/rules.md §1 (1940-2e): a tactical bomber with a tank attacks at 4; the tank at 3: 7 under Low Luck
    → 1 sure hit and a roll at 1. Without the tank (two tactical bombers: 3 + 3 = 6) exactly one."""
    got = calc(request("1940-2e", "lowluck", {"tactical_bomber": 1, "tank": 1}, {"infantry": 3}, rounds=1))
    assert got["losses"]["defender"] == {1: F(5, 6), 2: F(1, 6)}
    got = calc(request("1940-2e", "lowluck", {"tactical_bomber": 2}, {"infantry": 3}, rounds=1))
    assert got["losses"]["defender"] == {1: F(1)}


def test_low_luck_aa_blocks_of_six():
    """docs/rules.md §4: AA under Low Luck takes aircraft by type in blocks of 6. 12 fighters +
    6 bombers (Revised: every aircraft fired at) → 2 fighters and 1 bomber lost for sure, no roll. The
    10 fighters + 5 bombers then attack at 30 + 20 = 50 → 8 hits and a roll at 2: the 3 infantry all go;
    they defend at 6 → exactly 1 hit, a fighter. Survivors after one round: 9 fighters + 5 bombers = 14."""
    for ruleset in ("classic", "revised", "big-world-1942"):
        got = calc(request(ruleset, "lowluck", {"fighter": 12, "bomber": 6}, {"infantry": 3, "aa_gun": 1}, rounds=1))
        assert got["survivors"]["attacker"] == {"fighter": 9, "bomber": 5}
        assert got["losses"]["attacker"] == {4: F(1)}


def test_aa_shots_at_most_three_per_gun_from_anniversary():
    """docs/rules.md §2: from Anniversary each gun fires at most 3 shots, at the cheapest aircraft (docs/rules.md).
    4 fighters + 1 bomber against a lone AA gun: 3 fighters fired at, dice: each lost on a 1.
    The bomber always survives; fighters lost Binomial(3, 1/6): 0 with 125/216."""
    battle = Battle(request("anniversary", "dice", {"fighter": 4, "bomber": 1}, {"aa_gun": 1, "infantry": 1}))
    after = battle.aa(battle.start["attacker"], 1)
    assert after[(("fighter", 4, 0), ("bomber", 1, 0))] == F(125, 216)
    assert all(dict((u, i) for u, i, _ in army).get("bomber") == 1 for army in after)


def test_aa_dice_the_aircraft_hit_dies_seed_002():
    """Seed 002 ("AA Guns"): "They will roll a single die at 1, for each attacking aircraft in the
    battle. Any air that is hit immediately dies": the bomber fired at is lost with 1/6. The project
    lets the attacker take AA hits by his order of loss (docs/rules.md: "as the victim chooses
    casualties"): the bomber goes only when both dice hit, 1/36. Revised, fighter + bomber against a
    lone AA gun (never a casualty: after the AA fire the attacker wins unless both are down)."""
    req = request("revised", "dice", {"fighter": 1, "bomber": 1}, {"aa_gun": 1})
    seed = calc(req)
    assert seed["survivors"]["attacker"] == {"fighter": F(5, 6), "bomber": F(5, 6)}
    chosen = calc(req, aa_casualties="chosen")
    assert chosen["survivors"]["attacker"]["bomber"] == F(35, 36)
    assert chosen["survivors"]["attacker"]["fighter"] == F(25, 36)  # lost on any hit: 1 − 25/36
    for got in (seed, chosen):  # the number lost is the same law either way
        assert got["losses"]["attacker"] == {0: F(25, 36), 1: F(10, 36), 2: F(1, 36)}
        assert got["outcome"]["draw"] == F(1, 36)  # nobody left who counts (the AA gun does not)


def test_bombardment_casualties_fire_back_from_revised():
    """docs/rules.md §2: 1 infantry + 1 battleship against 1 infantry, amphibious, dice. The battleship hits
    at 4 (⅔). Classic: the defender is removed at once and the attacker wins; else (⅓) 1 v 1 infantry
    (¼, ⅝, ⅛): attacker ⅔ + 1/12 = 3/4, defender 5/24, draw 1/24.
    Revised: the bombarded infantry fires back in round 1 (⅓): draw ⅔·⅓ = 2/9, attacker ⅔·⅔ = 4/9;
    attacker 4/9 + 1/12 = 19/36, defender 5/24, draw 2/9 + 1/24 = 19/72."""
    classic = calc(request("classic", "dice", {"infantry": 1, "battleship": 1}, {"infantry": 1}, kind="amphibious"))
    assert (classic["outcome"]["attacker_wins"], classic["outcome"]["defender_wins"], classic["outcome"]["draw"]) \
        == (F(3, 4), F(5, 24), F(1, 24))
    revised = calc(request("revised", "dice", {"infantry": 1, "battleship": 1}, {"infantry": 1}, kind="amphibious"))
    assert (revised["outcome"]["attacker_wins"], revised["outcome"]["defender_wins"], revised["outcome"]["draw"]) \
        == (F(19, 36), F(5, 24), F(19, 72))
    assert "battleship" not in revised["survivors"]["attacker"]  # the bombarding ship is not in the army


def test_no_more_ships_bombard_than_land_units_land():
    """docs/rules.md: from Revised on, no more ships bombard than land units land, strongest first.
    Anniversary, Low Luck: 1 infantry lands with 1 battleship and 2 cruisers → only the battleship (4):
    a roll at 4 against 3 infantry. Classic-style unlimited bombardment would be 4 + 3 + 3 = 10."""
    battle = Battle(request("anniversary", "lowluck", {"infantry": 1, "battleship": 1, "cruiser": 2},
                            {"infantry": 3}, kind="amphibious"))
    pending = {pd: p for (_, _, pd), p in battle.opening().items()}
    assert pending == {(): F(1, 3), (("infantry", 1),): F(2, 3)}


def test_stalemate_and_round_limit():
    """A round limit leaves what still fights ``in_progress``: 1 v 1 infantry, one round: nobody hits
    with 5/6 · 4/6 = 20/36."""
    got = calc(request("classic", "dice", {"infantry": 1}, {"infantry": 1}, rounds=1))
    assert got["outcome"]["in_progress"] == F(20, 36)


def test_heavy_bombers():
    """docs/rules.md §5. One heavy bomber attacks one infantry for one round, dice: two dice at 4
    miss together with (⅓)² = 1/9; with LHTR the better die of two: the same 8/9 for one hit. Under Low
    Luck with LHTR three bombers add 3 × 16/3 = 16 → 2 hits and a roll at 4; without LHTR 3 × 8 = 24 → 4."""
    req = request("anniversary", "dice", {"bomber": 1}, {"infantry": 1}, rounds=1)
    req["attacker"]["tech"] = ["heavy_bombers"]
    assert calc(req)["losses"]["defender"] == {0: F(1, 9), 1: F(8, 9)}
    assert calc({**req, "lhtr": True})["losses"]["defender"] == {0: F(1, 9), 1: F(8, 9)}
    req = request("anniversary", "lowluck", {"bomber": 3}, {"infantry": 5}, rounds=1)
    req["attacker"]["tech"] = ["heavy_bombers"]
    assert calc({**req, "lhtr": True})["losses"]["defender"] == {2: F(1, 3), 3: F(2, 3)}
    assert calc(req)["losses"]["defender"] == {4: F(1)}


def test_radar_low_luck_blocks_of_three():
    """docs/rules.md §5 / docs/rules.md: Radar puts AA at 2, so Low Luck takes aircraft in blocks of 3: 7
    fighters → 2 lost for sure, the seventh adds 2 → a roll at 2."""
    req = request("revised", "lowluck", {"fighter": 7}, {"aa_gun": 1, "infantry": 1})
    req["defender"]["tech"] = ["radar"]
    battle = Battle(req)
    after = battle.aa(battle.start["attacker"], 1)
    assert after == {(("fighter", 5, 0),): F(2, 3), (("fighter", 4, 0),): F(1, 3)}


def test_odds_from_here_with_a_damaged_battleship():
    """docs/api.md ``round`` ≥ 2 and ``damaged``: a damaged battleship needs one more hit. Revised, a
    destroyer against a damaged battleship from round 2 (test_two_hit_battleship_absorbs_a_hit):
    1/5, 2/5, 2/5."""
    req = request("revised", "dice", {"destroyer": 1}, {"battleship": 1}, kind="sea", round=2)
    req["defender"]["damaged"] = {"battleship": 1}
    got = calc(req)
    assert (got["outcome"]["attacker_wins"], got["outcome"]["defender_wins"], got["outcome"]["draw"]) \
        == (F(1, 5), F(2, 5), F(2, 5))


def test_folded_subs_seed_000():
    """Seed 000 §5b's example (classic values): 4 subs, 1 battleship, 2 fighters attack 2 transports, a
    carrier and a fighter under Low Luck, one round. Subs first: 8 → 1 hit and a roll at 2 (on the ships:
    subs cannot hit aircraft); the rest 10 → 1 hit and a roll at 4. Defender losses S + M with S ∈ {1: ⅔,
    2: ⅓}, M ∈ {1: ⅓, 2: ⅔}: 2: 2/9, 3: 4/9 + 1/9 = 5/9, 4: 2/9. Folding the fourth sub: the strike
    6 → exactly 1, the main group 12 → exactly 2: 3 losses for sure (the seed's "2 hits")."""
    units = {"submarine": 4, "battleship": 1, "fighter": 2}
    req = request("classic", "lowluck", units, {"transport": 2, "carrier": 1, "fighter": 1}, kind="sea", rounds=1)
    assert calc(req)["losses"]["defender"] == {2: F(2, 9), 3: F(5, 9), 4: F(2, 9)}
    req["attacker"]["fold_subs"] = 1
    assert calc(req)["losses"]["defender"] == {3: F(1)}


# ---- the rule fixes of 2026-11-24 (issue #18), worked by hand ---------------------------------------------

@pytest.mark.parametrize("system", ["dice", "lowluck"])
def test_big_world_battleship_takes_two_hits(system):
    """Seed 002, "Battleship": "Battleships have 2 hitpoints" (docs/rules.md §1). 1 battleship (4: 2/3)
    against 1 destroyer (2: 1/3); Low Luck rolls the same (a roll at 4, a roll at 2). Damaged: attacker only
    4/9, defender only 1/9, both 2/9, nobody 2/9 → 4/7, 1/7, 2/7. Intact: his hit wins (6/9), the destroyer's
    alone damages him (1/9) → 6/7 + 1/7·4/7 = 46/49; defender 1/7·1/7 = 1/49; draw 1/7·2/7 = 2/49."""
    got = calc(request("big-world-1942", system, {"battleship": 1}, {"destroyer": 1}, kind="sea"))
    assert {k: p for k, p in got["outcome"].items() if p} == {
        "attacker_wins": F(46, 49), "defender_wins": F(1, 49), "draw": F(2, 49)}


def test_a_captured_aa_gun_is_lost_to_the_defender():
    """Seed 002 ("When a player conquers a territory containing a Factory or AA Gun, those units will be
    captured"); docs/rules.md §9. Revised, dice: 1 tank (3) against 1 infantry (2) and an AA gun (which fires
    at aircraft only): attacker only 1/2·2/3 = 1/3, defender only 1/6, both 1/6, nobody 1/3 → 1/2, 1/4,
    1/4. The gun is the attacker's when he wins (1/2); the defender keeps it after a draw or a win."""
    got = calc(request("revised", "dice", {"tank": 1}, {"infantry": 1, "aa_gun": 1}))
    assert got["losses"]["defender"] == {2: F(1, 2), 1: F(1, 4), 0: F(1, 4)}
    assert got["survivors"]["defender"] == {"infantry": F(1, 4), "aa_gun": F(1, 2)}
    assert got["cost_lost"]["defender"] == F(1, 2) * 8 + F(1, 4) * 3


def test_folded_subs_cannot_hit_a_fighter():
    """docs/rules.md §2 (subs never hit aircraft) and §4 (their main group may not either). Classic, Low
    Luck: 3 subs folded (6 → 1 sure hit) against 1 fighter (4 → a roll at 4). The subs' hits find no
    target; the fighter sinks a sub with 2/3 each round: the defender wins, the attacker loses all 3."""
    got = calc(request("classic", "lowluck", {"submarine": 3}, {"fighter": 1}, kind="sea") | {
        "attacker": {"units": {"submarine": 3}, "fold_subs": 3}})
    assert got["outcome"]["defender_wins"] == 1
    assert got["losses"]["attacker"] == {3: F(1)}


SUB_STEP = request("1942-2e", "dice", {"submarine": 1, "fighter": 1},
                   {"battleship": 1, "destroyer": 1, "submarine": 1}, kind="sea", rounds=1)


def test_sub_step_seed_reading_by_hand():
    """docs/rules.md §2 "The sub step", seed 002's reading (the default), one round of 1942-2e: 1 sub +
    1 fighter attack 1 battleship + 1 destroyer + 1 sub. X: the attacking sub hits (⅓); Y: the fighter
    (½), which cannot hit the sub (no attacking destroyer); Z: the defending sub (⅙), which strikes first
    in step 2 (no attacking destroyer) and sinks the attacking sub at once.
    Step 1 places X alone: the battleship absorbs it (two-hit units first). Y then finds the battleship
    damaged and the sub out of reach: the destroyer goes. Defender's loss: the destroyer with X·Y = ⅙,
    8 IPC × ⅙ = 4/3.
    The attacker: the battleship (⅔) and destroyer (⅓) score 0/1/2 with 2/9, 5/9, 2/9; he loses all with
    Z·7/9 + (1 − Z)·2/9 = 7/54 + 10/54 = 17/54; his sub goes with Z + (1 − Z)·7/9 = 22/27, the fighter
    with 17/54: 6·22/27 + 10·17/54 = 217/27."""
    got = calc(SUB_STEP)
    assert got["cost_lost"]["defender"] == F(4, 3)
    assert got["cost_lost"]["attacker"] == F(217, 27)
    assert got["outcome"]["defender_wins"] == F(17, 54)
    assert got["outcome"]["in_progress"] == F(37, 54)


def test_sub_step_printed_reading_by_hand():
    """The same round under the printed rule books (``sub_rule: "printed"``, docs/rules.md §2 "The sub
    step"): facing a destroyer the attacking sub fires with the fighter in step 3, so it fires only if Z
    did not sink it first (1 − Z = ⅚), and the defender places X and Y together: the battleship absorbs
    one, and the other goes on the sub ($6; only the sub's hit may take it), not the destroyer ($8).
    Defender's loss: the sub with ⅚·⅓·½ = 5/36, 6 × 5/36 = 5/6. The attacker's losses are unchanged."""
    got = calc({**SUB_STEP, "sub_rule": "printed"})
    assert got["cost_lost"]["defender"] == F(5, 6)
    assert got["cost_lost"]["attacker"] == F(217, 27)
    assert got["outcome"]["defender_wins"] == F(17, 54)


def test_the_two_sub_readings_differ():
    """Same battle, the two readings: the defender's expected loss differs (4/3 against 5/6 IPC in one
    round), and so do the ends of the whole battle."""
    seed, printed = calc(SUB_STEP), calc({**SUB_STEP, "sub_rule": "printed"})
    assert seed["cost_lost"]["defender"] - printed["cost_lost"]["defender"] == F(1, 2)
    whole = {k: v for k, v in SUB_STEP.items() if k != "rounds"}
    seed, printed = calc(whole), calc({**whole, "sub_rule": "printed"})
    assert seed["outcome"] != printed["outcome"]
