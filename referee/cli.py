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

app = typer.Typer(
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
    """Run one referee command in this process and return its exit code."""
    import click

    try:
        result = app(args=words, prog_name="referee", standalone_mode=False)
    except click.exceptions.Exit as stop:
        return stop.exit_code
    except click.ClickException as error:
        error.show()
        return error.exit_code
    return result if isinstance(result, int) else 0


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
        _fail(f"{key!r} names several sections; say which: {', '.join(error.choices)}", as_json=as_json)
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


# --- ask: rules lookup (issue 3) -------------------------------------------------------------


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


# --- game: the referee engine (issue 4) ------------------------------------------------------
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
    from referee.errors import BadMove, CannotApply
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
    except (BadMove, VariableError) as error:
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
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Start a game: Players in Turn Order and the table settings the missing documents would define."""
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
        )
        path = Path(game) if game else new_game_path()
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
        console.print(f"New game: {', '.join(names)} (Turn Order). It is now the current game.")
        game_display.print_status(console, state, store.path)


@app.command("status")
def game_status(game: GameOption = None, as_json: JsonOption = False) -> None:
    """The board: turn, Active Player, every Player's tokens, statuses and state, the pending stack."""
    from referee import game_display

    store = _open_game(game, as_json)
    state = store.load()
    store.close()
    if as_json:
        _print_json(game_display.status_json(state, store.path))
    else:
        game_display.print_status(_console(), state, store.path)


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

    def build(state):
        word = check.strip().lower()
        opponents = tuple(_player(state, v) for v in (vs or []))
        kind = "contested" if opponents else {"perception": "perception", "attack": "attack"}.get(word, "stat")
        if kind == "contested" and word in ("perception", "attack"):
            kind, stat = "contested", word.capitalize()
        stat = "" if kind in ("perception", "attack") else check.strip()
        return DeclareCheck(
            player=_player(state, player), kind=kind, stat=stat,
            tn=None if tn is None else parse_int(tn, what="--tn", low=0, high=99),
            opponents=opponents, bonus=parse_int(bonus, what="--bonus", low=-99, high=99, signed=True),
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
    from referee.parsing import match_choice

    aliases = {"health": "health", "hp": "health", "kaos": "kaos", "reroll": "reroll", "rerolls": "reroll",
               "reroll-token": "reroll", "reroll-tokens": "reroll", "token": "reroll", "tokens": "reroll"}
    key = match_choice(text.replace(" ", "-"), [a for a, r in aliases.items() if r in allowed], what="resource")
    return aliases[key]


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
    from referee.parsing import match_choice

    aliases = {"goblin": "goblin", "goblin balls on ya": "goblin", "gboy": "goblin",
               "haunted": "haunted", "dungeon haunted": "haunted"}
    return aliases[match_choice(text, list(aliases), what="status")]


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
    from referee.parsing import match_choice

    _play(lambda s: ReportDeath(player=_player(s, player), outcome=match_choice(outcome, DEATH_OUTCOMES, what="outcome")),
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
    from referee.errors import RefereeError
    from referee.parsing import parse_int

    store = _open_game(game, as_json)
    try:
        taken = store.undo(None if number is None else parse_int(number, what="the move number", low=1, high=10**9))
        state = store.load()
    except RefereeError as error:
        _fail(str(error), EXIT_REFUSED if "nothing to undo" in str(error) else EXIT_BAD_INPUT, as_json=as_json)
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

    choices = {}
    try:
        path = resolve_game_path(game)
        if game or os.environ.get("REFEREE_GAME") or path.is_file():
            with GameStore(path) as store:
                choices = store.settings.interpretations
    except RefereeError as error:
        if game:
            _fail(str(error), EXIT_BAD_INPUT, as_json=as_json)
    if as_json:
        _print_json(game_display.interpretations_json(REGISTER, choices))
    else:
        game_display.print_interpretations(_console(), REGISTER, choices)


def main() -> None:
    app()
