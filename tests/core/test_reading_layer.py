"""The reading layer (docs/architecture.md, "The layers": ``pycore/read/``): a request is read once, at the
door, into records, and nothing below reads it again.

What is checked here, beyond the layer test's import rule (tests/core/test_layers.py): the records the
ops receive are the whole request (a ``calc`` read is a ``CalcRequest`` whose canonical form is the link's),
a system's options are read by the layer and never by the system (``spec_keys``), and a commitment link,
made from one read of the battle, is the same bytes as a read of the committed request.
"""

from __future__ import annotations

import pytest

from pycore.errors import BadRequest
from pycore.ops import share as share_op
from pycore.read.calc import CalcRequest, read_calc
from pycore.read.resolve import read_resolve
from pycore.read.systems import read_system
from pycore.share import link_for
from pycore.systems import all_systems

BATTLE = {"op": "resolve", "ruleset": "1942-2e", "system": {"name": "dice"},
          "attacker": {"units": {"infantry": 3, "tank": 2}, "order_of_loss": ["infantry", "tank"]},
          "defender": {"units": {"infantry": 4, "artillery": 1}}}


@pytest.mark.parametrize("extra", [{}, {"rounds": 2}, {"retreat_at_units": 1}, {"choices": ["press"]},
                                   {"kind": "land", "lhtr": True}])
@pytest.mark.parametrize("round_by_round", [False, True])
def test_a_commitment_link_is_the_same_bytes_as_a_read_of_the_committed_battle(extra, round_by_round):
    """ops/share.py reads the battle once and puts the commitment where the stand-in seed stood; a second read
    of the committed request (what the ops did before) must give the very same link."""
    battle = {**BATTLE, **extra}
    made = share_op.run({"op": "share", "commit": battle, "secret": "0123456789abcdef-secret",
                         **({"round_by_round": True} if round_by_round else {})})
    commitment = {"hash": made["hash"], **({"draws": []} if round_by_round else {})}
    assert made["link"] == link_for(read_resolve({**battle, "commit": commitment}).canonical)


def test_a_calc_request_is_read_into_one_record():
    asked = read_calc({"op": "calc", "ruleset": "1942-2e", "system": {"name": "lowluck"}, "rounds": 3,
                       "attacker": {"units": {"infantry": 2}}, "defender": {"units": {"infantry": 2}},
                       "estimate": True, "waves": [{"attacker": {"units": {"tank": 1}}}]})
    assert isinstance(asked, CalcRequest)
    assert (asked.rounds, asked.exact, asked.timing, asked.estimate) == (3, False, False, True)
    assert len(asked.options["plan"].waves) == 2
    assert asked.canonical["waves"] == [{"attacker": {"units": {"tank": 1}}}]


def test_every_option_a_system_declares_has_a_reader_and_nothing_else_is_taken():
    from pycore.read.systems import OPTION_READERS
    for system in all_systems():
        assert set(system.spec_keys) <= set(OPTION_READERS), system.id
        with pytest.raises(BadRequest) as refused:
            read_system({"name": system.id, "colour": "red"})
        assert refused.value.field == "system.colour"


def test_a_system_is_configured_from_read_values():
    chess = read_system({"name": "chess", "variant": "cofr"})
    assert chess.spec() == {"name": "chess", "variant": "cofr"} and chess.rolls_final
    assert read_system({"name": "chess"}).spec() == {"name": "chess", "variant": "orthodox"}
    with pytest.raises(BadRequest) as refused:
        read_system({"name": "chess", "variant": "blitz"})
    assert refused.value.field == "system.variant" and "orthodox" in refused.value.message


def test_every_unit_of_every_ruleset_has_a_colour_or_is_declared_colourless():
    """docs/rules.md §7 "Commitment": the default chart names every type but the transport (NO_COLOUR)."""
    from pycore.rulesets import RULESETS
    from pycore.systems.colored.chart import DEFAULT_CHART, NO_COLOUR
    for ruleset in RULESETS:
        for unit in ruleset.units:
            assert (DEFAULT_CHART.can_roll(unit.id) or DEFAULT_CHART.can_boost(unit.id)
                    or unit.id in NO_COLOUR), (ruleset.id, unit.id)


def test_a_chart_that_gives_a_side_s_unit_no_colour_is_refused_naming_the_unit():
    """Three cruisers under a chart without cruisers once rolled no dice all battle, silently."""
    from tests.core.helpers import error
    chart = [{"color": "red", "rolls": ["destroyer", "battleship"]}]
    got = error({"op": "resolve", "ruleset": "1942-2e", "seed": "s", "kind": "sea",
                 "system": {"name": "colored", "chart": chart},
                 "attacker": {"units": {"cruiser": 3}}, "defender": {"units": {"destroyer": 2}}})
    assert got["field"] == "attacker.units.cruiser" and "no colour" in got["message"]



def test_the_rulesets_op_publishes_what_each_system_declares_and_each_unit_s_plural():
    """docs/api.md ``rulesets``: the page branches on capabilities, never on a system's id; a unit's plural is the
    one pluraliser's (pycore/rulesets.py count_words)."""
    from tests.core.helpers import ok
    got = ok({"op": "rulesets"})
    by_id = {s["id"]: s for s in got["systems"]}
    for system in all_systems():
        caps = by_id[system.id]["capabilities"]
        assert caps["by_colour"] == system.by_colour and caps["folds_subs"] == system.folds_subs
        assert caps["own_calculator"] == (system.calculator is not None)
    variants = {v["id"]: v["capabilities"] for v in by_id["chess"]["variants"]}
    assert variants["orthodox"]["deterministic"] and not variants["ryof"]["deterministic"]
    assert variants["cofr"]["rolls_final"] and not variants["cof"]["rolls_final"]
    units = {u["id"]: u["plural"] for u in got["rulesets"][-1]["units"]}
    assert (units["infantry"], units["tank"], units["aa_gun"], units["artillery"]) == (
        "infantry", "tanks", "AA guns", "artillery")
