"""The referee's own unit table for the six built-in rulesets.

Numbers are copied cell by cell from docs/rules.md §1 (attack/defense, cost, hit points); the edition
differences from docs/rules.md §2 and docs/rules.md ("Units and rulesets", "The battle"); the default order of
loss and which units may fight in which kind of battle from the ``rulesets`` op (docs/api.md) — data
from the contract, not code. Nothing here is imported from ``pycore``.

The Big World 1942 battleship takes two hits (seed 002, "Battleships have 2 hitpoints"; docs/rules.md §1),
as in the later editions.
"""

from __future__ import annotations

from dataclasses import dataclass

RULESETS_IDS = ("classic", "revised", "anniversary", "1942-2e", "1940-2e", "big-world-1942")

BIG_WORLD_BATTLESHIP_HITS = 2
"""seed 002, "Battleship": "Battleships have 2 hitpoints" (docs/rules.md §1)."""

LAND, AIR, SEA = "land", "air", "sea"


@dataclass(frozen=True)
class Unit:
    id: str
    attack: int
    defense: int
    cost: int
    hit_points: int
    domain: str

    def value(self, role: str) -> int:
        return self.attack if role == "attacker" else self.defense


@dataclass(frozen=True, eq=False)  # hashed by identity: one object per ruleset
class Ruleset:
    id: str
    units: dict  # unit id -> Unit, in the ruleset's order
    aa_shots_per_gun: int | None  # None: every aircraft is fired at once (docs/rules.md §2)
    aa_is_casualty: bool  # 1942-2e and 1940-2e (docs/rules.md §2)
    aircraft_need_destroyer: bool  # to hit subs; every ruleset with destroyers except Big World (docs/rules.md §2)
    bombard_units: tuple  # battleships, and cruisers from anniversary on except Big World (docs/rules.md)
    bombard_fires_back: bool  # bombardment casualties fire back in round 1, revised and later (docs/rules.md §2)
    bombard_limited: bool  # no more ships bombard than land units land, revised and later (docs/rules.md)
    transports_defenseless: bool  # taken last, lost when alone: anniversary and later (docs/rules.md)
    support_receivers: tuple  # artillery gives +1 attack to one of these each (docs/rules.md §1)
    order_of_loss: dict  # role -> default order (rulesets op)
    battle_units: dict  # kind -> role -> unit ids allowed (rulesets op)

    def unit(self, uid: str) -> Unit:
        return self.units[uid]


# id: (attack, defense, cost, hit points) per ruleset, docs/rules.md §1 (a missing cell: not in that ruleset).
_TABLE = {
    "infantry":        {"classic": (1, 2, 3, 1), "revised": (1, 2, 3, 1), "anniversary": (1, 2, 3, 1),
                        "1942-2e": (1, 2, 3, 1), "1940-2e": (1, 2, 3, 1), "big-world-1942": (1, 2, 3, 1)},
    "artillery":       {"revised": (2, 2, 4, 1), "anniversary": (2, 2, 4, 1), "1942-2e": (2, 2, 4, 1),
                        "1940-2e": (2, 2, 4, 1), "big-world-1942": (2, 2, 4, 1)},
    "mech_infantry":   {"1940-2e": (1, 2, 4, 1)},
    "tank":            {"classic": (3, 2, 5, 1), "revised": (3, 3, 5, 1), "anniversary": (3, 3, 5, 1),
                        "1942-2e": (3, 3, 6, 1), "1940-2e": (3, 3, 6, 1), "big-world-1942": (3, 3, 5, 1)},
    "fighter":         {"classic": (3, 4, 12, 1), "revised": (3, 4, 10, 1), "anniversary": (3, 4, 10, 1),
                        "1942-2e": (3, 4, 10, 1), "1940-2e": (3, 4, 10, 1), "big-world-1942": (3, 4, 10, 1)},
    "tactical_bomber": {"1940-2e": (3, 3, 11, 1)},
    "bomber":          {"classic": (4, 1, 15, 1), "revised": (4, 1, 15, 1), "anniversary": (4, 1, 12, 1),
                        "1942-2e": (4, 1, 12, 1), "1940-2e": (4, 1, 12, 1), "big-world-1942": (4, 1, 14, 1)},
    "transport":       {"classic": (0, 1, 8, 1), "revised": (0, 1, 8, 1), "anniversary": (0, 0, 7, 1),
                        "1942-2e": (0, 0, 7, 1), "1940-2e": (0, 0, 7, 1), "big-world-1942": (0, 1, 8, 1)},
    "submarine":       {"classic": (2, 2, 8, 1), "revised": (2, 2, 8, 1), "anniversary": (2, 1, 6, 1),
                        "1942-2e": (2, 1, 6, 1), "1940-2e": (2, 1, 6, 1), "big-world-1942": (2, 2, 8, 1)},
    "destroyer":       {"revised": (3, 3, 12, 1), "anniversary": (2, 2, 8, 1), "1942-2e": (2, 2, 8, 1),
                        "1940-2e": (2, 2, 8, 1), "big-world-1942": (2, 2, 8, 1)},
    "cruiser":         {"anniversary": (3, 3, 12, 1), "1942-2e": (3, 3, 12, 1), "1940-2e": (3, 3, 12, 1),
                        "big-world-1942": (3, 3, 10, 1)},
    "carrier":         {"classic": (1, 3, 18, 1), "revised": (1, 3, 16, 1), "anniversary": (1, 2, 14, 1),
                        "1942-2e": (1, 2, 14, 1), "1940-2e": (0, 2, 16, 2), "big-world-1942": (1, 1, 14, 1)},
    "battleship":      {"classic": (4, 4, 24, 1), "revised": (4, 4, 24, 2), "anniversary": (4, 4, 20, 2),
                        "1942-2e": (4, 4, 20, 2), "1940-2e": (4, 4, 20, 2),
                        "big-world-1942": (4, 4, 22, BIG_WORLD_BATTLESHIP_HITS)},
    "aa_gun":          {"classic": (0, 0, 5, 1), "revised": (0, 0, 5, 1), "anniversary": (0, 0, 6, 1),
                        "1942-2e": (0, 0, 5, 1), "1940-2e": (0, 0, 5, 1), "big-world-1942": (0, 0, 5, 1)},
}
_DOMAIN = {"infantry": LAND, "artillery": LAND, "mech_infantry": LAND, "tank": LAND, "aa_gun": LAND,
           "fighter": AIR, "tactical_bomber": AIR, "bomber": AIR}  # the rest are ships

