"""The phones at the table: join links, who may declare what, and what a phone asks of the game.

A join link carries a random token (`secrets`, 192 bits) naming one Player, or the host; the tokens are kept in the
user data folder (never in the game file), one file per game, readable by its owner only. A link is exchanged on
first visit for an HttpOnly, SameSite=Strict cookie holding the token, and `referee board --rotate PLAYER` issues a
new one: the old link and every phone holding its cookie stop working at once. Tokens are compared in constant
time (`hmac.compare_digest`, against every link).

Who may declare what (the README's table is each move's declared `owner`, referee/moves.py, tested row by row): a Player's link declares the moves that
Player makes; what the table reports (Damage from a trap, a Death's outcome, a card's description, deck sizes) and
undo, redo and `--override` are the host's; the plain board is read-only.

Every call into the game goes through `referee.Game` on one worker thread (SQLite connections stay on the thread
that opened them); a declaration carries the last move the phone saw (`Game.last_move`), and the game file refuses
it under its write lock when another move came in since (GameMovedOn).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

__all__ = ["Links", "Link", "mover", "Table", "NotYours", "RateLimit"]

TOKEN_BYTES = 24  # 192 bits

# move type -> whose link may declare it from a phone: "player" (the Player the move is made by, named in it or
# said here), else "host" (the table reports it; the host types it). Undo, redo and --override: the host's.
class NotYours(Exception):
    """A link declared a move it may not (HTTP 403): `message` says whose it is."""


class Link:
    """Who a request comes from: the host, a Player (`player`), or a spectator (neither)."""

    __slots__ = ("token", "player", "host")

    def __init__(self, token: str = "", player: str | None = None, host: bool = False):
        self.token, self.player, self.host = token, player, host

    @property
    def who(self) -> str:
        return "the host" if self.host else self.player or "a spectator"

    @property
    def csrf(self) -> str:
        """The anti-CSRF token of this link: derived from its secret, so it changes when the link is rotated."""
        return hmac.new(self.token.encode(), b"referee-csrf", hashlib.sha256).hexdigest()


SPECTATOR = Link()


def mover(state, move) -> str | None:
    """The Player whose move `move` is (who may declare it from their own link); None: the table's, the host's."""
    if type(move).owner[0] != "player":
        return None
    if move.type == "resolve":
        top = state.top
        return getattr(top, "initiator", None) if top is not None and top.kind == "check" else None
    if move.type == "end-turn":
        return state.active_player.name if state.turn_kind == "player" else None
    if move.type == "encounter-continue":
        return next((p.player for p in reversed(state.stack) if p.kind == "random-encounter"), None)
    return getattr(move, "player", None)


def may_declare(link: Link, state, move) -> None:
    """Raises NotYours unless `link` may declare `move` now."""
    if link.host:
        return
    if link.player is None:
        raise NotYours("the board is read-only: a Player's join link declares moves")
    owner = mover(state, move)
    if owner is None:
        raise NotYours(f"that is for the table to report: the host declares it ({type(move).owner[1] or 'a move no Player makes'})")
    if owner != link.player:
        raise NotYours(f"that is {owner}'s move")


class Links:
    """The join links of one game: {"host": token, "players": {name: token}}, in a file of the user data folder."""

    def __init__(self, game: Path, players):
        from rulesdb.folders import data_dir  # the one place that knows REFEREE_HOME / platformdirs

        key = hashlib.sha256(str(Path(game).resolve()).encode()).hexdigest()[:24]
        self.file = data_dir() / "links" / f"{key}.json"
        self.players = list(players)
        self._lock = threading.Lock()
        self._seen = None
        self.tokens = self._read() or {}
        if set(self.tokens.get("players", {})) != set(self.players) or not self.tokens.get("host"):
            players_now = self.tokens.get("players", {})
            self.tokens = {"host": self.tokens.get("host") or _token(),
                           "players": {p: players_now.get(p) or _token() for p in self.players}}
            self._write()

    def _read(self) -> dict | None:
        try:
            stat = self.file.stat()
            data = json.loads(self.file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        self._seen = (stat.st_mtime_ns, stat.st_size)
        return data if isinstance(data, dict) else None

    def _write(self) -> None:
        self.file.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.file.with_name(f".{self.file.name}.{os.getpid()}.writing")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(self.tokens, out)
        os.replace(temporary, self.file)
        stat = self.file.stat()
        self._seen = (stat.st_mtime_ns, stat.st_size)

    def rotate(self, name: str) -> str:
        """A new token for `name` (a Player, or "host"): its old link and cookies stop working. The name it is for."""
        with self._lock:
            if name.lower() == "host":
                self.tokens["host"] = _token()
                self._write()
                return "host"
            matches = [p for p in self.players if p.lower() == name.lower()] or [
                p for p in self.players if p.lower().startswith(name.lower())]
            if len(matches) != 1:
                from referee.board import BoardError

                raise BoardError(f"--rotate names a Player or host: no single Player {name!r} "
                                 f"(the Players: {', '.join(self.players)})")
            self.tokens["players"][matches[0]] = _token()
            self._write()
            return matches[0]

    def _fresh(self) -> None:
        """Another terminal's --rotate: read the file again when it changed."""
        try:
            stat = self.file.stat()
        except OSError:
            return
        if (stat.st_mtime_ns, stat.st_size) != self._seen:
            data = self._read()
            if data and data.get("host") and isinstance(data.get("players"), dict):
                self.tokens = data

    def find(self, token: str | None) -> Link:
        """The link a token is (constant time against every link), else the spectator."""
        if not token:
            return SPECTATOR
        with self._lock:
            self._fresh()
            found = SPECTATOR
            given = token.encode()
            if hmac.compare_digest(given, self.tokens["host"].encode()):
                found = Link(token, host=True)
            for name, secret in self.tokens["players"].items():
                if hmac.compare_digest(given, secret.encode()):
                    found = Link(token, player=name)
            return found

    def urls(self, base: str) -> list[tuple[str, str]]:
        """(who, join URL) for the host and every Player."""
        return [("host", f"{base}join/{self.tokens['host']}")] + [
            (name, f"{base}join/{token}") for name, token in self.tokens["players"].items()]


