"""Game commands that are not moves: start a game, look at it (status, inventory, piles, decks, encounters,
history, interpretations, the board) and take moves back (undo)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee.cli.application import app
from referee.cli.common import (
    DryRunOption, GameOption, JsonOption, OverrideOption, WhyOption, console, open_game, open_rules, print_json,
)


def _state(game: str | None):
    """The game's current state and its file, for a command that only reads."""
    with open_game(game) as current:
        return current.state, current.path


@app.command("new")
def game_new(
    players: Annotated[str | None, typer.Option("--players", help='Players in Turn Order: "Mara, Ivo, Jun, Tess".')]
    = None,
    health: Annotated[str | None, typer.Option("--health", help="Starting Health (table setting).")] = None,
    turn_actions: Annotated[str | None, typer.Option("--turn-actions", help="Turn Actions per turn (table setting).")]
    = None,
    health_cap: Annotated[str | None, typer.Option("--health-cap", help="Health Cap (default: --health).")] = None,
    reroll_supply: Annotated[str | None, typer.Option("--reroll-supply", help="Reroll Tokens in the supply (default "
                                                                              "10).")] = None,
    starting_kaos: Annotated[str | None, typer.Option("--starting-kaos", help="Kaos each Player starts with (default "
                                                                              "0).")] = None,
    stats: Annotated[str, typer.Option("--stats", help='"Mara: Brawn 2, Charm 1; Ivo: Intellect 3".')] = "",
    interpretation: Annotated[
        list[str] | None, typer.Option("--interpretation", metavar="ID=READING", help="Choose another reading.")
    ] = None,
    backpack_slots: Annotated[
        str | None, typer.Option("--backpack-slots", help="Backpack Slots per Player (08 LOOT_SUMMARY: 3; 04 not "
                                                          "loaded).")
    ] = None,
    position: Annotated[str | None, typer.Option("--position", metavar="FILE", help="Start from the position on the "
                                                 "table (TOML, as `referee export` writes it); its [settings] stand in "
                                                 "for the options, and an option it sets otherwise is refused.")]
    = None,
    name: Annotated[str | None, typer.Option("--name", help="A name for the game file (default: the Players and the "
                                                            "date), listed by `referee games`.")] = None,
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Start a game: Players in Turn Order and the table settings the missing documents would define, or the position
    on the table (--position FILE).

    --players, --health and --turn-actions are required unless the position file gives them. The game file is
    --game, else $REFEREE_GAME, else a new file named after the game in the data directory.
    """
    import os
    from pathlib import Path

    from referee import game_display
    from referee.errors import GameFileError
    from referee.game import Game
    from referee.parsing import parse_int
    from referee.position import read_position, settings_from
    from referee.store import new_game_path, set_current_game
    from referee.table_settings import SETTING_BOUNDS, parse_interpretations, parse_players, parse_stats

    rules = open_rules()
    given = {"health": health, "health_cap": health_cap, "turn_actions": turn_actions,
             "reroll_supply": reroll_supply, "starting_kaos": starting_kaos, "backpack_slots": backpack_slots}
    numbers = {}
    for key, text in given.items():
        what, low, high = SETTING_BOUNDS[key]
        numbers[key] = None if text is None else parse_int(text, what=what, low=low, high=high)
    pos = read_position(position) if position else None
    names = parse_players(players) if players is not None else None
    settings = settings_from(pos, players=names, **numbers,
                             stats=parse_stats(stats, names or _position_players(pos)),
                             interpretations=parse_interpretations(interpretation or []))
    names = settings["players"]
    path = Path(game) if game else Path(os.environ["REFEREE_GAME"]) if os.environ.get("REFEREE_GAME") \
        else new_game_path(names, name)
    with Game.new(path, players=names, health=settings["health"], health_cap=settings["health_cap"],
                  turn_actions=settings["turn_actions"], reroll_supply=settings["reroll_supply"],
                  starting_kaos=settings["starting_kaos"], stats=settings["stats"],
                  interpretations=settings["choices"], backpack_slots=settings["backpack_slots"], position=pos,
                  rules=rules) as started:
        state, path = started.state, started.path
        try:
            set_current_game(path)
            unrecorded = ""
        except GameFileError as error:  # the game is made; only the pointer to it could not be written
            unrecorded = str(error)
    if unrecorded:
        sys.stderr.write(f"referee: warning: {unrecorded}\n")
    if as_json:
        print_json(game_display.status_json(state, path))
        return
    shown = console()
    env = os.environ.get("REFEREE_GAME")
    if unrecorded:
        note = f" It is not the current game: pass --game {path}."
    elif env and Path(env).resolve() != Path(path).resolve():
        note = (f" Note: $REFEREE_GAME names {env}, and later commands follow it, not this game "
                f"(pass --game {path} or change REFEREE_GAME).")
    elif env:
        note = " Later commands use it: $REFEREE_GAME names it."
    else:
        note = " It is now the current game."
    start = f", from the position in {pos.name}" if pos else ""
    shown.print(f"New game: {', '.join(names)} (Turn Order){start}, in {path}.{note}")
    game_display.print_status(shown, state, path, verbose=True)


def _position_players(pos) -> tuple[str, ...]:
    """The Players a position file names (for reading --stats before the settings are merged)."""
    listed = (pos.data.get("settings") or {}).get("players") if pos is not None else None
    return tuple(str(n) for n in listed) if isinstance(listed, list) else ()


@app.command("export")
def game_export(
    file: Annotated[str | None, typer.Argument(metavar="[FILE]", help="Write the position to FILE (default: print "
                                                                     "it).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace a FILE that is not a position file (never the game "
                                                        "file).")] = False,
    game: GameOption = None,
) -> None:
    """Write the game's position (TOML) for `referee new --position FILE`: every Player, Patron Mat, deck, pile and
    the turn. Only between moves: a pending procedure (a Check being rolled, an open window) must finish first. A
    FILE that holds something else (a game file, other text) is not replaced unless --force."""
    import sys
    from pathlib import Path

    from referee.errors import InvalidMove

    with open_game(game) as current:
        text = current.export()
        state, path = current.state, current.path
    if file is None:
        sys.stdout.write(text)
        return
    from referee.files import OutputRefused, write_whole
    from referee.position import FORMAT

    target = Path(file)
    try:  # a half-written position never appears under its name
        write_whole(target, text, kind="position file", marker=f'format = "{FORMAT}"', force=force, never=path)
    except OutputRefused as error:
        raise InvalidMove(str(error)) from None
    except OSError as error:
        raise InvalidMove(f"cannot write {target}: {error.strerror or error}") from None
    console().print(f"Position of {path.stem} (turn {state.turn}, {state.active_player.name}) written to {target}: "
                    f"`referee new --position {target}` starts a game there.")


games_app = typer.Typer(help="The games on this computer; `referee games use NAME|N` makes one current.",
                        context_settings={"help_option_names": ["-h", "--help"]}, rich_markup_mode=None)
app.add_typer(games_app, name="games")


def _games():
    """(path, summary) of every known game, oldest first; a file that cannot be read says so."""
    from referee.errors import RefereeError
    from referee.store import GameStore, known_games, pointed_game

    current = str(pointed_game() or "")
    out = []
    for path in known_games():
        summary = {"name": path.stem, "path": str(path), "current": str(path.resolve()) == current}
        try:
            with GameStore(path, read_only=True) as store:
                state = store.load()
                last = store.history(last=1)
            summary.update(players=list(store.settings.players), moves=last[0].number if last else 0,
                           last_move=last[0].at if last else store.created, turn=state.turn,
                           active=state.active_player.name, ended=state.ended, winner=state.winner)
        except (RefereeError, OSError) as error:
            summary["error"] = str(error)
        out.append(summary)
    return out


@games_app.callback(invoke_without_command=True)
def games_list(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """The games on this computer (the games folder, and the current game wherever it is): players, turn, the last
    move's time; the current one marked."""
    if ctx.invoked_subcommand is not None:
        return
    from rich.text import Text

    games = _games()
    if as_json:
        print_json(games)
        return
    shown = console()
    if not games:
        shown.print("No games yet: `referee new --players \"Mara, Ivo\" --health 10 --turn-actions 2`.")
        return
    for number, g in enumerate(games, 1):
        mark = Text("▶ " if g["current"] else "  ", style="bold green")
        line = mark + Text(f"{number}. ") + Text(g["name"], style="bold")
        if "error" in g:
            line.append(f"  cannot be read: {g['error']}", style="red")
        else:
            where = f"{g['winner']} won" if g["ended"] else f"turn {g['turn']} ({g['active']})"
            when = g["last_move"][5:16].replace("T", " ")
            line.append(f"  {', '.join(g['players'])} · {where} · {g['moves']} moves · {when}", style="dim")
        shown.print(line)
    shown.print(Text("`referee games use NAME|N` makes another current.", style="dim"))


@games_app.command("use")
def games_use(
    which: Annotated[str, typer.Argument(metavar="NAME|N", help="The game's name (a unique prefix) or its number.")],
    as_json: JsonOption = False,
) -> None:
    """Make a game the current game: commands without --game use it."""
    from referee.errors import GameFileError
    from referee.parsing import match_choice
    from referee.store import set_current_game

    games = _games()
    raw = which.strip()
    if raw.isascii() and raw.isdigit():  # "²" and "١٢" are digits to Python, not game numbers
        number = int(raw) if len(raw) < 10 else 0
        if not 1 <= number <= len(games):
            raise GameFileError(f"no game #{number}: `referee games` lists {len(games)}")
        chosen = games[number - 1]
    else:
        name = match_choice(which, [g["name"] for g in games], what="game")
        chosen = next(g for g in games if g["name"] == name)
    if "error" in chosen:
        raise GameFileError(f"{chosen['path']} cannot be read: {chosen['error']}")
    set_current_game(chosen["path"])
    if as_json:
        print_json({"current": chosen})
    else:
        console().print(f"Current game: {chosen['name']} ({', '.join(chosen['players'])}), {chosen['path']}")


@games_app.command("check")
def games_check(
    repair: Annotated[bool, typer.Option("--repair", help="Rebuild a damaged game from its log (the damaged file "
                                                           "is kept beside it).")] = False,
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Verify the whole game file: SQLite's integrity check, every checksum (the settings and Rules Variables, each
    move and its undone mark), the log replayed. Damage found is reported (exit 2) and moves are refused until
    `--repair` rebuilds the game from its log, as far as the log is intact, or a copy is restored (then check again)."""
    from referee.store import GameStore, repair as rebuild, resolve_game_path

    path = resolve_game_path(game)
    if repair:
        report = rebuild(path)
        if as_json:
            print_json({"path": str(path), **report})
        elif not report["repaired"]:
            console().print(f"{path} is whole ({report['of']} moves): nothing to repair.", markup=False)
        else:
            lost = f" (the log is intact up to there: {report['stopped']})" if report["stopped"] else ""
            console().print(f"{path} rebuilt from its log: {report['kept']} of {report['of']} moves kept{lost}. The "
                            f"damaged file is kept as {report['kept_as']}. `referee status` shows where the game "
                            f"stands: replay at the table what was lost.", markup=False)
        return
    with GameStore(path) as store:
        report = store.check()
    if as_json:
        print_json({"path": str(path), "whole": True, **report})
    else:
        console().print(f"{path} is whole: {report['moves']} moves ({report['live']} live), every checksum holds and "
                        f"the log replays to the state commands read.", markup=False)


@app.command("status")
def game_status(
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Also the pending stack in full, the table "
                                                                  "settings, the game file.")] = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """The board in a few lines: turn, what is pending and what finishes it, every Player's Health, tokens, statuses
    and Patron Mat."""
    from referee import game_display

    state, path = _state(game)
    if as_json:
        print_json(game_display.status_json(state, path))
    else:
        game_display.print_status(console(), state, path, verbose=verbose)


@app.command("options")
def game_options(
    player: Annotated[str | None, typer.Argument(metavar="[PLAYER]", help="One Player's moves (and no one's).")] = None,
    everything: Annotated[bool, typer.Option("--all", help="Also the records the table may keep at any time.")] = False,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """What can I do now? Every legal next move, grouped, each as the command to type, with its cost."""
    from referee import game_display
    from referee.parsing import match_player

    with open_game(game) as current:
        state = current.state
        name = match_player(player, state.settings.players) if player else None
        entries = current.legal_moves(player=name)
    if as_json:
        print_json(game_display.options_json(state, entries))
    else:
        game_display.print_options(console(), state, entries, everything=everything)


@app.command("why")
def game_why(
    number: Annotated[str | None, typer.Argument(metavar="[N]", help="The move's number (default: the last move).")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """The full ruling of a logged move: every rule quoted, the interpretations applied, what changed."""
    from referee import game_display
    from referee.errors import NothingToUndo
    from referee.parsing import parse_int

    with open_game(game) as current:
        wanted = None if number is None else parse_int(number, what="the move number", low=1, high=10**9)
        entries = current.history(numbers=[wanted]) if wanted else current.history(last=1)
    if not entries:
        raise NothingToUndo(f"no move #{wanted}" if wanted else "no move has been played yet")
    data = game_display.logged_json(entries[0])
    if as_json:
        print_json(data)
    else:
        shown = console()
        if entries[0].undone:
            shown.print(f"(move #{entries[0].number} was undone)")
        game_display.print_ruling(shown, data, overridable=False)


@app.command("undo")
def game_undo(
    number: Annotated[
        str | None, typer.Argument(metavar="[N]", help="Take back move N and every later move (default: the last).")
    ] = None,
    expect: Annotated[
        str | None, typer.Option("--expect", metavar="N",
                                 help="Only if the last move is #N (two people typing: never undo the other's move).")
    ] = None,
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Take back moves, saying which. They stay in the history, marked undone; `redo` plays the last one again."""
    from referee import game_display
    from referee.parsing import parse_int

    with open_game(game) as current:
        taken = current.undo(None if number is None else parse_int(number, what="the move number", low=1, high=10**9),
                             expect=None if expect is None else parse_int(expect, what="--expect", low=1, high=10**9))
        entries = current.history(numbers=taken)
        state, path = current.state, current.path
    if as_json:
        print_json({"undone": taken, "moves": game_display.history_json(entries),
                    "status": game_display.status_json(state, path)})
    else:
        shown = console()
        for entry in entries:
            shown.print(game_display.undone_line(entry))
        shown.print("(kept in the history, marked undone; `referee redo` plays it again)")
        game_display.print_status(shown, state, path)


@app.command("redo")
def game_redo(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Play again exactly the moves the last `undo` took back (unless a move was played since)."""
    from referee import game_display

    with open_game(game) as current:
        redone = current.redo()
        entries = current.history(numbers=redone)
        state, path = current.state, current.path
    if as_json:
        print_json({"redone": redone, "moves": game_display.history_json(entries),
                    "status": game_display.status_json(state, path)})
    else:
        shown = console()
        for entry in entries:
            shown.print(game_display.redone_line(entry))
        game_display.print_status(shown, state, path)


@app.command("history")
def game_history(
    last: Annotated[str | None, typer.Option("--last", metavar="N", help="Only the last N moves.")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Every move with its number and ruling; undone moves are struck through."""
    from referee import game_display
    from referee.parsing import parse_int

    with open_game(game) as current:
        entries = current.history(last=None if last is None else parse_int(last, what="--last", low=1, high=10**9))
    if as_json:
        print_json(game_display.history_json(entries))
    else:
        game_display.print_history(console(), entries)


@app.command("interpretations")
def game_interpretations(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Where the loaded rules are silent or ambiguous: the readings the referee applies."""
    import os

    from referee import game_display
    from referee.errors import RefereeError
    from referee.interpretations import REGISTER
    from referee.store import is_file, resolve_game_path

    choices, notes = {}, {}
    try:
        path = resolve_game_path(game)
        if game or os.environ.get("REFEREE_GAME") or is_file(path):
            with open_game(str(path)) as current:
                choices = current.settings.interpretations
                notes["backpack-size"] = f"{current.settings.backpack_slots} Backpack Slots per Player"  # 08 loot
    except RefereeError:
        if game:
            raise
    if as_json:
        print_json(game_display.interpretations_json(REGISTER, choices, notes))
    else:
        game_display.print_interpretations(console(), REGISTER, choices, notes)


# --- 08 loot: the public Loot information ---------------------------------------------------------------


@app.command("inventory")
def loot_inventory(
    player: Annotated[str | None, typer.Argument(metavar="[PLAYER]", help="One Player (default: everyone).")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Any Player's Inventory (public): Armor, Weapon and Backpack Slots, Defense from loot, Stat bonuses."""
    from referee import game_display
    from referee.parsing import match_player

    state, _ = _state(game)
    names = [match_player(player, state.settings.players)] if player else list(state.settings.players)
    if as_json:
        print_json(game_display.inventories_json(state, names))
    else:
        game_display.print_inventories(console(), state, names)


@app.command("discards")
def loot_discards(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Every Loot discard pile (public) and the game box."""
    from referee import game_display

    state, _ = _state(game)
    if as_json:
        print_json(game_display.piles_json(state))
    else:
        game_display.print_piles(console(), state)


@app.command("deck")
def loot_deck(
    kind: Annotated[str | None, typer.Argument(metavar="[TYPE]", help="Set a deck's size: armor, weapon, common, rare.")] = None,
    size: Annotated[str | None, typer.Argument(metavar="[N]", help="How many cards the table counts in it.")] = None,
    game: GameOption = None,
    dry_run: DryRunOption = False,
    override: OverrideOption = None, why: WhyOption = False, as_json: JsonOption = False,
) -> None:
    """The four Loot Decks' sizes; `deck TYPE N` records the size the table counts."""
    from referee import game_display
    from referee.cli.moves import run_move
    from referee.errors import InvalidMove
    from referee.notation import GRAMMAR

    if kind is None:
        state, _ = _state(game)
        if as_json:
            print_json(game_display.decks_json(state))
        else:
            game_display.print_decks(console(), state)
        return
    if size is None:
        raise InvalidMove("give the size too: `referee deck armor 12`")
    run_move(lambda state: GRAMMAR["deck"].build(state, kind=kind, size=size),
             game=game, dry_run=dry_run, override=override, as_json=as_json, why=why)


# --- 10 random encounters: the public Random Encounter information ----------------------------------------


@app.command("encounters")
def game_encounters(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Public: the Random Encounter Deck (as a deck), its discard pile, the card in play, the cards described."""
    from referee import game_display

    with open_game(game) as current:
        data = current.encounters()
    if as_json:
        print_json(data)
    else:
        game_display.print_encounters(console(), data)


# --- the board: a picture of the table (referee/board/) ---------------------------------------------------


@app.command("board")
def game_board(
    game: GameOption = None,
    serve: Annotated[bool, typer.Option("--serve", help="Serve the board as a web page, and the phones' pages.")]
    = False,
    port: Annotated[str | None, typer.Option("--port", metavar="N", help="Port for --serve (default 8765).")] = None,
    lan: Annotated[bool, typer.Option("--lan", help="With --serve: share on the local network, not only this machine.")]
    = False,
    html: Annotated[str | None, typer.Option("--html", metavar="FILE", help="Write the board as one HTML page.")] = None,
    svg: Annotated[str | None, typer.Option("--svg", metavar="FILE", help="Write the terminal board as an SVG.")] = None,
    width: Annotated[str | None, typer.Option("--width", metavar="N", help="Columns: print the board once this wide "
                                                                          "(and the width of --svg).")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace a --html/--svg FILE that is not a board page or "
                                                        "picture (never the game file).")] = False,
    rotate: Annotated[list[str] | None, typer.Option("--rotate", metavar="PLAYER", help="Issue a new join link for "
                                                     "PLAYER (or host): the old link and its phones stop working.")]
    = None,
    as_json: JsonOption = False,
) -> None:
    """A picture of the table: every Patron Mat, the turn, the pending stack, the last ruling.

    In a terminal it fills the screen and redraws when a move lands (from any terminal); Ctrl-C leaves.
    With --serve, each Player's join link lets their phone check, ask and declare their own moves; the host link
    may do all the command line does; the plain board URL is read-only.
    """
    from referee.board.command import run
    from referee.parsing import parse_int
    from referee.store import resolve_game_path

    run(resolve_game_path(game), console(), serve=serve, lan=lan, html=html, svg=svg, as_json=as_json, force=force,
        rotate=rotate or [],
        port=None if port is None else parse_int(port, what="--port", low=0, high=65535),
        width=None if width is None else parse_int(width, what="--width", low=40, high=1000))
