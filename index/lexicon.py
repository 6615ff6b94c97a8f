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

from index.text import CLAUSE_BREAK, INDEX_STOPWORDS, QUERY_STOPWORDS, stem, stems, words

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


# Words in a mined game term at most: the rules' longest has 7. A longer capitalised run ("Kaos Kaos Kaos ..."
# in an added document) is no term, and the Lexicon reads every run inside a term (the cube of its length).
LONGEST_TERM = 12


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
    # The game's own words: what its titles and capitalised terms are made of. A question's
    # word outside them ("while", "placed") is ordinary English and counts for less.
    game_words = {s for p in phrases for s in p}
    for title in titles.values():
        game_words.update(stems(title))
    for terms in section_terms.values():
        for term in terms:
            game_words.update(stems(term))
    for st in db.statements():
        for word in re.findall(r"(?<=[a-z0-9,;] )[A-Z][a-z]+\b", st.text):  # not sentence starts
            game_words.add(stem(word.lower()))
    return {
        "gists": summary_gists(db),
        "game_words": sorted(game_words),
        "phrases": sorted(" ".join(p) for p in phrases if len(p) <= LONGEST_TERM),
        "abbreviations": abbreviations,
        "section_terms": {k: sorted(set(v)) for k, v in section_terms.items() if v},
    }


def summary_gists(db) -> dict[str, list[str]]:
    """Summary rows in plain words, attached to the section they summarize.

    A "Summary" section restates each rule in a line ("Loot Deck Exhaustion: If a Loot Deck runs
    out, shuffle its discard pile ..."): the rules' own plain-language gist of that section,
    often in the words players use ("runs out" rather than "Exhaustion"). The row's label
    names the section: every word of the label is in the section's title; when several titles
    qualify ("Armor": Armor Slots, Armor Loot, Plot Armor), the one whose statements share the
    most words with the row.
    """
    sections = list(db.sections())
    text_stems: dict[str, set[str]] = {}
    for st in db.statements():
        text_stems.setdefault(st.key, set()).update(stems(st.text))
    gists: dict[str, list[str]] = {}
    for st in db.statements():
        if st.kind not in {"entry", "table_row"} or not st.label:
            continue
        summary = next((sec for sec in sections if sec.key == st.key), None)
        if summary is None or "summary" not in summary.title.lower():
            continue
        label = set(stems(st.label))
        gist = st.text
        if st.kind == "table_row":  # "| Penalty | Encounter Penalties may ... |"
            gist = re.sub(r"\s*\|\s*", " ", gist).strip()
            if gist.lower().startswith(st.label.lower() + " "):
                gist = gist[len(st.label) :].strip()
        words_ = set(stems(gist))
        candidates = [
            sec for sec in sections
            if sec.doc_id == summary.doc_id and sec.key != summary.key and label and label <= set(stems(sec.title))
        ]
        if not candidates or not words_:
            continue
        best = max(
            candidates,
            key=lambda sec: (label == set(stems(sec.title)), len(words_ & text_stems.get(sec.key, set())), -len(sec.title)),
        )
        gists.setdefault(best.key, []).append(gist)
    return gists


_DICE_NOTATION = re.compile(r"^([1-9]\d*)d([1-9]\d*)$")  # "2d6"; never "0d6"

# "die" is the game's dice ("roll the damage die") and the glossary's slang for Death ("when you die").
# The word before it tells which: a subject or a helping verb makes it the verb (Death only), a
# determiner, a number or a die's name makes it the noun (the die only); otherwise both stay.
_DIE_VERB_AFTER = frozenset(
    "i you we he she they who someone somebody anyone anybody everyone player players character "
    "will would could might may can cant cannot to gonna just ll d also".split()
)
_DIE_FORMS = frozenset({"die", "died", "dies", "dying"})
_DIE_NOUN_AFTER = frozenset(
    "a an the one each every that this which what my your his her their damage d4 d6 d8 d10 d20 "
    "per same other another extra second bonus indicated penalty reward".split()
)


def slang_form(word: str) -> str:
    """How a glossary key is compared: lowercase, a plural "s" dropped ("bags" -> "bag").

    Deliberately not the stemmer: "equipment" and "equip" share a stem but not a meaning.
    """
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


@lru_cache(maxsize=1)
def load_glossary() -> tuple[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], ...]:
    """The curated slang list: ((slang words), ((rules-words stems), ...)) per spelling."""
    text = (Path(__file__).parent / "glossary.txt").read_text(encoding="utf-8")
    entries = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        left, _, right = line.partition("=>")
        targets = tuple(t for t in (stems(x) for x in right.split(";")) if t)
        for slang in left.split("|"):
            key = tuple(slang_form(w) for w in words(slang))
            if key and targets:
                entries.append((key, targets))
    return tuple(entries)


