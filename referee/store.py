"""The game file: one SQLite file per game, an append-only log of moves with their rulings.

State is the fold of the live moves' effects. Every move is ONE transaction opened with
`BEGIN IMMEDIATE` on a plain sqlite3 connection in autocommit mode: the write lock is taken
before the state is read, so two terminals cannot both read move N and both write move N+1.
(sqlite-utils' `atomic()` opens a deferred transaction, and it is slow to import.)

Snapshots keep a cold command's cost flat however long the game: the same transaction that logs
a move writes the state after it (`snapshots`, one row per move kept: the latest, plus one every
CHECKPOINT_EVERY moves so an undo folds at most that many). A snapshot is used only when its
state format is this referee's, the move it was written after is unchanged and still live, and
no move before it has been undone since; otherwise the log is folded from the snapshot before
it, or from the start (a game written before snapshots existed), and the snapshot rewritten.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from referee.effects import effects_from_json, effects_to_json, transition
from referee.errors import GameBusy, GameDamaged, GameFileError, GameMovedOn, NoGame, NothingToUndo
from referee.records import Record, decode, encode
from referee.ruling import Ruling
from referee.state import GameState, TableSettings, state_format, state_from_snapshot, state_to_snapshot

if TYPE_CHECKING:
    from referee.moves import Move

__all__ = ["GameStore", "Played", "LoggedMove", "games_dir", "current_game_path", "resolve_game_path", "FORMAT",
           "new_game_path", "known_games", "set_current_game", "pointed_game", "is_file", "damage_mark", "repair"]

FORMAT = "referee-game/1"  # the log's format; snapshots are an addition older referees ignore
BUSY_TIMEOUT_S = 10.0
CHECKPOINT_EVERY = 100  # moves between kept snapshots: the most an undo or a stale snapshot folds

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
    undone_at text,
    checksum text                   -- of move, ruling, effects, override, at, undone, undone_at (_row_checksum)
);
"""
SNAPSHOTS = """
create table if not exists snapshots (
    n integer primary key,          -- the state after every live move numbered up to n
    format text not null,           -- referee.state.state_format() of the writer
    undone integer not null,        -- moves numbered up to n already undone when it was written
    checksum text not null,         -- of move n's row and the state: the log it was folded from, undamaged
    state text not null             -- referee.state.state_to_snapshot, as JSON
);
create index if not exists moves_undone on moves (n) where undone = 1;
"""


def is_file(path: Path, *, folder: bool = False) -> bool:
    """Path.is_file (is_dir with `folder`), except that a name the file system refuses (over 255 bytes) is no file,
    not an OSError."""
    try:
        return path.is_dir() if folder else path.is_file()
    except OSError:
        return False


def pointed_game() -> Path | None:
    """The game the current-game pointer names, exactly as written (a trailing space, bytes that are not UTF-8)."""
    pointer = current_game_path()
    try:
        data = pointer.read_bytes() if pointer.is_file() else b""
    except OSError:
        data = b""
    text = os.fsdecode(data[:-1] if data.endswith(b"\n") else data)
    return Path(text) if text else None


def _sha256(data: bytes) -> str:
    """SHA-256 in hex. The interpreter's own module when it has one: hashlib loads OpenSSL, 2 ms on every command."""
    try:
        from _sha256 import sha256
    except ImportError:  # pragma: no cover - another Python build
        from hashlib import sha256
    return sha256(data).hexdigest()


def _checksum(*parts: str | None) -> str:
    """The one checksum of the game file: its parts (None as ""), hashed. A logged move, a snapshot and the meta
    table each keep one, verified when read."""
    return _sha256("\x00".join(part or "" for part in parts).encode("utf-8", "surrogatepass"))


def _row_checksum(move: str, ruling: str, effects: str, override: str | None, at: str, undone: int | None = None,
                  undone_at: str | None = None) -> str:
    """A logged move's record, hashed: what it said when it was written, and whether it is undone. A live move's is
    the record alone, as earlier referees computed it (they read live moves as before); an undone move's also covers
    its mark, so a mark flipped either way no longer matches. Without `undone`: the record alone, as a referee before
    the meta table was sealed checked every move (read until the file's first write by this one)."""
    if undone is None or not undone and undone_at is None:
        return _checksum(move, ruling, effects, override, at)
    return _checksum(move, ruling, effects, override, at, f"undone={int(undone)}", undone_at)


