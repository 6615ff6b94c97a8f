"""The game file: one SQLite file per game, an append-only log of moves with their rulings.

State is the fold of the live moves' effects. Every move is ONE transaction opened with
`BEGIN IMMEDIATE` on a plain sqlite3 connection in autocommit mode: the write lock is taken
before the state is read, so two terminals cannot both read move N and both write move N+1.
(sqlite-utils' `atomic()` opens a deferred transaction, and it is slow to import.)
"""

from __future__ import annotations

import json
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import ClassVar

from referee.deferred import deferred
from referee.errors import GameBusy, GameFileError, IllegalMove, NoGame, NothingToUndo
from referee.moves import Move, move_from_json, move_to_json
from referee.ruling import Ruling
from referee.state import GameState, TableSettings, transition

__all__ = ["GameStore", "Played", "LoggedMove", "games_dir", "current_game_path", "resolve_game_path", "FORMAT",
           "new_game_path", "known_games", "set_current_game"]

FORMAT = "referee-game/1"
# (game file, created) -> (last move number, moves undone, state after them, that move's text): the
# session's fold cache; the text check catches a different game written at the same path.
_FOLDS: dict[tuple[str, str], tuple[int, int, GameState, str | None]] = {}
BUSY_TIMEOUT_S = 10.0

SCHEMA = """
create table meta (key text primary key, value text not null);
create table moves (
    n integer primary key,          -- the move number the table sees
    move text not null,             -- the Move, as JSON
    ruling text not null,           -- the Ruling (violations, consequences, citations), as JSON
    effects text not null,          -- the trusted transition replay folds
    override text,                  -- the table's reason, when a refused move was applied anyway
    at text not null,
    undone integer not null default 0,
    undone_at text
);
"""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# --- where games live ------------------------------------------------------------------------------


def games_dir() -> Path:
    from rulesdb.store import data_dir  # the one place that knows REFEREE_HOME / platformdirs

    return data_dir() / "games"


def current_game_path() -> Path:
    """The file that names the current game (a pointer, so games can live anywhere)."""
    return games_dir().parent / "current-game"


def resolve_game_path(explicit: str | os.PathLike | None) -> Path:
    """--game PATH, else $REFEREE_GAME, else the current game; raises NoGame."""
    if explicit:
        return Path(explicit)
    if os.environ.get("REFEREE_GAME"):
        return Path(os.environ["REFEREE_GAME"])
    pointer = current_game_path()
    if pointer.is_file():
        text = pointer.read_text(encoding="utf-8").strip()
        if text:
            return Path(text)
    raise NoGame("no game chosen: start one with `referee new`, or pass --game PATH / set REFEREE_GAME")


def new_game_path(players=(), name: str | None = None) -> Path:
    """A new game file in the games folder with a readable name: `name`, else the Players and the date
    ("mara-ivo-jun-2026-12-01"), numbered when taken."""
    import re
    import unicodedata

    def slug(text: str) -> str:
        text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
        return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")

    stem = slug(name) if name else "-".join([*(slug(p) for p in players[:4]), datetime.now().strftime("%Y-%m-%d")])
    stem = stem.strip("-")[:60] or "game"
    path = games_dir() / f"{stem}.sqlite"
    n = 1
    while path.exists():
        n += 1
        path = games_dir() / f"{stem}-{n}.sqlite"
    return path


def known_games() -> list[Path]:
    """The games in the games folder, and the current game wherever it lives, oldest first."""
    folder = games_dir()
    found = sorted(folder.glob("*.sqlite"), key=lambda p: p.stat().st_mtime) if folder.is_dir() else []
    try:
        current = resolve_game_path(None)
    except NoGame:
        current = None
    if current is not None and current.is_file() and all(current.resolve() != p.resolve() for p in found):
        found.append(current)
    return found


# --- the log ------------------------------------------------------------------------------------------


@deferred(frozen=True)
class Played:
    """A move the game file took: its ruling, its number, and the table's reason when it was overridden."""

    applied: ClassVar[bool] = True  # what a ruling shown without being played says otherwise (game_display.Shown)
    ruling: Ruling
    number: int
    override: str | None = None


@deferred(frozen=True)
class LoggedMove:
    number: int
    move: Move
    ruling: dict
    override: str | None
    at: str
    undone: bool


