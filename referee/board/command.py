"""What `referee board` does with its options; the CLI turns the errors raised here into exit codes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from referee.board import BoardError

__all__ = ["run", "write_snapshot"]

SNAPSHOT_WIDTH = 120  # columns of the terminal board in an SVG, or when printed to a pipe


def run(path: Path, console, *, serve: bool = False, port: int | None = None, lan: bool = False,
        html: str | None = None, svg: str | None = None, width: int | None = None, as_json: bool = False,
        force: bool = False, rotate: list[str] = ()) -> None:
    """Show the board of the game file at `path`: live in the terminal unless a file, JSON or a server is asked for.
    `rotate`: issue new join links for these Players (or "host") first."""
    from referee.board.view import read_view

    if (lan or port is not None) and not serve:
        raise BoardError("--port and --lan go with --serve: `referee board --serve --lan`")
    if rotate:
        links = _links(path)
        for name in rotate:
            who = links.rotate(name)
            console.print(f"A new join link for {who}: the old one, and every phone that opened it, no longer works"
                          f"{'' if serve else '; `referee board --serve` shows the new one (a running server too)'}.")
        if not serve:
            return
    if serve:
        _serve(path, console, port=port, lan=lan)
        return
    view = read_view(path)
    if html or svg:
        for target, kind in ((html, "html"), (svg, "svg")):
            if target:
                write_snapshot(view, Path(target), kind, game=path, width=width or SNAPSHOT_WIDTH, force=force)
                console.print(f"Board at move #{view['move']} written to {target}")
    elif as_json:
        sys.stdout.write(json.dumps(view, ensure_ascii=False, indent=2) + "\n")
    elif console.is_terminal and width is None:
        from referee.board.terminal import watch
        from referee.store import GameStore

        with GameStore(path, read_only=True) as store:
            watch(store, console)
    else:  # a pipe, a file, or a width asked for: the board once
        from referee.board.terminal import render

        console.print(render(view, width or (console.width if console.is_terminal else SNAPSHOT_WIDTH)))


def write_snapshot(view: dict, target: Path, kind: str, *, game: Path, width: int = SNAPSHOT_WIDTH,
                   force: bool = False) -> None:
    """The board as a self-contained HTML page or an SVG of the terminal board, written whole or not at all; never
    over the game file, nor (without `force`) over a file that is not a board page or picture."""
    from referee.store import is_file

    if not target.name or is_file(target, folder=True):
        raise BoardError(f"{target} is a folder: name a file to write")
    if kind == "html":
        from referee.board.page import page

        text = page(view, live=False)
    else:
        from referee.board.terminal import svg

        text = svg(view, width=width, title=f"referee board · move #{view['move']}")
    from referee.files import OutputRefused, write_whole

    try:
        write_whole(target, text, kind="board page" if kind == "html" else "board picture (SVG)",
                    marker="<html" if kind == "html" else "<svg", force=force, never=game)
    except OutputRefused as error:
        raise BoardError(str(error)) from None
    except OSError as error:
        raise BoardError(f"cannot write {target}: {error.strerror or error}") from None


def _links(path: Path):
    from referee.board.phones import Links
    from referee.board.view import read_view

    return Links(path, [p["name"] for p in read_view(path)["players"]])


def _serve(path: Path, console, *, port: int | None, lan: bool) -> None:
    from referee.board.serve import DEFAULT_PORT, BoardServer, lan_addresses

    addresses = lan_addresses() if lan else []
    links = _links(path)
    server = BoardServer(path, "0.0.0.0" if lan else "127.0.0.1", DEFAULT_PORT if port is None else port,
                         hosts=[*addresses, *_names()] if lan else None, links=links)
    if lan:
        bases = [f"http://{address}:{server.port}/" for address in addresses] or [
            f"http://<this machine's address>:{server.port}/"]
        console.print(f"The board of {path.name}, shared on the local network (0.0.0.0:{server.port}):")
    else:
        bases = [f"http://127.0.0.1:{server.port}/"]
        console.print(f"The board of {path.name}, on this machine only (127.0.0.1): --lan shares it with phones on "
                      f"the local network.")
    console.print(f"  {bases[0]}  (read-only: anyone may watch)", style="bold", highlight=False, soft_wrap=True)
    for who, url in links.urls(bases[0]):
        label = "host (all the command line does)" if who == "host" else f"{who}'s phone (their own moves)"
        console.print(f"  {label}: {url}", highlight=False, soft_wrap=True)
        if lan:
            _qr(url, console)
    console.print("Keep the join links to the table: each is a Player's key. `referee board --rotate NAME` issues a "
                  "new one. Ctrl-C stops the server.", style="dim")
    console.file.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


def _names() -> list[str]:
    """This machine's own names, which a phone on the local network may use instead of its address."""
    import socket

    name = socket.gethostname()
    return [name, f"{name}.local"] if name else []


def _qr(url: str, console) -> None:
    """A QR code of the URL for phones (segno: small, pure Python, no dependencies; imported only here)."""
    if "<" in url:
        return
    import segno

    segno.make(url, error="l").terminal(out=console.file, compact=True)
