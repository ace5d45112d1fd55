"""Casualties: the app's proposal from an order of loss, and the check of a player's own choice.

docs/rules.md §2: the victim chooses; the app proposes from the order of loss
(cheapest first by default, editable); two-hit units absorb a hit first.
Hits land only where their group may hit (``Group.targets``): a sub's hit is
never on an aircraft, an aircraft without a destroyer never hits a sub, AA
hits only aircraft. Transports that are defenseless (anniversary and later)
are taken last, only when nothing else the hit may take is left. Where two
groups' targets are not nested (the printed sub rule: sub hits beside aircraft
hits that cannot take subs, docs/rules.md §2 "The sub step") all hits are
placed at once, cheapest first, as many as a matching allows.

A choice is a pair of maps, ``lost`` (units removed) and ``damaged`` (two-hit
units hit once). It is accepted when it uses exactly as many hits as the
proposal (the most the hits can do) and the hits of every group can be placed
on it; otherwise it is refused with the reason, in words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Mapping, Sequence

from ..errors import BadRequest, show
from .army import Army
from .firing import Group
from .kinds import kinds
from .setup import BattleSetup


@dataclass(frozen=True, slots=True)
class Casualties:
    lost: dict[str, int] = field(default_factory=dict)
    damaged: dict[str, int] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.lost or self.damaged)

    def to_json(self) -> dict[str, dict[str, int]]:
        return {"lost": dict(self.lost), "damaged": dict(self.damaged)}


WHY = {
    "subs": "submarines cannot hit aircraft",
    "air": "aircraft cannot hit submarines without a friendly destroyer",
    "aa": "AA guns hit aircraft only",
}


def _is_defenseless_transport(setup: BattleSetup, unit_id: str) -> bool:
    return setup.ruleset.rules.transports_defenseless and "transport" in setup.ruleset.unit(unit_id).abilities


MAX_ORDERS = 256
"""Orders of loss kept per ruleset with their transports moved last (``Kinds.last_orders``); past this the
table starts again (a request brings two orders, so this is never reached within one)."""
MAX_TARGETS = 1024
"""Target sets kept per order of loss with the types they may take in that order; past this, started again."""


MAX_HITS = 8192
"""Armies whose next casualty :func:`one_hit` keeps per target set (``Kinds.hits``); past this the table starts
again, so a long-lived worker stays small. A sea battle's calculators meet a few thousand."""


def one_hit(setup: BattleSetup, army: Army, group: Group, order: tuple[str, ...]) -> tuple[str, Army] | None:
    """Where one more hit of ``group`` lands: (the unit type that takes it, the army after), or None where nothing
    it may hit is left. :func:`allocate`'s own answer for one hit, kept per army, target set and order of loss in
    the ruleset's table: the calculators walk the same armies hit by hit again and again."""
    hits = kinds(setup.ruleset).hits
    key = (army, group.targets, order)
    try:
        return hits[key]
    except KeyError:
        pass
    cas = allocate(setup, army, [(group, 1)], order)
    got = None
    if cas:
        (uid,) = cas.lost or cas.damaged
        got = (uid, army.after(cas.lost, cas.damaged))
    if len(hits) >= MAX_HITS:
        hits.clear()
    hits[key] = got
    return got


