"""Turn parsed documents into one consistent model: ids for every document, format-B twins
aligned to their format-A sections, sections inferred for a lone format-B document,
variables and cross-references extracted, disagreements reported."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from rulesdb.errors import SourceError
from rulesdb.parse import ParsedDocument, ParsedSection, ParsedStatement

__all__ = ["Model", "merge_documents"]

DOC_ID_IN_TEXT = re.compile(r"\b(\d{2}_[A-Z][A-Z0-9_]*[A-Z0-9]|RULES_EXTENSION_\d{2}_[A-Z][A-Z0-9_]*[A-Z0-9])\b")
KEY_IN_TEXT = re.compile(DOC_ID_IN_TEXT.pattern + r"\s*>\s*([A-Z][A-Z0-9_]*[A-Z0-9])")
VARIABLE = re.compile(r"^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+):\s*(.+)$")
NAMED_ENTRY = re.compile(r"^(\S+)\s+[—–-]\s+(.+)$")  # "03_SETUP — Setup" in a "Used by" list


@dataclass
class Model:
    documents: list[ParsedDocument] = field(default_factory=list)
    titles: dict[str, str] = field(default_factory=dict)  # doc id → title, loaded or not
    variables: list[dict] = field(default_factory=list)
    references: list[dict] = field(default_factory=list)
    disagreements: list[dict] = field(default_factory=list)
    twins: dict[str, list[str]] = field(default_factory=dict)  # doc id → sources merged into it
    notes: list[str] = field(default_factory=list)

    @property
    def loaded(self) -> set[str]:
        return {doc.doc_id for doc in self.documents}


def merge_documents(parsed: list[ParsedDocument]) -> Model:
    model = Model()
    primaries = [doc for doc in parsed if doc.format == "A"]
    seen: dict[str, str] = {}
    for doc in primaries:
        if doc.doc_id in seen:
            raise SourceError(doc.source, 2, f"document {doc.doc_id} is also defined by {seen[doc.doc_id]}")
        seen[doc.doc_id] = doc.source
        model.documents.append(doc)
        model.twins[doc.doc_id] = [doc.source]
    model.titles = _known_titles(primaries)
    for doc in (doc for doc in parsed if doc.format == "B"):
        twin = next((a for a in primaries if a.title.casefold() == doc.title.casefold()), None)
        if twin is not None:
            _align_twin(model, twin, doc)
        else:
            _adopt_lone_prose(model, doc)
    for doc in model.documents:
        model.notes.extend(doc.notes)
        _collect_variables(model, doc)
    _collect_references(model)
    return model


def _known_titles(primaries: list[ParsedDocument]) -> dict[str, str]:
    titles: dict[str, str] = {}
    for doc in primaries:
        for heading in ("used by", "dependencies"):
            for line in doc.metadata.get(heading, []):
                match = NAMED_ENTRY.match(line.lstrip("-• ").strip())
                if match and DOC_ID_IN_TEXT.fullmatch(match.group(1)):
                    titles.setdefault(match.group(1), match.group(2).strip())
    for doc in primaries:
        titles[doc.doc_id] = doc.title
    return titles


def _title_of(doc_id: str, titles: dict[str, str]) -> str:
    """A document's name as format B writes it: its title, or its id without number and underscores."""
    return titles.get(doc_id) or re.sub(r"^\d{2}_", "", doc_id).replace("_", " ").title()


def _comparable(statement: ParsedStatement, titles: dict[str, str]) -> str:
    """What must agree between the two formats: names for ids, bullets and punctuation aside."""
    text = DOC_ID_IN_TEXT.sub(lambda m: _title_of(m.group(1), titles), statement.text)
    text = re.sub(r"(?m)^\s*(?:[-•]|\d+\.)\s+", "", text)
    text = re.sub(r"\s+", " ", text).strip().rstrip(".").casefold()
    return f"{statement.label.replace('_', ' ').casefold()}|{text}"


