"""Everything the lookup says to every bench question, as JSON lines, and what changed between two runs.

    .venv/bin/python bench/lookup_outputs.py dump OUT.jsonl     # the lookup's outputs of this checkout
    .venv/bin/python bench/lookup_outputs.py diff A.jsonl B.jsonl

For each question of ../shared/eval/*.jsonl and bench/questions_fresh*.jsonl a line holds, byte for byte:
`referee ask QUESTION --json` and `referee ask QUESTION` (through the CLI, default limit, no game), the
whole `index.search` result at limit 10 (its repr: every section, score to the last bit, quote, answer,
correction) and the same with both classifiers trained without the question's own set's rows, as
bench/lookup.py scores a read set (`OurRanker.leaving_out`). `diff` counts the questions whose lines
differ and prints each difference, counting apart the search results whose only change is in their unrounded
scores' last digits. For a change meant to leave answers alone (a faster index): 0 differ.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIELDS = ("ask_json", "ask_text", "search", "held_out")


def question_sets() -> list[tuple[str, Path]]:
    sys.path.insert(0, str(ROOT / "bench"))
    from lookup import DEFAULT_QUESTIONS, FRESH_QUESTIONS, MORE_FRESH

    shared = sorted(DEFAULT_QUESTIONS.parent.glob("*.jsonl"))
    return ([("dev" if p == DEFAULT_QUESTIONS else p.stem, p) for p in shared]
            + [(p.stem.replace("questions_", ""), p) for p in (FRESH_QUESTIONS, *MORE_FRESH)])


def dump(out: Path) -> None:
    os.environ["REFEREE_HOME"] = tempfile.mkdtemp(prefix="referee-lookup-outputs-")
    os.environ.pop("REFEREE_GAME", None)
    sys.path.insert(0, str(ROOT))
    from typer.testing import CliRunner

    from lookup import OurRanker, load_questions
    from referee.cli import app
    from rulesdb import open_rules

    runner = CliRunner()
    sets = question_sets()
    db = open_rules()
    ranker = OurRanker(db)
    rows = []
    for name, path in sets:
        for number, question in enumerate(load_questions(path), 1):
            text = question["q"]
            row = {"set": name, "n": number, "q": text}
            for field, argv in (("ask_json", ["ask", text, "--json"]), ("ask_text", ["ask", text])):
                result = runner.invoke(app, argv)
                row[field] = [result.exit_code, result.stdout]
            row["search"] = repr(ranker.hits(text, 10))
            with ranker.leaving_out(name):
                row["held_out"] = repr(ranker.hits(text, 10))
            rows.append(row)
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    import index
    print(f"{len(rows)} questions of {len(sets)} sets -> {out} (lookup: {Path(index.__file__).parent})")


SCORE = re.compile(r"score=(-?[0-9.e+-]+)")


def _unscored(text: str) -> str:
    return SCORE.sub("score=_", text)


def diff(a: Path, b: Path) -> None:
    """Counts per output; an `index.search` result whose only change is in its unrounded scores (the order terms
    are summed in moves their last digits; no output shows them) is counted apart, with the largest relative change."""
    def load(path):
        return {(r["set"], r["n"]): r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())}

    before, after = load(a), load(b)
    changed, counts, scores_only, largest = 0, dict.fromkeys(FIELDS, 0), 0, 0.0
    for key in sorted(before.keys() | after.keys()):
        old, new = before.get(key, {}), after.get(key, {})
        moved = [f for f in ("q", *FIELDS) if old.get(f) != new.get(f)]
        for field in moved[:]:
            if field in ("search", "held_out") and _unscored(old[field]) == _unscored(new[field]):
                moved.remove(field)
                scores_only += 1
                for x, y in zip(SCORE.findall(old[field]), SCORE.findall(new[field])):
                    largest = max(largest, abs(float(x) - float(y)) / max(abs(float(x)), 1e-300))
        if moved:
            changed += 1
            print(f"{key[0]} #{key[1]}: {', '.join(moved)}: {old.get('q') or new.get('q')}")
            for field in moved:
                counts[field] = counts.get(field, 0) + 1
                print(f"  - {str(old.get(field))[:600]}\n  + {str(new.get(field))[:600]}")
    print(f"{len(before.keys() | after.keys())} questions compared ({len(before)} then, {len(after)} now), "
          f"{changed} differ: " + ", ".join(f"{field} {count}" for field, count in counts.items()))
    print(f"index.search results differing only in unrounded scores: {scores_only} (largest relative change {largest:.1e})")


if __name__ == "__main__":
    command, *paths = sys.argv[1:] or ["help"]
    if command == "dump" and len(paths) == 1:
        dump(Path(paths[0]))
    elif command == "diff" and len(paths) == 2:
        diff(Path(paths[0]), Path(paths[1]))
    else:
        sys.exit(__doc__)
