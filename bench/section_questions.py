"""Write index/section_questions.tsv: the players' questions of the bench's blind sets, each with the
section its writer said settles it first, as training rows for the lookup's classifiers
(index.classifier). A set is added once it has been scored blind (before and after the change it
measured) and read; the bench then scores it with classifiers trained without it (leave one set
out), so its row still says how the lookup does on questions it never learned from.

    .venv/bin/python bench/section_questions.py              # rewrite the sets already in the file
    .venv/bin/python bench/section_questions.py fresh16      # ... and add bench/questions_fresh16.jsonl
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "index" / "section_questions.tsv"
HEADER = """\
# Players' questions with the section that settles them first: the bench's blind question sets
# (bench/questions_fresh*.jsonl), each written by an engineer who had read only the rules, added
# here after the set was scored blind and read. Training rows of the section classifier
# (index/classifier.py), never searched as text and never quoted. Written by bench/section_questions.py;
# the note names the set and question (the bench leaves a set's rows out when it scores that set),
# then the passages its writer said decide it (the statements holding them are the quote classifier's
# labels).
#
#   KEY<TAB>question<TAB># set id<TAB>deciding passage<TAB>...
"""


def rows(paths) -> list[str]:
    out = []
    for path in paths:
        name = path.stem.replace("questions_", "")
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                q = json.loads(line)
                text = " ".join(q["q"].split())  # one line, no tabs
                passages = "".join(f"\t{' '.join(d.split())}" for d in q.get("decide", ()))
                out.append(f"{q['expect'][0]}\t{text}\t# {name} {q['id']}{passages}")
    return out


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from index.classifier import bench_questions

    names = {name for _key, _text, name, _passages in bench_questions()} | set(sys.argv[1:])
    paths = sorted(
        (ROOT / "bench" / f"questions_{name}.jsonl" for name in names), key=lambda p: int(re.sub(r"\D", "", p.stem) or 1)
    )
    missing = [str(p.relative_to(ROOT)) for p in paths if not p.exists()]
    if missing:
        sys.exit(f"no such set: {', '.join(missing)}")
    lines = rows(paths)
    TARGET.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{TARGET.relative_to(ROOT)}: {len(lines)} questions from {len(paths)} sets", file=sys.stderr)


if __name__ == "__main__":
    main()
