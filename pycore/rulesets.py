"""The six built-in rulesets as data: unit types with their values, cost and abilities.

docs/rules.md §1 gives the table (from the published unit cards, which TripleA's
map files agree with). Rule differences between editions that the battle
sequence needs (docs/rules.md §2) are fields of :class:`Rules`, so the engine asks
``ruleset.rules.aa_is_casualty`` instead of testing edition names.

Not for: how a round is fought (``battle``) or how dice turn into hits
(``systems``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from .errors import BadRequest, show

DOMAINS = ("land", "air", "sea")

ABILITIES = frozenset({
    "receives_support",   # +1 attack when paired with an artillery (docs/rules.md §1)
    "gives_support",      # artillery: supports one infantry (two with Advanced Artillery)
    "paired_with_armor",  # 1940-2e tactical bomber: attacks at 4 when paired with a fighter or tank
    "tactical_partner",   # fighters and tanks: a tactical bomber paired with one attacks at 4 (docs/rules.md §1)
    "jet_power_defense",  # fighters: +1 defense with Jet Power (docs/rules.md §5)
    "submarine",          # first strike, cannot hit aircraft, may submerge (docs/rules.md §2)
    "destroyer",          # cancels enemy submarines' abilities
    "transport",
    "carrier",
    "bombard",            # shore bombardment in an amphibious assault
    "anti_aircraft",      # fires at attacking aircraft before round 1
    "strategic_bomber",   # may raid factories
})


PLURAL_AS_IS = ("infantry", "artillery")
"""Unit names whose plural is the name itself (2 infantry, 3 artillery, 2 mech infantry)."""


def count_words(count: int, name: str) -> str:
    """"3 tanks", "1 fighter", "2 infantry", "2 AA guns": a count of a unit in words, lower case but "AA", English
    plural. The one pluraliser: the posts, the messages and (through the ``rulesets`` op's ``plural``) the page."""
    lower = " ".join(word if word == "AA" else word.lower() for word in name.split(" "))
    if count == 1 or lower.endswith(PLURAL_AS_IS):
        return f"{count} {lower}"
    return f"{count} {lower}s"


@dataclass(frozen=True, slots=True)
class UnitType:
    id: str
    name: str
    attack: int
    defense: int
    cost: int
    domain: str
    hit_points: int = 1
    abilities: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if self.domain not in DOMAINS:
            raise ValueError(f"unit {self.id!r}: domain must be one of {DOMAINS}, got {self.domain!r}")
        unknown = self.abilities - ABILITIES
        if unknown:
            raise ValueError(f"unit {self.id!r}: unknown abilities {sorted(unknown)}")
        if not (0 <= self.attack <= 12 and 0 <= self.defense <= 12 and 0 <= self.cost <= 999 and self.hit_points in (1, 2)):
            raise ValueError(f"unit {self.id!r}: values out of range")

    @property
    def is_air(self) -> bool:
        return self.domain == "air"

    @property
    def plural(self) -> str:
        """"tanks", "infantry", "AA guns": the unit's name in the plural, as a count of them says it."""
        return count_words(2, self.name)[2:]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "plural": self.plural, "attack": self.attack, "defense": self.defense,
                "cost": self.cost, "hit_points": self.hit_points, "domain": self.domain,
                "abilities": sorted(self.abilities)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Edition differences of docs/rules.md §2, named for what they change (built by keyword only)."""

    aa_shots_per_gun: int | None       # None: one shot at every attacking aircraft
    aa_is_casualty: bool               # 1942-2e and 1940-2e: an AA gun may be taken as a casualty
    aircraft_need_destroyer_vs_subs: bool
    bombard_units: tuple[str, ...]
    bombard_casualties_fire: bool      # later editions: bombardment casualties fire once
    transports_defenseless: bool       # lost when no friendly combat ship is left
    # The printed rule books of Anniversary, 1942-2e and 1940-2e: subs facing a destroyer fire with the other
    # units and the victim places all hits at once (docs/rules.md §2 "The sub step"); offered as the request's
    # ``sub_rule: "printed"``, never the default.
    printed_sub_step: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"aa_shots_per_gun": self.aa_shots_per_gun, "aa_is_casualty": self.aa_is_casualty,
                "aircraft_need_destroyer_vs_subs": self.aircraft_need_destroyer_vs_subs,
                "bombard_units": list(self.bombard_units),
                "bombard_casualties_fire": self.bombard_casualties_fire,
                "transports_defenseless": self.transports_defenseless,
                "printed_sub_step": self.printed_sub_step}


@dataclass(frozen=True, slots=True)
class Ruleset:
    id: str
    name: str
    units: tuple[UnitType, ...]
    rules: Rules
    _by_id: dict[str, "UnitType"] = field(default_factory=dict, compare=False, repr=False)
    _index: dict[str, int] = field(default_factory=dict, compare=False, repr=False)   # a unit's place in the table
    _price: dict[str, int] = field(default_factory=dict, compare=False, repr=False)   # a unit's IPCs

    def __post_init__(self) -> None:
        ids = [unit.id for unit in self.units]
        if len(set(ids)) != len(ids):
            raise ValueError(f"ruleset {self.id!r}: duplicate unit ids")
        self._by_id.update({unit.id: unit for unit in self.units})
        self._index.update({unit.id: i for i, unit in enumerate(self.units)})
        self._price.update({unit.id: unit.cost for unit in self.units})

    def __hash__(self) -> int:
        """By its id alone (equal rulesets have equal ids): the tables kept per ruleset (the default order of loss)
        are looked up on every side read, and the dataclass's own hash walked every unit of the table each time."""
        return hash(self.id)

    def unit(self, unit_id: str) -> UnitType:
        return self._by_id[unit_id]

    def has(self, unit_id: str) -> bool:
        return unit_id in self._by_id

    def index(self, unit_id: str) -> int:
        return self._index[unit_id]

    def ipcs(self, counts: Iterable[tuple[str, int]]) -> int:
        """What (unit, count) pairs cost, in IPCs: the summaries read it once per army, so from one table."""
        price = self._price
        return sum([price[uid] * n for uid, n in counts])

    def __iter__(self) -> Iterator[UnitType]:
        return iter(self.units)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "units": [u.to_json() for u in self.units],
                "rules": self.rules.to_json()}


