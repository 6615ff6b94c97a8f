"""Parse one rule document, in either of the two official formats, into plain values.

Format A ("File ID" on line 1): metadata, a rules index, then `SECTION_ID: X` blocks in which
marker lines (`Rule`, `Definition`, `Formula`, ...) introduce statements.
Format B (prose): `Rule: ...` paragraphs, `• item` lists, `References: A; B`, no section ids,
and document names ("defined in Actions") instead of ids.

The parser identifies a document from its content only. Everything it cannot place is either
kept as a statement of a named kind or refused with a `SourceError` naming file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulesdb.errors import SourceError

__all__ = ["ParsedStatement", "ParsedSection", "ParsedDocument", "parse_document", "decode_source"]

# Marker lines of format A and the statement kind each introduces.
MARKERS = {
    "rule": "rule",
    "definition": "definition",
    "formula": "formula",
    "procedure": "procedure",
    "example": "example",
    "examples": "examples",
    "variable": "variable",
    "variable value": "variable_value",
    "success condition": "success_condition",
    "tie rule": "tie_rule",
    "effect": "effect",
    "options": "options",
    "action type": "action_type",
    "abbreviation": "abbreviation",
    "reference": "references",
    "references": "references",
    "related rules": "references",
    "note": "note",
    "notes": "note",
}
# Markers that may stand alone with no text after them (format A leaves some `Reference` empty).
MAY_BE_EMPTY = {"references"}
# Inline markers: `Related rules: Actions.` on one line.
INLINE_MARKER = re.compile(r"^(Related rules|References?):\s*(.*)$", re.IGNORECASE)

METADATA_HEADINGS = {
    "source metadata",
    "canonical definition",
    "purpose",
    "dependencies",
    "used by",
    "notes",
    "rules index",
}
TRAILER_HEADINGS = {"official attribution", "preferred citation"}

DOC_ID = re.compile(r"^(?:\d{2}_[A-Z0-9_]+|RULES_EXTENSION_\d{2}_[A-Z0-9_]+)$")
SECTION_LINE = re.compile(r"^SECTION_ID:\s*(.*)$")
SECTION_ID = re.compile(r"^[A-Z][A-Z0-9_]*$")
LIST_ITEM = re.compile(r"^(?:[-•]\s+|\d+\.\s+)(.*)$")
# A key/value block's key: a short label with no sentence punctuation ("Backpack", "Loot_Types").
LABEL = re.compile(r"^[A-Z][A-Za-z0-9_]*(?: [A-Za-z0-9_]+){0,3}$")
SENTENCE_END = (".", ":", "?", "!", "|")
# Format B: "Rule: text", "Common Magic: text", "References: A; B".
B_PARAGRAPH = re.compile(r"^([A-Z][A-Za-z ]{0,40}?):\s*(.*)$", re.DOTALL)


@dataclass
class ParsedStatement:
    kind: str
    text: str  # verbatim: the source lines joined by "\n"
    line: int  # 1-based line of the statement's first text line (or its marker)
    label: str = ""
    items: list[str] = field(default_factory=list)
    source: str = ""  # set when the statement comes from another file than its document's
    twin: tuple[str, int, str] | None = None  # (source, line, text) of the same statement in the other format


@dataclass
class ParsedSection:
    section_id: str
    title: str
    line: int
    statements: list[ParsedStatement] = field(default_factory=list)
    inferred: bool = False


@dataclass
class ParsedDocument:
    source: str  # file name, for messages and provenance
    format: str  # "A" or "B"
    doc_id: str | None  # None for format B until it is matched to a known document
    title: str
    description: str = ""
    metadata: dict[str, list[str]] = field(default_factory=dict)
    attribution: str = ""
    sections: list[ParsedSection] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # repairs the parser made, said out loud


def decode_source(data: bytes, source: str) -> str:
    """Bytes of a rule document → text, refusing what is not a text document."""
    if not data.strip():
        raise SourceError(source, 1, "the document is empty")
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise SourceError(source, line, "binary data (NUL byte): not a rule document")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SourceError(source, line, f"not UTF-8 text (byte 0x{data[error.start]:02x})") from None
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def parse_document(text: str, source: str) -> ParsedDocument:
    lines = text.split("\n")
    first = next((line.strip() for line in lines if line.strip()), "")
    if first == "File ID":
        return _parse_format_a(lines, source)
    if any(_is_b_statement(line) for line in lines[:40]):
        return _parse_format_b(lines, source)
    raise SourceError(
        source, 1, "not a rule document: expected 'File ID' (format A) or 'Rule: ...' paragraphs (format B)"
    )


# --- format A --------------------------------------------------------------------------------


def _parse_format_a(lines: list[str], source: str) -> ParsedDocument:
    numbered = [(i + 1, line.rstrip()) for i, line in enumerate(lines)]
    content = [(n, line) for n, line in numbered if line.strip()]
    if len(content) < 3:
        raise SourceError(source, len(lines), "truncated: a 'File ID' header needs a document id and a title")
    (_, _), (id_line, doc_id), (_, title) = content[0], content[1], content[2]
    doc_id = doc_id.strip()
    if not DOC_ID.match(doc_id):
        raise SourceError(source, id_line, f"malformed document id {doc_id!r} (expected e.g. 08_LOOT_AND_INVENTORY)")
    doc = ParsedDocument(source=source, format="A", doc_id=doc_id, title=title.strip())

    body = content[3:]
    first_section = next((i for i, (_, line) in enumerate(body) if SECTION_LINE.match(line)), None)
    if first_section is None:
        raise SourceError(source, content[-1][0], "truncated or malformed: no 'SECTION_ID:' block found")
    _read_metadata(doc, body[:first_section])

    trailer_start = next(
        (i for i, (_, line) in enumerate(body) if line.strip().lower() in TRAILER_HEADINGS), len(body)
    )
    if trailer_start == len(body):
        raise SourceError(source, body[-1][0] + 1, "truncated: the document ends before its 'Official attribution'")
    doc.attribution = "\n".join(line for _, line in body[trailer_start:])
    _read_sections(doc, body[first_section:trailer_start])
    _check_rules_index(doc)
    return doc


def _read_metadata(doc: ParsedDocument, block: list[tuple[int, str]]) -> None:
    heading = "header"
    for _, line in block:
        key = line.strip().lower()
        if key in METADATA_HEADINGS:
            heading = key
            doc.metadata.setdefault(heading, [])
            continue
        doc.metadata.setdefault(heading, []).append(line.strip())
    header = doc.metadata.get("header", [])
    doc.description = header[0] if header else ""


def _check_rules_index(doc: ParsedDocument) -> None:
    """A rules index naming a section the text lacks means the document was cut short."""
    listed = [_item_text(line) for line in doc.metadata.get("rules index", [])]
    known = {s.title.lower() for s in doc.sections} | {s.section_id for s in doc.sections}
    for entry in listed:
        if entry.lower() not in known and _id_of(entry) not in known:
            raise SourceError(
                doc.source,
                doc.sections[-1].line,
                f"truncated or malformed: the rules index lists {entry!r} but no such section follows",
            )


def _read_sections(doc: ParsedDocument, block: list[tuple[int, str]]) -> None:
    index_titles = {_id_of(_item_text(line)): _item_text(line) for line in doc.metadata.get("rules index", [])}
    seen: dict[str, int] = {}
    section: ParsedSection | None = None
    current: ParsedStatement | None = None
    in_table = False

    def close() -> None:
        nonlocal current
        if current is None:
            return
        if not current.text and current.kind not in MAY_BE_EMPTY:
            raise SourceError(doc.source, current.line, f"marker {current.label!r} has no text after it")
        if current.text:
            current.items = _items_of(current.text, doc.notes, doc.source, current.line)
            section.statements.append(current)
        else:
            doc.notes.append(f"{doc.source}:{current.line}: empty {current.label!r} marker kept out of the text")
        current = None

    for position, (n, raw) in enumerate(block):
        line = raw.strip()
        match = SECTION_LINE.match(line)
        if match:
            close()
            in_table = False
            if section is not None:
                _finish_section(doc, section)
            section_id = match.group(1).strip()
            if not SECTION_ID.match(section_id):
                raise SourceError(doc.source, n, f"malformed SECTION_ID {section_id!r}")
            if section_id in seen:
                raise SourceError(
                    doc.source, n, f"duplicate SECTION_ID {section_id} (first at line {seen[section_id]})"
                )
            seen[section_id] = n
            section = ParsedSection(section_id=section_id, title="", line=n)
            # The line after SECTION_ID is the title. In VARIABLES it is the marker word "Variable"
            # followed by another marker: a title then, named as the rules index names it.
            following = _line_at(block, position + 1)
            if following and not SECTION_LINE.match(following):
                if following.lower() not in MARKERS:
                    section.title = following
                    block[position + 1] = (block[position + 1][0], "")  # consumed
                elif _line_at(block, position + 2).lower() in MARKERS:
                    section.title = index_titles.get(section_id) or following
                    block[position + 1] = (block[position + 1][0], "")
            if not section.title:
                section.title = index_titles.get(section_id) or section_id.replace("_", " ").title()
            continue
        if not line:
            continue
        if section is None:  # pragma: no cover - guarded by the caller's slicing
            raise SourceError(doc.source, n, "text before the first SECTION_ID")

        inline = INLINE_MARKER.match(line)
        if line.lower() in MARKERS:
            close()
            in_table = False
            current = ParsedStatement(kind=MARKERS[line.lower()], text="", line=n, label=line)
        elif inline:
            close()
            in_table = False
            section.statements.append(
                ParsedStatement(kind="references", text=inline.group(2), line=n, label=inline.group(1))
            )
        elif line.startswith("|") or in_table:
            close()
            in_table = _table_line(section, n, line, in_table, doc)
        elif _starts_label(line, current, block, position):
            close()
            current = ParsedStatement(kind="entry", text="", line=n, label=line.replace("_", " "))
        elif current is None:
            current = ParsedStatement(kind="text", text=line, line=n)
            doc.notes.append(f"{doc.source}:{n}: text with no marker kept as kind 'text'")
        else:
            current.text = f"{current.text}\n{line}" if current.text else line
    close()
    if section is not None:
        _finish_section(doc, section)


def _line_at(block: list[tuple[int, str]], position: int) -> str:
    return block[position][1].strip() if position < len(block) else ""


def _finish_section(doc: ParsedDocument, section: ParsedSection) -> None:
    if not section.statements:
        raise SourceError(doc.source, section.line, f"section {section.section_id} has no statements")
    doc.sections.append(section)


def _starts_label(line: str, current: ParsedStatement | None, block, position: int) -> bool:
    """A key of a key/value block: a short label after a finished statement, followed by text."""
    if not LABEL.match(line) or line.endswith(SENTENCE_END):
        return False
    if current is not None and not (current.text and current.text.endswith(SENTENCE_END)):
        return False
    following = next((l.strip() for _, l in block[position + 1 :] if l.strip()), "")
    return bool(following) and following.lower() not in MARKERS and not SECTION_LINE.match(following)


def _table_line(section: ParsedSection, n: int, line: str, in_table: bool, doc: ParsedDocument) -> bool:
    """Pipe tables: one statement per row. Rows broken over two lines (01 VARIABLES) are joined."""
    statements = section.statements
    header = next((s for s in reversed(statements) if s.kind == "table_header"), None)
    if re.fullmatch(r"\|?\s*:?-{3,}.*", line):
        if header is None:
            raise SourceError(doc.source, n, "a table rule line with no header row above it")
        return True  # the |---|---| rule under the header
    previous = statements[-1] if statements and statements[-1].kind.startswith("table") else None
    if not in_table:
        cells = _cells(line)
        statements.append(ParsedStatement(kind="table_header", text=line, line=n, label=" | ".join(cells)))
        return True
    width = len(_cells(header.text))
    if previous is not None and previous.kind == "table_row" and len(_cells(previous.text)) < width:
        previous.text = f"{previous.text}\n{line}"
        doc.notes.append(f"{doc.source}:{n}: table row continued from line {previous.line}")
    else:
        statements.append(ParsedStatement(kind="table_row", text=line, line=n))
    row = statements[-1]
    cells = _cells(row.text)
    row.label = cells[0] if cells else ""
    return True


def _cells(text: str) -> list[str]:
    joined = text.replace("\n", " ")
    return [cell.strip() for cell in joined.strip().strip("|").split("|") if cell.strip()]


def _items_of(text: str, notes: list[str], source: str, line: int) -> list[str]:
    """List items and procedure steps of a statement, each verbatim (continuation lines kept)."""
    items: list[str] = []
    for raw in text.split("\n"):
        match = LIST_ITEM.match(raw)
        if match:
            items.append(match.group(1))
        elif items:
            items[-1] = f"{items[-1]}\n{raw}"
    # A step glued onto the previous one ("Turn Action. - Check whether ...") is split apart.
    split: list[str] = []
    for item in items:
        parts = re.split(r"(?<=\.) - (?=[A-Z])", item)
        if len(parts) > 1:
            notes.append(f"{source}:{line}: list item split where two steps share a line")
        split.extend(parts)
    return split


def _item_text(line: str) -> str:
    match = LIST_ITEM.match(line.strip())
    return (match.group(1) if match else line).strip()


def _id_of(title: str) -> str:
    return re.sub(r"[^A-Z0-9]+", "_", title.upper()).strip("_")


# --- format B --------------------------------------------------------------------------------


def _is_b_statement(line: str) -> bool:
    return bool(re.match(r"^(Rule|Definition|References?):\s+\S", line))


def _parse_format_b(lines: list[str], source: str) -> ParsedDocument:
    paragraphs: list[tuple[int, list[str]]] = []
    start, block = 0, []
    for i, line in enumerate(lines + [""]):
        if line.strip():
            if not block:
                start = i + 1
            block.append(line.rstrip())
        elif block:
            paragraphs.append((start, block))
            block = []
    title_line, title_block = paragraphs[0]
    if len(title_block) != 1 or _is_b_statement(title_block[0]):
        raise SourceError(source, title_line, "a prose rule document starts with its title on a line of its own")
    doc = ParsedDocument(source=source, format="B", doc_id=None, title=title_block[0].strip())
    section = ParsedSection(section_id="", title="", line=title_line, inferred=True)
    doc.sections.append(section)
    statements = section.statements
    for n, block in paragraphs[1:]:
        if all(LIST_ITEM.match(line) for line in block) and statements:
            previous = statements[-1]
            if not previous.text.endswith(":"):
                raise SourceError(source, n, "a list with no statement introducing it")
            previous.text = previous.text + "\n\n" + "\n".join(block)
            previous.items = [LIST_ITEM.match(line).group(1) for line in block]
            continue
        match = B_PARAGRAPH.match("\n".join(block))
        if not match:
            raise SourceError(source, n, f"malformed paragraph (expected 'Label: text'): {block[0][:60]!r}")
        label, text = match.group(1).strip(), match.group(2).strip()
        if not text:
            raise SourceError(source, n, f"{label!r} has no text after it")
        kind = MARKERS.get(label.lower(), "entry")
        statements.append(ParsedStatement(kind=kind, text=text, line=n, label=label))
    last = statements[-1] if statements else None
    if last is None:
        raise SourceError(source, title_line, "the document has no statements")
    if last.text.endswith(":"):
        raise SourceError(source, last.line, "truncated: the statement announces a list that never follows")
    if not last.text.endswith(SENTENCE_END):
        raise SourceError(source, last.line, "truncated: the last statement stops mid-sentence")
    return doc
