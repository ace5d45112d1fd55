"""`python3 build.py serve`'s server serves like GitHub Pages (#16): gzip, validators, kept-alive
connections and no wait of its own between a response's headers and its body.

The server is build.make_server, the one the end-to-end tests and bench/load.py use, on a folder of
its own. No browser is needed: http.client speaks to it as a browser would.
"""

from __future__ import annotations

import gzip
import http.client
import socket
import threading

import pytest

from build import make_server

SCRIPT = "export const answer = 42;\n" * 40


@pytest.fixture
def served(tmp_path):
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "a.js").write_text(SCRIPT)
    (tmp_path / "kit" / "b.js").write_text(SCRIPT.replace("42", "43"))
    server = make_server(tmp_path, "127.0.0.1", 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def get(connection: http.client.HTTPConnection, path: str, **headers: str) -> tuple[http.client.HTTPResponse, bytes]:
    connection.request("GET", path, headers={"Accept-Encoding": "gzip, deflate, br", **headers})
    response = connection.getresponse()
    return response, response.read()


def test_scripts_are_gzipped_with_a_validator_and_revalidated_without_a_body(served):
    connection = http.client.HTTPConnection("127.0.0.1", served.server_port, timeout=10)
    response, body = get(connection, "/kit/a.js")
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert response.getheader("Content-Type").startswith("text/javascript")
    assert gzip.decompress(body).decode() == SCRIPT
    etag = response.getheader("ETag")
    assert etag

    again, body = get(connection, "/kit/a.js", **{"If-None-Match": etag})
    assert again.status == 304 and body == b""
    connection.close()


def test_a_kept_alive_connection_sends_each_body_without_waiting_for_an_acknowledgement(served):
    """Headers and body are two writes; with Nagle's algorithm the body waited for the browser's delayed
    acknowledgement of the headers, about 40 ms a file on localhost (bench/load.py's trace of a first
    visit: each of the first screen's 23 modules took 40-50 ms from its first byte to its last).
    GitHub Pages has no such wait: every connection the server keeps has TCP_NODELAY set."""
    connection = http.client.HTTPConnection("127.0.0.1", served.server_port, timeout=10)
    for path in ("/kit/a.js", "/kit/b.js"):  # two responses on one connection: it is kept alive
        response, _ = get(connection, path)
        assert response.status == 200 and not response.will_close
    with served.connections_lock:
        kept = list(served.connections)
    assert len(kept) == 1
    assert kept[0].getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    connection.close()
