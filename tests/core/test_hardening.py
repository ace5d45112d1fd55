"""Issue 34's reproducers: each was an ``internal`` error (or a crash) before its fix, and answers in words now.

Each request is the smallest one the issue gives (or its family: "any ruleset,
dice or Low Luck"); the tests run under CPython and, with tests/core, under
Pyodide, whose much smaller stack is what the nesting checks are for.
"""

import io
import json
import sys

import pytest

from pycore import api, jsontext
from pycore.errors import show

from tests.core.helpers import packed


def ask(request) -> dict:
    text = api.handle(json.dumps(request))
    text.encode("utf-8")             # every response can be written out (no lone surrogate)
    return json.loads(text)


def refused(request, kind="bad_request") -> dict:
    got = ask(request)
    assert not got["ok"] and got["error"]["type"] == kind, got
    return got["error"]


# ---- 1. "retreat below" against AA guns alone (was IndexError in calc/ladder/pair.py) ----------------

@pytest.mark.parametrize("ruleset", ["classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942"])
@pytest.mark.parametrize("system", ["dice", "lowluck"])
def test_retreat_below_against_aa_guns_alone_is_answered(ruleset, system):
    got = ask({"op": "calc", "ruleset": ruleset, "system": {"name": system},
               "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"aa_gun": 1}}, "retreat_below": 0.3})
    assert got["ok"], got
    # The guns never fire at infantry and never defend (docs/rules.md §2): the attacker surely wins.
    assert got["result"]["outcome"]["attacker_wins"] == pytest.approx(1.0, abs=1e-9)


# ---- 2. a damaged ship that only bombards (was "1 damaged battleship but only 0 left", engine/army.py) ---

def test_a_bombarding_ship_cannot_be_damaged():
    error = refused({"op": "calc", "ruleset": "anniversary", "system": {"name": "dice"}, "kind": "amphibious",
                     "attacker": {"units": {"battleship": 1, "fighter": 1}, "damaged": {"battleship": 1}},
                     "defender": {"units": {"bomber": 1}}})
    assert error["field"] == "attacker.damaged.battleship" and "only bombards" in error["message"]


# ---- 3. beyond the exact sea chain where Monte Carlo may not stand in (was min() of nothing, calc/cost.py) -

@pytest.mark.parametrize("more", [{"round": 2}, {"attacker": {"units": {"submarine": 1, "battleship": 1},
                                                                "damaged": {"battleship": 1}}}])
def test_a_big_sea_battle_taken_up_in_the_middle_is_refused_in_words(more):
    request = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"}, "kind": "sea",
               "attacker": {"units": {"submarine": 1}}, "defender": {"units": {"transport": 61}}, **more}
    error = refused(request, "too_big")
    assert "61 units, more than the 60 a side" in error["message"] and "Use fewer units" in error["message"]


def test_the_issue_sea_reproducer_is_refused_in_words():
    error = refused({"op": "calc", "ruleset": "classic", "system": {"name": "dice"}, "kind": "sea",
                     "attacker": {"units": {"submarine": 1}}, "defender": {"units": {"transport": 61}}, "round": 2},
                    "too_big")
    assert "taken up in the middle" in error["message"]


# ---- 4. lone surrogates where strings enter (was UnicodeEncodeError in dice.py, share.py) --------------

LONE = "\udfff"
BATTLE = {"ruleset": "classic", "system": {"name": "dice"},
          "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 1}}}
HASH = "a" * 64
SURROGATE_CASES = [
    ("seed", {"op": "resolve", **BATTLE, "seed": "ab" + LONE}),
    ("seed", {"op": "bombing", "system": "dice", "ruleset": "revised", "bombers": 1, "seed": LONE}),
    ("seed", {"op": "research", "system": "dice", "steps": [{"dice": 1}], "seed": LONE}),
    ("label", {"op": "research", "system": "dice", "steps": [{"dice": 1}], "seed": "s", "label": LONE}),
    ("modifiers[0].label", {"op": "wif", "attack": 3, "defense": 1, "table": "assault",
                            "modifiers": [{"id": "custom", "value": 1, "label": "x" + LONE}]}),
    ("commit.phrase", {"op": "resolve", **BATTLE, "commit": {"hash": HASH, "phrase": LONE}}),
    ("commit.secret", {"op": "resolve", **BATTLE, "commit": {"hash": HASH, "phrase": "p", "secret": LONE * 16}}),
    ("secret", {"op": "share", "commit": {"op": "resolve", **BATTLE}, "secret": "0123456789abcdef" + LONE}),
]


@pytest.mark.parametrize("field,request_", SURROGATE_CASES, ids=[f"{r['op']}-{f}" for f, r in SURROGATE_CASES])
def test_a_lone_surrogate_is_refused_where_text_enters(field, request_):
    error = refused(request_)
    assert error["field"] == field and "lone surrogate" in error["message"], error


@pytest.mark.parametrize("field,request_", SURROGATE_CASES[:5], ids=[f"{r['op']}-{f}" for f, r in SURROGATE_CASES[:5]])
def test_a_link_holding_a_lone_surrogate_is_refused_in_words(field, request_):
    # json.dumps escapes the surrogate as \udfff: the very text a hostile link can carry.
    error = refused({"op": "share", "decode": packed(json.dumps(request_))})
    assert error["field"] == field and "lone surrogate" in error["message"], error


def test_a_response_quoting_a_lone_surrogate_is_still_utf8():
    text = api.handle(json.dumps({"op": LONE}))
    assert "\\udfff" in text and json.loads(text)["error"]["field"] == "op"
    text.encode("utf-8")


def test_the_command_line_writes_every_response_it_can_make(monkeypatch):
    """``python -m pycore``'s main in this process (the suite also runs in Pyodide, which has no processes):
    a lone surrogate read from JSON text, one in a key, bytes that are not UTF-8 — each gets its response."""
    from pycore import __main__ as cli
    for stdin in (b'"\\ud800"', b'{"op": "rulesets", "x\\udfff": 1}', b"\xff\xfe"):
        out = io.BytesIO()
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding="ascii"))   # a terminal of any encoding
        status = cli.main()
        envelope = json.loads(out.getvalue().decode("utf-8"))
        assert status == 2 and envelope["ok"] is False, (stdin, envelope)
        assert envelope["error"]["type"] in ("bad_request", "bad_json")