_NAMES = {
    "infantry": "Infantry", "artillery": "Artillery", "mech_infantry": "Mech. infantry",
    "tank": "Tank", "fighter": "Fighter", "tactical_bomber": "Tactical bomber",
    "bomber": "Bomber", "transport": "Transport", "submarine": "Submarine",
    "destroyer": "Destroyer", "cruiser": "Cruiser", "carrier": "Carrier",
    "battleship": "Battleship", "aa_gun": "AA gun",
}
_DOMAIN = {
    "infantry": "land", "artillery": "land", "mech_infantry": "land", "tank": "land",
    "aa_gun": "land", "fighter": "air", "tactical_bomber": "air", "bomber": "air",
}
_ABILITIES = {
    "infantry": {"receives_support"}, "artillery": {"gives_support"}, "tank": {"tactical_partner"},
    "fighter": {"tactical_partner", "jet_power_defense"},
    "tactical_bomber": {"paired_with_armor"}, "bomber": {"strategic_bomber"},
    "transport": {"transport"}, "submarine": {"submarine"}, "destroyer": {"destroyer"},
    "carrier": {"carrier"}, "battleship": {"bombard"}, "aa_gun": {"anti_aircraft"},
}

# docs/rules.md §1, column by column: unit -> (attack, defense, cost, hit points); None = not in this ruleset.
_TABLE: dict[str, dict[str, tuple[int, int, int, int] | None]] = {
    "classic": {
        "infantry": (1, 2, 3, 1), "artillery": None, "mech_infantry": None, "tank": (3, 2, 5, 1),
        "fighter": (3, 4, 12, 1), "tactical_bomber": None, "bomber": (4, 1, 15, 1),
        "transport": (0, 1, 8, 1), "submarine": (2, 2, 8, 1), "destroyer": None, "cruiser": None,
        "carrier": (1, 3, 18, 1), "battleship": (4, 4, 24, 1), "aa_gun": (0, 0, 5, 1)},
    "revised": {
        "infantry": (1, 2, 3, 1), "artillery": (2, 2, 4, 1), "mech_infantry": None, "tank": (3, 3, 5, 1),
        "fighter": (3, 4, 10, 1), "tactical_bomber": None, "bomber": (4, 1, 15, 1),
        "transport": (0, 1, 8, 1), "submarine": (2, 2, 8, 1), "destroyer": (3, 3, 12, 1), "cruiser": None,
        "carrier": (1, 3, 16, 1), "battleship": (4, 4, 24, 2), "aa_gun": (0, 0, 5, 1)},
    "anniversary": {
        "infantry": (1, 2, 3, 1), "artillery": (2, 2, 4, 1), "mech_infantry": None, "tank": (3, 3, 5, 1),
        "fighter": (3, 4, 10, 1), "tactical_bomber": None, "bomber": (4, 1, 12, 1),
        "transport": (0, 0, 7, 1), "submarine": (2, 1, 6, 1), "destroyer": (2, 2, 8, 1), "cruiser": (3, 3, 12, 1),
        "carrier": (1, 2, 14, 1), "battleship": (4, 4, 20, 2), "aa_gun": (0, 0, 6, 1)},
    "1942-2e": {
        "infantry": (1, 2, 3, 1), "artillery": (2, 2, 4, 1), "mech_infantry": None, "tank": (3, 3, 6, 1),
        "fighter": (3, 4, 10, 1), "tactical_bomber": None, "bomber": (4, 1, 12, 1),
        "transport": (0, 0, 7, 1), "submarine": (2, 1, 6, 1), "destroyer": (2, 2, 8, 1), "cruiser": (3, 3, 12, 1),
        "carrier": (1, 2, 14, 1), "battleship": (4, 4, 20, 2), "aa_gun": (0, 0, 5, 1)},
    "1940-2e": {
        "infantry": (1, 2, 3, 1), "artillery": (2, 2, 4, 1), "mech_infantry": (1, 2, 4, 1), "tank": (3, 3, 6, 1),
        "fighter": (3, 4, 10, 1), "tactical_bomber": (3, 3, 11, 1), "bomber": (4, 1, 12, 1),
        "transport": (0, 0, 7, 1), "submarine": (2, 1, 6, 1), "destroyer": (2, 2, 8, 1), "cruiser": (3, 3, 12, 1),
        "carrier": (0, 2, 16, 2), "battleship": (4, 4, 20, 2), "aa_gun": (0, 0, 5, 1)},
    "big-world-1942": {
        "infantry": (1, 2, 3, 1), "artillery": (2, 2, 4, 1), "mech_infantry": None, "tank": (3, 3, 5, 1),
        "fighter": (3, 4, 10, 1), "tactical_bomber": None, "bomber": (4, 1, 14, 1),
        "transport": (0, 1, 8, 1), "submarine": (2, 2, 8, 1), "destroyer": (2, 2, 8, 1), "cruiser": (3, 3, 10, 1),
        "carrier": (1, 1, 14, 1), "battleship": (4, 4, 22, 2), "aa_gun": (0, 0, 5, 1)},
}

