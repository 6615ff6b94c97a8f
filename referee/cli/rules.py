"""`referee rules ...` (the loaded rule documents) and `referee ask` (the rules lookup)."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.app import EXIT_BAD_INPUT, EXIT_REFUSED, app, fail, rules_app
from referee.cli.common import JsonOption, console, open_rules, print_json

KeyArgument = Annotated[
    str, typer.Argument(help="'DOC > SECTION', a unique SECTION_ID (PLOT_ARMOR) or a section title.")
]


def _section_or_fail(db, key: str, as_json: bool):
    from rulesdb import AmbiguousKey, UnknownKey

    try:
        return db.section(key)
    except AmbiguousKey as error:
        # ambiguous, like an ambiguous Player name, is bad input (2): `referee ask` answers the same
        fail(f"{key!r} names several sections; say which: {', '.join(error.choices)}", EXIT_BAD_INPUT,
             as_json=as_json)
    except UnknownKey as error:
        hint = f" Did you mean {', '.join(error.suggestions)}?" if error.suggestions else ""
        fail(f"no rules section {key!r}.{hint} `referee rules list` shows the documents.", as_json=as_json)


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

    path = Path(file)
    if not path.is_file():
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
    as_json: JsonOption = False,
) -> None:
    """Which rule covers this? The best sections, with the deciding sentences quoted.

    Exit 0 found, 1 nothing matches (or no such section key), 2 a question that cannot be
    looked up (empty, only punctuation or common words, too long) or an ambiguous key.
    """
    import index
    from rulesdb import AmbiguousKey, UnknownKey

    db = open_rules()
    try:
        result = index.search(db, " ".join(question or ()), limit)
    except index.BadQuery as error:
        fail(f"cannot look that up: {error.reason}.", EXIT_BAD_INPUT, as_json=as_json)
    except AmbiguousKey as error:
        fail(f"{error.key!r} names several sections; say which: {', '.join(error.choices)}", EXIT_BAD_INPUT,
             as_json=as_json)
    except UnknownKey as error:
        hint = f" Did you mean {', '.join(error.suggestions)}?" if error.suggestions else ""
        fail(f"no rules section {error.key!r}.{hint}", as_json=as_json)
    except index.IndexUnavailable as error:
        fail(str(error), EXIT_BAD_INPUT, as_json=as_json)
    if as_json:
        print_json(result.to_json())
    else:
        from referee import ask_display

        ask_display.print_result(console(), result)
    if not result.results:
        raise typer.Exit(EXIT_REFUSED)
