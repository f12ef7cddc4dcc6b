"""A small static file server for the Boardshelf site (standard library only).

    python tools/serve.py                 # the repo root on http://127.0.0.1:8000
    python tools/serve.py dist --port 9000

Correct MIME types for the runtime (``application/wasm`` so the browser can compile
the wasm while it streams, ``text/javascript`` for ``.mjs``), ``Cache-Control:
no-cache`` so a rebuilt wheel is picked up (the browser revalidates, 304 when
unchanged), HTTP/1.1 keep-alive.  Listens on 127.0.0.1 only.

``start(root, port=0)`` runs one in a background thread (used by the browser
tests and the benchmark) and returns ``(server, base_url)``.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".webmanifest": "application/manifest+json",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    quiet = False

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, fmt: str, *args) -> None:
        if not self.quiet:
            super().log_message(fmt, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(root: Path | str = ROOT, port: int = 0, host: str = "127.0.0.1", quiet: bool = True) -> Server:
    handler = functools.partial(type("QuietHandler" if quiet else "LoudHandler", (Handler,), {"quiet": quiet}),
                                directory=str(root))
    return Server((host, port), handler)


def start(root: Path | str = ROOT, port: int = 0, quiet: bool = True) -> tuple[Server, str]:
    """Serve ``root`` from a daemon thread; returns the server and its base URL (ends with ``/``)."""
    server = make_server(root, port, quiet=quiet)
    threading.Thread(target=server.serve_forever, name="boardshelf-serve", daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", nargs="?", default=str(ROOT), help="folder to serve (default: the repo root)")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()
    if not (root / "index.html").exists():
        print(f"warning: {root} has no index.html", file=sys.stderr)
    try:
        server = make_server(root, args.port, args.host, quiet=args.quiet)
    except OSError as exc:
        print(f"cannot listen on {args.host}:{args.port}: {exc.strerror}; try another port "
              f"(--port N, or PORT=N make play)", file=sys.stderr)
        return 1
    print(f"Boardshelf: serving {root} at http://{args.host}:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