class GameStore:
    """One game file. Open it with `GameStore(path)`; make one with `GameStore.create`."""

    def __init__(self, path: str | os.PathLike, *, read_only: bool = False):
        self.path = Path(path)
        if not self.path.is_file():
            raise GameFileError(f"no game file at {self.path}")
        try:
            self._db = self._connect(self.path, read_only=read_only)
            meta = dict(self._db.execute("select key, value from meta").fetchall())
        except sqlite3.DatabaseError as error:
            raise GameFileError(f"{self.path} is not a referee game file ({error})") from error
        if meta.get("format") != FORMAT:
            raise GameFileError(f"{self.path} is not a referee game file (format {meta.get('format')!r})")
        try:
            self.settings = TableSettings.from_json(json.loads(meta["settings"]))
        except (KeyError, TypeError, ValueError) as error:
            raise GameFileError(f"{self.path}: the table settings are damaged ({error})") from None
        self.created = meta.get("created", "")

    @staticmethod
    def _connect(path: Path, *, read_only: bool = False) -> sqlite3.Connection:
        # read_only: SQLite itself refuses every write on this connection (the board, a watcher)
        target = f"{path.resolve().as_uri()}?mode=ro" if read_only else path
        db = sqlite3.connect(target, isolation_level=None, timeout=BUSY_TIMEOUT_S, uri=read_only)
        db.execute(f"pragma busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        return db

    @classmethod
    def create(cls, path: str | os.PathLike, settings: TableSettings) -> "GameStore":
        path = Path(path)
        if path.exists():
            raise GameFileError(f"{path} already exists; choose another --game PATH")
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".creating")
        tmp.unlink(missing_ok=True)
        db = cls._connect(tmp)
        try:
            db.execute("pragma journal_mode = wal")
            db.execute("begin immediate")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.executemany(
                "insert into meta (key, value) values (?, ?)",
                [("format", FORMAT), ("settings", json.dumps(settings.to_json())), ("rules_hash", settings.rules_hash),
                 ("created", _now())],
            )
            db.execute("commit")
            db.execute("pragma wal_checkpoint(truncate)")
        finally:
            db.close()
        for suffix in ("-wal", "-shm"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
        tmp.rename(path)  # a half-made game never appears under its real name
        return cls(path)

    def close(self) -> None:
        self._db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- reading --------------------------------------------------------------------------------

    def _fold(self) -> GameState:
        """The fold of the live moves. Within one process (the session) the last fold is kept and
        only moves logged since are folded onto a copy of it; an undo anywhere means a full fold."""
        import copy

        last, undone = self._db.execute("select coalesce(max(n), 0), count(undone_at) from moves").fetchone()
        key = (str(self.path.resolve()), self.created)
        cached = _FOLDS.get(key)
        if cached is not None and cached[1] == undone and cached[0] <= last and cached[3] == self._move_text(cached[0]):
            state, start = copy.deepcopy(cached[2]), cached[0]
        else:
            state, start = GameState.initial(self.settings), 0
        rows = self._db.execute("select n, effects from moves where undone = 0 and n > ? order by n", (start,))
        for n, effects in rows:
            try:
                transition(state, json.loads(effects))
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
                raise GameFileError(
                    f"{self.path}: move {n} cannot be replayed ({type(error).__name__}: {error});"
                    " the file is damaged or was written by a newer referee"
                ) from None
        _FOLDS[key] = (last, undone, copy.deepcopy(state), self._move_text(last))
        return state

    def _move_text(self, n: int) -> str | None:
        row = self._db.execute("select move || at from moves where n = ?", (n,)).fetchone()
        return row[0] if row else None

    def load(self) -> GameState:
        """The current state: the fold of every live move."""
        return self._fold()

    def data_version(self) -> int:
        """Changes whenever another connection commits to the game file: a cheap "did a move land?"."""
        return self._db.execute("pragma data_version").fetchone()[0]

    def history(self, *, last: int | None = None, numbers=None) -> list[LoggedMove]:
        """The log, oldest first: every move, or the `last` N, or the moves `numbers` names."""
        query = "select n, move, ruling, override, at, undone from moves"
        if numbers is not None:
            numbers = [int(n) for n in numbers]
            rows = self._db.execute(f"{query} where n in ({','.join('?' * len(numbers))}) order by n",
                                    numbers).fetchall()
        elif last is not None:
            rows = self._db.execute(f"select * from ({query} order by n desc limit ?) order by n", (last,)).fetchall()
        else:
            rows = self._db.execute(f"{query} order by n").fetchall()
        try:
            return [
                LoggedMove(n, move_from_json(json.loads(move)), json.loads(ruling), override, at, bool(undone))
                for n, move, ruling, override, at, undone in rows
            ]
        except (KeyError, TypeError, ValueError) as error:
            raise GameFileError(f"{self.path}: the move log is damaged ({type(error).__name__}: {error})") from None

    def _begin(self) -> None:
        """Take the write lock before reading: BEGIN IMMEDIATE, waiting up to the busy timeout."""
        try:
            self._db.execute("begin immediate")
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise GameBusy(
                    f"{self.path} is busy: another terminal is writing a move; try again"
                ) from None
            raise GameFileError(f"{self.path}: {error}") from None

    # --- writing: one transaction per move --------------------------------------------------------

    def play(self, move: Move, *, override: str | None = None) -> Played:
        """Judge `move` on the current state and log it when legal (or overridden with a reason).

        Raises IllegalMove (CannotApply when not even an override could apply it). A refused move, or any error,
        leaves the file exactly as it was.
        """
        from referee import engine  # only moves need the rule code; status and history do not

        self._begin()
        try:
            try:  # the engine decides: refused unless legal or overridden; CannotApply when nothing would apply
                ruling = engine.apply(self._fold(), move, override=override)
            except IllegalMove:
                self._db.execute("rollback")
                raise
            record = ruling.to_json()
            if not ruling.legal:
                record["override"] = {"reason": override,
                                      "refused_citations": [c.to_json() for c in ruling.refused_citations]}
            cursor = self._db.execute(
                "insert into moves (move, ruling, effects, override, at) values (?, ?, ?, ?, ?)",
                (json.dumps(move_to_json(move)), json.dumps(record), json.dumps(list(ruling.effects)),
                 override if not ruling.legal else None, _now()),
            )
            self._db.execute("commit")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("rollback")
            raise
        return Played(ruling, number=cursor.lastrowid, override=override if not ruling.legal else None)

    def undo(self, number: int | None = None, *, expect: int | None = None) -> list[int]:
        """Take back the last live move, or move `number` and every live move after it.

        `expect`: the number the table believes is the last live move; when another move came last (someone else
        typed one), nothing is undone (NothingToUndo). Undone moves stay in the log, marked undone. Returns the
        numbers taken back.
        """
        self._begin()
        try:
            live = [n for (n,) in self._db.execute("select n from moves where undone = 0 order by n")]
            if not live:
                raise NothingToUndo("nothing to undo: no move has been played")
            if expect is not None and live[-1] != expect:
                raise NothingToUndo(f"the last move is #{live[-1]}, not #{expect}: nothing undone (another move came "
                                    f"in; `referee history --last 3` shows it)")
            if number is None:
                taken = [live[-1]]
            elif number not in live:
                raise GameFileError(f"move {number} is not a live move (live moves: {live[0]}..{live[-1]})")
            else:
                taken = [n for n in live if n >= number]
            self._db.executemany("update moves set undone = 1, undone_at = ? where n = ?",
                                 [(_now(), n) for n in taken])
            self._db.execute("commit")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("rollback")
            raise
        return taken

    def redo(self) -> int:
        """Play again the earliest move undone after the last live move (undo's inverse); its number is kept.
        NothingToUndo when there is none, or when a move was played since it was undone (that would rewrite
        what happened after it)."""
        self._begin()
        try:
            last_live = self._db.execute("select coalesce(max(n), 0) from moves where undone = 0").fetchone()[0]
            row = self._db.execute("select min(n) from moves where undone = 1 and n > ?", (last_live,)).fetchone()
            if row[0] is None:
                raise NothingToUndo("nothing to redo: no move was undone since the last move")
            self._db.execute("update moves set undone = 0, undone_at = null where n = ?", (row[0],))
            self._db.execute("commit")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("rollback")
            raise
        return row[0]


def set_current_game(path: Path) -> None:
    pointer = current_game_path()
    pointer.parent.mkdir(parents=True, exist_ok=True)
    tmp = pointer.with_name(pointer.name + ".tmp")
    tmp.write_text(str(Path(path).resolve()) + "\n", encoding="utf-8")
    tmp.replace(pointer)
