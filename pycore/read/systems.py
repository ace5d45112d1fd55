"""A request's ``system`` field read into the luck system it names, configured.

Each system declares the options it takes beyond ``name`` (``LuckSystem.spec_keys``); this module reads
each option by its name (:data:`OPTION_READERS`) and hands the checked values to the system's
``configure``, so no system reads a request itself. A new option is one reader here.
"""

from __future__ import annotations

from typing import Any, Callable

from ..errors import BadRequest, show
from ..systems import LuckSystem, all_systems, system_named
from . import fields as v
from .colors import read_chart


def _variant(value: Any, field: str, system: LuckSystem) -> str:
    """A&A Chess's variant (docs/rules.md §6): one of the variants the system lists."""
    return v.choice(value, [variant["id"] for variant in system.variants], field)


OPTION_READERS: dict[str, Callable[[Any, str, LuckSystem], Any]] = {
    "variant": _variant,
    "chart": lambda value, field, system: read_chart(value, field),
}
"""How each option of a ``system`` field is read: (value, field, the unconfigured system) -> the value."""


def read_system(value: Any, field: str = "system") -> LuckSystem:
    """The system named by ``{"name": id, ...}``, configured by its options, or a clear error listing the ids."""
    spec = v.obj(value, field)
    name = v.required(spec, "name", field)
    system = system_named(name)
    if system is None:
        raise BadRequest(f"{field}.name", f"must be one of {', '.join(s.id for s in all_systems())}, got {show(name)}")
    v.only_keys(spec, ("name",) + system.spec_keys, field)
    options = {key: OPTION_READERS[key](spec[key], f"{field}.{key}", system) for key in system.spec_keys if key in spec}
    return system.configure(**options)