def allocate(setup: BattleSetup, army: Army, hits: Sequence[tuple[Group, int]], order: Sequence[str]) -> Casualties:
    """The proposal: groups with the fewest targets first, each hit on the first eligible unit.

    First an intact two-hit unit absorbs it (in order of loss), else the first
    type in the order of loss still standing. Where the groups' targets are
    nested (seed 002's reading: at most one restricted group per step) this
    places as many hits as any allocation could; where they are not (the
    printed sub rule's steps 3–4), :func:`_place_together` places them.
    """
    table = kinds(setup.ruleset)
    order = tuple(order)
    got = table.last_orders.get(order)
    if got is None:
        if len(table.last_orders) >= MAX_ORDERS:
            table.last_orders.clear()
        last = table.last
        moved = [uid for uid in order if uid not in last] + [uid for uid in order if uid in last]
        got = table.last_orders[order] = (moved, {}, _kept_last(moved))
    order, ables, keep = got
    if len(hits) > 1:
        if not _nested(hits):
            lost, damaged = _place_together(setup, army, hits, order)
            return Casualties(lost, _net_damage(army, lost, damaged))
        hits = sorted(hits, key=lambda gh: len(gh[0].targets))
    counts = army.units.counts
    left = dict(counts)
    two_hit = table.two_hit
    intact: dict[str, int] = {}
    for uid, n in counts:
        if uid in two_hit:
            intact[uid] = n - army.damaged.count(uid)
    lost = {}
    damaged = {}
    for group, count in hits:
        targets = group.targets
        able = ables.get(targets)
        if able is None:
            if len(ables) >= MAX_TARGETS:
                ables.clear()
            able = ables[targets] = [uid for uid in order if uid in targets]  # in order of loss, transports last
        for _ in range(count):
            if intact and _take_first(able, intact, damaged):
                continue                        # an intact two-hit unit absorbs it
            # Defenseless transports stand last in ``order``: reached only when nothing else is left.
            if not (_take_first_keeping(able, left, lost, keep) if keep else _take_first(able, left, lost)):
                break  # no unit left that this group may hit: the rest of its hits are lost
    return Casualties(lost, _net_damage(army, lost, damaged))


def _take_first(able: list[str], standing: dict[str, int], taken: dict[str, int]) -> bool:
    """Move one unit of the first type of ``able`` still ``standing`` to ``taken``; False if none is left."""
    for uid in able:
        if standing.get(uid, 0) > 0:
            standing[uid] -= 1
            taken[uid] = taken.get(uid, 0) + 1
            return True
    return False


def _kept_last(order: Sequence[str]) -> frozenset[str]:
    """Types listed twice in an order of loss: each keeps its last unit for its second place (the calculator's
    ``destroyer_last``, docs/rules.md §9 "Destroyers kept last"); none in an order a request gives."""
    return frozenset(uid for i, uid in enumerate(order) if uid in order[:i]) if len(set(order)) < len(order) \
        else frozenset()


def _take_first_keeping(able: list[str], standing: dict[str, int], taken: dict[str, int], keep: frozenset[str]) -> bool:
    """:func:`_take_first` where a type of ``keep`` stands twice in ``able``: at its first place its last unit
    stays, to be taken at its second, after every other type there."""
    seen: set[str] = set()
    for uid in able:
        spare = 1 if uid in keep and uid not in seen else 0
        seen.add(uid)
        if standing.get(uid, 0) > spare:
            standing[uid] -= 1
            taken[uid] = taken.get(uid, 0) + 1
            return True
    return False


def _net_damage(army: Army, lost: dict[str, int], damaged: dict[str, int]) -> dict[str, int]:
    """A unit damaged and then lost in the same step is simply lost (losses take damaged units first)."""
    final_damaged: dict[str, int] = {}
    # In a fixed order (never a set's): the JSON of a replayed link must not depend on the process's hash seed.
    for unit_id in dict.fromkeys([*damaged, *lost]) if damaged or army.damaged else ():
        before, new, gone = army.damaged.count(unit_id), damaged.get(unit_id, 0), lost.get(unit_id, 0)
        extra = max(0, before + new - gone) - max(0, before - gone)
        if extra:
            final_damaged[unit_id] = extra
    return final_damaged


def _nested(hits: Sequence[tuple[Group, int]]) -> bool:
    """Whether the target sets of these hits form a chain (each inside the next), as in every step of seed
    002's reading; then placing the narrowest group first is already the best placement."""
    sets = {group.targets for group, n in hits if n}
    if len(sets) < 2:
        return True
    ordered = sorted(sets, key=len)
    for a, b in zip(ordered, ordered[1:]):
        if not a <= b:
            return False
    return True


