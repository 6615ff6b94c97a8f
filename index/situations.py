"""The rulebook's back-of-the-book index (index/rulebook_index.tsv): situations -> sections.

Players name a situation ("looted a dead guy's sword", "the deck ran out") more often than a
rule term. A printed rulebook answers that with an index at the back: "corpse, looting a -> Loot
Opportunities". `rulebook_index.tsv` is that index, one entry a line:

    KEY<TAB>phrase<TAB># optional comment

It is searched as one more field of its section's head document (field "situations", built in
`index.store.documents`), never quoted: quotes stay verbatim rule statements. Both sides cut the
text the same way: the question's words minus the words of how people ask (QUERY_STOPWORDS),
through the rules' stemmer (`index.postings.FIELDS` for the entries,
`situation_sequence` for a question), so "take stuff from someone who died" is indexed as the
words a question about it keeps: take, die.

The file's content is part of the index's cache key (`data_hash`, with the glossary and the
word rules of index/text.py): edit an entry and the next lookup builds a fresh index.
"""

from __future__ import annotations

import hashlib
import math
import os
from functools import lru_cache
from pathlib import Path

from index.text import CLAUSE_BREAK, QUERY_STOPWORDS, stem, words

__all__ = ["RULEBOOK_INDEX", "STATEMENT_QUESTIONS", "SECTION_QUESTIONS", "entry_lines", "entry_rows", "ENTRY_BREAK", "load_entries", "entry_stems", "noted_entries", "entry_links", "section_links", "statement_phrases", "data_hash", "situation_sequence", "situation_text"]

RULEBOOK_INDEX = Path(__file__).parent / "rulebook_index.tsv"
# Players' questions, each written for the one statement that settles it (the note names it), in
# the rulebook index's format. Searched with that statement only (field "asked"), never on the
# section head: a section with many statements would gather many questions' words there.
STATEMENT_QUESTIONS = Path(__file__).parent / "statement_questions.tsv"
# Players' questions with the section that settles them (the bench's blind sets once read): training
# rows of the section classifier (index.classifier), never searched as text.
SECTION_QUESTIONS = Path(__file__).parent / "section_questions.tsv"

# Between two entries in the field: a token no question contains, so a phrase never runs from
# the end of one entry into the start of the next.
ENTRY_BREAK = "zzentryzz"

_hash_cache: dict[tuple, str] = {}
_rows_cache: dict[Path, tuple[tuple, tuple]] = {}


def _path(path: Path | None) -> Path:
    return Path(path) if path is not None else RULEBOOK_INDEX


def entry_lines(path: Path | None = None) -> list[tuple[str, str, str]]:
    """(key, phrase, note) per entry, in file order; the note is the entry's comment without its
    "#" (often the statement the phrase comes from), or "". A missing file has no entries."""
    return [(key, phrase, note) for key, phrase, note, _more in entry_rows(path)]


def entry_rows(path: Path | None = None) -> list[tuple[str, str, str, tuple[str, ...]]]:
    """`entry_lines` with the columns after the note (index/section_questions.tsv's deciding passages).
    Read once per version of the file (its modification time, size and inode): a build reads each file
    several times."""
    file = _path(path)
    try:
        status = os.stat(file)
        token = (status.st_mtime_ns, status.st_size, status.st_ino)
        kept = _rows_cache.get(file)
        if kept is not None and kept[0] == token:
            return list(kept[1])
        text = file.read_text(encoding="utf-8")
    except OSError:
        return []
    out = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) < 2:
            continue
        key = " > ".join(part.strip() for part in parts[0].split(">"))
        phrase = parts[1].strip()
        note = parts[2].strip().lstrip("#").strip() if len(parts) > 2 else ""
        more = tuple(p.strip() for p in parts[3:] if p.strip())
        if key and phrase and not phrase.startswith("#"):
            out.append((key, phrase, note, more))
    if len(_rows_cache) > 16:
        _rows_cache.clear()
    _rows_cache[file] = (token, tuple(out))
    return out


