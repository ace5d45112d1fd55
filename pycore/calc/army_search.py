"""The cheapest army that reaches a target, found without working every army (docs/rules.md §9.4).

Where adding a unit never lowers the chance of the goal (the plan's rules say when:
:func:`.recommend.monotone`), an army that fails proves that every army inside it fails, and within
a *column* (the other types' counts fixed) the fewest units of one type that reach the target are
found by bisection. The search keeps the answer of working every army, to the last bit:

* every chance it reads is the one the full search would compute for that army (the caller's
  ``evaluate``), and the answer's is read, never inferred;
* an army is counted as failing without being worked only inside a *sure* failure: one whose chance,
  with what its chain pruned and a rounding allowance (``slack``), is still below the target — so the
  full search's computed chance of any army inside it is below the target too;
* every army cheaper than the answer is so shown to fail, and every army of the answer's cost that
  may reach the target is worked, so the ties are broken as the full search breaks them (the higher
  chance, then the fewer units, then the full search's order). A column holds one army of each cost, so
  the one of the answer's cost that may reach it is its column's lowest: the column's own search works it.

The ``top`` N cheapest (N > 1): the bound is the N-th best army's price, and each column is worked from its
lowest count that passes up to the bound (those pass in the true chance, but their computed chances and the
order among them are read, never inferred), so every army at most as dear as the N-th is worked or shown to
fail, and the N are the full search's first N. ``costs`` may count units instead of IPCs (the fewest units,
the IPCs then breaking ties): a column still holds one army of each count.

What the search is not for: the army of the best average swing (no bound on it is safe; the full search
answers it), and plans where a bigger army can do worse (retreat rules, waves taken by a smaller army…).
"""

from __future__ import annotations

from typing import Callable, Iterator

from .choices import Chance

Vector = tuple[int, ...]
"""An army as counts, one per type available (in the order given)."""
Evaluate = Callable[[Vector], tuple[Chance, Chance]]
Spend = Callable[["Vector | None", "Kept | None", int], None]
Key = tuple[int, Chance, int, Vector]
"""How kept armies rank: the price, minus the chance, the second count, the counts."""
Kept = tuple[Key, Vector]


class OutOfBudget(Exception):
    """The search's work passed its budget: the best army found so far, not proven the cheapest."""

    def __init__(self, best: Kept | None, worked: int):
        super().__init__("the cheapest army's search passed its budget")
        self.best, self.worked = best, worked