def _meta_checksum(meta: dict) -> str:
    """The meta table's rows (the setup, the table settings with the Rules Variables, the undos waiting to be
    redone), hashed: kept under the key `checksum`, which also says every move's checksum covers its undone mark."""
    return _checksum(*(f"{key}={value}" for key, value in sorted(meta.items()) if key != "checksum"))


ROW = "n, move, ruling, effects, override, at, checksum, undone, undone_at"  # a logged move as _verify reads it


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# --- damage: found once, every terminal refuses moves until the file is repaired or restored ------------------


def damage_mark(path: Path) -> Path:
    """The note beside a game file that damage was found in it (what, when): every move is refused while it is
    there; `referee games check` removes it once the file is whole (a copy restored), `--repair` after rebuilding."""
    return Path(path).with_name(f".{Path(path).name}.damaged")


def _how_to_repair(path: Path) -> str:
    import shlex

    where = shlex.quote(str(path))
    return (f"no move is recorded in it until `referee games check --repair --game {where}` rebuilds it from its log "
            f"(the damaged file is kept beside it), or a copy is restored (then `referee games check --game {where}`)")


def _note_damage(path: Path, what: str) -> None:
    """Best effort: a folder that cannot be written refuses moves anyway."""
    with contextlib.suppress(OSError):
        damage_mark(path).write_text(f"{_now()} {what}\n", encoding="utf-8", errors="backslashreplace")


# --- where games live ------------------------------------------------------------------------------


def games_dir() -> Path:
    from rulesdb.folders import data_dir  # the one place that knows REFEREE_HOME / platformdirs

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
    pointed = pointed_game()
    if pointed is not None:
        return pointed
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
    if current is not None and is_file(current) and all(current.resolve() != p.resolve() for p in found):
        found.append(current)
    return found


# --- the log ------------------------------------------------------------------------------------------


class Played(Record, frozen=True):
    """A move the game file took: its ruling, its number, and the table's reason when it was overridden."""

    applied: ClassVar[bool] = True  # what a ruling shown without being played says otherwise (game_display.Shown)
    ruling: Ruling
    number: int
    override: str | None = None


class LoggedMove(Record, frozen=True):
    number: int
    move: Move
    ruling: dict  # as logged (records.encode of the Ruling); referee.Game.history gives it as a Ruling
    override: str | None
    at: str
    undone: bool

    @property
    def ruling_json(self) -> dict:
        return self.ruling


