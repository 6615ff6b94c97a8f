"""How `referee rules ...` shows the rules database: JSON shapes and rich text. Used by cli.py only."""

from __future__ import annotations

from rulesdb.keys import key_of

__all__ = [
    "list_json",
    "section_json",
    "refs_json",
    "added_json",
    "print_list",
    "print_section",
    "print_refs",
    "print_added",
    "print_check",
]


def _end(doc_id: str | None, section_id: str | None) -> str | None:
    """One end of a reference: its section key, or the document alone."""
    return key_of(doc_id, section_id) if section_id else doc_id


def _reference_json(reference) -> dict:
    return {
        "from": _end(reference.from_doc, reference.from_section),
        "to": reference.to_doc and _end(reference.to_doc, reference.to_section),
        "name": reference.to_name,
        "how": reference.how,
        "loaded": reference.loaded,
    }


def list_json(db, documents: list[dict], missing: list[str]) -> dict:
    return {
        "rules_version": db.content_hash,
        "documents": [
            {
                "doc_id": d["doc_id"],
                "title": d["title"],
                "sections": d["section_count"],
                "formats": d["formats"],
                "files": d["files"].split(", ") if d["files"] else [],
                "inferred_sections": bool(d["inferred_sections"]),
            }
            for d in documents
        ],
        "missing_documents": missing,
    }


def section_json(section) -> dict:
    return {
        "key": section.key,
        "doc_id": section.doc_id,
        "section_id": section.section_id,
        "title": section.title,
        "inferred": section.inferred,
        "statements": [
            {"n": s.n, "kind": s.kind, "label": s.label, "text": s.text, "items": list(s.items)}
            for s in section.statements
        ],
        "variables": dict(section.variables),
        "references": [_reference_json(r) for r in section.references],
        "sources": list(section.sources),
    }


def refs_json(section, outgoing, incoming) -> dict:
    return {
        "key": section.key,
        "outgoing": [_reference_json(r) for r in outgoing],
        "incoming": [_reference_json(r) for r in incoming],
    }


def added_json(db, before: set[str]) -> dict:
    documents = db.documents()
    return {
        "added": [d["doc_id"] for d in documents if d["doc_id"] not in before],
        "documents": [d["doc_id"] for d in documents],
        "missing_documents": db.missing_documents(),
        "rules_version": db.content_hash,
    }


def _target_text(reference, db) -> str:
    if reference.to_doc is None:
        return f"{reference.to_name} (not defined in any loaded document)"
    target = _end(reference.to_doc, reference.to_section)
    return target if reference.loaded else f"{target} (not loaded)"


def print_list(console, db, documents: list[dict], missing: list[str]) -> None:
    from rich.table import Table

    table = Table(title="Loaded rule documents", title_justify="left")
    for column in ("document", "title", "sections", "formats", "files"):
        table.add_column(column)
    for d in documents:
        formats = d["formats"] + (" (sections inferred)" if d["inferred_sections"] else "")
        table.add_row(d["doc_id"], d["title"], str(d["section_count"]), formats, d["files"] or "")
    console.print(table)
    if missing:
        console.print("Referenced but not loaded (the referee never guesses what they say):")
        for doc_id in missing:
            title = db.document_title(doc_id)
            console.print(f"  {doc_id}" + (f" — {title}" if title != doc_id else ""), markup=False)
    console.print(f"rules version {db.content_hash[:12]}")


def print_section(console, db, section) -> None:
    from rich.text import Text  # rule text is never read as rich markup: it may hold "[TURN_ACTION_REFUND]"

    heading = Text(section.key, style="bold")
    heading.append(f"  {section.title}", style="")
    if section.inferred:
        heading.append("  (section inferred from prose)", style="yellow")
    console.print(heading)
    for statement in section.statements:
        if statement.kind == "references":
            continue
        label = statement.label or statement.kind
        console.print(Text(f"  {statement.n:>2} {label}: ", style="dim") + Text(statement.text))
    if section.variables:
        console.print("Variables:")
        for name, value in section.variables:
            console.print(Text(f"  {name} = {value}"))
    if section.references:
        console.print("See also:")
        for text in dict.fromkeys(_target_text(r, db) for r in section.references):
            console.print(Text(f"  {text}"))
    console.print(Text(f"source: {', '.join(section.sources)}", style="dim"))


def print_refs(console, db, section, outgoing, incoming) -> None:
    from rich.text import Text  # rule text is never read as rich markup: it may hold "[TURN_ACTION_REFUND]"

    console.print(Text(section.key, style="bold") + Text(f"  {section.title}"))
    console.print("Points to:" if outgoing else "Points to nothing.")
    for text in dict.fromkeys(_target_text(r, db) for r in outgoing):
        console.print(Text(f"  {text}"))
    console.print("Pointed to by:" if incoming else "Nothing points to it.")
    for key in dict.fromkeys(key_of(r.from_doc, r.from_section) for r in incoming if r.from_section):
        console.print(Text(f"  {key}"))


def print_added(console, report: dict) -> None:
    added = ", ".join(report["added"]) or "no new document (an existing one was merged or replaced)"
    console.print(f"Added: {added}", markup=False)
    console.print(f"Loaded now: {', '.join(report['documents'])}", markup=False)
    if report["missing_documents"]:
        console.print(f"Still not loaded: {', '.join(report['missing_documents'])}", markup=False)


def print_check(console, report: dict) -> None:
    console.print(f"Rules version {report['content_hash'][:12]}: {', '.join(report['documents'])}", markup=False)
    console.print(f"Missing documents: {', '.join(report['missing_documents']) or 'none'}", markup=False)
    disagreements = report["disagreements"]
    console.print(f"Sources that disagree: {len(disagreements) or 'none'}", markup=False)
    for d in disagreements:
        console.print(f"  {key_of(d['doc_id'], d['section_id'])}:", markup=False)
        console.print(f"    {d['source_a']}:{d['line_a']}: {d['text_a']}", markup=False)
        console.print(f"    {d['source_b']}:{d['line_b']}: {d['text_b']}", markup=False)
    dangling = report["dangling_references"]
    console.print(f"References to rules no loaded document defines: {len(dangling)}", markup=False)
    for d in dangling:
        console.print(f"  {key_of(d['from_doc'], d['from_section'])} → {d['to_name']}", markup=False)
    if report["parse_notes"]:
        console.print("Parser notes (repairs made while reading the sources):", markup=False)
        for note in report["parse_notes"]:
            console.print(f"  {note}", markup=False)