def _noted_lines() -> list[tuple[str, str, str]]:
    """The entries that may name a statement: the rulebook index's and the statement questions'."""
    return entry_lines() + entry_lines(STATEMENT_QUESTIONS)


def load_entries(path: Path | None = None) -> dict[str, list[str]]:
    """key -> phrases, in file order. A missing file is an empty index, not an error."""
    entries: dict[str, list[str]] = {}
    for key, phrase, _note in entry_lines(path):
        entries.setdefault(key, []).append(phrase)
    return entries


@lru_cache(maxsize=32768)
def entry_stems(phrase: str) -> tuple[str, ...]:
    """An entry's (or a question's) words as the entries are searched: the words of asking
    dropped, the rest stemmed, each once. Kept per phrase: a build reads each entry twice or more."""
    return tuple(dict.fromkeys(stem(w) for w in words(phrase) if w not in QUERY_STOPWORDS))


def _noted_entries(statements_of, lines) -> list[tuple[str, str, list[int]]]:
    """(key, phrase, statement numbers) for the entries whose note names statements of their section.

    `statements_of(key)` gives the section's quotable statements. A note that is the opening of
    statements, word for word, names them. Otherwise the note names the statement that says most
    of its words, each word weighted by how few of the section's statements say it (log(1 + N/df));
    at least half of the note's weight must be said, or the note names none. Between statements
    that say all of it, the one whose own words the note says most of; ties name every statement
    tied.
    """
    sections: dict[str, tuple] = {}
    openings: dict[str, dict[int, list[str]]] = {}
    out = []
    for key, phrase, note in lines:
        if not note:
            continue
        if key not in sections:
            statements = statements_of(key)
            openings[key] = {st.n: words(st.text) for st in statements}
            bags = {st.n: set(entry_stems(st.text)) for st in statements}
            df: dict[str, int] = {}
            for bag in bags.values():
                for s in bag:
                    df[s] = df.get(s, 0) + 1
            sections[key] = (bags, df)
        bags, df = sections[key]
        if not bags:
            continue
        # A note that starts statements word for word names them.
        note_words = words(note)
        starting = [n for n, opening in openings[key].items() if opening[: len(note_words)] == note_words]
        if note_words and starting:
            out.append((key, phrase, starting))
            continue
        size = len(bags)
        weight = lambda s: math.log(1 + size / df.get(s, 0.5))  # noqa: E731
        said = set(entry_stems(note))
        total = sum(weight(s) for s in said)
        if not total:
            continue
        share = {n: sum(weight(s) for s in said & bag) / total for n, bag in bags.items()}
        best = max(share.values())
        if best >= 0.5:
            tied = [n for n, value in share.items() if value >= best - 1e-9]
            # A note that says all of two statements' words names the one it says most of.
            own = {n: sum(weight(s) for s in said & bags[n]) / (sum(weight(s) for s in bags[n]) or 1.0) for n in tied}
            out.append((key, phrase, sorted(n for n in tied if own[n] >= max(own.values()) - 1e-9)))
    return out


def noted_entries(statements_of) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, list[int]]]]:
    """Every entry of the rulebook index and the statement questions (key, phrase, note), and those whose note
    names statements of their section with the statements named (`_noted_entries`). Read once per index build;
    `entry_links` and `statement_phrases` are made from it."""
    lines = _noted_lines()
    return lines, _noted_entries(statements_of, lines)