def _place_together(setup: BattleSetup, army: Army, hits: Sequence[tuple[Group, int]],
                    order: Sequence[str]) -> tuple[dict[str, int], dict[str, int]]:
    """All hits of one step placed at once, when no group's targets contain another's (docs/rules.md §2 "The
    sub step": sub hits, which never take aircraft, beside aircraft hits, which cannot take subs).

    The victim's units are taken one at a time in his order of preference — first a hit absorbed by each
    intact two-hit unit (in order of loss), then losses in order of loss (defenseless transports already
    last) — and a unit is taken only if every unit taken so far can still be matched each to a hit its
    group may give (Hall's condition over the groups, at most a few). That is the greedy way to the most
    hits placed, cheapest first; with nested targets it gives what :func:`allocate` gives.
    """
    table = kinds(setup.ruleset)
    shots = [(group.targets, n) for group, n in hits if n]
    total = sum(n for _, n in shots)
    # Sets of groups as bit masks (group i is bit i): ``room[s]`` hits the groups in s can give, ``need[s]``
    # units taken that only groups in s may take.
    full = 1 << len(shots)
    room = [0] * full
    for mask in range(1, full):
        low = mask & -mask                  # the set less its first group, plus that group's hits
        room[mask] = room[mask ^ low] + shots[low.bit_length() - 1][1]
    need = [0] * full
    above: dict[int, list[int]] = {}        # a set of groups -> every set containing it
    taken = 0

    def take(unit_id: str, wanted: int) -> int:
        """Take up to ``wanted`` hit slots on this type, as many as Hall's condition still allows."""
        nonlocal taken
        able = 0
        for i, (targets, _) in enumerate(shots):
            if unit_id in targets:
                able |= 1 << i
        if not able or not wanted:
            return 0
        sets = above.get(able)
        if sets is None:
            sets = above[able] = [s for s in range(1, full) if s & able == able]
        free = min([room[s] - need[s] for s in sets])
        k = min(wanted, free, total - taken)
        if k > 0:
            for s in sets:
                need[s] += k
            taken += k
        return max(k, 0)

    # Once every hit is placed nothing more can be taken (``take`` gives 0): the walks stop there.
    hit_points = table.hit_points
    have = dict(army.units.counts)          # what army.count reads (a force lists each type once)
    standing = [uid for uid in order if have.get(uid) and uid in hit_points]   # in order of loss
    keep = _kept_last(standing)             # a type listed twice keeps its last unit for its second place
    damaged: dict[str, int] = {}
    for unit_id in dict.fromkeys(standing):
        if taken >= total:
            break
        if hit_points[unit_id] > 1:
            k = take(unit_id, army.intact(unit_id))
            if k:
                damaged[unit_id] = k
    lost: dict[str, int] = {}
    first = set(keep)
    for unit_id in standing:
        if taken >= total:
            break
        spare = 1 if unit_id in first else 0
        first.discard(unit_id)
        k = take(unit_id, have[unit_id] - spare - lost.get(unit_id, 0))
        if k:
            lost[unit_id] = lost.get(unit_id, 0) + k
    return lost, damaged


