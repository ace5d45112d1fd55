"""One test (or a contrasting pair) per rule of docs/rules.md §2 and §5, through ``pycore.api.handle``.

Every battle is played with referee dice (``dice``), so each outcome is forced: :func:`play` answers the
engine's ``next_dice`` with the faces a test names (1 always hits, 6 never does) and lets the battle go on.
"""

import pytest

from pycore.engine import firing
from pycore.read.battle import read_setup
from pycore.rulesets import find_ruleset
from pycore.read.systems import read_system
from tests.core.helpers import call, changed, error, ok

HIT, MISS = 1, 6


STEP_ORDER = ("aa", "bombard", "subs", "main")
GROUP_STEP = {"aa": "aa", "bombard": "bombard", "subs": "subs", "main": "main", "air": "main"}


def _decisions_before(request, round_number, step):
    """``request`` keeping only the decisions the battle reaches before (round, step)."""
    at = (round_number, STEP_ORDER.index(step))
    return changed(request,
                   casualties=[c for c in request.get("casualties", [])
                               if (c["round"], STEP_ORDER.index(c["step"])) < at] or None,
                   submerge=[s for s in request.get("submerge", []) if s["round"] < round_number] or None)


def _paused_at(request, entries):
    """The envelope of a battle paused for dice in the last round given, asked without the decisions it
    has not reached yet: a fallback only, pycore keeps such decisions since 2a35b8e (see
    test_a_casualty_choice_ahead_of_a_dice_pause_is_kept_for_later)."""
    number = len(entries)
    for step in STEP_ORDER:
        envelope = call(changed(_decisions_before(request, number, step), dice=entries))
        if envelope["ok"]:
            needs = envelope["result"].get("next_dice") if envelope["result"].get("waiting") else None
            if needs and all((n["round"], GROUP_STEP[n["group"]]) == (number, step) for n in needs):
                return envelope
    return None


def play(request, faces=None, default=MISS):
    """The envelope of ``request`` played with referee dice.

    ``faces`` maps (round, side, group) to the list of faces rolled there; every other die shows
    ``default``. Rounds are added one by one while the battle goes on (up to ``request["rounds"]``).
    """
    faces = faces or {}
    entries = [{}]
    limit = request.get("rounds", 100)
    for _ in range(1000):
        envelope = call(changed(request, dice=entries))
        if not envelope["ok"] and (request.get("casualties") or request.get("submerge")):
            envelope = _paused_at(request, entries) or envelope
        if not envelope["ok"]:
            return envelope
        result = envelope["result"]
        waiting = result.get("waiting")
        if waiting and waiting["kind"] == "dice":
            for need in result["next_dice"]:
                key = (need["round"], need["side"], need["group"])
                entries[need["round"] - 1].setdefault(need["side"], {})[need["group"]] = \
                    list(faces.get(key, [default] * need["count"]))
            continue
        if waiting is None and result["outcome"] == "in_progress" and len(result["rounds"]) < limit:
            entries.append({})
            continue
        return envelope
    raise AssertionError("the battle never ended")


def played(request, faces=None, default=MISS):
    envelope = play(request, faces, default)
    assert envelope["ok"], envelope
    return envelope["result"]


def resolve(ruleset, kind, attacker, defender, system="dice", **extra):
    """A resolve request; ``attacker``/``defender`` are unit maps or whole side objects."""
    def side(value):
        return value if "units" in value else {"units": value}
    return {"op": "resolve", "ruleset": ruleset, "system": {"name": system}, "kind": kind,
            "attacker": side(attacker), "defender": side(defender), **extra}


def steps(result, round_number=1):
    return {s["step"]: s for s in result["rounds"][round_number - 1]["steps"]}


def fires(result, step, side, round_number=1):
    s = steps(result, round_number).get(step)
    return [f for f in s["fire"] if f["side"] == side] if s else []


def loss(result, step, victim, round_number=1):
    (found,) = [c for c in steps(result, round_number)[step]["casualties"] if c["side"] == victim]
    return found


LATER = ("revised", "anniversary", "1942-2e", "1940-2e")
ALL = ("classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942")


# -- sub strike: at once without a destroyer, end of round with one (docs/rules.md §2 steps 1–2, 5) ----------

def test_sub_strike_casualties_go_at_once_without_a_destroyer():
    """Revised: a carrier sunk by a sub's strike never fires (no destroyer with it)."""
    result = played(resolve("revised", "sea", {"submarine": 1}, {"carrier": 1}), {(1, "attacker", "subs"): [HIT]})
    assert loss(result, "subs", "defender") == {"side": "defender", "lost": {"carrier": 1}, "damaged": {},
                                                 "removed": "at once", "chosen": False}
    assert fires(result, "main", "defender") == []
    assert result["outcome"] == "attacker_wins" and result["survivors"]["attacker"] == {"submarine": 1}


def test_sub_strike_casualties_fire_back_when_the_victim_has_a_destroyer():
    """Revised: the same strike on a destroyer is removed at the end of the round; it fires first."""
    result = played(resolve("revised", "sea", {"submarine": 1}, {"destroyer": 1}),
                    {(1, "attacker", "subs"): [HIT], (1, "defender", "main"): [HIT]})
    assert loss(result, "subs", "defender")["removed"] == "end of round"
    (back,) = fires(result, "main", "defender")
    assert back["units"] == {"destroyer": 1} and back["hits"] == 1
    assert result["outcome"] == "draw"
    assert result["survivors"] == {"attacker": {}, "defender": {}}


# -- subs cannot hit aircraft -------------------------------------------------------------------------------

