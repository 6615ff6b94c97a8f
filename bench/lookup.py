"""Rules lookup, measured side by side in one run.

    .venv/bin/python bench/lookup.py [--questions FILE] [--runs 7] [--verbose]
    .venv/bin/python bench/lookup.py --sweep     # the rulebook index's weights, scored on half A only
    .venv/bin/python bench/lookup.py --explain "my bag is full"   # why ours ranks what it ranks

Scores the dev questions (../shared/eval/questions_dev.jsonl) for three rankers over the
same sections of the same rules database:
  fts5     SQLite FTS5 BM25 (porter tokenizer), whole sections (title, body), OR of the words
  whoosh   Whoosh defaults: StemmingAnalyzer, BM25F, OR group, title boost 2, whole sections
  ours     index.search (statements + section heads, spelling, slang, game-term phrases)
printing top-1, top-3 and MRR@10 on all dev questions, on two fixed halves (A: the half the
weights were tuned on, B: held out) and on each set written blind from the rules
(bench/questions_fresh.jsonl by us; questions_fresh2.jsonl, ... by engineers who saw neither the
lookup nor the other sets: the later a set, the less anyone tuned on it); then whether ours quotes the deciding statement first (dev under two judges of its answers,
fresh against its annotation); how many questions get a one-line answer and how many of those come
from a deciding statement; how often a rule's own sentence, asked as a question, finds its own
section first; then latency: warm in-process `index.search` median/p95,
and cold `referee ask --json` wall-clock median against `python -c pass` (subprocesses).
A blind set, once scored and read, becomes training rows of the lookup's classifiers
(index/section_questions.tsv, `bench/section_questions.py`): each such set is scored with
classifiers trained without its own rows (`OurRanker.leaving_out`). Nothing here asserts: it measures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The team's dev questions sit in shared/eval beside the repository (/work/main) or, from a
# clone (/work/clones/NAME), one level further up.
DEFAULT_QUESTIONS = next(
    (p for p in (base / "shared" / "eval" / "questions_dev.jsonl" for base in ROOT.parents) if p.exists()),
    ROOT.parent / "shared" / "eval" / "questions_dev.jsonl",
)
# Written blind from the rules (before looking at what the lookup gets wrong), the way players
# talk: a check on tuning to the dev set. Each question also names its deciding statement(s).
FRESH_QUESTIONS = ROOT / "bench" / "questions_fresh.jsonl"
# Later blind sets, written by other hands from the rules only (bench/questions_fresh2.jsonl ...):
# each is scored on its own row, so a gain on the sets we looked at shows whether it carries.
MORE_FRESH = sorted((ROOT / "bench").glob("questions_fresh[0-9]*.jsonl"), key=lambda p: int(re.sub(r"\D", "", p.stem)))
sys.path.insert(0, str(ROOT))


def load_questions(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def half(question: dict) -> str:
    """A fixed split by the question id's number: odd ids tune (A), even ids are held out (B)."""
    digits = re.sub(r"\D", "", question["id"]) or "0"
    return "A" if int(digits) % 2 else "B"


def sections_text(db) -> list[tuple[str, str, str]]:
    """(key, title, body) for every section: the baselines' whole-section documents."""
    out = []
    for view in db.sections():
        section = db.section(view.key)
        out.append((section.key, section.title, "\n".join(st.text for st in section.statements)))
    return out


def query_words(text: str) -> list[str]:
    return re.findall(r"[^\W_]+", text.lower())


class Fts5Ranker:
    name = "SQLite FTS5 BM25 (porter), whole sections"

    def __init__(self, sections):
        self.conn = sqlite3.connect(":memory:")
        self.conn.execute("create virtual table s using fts5(key unindexed, title, body, tokenize='porter')")
        self.conn.executemany("insert into s values (?, ?, ?)", sections)

    def rank(self, question: str, limit: int = 10) -> list[str]:
        terms = query_words(question)
        if not terms:
            return []
        match = " OR ".join(f'"{t}"' for t in terms)
        rows = self.conn.execute(
            "select key from s where s match ? order by bm25(s) limit ?", (match, limit)
        ).fetchall()
        return [r[0] for r in rows]


