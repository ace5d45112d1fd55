"""Fair dice, round by round (issue 29, item 3; docs/links.md "Fair dice, round by round").

A beacon or commit–reveal battle decided one draw at a time: after each round the attacker presses on or retreats,
and only then is the next round's randomness drawn. The rounds of drand quicknet used here are real, with their
published signatures, each verified against the quicknet public key by drand-client 1.4.2 (the page's verifier)
when this test was written, and again in Chromium by tests/e2e/test_fair_rounds.py:

- rounds 2 and 3: ChainSafe/forest, src/beacon/signatures/tests.rs (``signature_2``, ``signature_3``, fetched from
  api.drand.sh/<quicknet hash>/public/2 and /3), commit 734b117c15376c0204a806efd15b554ce1319264;
- round 657413: the drand-verify Python binding's README (PyPI "drand-verify" 0.2.1);
- round 12040883: drand/tlock, tlock_test.go (TestDecryptText), commit 962ec50d004c1a336bdffb24dfc6a019192fc070.

Each round's randomness is sha256 of its signature (the unchained scheme); tests/core/test_forum.py checks two
against the randomness the chain serves.
"""

import hashlib
import hmac

import pytest

from pycore import dice
from pycore.fair import beacon, commit
from pycore.read.battle import read_setup
from pycore.engine.sequence import fight
from pycore.engine.table import Decisions, StagedTable
from pycore.rulesets import find_ruleset
from pycore.ops import decode_link
from pycore.read.systems import read_system
from tests.core.helpers import error, ok

SIGNATURES = {
    2: "b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807",
    3: "b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64",
    657413: "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
    12040883: "929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394",
}
RANDOMNESS = {2: "5782d6987841c654515a0e72b2d1ebb4e741234042c37cb19608ae50d93fb60c",
              3: "7ef4621ace1c6da4eb2eee7cd901f81385bca5b189771ec0f08d0d2566dd1a21"}
BATTLE = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"},
          "attacker": {"units": {"infantry": 3, "tank": 2, "fighter": 1}},
          "defender": {"units": {"infantry": 4, "artillery": 1, "aa_gun": 1}}}


def drawn(number):
    return {"round": number, "signature": SIGNATURES[number]}


def staged(*draws, **extra):
    return {**BATTLE, "beacon": {"draws": list(draws)}, **extra}


def faces(result, number, side, group="main"):
    fire = next(f for s in result["rounds"][number - 1]["steps"] for f in s["fire"]
                if f["side"] == side and f["group"] == group)
    return [d["value"] for d in fire["dice"]]


@pytest.mark.parametrize("number", [2, 3])
def test_the_forest_rounds_randomness_is_sha256_of_their_signatures(number):
    assert beacon.randomness_of(SIGNATURES[number]) == RANDOMNESS[number]


# ---- the beacon, one round at a time ----------------------------------------------------------------------

def test_one_draw_gives_round_one_then_the_attacker_decides():
    result = ok(staged(drawn(657413)))
    seed = beacon.randomness_of(SIGNATURES[657413])
    assert len(result["rounds"]) == 1 and result["rounds"][0]["complete"]
    assert faces(result, 1, "attacker") == list(dice.roll(seed, "r1/attacker/main", 6, 6))
    assert faces(result, 1, "defender", "aa") == list(dice.roll(seed, "r1/defender/aa", 6, 1))
    # Stopped after round 1 like ``rounds: 1``: no waiting, the decision is the attacker's, the next draw is 2.
    assert result["outcome"] == "in_progress" and "waiting" not in result
    assert result["next_draw"] == {"draw": 2, "round": 2}
    assert result["may_retreat"]
    assert "seed" not in result


def test_pressing_on_declares_a_later_round_and_waits_for_it():
    result = ok(staged(drawn(657413), {"round": 12040883}, choices=["press"]))
    assert len(result["rounds"]) == 1
    assert result["waiting"] == {"kind": "draw", "draw": 2, "round": 2, "needs": "beacon", "beacon_round": 12040883,
                                 "drawn_at": beacon.round_time(12040883)}
    assert result["dice_source"]["label"].endswith("round 12040883 is declared, its draw not in the link yet")
    undeclared = ok(staged(drawn(657413), choices=["press"]))
    assert undeclared["waiting"] == {"kind": "draw", "draw": 2, "round": 2, "needs": "declare"}


