"""Share links: a request in a URL fragment, so anyone can open, check and replay it.

Format v1 (``docs/links.md``): ``v1.`` + base64url (no padding) of the
raw-deflated canonical JSON of a linkable request (``resolve``, ``calc``,
``wif``, ``research``, ``bombing``, ``journal``). Canonical JSON sorts keys and drops spaces, so the same battle
always gives the same link. A link holds the *request*, never the result: the
receiver re-runs it with the same seed and sees the same dice, which is what
makes a posted link checkable.

Decoding trusts nothing: the length is bounded before and after inflating (no
zip bomb), and the request is validated by its op exactly as if typed in
(:func:`pycore.ops.decode_link`: the ops are above this module).
"""

from __future__ import annotations

import base64
import binascii
import zlib
from typing import Any, Mapping

from . import jsontext
from .errors import BadRequest, LuckdialError, show

PREFIX = "v1."
MAX_JSON_BYTES = 256_000
"""The most a link may unpack to (no zip bomb): more than the canonical form of any request the API takes
(``api.MAX_REQUEST_CHARS`` characters; only its few free texts, seeds and labels, may take more than a byte a
character), so every request answered has a link that reads back — a table-dice battle of 999 infantry
and 999 tanks a side over 9 rounds holds 72,000 bytes of dice, past the 64,000 this was."""
MAX_LINK_CHARS = 120_000
"""The most characters a link may have: 256,000 bytes of the least compressible request (dice faces
at random, about 2.6 bits a face) pack into fewer."""


class LinkTooBig(LuckdialError):
    """A request whose link would not read back (past :data:`MAX_JSON_BYTES` or :data:`MAX_LINK_CHARS`)."""

    type = "too_big"


def canonical_json(request: Mapping[str, Any]) -> bytes:
    """Keys sorted, no spaces, UTF-8; a lone surrogate (which no op lets into a request it answers) escaped."""
    return jsontext.dumps(request, sort_keys=True).encode("utf-8")


def link_for(request: Mapping[str, Any]) -> str:
    """The v1 fragment (without ``#``) for a request that is already normalized.

    Never a link that :func:`read_link` would refuse as too big: that is refused here, before anyone
    shares it (:class:`LinkTooBig`)."""
    text = canonical_json(request)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text) + packer.flush()
    link = PREFIX + base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")
    if len(text) > MAX_JSON_BYTES or len(link) > MAX_LINK_CHARS:
        raise LinkTooBig("link", f"this request is too big for a link that reads back ({len(text):,} bytes, "
                                 f"{len(link):,} characters; a link holds at most {MAX_JSON_BYTES:,} bytes in "
                                 f"{MAX_LINK_CHARS:,} characters): use fewer units or rounds")
    return link


def read_link(link: Any, field: str = "decode") -> Any:
    """The JSON a link holds, not yet validated (:func:`pycore.ops.decode_link` validates it by its op); a clear
    BadRequest on ``field`` where it does not decode."""
    if not isinstance(link, str):
        raise BadRequest(field, f"a link must be text, got {show(link)}")
    body = link.strip()
    if body.startswith("#"):
        body = body[1:]
    if len(body) > MAX_LINK_CHARS:
        raise BadRequest(field, f"the link is too long ({len(body)} characters, at most {MAX_LINK_CHARS})")
    if not body.startswith("v"):
        raise BadRequest(field, f"not a Luckdial link: it should start with {PREFIX}, got {show(body, 24)}")
    if not body.startswith(PREFIX):
        version = body.split(".", 1)[0]
        raise BadRequest(field, f"this link is of version {show(version)}, which this Luckdial does not know (it reads {PREFIX[:-1]})")
    payload = body[len(PREFIX):]
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj(-15)
        data = unpacker.decompress(raw, MAX_JSON_BYTES + 1)
        if len(data) > MAX_JSON_BYTES or unpacker.unconsumed_tail:
            raise BadRequest(field, f"the link unpacks to more than {MAX_JSON_BYTES} bytes")
        if not unpacker.eof:
            raise ValueError("truncated")
        request = jsontext.loads(data.decode("utf-8"))   # its depth bounded before any parser recurses
    except BadRequest:
        raise
    except jsontext.TooDeep as error:
        raise BadRequest(field, f"the link is refused: {error}") from None
    except (binascii.Error, zlib.error, ValueError, UnicodeDecodeError, RecursionError):
        raise BadRequest(field, "the link is damaged (cut short or edited): it does not decode") from None
    return request
