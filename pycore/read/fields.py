"""Small readers for request fields: each checks one value and names it when it is wrong.

Kept apart from the ops so every op reports bad input the same way:
``<field>: must be …, got <value>``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, TypeVar

from ..errors import BadRequest, LuckdialError, show
from ..jsontext import has_lone_surrogate


def obj(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise BadRequest(field, f"must be an object, got {show(value)}")
    return value


def only_keys(value: Mapping[str, Any], allowed: Iterable[str], field: str) -> None:
    """Refuse unknown keys, so a typo ("defnder") is reported instead of ignored. ``allowed`` given as a frozenset
    is used as is (the readers keep theirs so: a set built at every call cost a small calculation 1 µs a field set)."""
    if not isinstance(allowed, frozenset):
        allowed = frozenset(allowed)
    for key in value:
        if key not in allowed:
            where = f"{field}.{key}" if field else str(key)
            raise BadRequest(where, f"unknown field (expected one of: {', '.join(sorted(allowed))})")


def required(value: Mapping[str, Any], key: str, field: str) -> Any:
    if key not in value:
        where = f"{field}.{key}" if field else key
        raise BadRequest(where, "is required")
    return value[key]


def whole(value: Any, field: str, low: int, high: int) -> int:
    """A whole number in [low, high]; booleans and 2.5 are refused, 3.0 is not a count either."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(field, f"must be a whole number from {low} to {high}, got {show(value)}")
    if not low <= value <= high:
        raise BadRequest(field, f"must be a whole number from {low} to {high}, got {show(value)}")
    return value


def number(value: Any, field: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise BadRequest(field, f"must be a number from {low} to {high}, got {show(value)}")
    if not low <= value <= high:
        raise BadRequest(field, f"must be a number from {low} to {high}, got {show(value)}")
    return value


def chance(value: Any, field: str, of: str = "") -> float:
    """A probability from 0 to 1 (the page sends its percent ÷ 100); ``of`` names what it is a chance of, in
    the message (" to win" for ``retreat_below``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or not 0 <= value <= 1:
        raise BadRequest(field, f"must be a chance{of} from 0 to 1 (0 % to 100 %), got {show(value)}")
    return float(value)


def text(value: Any, field: str, min_len: int = 1, max_len: int = 200) -> str:
    if not isinstance(value, str):
        raise BadRequest(field, f"must be text, got {show(value)}")
    if not min_len <= len(value) <= max_len:
        raise BadRequest(field, f"must be {min_len} to {max_len} characters long, got {len(value)}")
    at = has_lone_surrogate(value)
    if at is not None:
        # Half of a UTF-16 pair alone (JSON's "\udfff"): no text encoding can hold it, so no seed, hash or
        # link could be made of it. Refused, not cleaned: a cleaned seed would roll other dice.
        raise BadRequest(field, f"character {at + 1} is a lone surrogate (\\u{ord(value[at]):04x}, half of a "
                                "character cut in two), which is not text: retype it")
    return value


def boolean(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise BadRequest(field, f"must be true or false, got {show(value)}")
    return value


def choice(value: Any, options: Iterable[str], field: str) -> str:
    options = list(options)
    if not isinstance(value, str) or value not in options:
        raise BadRequest(field, f"must be one of {', '.join(options)}, got {show(value)}")
    return value


def array(value: Any, field: str, max_len: int) -> list[Any]:
    if not isinstance(value, list):
        raise BadRequest(field, f"must be a list, got {show(value)}")
    if len(value) > max_len:
        raise BadRequest(field, f"must have at most {max_len} entries, got {len(value)}")
    return value


T = TypeVar("T")


def within(prefix: str, read: Callable[..., T], *args: Any) -> T:
    """``read(*args)``, a mistake's field named from ``prefix`` (``waves[1].attacker.units.tank``): a part of a
    request read by the reader of a whole one (a wave's attacker as a battle's side)."""
    try:
        return read(*args)
    except LuckdialError as error:
        bare = error.message[len(error.field) + 2:] if error.field else error.message
        raise BadRequest(f"{prefix}.{error.field}" if error.field else prefix, bare, error.detail) from None
