"""One round of a sea battle from a state (docs/rules.md §2 (1)–(5)), read from the cached laws of :mod:`.laws`.

A round is the attacker's sub strike, the defender's, then the main fire of
both. A strike's casualties leave at once unless the victim has a destroyer
(``Battle.sub_step``: then they stay to fire, and the strike's hits are
placed with the main fire's, :meth:`Fleet.hit`). Two readings of a round:

* :func:`strikes` — where every strike's casualties leave at once, the
  round is its strikes' outcomes (which armies are left, with what chance),
  and then the main fire of the armies left, which depends on nothing else:
  the chain sums the outcomes of many states that lead to the same armies
  before their main fire is worked once (``settle``);
* :func:`combos` — every state: the main fire's laws per outcome of the
  strikes, the strikes' casualties staying where the victim has a destroyer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NotRequired, TypedDict

from ...engine.army import Army
from ...engine.sequence import MAX_ROUNDS
from .laws import Fleet
from .side import Landing, Outcomes
from .work import STATE_WORK, TooMuchWork
from ..total import fsum

EndLaw = dict[tuple[str, Army, Army], float]
"""The law of a sea battle's ends: (outcome, attacker left, defender left) → p."""
Record = Callable[[str, int, float], None]
"""Where an end goes: (outcome, attacker name · m + defender name, p)."""
EndOfRound = Callable[[int, int], tuple[int, str | None]]
"""The end of a round from a state (attacker name, defender name): (the state it leaves, the outcome or None)."""
Combos = list[tuple[float, Landing, Landing]]
"""One round's fire as [(p, attacker's law, defender's law)] (:func:`combos`)."""


class Solved(TypedDict):
    """The sea chain's answer: the law of the ends, the expected rounds, the mass pruned, the work done (not
    counted where the battle is a stalemate from the start)."""

    ends: EndLaw
    rounds: float
    pruned: float
    work: NotRequired[int]


def strikes(fleet: Fleet, ia: int, id_: int) -> tuple[float, list[tuple[float, int, int]]] | None:
    """Both sub strikes from a state where their casualties leave at once: (the chance that they leave both
    armies as they are, [(p, attacker after, defender after)] of the other outcomes), or None where a strike's
    casualties stay (its victim has a destroyer). The attacker strikes first; the defender then strikes with
    what is left of it (``Battle.sub_step``, its firing army)."""
    A, D = fleet.sides["attacker"], fleet.sides["defender"]
    reads_a, force_d = A.reads[ia], D.force
    cache = fleet.strikes["attacker"]
    key = 4 * A.force[ia] + D.reads[id_]
    strike = cache[key] if key in cache else fleet.sub_strike("attacker", A.force[ia], D.reads[id_])
    d_out: Sequence[tuple[int, float]]
    if strike is None:
        d_out = ((id_, 1.0),)
    elif D.destroyer[id_]:
        return None
    else:
        d_out = fleet.struck("defender", id_, strike)
    cache = fleet.strikes["defender"]
    out: list[tuple[float, int, int]] = []
    home = 0.0
    for d1, p1 in d_out:
        key = 4 * force_d[d1] + reads_a
        strike = cache[key] if key in cache else fleet.sub_strike("defender", force_d[d1], reads_a)
        if strike is None:
            if d1 == id_:
                home += p1
            else:
                out.append((p1, ia, d1))
        elif A.destroyer[ia]:
            return None
        else:
            for a1, p2 in fleet.struck("attacker", ia, strike):
                if a1 == ia and d1 == id_:
                    home += p1 * p2
                else:
                    out.append((p1 * p2, a1, d1))
    return home, out


def _struck(fleet: Fleet, role: str, victim: int, force: int) -> Outcomes:
    """[(victim after, p)] of the enemy force's sub strike on ``victim`` (casualties gone)."""
    other = "defender" if role == "attacker" else "attacker"
    strike = fleet.sub_strike(other, force, fleet.sides[role].reads[victim])
    return [(victim, 1.0)] if strike is None else fleet.struck(role, victim, strike)


