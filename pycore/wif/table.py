"""The two 2D10 land combat results tables of World in Flames option 67, as data.

Every cell is kept exactly as printed in seed 004 (``"§†1/2"``) and decoded
into a :class:`Cell` whose fields say what happens to each side, so the op, the
tests and the phone screen never parse the codes again. The codes (seed 004,
"Notes"; docs/rules.md §8):

- ``-`` no effect; a number is that many losses (attacker/defender);
- ``§`` the attacker takes one extra loss when the seed's conditions apply
  (attacking cities, rough terrain, across rivers, in weather other than fine…);
- ``†`` half the remaining attacking units (round up) are *not* turned face-down;
- ``*`` the attacker is not turned face-down;
- ``R`` remaining defending units retreat; ``S`` they are removed and return as
  reinforcements next turn (destroyed if they cannot retreat); ``B`` an S result
  plus a breakthrough. The attacker may turn an S or B into an R.

This module holds no dice and no odds: see ``odds`` and ``distribution``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from ..jsontext import JsonObject

ROWS: tuple[str, ...] = tuple(str(n) for n in range(-1, 23)) + ("23+",)
"""Row labels top to bottom. A total below −1 reads row "-1", above 23 reads "23+" (seed 004)."""

LOWEST_ROW = -1
HIGHEST_ROW = 23

# Seed 004, "OPTION 67: 2 DIE 10 LAND COMBAT RESULTS TABLE", columns Assault and Blitz,
# copied cell for cell (row -1 first, row 23+ last).
_ASSAULT = (
    "5/-", "§4/-", "4/-", "4/-", "§3/-", "3/-", "3/-", "§2/-", "2/-", "2/-", "§1/-", "1/-",
    "1/-", "§/-", "-/-", "§2/1", "2/1", "§1/1", "1/1", "-/1", "§†1/2", "†1/2S", "†/1S",
    "§†/2S", "*/2S",
)
_BLITZ = (
    "§4/-", "4/-", "4/-", "§3/-", "3/-", "3/-", "§2/-", "2/-", "2/-", "§1/-", "1/-", "1/-",
    "§/-", "-/-", "§1/1", "1/1", "§/1", "1/R", "†/R", "†/R", "†1/B", "§†/B", "*/B", "*/1B",
    "*/2B",
)


class Table(enum.Enum):
    """The two columns of the 2D10 CRT."""

    ASSAULT = "assault"
    BLITZ = "blitz"

    @property
    def title(self) -> str:
        return self.value.capitalize()


class DefenderFate(enum.Enum):
    """What happens to the defenders that are left after their losses."""

    STAY = "stay"
    RETREAT = "retreat"  # R
    SHATTERED = "shattered"  # S: removed, back as reinforcements next turn
    BREAKTHROUGH = "breakthrough"  # B: S plus a breakthrough

    @property
    def code(self) -> str:
        return {"stay": "", "retreat": "R", "shattered": "S", "breakthrough": "B"}[self.value]


class FaceDown(enum.Enum):
    """How many surviving attackers are turned face-down after the combat."""

    ALL = "all"  # no mark: every surviving attacker is turned face-down
    HALF = "half"  # †: half the remaining attackers (round up) stay face-up
    NONE = "none"  # *: the attacker is not turned face-down


_CELL = re.compile(r"^(?P<extra>§?)(?P<mark>[†*]?)(?P<a>\d?)/(?P<d>\d?)(?P<fate>[RSB]?)$")


@dataclass(frozen=True, slots=True)
class Cell:
    """One cell of the table, decoded.

    ``text`` is the cell exactly as printed; :meth:`parse` and :attr:`text`
    are a round-trip pair (``Cell.parse(c.text) == c``).
    """

    text: str
    attacker_losses: int
    extra_loss: bool
    face_down: FaceDown
    defender_losses: int
    fate: DefenderFate

    @classmethod
    def parse(cls, text: str) -> "Cell":
        """Decode a cell as printed in seed 004; a typo in the data fails loudly here."""
        if text == "-/-":
            return cls(text, 0, False, FaceDown.ALL, 0, DefenderFate.STAY)
        attacker, slash, defender = text.partition("/")
        if not (slash and attacker and defender):
            raise ValueError(f"not a 2D10 CRT cell: {text!r}")
        # "-" alone means "no effect" on that side (seed 004, Notes).
        normal = ("" if attacker == "-" else attacker) + "/" + ("" if defender == "-" else defender)
        match = _CELL.match(normal)
        if match is None:
            raise ValueError(f"not a 2D10 CRT cell: {text!r}")
        fate = {"": DefenderFate.STAY, "R": DefenderFate.RETREAT,
                "S": DefenderFate.SHATTERED, "B": DefenderFate.BREAKTHROUGH}[match["fate"]]
        mark = {"": FaceDown.ALL, "†": FaceDown.HALF, "*": FaceDown.NONE}[match["mark"]]
        return cls(
            text=text,
            attacker_losses=int(match["a"] or 0),
            extra_loss=bool(match["extra"]),
            face_down=mark,
            defender_losses=int(match["d"] or 0),
            fate=fate,
        )

    def attacker_loss_count(self, extra_loss_applies: bool) -> int:
        """Losses the attacker takes; § adds one only when its conditions apply (seed 004, Notes b, c)."""
        return self.attacker_losses + (1 if self.extra_loss and extra_loss_applies else 0)

    @property
    def defender_retreats_or_worse(self) -> bool:
        """R, S or B: the defenders left do not hold the hex."""
        return self.fate is not DefenderFate.STAY

    def to_json(self) -> JsonObject:
        return {
            "cell": self.text,
            "attacker_losses": self.attacker_losses,
            "extra_loss": self.extra_loss,
            "attacker_face_down": self.face_down.value,
            "defender_losses": self.defender_losses,
            "defender": self.fate.value,
        }

    def describe(self, extra_loss_applies: bool | None = None) -> str:
        """The cell in plain words, for a player at the table.

        With ``extra_loss_applies`` unknown (None) a § is explained with its
        condition; with True/False it is folded into the attacker's count.
        """
        return f"{self.attacker_words(extra_loss_applies)} {self.defender_words()}"

    def attacker_words(self, extra_loss_applies: bool | None) -> str:
        """What happens to the attacker, in words."""
        n = self.attacker_losses
        if self.extra_loss and extra_loss_applies is None:
            base = _losses("Attacker", n, none="no loss")
            words = base + " (one more if the § conditions apply: cities, rough terrain, rivers, forts, invasions, armour in clear terrain or weather other than fine)."
        else:
            if self.extra_loss and extra_loss_applies:
                n += 1
            words = _losses("Attacker", n, none="no loss")
            if self.extra_loss and extra_loss_applies:
                words += " (including the § extra loss)"
            elif self.extra_loss:
                words += " (the § extra loss does not apply)"
            words += "."
        face = {
            FaceDown.ALL: " The surviving attackers are turned face-down.",
            FaceDown.HALF: " Half the remaining attackers (round up) stay face-up; the rest are turned face-down.",
            FaceDown.NONE: " The attackers are not turned face-down.",
        }[self.face_down]
        return words + face

    def defender_words(self) -> str:
        """What happens to the defender, in words."""
        words = _losses("Defender", self.defender_losses, none="no loss") + "."
        fate = {
            DefenderFate.STAY: "",
            DefenderFate.RETREAT: " The remaining defenders must retreat.",
            DefenderFate.SHATTERED: (
                " The remaining defenders that can retreat are removed and return as reinforcements"
                " next turn; those that cannot retreat are destroyed. The attacker may choose a retreat (R) instead."
            ),
            DefenderFate.BREAKTHROUGH: (
                " As S: the remaining defenders that can retreat are removed and return as reinforcements"
                " next turn, those that cannot are destroyed; plus a breakthrough."
                " The attacker may choose a retreat (R) instead."
            ),
        }[self.fate]
        return words + fate


def _losses(side: str, n: int, none: str) -> str:
    if n == 0:
        return f"{side} takes {none}"
    return f"{side} takes {n} loss" + ("" if n == 1 else "es")


@dataclass(frozen=True, slots=True)
class Column:
    """One table: a cell per row label, top (−1) to bottom (23+)."""

    table: Table
    cells: tuple[Cell, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != len(ROWS):
            raise ValueError(f"{self.table.value}: {len(self.cells)} cells for {len(ROWS)} rows")

    def at(self, row: str) -> Cell:
        return self.cells[ROWS.index(row)]


def row_for(total: int) -> str:
    """The row a modified roll reads: below −1 reads "-1", above 23 reads "23+" (seed 004; docs/rules.md §8)."""
    if total >= HIGHEST_ROW:
        return "23+"
    return str(max(total, LOWEST_ROW))


COLUMNS: Mapping[Table, Column] = MappingProxyType({
    Table.ASSAULT: Column(Table.ASSAULT, tuple(Cell.parse(t) for t in _ASSAULT)),
    Table.BLITZ: Column(Table.BLITZ, tuple(Cell.parse(t) for t in _BLITZ)),
})
"""Both tables, decoded once at import (read-only)."""


def column(table: Table) -> Column:
    return COLUMNS[table]
