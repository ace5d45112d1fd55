"""Coloured dice (docs/rules.md §7, seed 001): the luck system as the registry sees it.

The system carries its chart (``system.chart`` in a request, the
reconstructed default otherwise) and reads a side's commitment
(``colors``). It does not fire groups as dice and Low Luck do: a round is
fought colour by colour by :mod:`pycore.engine.colored.fight` (``by_colour``), which
``resolve`` and ``calc`` call for this system.
"""

from __future__ import annotations

from typing import Any, Mapping, NoReturn

from .chart import DEFAULT_CHART, Chart
from .commit import Placement, default_posts
from ...errors import BadRequest
from ...jsontext import JsonObject
from ..luck import LuckSystem


class ColoredDice(LuckSystem):
    id = "colored"
    name = "Coloured dice"
    summary = ("Units roll by colour, a die per 3 of a type; dice are matched high to high, "
               "a tie costs both. More luck than Low Luck, less than dice.")
    by_colour = True          # pycore.engine.colored: colour by colour (docs/rules.md §7)
    commits_units = True
    calculator = "colored"    # pycore.calc.colored.chain: a round is the chart's colours

    def __init__(self, chart: Chart = DEFAULT_CHART):
        self.chart = chart

    def __repr__(self) -> str:
        return "ColoredDice()" if self.chart == DEFAULT_CHART else f"ColoredDice({self.chart!r})"

    spec_keys = ("chart",)

    def configure(self, chart: Chart = DEFAULT_CHART, **_: Any) -> "ColoredDice":  # Any: others' options, unread
        return ColoredDice(chart)

    def spec(self) -> JsonObject:
        out: JsonObject = {"name": self.id}
        if self.chart != DEFAULT_CHART:
            out["chart"] = self.chart.to_json()
        return out

    def placed(self, counts: Mapping[str, int]) -> Placement:
        """Where a side's units stand when it names no colours: each type at the chart's default post."""
        return Placement(tuple(sorted(default_posts(self.chart, counts).items())), None)

    # Coloured dice fight colour by colour, never by the engine's firing groups.
    def _no_groups(self, *args: object, **kwargs: object) -> NoReturn:
        raise BadRequest("system", "coloured dice are fought colour by colour, not by firing groups")

    fire = dice_needed = hit_distribution = _no_groups
