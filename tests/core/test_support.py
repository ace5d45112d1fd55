"""Artillery support and tactical bomber pairing (docs/rules.md §1; seed 002 "Artillery")."""

from pycore.engine.army import Army
from pycore.engine.firing import unit_values
from pycore.engine.setup import BattleSetup, SideSetup
from pycore.forces import Force
from pycore.rulesets import find_ruleset
from pycore.systems.dice import NormalDice


def setup_for(ruleset, tech=(), lhtr=False, kind="land"):
    side = SideSetup(Force(()), (), False, frozenset(tech), Force(()), Force(()), 0)
    return BattleSetup(ruleset, NormalDice(), kind, side, side, lhtr)


def values(ruleset_id, role, tech=(), lhtr=False, **units):
    ruleset = find_ruleset(ruleset_id)
    rolled = unit_values(setup_for(ruleset, tech, lhtr), role, Army(Force.of(ruleset, units)))
    return tuple(value for _, value, _ in rolled)


def test_seed_002_three_infantry_two_artillery():
    """Seed 002: with 3 infantry and 2 artillery, 2 infantry attack at 2 and the 3rd at 1."""
    assert sorted(values("big-world-1942", "attacker", infantry=3, artillery=2)) == [1, 2, 2, 2, 2]


def test_support_is_not_cumulative():
    """Seed 002: 1 infantry with 2 artillery receives only 1 support."""
    assert sorted(values("revised", "attacker", infantry=1, artillery=2)) == [2, 2, 2]


def test_no_support_on_defence():
    assert sorted(values("revised", "defender", infantry=2, artillery=2)) == [2, 2, 2, 2]


def test_1940_mech_infantry_receives_support():
    assert sorted(values("1940-2e", "attacker", mech_infantry=2, artillery=1)) == [1, 2, 2]


def test_mech_infantry_outside_1940_is_unknown():
    assert not find_ruleset("1942-2e").has("mech_infantry")


def test_1940_tactical_bomber_paired_with_tank_or_fighter():
    assert sorted(values("1940-2e", "attacker", tactical_bomber=2, tank=1)) == [3, 3, 4]
    assert sorted(values("1940-2e", "attacker", tactical_bomber=1, fighter=1, tank=1)) == [3, 3, 4]
    assert sorted(values("1940-2e", "attacker", tactical_bomber=1)) == [3]
    assert sorted(values("1940-2e", "defender", tactical_bomber=1, tank=1)) == [3, 3]


def test_seed_000_finland_powers():
    """Seed 000 (classic values): Russia 3 inf, 3 arm, 1 ftr attack at 15; Germany 3 inf, 1 arm, 1 ftr defend at 12."""
    assert sum(values("classic", "attacker", infantry=3, tank=3, fighter=1)) == 15
    assert sum(values("classic", "defender", infantry=3, tank=1, fighter=1)) == 12
