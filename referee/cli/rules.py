"""`referee rules ...` (the loaded rule documents) and `referee ask` (the rules lookup)."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.application import EXIT_BAD_INPUT, EXIT_REFUSED, app, fail, rules_app
from referee.cli.common import GameOption, JsonOption, console, open_game, open_rules, print_json

KeyArgument = Annotated[
    str, typer.Argument(help="'DOC > SECTION', a unique SECTION_ID (PLOT_ARMOR) or a section title.")
]


def _no_such_key(error, key: str, as_json: bool, where: str = ""):
    """An ambiguous section key is bad input (2), like an ambiguous Player name; an unknown one finds nothing (1)."""
    from rulesdb import AmbiguousKey

    if isinstance(error, AmbiguousKey):
        fail(f"{key!r} names several sections; say which: {', '.join(error.choices)}", EXIT_BAD_INPUT,
             as_json=as_json)
    hint = f" Did you mean {', '.join(error.suggestions)}?" if error.suggestions else ""
    fail(f"no rules section {key!r}.{hint}{where}", as_json=as_json)


def _section_or_fail(db, key: str, as_json: bool):
    from rulesdb import AmbiguousKey, UnknownKey

    try:
        return db.section(key)
    except (AmbiguousKey, UnknownKey) as error:
        _no_such_key(error, key, as_json, " `referee rules list` shows the documents.")


@rules_app.command("list")
def rules_list(as_json: JsonOption = False) -> None:
    """The loaded documents, their section counts, and the referenced documents not loaded."""
    from referee import rules_display

    db = open_rules()
    documents, missing = db.documents(), db.missing_documents()
    if as_json:
        print_json(rules_display.list_json(db, documents, missing))
    else:
        rules_display.print_list(console(), db, documents, missing)


@rules_app.command("show")
def rules_show(key: KeyArgument, as_json: JsonOption = False) -> None:
    """One section verbatim: its statements, variables and cross-references."""
    from referee import rules_display

    db = open_rules()
    section = _section_or_fail(db, key, as_json)
    if as_json:
        print_json(rules_display.section_json(section))
    else:
        rules_display.print_section(console(), db, section)


@rules_app.command("refs")
def rules_refs(key: KeyArgument, as_json: JsonOption = False) -> None:
    """What a section points to, and what points to it."""
    from referee import rules_display

    db = open_rules()
    section = _section_or_fail(db, key, as_json)
    outgoing, incoming = db.refs_from(section.key), db.refs_to(section.key)
    if as_json:
        print_json(rules_display.refs_json(section, outgoing, incoming))
    else:
        rules_display.print_refs(console(), db, section, outgoing, incoming)


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

    from referee.store import is_file

    path = Path(file)
    if not is_file(path):
        fail(f"no such file: {file}", EXIT_BAD_INPUT, as_json=as_json)
    before = {d["doc_id"] for d in open_rules().documents()}
    try:
        db = add_document(path)
    except RulesError as error:
        fail(f"{error} (nothing was added)", EXIT_BAD_INPUT, as_json=as_json)
    report = rules_display.added_json(db, before)
    if as_json:
        print_json(report)
    else:
        rules_display.print_added(console(), report)


@rules_app.command("check")
def rules_check(as_json: JsonOption = False) -> None:
    """The consistency report: disagreeing sources, dangling references, missing documents."""
    from referee import rules_display

    report = open_rules().check()
    if as_json:
        print_json(report)
    else:
        rules_display.print_check(console(), report)


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
    game: GameOption = None,
    as_json: JsonOption = False,
) -> None:
    """Which rule covers this? The best sections, with the deciding sentences quoted.

    With a game going, a question that names a move and a Player ("can Bram reroll now?") also
    gets that move's ruling on the current game, as a dry run: the game never changes.

    Exit 0 found, 1 nothing matches (or no such section key), 2 a question that cannot be
    looked up (empty, only punctuation or common words, too long) or an ambiguous key.
    """
    import index
    from rulesdb import AmbiguousKey, UnknownKey

    text = " ".join(question or ())
    db = open_rules()
    opened, now = _game_for(text, game)
    try:
        result = index.search(db, text, limit, names=opened.settings.players if opened else ())
    except index.BadQuery as error:
        fail(f"cannot look that up: {error.reason}.", EXIT_BAD_INPUT, as_json=as_json)
    except (AmbiguousKey, UnknownKey) as error:
        _no_such_key(error, error.key, as_json)
    except index.IndexUnavailable as error:
        fail(str(error), EXIT_BAD_INPUT, as_json=as_json)
    if opened:
        from referee.move_question import judge

        with opened:
            now = None if result.direct else judge(opened, text)
    if as_json:
        from referee import encode

        print_json({**result.to_json(), "now": encode(now)})
    else:
        from referee import ask_display

        ask_display.print_result(console(), result, now)
    from referee.cli.run import process_ends_with_this_command

    if process_ends_with_this_command():
        # The interpreter's last garbage collection would walk every object of the process, the lookup's open
        # index with them, to find no garbage worth finalizing: the lookup only read (about 45 ms of a 300 ms
        # cold ask on a 2-core machine; bench/startup.py). Frozen, they are left to the process's end.
        import gc

        gc.freeze()
    if not result.results:
        raise typer.Exit(EXIT_REFUSED)


def _game_for(question: str, game: str | None):
    """(the game, None) when the question names a move and a game is going (--game, $REFEREE_GAME,
    the current one); (None, why not) when the current game cannot be opened; (None, None) when the
    question names no move (most questions: no game is opened) or there is no game. An explicit
    --game that cannot be opened is an error (exit 2), as for every command that takes one."""
    from referee.move_question import MoveQuestion, names_a_move

    if names_a_move(question) is None:
        return None, None
    from referee.errors import GameFileError, NoGame

    try:
        return open_game(game), None
    except NoGame:
        return None, None
    except GameFileError as error:
        if game:
            raise
        return None, MoveQuestion(reason=f"the current game cannot be opened: {error}")