class WhooshDefaultRanker:
    name = "Whoosh defaults (StemmingAnalyzer, BM25F, OR, title x2), whole sections"

    def __init__(self, sections):
        from whoosh.analysis import StemmingAnalyzer
        from whoosh.fields import ID, TEXT, Schema
        from whoosh.filedb.filestore import RamStorage
        from whoosh.qparser import MultifieldParser, OrGroup

        schema = Schema(key=ID(stored=True), title=TEXT(analyzer=StemmingAnalyzer()), body=TEXT(analyzer=StemmingAnalyzer()))
        self.ix = RamStorage().create_index(schema)
        with self.ix.writer() as writer:
            for key, title, body in sections:
                writer.add_document(key=key, title=title, body=body)
        self.parser = MultifieldParser(["title", "body"], schema, group=OrGroup, fieldboosts={"title": 2.0})
        self.searcher = self.ix.searcher()

    def rank(self, question: str, limit: int = 10) -> list[str]:
        # The plain words only: this baseline is about ranking, not about surviving query syntax.
        text = " ".join(query_words(question))
        if not text:
            return []
        return [hit["key"] for hit in self.searcher.search(self.parser.parse(text), limit=limit)]


class OurRanker:
    name = "ours: index.search"

    def __init__(self, db, weights=None):
        import index
        from index.lookup import RulesIndex

        self.db = db
        self.index = index
        # Default weights: the shared per-process index; other weights: a private one (a sweep).
        self.lookup = index.open_index(db) if weights is None else RulesIndex(db, weights)
        self._held_out: dict = {}  # set name -> (section, statement) classifiers without its rows, or None
        self._every_row_count: int | None = None

    @contextlib.contextmanager
    def leaving_out(self, set_name: str | None):
        """The lookup as it would be had it never learned from this bench set: both classifiers
        trained without the set's rows of index/section_questions.tsv (leave one set out), so a
        read set's row still measures questions the lookup did not learn from."""
        if set_name not in self._held_out:
            from index.classifier import Classifier, section_rows, statement_rows

            if self._every_row_count is None:
                self._every_row_count = len(section_rows(self.db))
            rows = section_rows(self.db, leave_out=set_name)
            self._held_out[set_name] = (
                (Classifier.from_rows(rows), Classifier.from_rows(statement_rows(self.db, leave_out=set_name)))
                if len(rows) < self._every_row_count else None
            )
        held_out = self._held_out[set_name]
        if held_out is None:
            yield
            return
        kept = self.lookup.classifier, self.lookup.quotes.classifier
        self.lookup.classifier, self.lookup.quotes.classifier = held_out
        try:
            yield
        finally:
            self.lookup.classifier, self.lookup.quotes.classifier = kept

    def hits(self, question: str, limit: int = 10):
        try:
            return self.lookup.search(question, limit).results
        except self.index.LookupFailure:
            return ()

    def rank(self, question: str, limit: int = 10) -> list[str]:
        return [hit.key for hit in self.hits(question, limit)]


def held_out(ranker, question: dict):
    """Ours without what it learned from the question's own bench set (`OurRanker.leaving_out`)."""
    leaving_out = getattr(ranker, "leaving_out", None)
    return leaving_out(question.get("set")) if leaving_out else contextlib.nullcontext()


def score(ranker, questions) -> dict:
    top1 = top3 = rr = 0.0
    misses = []
    for q in questions:
        with held_out(ranker, q):
            got = ranker.rank(q["q"], 10)
        expect = set(q["expect"])
        rank = next((i for i, key in enumerate(got, 1) if key in expect), None)
        top1 += rank == 1
        top3 += rank is not None and rank <= 3
        rr += 1.0 / rank if rank else 0.0
        if rank != 1:
            misses.append((q["id"], rank, q["q"], q["expect"][0], got[:3]))
    n = len(questions) or 1
    return {"top1": top1 / n, "top3": top3 / n, "mrr": rr / n, "n": len(questions), "misses": misses}


# --- quotes: is the first quote the sentence that decides the question? ---------------------------

_ANSWER_NOISE = frozenset(
    """yes no so just only still also your you they them their it its that this then than
    which who what when after before again while because player players rule rules""".split()
)


def _answer_stems(text: str) -> set[str]:
    from index.text import QUERY_STOPWORDS, stems

    return set(stems(text, drop=QUERY_STOPWORDS | _ANSWER_NOISE))


