"""Errors that the API turns into clear messages for players.

Every error names the field at fault (a dotted path such as
``attacker.units.tank``) and quotes the value, in the style of python-chess's
``InvalidMoveError``. Code in ``pycore`` raises these; ``pycore.api`` catches
them and never lets a traceback reach a player.
"""

from __future__ import annotations

import reprlib
from typing import Any


class LuckdialError(ValueError):
    """Base of every error a player can cause."""

    type = "bad_request"

    def __init__(self, field: str, message: str, detail: dict[str, Any] | None = None) -> None:
        self.field = field
        self.message = f"{field}: {message}" if field else message
        self.detail = detail
        """Machine-readable facts a page acts on (e.g. ``{"dice_needed": …}``), so no page parses English."""
        super().__init__(self.message)


class BadRequest(LuckdialError):
    """A request field is missing, unknown, of the wrong type or out of range."""


class RuleError(ValueError):
    """A step the rules forbid, on a field of that step (``invest``, ``roll``, …).

    Raised by rule modules that do not know where the step sits in a request;
    the op turns it into a BadRequest on the step's full path.
    """

    def __init__(self, field: str, message: str) -> None:
        self.field = field
        self.message = message
        super().__init__(message)


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.fillvalue = 3, 60, 60, "…"


def show(value: Any, limit: int = 60) -> str:
    """Quote a user's value for a message, cut short so a huge value stays readable.

    Lists and objects are shown three levels deep at most (``reprlib``): ``repr`` recurses once a level,
    and a list nested 993 deep ran it out of stack."""
    text = _SHORT.repr(value) if isinstance(value, (list, dict, tuple)) else repr(value)
    if isinstance(value, str):
        text = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    elif isinstance(value, bool) or value is None:
        text = {True: "true", False: "false", None: "null"}[value]
    return text if len(text) <= limit else text[: limit - 1] + "…"
