"""Casualties of one colour: within its guideline, chosen by the victim, or by the winner for red.

Seed 001: "Your opponent can generally choose which unit to take as the
casualty within the guidelines set by the current color … The only
exception is that the player who scores a hit with a red die is entitled to
choose which unit will be killed by that die." Which colours are the
winner's is the chart's ``choice``.

A casualty is a unit at a post (``fighter@yellow``): losing a fighter that
rolls yellow is not losing one that boosts white. The app proposes:

* for the victim, the order of loss (cheapest first) as in docs/rules.md §2: an
  intact two-hit unit absorbs a hit first; among posts of one type, the one
  whose loss costs the fewest dice or useful boosts;
* for the winner, the most valuable unit per hit (cost per hit point it
  still has), then the post whose loss costs the victim most dice.

Transports that are defenseless (anniversary and later) are taken last, as
in the engine. AA guns that are never casualties (before 1942-2e) are not
taken. A player's own choice is refused, with the reason, when it breaks
the guideline or uses fewer or more hits than the hits can take.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from ...errors import BadRequest, show
from ...jsontext import JsonObject
from ...rulesets import Ruleset
from .chart import Chart, Row
from .commit import Troops, color_of, unit_of
from .match import dice_count


@dataclass(frozen=True, slots=True)
class Loss:
    lost: dict[str, int] = field(default_factory=dict)       # by post
    damaged: dict[str, int] = field(default_factory=dict)    # by post

    def __bool__(self) -> bool:
        return bool(self.lost or self.damaged)

    def by_unit(self, which: str) -> dict[str, int]:
        out: dict[str, int] = {}
        for key, n in getattr(self, which).items():
            out[unit_of(key)] = out.get(unit_of(key), 0) + n
        return out

    def to_json(self) -> JsonObject:
        return {"lost": self.by_unit("lost"), "damaged": self.by_unit("damaged"),
                "posts": {"lost": dict(self.lost), "damaged": dict(self.damaged)}}


def _can_be_lost(ruleset: Ruleset, unit_id: str) -> bool:
    return ruleset.rules.aa_is_casualty or "anti_aircraft" not in ruleset.unit(unit_id).abilities


def _defenseless(ruleset: Ruleset, unit_id: str) -> bool:
    return ruleset.rules.transports_defenseless and "transport" in ruleset.unit(unit_id).abilities


def _hp(ruleset: Ruleset, troops: Troops, key: str) -> int:
    return troops.count(key) * ruleset.unit(unit_of(key)).hit_points - troops.damaged_count(key)


def _preferred(ruleset: Ruleset, guideline: str, unit_id: str) -> bool:
    unit = ruleset.unit(unit_id)
    if guideline == "aircraft_first":
        return unit.is_air
    if guideline in ("naval_first", "naval_only"):
        return unit.domain == "sea"
    return True


def candidates(ruleset: Ruleset, troops: Troops, guideline: str) -> list[str]:
    """Posts the next hit of this colour may fall on."""
    able = [k for k, n in troops.posts if _can_be_lost(ruleset, unit_of(k))
            and n * ruleset.unit(unit_of(k)).hit_points - troops.damaged_count(k) > 0]      # _hp, n read once
    first = [k for k in able if _preferred(ruleset, guideline, unit_of(k))]
    pool = first if first or guideline == "naval_only" else able
    solid = [k for k in pool if not _defenseless(ruleset, unit_of(k))]
    return solid or pool


def capacity(ruleset: Ruleset, troops: Troops, guideline: str) -> int:
    """The most hits this colour's guideline lets fall on these troops."""
    able = [k for k, _ in troops.posts if _can_be_lost(ruleset, unit_of(k))]
    if guideline == "naval_only":
        able = [k for k in able if ruleset.unit(unit_of(k)).domain == "sea"]
    return sum(_hp(ruleset, troops, k) for k in able)


def harm(chart: Chart, troops: Troops, key: str) -> int:
    """Dice (or useful boosts) the side loses for good with one unit of this post: 0 or 1."""
    color = color_of(key)
    if color is None:
        return 0
    row = chart.row(color)
    unit_id = unit_of(key)
    rollers = {unit_of(k): n for k, n in troops.posts if color_of(k) == color and unit_of(k) in row.rolls}
    dice = dice_count(rollers)
    if unit_id in row.rolls:
        fewer = dict(rollers)
        fewer[unit_id] -= 1
        return dice - dice_count(fewer)
    kind = row.boost_kind(unit_id)
    boosters = sum(n for k, n in troops.posts if color_of(k) == color and row.boost_kind(unit_of(k)) == kind)
    return 1 if boosters <= dice else 0


def _first(pool: list[str], rank: Callable[[str], float]) -> list[str]:
    """The posts of ``pool`` with the least ``rank``, in pool order: a choice by (rank, then more) is the
    choice by the rest among these alone. Why: ``harm`` (the dice a loss costs) is the dear part of a
    proposal, and it only separates posts of equal rank (one type at several posts, mostly)."""
    if len(pool) == 1:
        return pool
    ranks = [rank(k) for k in pool]
    least = min(ranks)
    return [k for k, r in zip(pool, ranks) if r == least]