def deciding_statements(db, question: dict, key: str) -> set[int]:
    """Numbers of the statements of section `key` that decide `question`.

    Fresh set: the statements containing one of its annotated `decide` passages. Dev set
    (no annotation): the statements sharing the most content words with its one-sentence
    `answer` (ties all count).
    """
    from index.store import SKIPPED_KINDS
    from index.text import stems

    statements = [st for st in db.section(key).statements if st.kind not in SKIPPED_KINDS]
    if "decide" in question:
        return {st.n for st in statements if any(d in st.text for d in question["decide"])}
    answer = _answer_stems(question.get("answer") or "")
    overlap = {st.n: len(answer & set(stems(st.text))) for st in statements}
    best = max(overlap.values(), default=0)
    return {n for n, count in overlap.items() if count == best and best > 0}


def deciding_statements_new(db, question: dict, key: str) -> set[int]:
    """The "new" judge of the dev set: like `deciding_statements`, but a statement is judged by
    the weighted Dice overlap (F1) of its content stems with the answer's, each stem weighted by
    its rarity among the section's statements (log(1 + N/df)). The old judge counts shared
    words: a long statement that restates the section's subject ("Encounter Penalty", "Loot",
    "Player") outscores the short one that says what the answer says, and words every statement
    of the section shares (the title's) count as much as the one that decides. Statements within
    5% of the best count (ties). The fresh set keeps its annotation (same as the old judge)."""
    from index.store import SKIPPED_KINDS

    if "decide" in question:
        return deciding_statements(db, question, key)
    statements = [st for st in db.section(key).statements if st.kind not in SKIPPED_KINDS]
    bags = {st.n: _answer_stems(st.text) for st in statements}
    df: dict[str, int] = {}
    for bag in bags.values():
        for s in bag:
            df[s] = df.get(s, 0) + 1
    total = len(statements) or 1
    weight = lambda s: math.log(1 + total / df.get(s, 0.5))  # noqa: E731
    answer = _answer_stems(question.get("answer") or "")
    answer_mass = sum(weight(s) for s in answer)
    scores = {}
    for n, bag in bags.items():
        shared = sum(weight(s) for s in answer & bag)
        scores[n] = 2 * shared / ((answer_mass + sum(weight(s) for s in bag)) or 1)
    best = max(scores.values(), default=0.0)
    return {n for n, value in scores.items() if best > 0 and value >= 0.95 * best}


JUDGES = {"old": deciding_statements, "new": deciding_statements_new}


# --- robustness: the same questions with typos -------------------------------------------------

def perturb(text: str, rate: float = 0.1, seed: int = 0) -> str:
    """`text` with about `rate` of its words (3+ letters) mistyped: a neighbour swap, a dropped
    letter or a doubled letter, chosen by a seeded generator (the same text and seed give the
    same typos). A check of how the lookup generalizes, not a set to tune on."""
    import random

    rng = random.Random(f"{seed}:{text}")
    out = []
    for token in re.split(r"(\W+)", text):
        if len(token) >= 3 and token.isalpha() and rng.random() < rate:
            i = rng.randrange(1, len(token) - 1)  # players rarely mistype a word's first letter
            kind = rng.choice(("swap", "drop", "double"))
            if kind == "swap":
                token = token[:i] + token[i + 1] + token[i] + token[i + 2 :]
            elif kind == "drop":
                token = token[:i] + token[i + 1 :]
            else:
                token = token[:i] + token[i] + token[i:]
        out.append(token)
    return "".join(out)


def perturbed(questions: list[dict], seeds=(1, 2, 3), rate: float = 0.1) -> list[dict]:
    """Each question once per seed, mistyped (`perturb`); ids keep their seed."""
    return [dict(q, id=f"{q['id']}~{seed}", q=perturb(q["q"], rate, seed)) for seed in seeds for q in questions]