def test_a_sub_with_only_aircraft_to_hit_does_not_strike():
    """Classic (aircraft may hit subs there): the sub has no target, so it rolls no die (docs/rules.md §2 "A group
    with no target"; it used to roll and show a hit that took nothing); the fighter then sinks it."""
    result = played(resolve("classic", "sea", {"submarine": 1}, {"fighter": 1}), {(1, "defender", "main"): [HIT]})
    assert fires(result, "subs", "attacker") == []
    assert result["outcome"] == "defender_wins" and result["survivors"]["defender"] == {"fighter": 1}


def test_aircraft_with_only_subs_to_hit_do_not_roll():
    """Issue 29's log, 1942-2e dice at sea, seed "s2": 2 subs sink the transport at once, which leaves the
    fighter (no destroyer: it cannot hit subs) nothing to hit. It rolled a die and showed "1 hit" that took
    nothing; now its group does not fire, and the battle is a stalemate."""
    result = ok(resolve("1942-2e", "sea", {"submarine": 2}, {"fighter": 1, "transport": 1}, seed="s2"))
    (first,) = result["rounds"]
    assert [(s["step"], [f["group"] for f in s["fire"]]) for s in first["steps"]] == [("subs", ["subs"]), ("main", [])]
    assert first["defender"]["dice"] == [] and first["defender"]["hits"] == 0
    assert first["steps"][0]["casualties"][0]["lost"] == {"transport": 1}
    assert result["outcome"] == "stalemate"
    assert "aircraft" not in result["report"]["text"].split("Round 1", 1)[1]


def test_a_chosen_casualty_putting_a_sub_hit_on_a_fighter_is_refused():
    request = resolve("classic", "sea", {"submarine": 1}, {"fighter": 1, "transport": 1}, rounds=1,
                      casualties=[{"round": 1, "step": "subs", "side": "defender", "lost": {"fighter": 1}}])
    envelope = play(request, {(1, "attacker", "subs"): [HIT]})
    assert not envelope["ok"]
    assert envelope["error"]["field"] == "casualties[0].lost.fighter"
    assert "submarines cannot hit aircraft" in envelope["error"]["message"]
    # The legal choice (the transport) is accepted and marked as chosen.
    request["casualties"][0]["lost"] = {"transport": 1}
    result = played(request, {(1, "attacker", "subs"): [HIT]})
    assert loss(result, "subs", "defender")["lost"] == {"transport": 1}
    assert loss(result, "subs", "defender")["chosen"] is True


# -- aircraft against subs ----------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", LATER)
def test_aircraft_cannot_hit_subs_without_a_friendly_destroyer(ruleset):
    result = played(resolve(ruleset, "sea", {"fighter": 2}, {"submarine": 1, "carrier": 1}, rounds=1))
    (air,) = fires(result, "main", "attacker")
    assert air["group"] == "air" and "submarine" not in air["targets"] and "carrier" in air["targets"]


@pytest.mark.parametrize("ruleset", LATER)
def test_aircraft_hit_subs_with_a_friendly_destroyer(ruleset):
    result = played(resolve(ruleset, "sea", {"fighter": 2, "destroyer": 1}, {"submarine": 1, "carrier": 1}, rounds=1))
    (main,) = fires(result, "main", "attacker")
    assert main["group"] == "main" and "submarine" in main["targets"]
    assert main["units"] == {"fighter": 2, "destroyer": 1}


def test_a_hit_of_blind_aircraft_on_a_lone_sub_is_wasted():
    """Revised: one fighter and one destroyer's worth of hits... the aircraft's hit cannot fall on the sub."""
    result = played(resolve("revised", "sea", {"fighter": 1}, {"submarine": 1, "transport": 1}, rounds=1),
                    {(1, "attacker", "air"): [HIT]})
    assert loss(result, "main", "defender")["lost"] == {"transport": 1}
    assert result["rounds"][0]["after"]["defender"] == {"submarine": 1}


@pytest.mark.parametrize("ruleset", ("classic", "big-world-1942"))
def test_aircraft_hit_subs_where_no_destroyer_is_needed(ruleset):
    result = played(resolve(ruleset, "sea", {"fighter": 1}, {"submarine": 1}),
                    {(1, "attacker", "main"): [HIT]})
    (main,) = fires(result, "main", "attacker")
    assert main["group"] == "main" and main["targets"] == ["submarine"]
    assert result["outcome"] == "attacker_wins"


# -- two-hit units ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ("revised", "big-world-1942"))
def test_a_battleship_absorbs_a_hit_and_is_repaired_after_the_battle(ruleset):
    """Revised battleship (2 hits), and Big World's (seed 002, "Battleship": "Battleships have 2 hitpoints. If
    damaged in battle but still alive after the battle ends, all battleships will repair to full health"):
    damaged in round 1, wins in round 2, listed in ``repaired`` (docs/rules.md §1, §2)."""
    result = played(resolve(ruleset, "sea", {"battleship": 1}, {"carrier": 1}),
                    {(1, "defender", "main"): [HIT], (2, "attacker", "main"): [HIT]})
    r1, r2 = result["rounds"]
    assert loss(result, "main", "attacker") ["lost"] == {}
    assert loss(result, "main", "attacker")["damaged"] == {"battleship": 1}
    assert r1["damaged"] == {"attacker": {"battleship": 1}} and r1["after"]["attacker"] == {"battleship": 1}
    assert result["outcome"] == "attacker_wins"
    assert result["repaired"] == {"attacker": {"battleship": 1}}


@pytest.mark.parametrize("ruleset", ("revised", "big-world-1942"))
def test_a_second_hit_sinks_a_damaged_battleship(ruleset):
    result = played(resolve(ruleset, "sea", {"battleship": 1}, {"carrier": 1}),
                    {(1, "defender", "main"): [HIT], (2, "defender", "main"): [HIT]})
    assert loss(result, "main", "attacker", 2)["lost"] == {"battleship": 1}
    assert result["outcome"] == "defender_wins" and "repaired" not in result