class Lexicon:
    """Phrase knowledge applied to questions (mined + glossary)."""

    def __init__(self, mined: dict, glossary=None):
        """`mined`: what `mine` found in the rules; `glossary`: `load_glossary()`, read when not given (the
        index's tables keep it: reading it stems every word of the glossary)."""
        # Players shorten long terms ("end of turn" for End of Turn Process): every run of two
        # or more words inside a game term is read as a phrase too.
        self.phrases = set()
        for text in mined["phrases"]:
            words_ = tuple(text.split())
            for i in range(len(words_)):
                for j in range(i + 2, len(words_) + 1):
                    self.phrases.add(words_[i:j])
        self.game_words = frozenset(mined["game_words"])
        self.section_terms: dict[str, list[str]] = mined["section_terms"]
        # slang or abbreviation (slang_form of every word, stopwords included) -> rules words
        self.expansions: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
        for key, targets in load_glossary() if glossary is None else glossary:
            self._expand(key, targets)
        for abbr, titles in mined["abbreviations"].items():
            self._expand((slang_form(abbr),), [stems(t) for t in titles])
        self._longest_slang = max((len(k) for k in self.expansions), default=1)
        self._longest_phrase = max((len(p) for p in self.phrases), default=1)
        self.vocabulary = {w for key in self.expansions for w in key}

    def _expand(self, key, targets) -> None:
        known = self.expansions.setdefault(key, [])
        known.extend(t for t in targets if t not in known)

    def _glossary_form(self, token: str) -> str:
        """`slang_form`, or the one-word glossary entry an inflected form comes from: "ditching",
        "ditched" -> "ditch", "handling" -> "handle", "swapping" -> "swap". Only when both stem
        alike ("states" is no form of "stat", "robes" none of "rob") and the entry is a word of
        its own, not a word inside a longer entry ("noted" is no form of "not")."""
        form = slang_form(token)
        if form in self.vocabulary or len(token) < 5:
            return form
        for suffix in ("ing", "ed", "es"):
            if token.endswith(suffix):
                base = token[: -len(suffix)]
                for candidate in (base, base + "e", base[:-1] if len(base) > 2 and base[-1] == base[-2] else ""):
                    if (candidate,) in self.expansions and stem(candidate) == stem(token):
                        return candidate
        return form
        for suffix in ("ing", "ed", "es"):
            if token.endswith(suffix):
                base = token[: -len(suffix)]
                for candidate in (base, base + "e", base[:-1] if len(base) > 2 and base[-1] == base[-2] else ""):
                    if candidate in self.vocabulary:
                        return candidate
        return form

    def _slang_at(self, forms: list[str], i: int) -> tuple[int, list[tuple[str, ...]]] | None:
        for size in range(min(self._longest_slang, len(forms) - i), 0, -1):
            targets = self.expansions.get(tuple(forms[i : i + size]))
            if targets:
                return size, targets
        return None

    def _phrase_at(self, tokens: list[str], i: int) -> tuple[int, tuple[str, ...]] | None:
        """Longest game term starting at token i; index stopwords inside are skipped ("end of turn")."""
        if tokens[i] in INDEX_STOPWORDS:
            return None
        positions, content = [], []
        j = i
        while j < len(tokens) and len(content) < self._longest_phrase:
            if tokens[j] not in INDEX_STOPWORDS:
                positions.append(j)
                content.append(stem(tokens[j]))
            j += 1
        for size in range(len(content), 1, -1):
            if tuple(content[:size]) in self.phrases:
                return positions[size - 1] + 1 - i, tuple(content[:size])
        return None

    def concepts(self, tokens: list[str], expansion_weight: float) -> list[Concept]:
        """Cut the question into concepts, longest match first: slang, game terms, words."""
        forms = [self._glossary_form(t) for t in tokens]
        concepts: list[Concept] = []
        seen: set[tuple] = set()
        i = 0
        while i < len(tokens):
            slang = self._slang_at(forms, i)
            phrase = self._phrase_at(tokens, i)
            if slang and (not phrase or slang[0] >= phrase[0]):
                size, targets = slang
                span = tokens[i : i + size]
                own = tuple(stem(t) for t in span if t not in QUERY_STOPWORDS)
                # The player's own words stay an alternative only when all of them are words of
                # substance: "out of cards" left as "cards" says nothing of being out of them.
                alternatives = [(own, 1.0)] if own and len(own) == len(span) else []
                sense = _die_sense(tokens, i) if len(span) == 1 and span[0] in _DIE_FORMS else None
                if sense == "verb":
                    alternatives = []
                if sense != "noun":
                    alternatives += [(t, expansion_weight) for t in targets if (t, 1.0) not in alternatives]
                concept = Concept(" ".join(span), tuple(alternatives))
            elif phrase:
                size, stemmed = phrase
                concept = Concept(" ".join(tokens[i : i + size]), ((stemmed, 1.0),))
            else:
                size = 1
                token = tokens[i]
                concept = None
                dice = _DICE_NOTATION.match(token)
                if dice:
                    # "2d6": two six-sided dice. The rules name the die ("d6") and, for more than
                    # one, "dice" ("reroll all dice"); never "2d6".
                    alternatives = [((token,), 1.0), ((f"d{dice.group(2)}",), expansion_weight)]
                    if int(dice.group(1)) > 1:
                        alternatives.append(((stem("dice"),), expansion_weight))
                    concept = Concept(token, tuple(alternatives))
                elif token not in QUERY_STOPWORDS and not token.isdigit() and token != CLAUSE_BREAK:
                    concept = Concept(token, (((stem(token),), 1.0),))
            i += size
            if concept is not None and concept.alternatives:
                signature = concept.alternatives
                if signature not in seen:  # "bomb ... the bomb": one concept, counted once
                    seen.add(signature)
                    concepts.append(concept)
        return concepts


def _die_sense(tokens: list[str], i: int) -> str | None:
    """"verb", "noun" or None (unknown) for the word at `i` ("die", "died", "dies", "dying"): its
    other forms are only ever the verb (and stem to "die", the dice's word); "die" by the word
    just before it."""
    if tokens[i] != "die":
        return "verb"
    before = tokens[i - 1] if i else None
    if before in _DIE_VERB_AFTER:
        return "verb"
    if before in _DIE_NOUN_AFTER or (before or "").isdigit():
        return "noun"
    return None
