"""Rules lookup, measured side by side in one run.

    .venv/bin/python bench/lookup.py [--questions FILE] [--runs 7] [--verbose]

Scores the dev questions (../shared/eval/questions_dev.jsonl) for three rankers over the
same sections of the same rules database:
  fts5     SQLite FTS5 BM25 (porter tokenizer), whole sections (title, body), OR of the words
  whoosh   Whoosh defaults: StemmingAnalyzer, BM25F, OR group, title boost 2, whole sections
  ours     index.search (statements + section heads, spelling, slang, game-term phrases)
printing top-1, top-3 and MRR@10 on all questions and on two fixed halves (A: the half the
weights were tuned on, B: held out), then latency: warm in-process `index.search` median/p95,
and cold `referee ask --json` wall-clock median against `python -c pass` (subprocesses).
Nothing here asserts: it measures.
"""

from __future__ import annotations

import argparse
import json
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
DEFAULT_QUESTIONS = ROOT.parent / "shared" / "eval" / "questions_dev.jsonl"
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

    def __init__(self, db):
        import index

        self.db = db
        self.index = index
        index.open_index(db)

    def rank(self, question: str, limit: int = 10) -> list[str]:
        try:
            return [hit.key for hit in self.index.search(self.db, question, limit).results]
        except self.index.LookupFailure:
            return []


def score(ranker, questions) -> dict:
    top1 = top3 = rr = 0.0
    misses = []
    for q in questions:
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


def warm_latency(db, questions, rounds: int = 5) -> tuple[float, float]:
    import index

    times = []
    for _ in range(rounds):
        for q in questions:
            start = time.perf_counter()
            try:
                index.search(db, q["q"], 5)
            except index.LookupFailure:
                pass
            times.append(time.perf_counter() - start)
    times.sort()
    return statistics.median(times) * 1000, times[int(0.95 * (len(times) - 1))] * 1000


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--runs", type=int, default=7, help="subprocess runs for the cold measurement")
    parser.add_argument("--verbose", "-v", action="store_true", help="list the questions ours misses at top-1")
    parser.add_argument("--no-cold", action="store_true", help="skip the subprocess timing")
    args = parser.parse_args()

    # A throwaway cache unless the caller chose one: the bench must not touch a real cache.
    os.environ.setdefault("REFEREE_HOME", tempfile.mkdtemp(prefix="referee-bench-"))
    from rulesdb import open_rules

    db = open_rules()
    questions = load_questions(args.questions)
    halves = {"A": [q for q in questions if half(q) == "A"], "B": [q for q in questions if half(q) == "B"]}
    sections = sections_text(db)
    rankers = [("fts5", Fts5Ranker(sections)), ("whoosh", WhooshDefaultRanker(sections)), ("ours", OurRanker(db))]

    print(f"rules lookup bench: {len(questions)} questions ({args.questions.name}), {len(sections)} sections")
    print(f"halves: A (odd ids, tuned on) n={len(halves['A'])}, B (even ids, held out) n={len(halves['B'])}")
    print()
    print(f"| ranker | top-1 | top-3 | MRR@10 | top-1 A | top-1 B | top-3 A | top-3 B |")
    print(f"|---|---|---|---|---|---|---|---|")
    results = {}
    for label, ranker in rankers:
        everything = score(ranker, questions)
        a, b = score(ranker, halves["A"]), score(ranker, halves["B"])
        results[label] = everything
        print(
            f"| {ranker.name} | {everything['top1']:.3f} | {everything['top3']:.3f} | {everything['mrr']:.3f} "
            f"| {a['top1']:.3f} | {b['top1']:.3f} | {a['top3']:.3f} | {b['top3']:.3f} |"
        )
    print()
    median, p95 = warm_latency(db, questions)
    print(f"| latency | value |")
    print(f"|---|---|")
    print(f"| warm `index.search`, in process: median | {median:.2f} ms |")
    print(f"| warm `index.search`, in process: p95 | {p95:.2f} ms |")
    if not args.no_cold:
        bare, ask, ratio = cold_ratio(questions, args.runs)
        print(f"| `python -c pass`: median of {args.runs} | {bare:.0f} ms |")
        print(f"| cold `referee ask --json`: median of {args.runs} | {ask:.0f} ms |")
        print(f"| cold ask / bare interpreter | {ratio:.1f}x |")
    if args.verbose:
        print("\nours, not first:")
        for qid, rank, text, expect, got in results["ours"]["misses"]:
            print(f"  {qid} [{half({'id': qid})}] rank={rank} {text!r}\n      want {expect}\n      got  {got}")


if __name__ == "__main__":
    main()