# ---- 5. nesting: refused before anything recurses (was RecursionError in errors.show()) --------------

def nested(levels: int):
    value = 1
    for _ in range(levels):
        value = [value]
    return value


def test_a_list_nested_993_deep_in_any_field_is_refused():
    deep = "[" * 993 + "1" + "]" * 993                     # as text: json.dumps itself would recurse
    for field in ("ruleset", "system", "attacker", "seed", "rounds"):
        text = json.dumps({"op": "calc", **BATTLE, field: 0}).replace(f'"{field}": 0', f'"{field}": {deep}')
        got = json.loads(api.handle(text))
        assert got["error"]["type"] == "bad_json" and "994 deep" in got["error"]["message"], got


def test_the_envelope_reader_shows_a_deep_value_in_a_few_characters():
    # handle_object takes values that never were JSON text (the worker and tests call it): show() is bounded.
    got = api.handle_object({"op": "calc", **BATTLE, "ruleset": nested(5000)})
    assert got["error"]["type"] == "bad_request" and got["error"]["field"] == "ruleset"
    assert len(show(nested(5000))) <= 60


def test_the_depth_is_counted_outside_strings_and_up_to_the_limit():
    assert jsontext.depth('{"a": "[[[[[[", "b": [[1]], "c": "\\"]]"}') == 3
    at_limit = json.dumps({"op": "rulesets", "x": nested(jsontext.MAX_DEPTH - 1)})
    assert jsontext.depth(at_limit) == jsontext.MAX_DEPTH
    assert ask(json.loads(at_limit))["error"]["field"] == "x"      # read, then refused as an unknown field
    with pytest.raises(jsontext.TooDeep):
        jsontext.loads(json.dumps({"x": nested(jsontext.MAX_DEPTH)}))


def test_the_38_character_link_is_refused_in_words():
    link = "#v1.7cExDQAAAAKgoM7-NazhASQAAMC7AgAA9wY"      # issue 34: JSON nested 3,000 deep
    assert len(link) == 40 - 1
    error = refused({"op": "share", "decode": link})
    assert error["field"] == "decode" and "3000 deep" in error["message"]


# ---- links the page makes read back (issue 34, "Smaller") ----------------------------------------------

def test_a_table_dice_battle_of_2000_a_side_over_nine_rounds_links_and_reads_back():
    """999 infantry + 999 tanks a side, every die a miss for 9 rounds (1,998 dice a side a round, entered at
    the table): 72,000 bytes of dice, a link of a few hundred characters that the old 64,000-byte limit
    refused to read back."""
    miss = {"attacker": [6] * 1998, "defender": [6] * 1998}
    battle = {"op": "resolve", "ruleset": "classic", "system": {"name": "dice"},
              "attacker": {"units": {"infantry": 999, "tank": 999}},
              "defender": {"units": {"infantry": 999, "tank": 999}}, "dice": [miss] * 9}
    got = ask(battle)
    assert got["ok"] and len(got["result"]["rounds"]) == 9, got.get("error")
    back = ask({"op": "share", "decode": got["result"]["link"]})
    assert back["ok"], back["error"]
    assert back["result"]["request"]["dice"][8]["attacker"] == [6] * 1998


def test_no_link_is_made_that_would_not_read_back():
    from pycore.share import MAX_JSON_BYTES, LinkTooBig, link_for
    with pytest.raises(LinkTooBig) as refused_:
        link_for({"op": "resolve", "pad": "a" * (MAX_JSON_BYTES + 1)})
    assert refused_.value.type == "too_big" and "reads back" in refused_.value.message