@pytest.mark.parametrize("ruleset", ("revised", "big-world-1942"))
def test_two_hits_in_one_round_sink_a_battleship(ruleset):
    result = played(resolve(ruleset, "sea", {"battleship": 1}, {"carrier": 2}),
                    {(1, "defender", "main"): [HIT, HIT]})
    assert loss(result, "main", "attacker")["lost"] == {"battleship": 1}
    assert result["outcome"] == "defender_wins"


def test_a_one_hit_battleship_in_classic_is_sunk_by_one_hit():
    result = played(resolve("classic", "sea", {"battleship": 1}, {"carrier": 1}), {(1, "defender", "main"): [HIT]})
    assert loss(result, "main", "attacker")["lost"] == {"battleship": 1}


# -- AA guns ------------------------------------------------------------------------------------------------

def _aa_dice(result):
    return [d for f in fires(result, "aa", "defender") for d in f["dice"]]


@pytest.mark.parametrize("ruleset", ("classic", "revised", "big-world-1942"))
def test_aa_fires_once_at_every_aircraft_in_early_rulesets(ruleset):
    result = played(resolve(ruleset, "land", {"fighter": 5}, {"infantry": 1, "aa_gun": 1}, rounds=1))
    assert [d["at"] for d in _aa_dice(result)] == [1] * 5


@pytest.mark.parametrize("ruleset", ("anniversary", "1942-2e", "1940-2e"))
def test_aa_fires_at_most_3_aircraft_per_gun_from_anniversary_on(ruleset):
    result = played(resolve(ruleset, "land", {"fighter": 5}, {"infantry": 1, "aa_gun": 1}, rounds=1))
    assert [d["at"] for d in _aa_dice(result)] == [1] * 3
    result = played(resolve(ruleset, "land", {"fighter": 5}, {"infantry": 1, "aa_gun": 2}, rounds=1))
    assert [d["at"] for d in _aa_dice(result)] == [1] * 5


def test_aa_hits_remove_aircraft_before_they_fire():
    result = played(resolve("classic", "land", {"fighter": 2, "infantry": 1}, {"infantry": 1, "aa_gun": 1},
                            rounds=1), {(1, "defender", "aa"): [HIT, MISS]})
    assert loss(result, "aa", "attacker") == {"side": "attacker", "lost": {"fighter": 1}, "damaged": {},
                                              "removed": "at once", "chosen": False}
    (main,) = fires(result, "main", "attacker")
    assert main["units"] == {"infantry": 1, "fighter": 1}


def test_low_luck_aa_takes_a_full_block_of_six_of_one_type_for_certain():
    """docs/rules.md §4.1: 6 bombers are a block, one of them lost for certain; the lone fighter is the
    pooled rest, a roll at 1 (here a 6: missed). Pooled, 7 → 1 sure hit would take the cheaper fighter."""
    request = resolve("revised", "land", {"bomber": 6, "fighter": 1}, {"infantry": 1, "aa_gun": 1},
                      system="lowluck", rounds=1)
    result = played(request)
    aa = fires(result, "aa", "defender")
    assert sorted((f["targets"], f["sure_hits"]) for f in aa) == [(["bomber"], 1), (["fighter"], 0)]
    assert loss(result, "aa", "attacker")["lost"] == {"bomber": 1}


def test_radar_aa_fires_at_2():
    request = resolve("revised", "land", {"fighter": 2}, {"units": {"infantry": 1, "aa_gun": 1}, "tech": ["radar"]},
                      rounds=1)
    result = played(request, {(1, "defender", "aa"): [2, 3]})
    assert [(d["at"], d["hit"]) for d in _aa_dice(result)] == [(2, True), (2, False)]


@pytest.mark.parametrize("ruleset", ("1942-2e", "1940-2e"))
def test_an_aa_gun_is_a_casualty_in_1942_2e_and_1940_2e(ruleset):
    result = played(resolve(ruleset, "land", {"infantry": 2}, {"infantry": 1, "aa_gun": 1}),
                    {(1, "attacker", "main"): [HIT, HIT]})
    (main,) = fires(result, "main", "attacker")
    assert "aa_gun" in main["targets"]
    assert loss(result, "main", "defender")["lost"] == {"infantry": 1, "aa_gun": 1}
    assert result["outcome"] == "attacker_wins" and "captured" not in result


@pytest.mark.parametrize("ruleset", ("classic", "revised", "anniversary", "big-world-1942"))
def test_an_aa_gun_is_captured_in_the_earlier_rulesets(ruleset):
    result = played(resolve(ruleset, "land", {"infantry": 2}, {"infantry": 1, "aa_gun": 1}),
                    {(1, "attacker", "main"): [HIT, HIT]})
    (main,) = fires(result, "main", "attacker")
    assert main["targets"] == ["infantry"]
    assert loss(result, "main", "defender")["lost"] == {"infantry": 1}
    assert result["outcome"] == "attacker_wins" and result["takes_territory"]
    assert result["captured"] == {"aa_gun": 1}


# -- shore bombardment ------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ("classic", "big-world-1942"))
def test_bombardment_casualties_go_at_once_in_classic_and_big_world(ruleset):
    result = played(resolve(ruleset, "amphibious", {"infantry": 1, "battleship": 2}, {"infantry": 2}, rounds=1),
                    {(1, "attacker", "bombard"): [HIT, MISS]})
    (bombard,) = fires(result, "bombard", "attacker")
    assert bombard["units"] == {"battleship": 2} and [d["at"] for d in bombard["dice"]] == [4, 4]
    assert loss(result, "bombard", "defender")["removed"] == "at once"
    (back,) = fires(result, "main", "defender")
    assert back["units"] == {"infantry": 1}


