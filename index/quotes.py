"""Choosing the quotes of a section: the statement that decides the question first.

A statement decides what the question adds to its section's subject. Each concept of the
question counts by how strongly the rules say it, more the fewer of the section's statements say
it (the title's words, said by all, pick none), less when the head names it; then the answer's
shape (`index.shapes`: a number for "how many", may/must/not for "can I", a role for "who", a
consequence for "what happens", a time for "when", a not/no for a question about something
missing) and the kind of statement (an abbreviation, a preamble, a Variable's value line, a
catalogue say no rule by themselves). Near-duplicates are quoted once; quotes stay verbatim.
"""

from __future__ import annotations

import math
import re

from index.classifier import statement_label
from index.model import Quote
from index.situations import section_links
from index.text import INDEX_STOPWORDS, QUERY_STOPWORDS, stem, stems

__all__ = ["QuoteChooser", "MAX_QUOTES"]

MAX_QUOTES = 3

# Statements that give a Variable's value, not a rule.
_VALUE_KINDS = frozenset({"variable", "variable_value"})
_WORD = re.compile(r"[^\W_]+")


class QuoteChooser:
    """Orders and picks a ranked section's statements over one open index (`Corpus`)."""

    def __init__(self, corpus, weights, answers, notes=None, classifier=None):
        self.corpus = corpus
        self.weights = weights
        self.answers = answers  # (docnum, asks) -> factor: the statement has the shape asked for
        # Rulebook-index entries whose note names the statement they come from
        # (`index.situations.entry_links`), read per section when first quoted.
        self.notes = notes or {}
        self._section_notes: dict[str, list] = {}
        self.classifier = classifier  # which statement players asking with these words meant (index.classifier)

    def named_by_entries(self, key: str, question_stems) -> dict[int, float]:
        """n -> how fully the question says the rulebook-index entries whose notes name statement n:
        per entry, the share of its words beyond the section's title (weighted by rarity) the
        question says, when at least `note_cover`, summed over the entries naming n
        ("tie goes to whoever started it  # initiating Player wins ties")."""
        found: dict[int, float] = {}
        if not question_stems:
            return found
        entries = self._section_notes.get(key)
        if entries is None:
            # Each entry with its words as a set and its whole weight, once per section per process.
            entries = self._section_notes[key] = [
                (entry, named, frozenset(s for s, _rarity in entry), sum(rarity for _s, rarity in entry))
                for entry, named in section_links(self.notes, key)
            ]
        cover = self.weights.note_cover
        for entry, named, words_, total in entries:
            if cover > 0 and words_.isdisjoint(question_stems):
                continue  # says none of it: a share of 0
            said = sum(rarity for s, rarity in entry if s in question_stems)
            share = said / total if total else 0.0
            if share >= cover:
                for n in named:
                    found[n] = found.get(n, 0.0) + share
        return found

    def order(
        self, key, docs, head, statement, asks=frozenset(), concepts=(), question_stems=frozenset(), sequence=(),
    ) -> list[tuple[float, int]]:
        """(value, n) of a section's statements, the most deciding first.

        A statement decides what the question adds to its section's subject: each concept of the
        question counts by how strongly the rules say it (its best score in the section), more the
        fewer of the section's statements say it (a concept every statement shares, like the
        title's, picks none of them: `distinct`), less when the title names it (`titled`). A
        statement earns a concept's weight by saying it (`saturate`: 0 = said or not, 1 = in
        proportion to its score, so a long statement repeating a word gains little). Then the
        answer's shape (a number, a may/must/not, a Player's role, a consequence, a time) and the
        kind of statement (an abbreviation or a table of contents says no rule).
        Ties go to the statement that says the concepts more strongly, then to the section's order.
        """
        w = self.weights
        ns = self.corpus.ns
        docs = [d for d in docs if ns[d] > 0]
        if not docs:
            return []
        named = self.named_by_entries(key, question_stems) if w.note else {}
        k = len(head)
        size = max(len(docs), self.corpus.section_sizes.get(key, len(docs)))
        weights = []
        for i in range(k):
            strength = max(statement[d][i] for d in docs)
            said = sum(1 for d in docs if statement[d][i] > 0)
            if strength <= 0:
                weights.append((0.0, 1.0))
                continue
            distinct = (math.log(1 + size / said) / math.log(1 + size)) ** w.distinct if size > 1 else 1.0
            titled = w.titled if head[i] > 0 else 1.0
            weights.append((strength * distinct * titled, strength))
        out = []
        for d in docs:
            value = 0.0
            for i, (weight, strength) in enumerate(weights):
                s = statement[d][i]
                if s > 0 and weight:
                    # Matched where the words are not (an entry's label): as the words apart.
                    said = (self._says(d, concepts[i]) or w.partial) if concepts else 1.0
                    value += weight * said * (s / strength) ** w.saturate
            value *= self.answers(d, asks) * self._kind_prior(d, asks)
            # Equal coverage: the statement that says the concepts more strongly (BM25), then the
            # section's order.
            strength = sum(s * (w.titled if h > 0 else 1.0) for s, h in zip(statement[d], head))
            out.append((value, strength, ns[d]))
        if w.nearest_quote and question_stems:
            # The statement whose own players' questions the question says most closely.
            asked = self.corpus.asked_scores(question_stems)
            top = max((asked.get(d, 0.0) for d in docs), default=0.0)
            if top > 0:
                by_n = {ns[d]: asked.get(d, 0.0) / top for d in docs}
                out = [(value * (1 + w.nearest_quote * by_n[n]), strength, n) for value, strength, n in out]
        if w.classifier_quote and sequence and self.classifier is not None:
            # The statement players asking with these words meant: its posterior among the
            # section's statements, as a share of the likeliest's (a statement no question names
            # gets the least likely's), the log-likelihoods spread by `classifier_quote_spread`.
            likelihoods = self.classifier.log_likelihoods(sequence, w.classifier_smoothing)
            known = {n: likelihoods[label] for n in (ns[d] for d in docs) if (label := statement_label(key, n)) in likelihoods}
            if known:
                best, least = max(known.values()), min(known.values())
                spread = w.classifier_quote_spread
                out = [
                    (value * (1 + w.classifier_quote * math.exp((known.get(n, least) - best) / spread)), strength, n)
                    for value, strength, n in out
                ]
        if named:
            # A rulebook-index entry the question says, whose note names the statement it comes
            # from: that statement decides the situation the entry names (a share of the best).
            out = [(value * (1 + w.note * named.get(n, 0.0)), strength, n) for value, strength, n in out]
        if w.handoff and "procedure" in asks:
            # "What happens when I die, step by step": the procedure is defined in a document that is
            # not loaded; the statement handing it off is what these rules say of it.
            missing = self.corpus.missing_documents()
            texts = self.corpus.texts
            handed = {ns[d] for d in docs if any(doc in texts[d] for doc in missing)}
            if handed:
                out = [(value * (w.handoff if n in handed else 1.0), strength, n) for value, strength, n in out]
        out = [(round(value, 9), strength, n) for value, strength, n in out]
        out.sort(key=lambda item: (-item[0], -item[1], item[2]))
        return [(value, n) for value, _strength, n in out]

    def _says(self, doc: int, concept) -> float:
        """How a statement says a concept: in the question's own word (1), in the rules' word for
        the player's slang (its expansion weight), or a game term's words apart (`partial`)."""
        bag = self.corpus.doc_stems(doc)
        best = 0.0
        for stems_, weight in concept.alternatives:
            found = sum(1 for s in stems_ if s in bag)
            if found == len(stems_):
                best = max(best, weight)
            elif found:
                best = max(best, weight * self.weights.partial * found / len(stems_))
        return best

    def _kind_prior(self, doc: int, asks: frozenset[str] = frozenset()) -> float:
        """An abbreviation ("TN"), a signpost to a document or a document's own preamble says no
        rule of the game: quoted only when nothing else of the section fits."""
        corpus = self.corpus
        has = corpus.shapes(doc)
        if corpus.kinds.get(doc) == "abbreviation" or len(corpus.quote_stems(doc)) < 2:
            return self.weights.kind_low
        if "generic" in has:
            return self.weights.kind_low
        if corpus.kinds.get(doc) in _VALUE_KINDS and not asks & {"number", "value"}:
            # "CRITICAL_SUCCESS_REWARD: 1 Kaos" says how much, not what happens: quoted first
            # only for a question about an amount or a Variable's value.
            return self.weights.kind_low
        if corpus.kinds.get(doc) in _VALUE_KINDS and "value" in asks:
            # "What do I get for the reward icon": the Variable's value says what it gives, in a name and an
            # amount, so it says few of the words the question describes the thing with.
            return self.weights.value_quote
        if "list" in has:
            # A list names many things by the way: it matches a question's words without
            # deciding it, unless the question asks for the list.
            return self.weights.asked_quote if "list" in asks else self.weights.enumeration
        return 1.0

    def choose(self, section, ordered: list[tuple[float, int]]) -> list[int]:
        """Numbers of the statements to quote: up to MAX_QUOTES of `ordered`, those scoring at
        least `quote_ratio` of the best, a near-duplicate of one above left out; when none, the
        section's first definition or rule."""
        by_n = {st.n: st for st in section.statements}
        chosen: list[int] = []
        if ordered:
            top = ordered[0][0]
            seen = []
            for value, n in ordered:
                if len(chosen) == MAX_QUOTES or value < self.weights.quote_ratio * top:
                    break
                if n not in by_n:
                    continue
                bag = frozenset(stems(by_n[n].text, drop=QUERY_STOPWORDS))
                if any(len(bag & other) >= self.weights.dedupe * len(bag | other) > 0 for other in seen):
                    continue  # says again what a quote above says
                chosen.append(n)
                seen.append(bag)
        if not chosen:
            first = next((st for st in section.statements if st.kind in {"definition", "rule"}), None)
            first = first or (section.statements[0] if section.statements else None)
            chosen = [first.n] if first else []
        return chosen


def quote(statement, stems_looked_up=frozenset()) -> Quote:
    """A statement verbatim, with the spans of the words the question looked up."""
    spans = tuple(
        (m.start(), m.end())
        for m in _WORD.finditer(statement.text)
        if m.group(0).lower() not in INDEX_STOPWORDS and stem(m.group(0).lower()) in stems_looked_up
    )
    return Quote(statement.n, statement.kind, statement.text, spans)