def quote_score(ranker, db, questions, judge: str = "old") -> dict:
    """Of the questions with an acceptable section in the top 3: how often that section's first
    quote is a deciding statement, and how often one of its quotes (up to 3) is."""
    first = anywhere = judged = 0
    misses = []
    for q in questions:
        with held_out(ranker, q):
            hits = list(ranker.hits(q["q"], 3))
        hit = next((h for h in hits if h.key in set(q["expect"])), None)
        if hit is None or not hit.quotes:
            continue
        gold = JUDGES[judge](db, q, hit.key)
        if not gold:
            continue
        judged += 1
        numbers = [quote.n for quote in hit.quotes]
        first += numbers[0] in gold
        anywhere += bool(set(numbers) & gold)
        if numbers[0] not in gold:
            misses.append((q["id"], q["q"], hit.key, hit.quotes[0].text))
    n = judged or 1
    return {"first": first / n, "any": anywhere / n, "n": judged, "misses": misses}


def _lines(result) -> tuple:
    """The answer lines of a lookup: `answers` (one per question asked), or the one `answer` of
    code that has no `answers` yet (the "before" of a blind set is scored with this bench)."""
    lines = getattr(result, "answers", None)
    if lines is None:
        lines = (result.answer,) if result.answer else ()
    return tuple(lines)


def _normal(verdict) -> str | None:
    if verdict is None:
        return None
    verdict = str(verdict).strip().lower()
    return NUMBER_WORDS.get(verdict, verdict)


NUMBER_WORDS = {w: str(i) for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}


def line_is_right(line, part, decide) -> bool:
    """An answer line is right when its verdict is the gold one (yes / no / the number; none when
    the answer is the deciding sentence itself) and its sentence is a deciding one."""
    return _normal(line.verdict) == _normal(part) and any(d in line.text or line.text in d for d in decide)


def answer_lines(ranker, db, questions) -> dict:
    """The one-line answers: coverage (questions with at least one line) and, over the questions
    annotated with a gold `answer` ("yes", "no", a number, null for "the deciding sentence is the
    answer", or a list of those for two questions), precision: lines whose verdict is the gold
    one and whose sentence is a `decide` sentence. For two questions each line is matched to a
    part it is right for (once each). Also: lines from a deciding statement of an expected
    section, and for dev questions whose answer starts with Yes or No, how many verdicts agree."""
    given = deciding = verdicts = agree = lines_judged = right = covered = judged_questions = 0
    wrong = []
    for q in questions:
        try:
            with held_out(ranker, q):
                result = ranker.lookup.search(q["q"], 3)
        except ranker.index.LookupFailure:
            continue
        lines = _lines(result)
        if not lines:
            continue
        covered += 1
        for answer in lines:
            given += 1
            deciding += answer.key in q["expect"] and answer.n in deciding_statements(db, q, answer.key)
        gold = q.get("answer", "prose") if "decide" in q else "prose"
        if gold != "prose":
            judged_questions += 1
            parts = list(gold) if isinstance(gold, list) else [gold]
            for answer in lines:
                lines_judged += 1
                hit = next((i for i, part in enumerate(parts) if line_is_right(answer, part, q["decide"])), None)
                if hit is None:
                    wrong.append((q["id"], q["q"], gold, answer.verdict, answer.text))
                else:
                    right += 1
                    parts.pop(hit)
        told = (q.get("answer") or "").split(" ", 1)[0].strip(",.:;") if isinstance(q.get("answer"), str) else ""
        if answer.verdict and told in ("Yes", "No"):
            verdicts += 1
            agree += answer.verdict == told
    annotated = sum(1 for q in questions if "decide" in q and "answer" in q)
    return {"n": len(questions), "given": given, "deciding": deciding, "verdicts": verdicts, "agree": agree,
            "covered": covered, "coverage": covered / (len(questions) or 1), "annotated": annotated,
            "judged": lines_judged, "right": right, "precision": right / lines_judged if lines_judged else None,
            "wrong": wrong}


def first_shown_decides(ranker, questions) -> dict:
    """The issue's strict readings: the first section is the writer's first (best) section, and
    the very first quote shown (the first section's first quote) is a deciding sentence."""
    strict = first = n_decide = 0
    for q in questions:
        with held_out(ranker, q):
            hits = list(ranker.hits(q["q"], 3))
        strict += bool(hits) and hits[0].key == q["expect"][0]
        if "decide" in q:
            n_decide += 1
            first += bool(hits and hits[0].quotes) and any(d in hits[0].quotes[0].text for d in q["decide"])
    return {"strict": strict / (len(questions) or 1), "first": first / n_decide if n_decide else None, "n": len(questions)}


