"""`python3 build.py serve`: dist/site/ on 127.0.0.1, revalidated on every request, from a port it never shares.
The browser tests and the bench serve the site with the same Handler and Server."""

from __future__ import annotations

import errno
import functools
import http.server
import socket
import sys
from collections.abc import Callable
from typing import Any

from .common import SITE


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with revalidation: unversioned files (index.html, js, sw.js) must never be stale."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".webmanifest": "application/manifest+json", ".whl": "application/zip"}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    """Never shares its port: a second `serve` on the same port must fail to bind, not split the traffic."""

    allow_reuse_address = True
    allow_reuse_port = False
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that hung up mid-file (a tab closed, a download it no longer needs) is no error of the server's:
        only other failures are printed, with their traceback."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def serve(build: Callable[[], object], port: int = 8000) -> int:
    """Take the port first, then build (``build`` is build.py's), then serve: a busy port is reported before any
    build."""
    handler = functools.partial(Handler, directory=str(SITE))
    try:
        server = Server(("127.0.0.1", port), handler)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            other = next((p for p in range(port + 1, min(port + 100, 65536)) if port_is_free(p)), port + 1)
            print(f"Port {port} is in use (is Woundbook already served there?). "
                  f"Use --port {other} to serve on another port.", file=sys.stderr)
            return 2
        if error.errno == errno.EACCES:
            print(f"Port {port} needs privileges this user lacks. Use --port 8000 to serve on another port.",
                  file=sys.stderr)
            return 2
        raise
    with server:
        build()
        print(f"Woundbook is served at http://127.0.0.1:{port}/  (Ctrl+C stops it)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