class GameStore:
    """One game file. Open it with `GameStore(path)`; make one with `GameStore.create`."""

    def __init__(self, path: str | os.PathLike, *, read_only: bool = False):
        self.path = Path(path)
        self.read_only = ""  # why moves cannot be recorded ("read-only file system"), or "" when they can
        self._logged_checksums: bool | None = None  # moves logged with a checksum column (read once)
        if not is_file(self.path):
            kind = "a folder" if is_file(self.path, folder=True) else "no file"
            raise GameFileError(f"no game file at {self.path} ({kind} there): check --game / $REFEREE_GAME, or start "
                                f"one with `referee new`")
        try:
            self._db, meta = self._open_meta(read_only)
        except sqlite3.DatabaseError as error:
            raise GameFileError(f"{self.path} is not a referee game file ({error}): check --game / $REFEREE_GAME, "
                                f"or start one with `referee new`; the file is left as it is") from error
        if meta.get("format") != FORMAT:
            raise GameFileError(f"{self.path} is not a referee game file (format {meta.get('format')!r}): check "
                                f"--game / $REFEREE_GAME; the file is left as it is")
        self._sealed = False  # the meta table keeps a checksum, and every move's covers its undone mark
        self._verify_meta(meta)
        try:
            self.settings = decode(TableSettings, json.loads(meta["settings"]))
        except (KeyError, TypeError, ValueError) as error:
            raise self._damage(f"the table settings cannot be read ({error})") from None
        self.created = meta.get("created", "")
        self._format = state_format()
        self._suspect = False  # a snapshot failed its checksum: the file is checked whole before any write

    def _open_meta(self, read_only: bool) -> tuple[sqlite3.Connection, dict]:
        """Connect and read the meta table; a file that can only be read (a read-only mount, a file without write
        permission) opens read-only, its moves refused with the reason."""
        db = self._connect(self.path, read_only=read_only)
        if read_only:
            self.read_only = "read-only connection"
        try:
            return db, dict(db.execute("select key, value from meta").fetchall())
        except sqlite3.OperationalError as error:
            db.close()
            if os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK) and \
                    "readonly" not in str(error) and "unable to open" not in str(error):
                raise
            first = error
        # SQLite needs the -shm file beside a WAL game to read it: where none can be made, read it as it is on disk
        # (immutable), unless moves still wait in its -wal file.
        wal = Path(f"{self.path}-wal")
        immutable = "" if wal.exists() and wal.stat().st_size else "&immutable=1"
        try:
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro{immutable}", uri=True, isolation_level=None)
            meta = dict(db.execute("select key, value from meta").fetchall())
        except sqlite3.DatabaseError:
            if not immutable:
                raise GameFileError(f"{self.path} cannot be opened ({first}): it is read-only and moves still wait in"
                                    f" {wal.name}; open it once where it can be written") from None
            raise first from None
        self.read_only = "read-only file system" if not os.access(self.path.parent, os.W_OK) else "read-only file"
        return db, meta

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
        if is_file(path) or is_file(path, folder=True):
            raise GameFileError(f"{path} already exists; choose another --game PATH")
        from rulesdb.cache import GAME_FOLDER, remove_abandoned, temporary_name

        tmp = temporary_name(path)  # names this process: a killed `new` leaves what the next one removes
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            remove_abandoned(path.parent, GAME_FOLDER)
            db = cls._connect(tmp)
        except (OSError, sqlite3.DatabaseError) as error:
            reason = getattr(error, "strerror", None) or error
            raise GameFileError(f"cannot create a game file at {path}: {reason}") from None
        try:
            db.execute("pragma journal_mode = wal")
            db.execute("begin immediate")
            for statement in (SCHEMA + SNAPSHOTS).split(";"):
                if statement.strip():
                    db.execute(statement)
            meta = {"format": FORMAT, "settings": json.dumps(encode(settings)), "rules_hash": settings.rules_hash,
                    "created": _now()}
            db.executemany("insert into meta (key, value) values (?, ?)",
                           [*meta.items(), ("checksum", _meta_checksum(meta))])
            db.execute("commit")
            db.execute("pragma wal_checkpoint(truncate)")
        except sqlite3.DatabaseError as error:
            raise GameFileError(f"cannot create a game file at {path}: {error}") from None
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

    def _read(self, sql: str, params=()) -> list:
        """Rows of a query; a damaged file is a GameFileError naming it, never a bare sqlite3 error."""
        try:
            return self._db.execute(sql, params).fetchall()
        except sqlite3.OperationalError as error:
            if "snapshots" in sql and "no such" in str(error):
                return []  # written before snapshots existed (or in another shape): folded from its log
            raise self._damaged(error) from None
        except sqlite3.DatabaseError as error:
            raise self._damaged(error) from None

    def _damaged(self, error: Exception) -> GameFileError:
        if isinstance(error, sqlite3.OperationalError) and any(
                word in str(error) for word in ("locked", "busy", "unable to open", "readonly", "I/O", "full",
                                                "memory", "interrupted")):  # the disk, a lock: not the file's bytes
            return GameFileError(f"{self.path} cannot be read ({error}); if the game file is damaged, restore a copy "
                                 f"or `referee games check --repair --game {self.path}`")
        return self._damage(f"cannot be read ({error})")

    def _damage(self, what: str) -> GameDamaged:
        """The error for damage found in the game file (`what`), noted beside it (damage_mark): from now on every
        terminal refuses moves in it until it is repaired or restored."""
        _note_damage(self.path, what)
        return GameDamaged(f"{self.path}: {what}; the game file is damaged: {_how_to_repair(self.path)}")

    # --- reading --------------------------------------------------------------------------------

    def _last_live(self) -> int:
        """The last live move's number. It and the move logged after it are verified: a mark flipped at the end of the
        log (the last move marked undone, an undone one marked live) is damage, not a move silently taken back."""
        rows = self._read("select n from moves where undone = 0 order by n desc limit 1")
        last = rows[0][0] if rows else 0
        if self._sealed:
            self._rows("where n >= ? order by n limit 2", (last,))
        return last

    def _row_text(self, n: int) -> str | None:
        """Live move n's row as one text (None when it is missing or undone): what a snapshot was folded from."""
        rows = self._read("select move, effects, at from moves where n = ? and undone = 0", (n,))
        return "\x00".join(rows[0]) if rows else None

    def _rows(self, where: str, params=()) -> list:
        """Logged moves (columns ROW), each verified against its checksum; a game logged before moves had one (the
        column is added on the first write) reads null."""
        columns = ROW if self._sealed or self._has_checksum_column() else ROW.replace("checksum", "null")
        rows = self._read(f"select {columns} from moves {where}", params)
        for n, *record, checksum, undone, undone_at in rows:
            self._verify(n, record, checksum, undone, undone_at)
        return rows

    def _has_checksum_column(self) -> bool:
        if self._logged_checksums is None:
            self._logged_checksums = any(c[1] == "checksum" for c in self._read("pragma table_info(moves)"))
        return self._logged_checksums

    def _verify(self, n: int, record: list, checksum: str | None, undone: int, undone_at: str | None) -> None:
        """A logged move whose record or undone mark no longer matches its checksum (a flipped byte: a quote that now
        reads "may now", a move silently taken back) is damage, reported naming the file, never shown or replayed."""
        if checksum is None and not self._sealed:
            return  # logged by a referee that kept no checksums: given one on this referee's first write
        if checksum != _row_checksum(*record, *((undone, undone_at) if self._sealed else ())):
            raise self._damage(f"move {n}'s record does not match its checksum")

    def _verify_meta(self, meta: dict) -> None:
        """The meta table (the setup, the settings and Rules Variables, the undos waiting to be redone) against its
        checksum; a game not yet written by this referee has none (it is sealed on the first write)."""
        self._sealed = "checksum" in meta
        if self._sealed and _meta_checksum(meta) != meta["checksum"]:
            raise self._damage("the table settings, Rules Variables or undo marks (the meta table) do not match their "
                               "checksum")

    def _meta(self) -> dict:
        """The meta table, verified (inside a move's transaction: what another terminal wrote since is seen)."""
        meta = dict(self._read("select key, value from meta"))
        self._verify_meta(meta)
        return meta

    def _set_meta(self, key: str, value: str | None) -> None:
        """Write (or, with None, delete) one key of the meta table and its checksum again, inside a move's
        transaction; the table is verified first, so damage is never sealed in."""
        meta = self._meta()
        if value is None:
            meta.pop(key, None)
            self._db.execute("delete from meta where key = ?", (key,))
        else:
            meta[key] = value
            self._db.execute("insert or replace into meta (key, value) values (?, ?)", (key, value))
        self._db.execute("insert or replace into meta (key, value) values ('checksum', ?)", (_meta_checksum(meta),))
        self._sealed = True

    def _snapshot(self, at_most: int) -> tuple[GameState, int]:
        """The newest trustworthy snapshot of the state after the live moves up to `at_most`, and its move number;
        the initial state and 0 when there is none. A snapshot that fails its checksum marks the file suspect:
        it is checked whole before anything is written to it (`_check_before_writing`)."""
        for n, form, undone, checksum in self._read(
                "select n, format, undone, checksum from snapshots where n <= ? order by n desc", (at_most,)):
            row = self._row_text(n)
            if form != self._format or row is None:
                continue  # another state format, or its move was undone by a referee that keeps no snapshots
            if self._read("select count(*) from moves where undone = 1 and n <= ?", (n,))[0][0] != undone:
                continue  # a move before it was undone since (by a referee that kept no snapshots)
            (state,), = self._read("select state from snapshots where n = ?", (n,))
            if _checksum(row, state) != checksum:
                self._suspect = True  # the log or the snapshot changed behind the referee's back
                continue
            try:
                return state_from_snapshot(self.settings, json.loads(state)), n
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                self._suspect = True
                continue
        return GameState.initial(self.settings), 0

    def _check_before_writing(self, always: bool = False) -> None:
        """A file whose snapshot failed its checksum is checked whole (SQLite's quick_check, ~10-20 ms at 10,000
        moves) before a write could spread the damage; GameFileError names the file when it is damaged."""
        if not (self._suspect or always):
            return
        found = self._read("pragma quick_check(1)")
        if found != [("ok",)]:
            raise self._damage(f"SQLite's check found {found[0][0] if found else 'nothing it could read'}")

    def _state_after(self, last: int, checkpoints: list | None = None, *, from_start: bool = False
                     ) -> tuple[GameState, int]:
        """The state after the live moves numbered up to `last`, and how many moves had to be folded for it. With
        `checkpoints`, (n, state snapshot) is added to it every CHECKPOINT_EVERY moves folded; `from_start`: the
        whole log folded, no snapshot read."""
        state, start = (GameState.initial(self.settings), 0) if from_start else self._snapshot(last)
        folded = 0
        # the undone moves in range are read too: their checksum says they were undone by the referee
        for n, *row, checksum, undone, undone_at in self._rows("where n > ? and n <= ? order by n", (start, last)):
            if undone:
                continue
            try:
                transition(state, effects_from_json(json.loads(row[2])))
            except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
                raise GameFileError(
                    f"{self.path}: move {n} cannot be replayed ({type(error).__name__}: {error});"
                    " the file is damaged or was written by a newer referee"
                ) from None
            folded += 1
            if checkpoints is not None and folded % CHECKPOINT_EVERY == 0:
                checkpoints.append((n, state_to_snapshot(state)))
        return state, folded

    def load(self) -> GameState:
        """The current state: the latest snapshot, and the fold of any live move logged after it. A game whose
        snapshot is missing or stale (an older referee, an older state format) gets its snapshots written again."""
        checkpoints: list = []
        with self._one_read():
            last = self._last_live()
            state, folded = self._state_after(last, checkpoints)
        if folded >= CHECKPOINT_EVERY // 2 and not self.read_only:
            self._rewrite_snapshots(last, state, checkpoints)
        return state

    def check(self) -> dict:
        """The whole file verified: SQLite's integrity check, the meta table and every logged move against their
        checksums, the log folded from the start to the state commands read. GameDamaged names what was found
        (noted: moves are refused until it is repaired); a whole file loses any earlier note of damage (a copy was
        restored). Returns {"moves", "live", "sealed"}."""
        with self._one_read():
            found = self._read("pragma integrity_check(1)")
            if found != [("ok",)]:
                raise self._damage(f"SQLite's integrity check found {found[0][0] if found else 'nothing it could read'}")
            self._meta()
            rows = self._rows("order by n")
            last = self._last_live()
            folded, _ = self._state_after(last, from_start=True)
            if self._state_after(last)[0] != folded:
                raise self._damage("the state commands read differs from the fold of the log")
        with contextlib.suppress(OSError):
            damage_mark(self.path).unlink(missing_ok=True)
        return {"moves": len(rows), "live": sum(not row[-2] for row in rows), "sealed": self._sealed}

    @contextlib.contextmanager
    def _one_read(self):
        """The reads inside see one version of the file: another terminal's move (which may drop the snapshot
        being read) lands before or after them, never between."""
        if self._db.in_transaction:  # already inside a move's transaction
            yield
            return
        self._read("begin")
        try:
            yield
        finally:
            if self._db.in_transaction:
                self._db.execute("rollback")

    def _rewrite_snapshots(self, last: int, state: GameState, checkpoints: list) -> None:
        """Best effort, never waiting: a busy or unwritable file keeps folding its log until a move writes one; a file
        found damaged is not written to at all."""
        if damage_mark(self.path).exists():
            return
        try:
            self._db.execute("pragma busy_timeout = 0")
            self._db.execute("begin immediate")
            try:
                if self._last_live() == last:  # nobody moved since the fold
                    self._ensure_snapshots()
                    for n, snapshot in checkpoints:
                        self._write_snapshot(n, snapshot)
                    self._write_snapshot(last, state_to_snapshot(state))
                    self._check_before_writing(always=True)  # rare (a long fold): the file is checked whole
                    self._db.execute("commit")
            finally:
                if self._db.in_transaction:
                    self._db.execute("rollback")
        except (sqlite3.DatabaseError, GameFileError):
            pass
        finally:
            self._db.execute(f"pragma busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")

    def data_version(self) -> int:
        """Changes whenever another connection commits to the game file: a cheap "did a move land?"."""
        return self._read("pragma data_version")[0][0]

    def history(self, *, last: int | None = None, numbers=None) -> list[LoggedMove]:
        """The log, oldest first: every move, or the `last` N, or the moves `numbers` names."""
        from referee.moves import move_from_json

        if numbers is not None:
            numbers = [int(n) for n in numbers]
            rows = self._rows(f"where n in ({','.join('?' * len(numbers))}) order by n", numbers)
        elif last is not None:
            rows = self._rows("where n in (select n from moves order by n desc limit ?) order by n", (last,))
        else:
            rows = self._rows("order by n")
        try:
            return [
                LoggedMove(n, move_from_json(json.loads(move)), json.loads(ruling), override, at, bool(undone))
                for n, move, ruling, effects, override, at, checksum, undone, undone_at in rows
            ]
        except (KeyError, TypeError, ValueError) as error:
            raise GameFileError(f"{self.path}: the move log is damaged ({type(error).__name__}: {error})") from None

    # --- writing: one transaction per move --------------------------------------------------------

    def _begin(self) -> None:
        """Take the write lock before reading: BEGIN IMMEDIATE, waiting up to the busy timeout."""
        if self.read_only:
            raise GameFileError(f"{self.path} is on a {self.read_only}: it can be read, but no move can be recorded;"
                                f" copy it to a writable folder and pass --game with the copy")
        try:
            found = damage_mark(self.path).read_text(encoding="utf-8", errors="replace").strip()
        except FileNotFoundError:
            found = None
        except OSError as error:
            found = str(error)
        if found is not None:
            raise GameDamaged(f"{self.path} was found damaged ({found}): {_how_to_repair(self.path)}")
        try:
            self._db.execute("begin immediate")
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise GameBusy(
                    f"{self.path} is busy: another terminal is writing a move; try again"
                ) from None
            raise GameFileError(f"{self.path}: {error}") from None

    @contextlib.contextmanager
    def _writing(self):
        """One move's transaction: the write lock first, the file checked and committed when the block ends; any
        error rolls everything back (a damaged file is reported as GameFileError)."""
        self._begin()
        try:
            self._seal()
            yield
            self._check_before_writing()
            self._db.execute("commit")
        except sqlite3.DatabaseError as error:
            if self._db.in_transaction:
                self._db.execute("rollback")
            raise self._damaged(error) from None
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("rollback")
            raise

    def _seal(self) -> None:
        """On this referee's first write to a game, every logged move gets the checksum that covers its undone mark
        (its old one verified first; a move logged before checksums gets its first) and the meta table its own."""
        if self._meta() and self._sealed:
            return
        self._ensure_snapshots()
        for n, *record, checksum, undone, undone_at in self._rows("order by n"):
            self._db.execute("update moves set checksum = ? where n = ?",
                             (_row_checksum(*record, undone, undone_at), n))
        self._set_meta("format", FORMAT)

    def _mark(self, numbers: list[int], undone: bool) -> None:
        """Mark moves undone (or live again), each with the checksum that covers its mark; each is verified first."""
        at = _now() if undone else None
        marked = [(int(undone), at, _row_checksum(*record, int(undone), at), n)
                  for n, *record, _checksum, _undone, _at in
                  self._rows(f"where n in ({','.join('?' * len(numbers))})", numbers)]
        self._db.executemany("update moves set undone = ?, undone_at = ?, checksum = ? where n = ?", marked)

    def _ensure_snapshots(self) -> None:
        """A game written before snapshots and checksums existed gets them on its first write. The snapshots are a
        cache: a table of another shape is made again."""
        columns = [c[1] for c in self._read("pragma table_info(snapshots)")]
        if columns != ["n", "format", "undone", "checksum", "state"]:
            self._db.execute("drop table if exists snapshots")
            for statement in SNAPSHOTS.split(";"):
                if statement.strip():
                    self._db.execute(statement)
        if not any(column[1] == "checksum" for column in self._read("pragma table_info(moves)")):
            self._db.execute("alter table moves add column checksum text")

    def _write_snapshot(self, n: int, snapshot: dict) -> None:
        undone = self._read("select count(*) from moves where undone = 1 and n <= ?", (n,))[0][0]
        state = json.dumps(snapshot)
        self._db.execute("insert or replace into snapshots (n, format, undone, checksum, state) values (?, ?, ?, ?, ?)",
                         (n, self._format, undone, _checksum(self._row_text(n), state), state))

    def _keep_snapshot(self, n: int, state: GameState) -> None:
        """The snapshot after move n; the one before it stays only as a checkpoint, CHECKPOINT_EVERY after the last."""
        self._write_snapshot(n, state_to_snapshot(state))
        below = [m for (m,) in self._read("select n from snapshots where n < ? order by n desc limit 2", (n,))]
        if below and below[0] - (below[1] if len(below) > 1 else 0) < CHECKPOINT_EVERY:
            self._db.execute("delete from snapshots where n = ?", (below[0],))

    def play(self, move: Move, *, override: str | None = None, expect: int | None = None) -> Played:
        """Judge `move` on the current state and log it when legal (or overridden with a reason).

        Raises IllegalMove (CannotApply when not even an override could apply it). `expect`: the last live move the
        declarer judged it after; GameMovedOn when another came last (checked under the write lock). A refused
        move, or any error, leaves the file exactly as it was.
        """
        from referee import engine  # only moves need the rule code; status and history do not
        from referee.moves import move_to_json

        if override is not None:  # bytes that are not UTF-8 (argv's surrogates) cannot be stored as text
            override = "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in override)
        with self._writing():
            last = self._last_live()
            if expect is not None and last != expect:
                raise GameMovedOn(f"the game moved on (#{last}): check again", expected=expect, last=last)
            state, _ = self._state_after(last)
            # the engine decides: refused (IllegalMove, nothing written) unless legal or overridden
            ruling = engine.apply(state, move, override=override)
            record = encode(ruling)
            if not ruling.legal:
                record["override"] = {"reason": override,
                                      "refused_citations": encode(ruling.refused_citations)}
            self._ensure_snapshots()
            row = (json.dumps(move_to_json(move)), json.dumps(record), json.dumps(effects_to_json(ruling.effects)),
                   override if not ruling.legal else None, _now())
            cursor = self._db.execute(
                "insert into moves (move, ruling, effects, override, at, checksum) values (?, ?, ?, ?, ?, ?)",
                (*row, _row_checksum(*row, 0, None)),
            )
            self._keep_snapshot(cursor.lastrowid, state)  # the state after it, in the same transaction
            if self._redo_stack():
                self._set_meta("redo", None)  # a new move: what was undone stays undone
        return Played(ruling, number=cursor.lastrowid, override=override if not ruling.legal else None)

    def undo(self, number: int | None = None, *, expect: int | None = None) -> list[int]:
        """Take back the last live move, or move `number` and every live move after it.

        `expect`: the number the table believes is the last live move; when another move came last (someone else
        typed one), nothing is undone (NothingToUndo). Undone moves stay in the log, marked undone. Returns the
        numbers taken back. The state the undo leaves is folded first: a log that no longer replays is reported,
        and nothing is marked.
        """
        with self._writing():
            last = self._last_live()  # the log is read from its end only: an undo costs the same at any length
            if not last:
                raise NothingToUndo("nothing to undo: no move has been played")
            if expect is not None and last != expect:
                raise NothingToUndo(f"the last move is #{last}, not #{expect}: nothing undone (another move came "
                                    f"in; `referee history --last 3` shows it)")
            if number is None:
                taken = [last]
            elif not self._read("select 1 from moves where n = ? and undone = 0", (number,)):
                first = self._read("select min(n) from moves where undone = 0")[0][0]
                raise GameFileError(f"move {number} is not a live move (live moves: {first}..{last})")
            else:
                taken = [n for (n,) in self._read("select n from moves where undone = 0 and n >= ? order by n",
                                                  (number,))]
            before = self._read("select n from moves where undone = 0 and n < ? order by n desc limit 1", (taken[0],))
            remaining = before[0][0] if before else 0
            state, _ = self._state_after(remaining)  # raises GameFileError before anything is marked
            self._mark(taken, undone=True)
            self._set_redo_stack([*self._redo_stack(), taken])
            self._ensure_snapshots()
            self._db.execute("delete from snapshots where n >= ?", (taken[0],))
            if remaining:
                self._write_snapshot(remaining, state_to_snapshot(state))
        return taken

    def redo(self) -> list[int]:
        """Play again exactly the moves the last undo took back (undo's inverse), with their numbers; a second redo
        the undo before that. NothingToUndo when no undo is waiting, or once a move was played after it (that would
        rewrite what happened after it): the undos waiting to be redone are kept in the meta table, emptied by every
        new move."""
        with self._writing():
            waiting = self._redo_stack()
            last_live = self._last_live()
            taken = waiting[-1] if waiting else []
            if not taken or min(taken) <= last_live or len(taken) != self._db.execute(
                    f"select count(*) from moves where undone = 1 and n in ({','.join('?' * len(taken))})",
                    taken).fetchone()[0]:
                raise NothingToUndo("nothing to redo: no move was undone since the last move")
            self._mark(taken, undone=False)
            self._set_redo_stack(waiting[:-1])
            state, _ = self._state_after(taken[-1])  # a move that no longer replays is not played again
            self._keep_snapshot(taken[-1], state)
        return taken

    def _redo_stack(self) -> list[list[int]]:
        """The undos that `redo` may still take back, oldest first: each the move numbers one undo took back."""
        waiting = self._meta().get("redo")
        try:
            return [[int(n) for n in taken] for taken in json.loads(waiting)] if waiting else []
        except (TypeError, ValueError):
            raise self._damage("the undos waiting to be redone cannot be read") from None

    def _set_redo_stack(self, waiting: list[list[int]]) -> None:
        self._set_meta("redo", json.dumps(waiting))