def check_choice(setup: BattleSetup, army: Army, hits: Sequence[tuple[Group, int]], order: Sequence[str],
                 lost: Mapping[str, int], damaged: Mapping[str, int], field: str) -> Casualties:
    """Accept the victim's own choice if the rules allow it; else a BadRequest saying why."""
    ruleset = setup.ruleset
    for name, chosen in (("lost", lost), ("damaged", damaged)):
        for unit_id, n in chosen.items():
            where = f"{field}.{name}.{unit_id}"
            have = army.count(unit_id) if name == "lost" else army.intact(unit_id)
            if not ruleset.has(unit_id):
                raise BadRequest(where, f"unknown unit {show(unit_id)}")
            if name == "damaged" and ruleset.unit(unit_id).hit_points < 2 and n:
                raise BadRequest(where, f"a {ruleset.unit(unit_id).name} takes one hit: it can be lost, not damaged")
            if n > have:
                what = "undamaged " if name == "damaged" else ""
                raise BadRequest(where, f"only {have} {what}{ruleset.unit(unit_id).name} can be {name} here, got {n}")
    for unit_id in [u for u in lost if u in damaged]:
        intact_left = army.intact(unit_id) - max(0, lost[unit_id] - army.damaged.count(unit_id))
        if damaged[unit_id] > intact_left:
            raise BadRequest(f"{field}.damaged.{unit_id}", f"only {intact_left} undamaged "
                             f"{ruleset.unit(unit_id).name} left to damage once {lost[unit_id]} are lost")
    proposal = allocate(setup, army, hits, order)
    need = army.hits_to_apply(ruleset, proposal.lost, proposal.damaged)
    used = army.hits_to_apply(ruleset, lost, damaged)
    total = sum(n for _, n in hits)
    # Hit points per chosen type.
    slots = {unit_id: army.hits_to_apply(ruleset, {unit_id: lost.get(unit_id, 0)}, {unit_id: damaged.get(unit_id, 0)})
             for unit_id in dict.fromkeys([*lost, *damaged])}
    slots = {u: n for u, n in slots.items() if n}
    for unit_id in slots:
        able = [g for g, _ in hits if unit_id in g.targets]
        if not able:
            reasons = sorted({WHY[g.name] for g, _ in hits if g.name in WHY})
            why = f" ({'; '.join(reasons)})" if reasons else ""
            raise BadRequest(f"{field}.lost.{unit_id}" if unit_id in lost else f"{field}.damaged.{unit_id}",
                             f"none of these hits may fall on a {ruleset.unit(unit_id).name}{why}")
    if used != need:
        raise BadRequest(field, f"{total} hit{'s' if total != 1 else ''} must take {need} hit point"
                                f"{'s' if need != 1 else ''} of units here, this choice takes {used}")
    # Hall's condition, by classes of types that the same groups may hit.
    classes: dict[frozenset[int], int] = {}
    for unit_id, n in slots.items():
        key = frozenset(i for i, (g, _) in enumerate(hits) if unit_id in g.targets)
        classes[key] = classes.get(key, 0) + n
    keys = list(classes)
    for size in range(1, len(keys) + 1):
        for subset in combinations(keys, size):
            reach: frozenset[int] = frozenset().union(*subset)
            if sum(classes[k] for k in subset) > sum(hits[i][1] for i in reach):
                names = sorted(uid for uid in slots if frozenset(i for i, (g, _) in enumerate(hits)
                                                              if uid in g.targets) in subset)
                reasons = sorted({WHY[g.name] for g, _ in hits if g.name in WHY})
                raise BadRequest(field, f"too many of these hits are placed on {', '.join(names)}"
                                        + (f" ({'; '.join(reasons)})" if reasons else ""))
    for unit_id in lost:
        if lost[unit_id] and _is_defenseless_transport(setup, unit_id):
            others = [u for u, n in army.units.counts if not _is_defenseless_transport(setup, u)
                      and any(u in g.targets for g, _ in hits) and n > lost.get(u, 0)]
            if others:
                raise BadRequest(f"{field}.lost.{unit_id}", "transports are taken last: "
                                 f"{ruleset.unit(others[0]).name} must go first")
    return Casualties({u: n for u, n in lost.items() if n}, {u: n for u, n in damaged.items() if n})


def has_choice(setup: BattleSetup, army: Army, hits: Sequence[tuple[Group, int]], proposal: Casualties) -> bool:
    """Whether the victim could choose otherwise than the proposal.

    True when some unit the hits may take is left standing (or only damaged)
    beside a different kind of unit the proposal takes, or when a two-hit
    unit could be sunk instead of merely damaged.
    """
    if not proposal:
        return False
    ruleset = setup.ruleset
    eligible = {uid for group, n in hits if n for uid in group.targets if army.count(uid)}
    after = army.after(proposal.lost, proposal.damaged)
    taken = set(proposal.lost) | set(proposal.damaged)
    spare = {uid for uid in eligible if after.hit_points(ruleset, uid) > 0}
    if any(uid not in taken for uid in spare) or any(uid not in spare for uid in taken if spare):
        return True
    return bool(proposal.damaged) and any(ruleset.unit(uid).hit_points > 1 for uid in eligible) and len(eligible) > 1
