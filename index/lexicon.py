"""What the lookup knows about how the game is talked about.

Two sources, kept apart on purpose:
- `mine(db)`: vocabulary read from the rules themselves at index build time: section titles,
  defined terms (Definition statements and "A Check is a ..." in the section that owns the
  term), abbreviations (`Abbreviation: TN` -> the section title), capitalised game terms
  ("Loot Management Window"), and Variable names (CRITICAL_SUCCESS_REWARD).
- `glossary.txt`: a small curated list of general table slang ("nat 20", "bag", "advantage"),
  read at query time.
Both are applied to a question as whole phrases at query time (`Lexicon.concepts`), never
inside an analyzer, so a multi-word term stays one unit instead of flooding the query.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from index.text import INDEX_STOPWORDS, QUERY_STOPWORDS, stem, stems, words

__all__ = ["Concept", "Lexicon", "mine", "load_glossary"]

_CAP_WORD = r"[A-Z][A-Za-z0-9]*"
_CAP_TERM = re.compile(rf"{_CAP_WORD}(?:(?: (?:of|vs|and) | ){_CAP_WORD})+")
_VARIABLE = re.compile(r"\b[A-Z][A-Z]+(?:_[A-Z]+)+\b")
_DEFINES = re.compile(r"^(?:A |An |The )?(.+?)\s+(?:is|are|means)\b")
# Words that start a sentence in capitals without being part of a game term.
_STARTERS = frozenset(
    """if when whenever after before during each every once only until while unless any all
    both another other no one two three five this that these those most certain""".split()
)


@dataclass(frozen=True)
class Concept:
    """One thing the question is about, with the ways the rules may say it.

    `alternatives` are (stems, weight): the question's own words first (weight 1), then the
    rules' words for the same thing (slang and abbreviation expansions).
    """

    surface: str
    alternatives: tuple[tuple[tuple[str, ...], float], ...]


def _cap_terms(text: str) -> list[str]:
    found = []
    for match in _CAP_TERM.finditer(text):
        parts = match.group(0).split()
        while parts and parts[0].lower() in _STARTERS | INDEX_STOPWORDS:
            parts.pop(0)
        if len(parts) >= 2:
            found.append(" ".join(parts))
    return found


def _defined_term(text: str) -> str | None:
    match = _DEFINES.match(text)
    if match and match.group(1)[:1].isupper() and len(match.group(1).split()) <= 6:
        return match.group(1)
    return None


def mine(db) -> dict:
    """Game vocabulary from the rules database, as JSON-able data stored beside the index."""
    phrases: set[tuple[str, ...]] = set()
    abbreviations: dict[str, list[str]] = {}
    section_terms: dict[str, list[str]] = {}
    titles = {}
    for section in db.sections():
        titles[section.key] = section.title
        title_stems = stems(section.title)
        if len(title_stems) >= 2:
            phrases.add(title_stems)
    for st in db.statements():
        key = st.key
        title = titles.get(key, "")
        terms = section_terms.setdefault(key, [])
        if st.kind == "abbreviation":
            for abbr in words(st.text):
                abbreviations.setdefault(abbr, []).append(title)
            terms.append(st.text)
        elif st.kind == "definition":
            term = _defined_term(st.text)
            terms.append(term or title)
        elif st.kind == "rule":
            term = _defined_term(st.text)
            # "A Check is a d20 roll ..." defines the section's own subject only.
            if term and set(stems(term)) <= set(stems(title)):
                terms.append(term)
        for name in _VARIABLE.findall(st.text):
            phrase = tuple(stem(w) for w in name.lower().split("_"))
            phrases.add(phrase)
            if st.kind in {"variable", "variable_value", "table_row", "entry"}:
                terms.append(name.replace("_", " ").lower())
        for term in _cap_terms(st.text):
            phrase = stems(term)
            if len(phrase) >= 2:
                phrases.add(phrase)
    return {
        "phrases": sorted(" ".join(p) for p in phrases),
        "abbreviations": abbreviations,
        "section_terms": {k: sorted(set(v)) for k, v in section_terms.items() if v},
    }


@lru_cache(maxsize=1)
def load_glossary() -> tuple[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], ...]:
    """The curated slang list: ((slang stems), ((rules-words stems), ...)) per spelling."""
    text = (Path(__file__).parent / "glossary.txt").read_text(encoding="utf-8")
    entries = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        left, _, right = line.partition("=>")
        targets = tuple(t for t in (stems(x) for x in right.split(";")) if t)
        for slang in left.split("|"):
            key = tuple(stem(w) for w in words(slang))
            if key and targets:
                entries.append((key, targets))
    return tuple(entries)


class Lexicon:
    """Phrase knowledge applied to questions (mined + glossary)."""

    def __init__(self, mined: dict):
        self.phrases = {tuple(p.split()) for p in mined["phrases"]}
        self.section_terms: dict[str, list[str]] = mined["section_terms"]
        # slang/abbreviation key (stems of every word, stopwords included) -> expansions
        self.expansions: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
        for key, targets in load_glossary():
            self.expansions.setdefault(key, []).extend(targets)
        for abbr, titles in mined["abbreviations"].items():
            self.expansions.setdefault((stem(abbr),), []).extend(stems(t) for t in titles)
        self._longest_slang = max((len(k) for k in self.expansions), default=1)
        self._longest_phrase = max((len(p) for p in self.phrases), default=1)
        self.vocabulary = {w for key in self.expansions for w in key}

    def concepts(self, tokens: list[str], expansion_weight: float) -> list[Concept]:
        """Cut the question's words into concepts: slang first, then game-term phrases."""
        stemmed = [stem(t) for t in tokens]
        concepts: list[Concept] = []
        rest: list[int] = []
        i = 0
        while i < len(tokens):
            for size in range(min(self._longest_slang, len(tokens) - i), 0, -1):
                key = tuple(stemmed[i : i + size])
                targets = self.expansions.get(key)
                if targets:
                    own = tuple(s for s, t in zip(key, tokens[i : i + size]) if t not in QUERY_STOPWORDS)
                    alternatives = [(own, 1.0)] if own else []
                    alternatives += [(t, expansion_weight) for t in targets if t != own]
                    concepts.append(Concept(" ".join(tokens[i : i + size]), tuple(alternatives)))
                    i += size
                    break
            else:
                if tokens[i] not in QUERY_STOPWORDS:
                    rest.append(i)
                i += 1
        # Game terms: longest run of the remaining content words that the rules use as a phrase.
        j = 0
        while j < len(rest):
            for size in range(min(self._longest_phrase, len(rest) - j), 0, -1):
                run = rest[j : j + size]
                phrase = tuple(stemmed[k] for k in run)
                if size == 1 or phrase in self.phrases:
                    surface = " ".join(tokens[k] for k in run)
                    concepts.append(Concept(surface, ((phrase, 1.0),)))
                    j += size
                    break
        return concepts
