"""How well a mistyped name is recognised: the referee's matcher (referee.parsing.match_choice: exact, a unique
prefix, a unique word of the name, else difflib's suggestions) against rapidfuzz's scorers for the suggestion.

    .venv/bin/python bench/names.py        (rapidfuzz is measured only when it is installed)

Names as a table writes them (cards, Players), typed as players type them: a prefix, a word inside, a letter
swapped, dropped, doubled or replaced (fixed seed). For each input: resolved to the intended name, resolved to a
wrong one (the dangerous case), or refused with the intended name among the suggestions (one y/n away), or not.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

CARDS = ["Iron Axe", "Short Bow", "Long Bow", "Bone Pauldron", "Rusty Sword", "Healing Draught", "Chain Mail",
         "Leather Cap", "Plot Armor (Mara)", "Goblin Spear", "Shield of Dawn", "Shiv", "Club", "Smoke Bomb",
         "Iron Helm", "Boots of Haste", "Lucky Charm", "Mana Potion", "Crossbow", "War Hammer"]
PLAYERS = ["Mara", "Ivo", "Jun", "Tess", "Cleo", "Bram", "Ana", "Marek"]


def typos(rng: random.Random, word: str) -> str:
    letters = list(word)
    i = rng.randrange(len(letters))
    kind = rng.choice(["swap", "drop", "double", "replace"])
    if kind == "swap" and i < len(letters) - 1:
        letters[i], letters[i + 1] = letters[i + 1], letters[i]
    elif kind == "drop" and len(letters) > 3:
        del letters[i]
    elif kind == "double":
        letters.insert(i, letters[i])
    else:
        letters[i] = rng.choice("abcdefghijklmnopqrstuvwxyz")
    return "".join(letters)


def inputs(rng: random.Random, names: list[str]) -> list[tuple[str, str]]:
    out = []
    for name in names:
        plain = name.split(" (")[0].lower()
        out.append((plain[: max(2, len(plain) // 2)], name))  # a prefix
        words = plain.split()
        if len(words) > 1:
            out.append((words[-1], name))  # a word inside
        for _ in range(3):
            out.append((typos(rng, plain), name))
    return out


def ours(text: str, names: list[str]) -> tuple[str | None, tuple[str, ...]]:
    from referee.errors import AmbiguousName, UnknownName
    from referee.parsing import match_choice

    try:
        return match_choice(text, names, what="name"), ()
    except UnknownName as error:
        return None, error.suggestions
    except AmbiguousName as error:
        return None, error.choices


def with_rapidfuzz(scorer_name: str):
    from rapidfuzz import fuzz, process, utils

    scorer = getattr(fuzz, scorer_name)

    def match(text: str, names: list[str]) -> tuple[str | None, tuple[str, ...]]:
        found, suggestions = ours(text, names)
        if found is not None:
            return found, ()
        best = process.extract(text, names, scorer=scorer, processor=utils.default_process, limit=2, score_cutoff=60)
        return None, tuple(name for name, _, _ in best)

    return match


def score(matcher, cases, names) -> dict:
    counts = {"resolved": 0, "wrong": 0, "suggested": 0, "lost": 0}
    started = time.perf_counter()
    for text, intended in cases:
        found, suggestions = matcher(text, names)
        if found == intended:
            counts["resolved"] += 1
        elif found is not None:
            counts["wrong"] += 1
        elif intended in suggestions[:2]:
            counts["suggested"] += 1
        else:
            counts["lost"] += 1
    counts["us_per_name"] = (time.perf_counter() - started) / len(cases) * 1e6
    return counts


def main() -> None:
    rng = random.Random(7)
    sets = {"cards": (CARDS, inputs(rng, CARDS)), "players": (PLAYERS, inputs(rng, PLAYERS))}
    matchers = {"ours (difflib suggestions)": ours}
    try:
        import rapidfuzz  # noqa: F401

        for scorer in ("WRatio", "ratio", "QRatio"):
            matchers[f"ours + rapidfuzz {scorer} suggestions"] = with_rapidfuzz(scorer)
    except ImportError:
        print("(rapidfuzz is not installed: only ours is measured)")
    print(f"{'matcher':<40} {'set':<8} {'n':>4} {'resolved':>9} {'wrong':>6} {'suggested':>10} {'lost':>5} {'µs':>6}")
    for label, matcher in matchers.items():
        for set_name, (names, cases) in sets.items():
            c = score(matcher, cases, names)
            print(f"{label:<40} {set_name:<8} {len(cases):>4} {c['resolved']:>9} {c['wrong']:>6} {c['suggested']:>10} "
                  f"{c['lost']:>5} {c['us_per_name']:>6.0f}")


if __name__ == "__main__":
    main()