def _align_twin(model: Model, primary: ParsedDocument, prose: ParsedDocument) -> None:
    """Place each format-B statement beside its format-A twin; keep B's extra references."""
    model.twins[primary.doc_id].append(prose.source)
    located = [(section, s) for section in primary.sections for s in section.statements if s.kind != "references"]
    prose_statements = prose.sections[0].statements
    content = [s for s in prose_statements if s.kind != "references"]
    section_of: dict[int, ParsedSection] = {}  # id(prose statement) → the format-A section it sits in

    def disagree(a: int | None, b: int | None) -> None:
        section = located[a][0] if a is not None else section_of.get(id(content[b]))
        model.disagreements.append(
            {
                "doc_id": primary.doc_id,
                "section_id": section.section_id if section else None,
                "source_a": primary.source,
                "line_a": located[a][1].line if a is not None else None,
                "text_a": located[a][1].text if a is not None else None,
                "source_b": prose.source,
                "line_b": content[b].line if b is not None else None,
                "text_b": content[b].text if b is not None else None,
            }
        )

    left = [_comparable(s, model.titles) for _, s in located]
    right = [_comparable(s, model.titles) for s in content]
    matcher = difflib.SequenceMatcher(a=left, b=right, autojunk=False)
    for op, a1, a2, b1, b2 in matcher.get_opcodes():
        paired = min(a2 - a1, b2 - b1)
        for offset in range(paired):
            section, statement = located[a1 + offset]
            section_of[id(content[b1 + offset])] = section
            prose_twin = content[b1 + offset]
            statement.twin = (prose.source, prose_twin.line, prose_twin.text)
            if op != "equal":
                disagree(a1 + offset, b1 + offset)
        for a in range(a1 + paired, a2):
            disagree(a, None)
        for b in range(b1 + paired, b2):
            if a1 > 0:
                section_of[id(content[b])] = located[a1 - 1][0]
            disagree(None, b)
    # References paragraphs close a section in format B: they belong with the statement before.
    section: ParsedSection | None = None
    for statement in prose_statements:
        if statement.kind != "references":
            section = section_of.get(id(statement), section)
            continue
        if section is None:
            raise SourceError(prose.source, statement.line, "references before any statement")
        known = {_comparable(s, model.titles) for s in section.statements if s.kind == "references"}
        if _comparable(statement, model.titles) not in known:
            statement.source = prose.source
            section.statements.append(statement)


def _adopt_lone_prose(model: Model, prose: ParsedDocument) -> None:
    """A format-B document with no format-A twin: id from its title, sections inferred."""
    doc_id = next((i for i, t in model.titles.items() if t.casefold() == prose.title.casefold()), None)
    if doc_id is None:
        doc_id = re.sub(r"[^A-Z0-9]+", "_", prose.title.upper()).strip("_")
        prose.notes.append(f"{prose.source}: no document id in the text; {doc_id} derived from the title")
    if doc_id in model.loaded:
        raise SourceError(prose.source, 1, f"document {doc_id} is already loaded")
    prose.doc_id = doc_id
    prose.sections = _infer_sections(prose.sections[0].statements)
    model.documents.append(prose)
    model.twins[doc_id] = [prose.source]
    model.titles.setdefault(doc_id, prose.title)


def _infer_sections(statements: list[ParsedStatement]) -> list[ParsedSection]:
    """Format B has no section ids. A section ends after its References paragraph, and a new one
    starts at a Definition or where key/value entries begin after rules."""
    groups: list[list[ParsedStatement]] = [[]]
    for statement in statements:
        current = groups[-1]
        previous = current[-1] if current else None
        starts_new = previous is not None and (
            previous.kind == "references"
            or statement.kind == "definition"
            or (statement.kind == "entry" and previous.kind != "entry")
        )
        if starts_new:
            groups.append([])
        groups[-1].append(statement)
    sections = []
    for number, group in enumerate(g for g in groups if g):
        first_words = " ".join(group[0].text.split()[:6])
        sections.append(
            ParsedSection(
                section_id=f"PART_{number + 1:02d}",
                title=f"Part {number + 1} (inferred): {first_words}…",
                line=group[0].line,
                statements=group,
                inferred=True,
            )
        )
    return sections


