"""What the engine asks of a ruleset's unit types, worked out once per ruleset.

The calculators ask the engine the same small questions thousands of times
per battle — is this unit a submarine, an aircraft, a destroyer; how many hits
does it take; which types may be casualties at all (docs/rules.md §1, §2).
Each answer depends on the ruleset alone, so :func:`kinds` builds a table per
ruleset (six built in: the table stays that small however long a worker
lives) and the engine reads sets and dicts instead of walking each unit's
abilities. Nothing here is a rule of its own: every entry is read from
:class:`~pycore.rulesets.UnitType` and :class:`~pycore.rulesets.Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rulesets import Ruleset
from .army import Army
from .group import Group

Run = tuple[str, int, bool, int]
"""(unit, value, keeps the better of two dice, how many such dice): a side's dice as ``firing._runs`` lists them."""


@dataclass(frozen=True, slots=True)
class Kinds:
    ruleset: Ruleset
    subs: frozenset[str]              # "submarine"
    destroyers: frozenset[str]        # "destroyer"
    air: frozenset[str]               # domain "air"
    transports: frozenset[str]        # "transport"
    never_lost: frozenset[str]        # never a casualty: AA guns where they are captured instead (docs/rules.md §2)
    last: frozenset[str]              # taken last: defenseless transports, where the ruleset has them
    two_hit: frozenset[str]           # hit points above one
    hit_points: dict[str, int]        # unit -> hit points
    attack: dict[str, int]            # unit -> attack value
    defense: dict[str, int]           # unit -> defense value
    support: dict[str, tuple[int, ...]]  # unit -> (receives, gives, partner, paired with armor) as 0/1, where any is 1
    order: dict[str, int]             # unit -> index in the ruleset's order
    land: frozenset[str]              # domain "land", AA guns included
    guns: frozenset[str]              # "anti_aircraft": captured where the territory is taken (docs/rules.md §9)
    taking: frozenset[str]            # land units that take a territory: not AA guns (docs/rules.md §2)
    pools: dict[tuple[str, ...], Pool] = field(default_factory=dict)
    """Unit types present (in army order) -> :class:`Pool`: what groups may hit in an army of those types.
    The calculators meet a few dozen sets of types per battle; at most ``MAX_POOLS`` are kept."""
    splits: dict[tuple[object, ...], dict[str, list[Run]]] = field(default_factory=dict)
    """(role, unit counts, blind aircraft, what of the setup it reads) -> a side's dice sorted into groups
    (``firing._split``, read-only). At most ``firing.MAX_SPLITS`` are kept."""
    answers: dict[tuple[object, ...], tuple[Group, ...]] = field(default_factory=dict)
    """(question, role, unit counts, the victim's unit types, what of the setup it reads) -> the groups the
    engine builds (``firing.main_groups``: immutable). At most ``firing.MAX_SPLITS`` are kept."""
    strikes: dict[tuple[object, ...], Group | None] = field(default_factory=dict)
    """The same for ``firing.sub_group``: the subs' strike, or None (kept apart from ``answers``, whose values
    are another type). At most ``firing.MAX_SPLITS`` are kept."""
    hits: dict[tuple[Army, frozenset[str], tuple[str, ...]], tuple[str, Army] | None] = field(default_factory=dict)
    """(army, target set, order of loss) -> where one more hit lands (``casualties.one_hit``: the unit type and the
    army after, or None). At most ``casualties.MAX_HITS`` are kept."""
    last_orders: dict[tuple[str, ...], tuple[list[str], dict[frozenset[str], list[str]], frozenset[str]]] = field(default_factory=dict)
    """Order of loss -> (that order as a list with defenseless transports moved last, {targets: the types of
    that list a group with these targets may take}), for ``allocate``. One entry per order a request brings:
    reset when it passes ``casualties.MAX_ORDERS`` (and each inner dict past ``MAX_TARGETS``), so a
    long-lived worker stays small."""


    def casualty_class(self, uid: str) -> int:
        """0 subs, 1 aircraft, 2 every other unit: the classes of casualty every group hits alike (docs/rules.md
        §2: a sub's hit never takes an aircraft, blind aircraft never a sub). The sea chain's counters
        (``calc.fleet.Side``) and the cost model's spread fleets (``calc.cost.fleet_spread``) read them here."""
        return 0 if uid in self.subs else 1 if uid in self.air else 2

def _build(ruleset: Ruleset) -> Kinds:
    units = list(ruleset)

    def having(ability: str) -> frozenset[str]:
        return frozenset(u.id for u in units if ability in u.abilities)

    rules = ruleset.rules
    support: dict[str, tuple[int, ...]] = {}
    for u in units:
        flags = tuple(int(a in u.abilities) for a in ("receives_support", "gives_support", "tactical_partner",
                                                         "paired_with_armor"))
        if any(flags):
            support[u.id] = flags
    return Kinds(
        ruleset=ruleset,
        subs=having("submarine"),
        destroyers=having("destroyer"),
        air=frozenset(u.id for u in units if u.is_air),
        transports=having("transport"),
        never_lost=frozenset() if rules.aa_is_casualty else having("anti_aircraft"),
        last=having("transport") if rules.transports_defenseless else frozenset(),
        two_hit=frozenset(u.id for u in units if u.hit_points > 1),
        hit_points={u.id: u.hit_points for u in units},
        attack={u.id: u.attack for u in units},
        defense={u.id: u.defense for u in units},
        support=support,
        order={u.id: n for n, u in enumerate(units)},
        land=frozenset(u.id for u in units if u.domain == "land"),
        guns=having("anti_aircraft"),
        taking=frozenset(u.id for u in units if u.domain == "land" and "anti_aircraft" not in u.abilities),
    )


@dataclass(frozen=True, slots=True)
class Pool:
    """The casualty types of an army with these unit types, and the parts each restricted group may hit
    (``firing._targets``; docs/rules.md §2)."""

    types: frozenset[str]             # may be taken as casualties at all
    not_air: frozenset[str]           # by subs (never aircraft)
    not_subs: frozenset[str]          # by aircraft that cannot hit subs
    air: frozenset[str]               # by AA guns


MAX_POOLS = 4096
"""Sets of unit types kept per ruleset with their :class:`Pool` (a battle meets a few dozen); past this the
table starts again, so a worker answering requests for days stays small."""


def pool(table: Kinds, present: tuple[str, ...]) -> Pool:
    """The :class:`Pool` of an army whose unit types are ``present`` (cached in the ruleset's table)."""
    got = table.pools.get(present)
    if got is None:
        if len(table.pools) >= MAX_POOLS:
            table.pools.clear()
        types = frozenset(uid for uid in present if uid not in table.never_lost)
        got = table.pools[present] = Pool(types, types - table.air, types - table.subs, types & table.air)
    return got


_KINDS: dict[str, Kinds] = {}
"""ruleset id -> its table; rebuilt if a different ruleset object comes with the same id (so never stale)."""


def kinds(ruleset: Ruleset) -> Kinds:
    """The unit table of this ruleset (built on first use)."""
    got = _KINDS.get(ruleset.id)
    if got is None or got.ruleset is not ruleset:
        got = _KINDS[ruleset.id] = _build(ruleset)
    return got