def _token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class RateLimit:
    """A token bucket per link: `burst` requests at once, `per_second` after."""

    def __init__(self, per_second: float = 5.0, burst: int = 20):
        self.per_second, self.burst, self._buckets = per_second, burst, {}

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        level, last = self._buckets.get(key, (self.burst, now))
        level = min(self.burst, level + (now - last) * self.per_second)
        if level < 1:
            self._buckets[key] = (level, now)
            return False
        self._buckets[key] = (level - 1, now)
        return True


class Table:
    """What the phones ask of the game, through `referee.Game` on one worker thread."""

    def __init__(self, path: Path, changed=lambda: None):
        self.path, self.changed = path, changed  # changed(): a move was logged or undone here
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="referee-table")
        self._game = None

    async def run(self, fn, *args):
        import asyncio

        return await asyncio.get_running_loop().run_in_executor(self._pool, self._guarded, fn, args)

    def _guarded(self, fn, args):
        """`fn(*args)`; a game file that could not be read (busy, mid-replacement, damaged) is opened again next time
        and reported as GameFileError, never as a crash."""
        import sqlite3

        from referee.errors import GameFileError

        try:
            return fn(*args)
        except (sqlite3.DatabaseError, GameFileError) as error:
            if self._game is not None:
                try:
                    self._game.close()
                except sqlite3.Error:
                    pass
                self._game = None
            if isinstance(error, GameFileError):
                raise
            raise GameFileError(f"the game file cannot be read just now ({error}): try again") from None

    def game(self):
        import referee

        if self._game is None:
            self._game = referee.Game.open(self.path)
        return self._game

    # --- each runs on the worker thread -------------------------------------------------------------------

    def options(self, link: Link) -> dict:
        """The link's legal moves, as buttons: each with a template the phone fills and the fields it asks for."""
        from referee.legal_moves import cost_of, group_of, typed

        game = self.game()
        state = game.state
        entries = game.legal_moves(player=link.player) if not link.host else game.legal_moves()
        out = []
        for entry in entries:
            if not link.host and mover(state, entry.move) != link.player:
                continue
            template, fields = _template(entry)
            out.append({"label": typed(entry), "group": group_of(state, entry), "cost": cost_of(state, entry),
                        "template": template, "fields": fields})
        held = []
        if link.player:
            from referee.loot_and_inventory import owned_cards

            held = sorted(owned_cards(state, link.player))
        return {"at": game.last_move, "options": out, "cards": held}

    def judge(self, link: Link, text: str, *, at: int | None, declare: bool, override: str | None = None) -> dict:
        """A dry run ("Can I?") or a declaration of the move `text` types. Raises NotYours (403), InvalidMove (400),
        GameMovedOn (409); a refusal by the rules is an answer (`legal` false), with its ruling."""
        from referee.errors import CannotApply, IllegalMove
        from referee.game_display import Shown

        game = self.game()
        move = game.parse(text)
        may_declare(link, game.state, move)
        if override is not None and not link.host:
            raise NotYours("only the host link may --override")
        if not declare:
            if at is not None and at != game.last_move:
                raise _moved_on(game, at)
            return _ruling_json(Shown(game.check(move)), dry_run=True, at=game.last_move)
        try:
            played = game.play(move, override=override, expect=at)
        except IllegalMove as refused:
            return _ruling_json(Shown(refused.ruling), dry_run=False, at=game.last_move,
                                cannot_apply=isinstance(refused, CannotApply))
        except Exception as error:
            from referee.errors import GameMovedOn

            if isinstance(error, GameMovedOn):
                raise _moved_on(game, at) from None
            raise
        self.changed()
        return _ruling_json(played, dry_run=False, at=game.last_move)

    def undo(self, link: Link, at: int | None) -> dict:
        from referee.errors import NothingToUndo

        if not link.host:
            raise NotYours("only the host link may undo")
        game = self.game()
        try:
            taken = game.undo(expect=at)
        except NothingToUndo as error:
            if at is not None and at != game.last_move:
                raise _moved_on(game, at) from None
            raise error
        self.changed()
        return {"undone": taken, "at": game.last_move}

    def ask(self, link: Link, question: str) -> dict:
        """The rules lookup: the one-line answer, the best section and its quote; with a move named, its ruling now
        ("I" is the phone's Player)."""
        import index

        from referee.game import open_rules
        from referee.move_question import judge
        from referee import encode

        game = self.game()
        result = index.search(open_rules(), question, 3, names=game.settings.players)
        data = result.to_json()
        now = None if result.direct else judge(game, question, me=link.player)
        data["now"] = encode(now)
        return data


