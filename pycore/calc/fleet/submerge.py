"""The calculator's ``submerge`` option: a side's subs submerge at the first end of a round the rules allow.

docs/rules.md §9 "Submerging": the engine's step 6 (docs/rules.md §2) lets a
side's subs submerge at the end of any round while the enemy has no destroyer
(``sequence.may_submerge``). With the option a side's subs do so at the first
such end of a round, and are then out of the fight but alive: survivors, not
losses.

How the chains carry them: submerged subs never come back into this battle,
so a side submerges at most once. A chain is solved until subs submerge (the
end of that round is an end of its own, ``"submerge"``, read by
:class:`Diving`); from each such end the subs leave (``away``), the engine
decides the battle as its step 6 does (``Battle.decided``, which reads what
the attacker has away), and where it goes on, the rest is solved from the
armies left, the other side's subs still free to submerge later. The ends of
every phase carry the subs away in their armies, so ``survivors`` count them
and nobody's cost does. No rule is written here: when subs may submerge and
how the battle stands after are the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypedDict, Unpack

from ...engine.army import Army
from ...engine.firing import enemy
from ...engine.kinds import kinds
from ...engine.sequence import Battle, may_submerge
from ...engine.setup import ROLES, BattleSetup
from ...forces import Force
from ...rulesets import Ruleset
from ..chain import Chain, EndLaw, Quiet
from ..choices import Chance

SUBMERGE = "submerge"
"""The chains' end where subs submerge: never an outcome of the answer (:func:`fought` carries it on)."""

# Any: a phase's answer is the general chain's (``chain.solve``'s plain dict, Fractions or floats) or the sea
# chain's (``rounds.Solved``); only its "ends", "rounds", "pruned" and "work" are read.
Phase = Callable[[dict[str, Army], dict[str, Force]], Mapping[str, Any]]  # Any: the general chain's dict, or ours
"""(start armies, units away by role) → {"ends", "rounds", "pruned"} of one chain stopped where subs submerge."""


class Fought(TypedDict):
    """:func:`fought`'s answer: the law of the battle's ends, the expected rounds, the mass pruned, the work."""

    ends: EndLaw
    rounds: Chance
    pruned: Chance
    work: int


class ChainOptions(TypedDict, total=False):
    """The general chain's own keywords (``Chain``), passed on by :class:`Diving`."""

    exact: bool
    tail: float
    floor: float
    start: dict[str, Army] | None
    keep_land: int


def divers(setup: BattleSetup, dive: frozenset[str], alive: dict[str, Army]) -> tuple[str, ...]:
    """The sides whose subs submerge at this end of a round: asked to, and allowed (defender first, as step 6)."""
    return tuple(role for role in ("defender", "attacker")
                 if role in dive and may_submerge(setup.ruleset, alive[role], alive[enemy(role)]))


class Diving(Chain):
    """The general chain whose end of a round also stops where a side's subs submerge (``SUBMERGE``), with what
    each side has ``away`` already (the engine's verdict reads the attacker's)."""

    def __init__(self, setup: BattleSetup, dive: frozenset[str], away: dict[str, Force],
                 **kwargs: Unpack[ChainOptions]) -> None:
        super().__init__(setup, **kwargs)
        self.dive = dive
        self.engine.away = dict(away)

    def end_of_round(self, a: Army, d: Army) -> tuple[Army, Army, str | None]:
        a2, d2, done = super().end_of_round(a, d)
        if done is None and divers(self.setup, self.dive, {"attacker": a2, "defender": d2}):
            done = SUBMERGE
        return a2, d2, done


def _with(army: Army, away: Force, ruleset: Ruleset) -> Army:
    return Army(army.units.plus(away, ruleset), army.damaged) if away else army


def fought(setup: BattleSetup, start: dict[str, Army], dive: frozenset[str], phase: Phase, zero: Chance,
           away: dict[str, Force] | None = None) -> Fought:
    """The law of the battle's end with subs that submerge: {"ends", "rounds", "pruned", "work"}.

    ``phase`` solves one chain from armies (a :class:`Diving` chain, the sea chain's or the general one); each of
    its ``SUBMERGE`` ends is carried on here. The expected rounds add up: those to the submerging, then, weighed
    by its chance, those after it."""
    ruleset = setup.ruleset
    away = away or {role: Force(()) for role in ROLES}
    got = phase(start, away)
    ends: EndLaw = {}
    rounds, pruned, work = got["rounds"], got["pruned"], got.get("work", 0)
    subs = kinds(ruleset).subs
    for (outcome, a, d), p in got["ends"].items():
        if outcome != SUBMERGE:
            key = (outcome, _with(a, away["attacker"], ruleset), _with(d, away["defender"], ruleset))
            ends[key] = ends.get(key, zero) + p
            continue
        alive, left = {"attacker": a, "defender": d}, dict(away)
        for role in divers(setup, dive, alive):
            army = alive[role]
            left[role] = left[role].plus(army.only(subs), ruleset)
            alive[role] = army.without(subs)
        engine = Battle(setup, Quiet())
        engine.alive, engine.away = alive, left
        done = engine.decided()
        if done is not None:
            key = (done, _with(alive["attacker"], left["attacker"], ruleset),
                   _with(alive["defender"], left["defender"], ruleset))
            ends[key] = ends.get(key, zero) + p
            continue
        rest = fought(setup, alive, dive, phase, zero, left)
        for key, q in rest["ends"].items():
            ends[key] = ends.get(key, zero) + p * q
        rounds += p * rest["rounds"]
        pruned += p * rest["pruned"]
        work += rest["work"]
    return {"ends": ends, "rounds": rounds, "pruned": pruned, "work": work}