@pytest.mark.parametrize("ruleset", LATER)
def test_bombardment_casualties_fire_back_once_in_later_editions(ruleset):
    result = played(resolve(ruleset, "amphibious", {"infantry": 1, "battleship": 1}, {"infantry": 2}, rounds=1),
                    {(1, "attacker", "bombard"): [HIT], (1, "defender", "main"): [HIT, MISS]})
    assert loss(result, "bombard", "defender") == {"side": "defender", "lost": {"infantry": 1}, "damaged": {},
                                                   "removed": "end of round", "chosen": False}
    (back,) = fires(result, "main", "defender")
    assert back["units"] == {"infantry": 2} and back["hits"] == 1
    (main,) = fires(result, "main", "attacker")
    assert main["targets"] == ["infantry"]
    assert result["rounds"][0]["after"] == {"attacker": {}, "defender": {"infantry": 1}}


@pytest.mark.parametrize("ruleset", LATER)
def test_bombardment_casualties_fire_back_even_when_the_bombardment_takes_every_defender(ruleset):
    result = played(resolve(ruleset, "amphibious", {"infantry": 1, "battleship": 1}, {"infantry": 1}),
                    {(1, "attacker", "bombard"): [HIT], (1, "defender", "main"): [HIT]})
    assert loss(result, "bombard", "defender")["removed"] == "end of round"
    (back,) = fires(result, "main", "defender")
    assert back["units"] == {"infantry": 1} and back["hits"] == 1
    assert result["outcome"] == "draw"


@pytest.mark.parametrize("ruleset", LATER)
def test_bombardment_is_limited_to_the_landing_units_in_later_editions(ruleset):
    result = played(resolve(ruleset, "amphibious", {"infantry": 1, "battleship": 2}, {"infantry": 3}, rounds=1))
    (bombard,) = fires(result, "bombard", "attacker")
    assert bombard["units"] == {"battleship": 1} and len(bombard["dice"]) == 1


def test_bombardment_is_not_limited_in_classic():
    result = played(resolve("classic", "amphibious", {"infantry": 1, "battleship": 3}, {"infantry": 3}, rounds=1))
    (bombard,) = fires(result, "bombard", "attacker")
    assert len(bombard["dice"]) == 3


def test_bombarding_ships_fire_only_once():
    result = played(resolve("classic", "amphibious", {"infantry": 1, "battleship": 1}, {"infantry": 2}, rounds=2))
    assert "bombard" not in steps(result, 2)
    for r in (1, 2):
        (main,) = fires(result, "main", "attacker", r)
        assert main["units"] == {"infantry": 1}


def test_cruisers_bombard_from_anniversary_on():
    result = played(resolve("anniversary", "amphibious", {"infantry": 2, "cruiser": 1}, {"infantry": 2}, rounds=1))
    (bombard,) = fires(result, "bombard", "attacker")
    assert bombard["units"] == {"cruiser": 1} and [d["at"] for d in bombard["dice"]] == [3]
    envelope = call(resolve("revised", "amphibious", {"infantry": 1, "destroyer": 1}, {"infantry": 1}, seed="s"))
    assert not envelope["ok"] and envelope["error"]["field"] == "attacker.units.destroyer"


# -- transports ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset", ("anniversary", "1942-2e", "1940-2e"))
def test_defenseless_transports_are_taken_last_and_lost_when_alone(ruleset):
    result = played(resolve(ruleset, "sea", {"destroyer": 1},
                            {"units": {"transport": 1, "destroyer": 1}, "order_of_loss": ["transport", "destroyer"]}),
                    {(1, "attacker", "main"): [HIT]})
    (r1,) = result["rounds"]
    assert loss(result, "main", "defender")["lost"] == {"destroyer": 1}
    assert r1["transports_lost"] == {"defender": {"transport": 1}}
    assert r1["after"]["defender"] == {}
    assert result["outcome"] == "attacker_wins"


def test_a_lonely_transport_is_lost_to_heavy_bombers_keeping_the_better_of_two_dice():
    """docs/rules.md §2 Transports: left alone against an enemy that can still fire at them, defenseless
    transports are lost at the end of the round. Heavy Bombers under LHTR keep the better of two dice
    (docs/rules.md §5): they can fire at the transport, though they roll no single die. (The engine once
    read only single dice here, so the transport stayed and the bomber rolled at it round after round; a
    wider random comparison with the referee found it through the expected number of rounds.)"""
    attacker = {"units": {"bomber": 1}, "tech": ["heavy_bombers"]}
    defender = {"units": {"transport": 1, "destroyer": 1}, "order_of_loss": ["transport", "destroyer"]}
    result = played(resolve("1940-2e", "sea", attacker, defender, lhtr=True), {(1, "attacker", "main"): [HIT, MISS]})
    (r1,) = result["rounds"]
    assert loss(result, "main", "defender")["lost"] == {"destroyer": 1}
    assert r1["transports_lost"] == {"defender": {"transport": 1}}
    assert result["outcome"] == "attacker_wins"


@pytest.mark.parametrize("ruleset", ("anniversary", "1942-2e", "1940-2e"))
def test_choosing_a_defenseless_transport_first_is_refused(ruleset):
    request = resolve(ruleset, "sea", {"destroyer": 1}, {"transport": 1, "destroyer": 1},
                      casualties=[{"round": 1, "step": "main", "side": "defender", "lost": {"transport": 1}}])
    envelope = play(request, {(1, "attacker", "main"): [HIT]})
    assert not envelope["ok"] and envelope["error"]["field"] == "casualties[0].lost.transport"
    assert "last" in envelope["error"]["message"]


