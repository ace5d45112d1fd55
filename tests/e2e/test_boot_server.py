"""build.py's server keeps connections alive, as GitHub Pages does (issue #16, "serve like GitHub
Pages"): HTTP/1.1, and every response's length stated, so a page's sixty requests share connections
instead of opening one each. And a stopped server answers nothing more, not even on a kept connection."""

from __future__ import annotations

import http.client

import pytest


@pytest.fixture
def traffic():
    """No browser here (the e2e folder's recorder of a page's requests has nothing to watch)."""
    yield None

PATHS = [  # (path, gzip accepted): a gzipped page, a plain file, a module, the wasm, a folder redirect
    ("/", True), ("/pyodide/python_stdlib.zip", True), ("/app.js", True), ("/app.js", False),
    ("/pyodide/pyodide.asm.wasm", True), ("/kit", False),
]


def test_one_connection_carries_every_kind_of_response(dist_server):
    connection = http.client.HTTPConnection("127.0.0.1", dist_server.port, timeout=30)
    try:
        connection.connect()
        kept = connection.sock
        for path, gzip in PATHS:
            connection.request("GET", path, headers={"Accept-Encoding": "gzip"} if gzip else {})
            response = connection.getresponse()
            body = response.read()
            assert response.version == 11, path
            assert response.status in (200, 301), (path, response.status)
            assert response.getheader("Content-Length") == str(len(body)), path
            assert not response.will_close, f"{path}: the server closed the connection"
        # A revalidation is answered 304 without a body, and the connection stays.
        connection.request("GET", "/app.js", headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        response.read()
        connection.request("GET", "/app.js", headers={"Accept-Encoding": "gzip", "If-None-Match": response.getheader("ETag")})
        response = connection.getresponse()
        assert (response.status, response.read(), response.will_close) == (304, b"", False)
        assert connection.sock is kept, "every request went over the one connection"
    finally:
        connection.close()


def test_a_stopped_server_closes_its_kept_connections(make_dist_server):
    server = make_dist_server()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request("GET", "/app.js")
        connection.getresponse().read()
        server.stop()
        with pytest.raises((ConnectionError, http.client.HTTPException, OSError)):
            connection.request("GET", "/app.js")
            connection.getresponse().read()
    finally:
        server.stop()
        connection.close()