def test_round_two_comes_from_the_second_draw_alone():
    first = ok(staged(drawn(657413)))
    both = ok(staged(drawn(657413), drawn(12040883), choices=["press"]))
    assert both["rounds"][0] == first["rounds"][0]  # round 1 is the first draw's, whatever follows
    seed2 = beacon.randomness_of(SIGNATURES[12040883])
    count = len(faces(both, 2, "attacker"))
    assert faces(both, 2, "attacker") == list(dice.roll(seed2, "r2/attacker/main", 6, count))
    assert both["next_draw"] == {"draw": 3, "round": 3}
    assert [(d["draw"], d["from"]["round"]) for d in both["dice_source"]["draws"]] == [(1, 1), (2, 2)]
    assert "Dice from here on: public beacon round 12040883" in both["report"]["text"]


def test_a_retreat_after_round_two_ends_it_and_the_link_replays_it():
    result = ok(staged(drawn(657413), drawn(12040883), choices=["press", "retreat"], report={"beacon_verified": True}))
    assert result["outcome"] == "retreat" and len(result["rounds"]) == 2
    assert "next_draw" not in result and "waiting" not in result
    request = decode_link(result["link"])
    assert request["beacon"] == {"draws": [drawn(657413), drawn(12040883)]}
    assert request["choices"] == ["press", "retreat"]
    again = ok({**request, "report": {"beacon_verified": True}})
    assert again["rounds"] == result["rounds"] and again["outcome"] == "retreat"
    assert result["dice_source"]["label"] == ("drawn from public beacon rounds 657413 and 12040883, each declared "
                                              "after the decisions before it — verified")


def test_an_old_one_round_beacon_link_still_fights_to_the_end_from_one_seed():
    """docs/links.md, Versions: a link of issue 17 ({"round", "signature"}) is read exactly as before."""
    old = ok({**BATTLE, "beacon": drawn(657413)})
    seeded = ok({**BATTLE, "seed": beacon.randomness_of(SIGNATURES[657413])})
    assert old["rounds"] == seeded["rounds"] and old["outcome"] == seeded["outcome"] != "in_progress"
    assert decode_link(old["link"])["beacon"] == drawn(657413)


@pytest.mark.parametrize("draws, choices, field", [
    ([drawn(12040883), {"round": 657413}], ["press"], "beacon.draws[1].round"),            # not later
    ([{"round": 657413}, drawn(12040883)], ["press"], "beacon.draws[0].signature"),        # a gap
    ([drawn(657413), {"round": 12040883}], [], "choices[0]"),                               # declared before deciding
    ([drawn(657413), drawn(12040883)], [], "choices[0]"),
    ([], [], "beacon.draws"),
])
def test_a_draw_that_could_have_been_known_before_a_decision_is_refused(draws, choices, field):
    assert error(staged(*draws, choices=choices))["field"] == field


def test_a_casualty_choice_that_more_dice_follow_in_its_round_starts_a_new_draw():
    """AA fire before round 1 hits; the attacker picks which aircraft falls knowing the AA die. His main fire, after
    that choice, must come from the next draw, else he would choose knowing it (docs/links.md)."""
    ruleset, system = find_ruleset("1942-2e"), read_system({"name": "dice"})
    setup = read_setup({"attacker": {"units": {"fighter": 1, "bomber": 1, "tank": 1}},
                         "defender": {"units": {"aa_gun": 1, "infantry": 2}}}, ruleset, system)
    seeds = tuple(RANDOMNESS.values())
    aa_hit = next(s for s in range(200) if dice.roll(f"{seeds[0]}{s}", "r1/defender/aa", 6, 2)[0] == 1)
    seeds = (f"{seeds[0]}{aa_hit}", seeds[1])
    chosen = Decisions(casualties={(1, "aa", "attacker"): ({"bomber": 1}, {}, "casualties[0]")})
    table = StagedTable(seeds, chosen)
    log = fight(setup, table, 1)
    assert [s["group"] for s in table.starts] == ["aa", "main"] and table.after_round == [0, 0]
    main = next(f for s in log.rounds[0].steps for f in s.fires if f.group.shooter == "attacker")
    assert [d.value for d in main.volley.dice] == list(dice.roll(seeds[1], "r1/attacker/main", 6, 2))
    # Without a choice (the order of loss decides: nothing was decided) the round is one draw's.
    plain = StagedTable(seeds, Decisions())
    fight(setup, plain, 1)
    assert [s["group"] for s in plain.starts] == ["aa"]


