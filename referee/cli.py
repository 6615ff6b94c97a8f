"""The `referee` command line: parse, call one library function, render. No rules logic here.

Only this module (and the display helpers it alone uses) imports typer or rich, and only it
prints or exits. Imports of everything heavy (rich, whoosh, sqlite-utils, the engine) happen
inside the commands that need them: the table waits on every command.

Exit codes (documented in the README):
  0  done / legal
  1  refused: an illegal move, no such rules section, nothing found
  2  bad input: usage errors, unreadable numbers or names, a bad rule document
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, NoReturn

import typer

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_BAD_INPUT = 2


class _Referee(typer.core.TyperGroup):
    """A negative number where a count is wanted ("damage ann -3") is bad input with parse_int's explanation,
    not Click's "No such option: -3"."""

    def invoke(self, ctx):
        try:  # typer >= 0.28 carries its own copy of click
            from typer._click import exceptions as click
        except ImportError:  # pragma: no cover
            import click

        try:
            return super().invoke(ctx)
        except click.NoSuchOption as error:
            name = error.option_name or ""
            if not (name[:1] == "-" and name[1:].isdigit()):
                raise
            from referee.errors import BadMove
            from referee.parsing import parse_int

            try:
                parse_int(name, what="the number")
            except BadMove as bad:
                raise click.UsageError(str(bad), ctx=error.ctx) from None
            raise


