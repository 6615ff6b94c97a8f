"""Every ruling of the golden games (tests/golden/*.game), as JSON lines, and what changed between two runs.

    .venv/bin/python bench/golden_rulings.py dump OUT.jsonl     # the rulings of this checkout
    .venv/bin/python bench/golden_rulings.py diff A.jsonl B.jsonl
    .venv/bin/python bench/golden_rulings.py measure A.jsonl [REFERENCE.jsonl]

Each move step of each golden script is played through the CLI with `--json`; a line holds the script, the step, the
command, its exit code, and the ruling's verdict: legal, the refusals' ids, the first citation (the deciding one), the
consequences and the interpretations. `diff` counts the rulings whose verdict, first citation, consequences or
interpretations differ, and prints each. `measure` gives two shares: of the rulings, those whose first citation is
the deciding one the judge recorded (`decided_by`; taken from REFERENCE, a dump of a checkout that records it, for a
dump made before it did), and of the legal rulings that change something, those whose short form (`short`, at 80
columns) shows a quote. A script whose earlier step changed its outcome changes the state of the
steps after it: those are listed too, under the step that diverged first.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.game"))


def steps_of(path: Path) -> list[list[str]]:
    steps = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("$"):
            steps.append(shlex.split(line[1:].strip()))
    return steps


def dump(out: Path) -> None:
    os.environ["REFEREE_HOME"] = tempfile.mkdtemp(prefix="referee-golden-")
    os.environ.pop("REFEREE_GAME", None)
    from typer.testing import CliRunner

    from referee.cli import app
    from referee.game_display import short_ruling
    from referee.notation import command_of

    runner = CliRunner()
    rows = []
    for path in GOLDEN:
        for number, argv in enumerate(steps_of(path), 1):
            found = command_of(argv)
            is_move = found is not None and not (found[0] == "deck" and len(argv) < 3) and argv[0] != "new"
            if not is_move or "--json" in argv:
                runner.invoke(app, argv)
                continue
            result = runner.invoke(app, [*argv, "--json"])
            row = {"game": path.stem, "step": number, "argv": shlex.join(argv), "exit": result.exit_code}
            try:
                ruling = json.loads(result.stdout)
            except ValueError:
                row["output"] = result.output.strip()[:300]
            else:
                ruling = ruling.get("ruling", ruling)
                citations = ruling.get("citations") or []
                row.update(legal=ruling.get("legal"),
                           refusals=[v.get("id") for v in ruling.get("violations", [])],
                           first=(f"{citations[0]['key']}: {citations[0]['quote']}" if citations else None),
                           consequences=ruling.get("consequences", []),
                           interpretations=[i.get("id") for i in ruling.get("interpretations", [])],
                           short=[line.plain for line in short_ruling(ruling, 80)] if "applied" in ruling else [])
                if ruling.get("decided_by"):
                    row["decided_by"] = f"{ruling['decided_by']['key']}: {ruling['decided_by']['quote']}"
            rows.append(row)
    out.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} rulings of {len(GOLDEN)} golden games -> {out}")


def diff(a: Path, b: Path) -> None:
    def load(path):
        return {(r["game"], r["step"]): r for r in map(json.loads, path.read_text(encoding="utf-8").splitlines())}

    before, after = load(a), load(b)
    fields = ("exit", "legal", "refusals", "first", "consequences", "interpretations")
    changed = 0
    for key in sorted(before.keys() | after.keys()):
        old, new = before.get(key, {}), after.get(key, {})
        moved = [f for f in fields if old.get(f) != new.get(f)]
        if old.get("argv") != new.get("argv"):
            moved = ["argv", *moved]
        if not moved:
            continue
        changed += 1
        print(f"{key[0]} step {key[1]}: `{new.get('argv') or old.get('argv')}`")
        for field in moved:
            print(f"    {field}: {old.get(field)!r}\n      -> {new.get(field)!r}")
    print(f"{changed} of {len(after)} rulings changed ({len(before)} before)")


def measure(path: Path, reference: Path | None = None) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    ref = {(r["game"], r["step"]): r for r in map(json.loads, (reference or path).read_text(encoding="utf-8").splitlines())}
    judged = [r for r in rows if r.get("legal") is not None]  # a ruling, not bad input (exit 2)
    deciding = [r for r in judged if r["first"] and r["first"] == ref.get((r["game"], r["step"]), {}).get("decided_by")]
    changing = [r for r in judged if r["legal"] and r["consequences"]]
    quoted = [r for r in changing if any(" > " in line for line in r.get("short", []))]
    print(f"first citation is the judge's deciding one: {len(deciding)}/{len(judged)} = {len(deciding) / len(judged):.0%}")
    print(f"legal rulings that change something and show a quote: {len(quoted)}/{len(changing)} = "
          f"{len(quoted) / len(changing):.0%}")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "dump":
        dump(Path(sys.argv[2]))
    elif len(sys.argv) == 4 and sys.argv[1] == "diff":
        diff(Path(sys.argv[2]), Path(sys.argv[3]))
    elif len(sys.argv) in (3, 4) and sys.argv[1] == "measure":
        measure(Path(sys.argv[2]), Path(sys.argv[3]) if len(sys.argv) == 4 else None)
    else:
        sys.exit(__doc__)
