"""Every bad input to api.handle becomes a clear error naming the field and the value — never a traceback."""

import io
import json

import pytest
from hypothesis import given, settings, strategies as st

from pycore import __main__ as cli
from pycore.api import handle
from tests.core.helpers import CANONICAL_RESOLVE, changed, error, ok


def resolve(**changes):
    return changed(CANONICAL_RESOLVE, **changes)


BAD = [
    # (request, field, words the message must contain)
    ({"op": "fly"}, "op", ['"fly"', "resolve"]),
    ({}, "op", ["null"]),
    (resolve(ruleset="axis"), "ruleset", ['"axis"', "classic"]),
    (resolve(ruleset=None), "ruleset", ["required"]),
    (resolve(system={"name": "luck"}), "system.name", ['"luck"', "lowluck"]),
    (resolve(system="dice"), "system", ["object", '"dice"']),
    (resolve(attacker={"units": {"infantry": -1}}), "attacker.units.infantry", ["-1", "whole number"]),
    (resolve(attacker={"units": {"infantry": 2.5}}), "attacker.units.infantry", ["2.5"]),
    (resolve(attacker={"units": {"infantry": True}}), "attacker.units.infantry", ["true"]),
    (resolve(attacker={"units": {"infantry": "3"}}), "attacker.units.infantry", ['"3"']),
    (resolve(attacker={"units": {"dragon": 1}}), "attacker.units.dragon", ['"dragon"', "classic"]),
    (resolve(attacker={"units": {"artillery": 1}}), "attacker.units.artillery", ['"artillery"', "classic"]),
    (resolve(attacker={"units": {"submarine": 1}}), "attacker.units.submarine", ["Submarine"]),
    (resolve(attacker={"units": {"infantry": 1000}}), "attacker.units.infantry", ["1000"]),
    (resolve(attacker={"units": {"infantry": 999, "tank": 999, "fighter": 999}}), "attacker.units", ["2997", "2000"]),
    (resolve(attacker={"units": {}}), "attacker.units", ["at least one"]),
    (resolve(defender={"units": {"infantry": 0}}), "defender.units", ["at least one"]),
    (resolve(defender={"unit": {"infantry": 1}}), "defender.unit", ["unknown field"]),
    (resolve(defender={"units": {"infantry": 1}, "order_of_loss": ["tank", "tank"]}), "defender.order_of_loss[1]", ['"tank"', "twice"]),
    (resolve(defender={"units": {"infantry": 1}, "order_of_loss": ["ship"]}), "defender.order_of_loss[0]", ['"ship"']),
    (resolve(seed=None), "seed", ["required"]),
    (resolve(seed=""), "seed", ["1 to 200"]),
    (resolve(seed=5), "seed", ["text", "5"]),
    (resolve(dice=[{"attacker": [1]}]), "seed", ["not both"]),
    (resolve(rounds=0), "rounds", ["0"]),
    (resolve(rounds=101), "rounds", ["101"]),
    (resolve(choices=["charge"]), "choices[0]", ['"charge"']),
    (resolve(choices=["retreat", "press"]), "choices[1]", ["already retreated"]),
    (resolve(defendr={"units": {"infantry": 1}}), "defendr", ["unknown field"]),
    (resolve(seed=None, dice=[{"attacker": [7]}]), "dice[0].attacker[0]", ["7", "1 to 6"]),
    (resolve(seed=None, dice=[{"attacker": [0]}]), "dice[0].attacker[0]", ["0"]),
    (resolve(seed=None, dice=[{"attacker": [1, 2]}]), "dice[0].attacker", ["1 die", "got 2"]),
    (resolve(seed=None, rounds=None, dice=[{"defender": [1]}, {}]), "dice[0].attacker.main", ["1 die", "none given"]),
    (resolve(seed=None, dice=[]), "dice", ["at least one round"]),
    (resolve(seed=None, rounds=None, dice=[{"attacker": [4]}, {"attacker": [1]}, {}]), "dice[1].defender.main", ["rolls 1 die for main in round 2", "none given"]),
    (resolve(seed=None, dice=[{"attacker": [4]}, {"attacker": [1]}]), "dice[1]", ["rounds: 1"]),
    ({"op": "share", "decode": "v1.@@@"}, "decode", ["damaged"]),
    ({"op": "share"}, "encode", ["exactly one"]),
    ({"op": "rulesets", "x": 1}, "x", ["unknown field"]),
]


