"""The exact chain for sea battles: a side's state is the hits taken by each class of casualty.

A side's army is named by its hits taken per class of casualty (subs,
aircraft, other ships: :mod:`.side`), a battle state by two such names. No
rule is written here (the ladder's principle, docs/rules.md § The
calculator): every army comes from the engine's ``allocate`` and
``Army.after``; what fires in a step is the engine's ``sub_group`` and
``main_groups`` (:mod:`.laws`); the sub strike's casualties leave at once
unless the victim has a destroyer (``Battle.sub_step``, :mod:`.rounds`);
under the printed sub rule (docs/rules.md §2 "The sub step") subs facing a
destroyer fire with the main groups, and where those groups' targets are not
nested their hits are placed at once by the engine's ``allocate``
(``Fleet.together``); the end of a round (defenseless transports,
``decided``) is the engine's ``Battle``, through :class:`chain.Chain`. Subs
never submerge: the policy of the engine's own tables when nobody decides
(``Quiet``, the seeded simulation), so the calculator and a seeded battle
answer the same question.

Speed: each state is settled once (:mod:`.settle`); the engine is asked once
per army and target set, per firing force and what it reads of the victim, and
per pair of type sets; a victim's law is worked out once per enemy fire. Each side, with what is built on it, is
kept from one calculation to the next (:mod:`.kept`).

Pruning, as the land chain's: laws are cut where their tails are below
``tail``, states reached with less than ``floor`` are dropped, and the mass
that went in and did not come out is reported as ``pruned``: every
probability is low by at most that.
"""

from __future__ import annotations

from ...engine.army import Army
from ...engine.sequence import MAX_ROUNDS
from ...engine.setup import BattleSetup
from ...forces import Force
from ..chain import Chain
from . import kept
from .laws import Fleet
from .rounds import EndLaw, Solved, by_rounds, combos
from .settle import Verdict, to_the_end
from .side import NotFleet, Side, TypeSet
from .submerge import Diving, Fought, fought
from .work import ENTRY_WORK, PLACE_WORK, STATE_WORK, TOGETHER_WORK, WORK_BUDGET, TooMuchWork
from ..total import fsum

__all__ = ["CLASSES", "ENTRY_WORK", "Ending", "Fleet", "NotFleet", "PLACE_WORK", "STATE_WORK", "Side",
           "TOGETHER_WORK", "TooMuchWork", "WORK_BUDGET", "combos", "solve"]

CLASSES = ("subs", "air", "ships")
"""Classes of casualty: the sets of unit types that every group of the engine hits alike (docs/rules.md §2)."""


MAX_ENDINGS = 20_000
"""The most ends of a round kept across calculations (:data:`_ENDINGS`): a 28 v 28 battle meets about 100 pairs
of type sets; past it the whole store is dropped, so a long-lived worker stays small."""

_ENDINGS: dict[tuple[object, ...], dict[tuple[TypeSet, TypeSet], Verdict]] = {}
"""What the end of a round decides, by what of the battle it reads (:func:`_shape`), then by the pair of unit type
sets left: the engine's answer does not depend on the counts (:class:`Ending`), so battles of one shape share it."""


def _shape(setup: BattleSetup, chain: Chain) -> tuple[object, ...]:
    """What the end of a round reads of a battle besides the units left: the rules, the system as configured, the
    sub rule, each side's technology and folded subs (what decides whether a side can still hurt the other)."""
    return (setup.ruleset.id, setup.system.id, repr(sorted(setup.system.spec().items())), setup.kind, setup.lhtr,
            setup.sub_rule, *[(side.tech, side.fold_subs, side.air_over_aa) for side in (setup.attacker,
                                                                                          setup.defender)],
            *_diving(chain))


def _diving(chain: Chain) -> tuple[()] | tuple[tuple[str, ...], bool]:
    """What the end of a round reads besides under the ``submerge`` option: who submerges, and whether the
    attacker has subs away already (the engine's verdict reads it)."""
    if not isinstance(chain, Diving):
        return ()
    return (tuple(sorted(chain.dive)), bool(chain.engine.away["attacker"]))