@pytest.mark.parametrize("ruleset", ("classic", "revised", "big-world-1942"))
def test_transports_are_ordinary_casualties_in_early_rulesets(ruleset):
    """A transport (defence 1 here) may go first when the order of loss says so, and is not lost alone."""
    request = resolve(ruleset, "sea", {"battleship": 1},
                      {"units": {"transport": 1, "carrier": 1}, "order_of_loss": ["carrier", "transport"]}, rounds=1)
    result = played(request, {(1, "attacker", "main"): [HIT]})
    (r1,) = result["rounds"]
    assert loss(result, "main", "defender")["lost"] == {"carrier": 1}
    assert "transports_lost" not in r1 and r1["after"]["defender"] == {"transport": 1}
    (back,) = fires(result, "main", "defender")
    assert back["units"] == {"transport": 1, "carrier": 1}
    request["defender"]["order_of_loss"] = ["transport", "carrier"]
    result = played(request, {(1, "attacker", "main"): [HIT]})
    assert loss(result, "main", "defender")["lost"] == {"transport": 1}


def test_cargo_is_lost_with_its_transport():
    request = resolve("revised", "sea", {"battleship": 1},
                      {"units": {"transport": 1}, "cargo": {"infantry": 1, "tank": 1}})
    result = played(request, {(1, "attacker", "main"): [HIT]})
    assert result["outcome"] == "attacker_wins"
    assert result["cargo_lost"] == {"defender": {"infantry": 1, "tank": 1}}
    (back,) = fires(result, "main", "defender")
    assert back["units"] == {"transport": 1}  # the cargo takes no part


# Seed 002, "Transport": "They can carry 1 infantry unit plus 1 more land unit of any kind (e.g. 2 infantry
# units, or 1 infantry and 1 artillery / armour / AA Gun" (docs/rules.md §2, cargo).

@pytest.mark.parametrize("cargo", ({"infantry": 2}, {"infantry": 1, "tank": 1}, {"tank": 1},
                                   {"infantry": 1, "aa_gun": 1}, {"infantry": 2, "tank": 1, "artillery": 1}))
def test_a_transport_carries_one_infantry_plus_one_other_land_unit(cargo):
    transports = 1 if sum(cargo.values()) <= 2 else 2
    result = ok(resolve("revised", "sea", {"battleship": 1}, {"units": {"transport": transports}, "cargo": cargo},
                        seed="s", rounds=1))
    assert result["rounds"][0]["steps"][0]["fire"][1]["units"] == {"transport": transports}  # the cargo sits out


@pytest.mark.parametrize("cargo, transports, field, words", [
    ({"tank": 2}, 1, "defender.cargo.tank", "one infantry plus one other land unit, so 2 tanks need 2 transports, "
                                            "the defender has 1"),
    ({"artillery": 1, "tank": 1}, 1, "defender.cargo.tank", "1 artillery and 1 tank need 2 transports"),
    ({"tank": 2, "aa_gun": 1, "infantry": 1}, 2, "defender.cargo.tank", "2 tanks and 1 AA gun need 3 transports, "
                                                                       "the defender has 2"),
])
def test_two_land_units_that_are_not_infantry_need_two_transports(cargo, transports, field, words):
    envelope = call(resolve("revised", "sea", {"battleship": 1}, {"units": {"transport": transports}, "cargo": cargo},
                            seed="s"))
    assert not envelope["ok"] and envelope["error"]["field"] == field
    assert words in envelope["error"]["message"]


def test_cargo_beyond_the_surviving_transports_room_goes_down_non_infantry_first():
    """2 transports carry 2 tanks and 2 infantry; one is sunk. The one left carries one infantry plus one other
    land unit: a tank goes down, and an infantry (the cheapest, by the order of loss) — 2 lost, not the 2
    infantry that "two units per transport" alone would take (docs/rules.md §2, cargo)."""
    request = resolve("revised", "sea", {"battleship": 1},
                      {"units": {"transport": 2}, "cargo": {"infantry": 2, "tank": 2}}, rounds=1)
    result = played(request, {(1, "attacker", "main"): [HIT]})
    assert result["rounds"][0]["after"]["defender"] == {"transport": 1}
    assert result["outcome"] == "in_progress"
    request = resolve("revised", "sea", {"units": {"battleship": 1}, "order_of_loss": ["battleship"]},
                      {"units": {"transport": 2}, "cargo": {"infantry": 2, "tank": 2}}, choices=["retreat"])
    result = played(request, {(1, "attacker", "main"): [HIT]})
    assert result["outcome"] == "retreat"
    assert result["cargo_lost"] == {"defender": {"infantry": 1, "tank": 1}}


def test_cargo_survives_with_its_transport():
    request = resolve("revised", "sea", {"units": {"transport": 1, "battleship": 1}, "cargo": {"infantry": 2}},
                      {"transport": 1})
    result = played(request, {(1, "attacker", "main"): [HIT]})
    assert result["outcome"] == "attacker_wins"
    assert result.get("cargo_lost", {}).get("attacker", {}) == {}


# -- retreat, submerge, stalemate, territory ----------------------------------------------------------------

def test_amphibious_land_units_cannot_retreat():
    request = resolve("classic", "amphibious", {"infantry": 2}, {"infantry": 2}, choices=["retreat"])
    envelope = play(request)
    assert not envelope["ok"] and envelope["error"]["field"] == "choices[0]"
    assert "cannot retreat" in envelope["error"]["message"]


def test_amphibious_air_retreats_and_the_land_units_fight_on():
    request = resolve("classic", "amphibious", {"infantry": 2, "fighter": 1}, {"infantry": 2},
                      choices=["retreat"], rounds=2)
    result = played(request)
    r1, r2 = result["rounds"]
    assert r1["retreated"] == {"fighter": 1} and r1["choice"] == "retreat"
    assert r1["after"]["attacker"] == {"infantry": 2}
    (main,) = fires(result, "main", "attacker", 2)
    assert main["units"] == {"infantry": 2}
    assert result["survivors"]["attacker"] == {"infantry": 2, "fighter": 1}


