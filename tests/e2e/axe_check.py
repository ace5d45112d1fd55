"""axe-core, the accessibility engine, run on the page as it stands.

axe is a test tool: it is read from node_modules/axe-core (pinned in package.json) and put
into the page by the test through DevTools (page.evaluate), so it never ships in dist/ and
the page's Content-Security-Policy stays as strict as it is for players."""

from __future__ import annotations

import json
import pathlib

from playwright.sync_api import Page

AXE = pathlib.Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_violations(page: Page) -> list[dict]:
    """Every axe violation on the page now (all rules axe runs by default, WCAG 2.x A and AA and best practice)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    return page.evaluate("""async () => {
        const result = await window.axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n').slice(1, 2).join(''))}));
    }""")


def assert_no_axe_violations(page: Page, state: str) -> None:
    """Fails with each rule, its impact and the elements at fault, named for the state the page is in."""
    found = axe_violations(page)
    assert found == [], f"axe-core found violations in state {state!r}:\n" + json.dumps(found, indent=1)
