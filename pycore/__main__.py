"""Command line: ``python -m pycore < request.json`` prints the JSON response.

Exit status (docs/api.md): 0 when ok, 1 when not (``internal``, ``too_big``), 2 on a bad request.
"""

from __future__ import annotations

import json
import sys

from .api import handle


def main() -> int:
    response = handle(sys.stdin.read())
    sys.stdout.write(response + "\n")
    envelope = json.loads(response)
    if envelope["ok"]:
        return 0
    return 2 if envelope["error"]["type"] in ("bad_json", "bad_request") else 1


if __name__ == "__main__":
    sys.exit(main())