# ---- commit–reveal, one phrase and one key per draw ---------------------------------------------------------

SECRET = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"


def committed(battle=BATTLE):
    made = ok({"op": "share", "commit": battle, "secret": SECRET, "round_by_round": True})
    return made["hash"], decode_link(made["link"])


def reply(request, phrase, *choices):
    draws = request["commit"]["draws"] + [{"phrase": phrase}]
    out = {**request, "commit": {**request["commit"], "draws": draws}}
    return {**out, "choices": list(choices)} if choices else out


def reveal(request):
    return ok({"op": "share", "reveal": request, "secret": SECRET})["request"]


def test_a_chain_of_keys_hashes_down_to_the_committed_head():
    head = commit.chain_key(SECRET, 0)
    for k in (1, 2, 7):
        key = commit.chain_key(SECRET, k)
        down = key
        for _ in range(k):
            down = hashlib.sha256(bytes.fromhex(down)).hexdigest()
        assert down == head and key != head


def test_round_by_round_commit_reveal_from_commitment_to_retreat():
    digest, request = committed()
    assert request["commit"] == {"hash": digest, "draws": []}
    assert ok(request)["waiting"] == {"kind": "draw", "draw": 1, "round": 1, "needs": "phrase"}
    request = reply(request, "the defender's first phrase")
    assert ok(request)["waiting"]["needs"] == "key"
    request = reveal(request)
    key1 = commit.chain_key(SECRET, 1)
    assert request["commit"]["key"] == {"draw": 1, "value": key1}
    one = ok(request)
    seed1 = hmac.new(key1.encode(), b"the defender's first phrase", hashlib.sha256).hexdigest()
    assert faces(one, 1, "attacker") == list(dice.roll(seed1, "r1/attacker/main", 6, 6))
    assert one["next_draw"] == {"draw": 2, "round": 2} and "waiting" not in one
    request = reveal(reply(request, "second", "press"))
    two = ok(request)
    seed2 = hmac.new(commit.chain_key(SECRET, 2).encode(), b"second", hashlib.sha256).hexdigest()
    assert two["rounds"][0] == one["rounds"][0]
    assert faces(two, 2, "attacker") == list(dice.roll(seed2, "r2/attacker/main", 6, len(faces(two, 2, "attacker"))))
    done = ok({**request, "choices": ["press", "retreat"]})
    assert done["outcome"] == "retreat"
    assert decode_link(done["link"])["commit"] == {"hash": digest, "draws": [{"phrase": "the defender's first phrase"},
                                                                              {"phrase": "second"}],
                                                   "key": {"draw": 2, "value": commit.chain_key(SECRET, 2)}}


def test_a_phrase_before_the_attackers_decision_is_refused():
    """The defender's phrase must follow the attacker's choice: with both the next key and the next phrase the
    attacker would know round 2's dice before deciding."""
    _, request = committed()
    request = reveal(reply(request, "one"))
    assert error(reply(request, "two"))["field"] == "choices[0]"
    assert error(reveal(reply(request, "two", "press")) | {"choices": []})["field"] == "choices[0]"


def test_a_changed_battle_or_a_key_from_elsewhere_is_refused():
    _, request = committed()
    request = reveal(reply(request, "one"))
    changed = {**request, "attacker": {"units": {"infantry": 3, "tank": 3, "fighter": 1}}}
    err = error(changed)
    assert err["field"] == "commit.key" and "ATTACKER could have chosen" in err["message"]
    other = {**request, "commit": {**request["commit"], "key": {"draw": 1, "value": "ab" * 32}}}
    assert error(other)["field"] == "commit.key"
    assert error({"op": "share", "reveal": reply(committed()[1], "x"), "secret": "another secret of mine"})["field"] \
        == "secret"


def test_a_phrase_waits_for_the_reveal_of_the_draw_before():
    _, request = committed()
    two = {**request, "commit": {**request["commit"], "draws": [{"phrase": "a"}, {"phrase": "b"}]}}
    assert error(two)["field"] == "commit.draws[1].phrase"


def test_an_old_commit_reveal_link_is_read_as_before():
    """docs/links.md, Versions: issue 17's commit–reveal (hash, phrase, secret) rolls the whole battle from one seed."""
    made = ok({"op": "share", "commit": BATTLE, "secret": SECRET})
    request = {**decode_link(made["link"])}
    request["commit"] = {**request["commit"], "phrase": "p", "secret": SECRET}
    seed = hmac.new(SECRET.encode(), b"p", hashlib.sha256).hexdigest()
    assert ok(request)["rounds"] == ok({**BATTLE, "seed": seed})["rounds"]