_KEPT: dict[tuple[int, int], tuple[Ruleset, Chart, dict[tuple[object, ...], Loss]]] = {}
"""(id(ruleset), id(chart)) → (ruleset, chart, {question: proposal}). The entry holds the ruleset and chart
themselves, so their ids cannot be reused while it lives; cleared whole beyond ``_KEPT_MOST`` answers (550 battles
of a 60 v 60 Monte Carlo keep about 9,500; a few MB at most)."""
_KEPT_MOST = 20_000


def _kept(ruleset: Ruleset, chart: Chart) -> dict[tuple[object, ...], Loss]:
    """The proposals already worked for this ruleset and chart (a proposal depends on nothing else than its
    arguments). Why: Monte Carlo fights the same battle hundreds of times and the exact chain may be asked
    the same battle again; their troops meet the same casualties over and over."""
    got = _KEPT.get((id(ruleset), id(chart)))
    if got is None or got[0] is not ruleset or got[1] is not chart or len(got[2]) > _KEPT_MOST:
        if len(_KEPT) > 8:
            _KEPT.clear()
        got = _KEPT[(id(ruleset), id(chart))] = (ruleset, chart, {})
    return got[2]


def victim_proposal(ruleset: Ruleset, chart: Chart, troops: Troops, hits: int, guideline: str,
                    order: Sequence[str]) -> Loss:
    """The victim's proposal (module docstring): hit by hit, the order of loss, an intact two-hit unit
    first, then the post whose loss costs the fewest dice or useful boosts. Kept per question (``_kept``):
    the same ``Loss`` is handed out again, and is not to be changed."""
    kept = _kept(ruleset, chart)
    question: tuple[object, ...] = ("victim", troops, hits, guideline, tuple(order))
    got = kept.get(question)
    if got is None:
        got = kept[question] = _victim_proposal(ruleset, chart, troops, hits, guideline, order)
    return got


def _victim_proposal(ruleset: Ruleset, chart: Chart, troops: Troops, hits: int, guideline: str,
                     order: Sequence[str]) -> Loss:
    start = troops
    lost: dict[str, int] = {}
    damaged: dict[str, int] = {}
    rank = {uid: i for i, uid in enumerate(order)}
    for _ in range(hits):
        pool = candidates(ruleset, troops, guideline)
        if not pool:
            break
        absorb = [k for k in pool if ruleset.unit(unit_of(k)).hit_points > 1
                  and troops.count(k) > troops.damaged_count(k)]
        if absorb:
            key = min(_first(absorb, lambda k: rank.get(unit_of(k), 99)),
                      key=lambda k: (harm(chart, troops, k), k))
            damaged[key] = damaged.get(key, 0) + 1
            troops = troops.after({}, {key: 1})
            continue
        key = min(_first(pool, lambda k: rank.get(unit_of(k), 99)),
                  key=lambda k: (harm(chart, troops, k),
                                 (c := color_of(k)) is not None and unit_of(k) in chart.row(c).rolls, k))
        lost[key] = lost.get(key, 0) + 1
        troops = troops.after({key: 1}, {})
    return _tidy(start, troops, lost)


def winner_proposal(ruleset: Ruleset, chart: Chart, troops: Troops, hits: int, guideline: str) -> Loss:
    """The winner's proposal (red, module docstring): the most valuable unit per hit point it still has,
    then the post whose loss costs the victim most dice. Kept per question, as ``victim_proposal``."""
    kept = _kept(ruleset, chart)
    question: tuple[object, ...] = ("winner", troops, hits, guideline)
    got = kept.get(question)
    if got is None:
        got = kept[question] = _winner_proposal(ruleset, chart, troops, hits, guideline)
    return got


def _winner_proposal(ruleset: Ruleset, chart: Chart, troops: Troops, hits: int, guideline: str) -> Loss:
    start = troops
    lost: dict[str, int] = {}
    damaged: dict[str, int] = {}
    left = hits
    while left > 0:
        pool = candidates(ruleset, troops, guideline)
        if not pool:
            break

        def worth(k: str) -> float:
            unit = ruleset.unit(unit_of(k))
            need = 1 if troops.damaged_count(k) or unit.hit_points == 1 else unit.hit_points
            return -(unit.cost / need if need <= left else 0)
        key = max(_first(pool, worth), key=lambda k: (harm(chart, troops, k), ruleset.unit(unit_of(k)).cost, k))
        unit = ruleset.unit(unit_of(key))
        need = 1 if troops.damaged_count(key) or unit.hit_points == 1 else unit.hit_points
        if need > left:
            damaged[key] = damaged.get(key, 0) + 1
            troops = troops.after({}, {key: 1})
            left -= 1
            continue
        lost[key] = lost.get(key, 0) + 1
        troops = troops.after({key: 1}, {})
        left -= need
    return _tidy(start, troops, lost)