def own_sections(ranker, db) -> tuple[int, int]:
    """A rule's own sentence asked as a question: how often its section comes first. Every rule
    statement whose text is in one section only (a sentence two sections repeat word for word
    cannot pick one). A check that what helps players' words does not cost the rules' own."""
    from collections import Counter

    rules = [st for st in db.statements() if st.kind == "rule"]
    count = Counter(st.text for st in rules)
    own = [st for st in rules if count[st.text] == 1]
    found = sum(1 for st in own if ranker.rank(st.text, 1)[:1] == [st.key])
    return found, len(own)


def warm_latency(db, questions, rounds: int = 5) -> tuple[float, float, float, float]:
    """In-process lookup time: (median, p95) with the per-process term cache emptied before
    every question (each term scored as if never asked), then (median, p95) over repeated rounds."""
    import index

    lookup = index.open_index(db)

    def timed(clear: bool) -> list[float]:
        times = []
        for q in questions:
            if clear:
                lookup.corpus.match_cache.clear()
            start = time.perf_counter()
            try:
                index.search(db, q["q"], 5)
            except index.LookupFailure:
                pass
            times.append(time.perf_counter() - start)
        return times

    def stats(times):
        times = sorted(times)
        return statistics.median(times) * 1000, times[int(0.95 * (len(times) - 1))] * 1000

    fresh = [t for _ in range(3) for t in timed(True)]
    warm = [t for _ in range(rounds) for t in timed(False)]
    return (*stats(fresh), *stats(warm))