# ---- conditions declared up front -------------------------------------------------------------------------

def test_a_declared_condition_retreats_without_a_post():
    """retreat_at_units (the calculator's rule, docs/rules.md §9): after a round that leaves the attacker that many
    units or fewer he retreats; one seeded battle, each round checked by hand from its log."""
    plain = ok({**BATTLE, "seed": "cond-1"})
    left = [sum(r["after"]["attacker"].values()) for r in plain["rounds"]]
    at = next(n for n in left[:-1] if n < left[0])   # some round leaves fewer, and the battle went on after it
    rounds = left.index(at) + 1
    result = ok({**BATTLE, "seed": "cond-1", "retreat_at_units": at})
    assert result["outcome"] == "retreat" and len(result["rounds"]) == rounds
    assert result["rounds"][:rounds - 1] == plain["rounds"][:rounds - 1]
    assert decode_link(result["link"])["retreat_at_units"] == at
    # An explicit choice for that round wins over the condition.
    pressed = ok({**BATTLE, "seed": "cond-1", "retreat_at_units": at, "choices": ["press"] * rounds})
    assert len(pressed["rounds"]) > rounds


def test_in_a_staged_battle_a_condition_that_holds_needs_no_post():
    first = ok(staged(drawn(657413)))
    left = sum(first["rounds"][0]["after"]["attacker"].values())
    result = ok(staged(drawn(657413), retreat_at_units=left))
    assert result["outcome"] == "retreat" and "next_draw" not in result


@pytest.mark.parametrize("change, field", [
    ({"kind": "amphibious", "attacker": {"units": {"infantry": 2, "battleship": 1}}}, "retreat_at_units"),
    ({"system": {"name": "chess", "variant": "cofr"}}, "retreat_at_units"),
    ({"retreat_at_units": -1}, "retreat_at_units"),
])
def test_a_condition_is_refused_where_it_cannot_hold(change, field):
    request = {**BATTLE, "seed": "x", "retreat_at_units": 2, **change}
    assert error(request)["field"] == field


def test_a_commitment_binds_the_declared_condition():
    """Changing the retreat rule after the defender's phrase would let the attacker fit it to the dice."""
    made = ok({"op": "share", "commit": {**BATTLE, "retreat_at_units": 2}, "secret": SECRET})
    request = decode_link(made["link"])
    request["commit"] = {**request["commit"], "phrase": "p", "secret": SECRET}
    assert ok(request)["outcome"] != "in_progress"
    assert error({**request, "retreat_at_units": 1})["field"] == "commit.secret"


def test_the_engines_condition_is_the_calculators():
    """The same battle under the same rule: the calculator's exact chance of a retreat, and 1,500 seeded battles
    of the engine (within 4.5 standard errors: a false alarm about once in 150,000 runs)."""
    battle = {"op": "resolve", "ruleset": "revised", "system": {"name": "dice"},
              "attacker": {"units": {"infantry": 2, "tank": 1}}, "defender": {"units": {"infantry": 2}}}
    calc = ok({**battle, "op": "calc", "retreat_at_units": 1})
    p = calc["outcome"]["retreat"]
    n = 1500
    hits = sum(ok({**battle, "seed": f"rule-{i}", "retreat_at_units": 1})["outcome"] == "retreat" for i in range(n))
    assert abs(hits / n - p) <= 4.5 * (p * (1 - p) / n) ** 0.5, (hits / n, p)


def test_a_round_nobody_may_retreat_from_needs_no_choice_before_its_draw():
    """Amphibious, land units only (they cannot retreat): after round 1 nothing is the attacker's to decide, so the
    next draw is simply declared — no choice is asked for, none refused."""
    request = {**BATTLE, "kind": "amphibious", "attacker": {"units": {"infantry": 4, "battleship": 1}},
               "defender": {"units": {"infantry": 4}}, "beacon": {"draws": [drawn(657413)]}}
    result = ok(request)
    assert result["waiting"] == {"kind": "draw", "draw": 2, "round": 2, "needs": "declare"}
    assert "next_draw" not in result and "may_retreat" not in result
    assert ok({**request, "beacon": {"draws": [drawn(657413), drawn(12040883)]}})["rounds"][1]["complete"]