def _tidy(start: Troops, final: Troops, lost: dict[str, int]) -> Loss:
    """The loss that takes ``start`` to ``final``: a unit damaged then lost in the same colour is simply lost.

    ``Troops.after`` removes damaged units first, so ``damaged`` is what is left damaged beyond the start's
    damaged units that survive. Why: a lone carrier hit twice in one colour
    (damaged, then sunk) is lost, not also damaged; counting both made ``after`` fail
    (tests/core/test_colored.py).
    """
    damaged = {k: final.damaged_count(k) - max(0, start.damaged_count(k) - lost.get(k, 0))
               for k, _ in final.damaged}
    return Loss({k: n for k, n in lost.items() if n}, {k: n for k, n in damaged.items() if n})


def hits_used(ruleset: Ruleset, troops: Troops, loss: Loss) -> int:
    used = sum(loss.damaged.values())
    for key, n in loss.lost.items():
        already = min(n, troops.damaged_count(key))
        used += already + (n - already) * ruleset.unit(unit_of(key)).hit_points
    return used


def _resolve_keys(given: Mapping[str, int], troops: Troops, where: str) -> dict[str, int]:
    """Post keys for a player's choice; a bare unit id is accepted where the side has one post of it."""
    out: dict[str, int] = {}
    for key, n in given.items():
        if "@" not in key and troops.count(key) == 0:
            posts = [k for k, _ in troops.posts if unit_of(k) == key]
            if len(posts) > 1:
                raise BadRequest(f"{where}.{key}", f"{key} stand at {', '.join(posts)}: name the post")
            if posts:
                key_ = posts[0]
                out[key_] = out.get(key_, 0) + n
                continue
        out[key] = out.get(key, 0) + n
    return out


def check_choice(ruleset: Ruleset, troops: Troops, hits: int, row: Row, proposal: Loss,
                 lost: Mapping[str, int], damaged: Mapping[str, int], field: str) -> Loss:
    """Accept a player's casualties for one colour if they follow the rules; else a BadRequest saying why."""
    lost = _resolve_keys(lost, troops, f"{field}.lost")
    damaged = _resolve_keys(damaged, troops, f"{field}.damaged")
    for name, chosen in (("lost", lost), ("damaged", damaged)):
        for key, n in chosen.items():
            where = f"{field}.{name}.{key}"
            if not ruleset.has(unit_of(key)) or troops.count(key) == 0:
                held = ", ".join(k for k, _ in troops.posts)
                raise BadRequest(where, f"the side has no {show(key)} (it has: {held or 'nothing'})")
            unit = ruleset.unit(unit_of(key))
            have = troops.count(key) if name == "lost" else troops.count(key) - troops.damaged_count(key)
            if name == "damaged" and unit.hit_points < 2 and n:
                raise BadRequest(where, f"a {unit.name} takes one hit: it can be lost, not damaged")
            if n > have:
                raise BadRequest(where, f"only {have} {'undamaged ' if name == 'damaged' else ''}{unit.name} "
                                        f"can be {name} here, got {n}")
            if name == "lost" and not _can_be_lost(ruleset, unit.id):
                raise BadRequest(where, f"an {unit.name} is never a casualty in {ruleset.id} (it is captured)")
    loss = Loss({k: n for k, n in lost.items() if n}, {k: n for k, n in damaged.items() if n})
    need = hits_used(ruleset, troops, proposal)
    used = hits_used(ruleset, troops, loss)
    if used != need:
        raise BadRequest(field, f"{hits} hit{'s' if hits != 1 else ''} must take {need} hit point"
                                f"{'s' if need != 1 else ''} of units here, this choice takes {used}")
    by_key = {k: hits_used(ruleset, troops, Loss({k: lost.get(k, 0)}, {k: damaged.get(k, 0)}))
              for k in dict.fromkeys([*lost, *damaged])}
    guideline = row.casualties
    if guideline != "any":
        first = [k for k, _ in troops.posts if _can_be_lost(ruleset, unit_of(k))
                 and _preferred(ruleset, guideline, unit_of(k))]
        must = min(used, sum(_hp(ruleset, troops, k) for k in first))
        on_first = sum(n for k, n in by_key.items() if k in first)
        if on_first < must:
            what = "aircraft" if guideline == "aircraft_first" else "ships"
            raise BadRequest(field, f"{row.color} hits fall on {what} first: {must} of these hits must take {what}")
    for key in by_key:
        if by_key[key] and _defenseless(ruleset, unit_of(key)):
            others = [k for k in candidates(ruleset, troops, guideline) if not _defenseless(ruleset, unit_of(k))
                      and _hp(ruleset, troops, k) > by_key.get(k, 0)]
            if others:
                raise BadRequest(f"{field}.lost.{key}", "transports are taken last: "
                                 f"{ruleset.unit(unit_of(others[0])).name} must go first")
    return loss


def has_choice(ruleset: Ruleset, troops: Troops, hits: int, guideline: str) -> bool:
    """Whether whoever chooses could choose otherwise: more than one post is open to the hits."""
    if hits <= 0:
        return False
    pool = candidates(ruleset, troops, guideline)
    if len(pool) > 1:
        return True
    return bool(pool) and ruleset.unit(unit_of(pool[0])).hit_points > 1 and hits > 1 and troops.count(pool[0]) > 1