def repair(path: str | os.PathLike) -> dict:
    """Rebuild a damaged game from its log: the table settings and every logged move in order, as far as each can
    be read, matches its checksum and replays; the rebuilt file takes the game's name and the damaged one is kept
    beside it (`NAME.damaged-TIME`). A whole game is left as it is. GameDamaged when the settings themselves cannot
    be trusted (nothing to rebuild from: restore a copy). Returns {"repaired", "kept", "of", "stopped", "kept_as"}."""
    from rulesdb.cache import temporary_name

    path = Path(path)
    try:
        with GameStore(path) as store:
            whole = store.check()
        return {"repaired": False, "kept": whole["moves"], "of": whole["moves"], "stopped": "", "kept_as": ""}
    except GameDamaged:
        pass
    source = GameStore.__new__(GameStore)  # the damaged file, read move by move without trusting its snapshots
    source.path, source.read_only, source._logged_checksums, source._sealed = path, "", None, False
    source._db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
    try:
        try:
            meta = dict(source._db.execute("select key, value from meta").fetchall())
            source._verify_meta(meta)
            settings = decode(TableSettings, json.loads(meta["settings"]))
        except (sqlite3.DatabaseError, KeyError, TypeError, ValueError, GameFileError) as error:
            raise GameDamaged(f"{path}: the table settings cannot be trusted ({error}), so the game cannot be rebuilt "
                              f"from its log: restore a copy of the game file, or start again with `referee new`") from None
        source.settings = settings
        state, kept, stopped, n = GameState.initial(settings), [], "", 0
        while not stopped:
            n += 1
            try:
                row = source._rows("where n = ?", (n,))
            except sqlite3.DatabaseError as error:
                stopped = f"move {n} cannot be read ({error})"
                break
            except GameFileError as error:
                stopped = str(error).split("; the game file is damaged")[0].removeprefix(f"{path}: ")
                break
            if not row:
                try:
                    later = source._db.execute("select min(n) from moves where n > ?", (n,)).fetchone()[0]
                except sqlite3.DatabaseError as error:
                    later = f"({error})"
                stopped = f"move {n} is missing" if later is not None else ""
                break
            *record, undone, undone_at = row[0][1:6] + row[0][7:]
            if not undone:
                try:
                    transition(state, effects_from_json(json.loads(record[2])))
                except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
                    stopped = f"move {n} cannot be replayed ({type(error).__name__}: {error})"
                    break
            kept.append((n, *record, undone, undone_at))
        of = kept[-1][0] if kept else 0
        with contextlib.suppress(sqlite3.DatabaseError, TypeError):
            of = max(of, source._db.execute("select max(n) from moves").fetchone()[0] or 0)
    finally:
        source._db.close()
    rebuilt = GameStore.create(temporary_name(path), settings)
    try:
        with rebuilt._writing():
            rebuilt._db.executemany(
                "insert into moves (n, move, ruling, effects, override, at, undone, undone_at, checksum) "
                "values (?, ?, ?, ?, ?, ?, ?, ?, ?)", [(*row, _row_checksum(*row[1:])) for row in kept])
            if meta.get("created"):
                rebuilt._set_meta("created", meta["created"])
            last = rebuilt._last_live()
            if last:
                rebuilt._keep_snapshot(last, rebuilt._state_after(last, from_start=True)[0])
    finally:
        rebuilt.close()
    kept_as = path.with_name(f"{path.name}.damaged-{datetime.now().strftime('%Y%m%d-%H%M%S')}")
    for suffix in ("", "-wal", "-shm"):  # SQLite's files beside it go with it, never onto the rebuilt game
        if Path(f"{path}{suffix}").exists():
            os.replace(f"{path}{suffix}", f"{kept_as}{suffix}")
    os.replace(rebuilt.path, path)
    damage_mark(path).unlink(missing_ok=True)
    return {"repaired": True, "kept": len(kept), "of": of, "stopped": stopped, "kept_as": str(kept_as)}


def set_current_game(path: Path) -> None:
    """Record `path` as the current game; GameFileError when the data folder cannot be written."""
    pointer = current_game_path()
    tmp = pointer.with_name(pointer.name + ".tmp")
    try:
        pointer.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(os.fsencode(Path(path).resolve()) + b"\n")
        tmp.replace(pointer)
    except OSError as error:
        raise GameFileError(f"{path} cannot be made the current game ({pointer}: {error.strerror or error}); "
                            f"pass --game {path} to each command") from None
