"""One side of a sea battle: its armies named by the hits taken per class of casualty, and where hits take them.

Why a class and not one ladder (the land chain, ``calc.ladder``): at sea not
every hit may land on every unit (docs/rules.md §2): a sub's hit never falls on
an aircraft, an aircraft without a friendly destroyer never hits a sub. So
the army after ``k`` hits depends on which groups scored them. But within
one *class* of casualty — the unit types every group may hit alike: subs,
aircraft, the other ships — the engine's ``allocate`` always takes the next
hit point in the same order (intact two-hit units first, then the order of
loss, defenseless transports last). A side's army is therefore fixed by the
hits taken per class, (subs, aircraft, ships): a few counters packed in one
integer (mixed radix), its *name*.

No rule is written here: every army comes from the engine's ``allocate`` and
``Army.after``, one hit at a time, and the counters are only its name. An
army met twice under one name stops the sea chain (:class:`NotFleet`), and
the general chain takes the battle.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from weakref import ReferenceType, ref

from ...engine.army import Army
from ...engine.casualties import allocate, one_hit
from ...engine.firing import Group, has_destroyer, has_subs
from ...engine.kinds import kinds
from ...engine.setup import BattleSetup
from ...forces import Force

TypeSet = tuple[str, ...]
"""The unit types an army has (the end of a round reads them, :class:`Side`'s ``type_sets``)."""
Law = tuple[int, tuple[float, ...]]
"""The law of a group's hits: (first hit count kept, the chances from there), tails below ``tail`` cut."""
Aim = tuple[int, Law]
"""A group as the victim's laws read it: (the id of its target set, ``Side.target``; the law of its hits)."""
Strike = tuple[int, Law, int]
"""A sub strike: its :data:`Aim` and an id of the two (the strikes' caches are keyed by it)."""
Groups = tuple[Aim, ...]
"""A set of main groups (one sig's), the narrowest targets first."""
Landing = tuple[tuple[int, ...], tuple[float, ...]]
"""A victim's law under some enemy fire: (armies after, as names; their chances), its own army first where it can
be among them."""
Direct = tuple[tuple[int, ...], tuple[float, ...], float]
""":meth:`Fleet.fast`'s law of a :data:`Landing`: its armies, chances, and the chance it leaves the victim as it is."""
Staged = tuple[tuple[int, ...], tuple[float, ...], int, float]
""":meth:`Fleet.fast`'s law of two nested groups: (armies after the narrower group, their chances, the wider
group's stage id, the chance the two leave the victim as it is)."""
Fast = Direct | Staged
"""A law as the row loop reads it (:meth:`Fleet.fast`): which of the two, its length says."""
Plan = tuple[int, Law, int | None]
"""How :meth:`Fleet.fast` reads a set of groups (:meth:`Fleet._plan`)."""
Outcomes = list[tuple[int, float]]
"""[(victim after, p)] of a sub strike (:meth:`Fleet.struck`)."""


class NotFleet(Exception):
    """The battle is not one this chain takes (an opening fire, a retreat rule, or counters that do not
    name one army): the general chain takes it."""


class Side:
    """One side's armies, each named by its hits taken per class (one integer, mixed radix).

    Read by name in lists (a name runs from 0 to ``size`` − 1): ``force`` (an
    id of its units, damage aside: what its own fire reads), ``reads`` (what
    enemy groups read of it: subs in bit 0, and under the printed sub rule a
    destroyer in bit 1), ``destroyer`` and ``types`` (an id of the unit types
    present: what the end of a round reads). ``walk(i, t, hits)`` lists the
    armies after 0, 1, 2, … hits that may land on the target set ``t`` (an id
    of :meth:`target`), each the engine's ``allocate`` with one more hit,
    asked once per army and target set.
    """

    def __init__(self, setup: BattleSetup, role: str, start: Army) -> None:
        self.setup, self.role = setup, role
        ruleset = setup.ruleset
        self.order = tuple(setup.side(role).order_of_loss)
        table = kinds(ruleset)
        self.kind = {uid: table.casualty_class(uid) for uid, _ in start.units.counts}
        self.hits_of = table.hit_points
        pools = [0, 0, 0]
        for uid, _ in start.units.counts:
            pools[self.kind[uid]] += start.hit_points(ruleset, uid)
        self.pools = pools
        self.radix = (1, pools[0] + 1, (pools[0] + 1) * (pools[1] + 1))
        self.size = size = self.radix[2] * (pools[2] + 1)
        self.shift = size.bit_length()                # a name fits in this many bits (cache keys: t << shift | name)
        # A name's slot is None until its army is registered (``_register``), and only registered names are read.
        self.armies: list[Army] = [None] * size  # type: ignore[list-item]  # None: not yet registered, never read
        self.index: dict[Army, int] = {}
        self.types: list[int] = [0] * size
        self._types: dict[TypeSet, tuple[int, bool, int]] = {}  # unit types present -> (an id, destroyer, reads)
        self.type_sets: list[TypeSet] = []            # id -> the unit types present (the end of a round's key)
        self.destroyer: list[bool] = [False] * size
        self.reads: list[int] = [0] * size
        self._printed = setup.sub_rule == "printed"
        self.force: list[int] = [0] * size
        self.forces: list[Army] = []                  # an army of each force id
        self._forces: dict[Force, int] = {}
        self.targets: list[frozenset[str]] = []       # target set of each id
        self._target_ids: dict[frozenset[str], int] = {}
        self._groups: list[Group] = []                # a group aimed at each target set (``allocate`` reads targets)
        self._next: dict[int, int] = {}
        self.walks: dict[int, list[int]] = {}         # t << shift | name -> [name after 0, 1, … hits]
        self._ended: set[int] = set()                 # walks that reached the end of their targets
        self._together: dict[tuple[int, tuple[int, ...], tuple[int, ...]], int] = {}
        # The enemy's sets of main groups as they read this side (:data:`Groups`: target ids, laws), by an id, its
        # *sig* (``Fire.main``); the laws of landing under them (``laws.Fleet``), kept with the side: what the
        # fleet counts as their work comes with each (``land``).
        self.groups: list[Groups] = []                # sig -> ((target id, law), …), the narrowest targets first
        self.nested: list[bool] = []                  # sig -> whether its groups' targets are nested
        self._sigs: dict[Groups, int] = {}
        self.plans: dict[int, Plan | None] = {}        # sig -> ``Fleet._plan``
        self.stages: list[Aim] = []                   # stage id -> (target id, law) of a wider group
        self.stage_ids: dict[Aim, int] = {}
        # (the battle's shape, stand-in victim) -> (the firing side, weakly; its force id -> the sig of its main
        # groups, or its strike's aim): ``Fire.main``, ``Fire.sub_strike``
        self.mains: dict[tuple[Hashable, Army], tuple[ReferenceType[Side], dict[int, int]]] = {}
        self.strikes: dict[tuple[Hashable, Army], tuple[ReferenceType[Side], dict[int, Strike | None]]] = {}
        self._strike_of: dict[Aim, Strike] = {}       # the strikes aimed at this side, each with an id of its own
        self.struck: dict[int, Outcomes] = {}         # strike id << shift | name -> ``Fleet.struck``
        self.spared: dict[int, tuple[float, Outcomes]] = {}   # likewise -> ``Fleet.spared``
        # (name, strike id, sig, sig without subs) -> (``Fleet.hit``'s law of a strike then one main group, its work)
        self.hits: dict[tuple[int, int, int, int], tuple[Landing, int]] = {}
        self.stage: dict[int, Landing] = {}           # stage << shift | name -> ``Fleet.stage``
        self.fast: dict[int, Fast] = {}               # sig << shift | name -> ``Fleet.fast``
        self.land: dict[int, tuple[Landing, int]] = {}  # sig << shift | name -> (``Fleet.land``, its work)
        self._named = 0                               # armies named (``cells``)
        self.start = self.name(start)

    @property
    def cells(self) -> int:
        """The entries this side holds (``kept``'s bound): each army named, step of a walk, engine's answer and
        law kept, about the same memory each; counted when asked, not as they are made."""
        return (self._named + len(self._next) + len(self._together) + len(self.fast) + len(self.land)
                + len(self.stage) + len(self.struck) + len(self.spared) + len(self.hits)
                + sum(len(kept[1]) for kept in self.mains.values()) + sum(len(kept[1]) for kept in self.strikes.values()))

    def name(self, army: Army) -> int:
        got = self.index.get(army)
        if got is not None:
            return got
        kind, hits_of = self.kind, self.hits_of
        taken = self.pools[:]               # hits taken per class: what the start could take less what is left
        for uid, n in army.units.counts:
            taken[kind[uid]] -= n * hits_of[uid]
        for uid, n in army.damaged.counts:
            taken[kind[uid]] += n
        got = taken[0] + taken[1] * self.radix[1] + taken[2] * self.radix[2]
        self._register(got, army)
        self.index[army] = got
        return got

    def _register(self, got: int, army: Army) -> None:
        """Name ``army`` ``got`` (an army met twice under one name is not a fleet this chain takes)."""
        other = self.armies[got]
        if other is not None:
            if other != army:
                raise NotFleet(f"{self.role}: {other} and {army} take the same hits per class")
            return
        self.armies[got] = army
        self._named += 1
        key = tuple([uid for uid, _ in army.units.counts])
        kind = self._types.get(key)
        if kind is None:
            # What an army's types say of it: the engine's answers, asked once per set of types.
            ruleset = self.setup.ruleset
            destroyer = has_destroyer(ruleset, army)
            kind = self._types[key] = (len(self._types), destroyer,
                                       has_subs(ruleset, army) | (self._printed and destroyer) << 1)
            self.type_sets.append(key)
        self.types[got], self.destroyer[got], self.reads[got] = kind
        force = self._forces.get(army.units)
        if force is None:
            force = self._forces[army.units] = len(self.forces)
            self.forces.append(army)
        self.force[got] = force

    def target(self, targets: frozenset[str]) -> int:
        """The id of a target set (the walks and laws are cached by it)."""
        got = self._target_ids.get(targets)
        if got is None:
            got = self._target_ids[targets] = len(self.targets)
            self.targets.append(targets)
            self._groups.append(Group("enemy", "one", (), (), targets, ()))
        return got

    def strike(self, aim: Aim) -> Strike:
        """A sub strike aimed at this side (target id, law) with its id (the strikes' laws are kept by it)."""
        got = self._strike_of.get(aim)
        if got is None:
            got = self._strike_of[aim] = aim + (len(self._strike_of),)
        return got

    def fired(self, shape: Hashable, stand_in: Army, firing: Side) -> tuple[dict[int, int], dict[int, Strike | None]]:
        """What ``firing``'s forces fire at this side, as kept with it, in a battle of ``shape`` (``Fire``): its
        main groups' sigs and its strikes' aims by force id, the firing side's own (kept while it is the same)."""
        key = (shape, stand_in)
        mains, strikes = self.mains.get(key), self.strikes.get(key)
        if mains is None or mains[0]() is not firing:
            mains = self.mains[key] = (ref(firing), {})
        if strikes is None or strikes[0]() is not firing:
            strikes = self.strikes[key] = (ref(firing), {})
        return mains[1], strikes[1]

    def sig(self, groups: Groups) -> int:
        """The id of a set of enemy main groups as they read this side (the narrowest targets first)."""
        got = self._sigs.get(groups)
        if got is None:
            got = self._sigs[groups] = len(self.groups)
            self.groups.append(groups)
            targets = self.targets
            self.nested.append(all(targets[a] <= targets[b] for (a, _), (b, _) in zip(groups, groups[1:])))
        return got

    def after(self, i: int, t: int) -> int:
        """The army after one more hit on target set ``t`` (the engine's ``allocate``; cached). One hit takes one
        hit point, so the name moves by the class of the unit that took it."""
        key = (t << self.shift) | i
        nexts = self._next
        if key in nexts:                   # ``in`` and a subscript, not a .get call (dearer in Pyodide)
            return nexts[key]
        hit = one_hit(self.setup, self.armies[i], self._groups[t], self.order)
        if hit is None:
            got = i
        else:
            uid, army = hit
            got = i + self.radix[self.kind[uid]]
            self._register(got, army)
        nexts[key] = got
        return got

    def together(self, i: int, ts: tuple[int, ...], counts: tuple[int, ...]) -> int:
        """The army after ``counts`` hits of groups aimed at the target sets ``ts``, placed at once (the engine's
        ``allocate``, which places hits of groups whose targets are not nested jointly); cached."""
        key = (i, ts, counts)
        got = self._together.get(key)
        if got is None:
            got = self._together[key] = self._placed(i, zip(ts, counts))
        return got

    def _placed(self, i: int, hits: Iterable[tuple[int, int]]) -> int:
        """The name of army ``i`` once the engine's ``allocate`` has placed ``hits`` ((target id, count) pairs)."""
        groups = self._groups
        army = self.armies[i]
        cas = allocate(self.setup, army, [(groups[t], k) for t, k in hits], self.order)
        return self.name(army.after(cas.lost, cas.damaged)) if cas else i

    def walk(self, i: int, t: int, hits: int) -> list[int]:
        """The armies after 0, 1, …, ``hits`` hits on target set ``t`` (names); shorter where no target is left
        (it stops growing there). Cached and shared: never to be changed by the caller."""
        key = (t << self.shift) | i
        walks = self.walks
        if key in walks:
            path = walks[key]
            if len(path) > hits or key in self._ended:
                return path
        else:
            path = walks[key] = [i]
        while len(path) <= hits:
            last = path[-1]
            nxt = self.after(last, t)
            if nxt == last:
                self._ended.add(key)
                break
            path.append(nxt)
        return path