def _hit(fleet: Fleet, role: str, victim: int, striker: int, firer: int) -> Landing:
    """The victim's law once the enemy's sub strike (force ``striker``) and then its main fire (force ``firer``)
    have landed, the strike's casualties staying to fire (the victim has a destroyer)."""
    other = "defender" if role == "attacker" else "attacker"
    reads = fleet.sides[role].reads[victim]
    strike = fleet.sub_strike(other, striker, reads)
    sig = fleet.main(other, firer, reads)
    if strike is None:
        return fleet.land(role, victim, sig)
    return fleet.hit(role, victim, strike, sig, fleet.main(other, firer, reads & 2))


def combos(fleet: Fleet, ia: int, id_: int) -> Combos:
    """One round's fire from a state as [(p, attacker's law, defender's law)], one entry per outcome of the
    strikes whose casualties leave at once: given it, the two sides' armies after the round are independent,
    so the round's law is the sum of the entries' outer products."""
    A, D = fleet.sides["attacker"], fleet.sides["defender"]
    fa, fd = A.force[ia], D.force[id_]
    land, main = fleet.land, fleet.main
    if D.destroyer[id_]:
        # The defender's strike casualties still fire: it fires as ``id_`` whatever the attacker's strike did.
        if A.destroyer[ia]:
            return [(1.0, _hit(fleet, "attacker", ia, fd, fd), _hit(fleet, "defender", id_, fa, fa))]
        reads_a = A.reads
        return [(p2, land("attacker", a1, main("defender", fd, reads_a[a1])), _hit(fleet, "defender", id_, fa, A.force[a1]))
                for a1, p2 in _struck(fleet, "attacker", ia, fd)]
    out: Combos = []
    reads_a, reads_d = A.reads, D.reads
    for d1, p1 in _struck(fleet, "defender", id_, fa):
        fd1 = D.force[d1]
        if A.destroyer[ia]:
            out.append((p1, _hit(fleet, "attacker", ia, fd1, fd1),
                        land("defender", d1, main("attacker", fa, reads_d[d1]))))
        else:
            for a1, p2 in _struck(fleet, "attacker", ia, fd1):
                out.append((p1 * p2, land("attacker", a1, main("defender", fd1, reads_a[a1])),
                            land("defender", d1, main("attacker", A.force[a1], reads_d[d1]))))
    return out


def round_from(fleet: Fleet, ia: int, id_: int) -> dict[int, float]:
    """{attacker name · m + defender name: p} after one round's fire (before its end)."""
    m = fleet.m
    out: dict[int, float] = {}
    for p, (sa, pa_), (sd, pd_) in combos(fleet, ia, id_):
        for a2, pa in zip(sa, pa_):
            c = p * pa
            base = a2 * m
            for d2, pd in zip(sd, pd_):
                key = base + d2
                out[key] = out.get(key, 0.0) + c * pd
    return out


def by_rounds(fleet: Fleet, start: int, limit: int, end_of_round: EndOfRound, record: Record, ends: EndLaw,
              floor: float, budget: int) -> Solved:
    """The law carried round by round for ``limit`` rounds; what still fights then is ``in_progress``."""
    m = fleet.m
    live = {start: 1.0}
    expected_rounds = 0.0
    work = 0
    for _ in range(min(limit, MAX_ROUNDS)):
        if not live:
            break
        expected_rounds += fsum(live.values())
        nxt: dict[int, float] = {}
        for key, mass in live.items():
            if mass < floor:
                continue
            step = round_from(fleet, *divmod(key, m))
            work += STATE_WORK + len(step)
            if work + fleet.work > budget:
                raise TooMuchWork(work + fleet.work)
            for k2, p in step.items():
                moved, done = end_of_round(*divmod(k2, m))
                if done is not None:
                    record(done, moved, mass * p)
                else:
                    nxt[moved] = nxt.get(moved, 0.0) + mass * p
        live = nxt
    for key, mass in live.items():
        record("in_progress", key, mass)
    pruned = max(0.0, 1.0 - fsum(ends.values()))
    return {"ends": ends, "rounds": expected_rounds, "pruned": pruned, "work": work + fleet.work}