def cold_ratio(questions, runs: int) -> tuple[float, float, float]:
    python = sys.executable
    referee = [python, "-m", "referee"]
    env = dict(os.environ)

    def wall(args) -> float:
        start = time.perf_counter()
        subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        return time.perf_counter() - start

    # The index is a cache: build it once, then measure the process start, not the build.
    subprocess.run(referee + ["ask", "warm up the cache", "--json"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    bare, ask = [], []
    for i in range(runs):
        bare.append(wall([python, "-c", "pass"]))
        ask.append(wall(referee + ["ask", questions[i % len(questions)]["q"], "--json"]))
    b, a = statistics.median(bare) * 1000, statistics.median(ask) * 1000
    return b, a, a / b


def sweep(db, tune: list[dict]) -> None:
    """The rulebook index's two weights over a grid, scored on half A (the tuning half) only:
    B and fresh are not looked at, so they stay held out for the weights chosen here."""
    from dataclasses import replace

    from index.weights import Weights

    print(f"rulebook index weights on half A (n={len(tune)}); situations=0 is the lookup without the index")
    print()
    print("| situations | situation_phrase | top-1 | top-3 | MRR@10 |")
    print("|---|---|---|---|---|")
    for field in (0.0, 0.25, 0.35, 0.5, 0.75, 1.0):
        for phrase in ((0.0,) if field == 0.0 else (0.0, 0.5, 1.0, 2.0)):
            weights = replace(Weights(), situations=field, situation_phrase=phrase)
            got = score(OurRanker(db, weights), tune)
            print(f"| {field} | {phrase} | {got['top1']:.3f} | {got['top3']:.3f} | {got['mrr']:.3f} |")


def explain(db, question: str, top: int = 6) -> None:
    """Each part of the top sections' scores for one question: what the ranking saw."""
    import index

    parts: dict = {}
    reading = index.open_index(db).rank(question, explain=parts)
    print(f"question: {question!r}")
    print(f"corrections: {reading.corrections}")
    print(f"concepts: {[(c.surface, c.alternatives) for c in reading.concepts]}")
    print(f"asks (rank): {sorted(reading.asks)}; asks (quote): {sorted(reading.quote_asks)}")
    for key, total, _found in reading.ranked[:top]:
        print(f"\n{total:7.2f}  {key}")
        for name, value in parts[key].items():
            print(f"         {name}: {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--fresh", type=Path, default=FRESH_QUESTIONS)
    parser.add_argument("--more", type=Path, nargs="*", default=MORE_FRESH, help="further blind sets, one row each")
    parser.add_argument("--skip", nargs="*", default=(), metavar="SET",
                        help="leave these blind sets out (e.g. fresh6): a held-out set nobody may look at yet")
    parser.add_argument("--runs", type=int, default=7, help="subprocess runs for the cold measurement")
    parser.add_argument("--verbose", "-v", action="store_true", help="list what ours gets wrong (rank and quote)")
    parser.add_argument("--no-cold", action="store_true", help="skip the subprocess timing")
    parser.add_argument("--sweep", action="store_true", help="score the rulebook index's weights on half A only, then stop")
    parser.add_argument("--lines", action="store_true",
                        help="ours only: top-1 / top-3 and the answer-line table (coverage, precision, strict top-1, first quote shown)")
    parser.add_argument("--explain", metavar="QUESTION", help="show why ours ranks its top sections for one question, then stop")
    args = parser.parse_args()

    # A throwaway cache unless the caller chose one: the bench must not touch a real cache.
    os.environ.setdefault("REFEREE_HOME", tempfile.mkdtemp(prefix="referee-bench-"))
    from rulesdb import open_rules

    db = open_rules()
    questions = load_questions(args.questions)
    fresh = load_questions(args.fresh) if args.fresh.exists() else []
    sets = {
        "dev": questions,
        "A": [q for q in questions if half(q) == "A"],
        "B": [q for q in questions if half(q) == "B"],
        "fresh": fresh,
        **{path.stem.replace("questions_", ""): load_questions(path) for path in args.more if path.exists()},
    }
    sets = {name: subset for name, subset in sets.items() if name not in set(args.skip)}
    for name, subset in sets.items():
        for q in subset:
            q.setdefault("set", name)  # A and B are dev's halves: dev, never training rows
    if args.sweep:
        sweep(db, [q for q in questions if half(q) == "A"])
        return
    if args.explain:
        explain(db, args.explain)
        return
    sections = sections_text(db)
    rankers = [("fts5", Fts5Ranker(sections)), ("whoosh", WhooshDefaultRanker(sections)), ("ours", OurRanker(db))]
    if args.lines:
        rankers = rankers[-1:]

    print(f"rules lookup bench: {len(sections)} sections")
    print(f"dev: {args.questions.name} n={len(questions)}; A (odd ids, tuned on) n={len(sets.get('A', ()))}, "
          f"B (even ids, held out) n={len(sets.get('B', ()))}; written blind from the rules: "
          + ", ".join(f"{name} n={len(subset)}" for name, subset in sets.items() if name.startswith("fresh")))
    print()
    print("| ranker | set | n | top-1 | top-3 | MRR@10 |")
    print("|---|---|---|---|---|---|")
    results = {}
    for label, ranker in rankers:
        for name, subset in sets.items():
            if not subset:
                continue
            got = score(ranker, subset)
            results[(label, name)] = got
            print(f"| {label} | {name} | {got['n']} | {got['top1']:.3f} | {got['top3']:.3f} | {got['mrr']:.3f} |")
    blind = [q for name, subset in sets.items() if name.startswith("fresh") for q in subset]
    if len(blind) > len(fresh):
        got = score(rankers[-1][1], blind)
        print(f"| ours | all fresh sets | {got['n']} | {got['top1']:.3f} | {got['top3']:.3f} | {got['mrr']:.3f} |")
    if blind and not args.lines:
        # Robustness: the fresh questions with ~10% of their words mistyped (three seeds).
        typos = perturbed(blind)
        changed = sum(t["q"] != q["q"] for t, q in zip(typos, blind * 3))
        got = score(rankers[-1][1], typos)
        results[("ours", "fresh+typos")] = got
        print(f"| ours | all fresh sets + typos (3 seeds, {changed}/{len(typos)} changed) | {got['n']} | {got['top1']:.3f} | {got['top3']:.3f} | {got['mrr']:.3f} |")
    print()
    ours = rankers[-1][1]
    quotes = {}
    print("| quotes (ours) | set | judged | first quote decides | a quote decides |")
    print("|---|---|---|---|---|")
    for name in ("dev", "A", "B", *[n for n in sets if n.startswith("fresh")]):
        if not sets.get(name) or (args.lines and name in ("A", "B")):
            continue
        # Two judges of the dev set's one-sentence answers (the fresh set is annotated: both
        # judges read its annotation): "old" counts shared content words, "new" is weighted
        # Dice (`deciding_statements_new`). Both printed, so neither flatters a change alone.
        for judge in (("old", "new") if not name.startswith("fresh") else ("old",)):
            got = quote_score(ours, db, sets[name], judge)
            if judge == "old":
                quotes[name] = got
            how = {"old": "answer's content words (old)", "new": "answer, weighted Dice (new)"}[judge]
            if name.startswith("fresh"):
                how = "annotated deciding statement"
            print(f"| {how} | {name} | {got['n']} | {got['first']:.3f} | {got['any']:.3f} |")
    print()
    print("| answer line (ours) | set | questions | coverage (a line) | precision (right lines / lines judged) | "
          "strict top-1 | first quote shown decides | lines from a deciding statement | dev: verdict agrees |")
    print("|---|---|---|---|---|---|---|---|---|")
    lines_wrong = {}
    pooled = {"covered": 0, "n": 0, "right": 0, "judged": 0}
    for name in ("dev", *[n for n in sets if n.startswith("fresh")]):
        if sets.get(name):
            got = answer_lines(ours, db, sets[name])
            strict = first_shown_decides(ours, sets[name])
            lines_wrong[name] = got["wrong"]
            agrees = f"{got['agree']}/{got['verdicts']}" if name == "dev" else ""
            precision = (f"{got['precision']:.3f} ({got['right']}/{got['judged']})" if got["judged"]
                         else f"n/a ({got['annotated']} annotated)")
            first_shown = f"{strict['first']:.3f}" if strict["first"] is not None else ""
            print(f"| one-line answer | {name} | {got['n']} | {got['coverage']:.3f} ({got['covered']}) | {precision} | "
                  f"{strict['strict']:.3f} | {first_shown} | {got['deciding']}/{got['given']} | {agrees} |")
            if got["annotated"]:
                for field in ("covered", "n", "right", "judged"):
                    pooled[field] += got[field]
    if pooled["judged"]:
        print(f"| one-line answer | annotated sets pooled | {pooled['n']} | {pooled['covered'] / pooled['n']:.3f} | "
              f"{pooled['right'] / pooled['judged']:.3f} ({pooled['right']}/{pooled['judged']}) | | | | |")
    print()
    if args.lines:
        if args.verbose:
            for name, wrong in lines_wrong.items():
                print(f"\nours, answer line wrong ({name}):")
                for qid, text, gold, verdict, line in wrong:
                    print(f"  {qid} {text!r}\n      gold {gold!r}, said {verdict!r}: {line!r}")
        return
    found, total = own_sections(ours, db)
    print(f"| a rule's own sentence finds its own section first | {found}/{total} |")
    print()
    first_median, first_p95, median, p95 = warm_latency(db, questions + blind)
    print("| latency | value |")
    print("|---|---|")
    print(f"| warm `index.search`, in process, term cache emptied per question: median | {first_median:.2f} ms |")
    print(f"| warm `index.search`, in process, term cache emptied per question: p95 | {first_p95:.2f} ms |")
    print(f"| warm `index.search`, in process, repeated rounds: median | {median:.2f} ms |")
    print(f"| warm `index.search`, in process, repeated rounds: p95 | {p95:.2f} ms |")
    if not args.no_cold:
        bare, ask, ratio = cold_ratio(questions, args.runs)
        print(f"| `python -c pass`: median of {args.runs} | {bare:.0f} ms |")
        print(f"| cold `referee ask --json`: median of {args.runs} | {ask:.0f} ms |")
        print(f"| cold ask / bare interpreter | {ratio:.1f}x |")
    if args.verbose:
        for name in ("dev", *[n for n in sets if n.startswith("fresh")]):
            print(f"\nours, not first ({name}):")
            for qid, rank, text, expect, got in results[("ours", name)]["misses"]:
                tag = f" [{half({'id': qid})}]" if name == "dev" else ""
                print(f"  {qid}{tag} rank={rank} {text!r}\n      want {expect}\n      got  {got}")
            print(f"\nours, first quote not deciding ({name}):")
            for qid, text, key, quote in quotes[name]["misses"]:
                print(f"  {qid} {text!r}\n      {key}: {quote!r}")
            print(f"\nours, answer line wrong ({name}):")
            for qid, text, gold, verdict, line in lines_wrong.get(name, ()):
                print(f"  {qid} {text!r}\n      gold {gold!r}, said {verdict!r}: {line!r}")


if __name__ == "__main__":
    main()