def entry_links(noted, titles: dict[str, str]) -> dict:
    """The entries whose note names a statement of their section ("tie goes to whoever started it
    # initiating Player wins ties"; `noted_entries`), as kept in the index's metadata (read on every
    cold lookup, so as strings: nested lists of numbers were 9 ms of JSON, strings about 1):
    {"rarity": {stem: rarity}, "sections": {key: ["stem stem|n n", ...]}}, read back per section by
    `section_links`. An entry's words that are its section's title words are left out (they say
    which section, not which statement), and an entry of nothing else names no statement. A stem's
    rarity is log(1 + entries / entries using it).
    """
    lines, named_entries = noted
    # A word many entries use ("armor", "turn") says less of which entry a question meets.
    entry_df: dict[str, int] = {}
    for _key, phrase, _note in lines:
        for s in entry_stems(phrase):
            entry_df[s] = entry_df.get(s, 0) + 1
    rarity: dict[str, float] = {}
    sections: dict[str, list[str]] = {}
    for key, phrase, named in named_entries:
        title_stems = set(entry_stems(titles.get(key, "")))
        own = [s for s in entry_stems(phrase) if s not in title_stems]
        if own:
            for s in own:
                rarity[s] = round(math.log(1 + len(lines) / entry_df.get(s, 0.5)), 4)
            sections.setdefault(key, []).append(f"{' '.join(own)}|{' '.join(map(str, named))}")
    return {"rarity": rarity, "sections": sections}


def section_links(links: dict, key: str) -> list[tuple[list[tuple[str, float]], list[int]]]:
    """One section's entries of `entry_links`: ([(stem, rarity), ...], statement numbers) each."""
    rarity = links.get("rarity", {})
    out = []
    for entry in links.get("sections", {}).get(key, ()):
        stems_, named = entry.split("|")
        out.append(([(s, rarity[s]) for s in stems_.split()], [int(n) for n in named.split()]))
    return out


def statement_phrases(noted) -> dict[tuple[str, int], list[str]]:
    """(key, statement number) -> the entries whose note names that statement (`noted_entries`): the ways
    players ask what that sentence decides, searched as one more field of the statement's own document."""
    found: dict[tuple[str, int], list[str]] = {}
    for key, phrase, named in noted[1]:
        for n in named:
            found.setdefault((key, n), []).append(phrase)
    return found


# Besides the rules and the rulebook index, an index is built from the statement questions, this
# module (how a note names its statement), the section questions and the classifier counting them,
# the glossary (the speller's protected words), the word rules of index/text.py (stopwords,
# stemming), how terms are scored (index/postings.py) and what its tables keep read ahead
# (index/corpus.py: each statement's shapes, by index/shapes.py, and whether it is a signpost, by
# index/handoffs.py): a change to any of them keys a fresh index, as a change to the rulebook index does.
_BUILT_FROM = (
    STATEMENT_QUESTIONS, SECTION_QUESTIONS, Path(__file__), Path(__file__).parent / "classifier.py",
    Path(__file__).parent / "glossary.txt", Path(__file__).parent / "text.py", Path(__file__).parent / "postings.py",
    Path(__file__).parent / "corpus.py", Path(__file__).parent / "shapes.py", Path(__file__).parent / "handoffs.py",
)


def data_hash(path: Path | None = None) -> str:
    """Short content hash of the rulebook index ("none" when it is missing) and of the files the
    index is built from besides the rules (`_BUILT_FROM`); cached per (mtime, size)."""
    files = (_path(path), *_BUILT_FROM)
    try:
        token = tuple((str(f), os.stat(f).st_mtime_ns, os.stat(f).st_size) for f in files)
    except OSError:
        return "none"
    found = _hash_cache.get(token)
    if found is None:
        digest = hashlib.sha256()
        for f in files:
            digest.update(f.read_bytes())
        found = digest.hexdigest()[:12]
        if len(_hash_cache) > 16:
            _hash_cache.clear()
        _hash_cache[token] = found
    return found


def situation_sequence(tokens: list[str]) -> tuple[str, ...]:
    """A question's words (`clause_words`, spelling fixed) as the entries were cut: the words of
    asking dropped, the rest stemmed, CLAUSE_BREAK kept (a pair of words across it is no phrase
    of the question)."""
    return tuple(t if t == CLAUSE_BREAK else stem(t) for t in tokens if t not in QUERY_STOPWORDS)


def situation_text(phrases) -> str:
    """One section's entries as the text of its "situations" field."""
    return f" {ENTRY_BREAK} ".join(phrases)
