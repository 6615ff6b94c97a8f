"""`referee board --serve`: the board as a read-only web page, on the standard library's HTTP server.

One watcher thread holds the only connection to the game file (read-only) and checks SQLite's
`data_version` every `interval` seconds; when a move lands it builds the view once and wakes every
open page. However many phones watch, the game file sees one reader. Endpoints: `/` (the page),
`/events` (server-sent events: the board's HTML on each move), `/view.json` (the view model).
Nothing else answers; the handler has no method that writes, so POST and friends get 501.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from referee.board import BoardError

__all__ = ["BoardServer", "DEFAULT_PORT", "lan_addresses"]

DEFAULT_PORT = 8765
KEEPALIVE_S = 15.0  # a comment line this often lets a page that went away free its thread


class BoardServer:
    """Serve the board of the game file at `path` on `host:port` (port 0: any free port)."""

    def __init__(self, path, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *, interval: float = 0.1):
        from referee.board.view import read_view

        self.path = path
        self.interval = interval
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self._publish(read_view(path))  # a file that is no game fails here, before any URL is printed
        try:
            self.httpd = ThreadingHTTPServer((host, port), _handler(self))
        except OSError as error:
            raise BoardError(f"cannot listen on {host}:{port} ({error.strerror or error}); "
                             f"choose another port with --port N") from None
        self.httpd.daemon_threads = True

    @property
    def port(self) -> int:
        return self.httpd.server_address[1]

    def _publish(self, view: dict) -> None:
        from referee.board.page import board_html, page, title

        event = json.dumps({"move": view["move"], "title": title(view), "html": board_html(view)})
        with self._changed:
            self.view = view
            self.page = page(view, live=True).encode()
            self.view_json = json.dumps(view, ensure_ascii=False).encode()
            self.event = f"data: {event}\n\n".encode()
            self.version = getattr(self, "version", 0) + 1
            self._changed.notify_all()

    def _watch(self) -> None:
        import sqlite3

        from referee.board.view import build_view
        from referee.errors import RefereeError
        from referee.store import GameStore

        store, seen = None, None
        while not self._stop.wait(self.interval):
            try:
                store = store or GameStore(self.path, read_only=True)
                version = store.data_version()
                if version != seen:
                    view = build_view(store)
                    if view != self.view:  # the first look, or a commit that changed nothing shown
                        self._publish(view)
                    seen = version
            except (RefereeError, sqlite3.DatabaseError):  # mid-replacement or damaged: keep the last board, retry
                if store is not None:
                    store.close()
                store, seen = None, None
        if store is not None:
            store.close()

    def serve_forever(self) -> None:
        watcher = threading.Thread(target=self._watch, name="board-watcher", daemon=True)
        watcher.start()
        try:
            self.httpd.serve_forever(poll_interval=0.25)
        finally:
            self._stop.set()
            with self._changed:
                self._changed.notify_all()
            self.httpd.server_close()
            watcher.join(timeout=2)

    def shutdown(self) -> None:
        """Stop serve_forever from another thread."""
        self._stop.set()
        self.httpd.shutdown()

    def next_event(self, after: int) -> tuple[int, bytes | None]:
        """The event after version `after`, waiting up to KEEPALIVE_S; None when nothing new came."""
        with self._changed:
            if self.version == after and not self._stop.is_set():
                self._changed.wait(KEEPALIVE_S)
            if self.version == after:
                return after, None
            return self.version, self.event


def _handler(board: BoardServer):
    class Handler(BaseHTTPRequestHandler):
        server_version = "referee-board"

        def do_GET(self):  # noqa: N802 (http.server's naming)
            route = self.path.split("?", 1)[0]
            if route == "/":
                self._send(board.page, "text/html; charset=utf-8")
            elif route == "/view.json":
                self._send(board.view_json, "application/json")
            elif route == "/events":
                self._events()
            else:
                self._send(b"not found\n", "text/plain; charset=utf-8", status=404)

        def _send(self, body: bytes, kind: str, status: int = 200) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _events(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            version = 0  # the page may be older than the board: send the current one at once
            try:
                while not board._stop.is_set():
                    version, event = board.next_event(version)
                    self.wfile.write(event or b": still here\n\n")
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass  # the page closed

        def log_message(self, *args) -> None:  # the terminal shows the URL, not every request
            pass

    return Handler


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback: its interfaces' (Linux) and its name's. Sends nothing."""
    import socket

    found = set()
    try:  # Linux: each interface's address (SIOCGIFADDR); a machine's name often resolves to loopback only
        import fcntl
        import struct

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            for _, name in socket.if_nameindex():
                try:
                    packed = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))
                    found.add(socket.inet_ntoa(packed[20:24]))
                except OSError:  # an interface without an IPv4 address
                    pass
    except (ImportError, OSError, AttributeError):
        pass
    try:
        found.update(info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))