def _collect_variables(model: Model, doc: ParsedDocument) -> None:
    found: dict[str, dict] = {}
    for section in doc.sections:
        for statement in section.statements:
            candidates: list[str] = []
            if statement.kind == "table_row":
                cells = [c.strip() for c in statement.text.replace("\n", " ").strip().strip("|").split("|")]
                if len(cells) >= 2 and re.fullmatch(r"[A-Z][A-Z0-9_]+", cells[0]):
                    candidates.append(f"{cells[0]}: {cells[1]}")
            elif statement.kind in ("variable", "variable_value"):
                candidates.extend(statement.items or statement.text.split("\n"))
            for candidate in candidates:
                match = VARIABLE.match(candidate.strip())
                if not match:
                    continue
                name, value = match.group(1), match.group(2).strip()
                if name in found:
                    if found[name]["value"].rstrip(".") != value.rstrip("."):
                        model.notes.append(
                            f"{doc.doc_id}: {name} is {found[name]['value']!r} in {found[name]['section_id']}"
                            f" but {value!r} in {section.section_id}"
                        )
                    continue
                found[name] = {
                    "doc_id": doc.doc_id,
                    "section_id": section.section_id,
                    "name": name,
                    "value": value,
                }
    model.variables.extend(found.values())


def _collect_references(model: Model) -> None:
    sections_by_title: dict[str, list[tuple[str, str]]] = {}
    for doc in model.documents:
        for section in doc.sections:
            for name in (section.title, section.section_id.replace("_", " ")):
                sections_by_title.setdefault(_singular(name), []).append((doc.doc_id, section.section_id))
    doc_by_title = {_singular(_title_of(i, model.titles)): i for i in model.titles}

    def add(doc_id, section_id, to_doc, to_section, to_name, how, source):
        model.references.append(
            {
                "from_doc": doc_id,
                "from_section": section_id,
                "to_doc": to_doc,
                "to_section": to_section,
                "to_name": to_name,
                "how": how,
                "source": source,
            }
        )

    for doc in model.documents:
        for heading in ("used by", "dependencies"):
            for line in doc.metadata.get(heading, []):
                match = NAMED_ENTRY.match(line.lstrip("-• ").strip())
                if match and DOC_ID_IN_TEXT.fullmatch(match.group(1)):
                    add(doc.doc_id, None, match.group(1), None, line.lstrip("-• ").strip(), heading, doc.source)
        for section in doc.sections:
            for statement in section.statements:
                source = statement.source or doc.source
                if statement.kind == "references":
                    for name in _reference_names(statement.text):
                        key = KEY_IN_TEXT.search(name)
                        if key:
                            add(doc.doc_id, section.section_id, key.group(1), key.group(2), name, "explicit", source)
                            continue
                        targets = sections_by_title.get(_singular(name), [])
                        target = next((t for t in targets if t[0] == doc.doc_id), targets[0] if targets else None)
                        if target:
                            add(doc.doc_id, section.section_id, target[0], target[1], name, "explicit", source)
                        else:
                            add(doc.doc_id, section.section_id, doc_by_title.get(_singular(name)), None, name,
                                "explicit", source)
                    continue
                for match in DOC_ID_IN_TEXT.finditer(statement.text):
                    key = KEY_IN_TEXT.match(statement.text, match.start())
                    add(doc.doc_id, section.section_id, match.group(1), key.group(2) if key else None,
                        match.group(0) if not key else key.group(0), "in_text", source)
                if doc.format == "B":  # prose names documents by title: "defined in Actions"
                    for title, target in doc_by_title.items():
                        pattern = rf"\b(?:in|to|by) {re.escape(title)}s?\b"
                        if target != doc.doc_id and re.search(pattern, statement.text, re.IGNORECASE):
                            add(doc.doc_id, section.section_id, target, None, _title_of(target, model.titles),
                                "in_text", source)


def _reference_names(text: str) -> list[str]:
    separator = ";" if ";" in text else ","
    return [name.strip().rstrip(".").strip() for name in text.split(separator) if name.strip().rstrip(".")]


def _singular(name: str) -> str:
    words = re.sub(r"\s+", " ", name.replace("_", " ")).strip().casefold().split(" ")
    return " ".join(_singular_word(w) for w in words)


def _singular_word(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word
