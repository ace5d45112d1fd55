"""Who is lost: the victim's casualties, proposed from his order of loss (docs/rules.md §2).

An army is a tuple of ``(unit id, intact, damaged)`` in the ruleset's unit order, zero rows dropped;
``damaged`` only for two-hit units that took one hit.

The rules applied, hit by hit:
- a hit may land only on a unit its group may target (subs never hit aircraft; aircraft without a
  friendly destroyer never hit subs where the ruleset says so; an AA gun that is never a casualty is not
  a target) — docs/rules.md §2;
- two-hit units absorb a hit first, before anything else is lost, in order of loss among two-hit types
  (docs/rules.md §2 "Two-hit units"); a second hit sinks them;
- otherwise the first unit of the victim's order of loss is lost (cheapest first by default), except
  that defenseless transports go only when nothing else the hit may take is left (docs/rules.md
  "Transports");
- the groups whose hits are restricted are placed first (docs/rules.md "Casualty choice"), so no hit
  is wasted that could have landed: the target sets of one step are nested (non-sub ⊂ any), so placing
  the narrower group first uses the most hits. Under the printed sub rule (docs/rules.md §2 "The sub
  step") sub hits and aircraft hits meet in one step, their targets not nested: ``allocate_together``
  places all hits at once.
"""

from __future__ import annotations

from functools import lru_cache

ANY, NOT_AIR, NOT_SUB = "any", "not_air", "not_sub"


def as_dict(army) -> dict:
    return {uid: [intact, damaged] for uid, intact, damaged in army}


def as_army(rows: dict, ruleset) -> tuple:
    return tuple((uid, rows[uid][0], rows[uid][1]) for uid in ruleset.units
                 if uid in rows and rows[uid][0] + rows[uid][1] > 0)


def counts(army) -> dict:
    """Units alive by type (a damaged unit is alive)."""
    return {uid: intact + damaged for uid, intact, damaged in army}


def is_casualty_type(ruleset, uid: str) -> bool:
    """An AA gun is a casualty only in 1942-2e and 1940-2e; elsewhere it never is (docs/rules.md §2)."""
    return uid != "aa_gun" or ruleset.aa_is_casualty


def may_target(ruleset, target: str, uid: str) -> bool:
    unit = ruleset.unit(uid)
    if not is_casualty_type(ruleset, uid):
        return False
    if target == NOT_AIR:
        return unit.domain != "air"
    if target == NOT_SUB:
        return uid != "submarine"
    return True


def full_order(ruleset, role: str, chosen) -> tuple:
    """The player's order first, then the units it does not list in the default order (docs/rules.md)."""
    chosen = tuple(u for u in (chosen or ()) if u in ruleset.units)
    seen = set(chosen)
    return chosen + tuple(u for u in ruleset.order_of_loss[role] if u not in seen) + tuple(
        u for u in ruleset.units if u not in seen and u not in ruleset.order_of_loss[role])


@lru_cache(maxsize=None)
def allocate(ruleset, order: tuple, army: tuple, hits: tuple, keep_destroyer: bool = False) -> tuple:
    """The army after ``hits`` (a tuple of (target kind, n), narrowest first) and the units lost.

    Returns ``(army after, lost)`` with ``lost`` a tuple of (unit id, n) killed by these hits (damage
    alone is not a loss). ``keep_destroyer`` (docs/rules.md §9 "Destroyers kept last"): a hit that would sink
    the victim's last destroyer takes any other unit it may take instead (defenseless transports still last)."""
    rows = as_dict(army)
    lost: dict = {}
    for target, n in hits:
        for _ in range(n):
            options = [u for u in order if u in rows and sum(rows[u]) > 0 and may_target(ruleset, target, u)]
            if not options:
                break  # the rest of this group's hits find nothing to take
            absorber = next((u for u in options if ruleset.unit(u).hit_points >= 2 and rows[u][0] > 0), None)
            if absorber is not None:
                rows[absorber][0] -= 1
                rows[absorber][1] += 1
                continue
            if ruleset.transports_defenseless:
                others = [u for u in options if u != "transport"]
                options = others or options
            victim = options[0]
            if keep_destroyer and victim == "destroyer" and sum(rows["destroyer"]) == 1:
                victim = next((u for u in options if u != "destroyer"), victim)
            if rows[victim][1] > 0:
                rows[victim][1] -= 1
            else:
                rows[victim][0] -= 1
            lost[victim] = lost.get(victim, 0) + 1
    return as_army(rows, ruleset), tuple(sorted(lost.items()))


@lru_cache(maxsize=None)
def allocate_together(ruleset, order: tuple, army: tuple, hits: tuple, keep_destroyer: bool = False) -> tuple:
    """The printed reading of the sub step (docs/rules.md §2 "The sub step"): all hits of one step placed at
    once. Same return as :func:`allocate`.

    The victim's units are offered one hit point at a time in his order of preference: first one hit on
    each intact two-hit unit (in order of loss), then a loss of each unit in order of loss, defenseless
    transports after everything else. An offer is taken when the offers taken so far, with it, can each
    be given a hit of their own that may fall on them (a matching, found here by augmenting paths); it
    stops when every hit is used."""
    rows = as_dict(army)
    shots = [target for target, n in hits for _ in range(n)]
    owner: list = [None] * len(shots)   # shot index -> offer index holding it
    offers: list = []                  # unit id per offer taken

    def offer(uid) -> bool:
        if len(offers) == len(shots):
            return False
        # Try to match the new offer; on failure the matching is left as it was.
        saved = list(owner)
        index = len(offers)
        offers.append(uid)
        if _match(ruleset, shots, offers, owner, index):
            return True
        offers.pop()
        owner[:] = saved
        return False

    absorbed: dict = {}
    for uid in order:
        if uid in rows and ruleset.unit(uid).hit_points >= 2:
            for _ in range(rows[uid][0]):
                if not offer(uid):
                    break
                absorbed[uid] = absorbed.get(uid, 0) + 1
    last = ("transport",) if ruleset.transports_defenseless else ()
    lost: dict = {}
    # With ``keep_destroyer`` the last destroyer is offered after every other unit but defenseless transports.
    kept = ("destroyer",) if keep_destroyer and "destroyer" in rows else ()
    head = [u for u in order if u not in last]
    for k, uid in enumerate(head + list(kept) + [u for u in order if u in last]):
        if uid not in rows:
            continue
        first_of_kept = uid in kept and k < len(head)
        for _ in range(sum(rows[uid]) - lost.get(uid, 0) - (1 if first_of_kept else 0)):
            if not offer(uid):
                break
            lost[uid] = lost.get(uid, 0) + 1
    for uid, k in absorbed.items():
        rows[uid][0] -= k
        rows[uid][1] += k
    for uid, k in lost.items():
        from_damaged = min(k, rows[uid][1])
        rows[uid][1] -= from_damaged
        rows[uid][0] -= k - from_damaged
    return as_army(rows, ruleset), tuple(sorted(lost.items()))


def _match(ruleset, shots: list, offers: list, owner: list, new: int) -> bool:
    """Kuhn's augmenting path from offer ``new``: reassign shots along the path if one frees a shot for it."""
    def visit(k, seen) -> bool:
        for i, target in enumerate(shots):
            if i in seen or not may_target(ruleset, target, offers[k]):
                continue
            seen.add(i)
            if owner[i] is None or visit(owner[i], seen):
                owner[i] = k
                return True
        return False
    return visit(new, set())