class Ending:
    """The engine's end of a round (``Battle.lose_lonely_transports``, ``decided``) by named armies.

    What it decides depends on which unit types each side has left (a side
    of transports alone, whether anybody can still hurt anybody: a type's
    value is its own, support only adds), so it is asked once per pair of
    type sets, of the engine itself (``Chain.end_of_round``), and read as
    (attacker wiped out, defender wiped out, outcome); ``table`` holds it by
    ``TYPES · attacker's types + defender's types`` (False: the battle goes on,
    nobody is lost), for the chain's own loop.
    """

    TYPES = 1 << 20

    def __init__(self, chain: Chain, fleet: Fleet) -> None:
        self.chain = chain
        self.A, self.D = fleet.sides["attacker"], fleet.sides["defender"]
        self.m = fleet.m
        self.table: dict[int, Verdict] = {}
        empty = Army(Force(()))
        self.empty = (self.A.name(empty), self.D.name(empty))
        self.kept = _ENDINGS.setdefault(_shape(chain.setup, chain), {})

    def read(self, ia: int, id_: int) -> Verdict:
        """False where the battle goes on from this state, else (attacker wiped out, defender wiped out, outcome)."""
        A, D = self.A, self.D
        key = self.TYPES * A.types[ia] + D.types[id_]
        got = self.table.get(key)
        if got is None:
            # Kept across calculations by the type sets themselves (the same battle's verdict, :data:`_ENDINGS`).
            sets = (A.type_sets[A.types[ia]], D.type_sets[D.types[id_]])
            got = self.kept.get(sets)
            if got is None:
                a, d = A.armies[ia], D.armies[id_]
                a2, d2, done = self.chain.end_of_round(a, d)
                got = (not a2 and bool(a), not d2 and bool(d), done)
                got = got if any(got) else False
                if sum(map(len, _ENDINGS.values())) >= MAX_ENDINGS:
                    _ENDINGS.clear()
                    self.kept = _ENDINGS.setdefault(_shape(self.chain.setup, self.chain), {})
                self.kept[sets] = got
            self.table[key] = got
        return got

    def __call__(self, ia: int, id_: int) -> tuple[int, str | None]:
        """(the state the end of the round leaves, as attacker name · m + defender name; the outcome or None)."""
        got = self.read(ia, id_)
        if not got:
            return ia * self.m + id_, None
        wipe_a, wipe_d, done = got
        return (self.empty[0] if wipe_a else ia) * self.m + (self.empty[1] if wipe_d else id_), done


def solve(setup: BattleSetup, start: dict[str, Army], tail: float, floor: float, rounds: int | None = None,
          budget: int | None = None, dive: frozenset[str] = frozenset()) -> Solved | Fought:
    """The law of the end of a sea battle: {"ends": {(outcome, attacker, defender): p}, "rounds", "pruned"}.

    Without a round limit each state is settled once (:mod:`.settle`). With
    ``rounds`` the law is carried round by round, and what still fights is
    ``in_progress``. A sea battle has no opening fire (no AA gun, no
    bombardment), so a battle taken up in a later round ("odds from here") is
    solved the same way from its ``start`` armies.
    """
    if setup.kind != "sea":
        raise NotFleet("only sea battles (no AA gun, no bombardment)")
    if dive:
        if rounds is not None:
            raise NotFleet("subs that submerge are solved to the end only")
        limit, spent = WORK_BUDGET if budget is None else budget, [0]

        def phase(armies: dict[str, Army], away: dict[str, Force]) -> Solved:
            # Every phase's work counts against the one bound (the chain gives way past it, as without subs).
            got = _solve(setup, armies, tail, floor, limit - spent[0], dive, away)
            spent[0] += got.get("work", 0)
            return got

        return fought(setup, start, dive, phase, 0.0)
    return _solve(setup, start, tail, floor, budget, rounds=rounds)


def _solve(setup: BattleSetup, start: dict[str, Army], tail: float, floor: float, budget: int | None,
           dive: frozenset[str] = frozenset(), away: dict[str, Force] | None = None, rounds: int | None = None
           ) -> Solved:
    """:func:`solve` of one chain; with ``dive`` it stops where subs submerge (``submerge.Diving``)."""
    # With ``dive`` the caller is :func:`solve`'s phase, which always passes ``away``.
    chain = (Diving(setup, dive, away, exact=False, tail=tail, floor=floor, start=start)  # type: ignore[arg-type]
             if dive else Chain(setup, exact=False, tail=tail, floor=floor, start=start))
    a0, d0, _ = chain.start()
    if chain.engine.decided() == "stalemate":
        return {"ends": {("stalemate", a0, d0): 1.0}, "rounds": 0.0, "pruned": 0.0}
    try:
        fleet = Fleet(setup, start, tail)
        try:
            return _fought(setup, chain, fleet, floor, budget, rounds)
        except NotFleet:
            if not fleet.reused:
                raise
        # A kept side named armies of another battle that this one meets under the same counters: whether a new
        # side would have met them too is this battle's own question, asked afresh.
        return _fought(setup, chain, Fleet(setup, start, tail, keep=False), floor, budget, rounds)
    finally:
        kept.trim()                 # the bound holds between calculations, whatever this one left


def _fought(setup: BattleSetup, chain: Chain, fleet: Fleet, floor: float, budget: int | None,
            rounds: int | None) -> Solved:
    """:func:`_solve`'s chain worked on ``fleet``'s laws."""
    limit = fleet.budget = WORK_BUDGET if budget is None else budget
    A, D = fleet.sides["attacker"], fleet.sides["defender"]
    m = fleet.m
    ends: EndLaw = {}

    def record(outcome: str, key: int, p: float) -> None:
        ia, id_ = divmod(key, m)
        k = (outcome, A.armies[ia], D.armies[id_])
        ends[k] = ends.get(k, 0.0) + p

    end_of_round = Ending(chain, fleet)
    if rounds is not None:
        return by_rounds(fleet, fleet.starts["attacker"] * m + fleet.starts["defender"], min(rounds, MAX_ROUNDS), end_of_round, record, ends, floor,
                         limit)
    expected_rounds, work = to_the_end(fleet, end_of_round, record, floor, limit)
    pruned = max(0.0, 1.0 - fsum(ends.values()))
    return {"ends": ends, "rounds": expected_rounds, "pruned": pruned, "work": work + fleet.work}
