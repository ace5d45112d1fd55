"""Forum play (issue 17): exports that link back, the dice's origin in words, beacon rounds, commit–reveal.

docs/links.md documents every form tested here.
"""

import hashlib
import hmac

import pytest

from pycore import dice
from pycore.fair import beacon
from pycore.fair.commit import commitment
from pycore.ops import decode_link
from tests.core.helpers import CANONICAL_RESOLVE, error, ok

PAGE = "https://owner.github.io/luckdial/"

# Real published rounds of drand quicknet with their signatures.
# - Round 12040883: drand/tlock, tlock_test.go (TestDecryptText, "With valid network"), commit
#   962ec50d004c1a336bdffb24dfc6a019192fc070 — it decrypts a real time-locked ciphertext, so it is the
#   chain's real signature. Its randomness below is sha256(signature), the unchained scheme's rule.
# - Round 657413: the drand-verify Python binding's README (PyPI "drand-verify" 0.2.1, `verify_quicknet`),
#   which publishes the signature *and* the randomness the chain serves.
# Both verify against the quicknet public key with drand-client 1.4.2's own verifier (checked in Chromium by
# tests/e2e/test_beacon.py for the first; in Node for both when this test was written).
ROUNDS = [
    (12040883, "929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394",
     "173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3"),
    (657413, "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b",
     "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587"),
]
BATTLE = {k: v for k, v in CANONICAL_RESOLVE.items() if k not in ("seed", "rounds")}


# ---- exports that link back ----------------------------------------------------------------

def test_every_export_carries_the_absolute_link_and_a_summary_in_the_page_words():
    result = ok({**CANONICAL_RESOLVE, "report": {"page": PAGE}})
    url = PAGE + "#" + result["link"]
    report = result["report"]
    summary = "Classic (2nd edition) · Low Luck · Land: The battle goes on."
    assert report["text"].splitlines()[0] == f"Luckdial battle — {summary}"
    assert report["text"].splitlines()[-1] == f"Replay: {url}"
    assert report["bbcode"].splitlines()[0] == f"[b]Luckdial battle — {summary}[/b]"
    assert report["bbcode"].splitlines()[-1] == f"[url={url}]Replay this battle on Luckdial[/url]"
    assert report["markdown"].splitlines()[-1] == f"[Replay this battle on Luckdial]({url})"
    # the link in the export reopens the same battle
    assert ok(decode_link(url.split("#")[1])) == {k: v for k, v in result.items() if k not in ("report", "dice_source")} | {
        "report": ok(decode_link(url.split("#")[1]))["report"], "dice_source": result["dice_source"]}


def test_the_page_address_is_not_part_of_the_link():
    assert ok({**CANONICAL_RESOLVE, "report": {"page": PAGE}})["link"] == ok(CANONICAL_RESOLVE)["link"]


@pytest.mark.parametrize("page", ["javascript:alert(1)", "https://x/#v1.abc", "https://x/ y", 7])
def test_a_bad_page_address_names_report_page(page):
    assert error({**CANONICAL_RESOLVE, "report": {"page": page}})["field"] == "report.page"


def test_a_bombing_raid_shares_like_a_battle():
    raid = ok({"op": "bombing", "system": "lowluck", "bombers": 3, "aa": True, "seed": "raid-1"})
    request = ok({"op": "share", "decode": raid["link"]})["request"]
    assert request["op"] == "bombing" and request["seed"] == "raid-1"
    assert ok(request) == raid
    assert raid["dice_source"]["kind"] == "seed"
    own = ok({"op": "bombing", "system": "lowluck", "bombers": 1, "aa": False, "rolls": {"damage": [4]}})
    assert own["dice_source"] == {"kind": "table", "label": "dice rolled at the table and entered"}


# ---- where the dice came from ------------------------------------------------------------------

def test_seeded_dice_say_they_can_be_re_rolled():
    source = ok(CANONICAL_RESOLVE)["dice_source"]
    assert source == {"kind": "seed", "label": "rolled on the poster's device from seed “any text” (can be re-rolled)"}
    assert "Dice: " + source["label"] in ok(CANONICAL_RESOLVE)["report"]["text"]


def test_table_dice_say_they_were_entered():
    request = {**BATTLE, "dice": [{"attacker": [1, 2, 3], "defender": [4, 5]}], "rounds": 1}
    request["attacker"] = {"units": {"infantry": 3}}
    request["defender"] = {"units": {"infantry": 2}}
    request["system"] = {"name": "dice"}
    assert ok(request)["dice_source"]["label"] == "dice rolled at the table and entered"


# ---- the beacon ----------------------------------------------------------------------------------

@pytest.mark.parametrize("number, signature, randomness", ROUNDS)
def test_quicknet_randomness_is_sha256_of_the_signature(number, signature, randomness):
    assert beacon.randomness_of(signature) == randomness