def test_the_result_says_who_may_retreat_before_the_attacker_chooses():
    """Issue 29: in an amphibious assault only the aircraft may leave, but the page's Retreat did not say so and,
    once they had left, stayed on screen and failed. ``may_retreat`` is the engine's step 7 answer: the aircraft
    alone, then nobody; everyone in a land battle; nothing once the battle is over."""
    amphibious = resolve("classic", "amphibious", {"infantry": 2, "fighter": 1}, {"infantry": 2}, rounds=1)
    assert played(amphibious)["may_retreat"] == {"fighter": 1}
    after = played({**amphibious, "rounds": 2, "choices": ["retreat"]})
    assert after["outcome"] == "in_progress" and "may_retreat" not in after
    land = played(resolve("classic", "land", {"infantry": 2, "fighter": 1}, {"infantry": 2}, rounds=1))
    assert land["may_retreat"] == {"infantry": 2, "fighter": 1}
    only_land = played(resolve("classic", "amphibious", {"infantry": 2}, {"infantry": 2}, rounds=1))
    assert "may_retreat" not in only_land
    over = played(resolve("classic", "land", {"infantry": 2}, {"infantry": 1}), {(1, "attacker", "main"): [1, 1]})
    assert over["outcome"] == "attacker_wins" and "may_retreat" not in over


def test_a_land_attacker_retreats_whole():
    result = played(resolve("classic", "land", {"infantry": 2, "fighter": 1}, {"infantry": 2}, choices=["retreat"]))
    assert result["outcome"] == "retreat"
    assert result["rounds"][0]["retreated"] == {"infantry": 2, "fighter": 1}


def test_subs_submerge_without_an_enemy_destroyer():
    request = resolve("revised", "sea", {"battleship": 1}, {"submarine": 1, "transport": 1}, rounds=1,
                      submerge=[{"round": 1, "side": "defender"}])
    result = played(request, {(1, "attacker", "main"): [MISS]})
    (r1,) = result["rounds"][:1]
    assert r1["submerged"] == {"defender": {"submarine": 1}}
    assert r1["after"]["defender"] == {"transport": 1}
    assert result["survivors"]["defender"].get("submarine") == 1
    assert result["away"]["defender"] == {"submarine": 1}


def test_subs_cannot_submerge_with_an_enemy_destroyer():
    request = resolve("revised", "sea", {"destroyer": 1}, {"submarine": 1, "transport": 1},
                      submerge=[{"round": 1, "side": "defender"}])
    envelope = play(request)
    assert not envelope["ok"] and envelope["error"]["field"] == "submerge"
    assert "destroyer" in envelope["error"]["message"]


@pytest.mark.parametrize("ruleset", LATER)
def test_aircraft_against_a_lone_sub_is_a_stalemate(ruleset):
    result = ok(resolve(ruleset, "sea", {"fighter": 2, "bomber": 1}, {"submarine": 1}, seed="stalemate"))
    assert result["outcome"] == "stalemate" and result["rounds"] == []
    assert result["survivors"] == {"attacker": {"fighter": 2, "bomber": 1}, "defender": {"submarine": 1}}


def test_a_stalemate_reached_in_a_later_round():
    """Revised: a destroyer escorts the fighter; once it is sunk, the fighter cannot hit the sub."""
    result = played(resolve("revised", "sea", {"fighter": 1, "destroyer": 1}, {"submarine": 1, "transport": 1}),
                    {(1, "defender", "subs"): [HIT], (1, "attacker", "main"): [HIT, MISS]})
    assert loss(result, "subs", "attacker")["lost"] == {"destroyer": 1}
    assert result["outcome"] == "stalemate"
    assert result["survivors"] == {"attacker": {"fighter": 1}, "defender": {"submarine": 1}}


def test_a_stalemate_in_referee_mode():
    envelope = call(resolve("revised", "sea", {"fighter": 1}, {"submarine": 1}, dice=[{}]))
    assert envelope["ok"], envelope
    assert envelope["result"]["outcome"] == "stalemate"


def test_a_casualty_choice_ahead_of_a_dice_pause_is_kept_for_later():
    request = resolve("classic", "sea", {"submarine": 1}, {"fighter": 1, "transport": 1}, dice=[{}],
                      casualties=[{"round": 1, "step": "subs", "side": "defender", "lost": {"transport": 1}}])
    envelope = call(request)
    assert envelope["ok"], envelope
    assert envelope["result"]["waiting"]["kind"] == "dice"


def test_a_submerge_decision_ahead_of_a_dice_pause_is_kept_for_later():
    request = resolve("revised", "sea", {"battleship": 1}, {"submarine": 1, "transport": 1}, dice=[{}],
                      submerge=[{"round": 1, "side": "defender"}])
    envelope = call(request)
    assert envelope["ok"], envelope
    assert envelope["result"]["waiting"]["kind"] == "dice"


def test_a_territory_is_taken_only_with_a_land_unit():
    result = played(resolve("classic", "land", {"fighter": 1}, {"infantry": 1}), {(1, "attacker", "main"): [HIT]})
    assert result["outcome"] == "attacker_wins" and result["takes_territory"] is False
    result = played(resolve("classic", "land", {"fighter": 1, "infantry": 1}, {"infantry": 1}),
                    {(1, "attacker", "main"): [HIT, MISS]})
    assert result["outcome"] == "attacker_wins" and result["takes_territory"] is True


def test_a_sea_battle_takes_no_territory():
    result = played(resolve("classic", "sea", {"battleship": 1}, {"transport": 1}), {(1, "attacker", "main"): [HIT]})
    assert result["outcome"] == "attacker_wins" and result["takes_territory"] is False


# -- technology (docs/rules.md §5) -------------------------------------------------------------------------------

