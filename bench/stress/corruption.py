"""Corruption campaign: damaged game files, rules caches and lookup indexes, through the real CLI.

    .venv/bin/python bench/stress/corruption.py

Game file variants (each on a copy of a 20-move game): truncated, zeroed pages, garbage, emptied, a
folder, a foreign SQLite file, the rules cache given as a game, a read-only file, symlinks, a Rules
Variable edited, undone marks flipped, and every page of the file zeroed and with bytes flipped, one
at a time. Every command must exit 0 (a game that is still whole) or 2 naming the file and what to
do, print no traceback, and leave the file byte for byte as it was; once a command has reported the
damage, no move may be recorded in it. Rules cache and index variants (zeroed page,
byte flips, truncated, garbage, emptied, a folder in its place, a dropped table, files deleted): the
next command answers exactly as with a clean cache, which it rebuilds.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import environment, new_game, read_only_mount, referee, scratch  # noqa: E402

GAME_COMMANDS = (["status"], ["status", "--json"], ["history"], ["damage", "ann", "1"], ["undo"], ["inventory"])


def _zero(path: Path, start: int, length: int = 4096) -> None:
    data = bytearray(path.read_bytes())
    data[start:start + length] = bytes(min(length, max(0, len(data) - start)))
    path.write_bytes(bytes(data))


def _flip(path: Path, rng: random.Random, count: int = 8) -> None:
    data = bytearray(path.read_bytes())
    for _ in range(count):
        at = rng.randrange(100, len(data))
        data[at] ^= 1 << rng.randrange(8)
    path.write_bytes(bytes(data))


def _foreign(path: Path) -> None:
    path.unlink()
    db = sqlite3.connect(path)
    db.execute("create table photos (id integer primary key, name text)")
    db.execute("insert into photos (name) values ('holiday')")
    db.commit()
    db.close()


def _sql(statement: str):
    def damage(path: Path) -> None:
        db = sqlite3.connect(path)
        db.execute(statement)
        db.commit()
        db.close()
    return damage


def _flip_in_page(page: int, rng: random.Random):
    def damage(path: Path) -> None:
        data = bytearray(path.read_bytes())
        for _ in range(8):
            data[page * 4096 + rng.randrange(100 if page == 0 else 0, 4096)] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
    return damage


def page_variants(rng: random.Random, pages: int) -> dict:
    """Every page of the game file zeroed, and every page with 8 bits flipped, one at a time."""
    def keep(fn):
        def damage(path, folder):
            fn(path)
            return path
        return damage

    return {**{f"page {page} zeroed": (keep(lambda p, page=page: _zero(p, page * 4096)), False)
               for page in range(pages)},
            **{f"page {page} bytes flipped": (keep(_flip_in_page(page, rng)), False) for page in range(pages)}}


def game_variants(rng: random.Random, home: Path) -> dict:
    """name -> (damage(path, folder) returning the path to pass as --game, whether the game is still whole)."""
    def at(fn, whole=False):
        return fn, whole

    def keep(fn):
        def damage(path, folder):
            fn(path)
            return path
        return damage

    def folder_instead(path, folder):
        path.unlink()
        path.mkdir()
        return path

    def rules_cache_as_game(path, folder):
        return next((home / "cache").glob("rules-*.sqlite"))

    def symlink(path, folder):
        link = folder / "link.sqlite"
        link.unlink(missing_ok=True)
        link.symlink_to(path)
        return link

    def dangling(path, folder):
        link = folder / "dangling.sqlite"
        link.unlink(missing_ok=True)
        link.symlink_to(folder / "nowhere.sqlite")
        return link

    def read_only(path, folder):
        path.chmod(0o444)
        folder.chmod(0o555)
        return path

    def mounted_read_only(path, folder):
        view = folder.parent / "read-only-view"
        view.mkdir(exist_ok=True)
        prefix = read_only_mount(folder, view)
        return (view / path.name, prefix) if prefix else path

    return {
        "on a read-only mount": at(mounted_read_only, whole=True),
        "truncated to half": at(keep(lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2]))),
        "truncated to 100 bytes": at(keep(lambda p: p.write_bytes(p.read_bytes()[:100]))),
        "header zeroed": at(keep(lambda p: _zero(p, 0, 100))),
        "a page zeroed (the log)": at(keep(lambda p: _zero(p, p.read_bytes().index(b'"type": "gain"') // 4096 * 4096))),
        "last page zeroed": at(keep(lambda p: _zero(p, (p.stat().st_size // 4096 - 1) * 4096))),
        "bytes flipped": at(keep(lambda p: _flip(p, rng))),
        "garbage": at(keep(lambda p: p.write_bytes(bytes(rng.randrange(256) for _ in range(p.stat().st_size))))),
        "emptied": at(keep(lambda p: p.write_bytes(b""))),
        "a folder": at(folder_instead),
        "a foreign SQLite file": at(keep(_foreign)),
        "the rules cache": at(rules_cache_as_game),
        "a symlink to the game": at(symlink, whole=True),
        "a dangling symlink": at(dangling),
        "read-only (mode 444, folder 555)": at(read_only, whole=True),
        "a Rules Variable edited (1 Kaos -> 2 Kaos)": at(keep(_sql(
            """update meta set value = replace(value, '"TURN_ACTION_REFUND": "1 Kaos"', '"TURN_ACTION_REFUND": "2 Kaos"')"""
            " where key = 'settings'"))),
        "the last move marked undone": at(keep(_sql("update moves set undone = 1 where n = (select max(n) from moves)"))),
        "a move in the middle marked undone": at(keep(_sql("update moves set undone = 1 where n = 3"))),
    }


def _snapshot_bytes(path: Path) -> bytes | None:
    return path.read_bytes() if path.is_file() else None


def corrupt_games(rng: random.Random, folder: Path, only=None, moves: int = 20, pages: bool = True) -> dict:
    env = environment(folder / "home")
    template = folder / "template.sqlite"
    new_game(env, template)
    for _ in range(moves):
        assert referee(["gain", "ann", "1", "kaos", "--game", str(template)], env).code == 0
    rows = {}
    variants = game_variants(rng, folder / "home")
    if pages:
        variants.update(page_variants(rng, template.stat().st_size // 4096))
    for name, (damage, whole) in variants.items():
        if only is not None and name not in only:
            continue
        work = folder / "g"
        if work.exists():
            work.chmod(0o755)
            shutil.rmtree(work)
        work.mkdir()
        game = work / "game.sqlite"
        shutil.copy(template, game)
        target, prefix = damage(game, work), ()
        if isinstance(target, tuple):
            target, prefix = target
        tracebacks = unclear = wrong_code = changed_by_reading = recorded = recorded_after = reported = 0
        for command in GAME_COMMANDS:
            moves = command[0] in ("damage", "undo")
            if whole and moves and "read-only" not in name:
                continue  # a whole game takes moves: its bytes would change, rightly
            before = _snapshot_bytes(game)
            run = referee([*command, "--game", str(target)], env, prefix=prefix)
            tracebacks += run.traceback
            said = run.err + run.out
            if whole:  # read: 0; a move on a read-only file: 0 (root writes anyway) or 2 saying it is read-only
                wrong_code += not (run.code == 0 or run.code == 2 and "read-only" in said)
            else:
                wrong_code += run.code not in (0, 2)
                unclear += run.code == 2 and not (str(target) in said and ("referee new" in said or "restore" in said
                                                                          or "--game" in said))
                recorded += moves and run.code == 0 and not reported
                recorded_after += moves and run.code == 0 and reported
                reported = reported or run.code == 2
            changed_by_reading += not moves and _snapshot_bytes(game) != before
        if "mode 444" in name:
            target.chmod(0o644)
            work.chmod(0o755)
        rows[name] = {"tracebacks": tracebacks, "wrong exit codes": wrong_code, "unclear messages": unclear,
                      "changed by a command that reads": changed_by_reading,
                      "moves recorded after the damage was reported": recorded_after,
                      "moves recorded beside damage they do not read": recorded}
    return rows


RULE_QUESTION = ["rules", "show", "CONTESTED_CHECKS", "--json"]
ASK = ["ask", "can I spend kaos on a contested check", "--json"]


def cache_variants(rng: random.Random) -> dict:
    def rules_file(home):
        return next((home / "cache").glob("rules-*.sqlite"))

    def index_dir(home):
        return next(p for p in (home / "cache").glob("lookup-index-*") if p.is_dir())

    def tables(home):
        return index_dir(home) / "referee-index.tables"

    def drop_table(path):
        db = sqlite3.connect(path)
        db.execute("drop table statements")
        db.commit()
        db.close()

    def folder_in_place(path):
        path.unlink()
        path.mkdir()

    def kaos_flip(path):  # the one flip that would change a ruling: "may not" -> "may now"
        data = path.read_bytes()
        at = data.index(b"Kaos may not be spent on Contested Checks.") + len("Kaos may no")
        path.write_bytes(data[:at] + b"w" + data[at + 1:])

    return {
        "rules cache: a page zeroed": (rules_file, lambda p: _zero(p, 4096 * 3)),
        "rules cache: 'may not' flipped to 'may now'": (rules_file, kaos_flip),
        "rules cache: bytes flipped": (rules_file, lambda p: _flip(p, rng)),
        "rules cache: truncated": (rules_file, lambda p: p.write_bytes(p.read_bytes()[:20000])),
        "rules cache: garbage": (rules_file, lambda p: p.write_bytes(os.urandom(p.stat().st_size))),
        "rules cache: emptied": (rules_file, lambda p: p.write_bytes(b"")),
        "rules cache: a table dropped": (rules_file, drop_table),
        "rules cache: a folder in its place": (rules_file, folder_in_place),
        "index: tables bytes flipped": (tables, lambda p: _flip(p, rng, 40)),
        "index: tables page zeroed": (tables, lambda p: _zero(p, p.stat().st_size // 2)),
        "index: tables truncated": (tables, lambda p: p.write_bytes(p.read_bytes()[:1000])),
        "index: tables garbage": (tables, lambda p: p.write_bytes(os.urandom(p.stat().st_size))),
        "index: metadata deleted": (lambda h: index_dir(h) / "referee-index.json", lambda p: p.unlink()),
        "index: metadata a folder": (lambda h: index_dir(h) / "referee-index.json", folder_in_place),
        "index: checksum deleted": (lambda h: index_dir(h) / "referee-index.sha256", lambda p: p.unlink()),
        "index: tables deleted": (tables, lambda p: p.unlink()),
        "index: the whole folder a file": (index_dir, lambda p: (shutil.rmtree(p), p.write_text("x"))),
    }


def corrupt_caches(rng: random.Random, folder: Path, only=None) -> dict:
    home = folder / "cache-home"
    env = environment(home)
    expected = {tuple(c): json.loads(referee(c, env).out) for c in (RULE_QUESTION, ASK)}
    pristine = folder / "pristine-cache"
    shutil.copytree(home / "cache", pristine)
    rows = {}
    for name, (locate, damage) in cache_variants(rng).items():
        if only is not None and name not in only:
            continue
        shutil.rmtree(home / "cache")
        shutil.copytree(pristine, home / "cache")
        damage(locate(home))
        tracebacks = wrong = 0
        for command in (RULE_QUESTION, ASK):
            run = referee(command, env)
            tracebacks += run.traceback
            wrong += run.code != 0 or json.loads(run.out) != expected[tuple(command)]
        rows[name] = {"tracebacks": tracebacks, "wrong answers": wrong}
    return rows


def run(seed: int = 14, games: bool = True, caches: bool = True, only=None, moves: int = 20, pages: bool = True) -> dict:
    """`only`: the names of the variants to run (all when None); `moves`: the damaged games' length; `pages`: also
    every page zeroed and flipped."""
    rng = random.Random(seed)
    folder = scratch("corrupt")
    try:
        return {"game file": corrupt_games(rng, folder, only, moves, pages) if games else {},
                "caches": corrupt_caches(rng, folder, only) if caches else {}}
    finally:
        shutil.rmtree(folder, ignore_errors=True)


INFORMATION = {"moves recorded beside damage they do not read"}  # reported, not failures (docs/stress.md)


def failures(figures: dict) -> int:
    return sum(v for part in figures.values() for row in part.values() for k, v in row.items() if k not in INFORMATION)


def main() -> None:
    figures = run()
    for part, rows in figures.items():
        for name, row in rows.items():
            print(f"corruption / {part} / {name}: " + ", ".join(f"{k} {v}" for k, v in row.items()))
    print(f"corruption: {sum(len(r) for r in figures.values())} variants, {failures(figures)} failures (goal 0)")
    raise SystemExit(1 if failures(figures) else 0)


if __name__ == "__main__":
    main()
