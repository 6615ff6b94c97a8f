"""Writing a file the table asked for (a position, a board snapshot): whole or not at all, and never over a file
that is not plainly the same kind of output (a game file, the rules, someone's notes)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["write_whole", "OutputRefused", "SQLITE_HEADER"]

SQLITE_HEADER = b"SQLite format 3\x00"  # every game file and rules database starts so


class OutputRefused(ValueError):
    """The file named for an output holds something else (a game, the rules, other text): it is not overwritten."""


def write_whole(target: Path, text: str, *, kind: str, marker: str, force: bool = False,
                never: Path | None = None) -> None:
    """Write `text` to `target` under a temporary name, then rename it into place, so a half-written file never
    appears under its name. A target that is not a regular file (/dev/null, a pipe) is written to, never replaced:
    a rename would put a plain file where the device was.

    An existing non-empty file is replaced only when it is plainly the same `kind` of output (its first 4 KiB hold
    `marker`, in any case), or with `force`; `never` (the game being read) is never replaced. Text that cannot be UTF-8 (argv's
    undecodable bytes, kept in the log) is written with U+FFFD in their place. OutputRefused, or OSError when it
    cannot be written."""
    target = Path(target)
    data = "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in text).encode("utf-8")
    if target.exists() and not target.is_file():
        if target.is_dir():
            raise IsADirectoryError(21, "Is a directory", str(target))
        with open(target, "wb") as out:
            out.write(data)
        return
    from rulesdb.cache import GAME_FOLDER, remove_abandoned, temporary_name

    _refuse_overwriting(target, kind=kind, marker=marker, force=force, never=never)
    remove_abandoned(target.parent, GAME_FOLDER)  # what a killed output left here
    tmp = temporary_name(target)
    try:
        tmp.write_bytes(data)
        tmp.replace(target)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def _refuse_overwriting(target: Path, *, kind: str, marker: str, force: bool, never: Path | None) -> None:
    if not target.is_file():
        return
    if never is not None and target.resolve() == Path(never).resolve():
        raise OutputRefused(f"{target} is the game file itself: a {kind} is never written over it")
    with open(target, "rb") as existing:
        head = existing.read(4096)
    if not head or marker.lower().encode("utf-8") in head.lower():
        return
    if head.startswith(SQLITE_HEADER):
        what = "a SQLite database (a referee game or a rules file)"
    else:
        what = f"not a {kind}"
    if not force:
        raise OutputRefused(f"{target} is {what}: a {kind} is not written over it; name another file, or add --force "
                            f"to replace it")
