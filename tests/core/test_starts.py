"""A later battle fought from many starts (pycore/calc/starts.py, docs/rules.md §9.1–9.2): the chains it keeps
from one group of starts to the next must not carry what one start saw into another."""

from dataclasses import replace

from pycore.calc.starts import Battles
from pycore.engine.army import Army
from pycore.forces import Force
from pycore.read.calc import read_calc


def _outcome(ends):
    out = {}
    for (ended, _, _), p in ends.ends.items():
        out[ended] = out.get(ended, 0.0) + p
    return out


def test_a_start_with_no_defender_first_does_not_disarm_the_attacker_for_the_next():
    """A counter-attack's setup lists no defender (the holders are its starts). Its first group of starts may
    be an empty territory: the attacker's ladder then fires at nothing, and kept by army it fired at nothing
    against every holder met after it (the defender 'won' every later start). Fought after an empty start, 2
    infantry must be met as they are met first."""
    setup = read_calc({"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
                       "attacker": {"units": {"infantry": 3, "tank": 1}},
                       "defender": {"units": {"infantry": 1}}}).setup
    setup = replace(setup, defender=replace(setup.defender, units=Force(())))
    holders = Army(Force.of(setup.ruleset, {"infantry": 2}))
    battles = Battles(setup)
    assert _outcome(battles.ends({Army(Force(())): 1.0})) == {"attacker_wins": 1.0}
    after = _outcome(battles.ends({holders: 1.0}))
    first = _outcome(Battles(setup).ends({holders: 1.0}))
    assert after == first
    assert 0.9 < first["attacker_wins"] < 0.97     # fought, not decided: 4 units against 2 win most often


def test_an_opening_where_no_gun_fires_needs_no_chain():
    """Round 1's opening fire from starts with no AA gun (or aircraft to fire at) leaves every start as it is
    (docs/rules.md §2: the guns fire at aircraft only): the ladder answers without the general chain being made,
    and where a gun does fire the chain works it and the attacker's aircraft fall before round 1."""
    ask = {"op": "calc", "ruleset": "1942-2e", "system": {"name": "dice"},
           "attacker": {"units": {"tank": 2, "fighter": 1}}, "defender": {"units": {"infantry": 2, "aa_gun": 1}}}
    setup = read_calc(ask).setup
    no_gun = Army(Force.of(setup.ruleset, {"infantry": 2}))
    quiet = Battles(setup)
    got = quiet.ends({no_gun: 0.5, Army(Force.of(setup.ruleset, {"infantry": 1})): 0.5})
    assert quiet._chain is None
    assert abs(sum(got.ends.values()) - 1.0) < 1e-12
    gun = Army(Force.of(setup.ruleset, {"infantry": 2, "aa_gun": 1}))
    fired = Battles(setup)
    opening = fired.opening({gun: 1.0})
    assert fired._chain is not None
    assert abs(sum(p for (a, _, _, _), p in opening.items() if not a.count("fighter")) - 1 / 6) < 1e-12
