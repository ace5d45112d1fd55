"""Command line: ``python -m pycore < request.json`` prints the JSON response.

Exit status (docs/api.md): 0 when ok, 1 when not (``internal``, ``too_big``), 2 on a bad request.
"""

from __future__ import annotations

import json
import sys

from .api import handle


def main() -> int:
    raw = sys.stdin.buffer.read()
    try:
        request = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        request = None
        response = json.dumps({"ok": False, "error": {"type": "bad_json", "message":
                               f"the request is not UTF-8 text (byte {error.start + 1} is not): send JSON as UTF-8"}})
    if request is not None:
        response = handle(request)
    # As bytes, whatever the terminal's encoding: handle's text is always UTF-8 (jsontext.dumps).
    sys.stdout.buffer.write(response.encode("utf-8") + b"\n")
    sys.stdout.flush()
    envelope = json.loads(response)
    if envelope["ok"]:
        return 0
    return 2 if envelope["error"]["type"] in ("bad_json", "bad_request") else 1


if __name__ == "__main__":
    sys.exit(main())
