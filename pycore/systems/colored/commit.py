"""Where each unit is committed for the whole battle, and a side's units by post during it.

Seed 001: "you must assign each unit to exactly one function at the start of
a battle, and then those units stay put … You may never move units between
colors in the middle of a battle". A unit's *post* is its type and colour,
written ``"tank@red"``; whether it rolls or boosts there is the chart's
(in one colour a unit type either rolls or boosts, never both). A unit type
the chart never names takes no part (a transport) and its post is its bare
id. A side may place the same type in several posts (two fighters rolling
yellow, one boosting white).

The request field ``colors`` of a side overrides the chart's default
placement for the unit types it names, e.g.
``{"yellow": {"rolls": {"fighter": 2}}, "white": {"boosts": {"fighter": 1}}}``:
every unit of a type it names must be placed, the others follow the chart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Mapping

from .chart import Chart


def post_key(unit_id: str, color: str | None) -> str:
    return unit_id if color is None else f"{unit_id}@{color}"


@lru_cache(maxsize=4096)
def unit_of(key: str) -> str:
    """The unit type of a post (``tank@red`` → ``tank``). Kept per key: the proposals ask it of every post
    for every hit (docs/rules.md §7), thousands of times per battle."""
    return key.split("@", 1)[0]


@lru_cache(maxsize=4096)
def color_of(key: str) -> str | None:
    return key.split("@", 1)[1] if "@" in key else None


def _add(counts: Mapping[str, int], more: Mapping[str, int], sign: int = 1) -> dict[str, int]:
    out = dict(counts)
    for key, n in more.items():
        out[key] = out.get(key, 0) + sign * n
    return {key: n for key, n in out.items() if n}


@dataclass(frozen=True, slots=True)
class Troops:
    """A side's units by post, and how many two-hit units of each post are damaged. Immutable (a state key)."""

    posts: tuple[tuple[str, int], ...]
    damaged: tuple[tuple[str, int], ...] = ()
    _counts: tuple[dict[str, int], dict[str, int]] | None = field(default=None, compare=False, repr=False)   # posts, then damaged, as dicts

    @classmethod
    def of(cls, posts: Mapping[str, int], damaged: Mapping[str, int] = {}) -> "Troops":
        return cls(tuple(sorted((k, n) for k, n in posts.items() if n)),
                   tuple(sorted((k, n) for k, n in damaged.items() if n)))

    def _tables(self) -> tuple[dict[str, int], dict[str, int]]:
        """``posts`` and ``damaged`` as dicts, made once (the proposals ask them for every post and hit)."""
        got = self._counts
        if got is None:
            got = (dict(self.posts), dict(self.damaged))
            object.__setattr__(self, "_counts", got)
        return got

    def count(self, key: str) -> int:
        return self._tables()[0].get(key, 0)

    def damaged_count(self, key: str) -> int:
        return self._tables()[1].get(key, 0) if self.damaged else 0

    def __bool__(self) -> bool:
        return bool(self.posts)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.posts)

    def units(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for key, n in self.posts:
            out[unit_of(key)] = out.get(unit_of(key), 0) + n
        return out

    def after(self, lost: Mapping[str, int], damaged: Mapping[str, int]) -> "Troops":
        """These troops once ``lost`` are removed (damaged ones first) and ``damaged`` are hit once."""
        posts = _add(dict(self.posts), lost, -1)
        if any(n < 0 for n in posts.values()):
            raise ValueError(f"cannot lose {dict(lost)} from {dict(self.posts)}")
        if not self.damaged and not damaged:
            # Nothing damaged before or after (single-hit units, mostly): the posts only lose, so they stay
            # sorted and the result is ``Troops.of(posts, {})`` without sorting again.
            return Troops(tuple(posts.items()))
        hurt = dict(self.damaged)
        for key, n in lost.items():
            hurt[key] = max(0, hurt.get(key, 0) - n)
        hurt = _add(hurt, damaged)
        for key, n in hurt.items():
            if n > posts.get(key, 0):
                raise ValueError(f"{n} damaged {key} but only {posts.get(key, 0)} left")
        return Troops.of(posts, hurt)

    def without(self, keys: Iterable[str]) -> "Troops":
        gone = set(keys)
        return Troops.of({k: n for k, n in self.posts if k not in gone},
                         {k: n for k, n in self.damaged if k not in gone})

    def to_json(self) -> dict[str, int]:
        return dict(self.posts)


@dataclass(frozen=True, slots=True)
class Placement:
    """A side's commitment: units per post at the start of battle, and the request's override (for links)."""

    posts: tuple[tuple[str, int], ...]
    override: dict[str, dict[str, dict[str, int]]] | None

    def troops(self) -> Troops:
        return Troops.of(dict(self.posts))


def default_posts(chart: Chart, counts: Mapping[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for unit_id, n in counts.items():
        if n:
            color, _ = chart.default_post(unit_id)
            out[post_key(unit_id, color)] = n
    return out


def colors_json(chart: Chart, counts: Mapping[str, int], posts: Mapping[str, int]) -> dict[str, dict[str, dict[str, int]]] | None:
    """The canonical ``colors`` of a side: only the unit types placed otherwise than the chart says."""
    default = default_posts(chart, counts)
    out: dict[str, dict[str, dict[str, int]]] = {}
    for unit_id in counts:
        mine = {k: n for k, n in posts.items() if unit_of(k) == unit_id}
        if mine == {k: n for k, n in default.items() if unit_of(k) == unit_id}:
            continue
        for key, n in mine.items():
            color = color_of(key)
            assert color is not None, key  # a type placed otherwise than the chart says is placed in colours
            job = "rolls" if unit_id in chart.row(color).rolls else "boosts"
            out.setdefault(color, {}).setdefault(job, {})[unit_id] = n
    return out or None


def describe(chart: Chart, key: str) -> tuple[str | None, str]:
    """(colour, "rolls" / "boosts" / "none") of a post."""
    color = color_of(key)
    if color is None:
        return None, "none"
    return color, ("rolls" if unit_of(key) in chart.row(color).rolls else "boosts")