def _moved_on(game, at: int):
    """GameMovedOn, saying which move came in since `at` and whose it was."""
    from referee.errors import GameMovedOn

    last = game.last_move
    if last < (at or 0):
        return GameMovedOn(f"the game moved on (#{at} was undone): check again", expected=at, last=last)
    entry = game.history(numbers=[last])
    who = getattr(entry[0].move, "player", None) if entry else None
    return GameMovedOn(f"the game moved on (#{last}{f' by {who}' if who else ''}): check again", expected=at,
                       last=last)


def _ruling_json(played, *, dry_run: bool, at: int, cannot_apply: bool = False) -> dict:
    """The ruling as the phone shows it: the short ruling's lines (the CLI's own), and the JSON the CLI prints."""
    from referee.game_display import played_json, short_ruling

    data = played_json(played, dry_run=dry_run)
    lines = [line.plain for line in short_ruling(data, 80, cannot_apply=cannot_apply)]
    return {**data, "lines": lines, "at": at}


_INT_SENTINEL = 987_650
_TEXT_SENTINEL = "Zqfield"


def _template(entry) -> tuple[str, list[dict]]:
    """The move as a template ("roll Ana {0}") and the fields the phone fills in: a number (a stepper, within its
    range), a d20 (a 1-20 pad) or a text (a name only the table knows)."""
    from referee import replace

    changes, fields = {}, []
    for name, values in entry.ranges.items():
        current = getattr(entry.move, name)
        count = len(current) if isinstance(current, tuple) else 1
        slots = []
        for _ in range(count):
            i = len(fields)
            negative = values.stop <= 0
            slots.append(-(_INT_SENTINEL + i) if negative else _INT_SENTINEL + i)
            d20 = name in ("dice", "value") and values.start == 1 and values.stop == 21
            fields.append({"name": name, "kind": "d20" if d20 else "number", "min": values.start,
                           "max": values.stop - 1, "value": values.start if not negative else values.stop - 1})
        changes[name] = tuple(slots) if isinstance(current, tuple) else slots[0]
    for name in sorted(entry.free):
        i = len(fields)
        current = getattr(entry.move, name)
        if isinstance(current, bool):  # a flag (--virtual, --hold): as the option has it
            continue
        if isinstance(current, int):  # an amount the table says (a --bonus)
            changes[name] = _INT_SENTINEL + i
            fields.append({"name": name, "kind": "number", "min": None, "max": None, "value": current})
            continue
        changes[name] = f"{_TEXT_SENTINEL}{i}"
        fields.append({"name": name, "kind": "text", "value": "", "placeholder": str(current)})
    text = replace(entry.move, **changes).as_typed()  # the move as typed (referee.Move)
    for i, field in enumerate(fields):
        if field["kind"] == "text":
            text = text.replace(f"{_TEXT_SENTINEL}{i}", f"{{{i}}}")
        else:
            text = text.replace(f"+{_INT_SENTINEL + i}", f"{{{i}:+}}").replace(f"-{_INT_SENTINEL + i}", f"{{{i}}}")
            text = text.replace(str(_INT_SENTINEL + i), f"{{{i}}}")
    return text, fields
