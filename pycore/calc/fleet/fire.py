"""What each side of a sea battle fires at the other: the engine's groups and the laws of their hits, cached.

What fires is the engine's ``sub_group`` and ``main_groups``, asked once per
firing force and what the groups read of the victim, of a stand-in victim
(:class:`Fire`); the law of a group's hits is the luck system's, cut where
its tails are below ``tail`` (kept across calculations for systems without
options, as the ladder keeps its chances). A set of main groups gets an id, its
*sig*: the victims' laws (:mod:`.laws`) are cached by it.
"""

from __future__ import annotations

from ...engine.army import Army
from ...engine.firing import Group, main_groups, sub_group
from ...engine.kinds import kinds
from ...engine.setup import BattleSetup
from ..ladder.packing import trim
from ..ladder.rungs import hit_law
from . import kept
from .side import Law, Strike
from .work import WORK_BUDGET


_LAWS: dict[tuple[str, float, tuple[int, ...], tuple[int, ...]], Law] = {}
"""(system id, tail, values, best of two): the trimmed float law of hits (systems named by their id alone)."""


class Fire:
    """The two sides of one sea battle and what each fires at the other (cached; :class:`.laws.Fleet` adds
    where the hits land)."""

    def __init__(self, setup: BattleSetup, start: dict[str, Army], tail: float, keep: bool = True) -> None:
        self.setup = setup
        self.tail = tail
        hits = kept.counts["hits"]
        self.sides = {role: kept.side(setup, role, start[role], keep) for role in ("attacker", "defender")}
        self.reused = kept.counts["hits"] > hits     # a side kept from another calculation (``_solve`` reads it)
        # The starting armies' names: a kept side may have started from an army that reaches this one.
        self.starts = {role: side.name(start[role]) for role, side in self.sides.items()}
        self.m = self.sides["defender"].size
        self._laws: dict[tuple[tuple[int, ...], tuple[int, ...]], Law] = {}
        # 4·force + reads -> None or (target id, law, id)
        self.strikes: dict[str, dict[int, Strike | None]] = {"attacker": {}, "defender": {}}
        # 4·force + reads -> sig (of the victim's side: ``Side.sig``)
        self.mains: dict[str, dict[int, int]] = {"attacker": {}, "defender": {}}
        self.work = 0                      # law cells worked out for the caches (counted by the chain's bound)
        self.budget = WORK_BUDGET          # the chain sets its own
        # What the engine's groups read of their victim (``firing._split``, ``firing._targets``,
        # ``firing.subs_join_main``): whether it has subs, under the printed sub rule whether it has a destroyer
        # (``Side.reads``), and which of its types may be hit. Asked of a stand-in with the same subs and
        # destroyers and every other type the victim ever had, the groups are the same and their targets a
        # superset (a type not present is skipped by ``allocate``): one engine call per firing force and what
        # the groups read of the victim, not per pair of armies.
        self._victims: dict[str, list[Army]] = {}
        # The engine's answers as the victim's side reads them, kept with that side (``Side.fired``) by what the
        # groups and their laws read of the battle (``firing._asked``: technology, folded subs, the rules and
        # system as configured; the tail), the stand-in victim, and the firing side's force.
        shape = (setup.ruleset.id, setup.system.id, repr(sorted(setup.system.spec().items())), tail, setup.kind,
                 setup.lhtr, setup.sub_rule, *[(side.tech, side.fold_subs, side.air_over_aa)
                                               for side in (setup.attacker, setup.defender)])
        printed = setup.sub_rule == "printed"
        table = kinds(setup.ruleset)
        subs, destroyers = table.subs, table.destroyers     # ``Army.without`` skips the types not present
        for role, army in start.items():
            # Indexed by ``Side.reads``: bit 0 subs kept, bit 1 destroyers kept (only read under the printed rule).
            self._victims[role] = ([army.without(subs | destroyers), army.without(destroyers), army.without(subs), army]
                                   if printed else [army.without(subs), army])
        # By firing role, then ``Side.reads``: the kept answers by force id (``Side.fired``).
        self._mains_kept: dict[str, list[dict[int, int]]] = {}
        self._strikes_kept: dict[str, list[dict[int, Strike | None]]] = {}
        for role, other in (("attacker", "defender"), ("defender", "attacker")):
            victim = self.sides[other]
            fired = [victim.fired(shape, stand_in, self.sides[role]) for stand_in in self._victims[other]]
            self._mains_kept[role] = [mains for mains, _ in fired]
            self._strikes_kept[role] = [strikes for _, strikes in fired]

    # -- what fires --------------------------------------------------------------------------
    def law(self, group: Group) -> Law:
        """(first hit count kept, probabilities) of one group's hits, tails below ``tail`` cut."""
        key = (group.values, group.best_of_two)
        got = self._laws.get(key)
        if got is None:
            system = self.setup.system
            # A system named by its id alone (no options: dice, Low Luck) has one law per values:
            # kept across calculations, as the ladder keeps its chances.
            shared = (system.id, self.tail) + key if system.spec() == {"name": system.id} else None
            got = _LAWS.get(shared) if shared is not None else None
            if got is None:
                lo, probs = trim(hit_law(system, group.values, group.best_of_two), self.tail)
                got = (lo, tuple(probs))
                if shared is not None:
                    _LAWS[shared] = got
            self._laws[key] = got
        return got

    def _stand_in(self, role: str, reads: int) -> Army:
        return self._victims["defender" if role == "attacker" else "attacker"][reads]

    def sub_strike(self, role: str, force: int, reads: int) -> Strike | None:
        """The engine's ``sub_group`` of ``role`` (None, or (target id, law, an id of the two: ``Side.strike``)), by
        firing force and what it reads of the victim (``Side.reads``)."""
        cache = self.strikes[role]
        key = 4 * force + reads
        if key in cache:                   # ``in`` and a subscript, not a .get call (dearer in Pyodide)
            return cache[key]
        fired = self._strikes_kept[role][reads]
        if force in fired:
            got = cache[key] = fired[force]
            return got
        group = sub_group(self.setup, role, self.sides[role].forces[force], self._stand_in(role, reads))
        got = None
        if group is not None and group.fires:
            victim = self.sides["defender" if role == "attacker" else "attacker"]
            got = victim.strike((victim.target(group.targets), self.law(group)))
        cache[key] = fired[force] = got
        return got

    def main(self, role: str, force: int, reads: int) -> int:
        """An id (sig, the victim side's: ``Side.sig``) of the engine's ``main_groups`` of ``role`` (laws and
        targets), by firing force and what it reads of the victim (``Side.reads``)."""
        cache = self.mains[role]
        key = 4 * force + reads
        if key in cache:
            return cache[key]
        fired = self._mains_kept[role][reads]
        if force in fired:
            got = cache[key] = fired[force]
            return got
        groups = main_groups(self.setup, role, self.sides[role].forces[force], self._stand_in(role, reads))
        victim = self.sides["defender" if role == "attacker" else "attacker"]
        # allocate places the groups with the fewest targets first.
        ordered = sorted(groups, key=lambda g: len(g.targets))
        got = cache[key] = fired[force] = victim.sig(tuple((victim.target(g.targets), self.law(g)) for g in ordered))
        return got