app = typer.Typer(
    cls=_Referee,
    name="referee",
    help="Table referee and rules lookup for Viva La Dungeon.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
rules_app = typer.Typer(
    help="The loaded rule documents: list, show, refs, add, check.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(rules_app, name="rules")

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


def _version(value: bool) -> None:
    if value:
        from referee import __version__

        print(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Table referee and rules lookup for Viva La Dungeon."""


@app.command("demo")
def demo(
    keep: Annotated[
        str | None, typer.Option("--keep", metavar="PATH", help="Keep the demo's game file at PATH.")
    ] = None,
) -> None:
    """Play a short scripted game: every command shown, refereed and explained."""
    import os
    import tempfile
    from pathlib import Path

    from referee.demo import GAME_PLACEHOLDER, SCRIPT
    from referee.store import current_game_path

    folder = tempfile.mkdtemp(prefix="referee-demo-")
    game = Path(keep) if keep else Path(folder) / "demo-game.sqlite"
    if game.exists():
        _fail(f"{game} exists already; choose another --keep path", EXIT_BAD_INPUT)
    pointer = current_game_path()
    previous = pointer.read_bytes() if pointer.exists() else None
    unexpected = []
    try:
        for number, step in enumerate(SCRIPT, start=1):
            words = [w.replace(GAME_PLACEHOLDER, str(game)) for w in step.words]
            shown = " ".join(w if " " not in w else f'"{w}"' for w in words)
            sys.stdout.write(("\n" + f"# {step.narration}\n" if step.narration else "\n") + f"$ referee {shown}\n")
            sys.stdout.flush()
            os.environ["REFEREE_GAME"] = str(game)
            code = _invoke(words)
            if code != step.exit_code:
                unexpected.append(f"step {number} `referee {shown}` exited {code}, expected {step.exit_code}")
    finally:
        os.environ.pop("REFEREE_GAME", None)
        if previous is None:
            pointer.unlink(missing_ok=True)
        else:
            pointer.write_bytes(previous)  # the demo never changes the user's current game
    sys.stdout.write(f"\nThe demo game is kept in {game}\n" if keep else "\nEnd of the demo.\n")
    if unexpected:
        _fail("the demo did not go as scripted: " + "; ".join(unexpected), EXIT_REFUSED)


def _invoke(words: list[str]) -> int:
    """Run one referee command in this process and return its exit code (the demo, the session)."""
    import sqlite3

    from typer.exceptions import TyperException  # typer 0.28 vendors click: its errors derive from this

    from referee.errors import RefereeError

    try:
        result = _command_for(words).main(args=words, prog_name="referee", standalone_mode=False)
    except typer.Exit as stop:
        return stop.exit_code
    except typer.Abort:
        sys.stderr.write("referee: aborted\n")
        return EXIT_REFUSED
    except TyperException as error:  # usage errors: unknown command, bad option, missing argument
        if hasattr(error, "show"):
            error.show()
        else:
            sys.stderr.write(f"referee: {error}\n")
        return getattr(error, "exit_code", EXIT_BAD_INPUT)
    except RefereeError as error:
        sys.stderr.write(f"referee: {error}\n")
        return EXIT_BAD_INPUT
    except sqlite3.DatabaseError as error:
        sys.stderr.write(f"referee: the game or rules file cannot be read ({error})\n")
        return EXIT_BAD_INPUT
    return result if isinstance(result, int) else 0


@app.command("play")
def play_session(game: Annotated[str | None, typer.Option("--game", help="Game file for this session.")] = None) -> None:
    """An interactive session: type referee commands without `referee`; nothing is re-imported.

    Every command of the command line works here (`status`, `damage mara 3`, `ask nat 20 kaos`,
    `undo`, ...), with the same rulings and exit codes; `quit` (or Ctrl-D) ends the session.
    """
    import os
    import shlex

    try:
        import readline  # noqa: F401  (line editing and history where the platform has it)
    except ImportError:
        pass
    if game:
        os.environ["REFEREE_GAME"] = game
    interactive = sys.stdin.isatty()
    if interactive:
        sys.stdout.write("Referee session: type a command (`status`, `ask ...`, `--help`), `quit` to leave.\n")
    last = EXIT_OK
    while True:
        try:
            line = input("referee> " if interactive else "")
        except EOFError:
            break
        except KeyboardInterrupt:
            sys.stdout.write("\n")
            continue
        try:
            words = shlex.split(line)
        except ValueError as error:
            sys.stderr.write(f"referee: cannot read that line ({error})\n")
            last = EXIT_BAD_INPUT
            continue
        if words[:1] == ["referee"]:
            words = words[1:]
        if not words:
            continue
        if words[0] in {"quit", "exit"}:
            break
        if words[0] in {"play", "demo"}:
            sys.stderr.write(f"referee: `{words[0]}` is not available inside a session\n")
            last = EXIT_BAD_INPUT
            continue
        if not interactive:
            sys.stdout.write(f"referee> {line.strip()}\n")
        last = _invoke(words)
        sys.stdout.flush()
    raise typer.Exit(last)


# --- shared output helpers -------------------------------------------------------------------


def _console():
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False)


def _print_json(data: object) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _fail(message: str, code: int = EXIT_REFUSED, *, as_json: bool = False) -> NoReturn:
    if as_json:
        _print_json({"error": message, "exit_code": code})
    else:
        sys.stderr.write(f"referee: {message}\n")
    raise typer.Exit(code)


def _open_rules(as_json: bool = False):
    from rulesdb import RulesError, open_rules

    try:
        return open_rules()
    except RulesError as error:
        _fail(f"the rules database cannot be built: {error}", EXIT_BAD_INPUT, as_json=as_json)


# --- rules -----------------------------------------------------------------------------------

KeyArgument = Annotated[
    str, typer.Argument(help="'DOC > SECTION', a unique SECTION_ID (PLOT_ARMOR) or a section title.")
]


def _section_or_fail(db, key: str, as_json: bool):
    from rulesdb import AmbiguousKey, UnknownKey

    try:
        return db.section(key)
    except AmbiguousKey as error:
        # ambiguous, like an ambiguous Player name, is bad input (2): `referee ask` answers the same
        _fail(f"{key!r} names several sections; say which: {', '.join(error.choices)}", EXIT_BAD_INPUT,
              as_json=as_json)
    except UnknownKey as error:
        hint = f" Did you mean {', '.join(error.suggestions)}?" if error.suggestions else ""
        _fail(f"no rules section {key!r}.{hint} `referee rules list` shows the documents.", as_json=as_json)


@rules_app.command("list")
def rules_list(as_json: JsonOption = False) -> None:
    """The loaded documents, their section counts, and the referenced documents not loaded."""
    from referee import rules_display

    db = _open_rules(as_json)
    documents, missing = db.documents(), db.missing_documents()
    if as_json:
        _print_json(rules_display.list_json(db, documents, missing))
    else:
        rules_display.print_list(_console(), db, documents, missing)


@rules_app.command("show")
def rules_show(key: KeyArgument, as_json: JsonOption = False) -> None:
    """One section verbatim: its statements, variables and cross-references."""
    from referee import rules_display

    db = _open_rules(as_json)
    section = _section_or_fail(db, key, as_json)
    if as_json:
        _print_json(rules_display.section_json(section))
    else:
        rules_display.print_section(_console(), db, section)


@rules_app.command("refs")
def rules_refs(key: KeyArgument, as_json: JsonOption = False) -> None:
    """What a section points to, and what points to it."""
    from referee import rules_display

    db = _open_rules(as_json)
    section = _section_or_fail(db, key, as_json)
    outgoing, incoming = db.refs_from(section.key), db.refs_to(section.key)
    if as_json:
        _print_json(rules_display.refs_json(section, outgoing, incoming))
    else:
        rules_display.print_refs(_console(), db, section, outgoing, incoming)


@rules_app.command("add")
def rules_add(
    file: Annotated[str, typer.Argument(help="A rule document in either official format.")],
    as_json: JsonOption = False,
) -> None:
    """Ingest another rule document into your rules database (same parser, same checks)."""
    from pathlib import Path

    from referee import rules_display
    from rulesdb import RulesError
    from rulesdb.store import add_document

    path = Path(file)
    if not path.is_file():
        _fail(f"no such file: {file}", EXIT_BAD_INPUT, as_json=as_json)
    before = {d["doc_id"] for d in _open_rules(as_json).documents()}
    try:
        db = add_document(path)
    except RulesError as error:
        _fail(f"{error} (nothing was added)", EXIT_BAD_INPUT, as_json=as_json)
    report = rules_display.added_json(db, before)
    if as_json:
        _print_json(report)
    else:
        rules_display.print_added(_console(), report)


@rules_app.command("check")
def rules_check(as_json: JsonOption = False) -> None:
    """The consistency report: disagreeing sources, dangling references, missing documents."""
    from referee import rules_display

    report = _open_rules(as_json).check()
    if as_json:
        _print_json(report)
    else:
        rules_display.print_check(_console(), report)


# --- ask: rules lookup -----------------------------------------------------------------------


@app.command("ask")
def ask(
    question: Annotated[
        list[str] | None,
        typer.Argument(
            help="The question, quoted or as bare words; or a section key (PLOT_ARMOR, '08 > gear swap').",
            show_default=False,
        ),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", "-n", min=1, max=50, help="How many sections to show.")] = 3,
    as_json: JsonOption = False,
) -> None:
    """Which rule covers this? The best sections, with the deciding sentences quoted.

    Exit 0 found, 1 nothing matches (or no such section key), 2 a question that cannot be
    looked up (empty, only punctuation or common words, too long) or an ambiguous key.
    """
    import index
    from rulesdb import AmbiguousKey, UnknownKey

    db = _open_rules(as_json)
    try:
        result = index.search(db, " ".join(question or ()), limit)
    except index.BadQuery as error:
        _fail(f"cannot look that up: {error.reason}.", EXIT_BAD_INPUT, as_json=as_json)
    except AmbiguousKey as error:
        _fail(f"{error.key!r} names several sections; say which: {', '.join(error.choices)}", EXIT_BAD_INPUT, as_json=as_json)
    except UnknownKey as error:
        hint = f" Did you mean {', '.join(error.suggestions)}?" if error.suggestions else ""
        _fail(f"no rules section {error.key!r}.{hint}", as_json=as_json)
    except index.IndexUnavailable as error:
        _fail(str(error), EXIT_BAD_INPUT, as_json=as_json)
    if as_json:
        _print_json(result.to_json())
    else:
        from referee import ask_display

        ask_display.print_result(_console(), result)
    if not result.results:
        raise typer.Exit(EXIT_REFUSED)


# --- game: the referee engine ----------------------------------------------------------------
# Every move command: parse names and numbers against the game, build a Move, let the store judge
# and log it in one transaction, render the ruling. Exit 0 applied/legal, 1 refused, 2 bad input.

GameOption = Annotated[
    str | None, typer.Option("--game", help="Game file (default: $REFEREE_GAME, else the current game).")
]
DryRunOption = Annotated[bool, typer.Option("--dry-run", help="Judge the move, change nothing: can I do this?")]
OverrideOption = Annotated[
    str | None,
    typer.Option("--override", metavar="REASON", help="Apply even if the rules refuse it (card text wins); logged."),
]
PlayerArgument = Annotated[str, typer.Argument(metavar="PLAYER", help="A Player: any case, a unique prefix is enough.")]
AmountArgument = Annotated[str, typer.Argument(metavar="N", help="A whole number, 1 or more.")]


def _open_game(game: str | None, as_json: bool):
    from referee.errors import RefereeError
    from referee.store import GameStore, resolve_game_path

    try:
        return GameStore(resolve_game_path(game))
    except RefereeError as error:
        _fail(str(error), EXIT_BAD_INPUT, as_json=as_json)


def _load_state(game: str | None, as_json: bool):
    """The game's current state and the game file's path, for a command that only reads."""
    store = _open_game(game, as_json)
    try:
        return store.load(), store.path
    finally:
        store.close()


def _player(state, text: str) -> str:
    from referee.parsing import match_player

    return match_player(text, state.settings.players)


def _amount(text: str, what: str = "the amount") -> int:
    from referee.parsing import parse_int

    return parse_int(text, what=what, low=1, high=999)


def _virtual_dice(count: int, seed: str | None) -> tuple[int, ...]:
    import os
    import random

    from referee.parsing import parse_int

    seed = seed if seed is not None else os.environ.get("REFEREE_SEED")
    rng = random.Random(parse_int(seed, what="--seed", low=0, high=2**63) if seed is not None else None)
    return tuple(rng.randint(1, 20) for _ in range(count))


def _play(build, *, game: str | None, dry_run: bool, as_json: bool, override: str | None) -> None:
    """Build the move against the game's state, judge and log it, render, exit with its code."""
    from referee import game_display
    from referee.errors import BadMove, CannotApply, GameBusy, GameFileError
    from referee.store import Played
    from referee.variables import VariableError

    if override is not None and not override.strip():
        _fail("--override needs a reason, e.g. --override \"the card says so\"", EXIT_BAD_INPUT, as_json=as_json)
    store = _open_game(game, as_json)
    cannot_apply = False
    try:
        move = build(store.load())
        played = store.play(move, override=override, dry_run=dry_run)
    except CannotApply as error:
        played, cannot_apply = Played(error.ruling, applied=False, number=None), True
    except (BadMove, VariableError, GameFileError, GameBusy) as error:
        _fail(str(error), EXIT_BAD_INPUT, as_json=as_json)
    finally:
        store.close()
    if as_json:
        _print_json(game_display.played_json(played, dry_run=dry_run))
    else:
        game_display.print_played(_console(), played, dry_run=dry_run, cannot_apply=cannot_apply)
    if not (played.applied or played.ruling.legal):
        raise typer.Exit(EXIT_REFUSED)


@app.command("new")
def game_new(
    players: Annotated[str, typer.Option("--players", help='Players in Turn Order: "Mara, Ivo, Jun, Tess".')],
    health: Annotated[str, typer.Option("--health", help="Starting Health (table setting).")],
    turn_actions: Annotated[str, typer.Option("--turn-actions", help="Turn Actions per turn (table setting).")],
    health_cap: Annotated[str | None, typer.Option("--health-cap", help="Health Cap (default: --health).")] = None,
    reroll_supply: Annotated[str, typer.Option("--reroll-supply", help="Reroll Tokens in the supply.")] = "10",
    starting_kaos: Annotated[str, typer.Option("--starting-kaos", help="Kaos each Player starts with.")] = "0",
    stats: Annotated[str, typer.Option("--stats", help='"Mara: Brawn 2, Charm 1; Ivo: Intellect 3".')] = "",
    interpretation: Annotated[
        list[str] | None, typer.Option("--interpretation", metavar="ID=READING", help="Choose another reading.")
    ] = None,
    backpack_slots: Annotated[
        str, typer.Option("--backpack-slots", help="Backpack Slots per Player (08 LOOT_SUMMARY: 3; 04 not loaded).")
    ] = "3",
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Start a game: Players in Turn Order and the table settings the missing documents would define.

    The game file is --game, else $REFEREE_GAME, else a new file in the data directory.
    """
    import os
    from pathlib import Path

    from referee import game_display
    from referee.errors import RefereeError
    from referee.parsing import parse_int
    from referee.store import GameStore, new_game_path, set_current_game
    from referee.table_settings import make_settings, parse_interpretations, parse_players, parse_stats
    from referee.variables import VariableError

    db = _open_rules(as_json)
    try:
        names = parse_players(players)
        start = parse_int(health, what="--health", low=1, high=999)
        settings = make_settings(
            players=names,
            health=start,
            health_cap=None if health_cap is None else parse_int(health_cap, what="--health-cap", low=1, high=999),
            turn_actions=parse_int(turn_actions, what="--turn-actions", low=1, high=99),
            reroll_supply=parse_int(reroll_supply, what="--reroll-supply", low=0, high=999),
            starting_kaos=parse_int(starting_kaos, what="--starting-kaos", low=0, high=999),
            stats=parse_stats(stats, names),
            choices=parse_interpretations(interpretation or []),
            db=db,
            backpack_slots=parse_int(backpack_slots, what="--backpack-slots", low=0, high=20),
        )
        path = Path(game) if game else Path(os.environ["REFEREE_GAME"]) if os.environ.get("REFEREE_GAME") \
            else new_game_path()
        store = GameStore.create(path, settings)
    except (RefereeError, VariableError) as error:
        _fail(str(error), EXIT_BAD_INPUT, as_json=as_json)
    set_current_game(store.path)
    state = store.load()
    store.close()
    if as_json:
        _print_json(game_display.status_json(state, store.path))
    else:
        console = _console()
        env = os.environ.get("REFEREE_GAME")
        if env and Path(env).resolve() != Path(store.path).resolve():
            note = (f" Note: $REFEREE_GAME names {env}, and later commands follow it, not this game "
                    f"(pass --game {store.path} or change REFEREE_GAME).")
        else:
            note = " It is now the current game."
        console.print(f"New game: {', '.join(names)} (Turn Order), in {store.path}.{note}")
        game_display.print_status(console, state, store.path)


@app.command("status")
def game_status(game: GameOption = None, as_json: JsonOption = False) -> None:
    """The board: turn, Active Player, every Player's tokens, statuses and state, the pending stack."""
    from referee import game_display

    state, path = _load_state(game, as_json)
    if as_json:
        _print_json(game_display.status_json(state, path))
    else:
        game_display.print_status(_console(), state, path)


@app.command("action")
def game_action(
    player: PlayerArgument,
    action: Annotated[str, typer.Argument(help='The Turn Action, as the table calls it: "Open Chest".')],
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Spend a Turn Action (its effects are table-reported: 05_ACTIONS is not loaded)."""
    from referee.moves import TurnAction

    _play(lambda s: TurnAction(player=_player(s, player), action=action),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("declare")
def game_declare(
    player: PlayerArgument,
    check: Annotated[str, typer.Argument(metavar="CHECK", help="A Stat (brawn, charm, ...), perception, or attack.")],
    tn: Annotated[str | None, typer.Option("--tn", help="Target Number (not for a Contested Check).")] = None,
    vs: Annotated[list[str] | None, typer.Option("--vs", help="Other Player(s): makes it a Contested Check.")] = None,
    bonus: Annotated[
        str, typer.Option("--bonus", help="Other applicable modifiers the table reports, e.g. +1 or -2.")
    ] = "0",
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Declare a d20 Check; then `roll`, optionally `reroll` and `kaos`, then `resolve`."""
    from referee.moves import DeclareCheck
    from referee.parsing import parse_int

    def build(state):  # the engine reads the kind from the word (core_concepts.check_kind); --vs makes it Contested
        return DeclareCheck(
            player=_player(state, player), stat=check.strip(),
            tn=None if tn is None else parse_int(tn, what="--tn", low=0, high=99),
            opponents=tuple(_player(state, v) for v in (vs or [])),
            bonus=parse_int(bonus, what="--bonus", low=-99, high=99, signed=True),
        )

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


def _dice_move(cls, player, dice, virtual, seed, reroll: bool):
    from referee.core_concepts import dice_needed
    from referee.parsing import parse_dice

    def build(state):
        name = _player(state, player)
        if virtual and dice:
            from referee.errors import BadMove

            raise BadMove("give the dice or --virtual, not both")
        if virtual:
            values = _virtual_dice(dice_needed(state, name, reroll=reroll), seed)
        elif not dice:
            from referee.errors import BadMove

            raise BadMove("give the d20 result(s) rolled at the table, or --virtual for a virtual roll")
        else:
            values = parse_dice(dice)
        return cls(player=name, dice=values, virtual=virtual)

    return build


DiceArgument = Annotated[list[str] | None, typer.Argument(metavar="[D20]...", help="The d20 result(s) rolled.")]
VirtualOption = Annotated[bool, typer.Option("--virtual", "--roll", help="Roll virtual dice (no dice at the table).")]
SeedOption = Annotated[str | None, typer.Option("--seed", help="Seed for --virtual (default: $REFEREE_SEED).")]


@app.command("roll")
def game_roll(
    player: PlayerArgument, dice: DiceArgument = None, virtual: VirtualOption = False, seed: SeedOption = None,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Record the d20 roll of the Check being rolled (two d20s under Goblin Balls On Ya / Dungeon Haunted)."""
    from referee.moves import RollDice

    _play(_dice_move(RollDice, player, dice, virtual, seed, reroll=False),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("reroll")
def game_reroll(
    player: PlayerArgument, dice: DiceArgument = None, virtual: VirtualOption = False, seed: SeedOption = None,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Spend 1 Reroll Token: reroll all dice of the roll and keep the new result."""
    from referee.moves import Reroll

    _play(_dice_move(Reroll, player, dice, virtual, seed, reroll=True),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("kaos")
def game_kaos(
    player: PlayerArgument, amount: AmountArgument,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Spend Kaos on the Check being rolled: +1 to the Final Result each (after all rerolls)."""
    from referee.moves import SpendKaos

    _play(lambda s: SpendKaos(player=_player(s, player), amount=_amount(amount)),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("resolve")
def game_resolve(
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Resolve the Check being rolled: success or failure, Contested winner, crit rewards."""
    from referee.moves import ResolveCheck

    _play(lambda s: ResolveCheck(), game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("damage")
def game_damage(
    player: PlayerArgument, amount: AmountArgument,
    source: Annotated[str, typer.Option("--source", help="What dealt it (the Damage Dealer).")] = "",
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Damage reduces Health; at 0 or below the table reports the Death Process outcome."""
    from referee.moves import Damage

    _play(lambda s: Damage(player=_player(s, player), amount=_amount(amount), source=source.strip()),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("heal")
def game_heal(
    player: PlayerArgument, amount: AmountArgument,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Heal Health, up to the Health Cap (to go past it, `gain PLAYER N health`)."""
    from referee.moves import Heal

    _play(lambda s: Heal(player=_player(s, player), amount=_amount(amount)),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


def _resource(text: str, allowed: tuple[str, ...]) -> str:
    from referee.parsing import match_alias

    aliases = {"health": "health", "hp": "health", "kaos": "kaos", "reroll": "reroll", "rerolls": "reroll",
               "reroll-token": "reroll", "reroll-tokens": "reroll", "token": "reroll", "tokens": "reroll"}
    return match_alias(text, {a: r for a, r in aliases.items() if r in allowed}, what="resource")


ResourceArgument = Annotated[str, typer.Argument(metavar="WHAT", help="health, kaos or reroll.")]


@app.command("gain")
def game_gain(
    player: PlayerArgument, amount: AmountArgument, what: ResourceArgument,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Gain Health (may pass the Health Cap), Kaos, or Reroll Tokens (while the supply lasts)."""
    from referee.moves import Gain

    _play(lambda s: Gain(player=_player(s, player), amount=_amount(amount),
                         resource=_resource(what, ("health", "kaos", "reroll"))),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("lose")
def game_lose(
    player: PlayerArgument, amount: AmountArgument,
    what: Annotated[str, typer.Argument(metavar="WHAT", help="kaos or reroll.")],
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Lose Kaos or Reroll Tokens (never below 0). Health is lost with `damage`."""
    from referee.moves import Lose

    _play(lambda s: Lose(player=_player(s, player), amount=_amount(amount), resource=_resource(what, ("kaos", "reroll"))),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


def _status_name(text: str) -> str:
    from referee.moves import STATUS_ALIASES
    from referee.parsing import match_alias

    return match_alias(text, STATUS_ALIASES, what="status")


StatusArgument = Annotated[str, typer.Argument(metavar="STATUS", help="goblin (Goblin Balls On Ya) or haunted.")]


@app.command("gain-status")
def game_gain_status(
    player: PlayerArgument, status: StatusArgument,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Give a Player Goblin Balls On Ya or Dungeon Haunted (at most one of each)."""
    from referee.moves import GainStatus

    _play(lambda s: GainStatus(player=_player(s, player), status=_status_name(status)),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("remove-status")
def game_remove_status(
    player: PlayerArgument, status: StatusArgument,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Remove a status when the card that gave it says it ends."""
    from referee.moves import RemoveStatus

    _play(lambda s: RemoveStatus(player=_player(s, player), status=_status_name(status)),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("death")
def game_death(
    player: PlayerArgument,
    outcome: Annotated[str, typer.Argument(help="What the Death Process decided: removed, fallen, zombie, surviving.")],
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Record the outcome of a Death Process (09_DEATH_AND_VICTORY is not loaded), then the Victory Check."""
    from referee.moves import DEATH_OUTCOMES, ReportDeath
    from referee.parsing import match_alias

    _play(lambda s: ReportDeath(player=_player(s, player),
                                outcome=match_alias(outcome, {o: o for o in DEATH_OUTCOMES}, what="outcome")),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("set-state")
def game_set_state(
    player: PlayerArgument,
    state_name: Annotated[str, typer.Argument(metavar="STATE", help="surviving, fallen, zombie or removed.")],
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Record a Player state change the table reports (e.g. Rising as a Zombie)."""
    from referee.moves import PLAYER_STATES, SetState
    from referee.parsing import match_choice

    _play(lambda s: SetState(player=_player(s, player), state=match_choice(state_name, PLAYER_STATES, what="state")),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("end-turn")
def game_end_turn(
    cube_room: Annotated[bool, typer.Option("--cube-room", help="The Active Player's Portrait is in a Cube Room.")] = False,
    complete: Annotated[
        bool, typer.Option("--complete", help="Nothing to record in the Cube Room check or Dungeon Bomb Step.")
    ] = False,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """End the turn: Kaos refund for unspent Turn Actions, Cube Room check, Dungeon Bomb Step, next turn.

    Without --complete, the End of Turn Process waits on the pending stack while the table records
    what the Dungeon Bomb did; `end-turn` again completes the turn.
    """
    from referee.moves import EndTurn

    _play(lambda s: EndTurn(cube_room=cube_room, complete=complete),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("undo")
def game_undo(
    number: Annotated[
        str | None, typer.Argument(metavar="[N]", help="Take back move N and every later move (default: the last).")
    ] = None,
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Take back moves. They stay in the history, marked undone."""
    from referee import game_display
    from referee.errors import NothingToUndo, RefereeError
    from referee.parsing import parse_int

    store = _open_game(game, as_json)
    try:
        taken = store.undo(None if number is None else parse_int(number, what="the move number", low=1, high=10**9))
        state = store.load()
    except RefereeError as error:
        _fail(str(error), EXIT_REFUSED if isinstance(error, NothingToUndo) else EXIT_BAD_INPUT, as_json=as_json)
    finally:
        store.close()
    if as_json:
        _print_json({"undone": taken, "status": game_display.status_json(state, store.path)})
    else:
        console = _console()
        console.print(f"Undone: move{'s' if len(taken) > 1 else ''} {', '.join(f'#{n}' for n in taken)} "
                      f"(kept in the history, marked undone).")
        game_display.print_status(console, state, store.path)


@app.command("history")
def game_history(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Every move with its number and ruling; undone moves are struck through."""
    from referee import game_display

    store = _open_game(game, as_json)
    entries = store.history()
    store.close()
    if as_json:
        _print_json(game_display.history_json(entries))
    else:
        game_display.print_history(_console(), entries)


@app.command("interpretations")
def game_interpretations(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Where the loaded rules are silent or ambiguous: the readings the referee applies."""
    import os

    from referee import game_display
    from referee.errors import RefereeError
    from referee.interpretations import REGISTER
    from referee.store import GameStore, resolve_game_path

    choices, notes = {}, {}
    try:
        path = resolve_game_path(game)
        if game or os.environ.get("REFEREE_GAME") or path.is_file():
            with GameStore(path) as store:
                choices = store.settings.interpretations
                notes["backpack-size"] = f"{store.settings.backpack_slots} Backpack Slots per Player"  # 08 loot
    except RefereeError as error:
        if game:
            _fail(str(error), EXIT_BAD_INPUT, as_json=as_json)
    if as_json:
        _print_json(game_display.interpretations_json(REGISTER, choices, notes))
    else:
        game_display.print_interpretations(_console(), REGISTER, choices, notes)


# --- 10 random encounters (10_RANDOM_ENCOUNTERS) --------------------------------------------------
# `referee encounter draw|choose|roll|discard|continue|deck` are moves; `referee encounters` lists the
# deck, the public discard pile and the cards described. The card grammar is parsed by the engine
# (referee/random_encounters.py), so the game log keeps what the table typed.

encounter_app = typer.Typer(
    help="Random Encounters (10_RANDOM_ENCOUNTERS): draw, choose, roll, discard, continue, deck.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)
app.add_typer(encounter_app, name="encounter")


@encounter_app.command("draw")
def encounter_draw(
    words: Annotated[
        list[str],
        typer.Argument(metavar="[PLAYER] CARD", help="The Encountering Player (not needed for a Dungeon Bomb), then "
                                                     "the card's name."),
    ],
    by: Annotated[
        str | None,
        typer.Option("--by", help="What drew it: move (a failed Move Action), flee, bomb, other. Default: bomb during "
                                  "a Dungeon Bomb Step."),
    ] = None,
    because: Annotated[str, typer.Option("--because", help="What drew it, in the table's words.")] = "",
    check: Annotated[
        list[str] | None, typer.Option("--check", help='A Check option: "brawn 12", "perception 15 harder reward".')
    ] = None,
    pay: Annotated[
        list[str] | None,
        typer.Option("--pay", help='A Non-Check option: "kaos 2", "discard 1", "health 3", "status haunted", '
                                   '"move TEXT", "other TEXT" (+ "reward").'),
    ] = None,
    penalty: Annotated[
        list[str] | None,
        typer.Option("--penalty", help='A Penalty instruction, in printed order: "damage d6", "damage 2", "health 2", '
                                       '"kaos 3", "discard 1", "status goblin", "move TEXT", "combat TEXT", "other TEXT".'),
    ] = None,
    no_penalty: Annotated[bool, typer.Option("--no-penalty", help="The card says it has no Penalty.")] = False,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Draw and reveal the top Random Encounter card. Describe it the first time; later its name is enough."""
    from referee.errors import BadMove
    from referee.moves import ENCOUNTER_CAUSES, EncounterDraw
    from referee.parsing import match_choice
    from referee.random_encounters import default_cause

    def build(state):
        if len(words) not in (1, 2):
            raise BadMove('give [PLAYER] CARD, e.g. `referee encounter draw cara "Spider Swarm"`')
        cause = match_choice(by, ENCOUNTER_CAUSES, what="cause (--by)") if by else default_cause(state)
        return EncounterDraw(
            card=words[-1], cause=cause, player=_player(state, words[0]) if len(words) == 2 else None,
            because=because.strip(), checks=tuple(check or ()), pays=tuple(pay or ()), penalty=tuple(penalty or ()),
            no_penalty=no_penalty,
        )

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


@encounter_app.command("choose")
def encounter_choose(
    player: PlayerArgument,
    option: Annotated[str, typer.Argument(metavar="OPTION", help="The option's number, or a word of it (brawn, kaos).")],
    discard: Annotated[
        list[str] | None, typer.Option("--discard", help="Loot to discard for a discard option.")
    ] = None,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Choose one Encounter Completion Option before rolling or paying (a Check option declares its Check)."""
    from referee.moves import EncounterChoose
    from referee.random_encounters import current_card, match_option

    def build(state):
        # a number needs no card (the engine refuses it when nothing is being resolved); a word is read on the card
        card = current_card(state)
        if card is None and not option.strip().isdigit():
            number = 0  # nothing to read the word on: the engine refuses the move (no Random Encounter), exit 1
        else:
            number = _amount(option, "the option") if option.strip().isdigit() else match_option(card, option)
        return EncounterChoose(player=_player(state, player), option=number, discard=tuple(discard or ()))

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


@encounter_app.command("roll")
def encounter_roll(
    player: PlayerArgument,
    value: Annotated[str | None, typer.Argument(metavar="[N]", help="What the damage die shows.")] = None,
    virtual: VirtualOption = False, seed: SeedOption = None,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Roll a Penalty's damage die: the Player to the damaged Player's left rolls it (01 DAMAGE)."""
    import os
    import random

    from referee.errors import BadMove
    from referee.moves import EncounterRoll
    from referee.parsing import parse_int
    from referee.random_encounters import awaited_die

    def build(state):
        die = awaited_die(state)
        if virtual == (value is not None):
            raise BadMove("give what the die shows, or --virtual for a virtual roll (not both)")
        if die is None:  # no damage die awaited: the engine refuses it, saying what is pending (exit 1)
            amount = 1 if virtual else parse_int(value, what="the die", low=1, high=20)
            return EncounterRoll(player=_player(state, player), value=amount, virtual=virtual)
        if virtual:
            raw = seed if seed is not None else os.environ.get("REFEREE_SEED")
            rng = random.Random(parse_int(raw, what="--seed", low=0, high=2**63) if raw is not None else None)
            amount = rng.randint(1, die)
        else:
            amount = parse_int(value, what=f"the d{die}", low=1, high=die)
        return EncounterRoll(player=_player(state, player), value=amount, virtual=virtual)

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


@encounter_app.command("discard")
def encounter_discard(
    player: PlayerArgument,
    card: Annotated[str, typer.Argument(help="The Loot card to discard for the Penalty (a unique prefix is enough).")],
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Discard Loot for a Penalty's Loot discard (to its matching discard pile)."""
    from referee.moves import EncounterDiscard

    _play(lambda s: EncounterDiscard(player=_player(s, player), card=card),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@encounter_app.command("continue")
def encounter_continue(
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Go on: decline the optional Event Reward, end a Combat Encounter the card started, or finish a step."""
    from referee.moves import EncounterContinue

    _play(lambda s: EncounterContinue(), game=game, dry_run=dry_run, as_json=as_json, override=override)


@encounter_app.command("deck")
def encounter_deck(
    size: Annotated[str, typer.Argument(metavar="N", help="Cards in the Random Encounter Deck now.")],
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Record how many cards the Random Encounter Deck holds (03_SETUP builds it; not loaded)."""
    from referee.moves import EncounterDeck
    from referee.parsing import parse_int

    _play(lambda s: EncounterDeck(size=parse_int(size, what="the deck size", low=0, high=999)),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("encounters")
def game_encounters(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Public: the Random Encounter Deck (as a deck), its discard pile, the card in play, the cards described."""
    from referee import game_display
    from referee.random_encounters import listing

    state, _ = _load_state(game, as_json)
    data = listing(state)
    if as_json:
        _print_json(data)
    else:
        game_display.print_encounters(_console(), data)


# --- end 10 random encounters -----------------------------------------------------------------------


# --- 08 loot: Loot and Inventory (08_LOOT_AND_INVENTORY) ----------------------------------------------
# The table describes a drawn card once (`card`, or the options of `draw`); later moves name it only.

CardArgument = Annotated[str, typer.Argument(metavar="CARD", help="A card: any case, a unique prefix is enough.")]


def _loot_kind(text: str) -> str:
    from referee.moves import LOOT_KIND_ALIASES
    from referee.parsing import match_choice

    return LOOT_KIND_ALIASES[match_choice(text, list(LOOT_KIND_ALIASES), what="Loot type")]


def _card_text(melee, ranged, slot, armor_type, defense, stat, consumable, anytime, backpack, backpack_defense,
               equip_as) -> dict:
    from referee.errors import BadMove
    from referee.parsing import parse_int

    if melee and ranged:
        raise BadMove("a Weapon is --melee or --ranged, not both")
    signed = {"low": -99, "high": 99, "signed": True}
    return {
        "weapon": "melee" if melee else "ranged" if ranged else "",
        "slots": tuple(parse_int(n, what="--slot", low=1, high=5) for n in (slot or [])),
        "armor_type": armor_type.strip(),
        "defense": None if defense is None else parse_int(defense, what="--defense", **signed),
        "stats": tuple(stat or ()),
        "consumable": consumable, "anytime": anytime, "backpack": backpack,
        "backpack_defense": None if backpack_defense is None else parse_int(backpack_defense,
                                                                            what="--backpack-defense", **signed),
        "equip_as": equip_as.strip().lower(),
    }


MeleeOption = Annotated[bool, typer.Option("--melee", help="A Melee Weapon.")]
RangedOption = Annotated[bool, typer.Option("--ranged", help="A Ranged Weapon.")]
SlotsOption = Annotated[list[str] | None, typer.Option("--slot", help="Armor: the Armor Slot (1-5) the card requires.")]
ArmorTypeOption = Annotated[str, typer.Option("--armor-type", help="Armor Type printed on the card.")]
DefenseOption = Annotated[str | None, typer.Option("--defense", help="Defense while Equipped.")]
StatOption = Annotated[list[str] | None, typer.Option("--stat", help='A Stat bonus: "Brawn +1" (repeatable).')]
ConsumableOption = Annotated[bool, typer.Option("--consumable", help="Used once, then discarded.")]
AnytimeOption = Annotated[bool, typer.Option("--anytime", help="The card gives its own timing for use.")]
BackpackOption = Annotated[bool, typer.Option("--backpack", help="Works (effects, Stat bonuses) from the Backpack.")]
BackpackDefenseOption = Annotated[str | None, typer.Option("--backpack-defense", help="Defense granted from the Backpack.")]
EquipAsOption = Annotated[str, typer.Option("--equip-as", help="Magic whose card says how it is Equipped: armor, melee, ranged.")]


@app.command("card")
def loot_card(
    name: Annotated[str, typer.Argument(help="The card's name as printed.")],
    kind: Annotated[str, typer.Argument(metavar="TYPE", help="armor, weapon, common (Common Magic), rare (Rare Magic).")],
    melee: MeleeOption = False, ranged: RangedOption = False, slot: SlotsOption = None, armor_type: ArmorTypeOption = "",
    defense: DefenseOption = None, stat: StatOption = None, consumable: ConsumableOption = False,
    anytime: AnytimeOption = False, backpack: BackpackOption = False, backpack_defense: BackpackDefenseOption = None,
    equip_as: EquipAsOption = "",
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Describe a card once (what it says that the rules care about); later moves name it only."""
    from referee.moves import DescribeCard

    text = _card_text(melee, ranged, slot, armor_type, defense, stat, consumable, anytime, backpack,
                      backpack_defense, equip_as)
    _play(lambda s: DescribeCard(name=name, kind=_loot_kind(kind), **text),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("draw")
def loot_draw(
    player: PlayerArgument,
    items: Annotated[list[str], typer.Argument(metavar="TYPE NAME [TYPE NAME]...",
                                               help="What was drawn, in the order listed: armor \"Bone Pauldron\".")],
    melee: MeleeOption = False, ranged: RangedOption = False, slot: SlotsOption = None, armor_type: ArmorTypeOption = "",
    defense: DefenseOption = None, stat: StatOption = None, consumable: ConsumableOption = False,
    anytime: AnytimeOption = False, backpack: BackpackOption = False, backpack_defense: BackpackDefenseOption = None,
    equip_as: EquipAsOption = "",
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Draw Loot from the top of its deck (options describe a new card); opens a Loot Management Window."""
    from referee.errors import BadMove
    from referee.moves import DrawLoot

    def build(state):
        if len(items) % 2:
            raise BadMove("draw takes TYPE NAME pairs: `referee draw mara armor \"Bone Pauldron\" weapon Club`")
        text = _card_text(melee, ranged, slot, armor_type, defense, stat, consumable, anytime, backpack,
                          backpack_defense, equip_as)
        kinds = tuple(_loot_kind(k) for k in items[0::2])
        return DrawLoot(player=_player(state, player), kinds=kinds, names=tuple(items[1::2]), **text)

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


def _owned_card(state, name: str, text: str) -> str:
    from referee.loot_and_inventory import owned_cards, resolve_card

    return resolve_card(state, text, owned_cards(state, name))  # inventory, windows, set-aside cards


@app.command("equip")
def loot_equip(
    player: PlayerArgument, card: CardArgument,
    slot: Annotated[
        list[str] | None,
        typer.Argument(metavar="[SLOT]", help="armor 1-5 (`armor 2` or `armor-2`), melee or ranged (default: the legal one)."),
    ] = None,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Equip a card from your Loot Management Window in a legal Equipment Slot (a replaced card is displaced)."""
    from referee.loot_and_inventory import parse_slot
    from referee.moves import Equip

    def build(state):
        name = _player(state, player)
        where = " ".join(slot or ())
        return Equip(player=name, card=_owned_card(state, name, card), slot=parse_slot(where) if where else "")

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("store")
def loot_store(
    player: PlayerArgument, card: CardArgument,
    slot: Annotated[str | None, typer.Option("--slot", help="Backpack Slot number (default: the first empty one).")] = None,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Store a card from your Loot Management Window in an empty Backpack Slot."""
    from referee.moves import Store
    from referee.parsing import parse_int

    def build(state):
        name = _player(state, player)
        return Store(player=name, card=_owned_card(state, name, card),
                     slot=None if slot is None else parse_int(slot, what="--slot", low=1, high=20))

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("discard")
def loot_discard(
    player: PlayerArgument, card: CardArgument,
    required: Annotated[str, typer.Option("--required", metavar="REASON",
                                          help="A rule or effect requires this discard (no timing check).")] = "",
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Discard Loot to its discard pile (Plot Armor to the box): on your own turn, or in your own window."""
    from referee.moves import DiscardLoot

    def build(state):
        name = _player(state, player)
        return DiscardLoot(player=name, card=_owned_card(state, name, card), required=required.strip())

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("use")
def loot_use(
    player: PlayerArgument, card: CardArgument,
    effect: Annotated[str, typer.Option("--effect", help="What the card did (record its effects with heal/gain/...).")] = "",
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Use a card (Consumables are discarded after use); default timing: your own turn, nothing being resolved."""
    from referee.moves import UseLoot

    def build(state):
        name = _player(state, player)
        return UseLoot(player=name, card=_owned_card(state, name, card), effect=effect.strip())

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("gear-swap")
def loot_gear_swap(
    player: PlayerArgument, card: CardArgument,
    other: Annotated[str | None, typer.Argument(metavar="[OTHER]", help="The card to exchange it with.")] = None,
    slot: Annotated[str | None, typer.Option("--slot", help="Where a Stored card goes: armor N, melee, ranged.")] = None,
    discard: Annotated[str | None, typer.Option("--discard", metavar="CARD",
                                                help="A card left without a legal Slot, discarded at once.")] = None,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Gear Swap (Free Action, once per Player Turn): store Equipped Gear, equip Stored Gear, or exchange them."""
    from referee.loot_and_inventory import inventory, parse_slot, resolve_card
    from referee.moves import GearSwap

    def build(state):
        name = _player(state, player)
        owned = inventory(state, name)
        return GearSwap(player=name, card=resolve_card(state, card, owned),
                        other=resolve_card(state, other, owned) if other else "",
                        slot=parse_slot(slot) if slot else "",
                        discard=resolve_card(state, discard, owned) if discard else "")

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


def _take(player, source, card, how, game, dry_run, override, as_json) -> None:
    from referee.loot_and_inventory import resolve_card, takeable
    from referee.moves import TakeLoot

    def build(state):
        from referee.loot_and_inventory import stored

        target = _player(state, source)
        if how == "pickpocket" and not stored(state, target):
            name = card  # an empty Backpack: the ruling says so
        else:
            name = resolve_card(state, card, takeable(state, target))
        return TakeLoot(player=_player(state, player), source=target, how=how, card=name)

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("pickpocket")
def loot_pickpocket(
    player: PlayerArgument,
    target: Annotated[str, typer.Argument(metavar="TARGET", help="The Player whose Backpack is picked.")],
    card: CardArgument,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """A successful Pickpocket (05_ACTIONS, table-reported): take one card from the target's Backpack."""
    _take(player, target, card, "pickpocket", game, dry_run, override, as_json)


@app.command("take")
def loot_take(
    player: PlayerArgument,
    source: Annotated[str, typer.Argument(metavar="FROM", help="The Player the card is taken from.")],
    card: CardArgument,
    opportunity: Annotated[bool, typer.Option("--opportunity", help="A Loot Opportunity 09_DEATH_AND_VICTORY grants.")] = False,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """Take a card from another Player (a rule or effect says so); the taker resolves a Loot Management Window."""
    _take(player, source, card, "opportunity" if opportunity else "take", game, dry_run, override, as_json)


def _weapon_move(cls, player, card, game, dry_run, override, as_json) -> None:
    def build(state):
        name = _player(state, player)
        return cls(player=name, card=_owned_card(state, name, card))

    _play(build, game=game, dry_run=dry_run, as_json=as_json, override=override)


@app.command("drop")
def loot_drop(
    player: PlayerArgument, card: CardArgument,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """A Weapon is Dropped (table-reported; 06_COMBAT_ENCOUNTER decides): still Equipped, not available for Attacks."""
    from referee.moves import DropWeapon

    _weapon_move(DropWeapon, player, card, game, dry_run, override, as_json)


@app.command("recover")
def loot_recover(
    player: PlayerArgument, card: CardArgument,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """A Dropped Weapon is recovered or restored (table-reported; 06_COMBAT_ENCOUNTER decides)."""
    from referee.moves import RecoverWeapon

    _weapon_move(RecoverWeapon, player, card, game, dry_run, override, as_json)


@app.command("inventory")
def loot_inventory(
    player: Annotated[str | None, typer.Argument(metavar="[PLAYER]", help="One Player (default: everyone).")] = None,
    game: GameOption = None, as_json: JsonOption = False,
) -> None:
    """Any Player's Inventory (public): Armor, Weapon and Backpack Slots, Defense from loot, Stat bonuses."""
    from referee import game_display
    from referee.errors import BadMove

    state, _ = _load_state(game, as_json)
    try:
        names = [_player(state, player)] if player else list(state.settings.players)
    except BadMove as error:
        _fail(str(error), EXIT_BAD_INPUT, as_json=as_json)
    if as_json:
        _print_json(game_display.inventories_json(state, names))
    else:
        game_display.print_inventories(_console(), state, names)


@app.command("discards")
def loot_discards(game: GameOption = None, as_json: JsonOption = False) -> None:
    """Every Loot discard pile (public) and the game box."""
    from referee import game_display

    state, _ = _load_state(game, as_json)
    if as_json:
        _print_json(game_display.piles_json(state))
    else:
        game_display.print_piles(_console(), state)


@app.command("deck")
def loot_deck(
    kind: Annotated[str | None, typer.Argument(metavar="[TYPE]", help="Set a deck's size: armor, weapon, common, rare.")] = None,
    size: Annotated[str | None, typer.Argument(metavar="[N]", help="How many cards the table counts in it.")] = None,
    game: GameOption = None, dry_run: DryRunOption = False, override: OverrideOption = None, as_json: JsonOption = False,
) -> None:
    """The four Loot Decks' sizes; `deck TYPE N` records the size the table counts."""
    from referee import game_display
    from referee.moves import DeckSize
    from referee.parsing import parse_int

    if kind is None:
        state, _ = _load_state(game, as_json)
        if as_json:
            _print_json(game_display.decks_json(state))
        else:
            game_display.print_decks(_console(), state)
        return
    if size is None:
        _fail("give the size too: `referee deck armor 12`", EXIT_BAD_INPUT, as_json=as_json)
    _play(lambda s: DeckSize(kind=_loot_kind(kind), size=parse_int(size, what="the deck size", low=0, high=999)),
          game=game, dry_run=dry_run, as_json=as_json, override=override)


# --- end 08 loot ----------------------------------------------------------------------------------------


_BUILT: dict[str, object] = {}  # click commands already built in this process (the session reuses them)


def _command_for(words: list[str]):
    """The click command for this invocation, building only the sub-command it names.

    Typer turns every command into a click command on each run (~80 ms for all of them here);
    a table waits on every command, so a known command name gets an app holding just that one.
    Anything else (no name, --help, a typo) gets the whole app, with click's usual messages.
    """
    import copy

    import typer.main

    name = next((w for w in words if not w.startswith("-")), None)
    if name in _BUILT and not (set(words) & {"--version"}):
        return _BUILT[name]
    if name is not None and name not in {"--help", "-h"} and not (set(words) & {"--version"}):
        for info in app.registered_commands:
            if (info.name or info.callback.__name__.replace("_", "-")) == name:
                only = copy.copy(app)
                only.registered_commands, only.registered_groups = [info], []
                return _BUILT.setdefault(name, typer.main.get_command(only))
        for info in app.registered_groups:
            if info.name == name:
                only = copy.copy(app)
                only.registered_commands, only.registered_groups = [], [info]
                return _BUILT.setdefault(name, typer.main.get_command(only))
    return typer.main.get_command(app)


def main() -> None:
    """The console script. A library error no command caught is still bad input, never a traceback."""
    import sqlite3

    from referee.errors import RefereeError

    try:
        _command_for(sys.argv[1:])(prog_name="referee")
    except RefereeError as error:
        sys.stderr.write(f"referee: {error}\n")
        raise SystemExit(EXIT_BAD_INPUT) from None
    except sqlite3.DatabaseError as error:
        sys.stderr.write(f"referee: the game or rules file cannot be read ({error})\n")
        raise SystemExit(EXIT_BAD_INPUT) from None
