"""A small static file server for the Boardshelf site (standard library only).

    python tools/serve.py                 # the repo root on http://127.0.0.1:8000
    python tools/serve.py dist --port 9000

Correct MIME types for the runtime (``application/wasm`` so the browser can compile
the wasm while it streams, ``text/javascript`` for ``.mjs``), compression for the big
types (brotli from a fresh ``.br`` sibling the build wrote; else gzip, from a fresh ``.gz``
sibling or compressed once in memory), ``Cache-Control: no-cache`` so a rebuilt wheel is
picked up (the browser revalidates, 304 when unchanged), HTTP/1.1 keep-alive.  Listens on
127.0.0.1 only.

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
import os
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


# Compressed like a static host does it, for these types when the browser accepts it: brotli when a
# `<file>.br` sibling written by the build (tools/brotli.mjs) is at least as new as the file (the
# standard library has no brotli, so there is no fallback for it); otherwise gzip: a fresh `<file>.gz`
# sibling as it is, or the file gzipped once and kept in memory (keyed by path, size and mtime).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".zip", ".whl", ".svg", ".webmanifest",
                ".txt", ".md"}
MIN_COMPRESS = 1024
_GZ_CACHE: dict = {}
_GZ_LOCK = threading.Lock()


def accepted_codings(header: str | None) -> dict[str, float]:
    """``Accept-Encoding`` as {coding: q} (RFC 9110 12.5.3): lower-case tokens, ``q`` defaults to 1,
    a malformed ``q`` counts as 0; ``x-gzip`` is ``gzip``."""
    out: dict[str, float] = {}
    for item in (header or "").split(","):
        coding, *params = (part.strip() for part in item.split(";"))
        coding = coding.lower()
        if not coding:
            continue
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                try:
                    q = min(max(float(value.strip()), 0.0), 1.0)
                except ValueError:
                    q = 0.0
        out["gzip" if coding == "x-gzip" else coding] = q
    return out


def coding_q(codings: dict[str, float], coding: str) -> float:
    """The q-value ``codings`` gives ``coding`` (``*`` covers codings not named; absent means 0)."""
    return codings.get(coding, codings.get("*", 0.0))


def _fresh_sibling(path: Path, st, ext: str) -> Path | None:
    sibling = path.with_name(path.name + ext)
    try:
        return sibling if sibling.stat().st_mtime_ns >= st.st_mtime_ns else None
    except OSError:
        return None


def gzipped(path: Path, st) -> bytes:
    key = (str(path), st.st_size, st.st_mtime_ns)
    with _GZ_LOCK:
        hit = _GZ_CACHE.get(key)
    if hit is not None:
        return hit
    sibling = _fresh_sibling(path, st, ".gz")
    data = sibling.read_bytes() if sibling else gzip.compress(path.read_bytes(), 6, mtime=0)
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

    _vary = False           # this response depends on Accept-Encoding

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if self._vary:
            self.send_header("Vary", "Accept-Encoding")
            self._vary = False
        if self.stats is not None:
            self.stats.add(sum(len(b) for b in getattr(self, "_headers_buffer", [])) + 2, self.path)
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:
        if self.stats is None:
            return super().copyfile(source, outputfile)
        while chunk := source.read(256 * 1024):
            self.stats.add(len(chunk))        # counted before it leaves: a reader never sees it uncounted
            outputfile.write(chunk)

    def send_head(self):
        self._vary = False
        path = Path(self.translate_path(self.path))
        if (not self.compress or path.suffix not in COMPRESSIBLE or self.path.endswith("/")
                or not path.is_file()):
            return super().send_head()
        st = path.stat()
        if st.st_size < MIN_COMPRESS:
            return super().send_head()
        self._vary = True       # from here on the answer depends on Accept-Encoding, identity included
        codings = accepted_codings(self.headers.get("Accept-Encoding"))
        q_br, q_gzip = coding_q(codings, "br"), coding_q(codings, "gzip")
        br = _fresh_sibling(path, st, ".br") if q_br > 0 and q_br >= q_gzip else None   # ties: brotli
        if br is None and q_gzip <= 0:
            return super().send_head()
        ims = self.headers.get("If-Modified-Since")
        if ims and not self.headers.get("If-None-Match"):
            try:
                if int(st.st_mtime) <= email.utils.parsedate_to_datetime(ims).timestamp():
                    self.send_response(http.HTTPStatus.NOT_MODIFIED)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError, IndexError):
                pass
        body = None
        if br is not None:
            try:
                body = open(br, "rb")             # streamed from disk (copyfile), never decoded here
                length, encoding = os.fstat(body.fileno()).st_size, "br"
            except OSError:                       # removed meanwhile: gzip then, or as it is
                body = None
                if q_gzip <= 0:
                    return super().send_head()
        if body is None:
            data = gzipped(path, st)
            body, length, encoding = io.BytesIO(data), len(data), "gzip"
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(length))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return body

    def log_message(self, fmt: str, *args) -> None:
        if not self.quiet:
            super().log_message(fmt, *args)


class Stats:
    """Bytes sent (headers + bodies, as on the wire) and the paths answered, thread-safe."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.bytes = 0
        self.paths: list[str] = []

    def add(self, n: int, path: str | None = None) -> None:
        with self.lock:
            self.bytes += n
            if path is not None:
                self.paths.append(path)

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
        return n

    def take_paths(self) -> list[str]:
        """The request paths answered since the last call, in order."""
        with self.lock:
            paths, self.paths = self.paths, []
        return paths


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


def arg_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", nargs="?", default=str(ROOT), help="folder to serve (default: the repo root)")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--no-compress", "--no-gzip", dest="no_compress", action="store_true",
                    help="turn compression off: files as they are, no Content-Encoding (no brotli, no gzip)")
    return ap


def main(argv=None) -> int:
    args = arg_parser().parse_args(argv)
    root = Path(args.root).resolve()
    if not (root / "index.html").exists():
        print(f"warning: {root} has no index.html", file=sys.stderr)
    try:
        server = make_server(root, args.port, args.host, quiet=args.quiet, compress=not args.no_compress)
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