@pytest.mark.parametrize("number, signature, randomness", ROUNDS)
def test_a_beacon_round_rolls_the_dice_of_its_randomness(number, signature, randomness):
    drawn = ok({**BATTLE, "beacon": {"round": number, "signature": signature}, "report": {"beacon_verified": True}})
    seeded = ok({**BATTLE, "seed": randomness})
    assert drawn["rounds"] == seeded["rounds"] and drawn["outcome"] == seeded["outcome"]
    first = drawn["rounds"][0]["steps"][0]["fire"][0]["dice"]
    assert [d["value"] for d in first] == list(dice.roll(randomness, "r1/attacker/main", 6, len(first)))
    assert drawn["dice_source"]["label"] == f"drawn from public beacon round {number} — verified"
    assert f"Dice: drawn from public beacon round {number} — verified" in drawn["report"]["bbcode"]
    # the link keeps the round's signature, so a later reader verifies offline
    assert decode_link(drawn["link"])["beacon"] == {"round": number, "signature": signature}


def test_without_the_pages_check_the_label_does_not_say_verified():
    number, signature, _ = ROUNDS[0]
    label = ok({**BATTLE, "beacon": {"round": number, "signature": signature}})["dice_source"]["label"]
    assert label == f"drawn from public beacon round {number} — open the link to verify it"


def test_a_tampered_signature_gives_other_randomness():
    number, signature, randomness = ROUNDS[0]
    tampered = signature[:-1] + ("5" if signature[-1] != "5" else "6")
    assert beacon.randomness_of(tampered) != randomness


def test_a_declared_round_links_but_does_not_roll():
    declared = {**BATTLE, "beacon": {"round": 99_000_000}}
    link = ok({"op": "share", "encode": declared})["link"]
    assert decode_link(link)["beacon"] == {"round": 99_000_000}
    err = error(declared)
    assert err["field"] == "beacon.signature" and str(beacon.round_time(99_000_000)) in err["message"]


def test_round_times_follow_the_published_genesis_and_period():
    # quicknet: genesis 1692803367, period 3 s (drand/drand common/chain/info_test.go, commit f45e7e04)
    assert beacon.round_time(1) == 1692803367
    assert beacon.round_time(12040883) == 1692803367 + 3 * 12040882
    assert beacon.round_at(beacon.round_time(12040883)) == 12040883
    assert beacon.round_at(beacon.round_time(12040883) + 2.9) == 12040883


@pytest.mark.parametrize("value, field", [
    ({"round": 0}, "beacon.round"),
    ({"round": 5, "signature": "zz"}, "beacon.signature"),
    ({"round": 5, "randomness": "00"}, "beacon.randomness"),
])
def test_bad_beacon_fields_are_named(value, field):
    assert error({**BATTLE, "beacon": value})["field"] == field


def test_one_source_of_dice_only():
    assert error({**BATTLE, "seed": "x", "beacon": {"round": 5}})["field"] == "beacon"


# ---- commit–reveal -----------------------------------------------------------------------------------

SECRET = "0123456789abcdef0123456789abcdef"


def test_commit_reveal_rolls_from_both_players():
    posted = ok({"op": "share", "commit": BATTLE, "secret": SECRET})
    committed = decode_link(posted["link"])
    assert committed["commit"] == {"hash": posted["hash"]} and SECRET not in posted["link"]
    assert error(committed)["field"] == "commit.phrase"
    reply = {**committed, "commit": {**committed["commit"], "phrase": "my cat walks at dawn"}}
    assert error(reply)["field"] == "commit.secret"
    reveal = {**reply, "commit": {**reply["commit"], "secret": SECRET}}
    result = ok(reveal)
    seed = hmac.new(SECRET.encode(), b"my cat walks at dawn", hashlib.sha256).hexdigest()
    assert result["rounds"] == ok({**BATTLE, "seed": seed})["rounds"]
    assert result["dice_source"]["kind"] == "commit"
    assert decode_link(result["link"])["commit"]["secret"] == SECRET


def test_the_commitment_is_sha256_of_tag_secret_and_setup():
    posted = ok({"op": "share", "commit": BATTLE, "secret": SECRET})
    setup = {k: v for k, v in decode_link(posted["link"]).items() if k != "commit"}
    text = "luckdial-commit/v1\n" + SECRET + "\n" + __import__("json").dumps(setup, sort_keys=True, separators=(",", ":"))
    assert posted["hash"] == hashlib.sha256(text.encode()).hexdigest() == commitment(SECRET, setup)


def test_a_reveal_that_does_not_match_says_the_attacker_could_have_cheated():
    committed = decode_link(ok({"op": "share", "commit": BATTLE, "secret": SECRET})["link"])
    other = {**committed, "commit": {**committed["commit"], "phrase": "hi", "secret": SECRET[::-1]}}
    err = error(other)
    assert err["field"] == "commit.secret" and "ATTACKER could have chosen" in err["message"]
    # the same secret with a changed battle is caught too
    more = {**committed, "commit": {**committed["commit"], "phrase": "hi", "secret": SECRET},
            "attacker": {"units": {"infantry": 9}}}
    assert "ATTACKER could have chosen" in error(more)["message"]


def test_a_commitment_takes_no_other_dice():
    assert error({"op": "share", "commit": {**BATTLE, "seed": "x"}, "secret": SECRET})["field"] == "commit.seed"
    assert error({"op": "share", "commit": BATTLE, "secret": "short"})["field"] == "secret"
