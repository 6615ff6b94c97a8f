"""`referee board --serve`: the board (and the phones' pages) on Starlette, served by uvicorn.

Why an ASGI stack and not the standard library's server: the board grew from one read-only page into what the
phones need (server-sent events to every screen, POSTs with forms and anti-CSRF tokens, cookies, limits per
link), and a home-made threaded server would have been the thing we maintain. uvicorn (with h11, pure Python) and
Starlette are well kept and small; both are imported by `--serve` alone, so no other command pays for them.

What the server adds around them, for a laptop at a table (issue 25's probe):
- a real listen backlog (BACKLOG): 200 phones arriving at once are all answered;
- a connection cap (connection_cap(), below the open-file limit): a connection past it is answered at once with a
  503 that says why, then closed, so idle connections can never lock every visitor out;
- a header timeout (HEADER_TIMEOUT_S): a connection that has not sent a whole request by then is closed (uvicorn
  times out only idle keep-alive connections); keep-alive connections close after KEEP_ALIVE_S;
- only this machine's host names are answered (a DNS-rebinding page sends its own: 400);
- every answer carries a Content-Security-Policy with no inline script or style, nosniff, no Referer, no
  framing, and no Server header (it named the Python version).

One watcher thread holds the only read connection to the game file and checks SQLite's `data_version` every
`interval` seconds; when a move lands it builds the view once and wakes every open page. Endpoints: `/` (the
board), `/events` (server-sent events: the board's HTML on each move), `/view.json`, `/board.js`, `/board.css`.
Anything else is 404; another method on a known path 405.
"""

from __future__ import annotations

import asyncio
import json
import threading

from referee.board import BoardError

__all__ = ["BoardServer", "DEFAULT_PORT", "lan_addresses", "connection_cap", "SECURITY_HEADERS"]

DEFAULT_PORT = 8765
BACKLOG = 1024  # the kernel trims it to net.core.somaxconn
MAX_CONNECTIONS = 512
HEADER_TIMEOUT_S = 10.0  # a whole request's headers, from the connection (or the last answer) on
KEEP_ALIVE_S = 5  # an idle connection between requests
BUSY_LINGER_S = 1.0  # a connection over the cap: its 503 is sent, what it sends is read and dropped, then closed
MAX_HEADER_BYTES = 16 * 1024
MAX_BODY_BYTES = 4096  # a declaration, a question
COOKIE = "referee-link"
STILL_HERE_S = 15.0  # a comment line this often on an event stream: a page that went away is noticed

SECURITY_HEADERS = (
    (b"content-security-policy", b"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
                                 b"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
)


def connection_cap() -> int:
    """How many connections the server holds open: MAX_CONNECTIONS, or fewer under a small open-file limit (each
    connection is a file; past the cap one is answered 503 and closed, which needs a file for a moment too)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return MAX_CONNECTIONS
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(8, min(MAX_CONNECTIONS, (soft - 32) // 2))


def _busy_answer(cap: int) -> bytes:
    body = (f"The board has too many connections open ({cap}): try again in a moment.\n").encode()
    headers = b"".join(name + b": " + value + b"\r\n" for name, value in SECURITY_HEADERS)
    return (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nretry-after: 5\r\n"
            b"connection: close\r\ncontent-length: " + str(len(body)).encode() + b"\r\n" + headers + b"\r\n" + body)


def _protocol(cap: int):
    """uvicorn's h11 protocol with the connection cap and the header timeout."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    busy = _busy_answer(cap)

    class BoardProtocol(H11Protocol):
        _timer = None
        _busy = False
        _waiting_for = None  # the request cycle before the one the header timer waits for

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            if len(self.connections) > cap:
                self._busy = True
                transport.write(busy)
                if transport.can_write_eof():
                    transport.write_eof()
                self._timer = self.loop.call_later(BUSY_LINGER_S, transport.close)
                return
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._waiting_for = self.cycle
            self._timer = self.loop.call_later(HEADER_TIMEOUT_S, self._too_slow)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if self.cycle is self._waiting_for and not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self._busy:
                return
            super().data_received(data)
            if self.cycle is not self._waiting_for:  # a whole request arrived: its answer is the app's business
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc) -> None:
            self._disarm()
            super().connection_lost(exc)

    return BoardProtocol


