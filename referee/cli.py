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


def main() -> None:
    app()
