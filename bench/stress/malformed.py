"""Malformed rule documents through `referee rules add` (the real CLI, one process each).

    .venv/bin/python bench/stress/malformed.py

Each kind is either refused (exit 2, `FILE:LINE: reason`) with the rules exactly as before (the cache
file, the user's documents, `rules list`), or ingested deliberately (exit 0, said in the table below,
and `ask` still answers). Goal: no traceback, no refusal without a file and line, nothing changed by
a refusal.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import ROOT, environment, referee, scratch  # noqa: E402

HEAD = "File ID\n99_HOUSE_RULES\nHouse Rules\nA document made up for the malformed campaign.\n"
TAIL = "Official attribution\nTest data, not game rules.\n"


def _section(section_id: str, text: str, title: str | None = None) -> str:
    return f"SECTION_ID: {section_id}\n{title or section_id.replace('_', ' ').title()}\nRule\n{text}\n"


VALID = HEAD + _section("HOUSE_KAOS", "A Player may gain 1 Kaos.") + TAIL


def kinds(rng: random.Random) -> dict[str, tuple[bytes, str]]:
    """name -> (the document's bytes, what is expected: 'refused' or 'ingested')."""
    official = (ROOT / "rulesdb" / "data" / "003_a3f3c053645d401f.txt").read_bytes()
    prose = (ROOT / "rulesdb" / "data" / "001_2c96af972b186381.txt").read_text(encoding="utf-8")
    return {
        "empty": (b"", "refused"),
        "only whitespace": (b" \n\t\n  \n", "refused"),
        "binary (random bytes)": (bytes(rng.randrange(256) for _ in range(4096)), "refused"),
        "a PNG header": (b"\x89PNG\r\n\x1a\n" + bytes(200), "refused"),
        "UTF-8 BOM": (b"\xef\xbb\xbf" + VALID.encode(), "ingested"),
        "CRLF line ends": (VALID.replace("\n", "\r\n").encode(), "ingested"),
        "NUL bytes inside": (VALID.replace("gain 1", "gain\x001").encode(), "refused"),
        "a lone surrogate (ED A0 80)": (VALID.encode().replace(b"gain", b"g\xed\xa0\x80in"), "refused"),
        "Latin-1, not UTF-8": (VALID.replace("Kaos", "Kaös").encode("latin-1"), "refused"),
        "duplicate SECTION_ID": (HEAD + _section("HOUSE_KAOS", "One.") + _section("HOUSE_KAOS", "Two.") + TAIL,
                                 "refused"),
        "truncated mid-section": ((HEAD + _section("HOUSE_KAOS", "A Player may")).encode()[:-8], "refused"),
        "a section with no statements": (HEAD + "SECTION_ID: EMPTY\nEmpty\n" + _section("HOUSE_KAOS", "Ok.") + TAIL,
                                         "refused"),
        "10 MB": ((HEAD + "".join(_section(f"HOUSE_{i}", f"Rule {i} says a Player may gain 1 Kaos.")
                                  for i in range(160_000)) + TAIL).encode(), "refused"),
        "a 100,000-character line": (HEAD + _section("HOUSE_LONG", "Kaos " * 20_000 + "ends here.") + TAIL,
                                     "ingested"),
        "a 100,000-letter word": (HEAD + _section("HOUSE_WORD", "k" * 100_000 + ".") + TAIL, "ingested"),
        "redefines a loaded DOC_ID (01_CORE_CONCEPTS)": (official, "refused"),
        "reference loop (A -> B -> A, A -> A)": (
            HEAD + _section("LOOP_A", "A Player may gain 1 Kaos.\nRelated rules: LOOP_B, LOOP_A.")
            + _section("LOOP_B", "A Player may lose 1 Kaos.\nRelated rules: LOOP_A.") + TAIL, "ingested"),
        "prose format cut mid-sentence": (prose[: len(prose) // 2].rsplit(" ", 1)[0], "refused"),
        "a JSON file": (json.dumps({"rules": ["kaos"]}).encode(), "refused"),
        "an HTML page": (b"<!doctype html><html><body><h1>Rules</h1></body></html>", "refused"),
        "malformed SECTION_ID": (HEAD + _section("house kaos!", "Ok.") + TAIL, "refused"),
    }


_WHERE = re.compile(r"(?m)^referee: [^\n]*?\.txt:\d+: ")


def run(seed: int = 14, only=None) -> dict:
    """`only`: the names of the kinds to run (all when None)."""
    rng = random.Random(seed)
    folder = scratch("malformed")
    env = environment(folder / "home")
    rules_dir = folder / "home" / "data" / "rules"
    try:
        assert referee(["rules", "list"], env).code == 0
        listed = referee(["rules", "list", "--json"], env).out
        rows = {}
        for name, (data, expected) in kinds(rng).items():
            if only is not None and name not in only:
                continue
            shutil.rmtree(rules_dir, ignore_errors=True)
            assert referee(["rules", "list", "--json"], env).out == listed  # back to the bundled rules
            cache = {p.name: p.read_bytes() for p in (folder / "home" / "cache").glob("rules-*.sqlite")}
            document = folder / f"{re.sub(r'[^a-z0-9]+', '_', name.lower()).strip('_')}.txt"
            document.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
            added = referee(["rules", "add", str(document)], env, timeout=120)
            outcome = {0: "ingested", 2: "refused"}.get(added.code, f"exit {added.code}")
            row = {"outcome": outcome, "as expected": outcome == expected, "traceback": added.traceback,
                   "seconds": round(added.seconds, 1)}
            if outcome == "refused":
                row["names file:line"] = bool(_WHERE.search(added.err))
                after = {p.name: p.read_bytes() for p in (folder / "home" / "cache").glob("rules-*.sqlite")}
                row["rules unchanged"] = (after == cache and not list(rules_dir.glob("*"))
                                          and referee(["rules", "list", "--json"], env).out == listed)
                row["said"] = added.err.strip().splitlines()[-1][:110] if added.err.strip() else ""
            elif outcome == "ingested":
                asked = referee(["ask", "can I gain kaos", "--json"], env, timeout=120)
                row["ask answers"] = asked.code == 0
                row["ask s"] = round(asked.seconds, 1)
            rows[name] = row
        return rows
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def failures(rows: dict) -> int:
    bad = 0
    for row in rows.values():
        bad += row["traceback"] or not row["as expected"]
        bad += row["outcome"] == "refused" and not (row["names file:line"] and row["rules unchanged"])
        bad += row["outcome"] == "ingested" and not row["ask answers"]
    return bad


def main() -> None:
    rows = run()
    for name, row in rows.items():
        print(f"malformed / {name}: " + ", ".join(f"{k} {v}" for k, v in row.items()))
    print(f"malformed: {len(rows)} kinds, {failures(rows)} failures (goal 0)")
    raise SystemExit(1 if failures(rows) else 0)


if __name__ == "__main__":
    main()