_RULES = {
    # docs/rules.md §2: AA fires at every aircraft before anniversary; at most 3 per gun from anniversary on;
    # an AA gun is a casualty only in 1942-2e and 1940-2e; aircraft need a destroyer to hit subs where
    # destroyers exist (not in big-world-1942, seed 002); bombardment casualties fire back in later editions;
    # transports are defenseless from anniversary on (seed 002: ordinary casualties in Big World).
    "classic": Rules(aa_shots_per_gun=None, aa_is_casualty=False, aircraft_need_destroyer_vs_subs=False,
                     bombard_units=("battleship",), bombard_casualties_fire=False, transports_defenseless=False),
    "revised": Rules(aa_shots_per_gun=None, aa_is_casualty=False, aircraft_need_destroyer_vs_subs=True,
                     bombard_units=("battleship",), bombard_casualties_fire=True, transports_defenseless=False),
    "anniversary": Rules(aa_shots_per_gun=3, aa_is_casualty=False, aircraft_need_destroyer_vs_subs=True,
                         bombard_units=("battleship", "cruiser"), bombard_casualties_fire=True,
                         transports_defenseless=True, printed_sub_step=True),
    "1942-2e": Rules(aa_shots_per_gun=3, aa_is_casualty=True, aircraft_need_destroyer_vs_subs=True,
                     bombard_units=("battleship", "cruiser"), bombard_casualties_fire=True,
                     transports_defenseless=True, printed_sub_step=True),
    "1940-2e": Rules(aa_shots_per_gun=3, aa_is_casualty=True, aircraft_need_destroyer_vs_subs=True,
                     bombard_units=("battleship", "cruiser"), bombard_casualties_fire=True,
                     transports_defenseless=True, printed_sub_step=True),
    "big-world-1942": Rules(aa_shots_per_gun=None, aa_is_casualty=False, aircraft_need_destroyer_vs_subs=False,
                            bombard_units=("battleship",), bombard_casualties_fire=False,
                            transports_defenseless=False),
}

_TITLES = {
    "classic": "Classic (2nd edition)",
    "revised": "Revised",
    "anniversary": "Anniversary",
    "1942-2e": "1942 Second Edition",
    "1940-2e": "1940 Second Edition",
    "big-world-1942": "Big World: 1942 (TripleA)",
}


def _build(ruleset_id: str) -> Ruleset:
    rules = _RULES[ruleset_id]
    units = []
    for unit_id, values in _TABLE[ruleset_id].items():
        if values is None:
            continue
        attack, defense, cost, hit_points = values
        abilities = set(_ABILITIES.get(unit_id, ()))
        if unit_id == "mech_infantry" and ruleset_id == "1940-2e":
            abilities.add("receives_support")  # docs/rules.md §1: 1940-2e artillery supports mech infantry too
        if unit_id in rules.bombard_units:
            abilities.add("bombard")
        units.append(UnitType(unit_id, _NAMES[unit_id], attack, defense, cost,
                              _DOMAIN.get(unit_id, "sea"), hit_points, frozenset(abilities)))
    return Ruleset(ruleset_id, _TITLES[ruleset_id], tuple(units), rules)


RULESETS: tuple[Ruleset, ...] = tuple(_build(rid) for rid in _TABLE)
_BY_ID = {ruleset.id: ruleset for ruleset in RULESETS}


def find_ruleset(ruleset_id: object, field: str = "ruleset") -> Ruleset:
    """The built-in ruleset with this id, or a clear error listing the ids."""
    if not isinstance(ruleset_id, str) or ruleset_id not in _BY_ID:
        raise BadRequest(field, f"must be one of {', '.join(_BY_ID)}, got {show(ruleset_id)}")
    return _BY_ID[ruleset_id]
