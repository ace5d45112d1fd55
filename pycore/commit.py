"""Commit–reveal: two players make the dice together, with no network and nobody able to choose them.

docs/links.md "Commit–reveal": the attacker's page makes a secret and posts
only its *commitment*, ``sha256("luckdial-commit/v1" ‖ 0x0A ‖ secret ‖ 0x0A ‖
canonical JSON of the battle's setup)``, as hex. The defender replies with
any phrase. The attacker then reveals the secret. The dice seed is
``HMAC-SHA256(key=secret, msg=phrase)`` as hex, fed to :mod:`pycore.dice`:
the attacker fixed the secret before seeing the phrase, the defender chose
the phrase without knowing the secret, so neither could aim the dice.

The reveal is checked against the commitment: a secret (or a battle) that
does not match it means the attacker changed something after the defender
replied, and the page says so instead of showing dice. What this cannot
prevent: an attacker who never reveals (the forum sees that), or a defender
who never replies.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from typing import Any, Mapping

from . import validate as v
from .errors import BadRequest, show

TAG = "luckdial-commit/v1"
_HEX64 = re.compile(r"[0-9a-f]{64}")
MAX_PHRASE = 200


def commitment(secret: str, setup: Mapping[str, Any]) -> str:
    """The commitment the attacker posts: binds the secret and the battle's setup."""
    body = json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{TAG}\n{secret}\n{body}".encode("utf-8")).hexdigest()


def read(value: Any, field: str = "commit") -> dict:
    """The canonical ``commit`` field: ``hash``, then ``phrase`` (defender), then ``secret`` (reveal)."""
    value = v.obj(value, field)
    v.only_keys(value, ("hash", "phrase", "secret"), field)
    digest = v.required(value, "hash", field)
    if not isinstance(digest, str) or not _HEX64.fullmatch(digest):
        raise BadRequest(f"{field}.hash", f"must be the commitment: 64 lowercase hex characters, got {show(digest, 24)}")
    out = {"hash": digest}
    if "phrase" in value:
        out["phrase"] = v.text(value["phrase"], f"{field}.phrase", 1, MAX_PHRASE)
    if "secret" in value:
        if "phrase" not in out:
            raise BadRequest(f"{field}.secret", "the secret is revealed only after the defender's phrase: "
                             "give commit.phrase first")
        out["secret"] = v.text(value["secret"], f"{field}.secret", 16, 200)
    return out


def seed_of(commit: Mapping[str, str], setup: Mapping[str, Any], field: str = "commit") -> str:
    """The dice seed of a revealed commitment, after checking it; who could have cheated otherwise."""
    if "phrase" not in commit:
        raise BadRequest(f"{field}.phrase", "waiting for the defender's phrase: the defender opens the "
                         "commitment link and replies with any phrase")
    if "secret" not in commit:
        raise BadRequest(f"{field}.secret", "waiting for the attacker's reveal: the attacker opens the "
                         "defender's reply on the device that made the commitment and reveals")
    if not hmac.compare_digest(commitment(commit["secret"], setup), commit["hash"]):
        raise BadRequest(f"{field}.secret", "the revealed secret and battle do not match the commitment "
                         f"{commit['hash'][:12]}… the attacker posted: the attacker changed the secret or the battle "
                         "after the defender replied, so the ATTACKER could have chosen these dice. Do not accept "
                         "this result; the defender did nothing wrong")
    return hmac.new(commit["secret"].encode("utf-8"), commit["phrase"].encode("utf-8"), hashlib.sha256).hexdigest()
