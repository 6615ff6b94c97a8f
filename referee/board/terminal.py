"""The board in the terminal: rich renderables drawn from the view model, live or once.

No rich Layout: a Layout fills the screen's height with fixed-size regions, while grids size to
their content, so the same renderable is the live full-screen board, the printed snapshot, the
SVG and the golden text.
"""

from __future__ import annotations

import re
import time

from referee.game_display import TURN_KINDS, health_level

__all__ = ["render", "watch", "svg"]

MAT_MIN_WIDTH = 28  # a mat narrower than this wraps "Health ██████████ 12/12"
WIDE = 150  # from here the stack, the ruling and the decks sit side by side under the mats
MEDIUM = 100  # from here the stack sits beside the ruling and the decks
BAR = 10
PIPS = 8  # more tokens than this are shown as pips and a count
_HEALTH_COLOUR = {"critical": "red", "low": "yellow", "ok": "green"}


def render(view: dict, width: int):
    """The whole board for a terminal `width` columns wide."""
    from rich.console import Group
    from rich.table import Table

    side = [_stack(view), _ruling(view), _decks(view)]
    below = Table.grid(expand=True, padding=(0, 1))
    if width >= WIDE:
        for ratio in (4, 4, 3):
            below.add_column(ratio=ratio)
        below.add_row(*side)
        return Group(_header(view), _mats(view, width), below, _footer(view))
    if width >= MEDIUM:
        below.add_column(ratio=1)
        below.add_column(ratio=1)
        below.add_row(side[0], Group(side[1], side[2]))
        return Group(_header(view), _mats(view, width), below, _footer(view))
    # 80 columns: the pending stack as its one-line chain, so the mats come before the screen ends
    return Group(_header(view), *_chain(view), _mats(view, width), side[1], side[2], _footer(view))


# --- the turn and the turn-order ring --------------------------------------------------------------


def _header(view: dict):
    from rich.text import Text

    if view["ended"]:
        head = Text(f"GAME OVER: {view['winner']} won (Victory)", style="bold green")
    else:
        kind = TURN_KINDS.get(view["turn_kind"], view["turn_kind"])
        actions = view["turn_actions"]
        head = Text(f"Turn {view['turn']}", style="bold")
        head.append(f" · {view['active']}'s {kind}")
        if view["turn_kind"] == "player":
            head.append(f" · Turn Actions {actions['spent']}/{actions['per_turn']}")
    head.append(f"   move #{view['move']} · {view['game']}", style="dim")
    ring = Text("Turn order ", style="dim")
    for i, p in enumerate(view["players"]):
        if i:
            ring.append(" → ", style="dim")
        if p["active"]:
            ring.append(f"▶ {p['name']}", style="bold black on yellow")
        elif p["state"] == "removed":
            ring.append(p["name"], style="dim strike")
        else:
            ring.append(p["name"])
    ring.append(" ↺", style="dim")
    return Text("\n").join([head, ring])


def _chain(view: dict) -> list:
    from rich.text import Text

    if len(view["stack"]) < 2:
        return []
    return [Text.assemble(("Now: ", "bold"), (view["now"], _KIND_STYLE.get(view["stack"][0]["kind"], "")))]


def _footer(view: dict):
    from rich.text import Text

    return Text(f"{view['defense_note']} · read-only: this board never changes the game", style="dim")


# --- the Patron Mats -----------------------------------------------------------------------------------