def test_jet_power_fighters_defend_at_5():
    request = resolve("revised", "land", {"infantry": 1}, {"units": {"fighter": 1}, "tech": ["jet_power"]}, rounds=1)
    result = played(request, {(1, "defender", "main"): [5]})
    (back,) = fires(result, "main", "defender")
    assert back["dice"] == [{"at": 5, "value": 5, "hit": True}]


def test_super_subs_attack_at_3():
    request = resolve("revised", "sea", {"units": {"submarine": 2}, "tech": ["super_subs"]}, {"carrier": 1}, rounds=1)
    result = played(request, {(1, "attacker", "subs"): [3, 4]})
    (strike,) = fires(result, "subs", "attacker")
    assert [(d["at"], d["hit"]) for d in strike["dice"]] == [(3, True), (3, False)]


def test_heavy_bombers_roll_two_dice_each():
    request = resolve("revised", "land", {"units": {"bomber": 2}, "tech": ["heavy_bombers"]}, {"infantry": 4}, rounds=1)
    result = played(request, {(1, "attacker", "main"): [HIT, HIT, MISS, HIT]})
    (main,) = fires(result, "main", "attacker")
    assert main["units"] == {"bomber": 2}
    assert [d["at"] for d in main["dice"]] == [4] * 4 and main["hits"] == 3
    assert loss(result, "main", "defender")["lost"] == {"infantry": 3}


def test_heavy_bombers_under_lhtr_keep_the_better_of_two_dice():
    request = resolve("revised", "land", {"units": {"bomber": 2}, "tech": ["heavy_bombers"]}, {"infantry": 4},
                      lhtr=True, rounds=1)
    result = played(request, {(1, "attacker", "main"): [6, 3, 5, 6]})
    (main,) = fires(result, "main", "attacker")
    assert main["dice"] == [{"at": 4, "value": 3, "hit": True, "best_of": [6, 3]},
                            {"at": 4, "value": 5, "hit": False, "best_of": [5, 6]}]
    assert main["hits"] == 1


def test_heavy_bombers_under_low_luck_and_lhtr_add_the_mean_of_the_better_die():
    """docs/rules.md §5 / pycore.systems.lowluck: 6 × (1 − (2/6)²) = 16/3 per bomber at 4; 3 bombers → 16."""
    request = resolve("revised", "land", {"units": {"bomber": 3}, "tech": ["heavy_bombers"]}, {"infantry": 4},
                      system="lowluck", lhtr=True, rounds=1)
    result = played(request)
    (main,) = fires(result, "main", "attacker")
    assert (main["power"], main["sure_hits"], main["remainder"]) == (16, 2, 4)


def test_advanced_artillery_supports_two_infantry():
    setup = read_setup({"attacker": {"units": {"infantry": 3, "artillery": 1}, "tech": ["advanced_artillery"]},
                         "defender": {"units": {"infantry": 1}}},
                        find_ruleset("revised"), read_system({"name": "dice"}))
    from pycore.engine.army import Army
    values = firing.unit_values(setup, "attacker", Army(setup.attacker.units))
    assert sorted(v for u, v, _ in values if u == "infantry") == [1, 2, 2]
    plain = read_setup({"attacker": {"units": {"infantry": 3, "artillery": 1}},
                         "defender": {"units": {"infantry": 1}}},
                        find_ruleset("revised"), read_system({"name": "dice"}))
    values = firing.unit_values(plain, "attacker", Army(plain.attacker.units))
    assert sorted(v for u, v, _ in values if u == "infantry") == [1, 1, 2]


def test_advanced_artillery_through_the_api():
    request = resolve("revised", "land", {"units": {"infantry": 2, "artillery": 1}, "tech": ["advanced_artillery"]},
                      {"infantry": 3}, rounds=1)
    (main,) = fires(played(request), "main", "attacker")
    assert sorted(d["at"] for d in main["dice"]) == [2, 2, 2]


# -- bad input names the field ------------------------------------------------------------------------------

@pytest.mark.parametrize("request_, field, words", [
    (resolve("revised", "sea", {"infantry": 1}, {"destroyer": 1}, seed="s"), "attacker.units.infantry", "at sea"),
    (resolve("revised", "land", {"battleship": 1}, {"infantry": 1}, seed="s"), "attacker.units.battleship", "land"),
    (resolve("revised", "land", {"aa_gun": 1, "infantry": 1}, {"infantry": 1}, seed="s"), "attacker.units.aa_gun",
     "AA gun"),
    (resolve("classic", "sea", {"units": {"submarine": 2}, "fold_subs": 1}, {"transport": 1}, seed="s"),
     "attacker.fold_subs", "Low Luck"),
    (resolve("classic", "land", {"units": {"infantry": 1}, "tech": ["rockets"]}, {"infantry": 1}, seed="s"),
     "attacker.tech[0]", "rockets"),
    (resolve("revised", "land", {"infantry": 1}, {"units": {"infantry": 1}, "tech": ["warp_drive"]}, seed="s"),
     "defender.tech[0]", "warp_drive"),
    (resolve("classic", "land", {"infantry": 1}, {"destroyer": 1}, seed="s"), "defender.units.destroyer",
     "destroyer"),
    (resolve("classic", "sea", {"battleship": 1}, {"aa_gun": 1, "transport": 1}, seed="s"), "defender.units.aa_gun",
     "sea"),
    (resolve("classic", "amphibious", {"infantry": 1}, {"carrier": 1}, seed="s"), "defender.units.carrier",
     "Carrier"),
    (resolve("classic", "air", {"infantry": 1}, {"infantry": 1}, seed="s"), "kind", "air"),
    (resolve("lowluck-classic", "land", {"infantry": 1}, {"infantry": 1}, seed="s"), "ruleset", "lowluck-classic"),
])
def test_bad_input_names_the_field(request_, field, words):
    err = error(request_)
    assert err["field"] == field, err
    assert words.lower() in err["message"].lower(), err


