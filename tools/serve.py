"""A small static file server for the Boardshelf site (standard library only).

    python tools/serve.py                 # the repo root on http://127.0.0.1:8000
    python tools/serve.py dist --port 9000

Correct MIME types for the runtime (``application/wasm`` so the browser can compile
the wasm while it streams, ``text/javascript`` for ``.mjs``), gzip for the big types
(a fresh ``.gz`` sibling from the build, or compressed once in memory), ``Cache-Control:
no-cache`` so a rebuilt wheel is picked up (the browser revalidates, 304 when
unchanged), HTTP/1.1 keep-alive.  Listens on 127.0.0.1 only.

``start(root, port=0)`` runs one in a background thread (used by the browser
tests and the benchmark) and returns ``(server, base_url)``.
"""
from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import http.server
import io
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


# Compressed like a static host does it: gzip for these types when the browser accepts it.  A
# `<file>.gz` sibling written by the build (at least as new as the file) is used as it is; otherwise
# the file is gzipped once and kept in memory (keyed by path, size and mtime).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".zip", ".whl", ".svg", ".webmanifest",
                ".txt", ".md"}
MIN_COMPRESS = 1024
_GZ_CACHE: dict = {}
_GZ_LOCK = threading.Lock()


def gzipped(path: Path, st) -> bytes:
    key = (str(path), st.st_size, st.st_mtime_ns)
    with _GZ_LOCK:
        hit = _GZ_CACHE.get(key)
    if hit is not None:
        return hit
    sibling = path.with_name(path.name + ".gz")
    try:
        sst = sibling.stat()
        fresh = sst.st_mtime_ns >= st.st_mtime_ns
    except OSError:
        fresh = False
    data = sibling.read_bytes() if fresh else gzip.compress(path.read_bytes(), 6, mtime=0)
    with _GZ_LOCK:
        for k in [k for k in _GZ_CACHE if k[0] == key[0]]:
            del _GZ_CACHE[k]
        _GZ_CACHE[key] = data
    return data


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    quiet = False
    compress = True
    stats = None            # a Stats to count the bytes sent (the benchmark's first-visit transfer)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if self.stats is not None:
            self.stats.add(sum(len(b) for b in getattr(self, "_headers_buffer", [])) + 2)
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:
        if self.stats is None:
            return super().copyfile(source, outputfile)
        while chunk := source.read(256 * 1024):
            self.stats.add(len(chunk))        # counted before it leaves: a reader never sees it uncounted
            outputfile.write(chunk)

    def send_head(self):
        path = Path(self.translate_path(self.path))
        accept = self.headers.get("Accept-Encoding", "")
        if (not self.compress or "gzip" not in accept or path.suffix not in COMPRESSIBLE
                or self.path.endswith("/") or not path.is_file()):
            return super().send_head()
        st = path.stat()
        if st.st_size < MIN_COMPRESS:
            return super().send_head()
        ims = self.headers.get("If-Modified-Since")
        if ims and not self.headers.get("If-None-Match"):
            try:
                if int(st.st_mtime) <= email.utils.parsedate_to_datetime(ims).timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.send_header("Vary", "Accept-Encoding")
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError, IndexError):
                pass
        data = gzipped(path, st)
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return io.BytesIO(data)

    def log_message(self, fmt: str, *args) -> None:
        if not self.quiet:
            super().log_message(fmt, *args)


class Stats:
    """Bytes sent (headers + bodies, as on the wire) and responses, thread-safe."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
        return n


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(root: Path | str = ROOT, port: int = 0, host: str = "127.0.0.1", quiet: bool = True,
                compress: bool = True, stats: Stats | None = None) -> Server:
    attrs = {"quiet": quiet, "compress": compress, "stats": stats}
    handler = functools.partial(type("QuietHandler" if quiet else "LoudHandler", (Handler,), attrs),
                                directory=str(root))
    return Server((host, port), handler)


def start(root: Path | str = ROOT, port: int = 0, quiet: bool = True, compress: bool = True,
          stats: Stats | None = None) -> tuple[Server, str]:
    """Serve ``root`` from a daemon thread; returns the server and its base URL (ends with ``/``)."""
    server = make_server(root, port, quiet=quiet, compress=compress, stats=stats)
    threading.Thread(target=server.serve_forever, name="boardshelf-serve", daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", nargs="?", default=str(ROOT), help="folder to serve (default: the repo root)")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--no-gzip", action="store_true", help="serve files as they are (no Content-Encoding)")
    args = ap.parse_args(argv)
    root = Path(args.root).resolve()
    if not (root / "index.html").exists():
        print(f"warning: {root} has no index.html", file=sys.stderr)
    try:
        server = make_server(root, args.port, args.host, quiet=args.quiet, compress=not args.no_gzip)
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