# Default order of loss per role, as the ``rulesets`` op gives it (cheapest first; docs/rules.md).
_ORDER = {
    "classic": ("infantry aa_gun tank transport submarine fighter bomber carrier battleship",) * 2,
    "revised": ("infantry artillery aa_gun tank transport submarine fighter destroyer bomber carrier battleship",) * 2,
    "anniversary": ("infantry artillery tank aa_gun submarine transport destroyer fighter cruiser bomber carrier battleship",
                    "infantry artillery tank aa_gun submarine transport destroyer fighter bomber cruiser carrier battleship"),
    "1942-2e": ("infantry artillery aa_gun submarine tank transport destroyer fighter cruiser bomber carrier battleship",
                "infantry artillery aa_gun submarine tank transport destroyer fighter bomber cruiser carrier battleship"),
    "1940-2e": ("infantry mech_infantry artillery aa_gun submarine tank transport destroyer fighter tactical_bomber cruiser bomber carrier battleship",
                "infantry artillery mech_infantry aa_gun submarine tank transport destroyer fighter tactical_bomber bomber cruiser carrier battleship"),
    "big-world-1942": ("infantry artillery aa_gun tank transport submarine destroyer fighter cruiser carrier bomber battleship",
                       "infantry artillery aa_gun tank transport submarine destroyer cruiser fighter bomber carrier battleship"),
}

_LAND_ATTACK = ("infantry", "artillery", "mech_infantry", "tank", "fighter", "tactical_bomber", "bomber")
_SEA = ("fighter", "tactical_bomber", "bomber", "transport", "submarine", "destroyer", "cruiser", "carrier", "battleship")


def _battle_units(rid: str, have: tuple, bombard: tuple) -> dict:
    """Which units each side may bring (rulesets op): land units and aircraft on land, the AA gun on defence
    only (seed 002: "They may never be on the attacking side"); ships and aircraft at sea; and in an
    amphibious assault the bombarding ships join the attacker."""
    land_a = tuple(u for u in _LAND_ATTACK if u in have)
    land_d = land_a + ("aa_gun",)
    sea = tuple(u for u in _SEA if u in have)
    amph_a = land_a + tuple(u for u in ("cruiser", "battleship") if u in bombard)
    return {"land": {"attacker": land_a, "defender": land_d},
            "sea": {"attacker": sea, "defender": sea},
            "amphibious": {"attacker": amph_a, "defender": land_d}}


def _make(rid: str) -> Ruleset:
    units = {}
    for uid, cells in _TABLE.items():
        if rid in cells:
            a, d, cost, hp = cells[rid]
            units[uid] = Unit(uid, a, d, cost, hp, _DOMAIN.get(uid, SEA))
    later = rid in ("anniversary", "1942-2e", "1940-2e")
    bombard = ("battleship", "cruiser") if later else ("battleship",)
    att, dfn = _ORDER[rid]
    return Ruleset(
        id=rid, units=units,
        aa_shots_per_gun=3 if later else None,
        aa_is_casualty=rid in ("1942-2e", "1940-2e"),
        aircraft_need_destroyer="destroyer" in units and rid != "big-world-1942",
        bombard_units=bombard,
        bombard_fires_back=rid != "classic" and rid != "big-world-1942",
        bombard_limited=rid != "classic" and rid != "big-world-1942",
        transports_defenseless=later,
        support_receivers=("infantry", "mech_infantry") if rid == "1940-2e" else ("infantry",),
        order_of_loss={"attacker": tuple(att.split()), "defender": tuple(dfn.split())},
        battle_units=_battle_units(rid, tuple(units), bombard),
    )


RULESETS = {rid: _make(rid) for rid in RULESETS_IDS}
