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

from ..errors import BadRequest

TAG = "luckdial-commit/v1"
HEX64 = re.compile(r"[0-9a-f]{64}")
MAX_PHRASE = 200


def commitment(secret: str, setup: Mapping[str, Any]) -> str:
    """The commitment the attacker posts: binds the secret and the battle's setup."""
    body = json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{TAG}\n{secret}\n{body}".encode("utf-8")).hexdigest()


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


# -- round by round: one commitment, a chain of keys, a phrase per draw ------------------------------------------
#
# docs/links.md "Fair dice, round by round". The attacker's secret seeds a hash chain: key_L = sha256(CHAIN_TAG ‖
# 0x0A ‖ secret), key_(k−1) = sha256(key_k) (as bytes), down to the head key_0, which the commitment binds with the
# battle: sha256(TAG_V2 ‖ 0x0A ‖ key_0 ‖ 0x0A ‖ setup). Draw k's seed is HMAC-SHA256(key=key_k, msg=phrase_k). The
# defender's phrase k is posted after every decision before draw k; the attacker then reveals key_k, which anyone
# checks by hashing it k times to the committed head. key_k gives away no later key (sha256 is not reversed), so the
# defender never knows the next dice; the attacker knows the next key but not the next phrase, so he never does
# either, and he cannot change a key after the phrase (the head is committed).

TAG_V2 = "luckdial-commit/v2"
CHAIN_TAG = "luckdial-chain/v1"
CHAIN_LENGTH = 400
"""Draws a commitment can give: as many as a beacon battle's (pycore.fair.beacon.MAX_DRAWS)."""


def _down(key: str, times: int) -> str:
    for _ in range(times):
        key = hashlib.sha256(bytes.fromhex(key)).hexdigest()
    return key


def chain_key(secret: str, draw: int) -> str:
    """key_draw of the secret's chain (draw 0 is the head the commitment binds)."""
    top = hashlib.sha256(f"{CHAIN_TAG}\n{secret}".encode("utf-8")).hexdigest()
    return _down(top, CHAIN_LENGTH - draw)


def commitment_v2(head: str, setup: Mapping[str, Any]) -> str:
    body = json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"{TAG_V2}\n{head}\n{body}".encode("utf-8")).hexdigest()


def seeds_of_draws(commit: Mapping[str, Any], setup: Mapping[str, Any], field: str = "commit") -> tuple[str, ...]:
    """The seeds of the revealed draws, after checking the key against the commitment; () before any reveal."""
    key = commit.get("key")
    if key is None:
        return ()
    draw, value = key["draw"], key["value"]
    if not hmac.compare_digest(commitment_v2(_down(value, draw), setup), commit["hash"]):
        raise BadRequest(f"{field}.key", f"the revealed key of draw {draw} and the battle do not match the commitment "
                         f"{commit['hash'][:12]}… the attacker posted: the attacker changed the key or the battle after "
                         "the defender replied, so the ATTACKER could have chosen these dice. Do not accept this result; "
                         "the defender did nothing wrong")
    keys = [_down(value, draw - k) for k in range(1, draw + 1)]
    return tuple(hmac.new(k.encode("utf-8"), d["phrase"].encode("utf-8"), hashlib.sha256).hexdigest()
                 for k, d in zip(keys, commit["draws"]))