def _mats(view: dict, width: int):
    from rich.table import Table

    players = view["players"]
    most = max(1, min(len(players), width // MAT_MIN_WIDTH))
    rows = -(-len(players) // most)
    columns = -(-len(players) // rows)  # as few columns as give that many rows: wider mats, even rows
    grid = Table.grid(expand=True)
    for _ in range(columns):
        grid.add_column(ratio=1)
    for start in range(0, len(players), columns):
        row = [_mat(p) for p in players[start:start + columns]]
        grid.add_row(*row, *[""] * (columns - len(row)))
    return grid


def _mat(p: dict):
    from rich import box
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from referee.state import stats_text

    gone = p["state"] == "removed"
    rows = Table.grid(padding=(0, 1))
    rows.add_column(style="dim", no_wrap=True)
    rows.add_column()
    rows.add_row("Health", _health(p))
    rows.add_row("Kaos", Text.assemble(_pips(p["kaos"], "●", "magenta"), ("  Reroll ", "dim"),
                                       _pips(p["rerolls"], "◆", "cyan")))
    rows.add_row("Armor", _slots(p["armor"]))
    rows.add_row("Melee", _weapon(p["melee"]))
    rows.add_row("Ranged", _weapon(p["ranged"]))
    rows.add_row("Pack", _slots(p["backpack"]))
    if p["stat_bonuses"]:
        rows.add_row("Stats", Text(stats_text(p["stat_bonuses"])))
    if p["statuses"]:
        rows.add_row("Status", Text(", ".join(p["statuses"]), style="yellow"))
    if p["window"]:
        rows.add_row("Placing", Text(", ".join(p["window"]), style="bold yellow"))
    if p["set_aside"]:
        rows.add_row("Aside", Text(", ".join(p["set_aside"]), style="yellow"))
    title = Text(f"▶ {p['name']}" if p["active"] else p["name"], style="bold black on yellow" if p["active"] else "bold")
    state = "" if p["state"] == "surviving" else f"{p['state'].upper()} · "
    subtitle = Text(f"{state}Defense from loot {p['defense_from_loot']}", style="bold")
    return Panel(rows, title=title, title_align="left", subtitle=subtitle, subtitle_align="right",
                 box=box.HEAVY if p["active"] else box.ROUNDED, border_style="yellow" if p["active"] else
                 "bright_black" if gone else "blue", style="dim" if gone else "", padding=(0, 1))


def _health(p: dict):
    from rich.text import Text

    health, cap = p["health"], max(1, p["health_cap"])  # a Health Cap of 0 is drawn as 1: 1 Health or more is "ok"
    filled = max(0, min(BAR, round(BAR * health / cap)))
    colour = _HEALTH_COLOUR[health_level(health, cap)]
    return Text.assemble(("█" * filled, colour), ("░" * (BAR - filled), "bright_black"),
                         (f" {health}/{p['health_cap']}", "bold"))


def _pips(count: int, glyph: str, colour: str):
    from rich.text import Text

    shown = glyph * min(count, PIPS) + ("+" if count > PIPS else "")
    return Text.assemble((shown + " " if shown else "", colour), (str(count), "bold"))


def _slots(cards: list):
    """A row of slot marks, ■ taken and □ empty, then the cards in them."""
    from rich.text import Text

    names = [c["name"] for c in cards if c is not None]
    return Text.assemble(("".join("□" if c is None else "■" for c in cards), "blue"),
                         " " + " · ".join(names) if names else "")


def _weapon(card):
    from rich.text import Text

    if card is None:
        return Text("–", style="dim")
    if card["dropped"]:
        return Text.assemble((card["name"], "strike"), (" DROPPED", "bold red"))
    return Text(card["name"])


# --- the pending stack, the last ruling, the decks ---------------------------------------------------------


_KIND_STYLE = {"check": "cyan", "death": "red", "loot-window": "yellow", "random-encounter": "magenta",
               "end-of-turn": "blue", "turn": "white", "game-over": "green"}


def _stack(view: dict):
    """The pending stack as a stack: one box per procedure, top first, the turn at the bottom."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(box=box.SQUARE, show_header=True, show_lines=True, expand=True, header_style="bold",
                  title=None)
    table.add_column("Pending (top first)" if len(view["stack"]) > 1 else "Nothing pending", ratio=1)
    for i, layer in enumerate(view["stack"]):
        style = _KIND_STYLE.get(layer["kind"], "") + (" bold" if i == 0 else "")
        text = Text.assemble((("▸ " if i == 0 else "  ") + layer["text"], style))
        if layer["finish"] and i == 0:
            text.append("\n  finish: " + layer["finish"].replace("`", ""), style="dim")
        table.add_row(text)
    if view["last_check"]:
        table.caption = f"Last Check: {view['last_check']}"
        table.caption_justify = "left"
    return table


def _ruling(view: dict):
    from rich import box
    from rich.panel import Panel
    from rich.text import Text

    ruling = view["ruling"]
    if ruling is None:
        return Panel(Text("No moves yet.", style="dim"), title="Last ruling", title_align="left", box=box.ROUNDED)
    colour = {"LEGAL": "green", "OVERRIDDEN": "yellow", "UNDONE": "bright_black"}[ruling["verdict"]]
    text = Text.assemble((ruling["verdict"], f"bold {colour}"))
    text.append(f"  #{ruling['number']} ", style="dim")
    text.append(ruling["move"], style="strike dim" if ruling["verdict"] == "UNDONE" else "bold")
    if ruling["override"]:
        text.append(f"\nreason: {ruling['override']}", style="yellow")
    for consequence in ruling["consequences"][:2]:
        text.append(f"\n• {consequence.replace('~~', '')}")
    if ruling["key"]:
        text.append(f"\n{ruling['key']}", style="cyan")
        text.append(f"\n“{ruling['quote']}”", style="italic")
    return Panel(text, title="Last ruling", title_align="left", box=box.ROUNDED, border_style=colour)


def _decks(view: dict):
    from rich import box
    from rich.table import Table
    from rich.text import Text

    table = Table(box=box.SIMPLE_HEAD, expand=True, pad_edge=False, show_edge=False)
    table.add_column("Deck")
    table.add_column("cards", justify="right")
    table.add_column("discard pile (top last)", ratio=1)
    for deck in view["decks"]:
        size = Text("?", style="dim") if deck["size"] is None else Text(str(deck["size"]))
        pile = deck["discard"]
        top = Text(f"{len(pile)}: " + ", ".join(pile[-3:]) if pile else "–", style="" if pile else "dim")
        if len(pile) > 3:
            top = Text(f"{len(pile)}: …, " + ", ".join(pile[-3:]))
        table.add_row(deck["name"], size, top)
    box_cards = view["game_box"]
    table.add_row("Game box", "", Text(", ".join(box_cards) if box_cards else "–", style="" if box_cards else "dim"))
    table.add_row("Reroll supply", str(view["reroll_supply"]), "")
    return table


# --- live and snapshots ----------------------------------------------------------------------------------


def svg(view: dict, width: int = 120, title: str = "referee board") -> str:
    """The terminal board as an SVG image (rich's own export), `width` columns wide."""
    from rich.console import Console

    console = Console(record=True, width=width, file=_Discard(), force_terminal=True, color_system="truecolor")
    console.print(render(view, width))
    # rich names a web font as a fallback after the local one: an offline snapshot fetches nothing
    return re.sub(r',\s*url\("https?://[^"]*"\) format\("[^"]*"\)', "", console.export_svg(title=title))


class _Discard:
    def write(self, _text: str) -> int:
        return 0

    def flush(self) -> None:
        pass


def watch(store, console, *, interval: float = 0.2, build=None) -> None:
    """Full screen, redrawn when a move lands in the game file (or the terminal is resized); Ctrl-C leaves."""
    import sqlite3

    from rich.live import Live
    from rich.text import Text

    from referee.board.view import build_view
    from referee.errors import RefereeError

    build = build or build_view
    seen, size, view, problem = None, None, None, None
    with Live(console=console, screen=True, auto_refresh=False, transient=True) as live:
        try:
            while True:
                try:
                    version = store.data_version()
                    if version != seen:
                        view, problem, seen = build(store), None, version
                except (RefereeError, sqlite3.DatabaseError) as error:  # a damaged file: say so, keep watching
                    problem, seen = f"cannot read the game file: {error}", None
                if (view, problem, console.size) != size:
                    size = (view, problem, console.size)
                    shown = render(view, console.width) if view is not None else Text("")
                    live.update(Text(problem, style="bold red") if problem else shown, refresh=True)
                time.sleep(interval)
        except KeyboardInterrupt:
            pass