def test_folded_subs_never_hit_aircraft():
    """docs/rules.md §2: subs never hit aircraft; §4 "Folding subs": the main group they are folded into may
    not either (one pooled roll, one set of targets). Classic, Low Luck: 3 subs folded = 6 → 1 sure hit,
    which no unit of a lone fighter may take — before the fix the fighter was sunk. With nothing it may hit,
    the group does not fire at all (§2 "A group with no target"; it used to show that wasted hit)."""
    result = played(resolve("classic", "sea", {"units": {"submarine": 3}, "fold_subs": 3}, {"fighter": 1},
                            system="lowluck", rounds=1))
    assert fires(result, "main", "attacker") == []
    assert result["rounds"][0]["after"]["defender"] == {"fighter": 1}


def test_seed_000_folding_example_keeps_its_numbers_and_spares_the_fighter():
    """Seed 000 §5b: 4 subs, 1 battleship, 2 fighters attack 2 transports, 1 carrier, 1 fighter (Classic). 3
    subs strike first (6 → 1 hit), the 4th lifts the rest from 10 to 12 → 2 hits. The 3 hits fall on the
    three ships; the fighter, which no sub may hit, is left (docs/rules.md §4)."""
    request = resolve("classic", "sea", {"units": {"submarine": 4, "battleship": 1, "fighter": 2}, "fold_subs": 1},
                      {"transport": 2, "carrier": 1, "fighter": 1}, system="lowluck", rounds=1)
    result = played(request)
    (strike,) = fires(result, "subs", "attacker")
    (main,) = fires(result, "main", "attacker")
    assert (strike["power"], strike["hits"]) == (6, 1)
    assert (main["power"], main["hits"]) == (12, 2)
    assert "fighter" not in main["targets"]
    assert result["rounds"][0]["after"]["defender"] == {"fighter": 1}


def test_rockets_are_refused_as_a_battle_tech_with_the_reason():
    """Seed 002, "Rockets": an AA gun's rocket strikes a factory at the end of the combat move — no battle
    (docs/rules.md §5, decision: refused with the reason, not silently ignored)."""
    envelope = call(resolve("big-world-1942", "land", {"units": {"infantry": 1}, "tech": ["rockets"]},
                            {"infantry": 1}, seed="s"))
    assert not envelope["ok"] and envelope["error"]["field"] == "attacker.tech[0]"
    assert "Rockets change no battle" in envelope["error"]["message"]
    envelope = call({"op": "calc", "ruleset": "revised", "system": {"name": "lowluck"},
                     "attacker": {"units": {"infantry": 1}}, "defender": {"units": {"infantry": 1, "aa_gun": 1},
                                                                          "tech": ["rockets"]}})
    assert not envelope["ok"] and envelope["error"]["field"] == "defender.tech[0]"


@pytest.mark.parametrize("system", ("dice", "lowluck"))
def test_more_than_one_rocket_on_a_factory_is_refused_with_the_reason(system):
    """Rockets under dice and Low Luck are scored (tests/core/test_rockets.py); a second rocket on the same
    factory is refused, naming seed 002's rule (docs/rules.md §5 "Rockets")."""
    request = {"op": "bombing", "system": system, "bombers": 1, "rockets": 2, "seed": "s"}
    if system == "dice":
        request["ruleset"] = "big-world-1942"
    envelope = call(request)
    assert not envelope["ok"] and envelope["error"]["field"] == "rockets"
    assert "only one rocket" in envelope["error"]["message"]


def test_fold_subs_by_the_defender_is_refused():
    err = error(resolve("classic", "sea", {"battleship": 1}, {"units": {"submarine": 2}, "fold_subs": 1},
                        system="lowluck", seed="s"))
    assert err["field"] == "defender.fold_subs"


def test_folding_more_subs_than_there_are_is_refused():
    err = error(resolve("classic", "sea", {"units": {"submarine": 2}, "fold_subs": 3}, {"transport": 1},
                        system="lowluck", seed="s"))
    assert err["field"] == "attacker.fold_subs" and "3" in err["message"]


def test_a_wrong_number_of_dice_says_how_many():
    request = resolve("classic", "land", {"infantry": 2}, {"infantry": 1},
                      dice=[{"attacker": [1], "defender": [1]}])
    envelope = call(request)
    assert not envelope["ok"]
    assert envelope["error"]["field"] == "dice[0].attacker"
    assert envelope["error"]["detail"]["dice_needed"] == {"round": 1, "side": "attacker", "group": "main",
                                                          "count": 2, "sides": 6}


def test_the_guns_captured_are_every_aa_gun_whatever_else_the_defender_lists():
    """docs/rules.md §2: where an AA gun is never a casualty, the attacker who takes the territory captures the
    defender's guns. ``conclude`` picks them out of the defender's army by type; it once passed a generator as
    that set of types, which ``Army.only`` tests membership in once per type, so a type listed before the
    guns (infantry, first in ruleset order) used the generator up and no gun was captured. A battle's end never
    leaves a defender more than its guns, so this reads ``conclude`` directly."""
    from pycore.engine.army import Army
    from pycore.engine.sequence import BattleLog, conclude
    from pycore.forces import Force
    ruleset = find_ruleset("revised")
    setup = read_setup({"kind": "land", "attacker": {"units": {"infantry": 1}},
                        "defender": {"units": {"infantry": 1, "aa_gun": 2}}}, ruleset, read_system({"name": "dice"}))
    armies = {"attacker": Army(Force.of(ruleset, {"infantry": 1})),
              "defender": Army(Force.of(ruleset, {"infantry": 1, "aa_gun": 2}))}
    ended = conclude(setup, BattleLog([], "attacker_wins", armies, {"attacker": Force(()), "defender": Force(())}, None))
    assert ended.takes_territory and ended.captured == Force.of(ruleset, {"aa_gun": 2})
