"""The sea chain's bound of work: what it counts as it goes, and where it gives way (docs/api.md "Cost budget")."""

from __future__ import annotations

WORK_BUDGET = 20_000_000
"""Work units (a state settled counts ``STATE_WORK``, each law met at a state ``ENTRY_WORK``, each outcome pushed
or law cell spread one) the chain may do before it gives way (:class:`TooMuchWork`): the states a sea battle
reaches depend on how its groups' targets cross (aircraft, subs, destroyers on both sides), which its unit counts
alone do not tell, so the chain counts its work as it goes and stops at a bound, whatever the battle (its time
per unit: ``cost.FLEET_UNIT_SECOND``)."""
STATE_WORK = 40
ENTRY_WORK = 16
"""A law met at a state (a sub strike's outcome, or the main fire from a position after the strikes) costs about
as much as 16 cells beside the cells it spreads: where two strikes' outcomes cross (subs on both sides, no
destroyers) a state meets dozens."""
TOGETHER_WORK, PLACE_WORK = 4, 200
"""Work units per combination of hit counts placed at once (:meth:`Fleet.together`, the printed sub rule only),
and per such placement asked of the engine (its joint placement, ``casualties._place_together``, with the
chain's own handling of it)."""


class TooMuchWork(Exception):
    """The sea chain reached its bound of work: the battle is given to Monte Carlo, or refused."""

    def __init__(self, work: int):
        super().__init__(f"the exact sea chain stopped after {work:,} units of work")
        self.work = work