class _SecurityHeaders:
    """Pure ASGI middleware (streams pass through untouched): SECURITY_HEADERS on every answer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                names = {name for name, _ in SECURITY_HEADERS}
                message["headers"] = [(n, v) for n, v in message.get("headers", []) if n.lower() not in names] + list(
                    SECURITY_HEADERS)
            await send(message)

        await self.app(scope, receive, send_with_headers)


class BoardServer:
    """Serve the board of the game file at `path` on `host:port` (port 0: any free port). The socket is bound
    here, so a port in use is a BoardError before any URL is printed; `serve_forever` serves until Ctrl-C."""

    def __init__(self, path, host: str = "127.0.0.1", port: int = DEFAULT_PORT, *, interval: float = 0.1,
                 hosts: list[str] | None = None, links=None):
        import socket

        from referee.board.view import read_view

        self.path = path
        self.interval = interval
        self.version = 0
        self.cap = connection_cap()
        self.hosts = ["127.0.0.1", "localhost", *(hosts or [])]
        self._stop = threading.Event()
        self._poke = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._changed: asyncio.Event | None = None
        self._publish(read_view(path))  # a file that is no game fails here, before any URL is printed
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self.sock.bind((host, port))
            self.sock.listen(BACKLOG)
        except OSError as error:
            self.sock.close()
            raise BoardError(f"cannot listen on {host}:{port} ({error.strerror or error}); "
                             f"choose another port with --port N") from None
        self.sock.set_inheritable(True)
        self.links = links
        self.routes = self._board_routes() + (self._phone_routes() if links is not None else [])

    @property
    def port(self) -> int:
        return self.sock.getsockname()[1]

    # --- the board's state, shared by every page -----------------------------------------------------------

    def _publish(self, view: dict) -> None:
        from referee.board.page import board_html, page, title

        event = json.dumps({"move": view["move"], "title": title(view), "html": board_html(view)})
        self.view = view
        self.page = page(view, live=True).encode()
        self.view_json = json.dumps(view, ensure_ascii=False).encode()
        self.event = f"data: {event}\n\n".encode()
        self.version += 1
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        changed, self._changed = self._changed, asyncio.Event()
        if changed is not None:
            changed.set()

    async def changed(self, seen: int, timeout: float) -> bool:
        """Wait until the board's version is past `seen` (True), or `timeout` seconds (False)."""
        while self.version == seen and not self._stop.is_set():
            try:
                await asyncio.wait_for(self._changed.wait(), timeout)
            except asyncio.TimeoutError:
                return False
        return self.version != seen

    def _watch(self) -> None:
        import sqlite3

        from referee.board.view import build_view
        from referee.errors import RefereeError
        from referee.store import GameStore

        store, seen = None, None
        while not self._stop.is_set():
            self._poke.wait(self.interval)  # a declaration here pokes it: no need to wait for the next look
            self._poke.clear()
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

    # --- the app ---------------------------------------------------------------------------------------

    def _board_routes(self) -> list:
        from starlette.responses import Response, StreamingResponse
        from starlette.routing import Route

        from referee.board.page import SCRIPT, STYLE

        async def board(request):
            return Response(self.page, media_type="text/html; charset=utf-8")

        async def view_json(request):
            return Response(self.view_json, media_type="application/json")

        async def events(request):
            return StreamingResponse(self.stream(), media_type="text/event-stream")

        script, style = SCRIPT.encode(), STYLE.encode()
        return [
            Route("/", board),
            Route("/view.json", view_json),
            Route("/events", events),
            Route("/board.js", lambda request: Response(script, media_type="text/javascript; charset=utf-8")),
            Route("/board.css", lambda request: Response(style, media_type="text/css; charset=utf-8")),
        ]

    def _phone_routes(self) -> list:
        """The phones' pages: /join/TOKEN (the link, exchanged for a cookie), /me (a Player's phone, or the host's),
        /phone.js, and the POSTs (/api/check, /api/declare, /api/ask, /api/undo) behind the cookie, the anti-CSRF
        token and the Origin check; /api/options (GET) lists the link's legal moves."""
        from pathlib import Path

        from starlette.responses import JSONResponse, RedirectResponse, Response
        from starlette.routing import Route

        from referee.board.phones import NotYours, RateLimit, Table
        from referee.errors import GameBusy, GameFileError, GameMovedOn, RefereeError

        table, limit, links = Table(self.path, changed=self._poke.set), RateLimit(), self.links
        self.table = table
        script = (Path(__file__).with_name("phone.js")).read_bytes()

        def link_of(request):
            return links.find(request.cookies.get(COOKIE))

        def error(status: int, message: str):
            return JSONResponse({"error": message}, status_code=status)

        async def join(request):
            link = links.find(request.path_params["token"])
            if not (link.host or link.player):
                return Response("This join link is not valid (or no longer: the host may have issued a new one with "
                                "`referee board --rotate NAME`). The table: /\n", status_code=404,
                                media_type="text/plain; charset=utf-8")
            answer = RedirectResponse("/me", status_code=303)  # the token leaves the address bar
            answer.set_cookie(COOKIE, link.token, httponly=True, samesite="strict", path="/", max_age=7 * 24 * 3600)
            return answer

        async def me(request):
            from referee.board.page import phone_page

            link = link_of(request)
            if not (link.host or link.player):
                return RedirectResponse("/", status_code=303)
            qr = self._join_codes(request) if link.host else []
            return Response(phone_page(self.view, player=link.player, host=link.host, csrf=link.csrf, qr=qr),
                            media_type="text/html; charset=utf-8")

        async def options(request):
            link = link_of(request)
            if not (link.host or link.player):
                return error(403, "the board is read-only: a Player's join link lists their moves")
            try:
                return JSONResponse(await table.run(table.options, link))
            except RefereeError as trouble:  # the file busy or being replaced: the page asks again
                return error(503, str(trouble))

        async def guarded(request):
            """The link of a POST that may change something, and its JSON body; or the answer refusing it."""
            import hmac

            link = link_of(request)
            if not (link.host or link.player):
                return None, None, error(403, "the board is read-only: a Player's join link declares moves")
            if request.headers.get("origin") != f"http://{request.headers.get('host', '')}":
                return None, None, error(403, "refused: the request does not come from this board's own page")
            if not hmac.compare_digest(request.headers.get("x-csrf-token", "").encode(), link.csrf.encode()):
                return None, None, error(403, "refused: the page's anti-CSRF token is missing or wrong; reload it")
            if not limit.allow(link.token):
                return None, None, error(429, "too many requests from this link: wait a moment")
            body = b""
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY_BYTES:
                    return None, None, error(413, f"a request body is at most {MAX_BODY_BYTES} bytes")
            try:
                data = json.loads(body or b"{}")
                if not isinstance(data, dict):
                    raise ValueError
            except (ValueError, UnicodeDecodeError):
                return None, None, error(400, "the body must be a JSON object")
            return link, data, None

        def at_of(data):
            at = data.get("at")
            return at if isinstance(at, int) and not isinstance(at, bool) else None

        def words(data, key):
            value = data.get(key)
            return value if isinstance(value, str) and value.strip() and len(value) <= 1000 else None

        async def judged(request, declare: bool):
            link, data, refused = await guarded(request)
            if refused is not None:
                return refused
            command = words(data, "command")
            if command is None:
                return error(400, "no move: send {\"command\": \"roll ana 14\", \"at\": N}")
            override = data.get("override") if isinstance(data.get("override"), str) else None
            try:
                return JSONResponse(await table.run(lambda: table.judge(
                    link, command, at=at_of(data), declare=declare, override=override)))
            except NotYours as why:
                return error(403, str(why))
            except GameMovedOn as moved:
                return error(409, str(moved))
            except (GameBusy, GameFileError) as busy:
                return error(503, str(busy))
            except RefereeError as bad:
                return error(400, str(bad))

        async def check(request):
            return await judged(request, declare=False)

        async def declare(request):
            return await judged(request, declare=True)

        async def ask(request):
            link, data, refused = await guarded(request)
            if refused is not None:
                return refused
            question = words(data, "question")
            if question is None:
                return error(400, "ask a question: {\"question\": \"can I reroll a nat 20\"}")
            try:
                return JSONResponse(await table.run(table.ask, link, question))
            except RefereeError as bad:
                return error(400, f"cannot look that up: {bad}")
            except ValueError as bad:  # the lookup's own errors (a question of common words only)
                return error(400, f"cannot look that up: {getattr(bad, 'reason', bad)}")

        async def undo(request):
            link, data, refused = await guarded(request)
            if refused is not None:
                return refused
            try:
                return JSONResponse(await table.run(table.undo, link, at_of(data)))
            except NotYours as why:
                return error(403, str(why))
            except GameMovedOn as moved:
                return error(409, str(moved))
            except RefereeError as bad:
                return error(400, str(bad))

        return [
            Route("/join/{token}", join),
            Route("/me", me),
            Route("/phone.js", lambda request: Response(script, media_type="text/javascript; charset=utf-8")),
            Route("/api/options", options),
            Route("/api/check", check, methods=["POST"]),
            Route("/api/declare", declare, methods=["POST"]),
            Route("/api/ask", ask, methods=["POST"]),
            Route("/api/undo", undo, methods=["POST"]),
        ]

    def _join_codes(self, request) -> list[tuple[str, str, str]]:
        """(who, URL, QR code as SVG) of each Player's join link, at the address the host's page was opened with."""
        import io

        import segno

        base = f"http://{request.headers.get('host', '')}/"
        out = []
        for who, url in self.links.urls(base):
            if who == "host":
                continue
            svg = io.BytesIO()
            segno.make(url, error="l").save(svg, kind="svg", xmldecl=False, svgns=True, scale=4, border=2)
            out.append((who, url, svg.getvalue().decode()))
        return out

    async def stream(self):
        """The board's events: the current board at once (the page may be older), then each new one."""
        seen = self.version
        yield self.event
        while not self._stop.is_set():
            if await self.changed(seen, STILL_HERE_S):
                seen = self.version
                yield self.event
            else:
                yield b": still here\n\n"

    def app(self):
        import contextlib

        from starlette.applications import Starlette
        from starlette.middleware import Middleware
        from starlette.middleware.trustedhost import TrustedHostMiddleware

        @contextlib.asynccontextmanager
        async def lifespan(app):
            self._loop, self._changed = asyncio.get_running_loop(), asyncio.Event()
            watcher = threading.Thread(target=self._watch, name="board-watcher", daemon=True)
            watcher.start()
            try:
                yield
            finally:
                self._stop.set()
                self._wake()

        return Starlette(routes=self.routes, lifespan=lifespan, middleware=[
            Middleware(_SecurityHeaders), Middleware(TrustedHostMiddleware, allowed_hosts=self.hosts)])

    def serve_forever(self) -> None:
        import uvicorn

        config = uvicorn.Config(
            self.app(), http=_protocol(self.cap), backlog=BACKLOG, timeout_keep_alive=KEEP_ALIVE_S,
            h11_max_incomplete_event_size=MAX_HEADER_BYTES, server_header=False, access_log=False,
            log_level="warning", timeout_graceful_shutdown=1, lifespan="on", ws="none")
        self.server = uvicorn.Server(config)
        try:
            self.server.run(sockets=[self.sock])
        finally:
            self._stop.set()
            self.sock.close()

    def shutdown(self) -> None:
        """Stop serve_forever from another thread."""
        self._stop.set()
        self.server.should_exit = True


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