@pytest.mark.parametrize("request_, field, words", BAD)
def test_bad_input_names_field_and_value(request_, field, words):
    err = error(request_)
    assert err["type"] == "bad_request"
    assert err["field"] == field
    assert err["message"].startswith(field + ": ")
    for word in words:
        assert word in err["message"], (word, err["message"])


def test_wrong_table_dice_say_how_many_are_needed():
    """error.detail.dice_needed lets the page ask for the right dice without parsing the message."""
    err = error(resolve(seed=None, rounds=None, dice=[{"attacker": [4]}, {"attacker": [1]}, {}]))
    assert err["detail"] == {"dice_needed": {"round": 2, "side": "defender", "group": "main", "count": 1, "sides": 6}}
    assert "detail" not in error(resolve(rounds=0))


def test_battle_that_ends_before_the_table_dice_run_out():
    err = error(resolve(seed=None, ruleset="revised", attacker={"units": {"tank": 2}}, defender={"units": {"infantry": 1}},
                        dice=[{"defender": [6]}, {"attacker": [1], "defender": [1]}]))
    assert err["field"] == "dice[1]" and "ended after round 1" in err["message"]


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"resolve"', "{'op': 1}", "NaN", "[" * 5000])
def test_not_a_json_object(text):
    envelope = json.loads(handle(text))
    assert not envelope["ok"]
    assert envelope["error"]["type"] in ("bad_json", "bad_request")
    assert envelope["error"]["message"]


def test_huge_request_is_refused_cleanly():
    envelope = json.loads(handle(" " * 300_000))
    assert envelope["error"]["type"] == "bad_json" and "200000" in envelope["error"]["message"]


def test_rulesets_op():
    result = ok({"op": "rulesets"})
    assert [r["id"] for r in result["rulesets"]] == ["classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942"]
    assert {"dice", "lowluck", "colored"} <= {s["id"] for s in result["systems"]}
    classic = result["rulesets"][0]
    assert classic["order_of_loss"]["defender"][:2] == ["infantry", "aa_gun"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["op", "ruleset", "system", "attacker", "defender", "seed", "dice",
                                        "rounds", "choices", "encode", "decode", "units"]), json_values, max_size=7),
       st.sampled_from(["resolve", "share", "rulesets", None]))
@pytest.mark.slow
def test_handle_never_raises_and_never_reports_a_bug(request_, op):
    if op is not None:
        request_ = {**request_, "op": op}
    envelope = json.loads(handle(json.dumps(request_)))
    assert envelope["ok"] or envelope["error"]["type"] in ("bad_json", "bad_request"), envelope


def run_cli(monkeypatch, text):
    """The CLI reads and writes bytes (UTF-8 whatever the terminal's encoding): streams with a ``buffer``."""
    out = io.BytesIO()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8"))
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(out, encoding="utf-8"))
    status = cli.main()
    return status, json.loads(out.getvalue())


def test_cli_exit_status(monkeypatch):
    assert run_cli(monkeypatch, json.dumps(CANONICAL_RESOLVE))[0] == 0
    status, envelope = run_cli(monkeypatch, json.dumps(resolve(rounds=0)))
    assert status == 2 and envelope["error"]["field"] == "rounds"
    assert run_cli(monkeypatch, "not json")[0] == 2


def test_cli_exit_status_one_on_internal_error(monkeypatch):
    def broken(request):
        raise ZeroDivisionError("boom")
    monkeypatch.setattr("pycore.ops.rulesets.run", broken)
    status, envelope = run_cli(monkeypatch, '{"op": "rulesets"}')
    assert status == 1 and envelope["error"]["type"] == "internal" and "boom" in envelope["error"]["message"]