class Search:
    """One search: the armies worked (``chance``, ``slack``), the sure failures, the best army so far.

    ``evaluate(counts)`` → (chance, slack): the army's chance of the goal, as the full search computes it,
    and how far above it the true chance may be (what was pruned, plus rounding); ``below(chance)``: whether
    a chance misses the target, as the full search reads it. ``spend(counts, best, worked)`` is told of each
    army before it is worked (and with None of each column looked at) and raises :class:`OutOfBudget` to stop."""

    def __init__(self, caps: Vector, costs: Vector, below: Callable[[Chance], bool], evaluate: Evaluate,
                 spend: Spend | None = None,
                 second: Vector | None = None, top: int = 1, empty: bool = False):
        self.caps, self.costs, self.below = tuple(caps), tuple(costs), below
        self._evaluate, self._spend = evaluate, spend
        # The tie-break after the chance (the units by default, the IPCs when ``costs`` counts units), how many
        # of the best armies are kept, and whether no unit at all is an army (units added to a defender).
        self.second = tuple(second) if second is not None else tuple(1 for _ in caps)
        self.top, self.empty = top, empty
        self.worked: dict[Vector, tuple[Chance, Chance]] = {}               # counts → (chance, slack)
        self.fails: list[Vector] = []                # sure failures: every army inside one fails
        self.kept: list[Kept] = []                 # the best armies so far, best first: ((price, -chance, second, counts), counts)
        # The column's type: the one with the most IPCs available, the more units among equals, a choice of speed
        # alone (any type gives the same answer): the stack works 43 armies so (tanks), 52 by infantry.
        self.axis = max(range(len(caps)), key=lambda k: (caps[k] * costs[k], caps[k], -k))

    # -- what is known ------------------------------------------------------------------------------
    def price(self, x: Vector) -> int:
        return sum(n * c for n, c in zip(x, self.costs))

    def chance(self, x: Vector) -> Chance:
        got = self.worked.get(x)
        if got is None:
            if self._spend is not None:
                self._spend(x, self.best, len(self.worked))
            got = self.worked[x] = self._evaluate(x)
            chance, slack = got
            if not self.below(chance):
                self._consider(x, chance)
            elif self.below(chance + slack):
                self.fails.append(x)
        return got[0]

    def passes(self, x: Vector) -> bool:
        return not self.below(self.chance(x))

    def surely_fails(self, x: Vector) -> bool:
        return any(all(a <= b for a, b in zip(x, f)) for f in self.fails)

    def _consider(self, x: Vector, chance: Chance) -> None:
        # The full search's order breaks a tie of all three: cost, the second count, then the counts in the order given.
        key: Key = (self.price(x), -chance, sum(n * c for n, c in zip(x, self.second)), x)
        self.kept.append((key, x))
        self.kept.sort()
        del self.kept[self.top:]

    @property
    def best(self) -> Kept | None:
        return self.kept[0] if self.kept else None

    @property
    def bound(self) -> int | None:
        """The price no army dearer than which needs working: the last kept army's once ``top`` are kept, else none."""
        return self.kept[-1][0][0] if len(self.kept) >= self.top else None

    # -- the search ----------------------------------------------------------------------------------
    def run(self) -> tuple[Vector, Chance] | None:
        """The cheapest army reaching the target, as working every army would answer: (counts, chance) or None."""
        got = self.ranked()
        return got[0] if got else None

    def ranked(self) -> list[tuple[Vector, Chance]]:
        """The ``top`` cheapest armies reaching the target, best first, as working every army would rank them:
        [(counts, chance)]. Every army of a column from its lowest that passes up to the bound is worked, so each
        army at most as dear as the last kept is worked or shown to fail."""
        top = self.caps
        if not any(top):
            return []
        if not self.passes(top) and self.surely_fails(top):
            return []                            # the whole army fails: so does every army of it
        self._guess()
        for mix in self._mixes():
            lowest = self._column(mix)
            if lowest is not None and self.top > 1:
                self._above(mix, lowest)
        return [(x, self.worked[x][0]) for _, x in self.kept]

    def _above(self, mix: Vector, n: int) -> None:
        """Every count of the column above a passing one, up to the bound: they pass (in the true chance) and
        may be among the best kept, so each is worked for its computed chance."""
        while n < self.caps[self.axis]:
            n += 1
            x = self._vector(mix, n)
            bound = self.bound
            if bound is not None and self.price(x) > bound:
                return
            self.chance(x)

    def _guess(self) -> None:
        """A first bound cheaply: the armies of s units of each type (at most what is available), s doubled from
        1 until one reaches the target, then bisected — small armies first, as they are the cheap ones to work."""
        top = max(self.caps)
        line = [tuple(min(c, s) for c in self.caps) for s in range(top + 1)]
        lo, s = 0, 1
        while s < top and not self.passes(line[s]):
            lo, s = s, 2 * s
        hi = min(s, top)
        if not self.passes(line[hi]):
            return
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.passes(line[mid]):
                hi = mid
            else:
                lo = mid

    def _mixes(self) -> Iterator[Vector]:
        """Every count of the other types (the column's type left out), the biggest first — a failure found high
        covers the columns below it — leaving out, as they come, the mixes dearer than the bound by themselves
        (millions of counts are never listed)."""
        others = [k for k in range(len(self.caps)) if k != self.axis]

        def walk(i: int, prefix: Vector, fixed: int) -> Iterator[Vector]:
            if i == len(others):
                yield prefix
                return
            k = others[i]
            price = self.costs[k]
            bound = self.bound
            top = self.caps[k] if bound is None or not price else min(self.caps[k], (bound - fixed) // price)
            for n in range(top, -1, -1):
                bound = self.bound
                if bound is None or fixed + n * price <= bound:
                    yield from walk(i + 1, prefix + (n,), fixed + n * price)
        return walk(0, (), 0)

    def _vector(self, mix: Vector, n: int) -> Vector:
        x = list(mix)
        x.insert(self.axis, n)
        return tuple(x)

    def _column(self, mix: Vector) -> int | None:
        """The fewest units of the column's type that reach the target with this mix, within the bound: a count
        that passes, every count below it shown to fail or worked (None: none passes within the bound)."""
        costs, axis = self.costs, self.axis
        if self._spend is not None:
            self._spend(None, self.best, len(self.worked))
        fixed = self.price(self._vector(mix, 0))
        bound = self.bound
        if bound is not None and fixed > bound:
            return None
        hi = self.caps[axis] if bound is None else min(self.caps[axis], (bound - fixed) // costs[axis])
        lo = self._lowest_known(mix, hi)             # every count up to lo surely fails
        if not any(mix) and not self.empty:
            lo = max(lo, 0)                          # no units at all is no army
        if lo >= hi or not (self.empty or any(self._vector(mix, hi))):
            return None
        while hi > lo and not self.passes(self._vector(mix, hi)):
            if self.surely_fails(self._vector(mix, hi)):
                return None
            hi -= 1                                  # a failure too close to the target to cover the rest
        if hi <= lo:
            return None
        while hi - lo > 1:
            mid = (lo + hi) // 2
            x = self._vector(mix, mid)
            if self.surely_fails(x):
                lo = mid
            elif self.passes(x):
                hi = mid
            elif x in self.fails:
                lo = mid
            else:
                self._every(mix, lo, hi)
                return hi
        return hi

    def _every(self, mix: Vector, lo: int, hi: int) -> None:
        """A failure too close to the target to cover the counts below it (the computed chances need not be
        monotone within the slack): every count of the column from ``hi`` down is worked, to a sure failure."""
        for n in range(hi - 1, lo, -1):
            x = self._vector(mix, n)
            if self.surely_fails(x):
                return
            self.chance(x)

    def _lowest_known(self, mix: Vector, hi: int) -> int:
        """The most units of the column's type this mix surely fails with (-1: none known)."""
        axis = self.axis
        x = self._vector(mix, 0)
        lo = -1
        for f in self.fails:
            if f[axis] > lo and all(a <= b for k, (a, b) in enumerate(zip(x, f)) if k != axis):
                lo = f[axis]
                if lo >= hi:
                    break
        return lo
