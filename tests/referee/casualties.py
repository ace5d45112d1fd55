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
  the narrower group first uses the most hits.
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
def allocate(ruleset, order: tuple, army: tuple, hits: tuple) -> tuple:
    """The army after ``hits`` (a tuple of (target kind, n), narrowest first) and the units lost.

    Returns ``(army after, lost)`` with ``lost`` a tuple of (unit id, n) killed by these hits (damage
    alone is not a loss)."""
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
            if rows[victim][1] > 0:
                rows[victim][1] -= 1
            else:
                rows[victim][0] -= 1
            lost[victim] = lost.get(victim, 0) + 1
    return as_army(rows, ruleset), tuple(sorted(lost.items()))
