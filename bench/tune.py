"""Choose the lookup's ranking weights on many questions, check them on questions not used.

    .venv/bin/python bench/tune.py                 # coordinate ascent, then the report
    .venv/bin/python bench/tune.py --rounds 0      # only score the current weights

The question sets (dev, bench/questions_fresh.jsonl, bench/questions_fresh2.jsonl, ...) are
split by id: odd ids train, even ids are held out. Coordinate ascent moves one weight of
`index.weights.Weights` at a time over a few multiples of its value and keeps a move only when
it raises the training objective (MRR@10 plus top-1) by more than a tie, never looking at the
held-out half. The report prints both halves for the weights before and after, so a gain on
the training half that the held-out half does not share shows up as what it is: fitting.

It prints; it changes no file. Copy the weights it finds into `Weights` by hand, if they hold.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import fields, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.lookup import DEFAULT_QUESTIONS, FRESH_QUESTIONS, MORE_FRESH, half, load_questions  # noqa: E402

# Weights that only choose quotes: they never change a ranking, so they are not searched.
QUOTE_ONLY = frozenset({"titled", "quote_ratio", "distinct", "saturate", "kind_low", "asked_quote",
                        "negation", "enumeration", "dedupe"})
FACTORS = (0.0, 0.5, 0.75, 1.33, 2.0)


def question_sets(extra: list[Path]) -> dict[str, list[dict]]:
    sets = {"dev": load_questions(DEFAULT_QUESTIONS), "fresh": load_questions(FRESH_QUESTIONS)}
    for path in extra:
        sets[path.stem] = load_questions(path)
    return sets


class Scorer:
    """Ranks with one open index whose weights are swapped: term scores are cached once."""

    def __init__(self, db):
        from index.lookup import RulesIndex

        self.lookup = RulesIndex(db)

    def ranks(self, weights, questions) -> list[int | None]:
        from index import LookupFailure

        self.lookup.weights = weights
        out = []
        for q in questions:
            try:
                ranked = self.lookup.rank(q["q"]).ranked
            except LookupFailure:
                ranked = []
            keys = [key for key, _score, _found in ranked[:10]]
            out.append(next((i for i, key in enumerate(keys, 1) if key in q["expect"]), None))
        return out


def summary(ranks: list[int | None]) -> tuple[float, float, float]:
    n = len(ranks) or 1
    return (sum(r == 1 for r in ranks) / n, sum(r is not None and r <= 3 for r in ranks) / n,
            sum(1.0 / r for r in ranks if r) / n)


def objective(ranks) -> float:
    top1, _top3, mrr = summary(ranks)
    return top1 + mrr


def ascend(scorer: Scorer, weights, train: list[dict], rounds: int):
    best = objective(scorer.ranks(weights, train))
    names = [f.name for f in fields(weights) if f.name not in QUOTE_ONLY]
    for round_ in range(rounds):
        moved = False
        for name in names:
            value = getattr(weights, name)
            for factor in FACTORS:
                candidate = replace(weights, **{name: round(value * factor, 4)})
                if candidate == weights:
                    continue
                got = objective(scorer.ranks(candidate, train))
                if got > best + 1e-6:
                    print(f"  round {round_ + 1}: {name} {value} -> {getattr(candidate, name)}  objective {best:.3f} -> {got:.3f}")
                    weights, best, moved = candidate, got, True
                    value = getattr(weights, name)
        if not moved:
            break
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--extra", type=Path, nargs="*", default=MORE_FRESH)
    parser.add_argument("--skip", nargs="*", default=(), metavar="SET",
                        help="leave these blind sets out (e.g. fresh6): a held-out set nobody may tune on")
    args = parser.parse_args()
    os.environ.setdefault("REFEREE_HOME", tempfile.mkdtemp(prefix="referee-tune-"))
    from index.weights import Weights
    from rulesdb import open_rules

    sets = question_sets([p for p in args.extra if p.stem.replace("questions_", "") not in set(args.skip)])
    train = [q for qs in sets.values() for q in qs if half(q) == "A"]
    held = [q for qs in sets.values() for q in qs if half(q) == "B"]
    scorer = Scorer(open_rules())
    before = Weights()
    print(f"train (odd ids) n={len(train)}, held out (even ids) n={len(held)}; sets: {', '.join(sets)}")
    after = ascend(scorer, before, train, args.rounds) if args.rounds else before
    print()
    print("| weights | set | n | top-1 | top-3 | MRR@10 |")
    print("|---|---|---|---|---|---|")
    for label, weights in (("current", before), ("tuned", after)):
        for name, qs in [("train", train), ("held out", held)] + [(n, qs) for n, qs in sets.items()]:
            top1, top3, mrr = summary(scorer.ranks(weights, qs))
            print(f"| {label} | {name} | {len(qs)} | {top1:.3f} | {top3:.3f} | {mrr:.3f} |")
    changed = {f.name: (getattr(before, f.name), getattr(after, f.name)) for f in fields(before)
               if getattr(before, f.name) != getattr(after, f.name)}
    print()
    print(f"changed: {changed or 'nothing'}")


if __name__ == "__main__":
    main()
