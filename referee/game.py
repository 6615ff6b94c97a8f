"""The library's front door: one game file, judged under the rules it was started with.

    import referee
    game = referee.Game.new("t.sqlite", players=["Mara", "Ivo"], health=10, turn_actions=2)
    move = game.parse("damage ivo 3")      # Damage(player='Ivo', amount=3)
    ruling = game.check(move)              # pure: nothing changes
    game.play(move)                        # logged; raises referee.IllegalMove when the rules refuse it
    game.undo(); game.history(); game.state; game.legal_moves()

Modelled on python-chess's Board (`parse_san`, `is_legal`, `push`, `pop`, `legal_moves`): the command line and the
interactive session are thin faces over this class.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence


__all__ = ["Game", "Logged", "Asked", "open_rules"]


class Game:
    """A game of Viva La Dungeon as the referee keeps it: a game file (SQLite, one transaction per move).

    Make one with `Game.new(path, ...)` or open one with `Game.open(path)`; close it (or use `with`).
    """

    def __init__(self, store):
        self._store = store

    # --- opening ------------------------------------------------------------------------------------

    @classmethod
    def new(cls, path: str | os.PathLike, *, players: Sequence[str] | None = None, health: int | None = None,
            turn_actions: int | None = None, health_cap: int | None = None, reroll_supply: int | None = None,
            starting_kaos: int | None = None, stats: Mapping[str, Mapping[str, int]] | None = None,
            interpretations: Mapping[str, str] | None = None, backpack_slots: int | None = None, position=None,
            rules=None) -> "Game":
        """Start a game at `path` (which must not exist). Players in Turn Order; Health, Turn Actions, the Reroll
        Token supply (default 10), starting Kaos (0), Stats and Backpack Slots (3) are table settings (03_SETUP and
        04_PLAYER_STRUCTURE, which define them, are not loaded). `position`: a position file (TOML, the format
        `export` writes) or a mapping of the same shape, to start from mid-game; its [settings] stand in for the
        arguments, and an argument it sets otherwise is a conflict. `rules`: a rulesdb.RulesDB (default: the bundled
        rules, built on first use). Raises InvalidMove for a bad setting (PositionError, naming the file's line, for
        a bad position), GameFileError when `path` exists; nothing is created then."""
        from referee.position import read_position, settings_from, with_position
        from referee.store import GameStore
        from referee.table_settings import make_settings, parse_interpretations, parse_players

        if players is not None:
            players = parse_players(players if isinstance(players, str) else ", ".join(players))
        pos = read_position(position) if position is not None else None
        values = settings_from(
            pos, players=players, health=health, health_cap=health_cap, turn_actions=turn_actions,
            reroll_supply=reroll_supply, starting_kaos=starting_kaos, backpack_slots=backpack_slots,
            stats=dict(stats or {}),
            interpretations=parse_interpretations([f"{k}={v}" for k, v in (interpretations or {}).items()]))
        settings = make_settings(**values, db=rules if rules is not None else open_rules())
        if pos is not None:
            settings = with_position(settings, pos)
        return cls(GameStore.create(path, settings))

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, *, read_only: bool = False) -> "Game":
        """Open the game at `path`; without one: $REFEREE_GAME, else the current game (the last `referee new`).
        `read_only`: through a read-only connection (a board watching the table): reading works, `play`, `undo` and
        `redo` raise GameFileError. Raises NoGame or GameFileError."""
        from referee.store import GameStore, resolve_game_path

        return cls(GameStore(resolve_game_path(path), read_only=read_only))

    def close(self) -> None:
        self._store.close()

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Game({str(self.path)!r})"

    @property
    def path(self):
        return self._store.path

    @property
    def settings(self):
        """The table settings and the rules version the game is judged under (referee.state.TableSettings)."""
        return self._store.settings

    # --- reading --------------------------------------------------------------------------------------

    @property
    def state(self):
        """The current state (referee.state.GameState): the fold of every live move. A copy: changing it changes
        nothing in the game."""
        return self._store.load()

    def history(self, *, last: int | None = None, numbers=None) -> list:
        """Every logged move (or the `last` N, or those `numbers` names), undone ones included (marked), oldest
        first: each a `Logged` (number, move, ruling as a referee.Ruling, override, at, undone)."""
        return [Logged.of(entry) for entry in self._store.history(last=last, numbers=numbers)]

    @property
    def rules(self):
        """The rules database this game is judged under (rulesdb.RulesDB): the bundled rules, built on first use.
        RulesError when it cannot be built."""
        return open_rules()

    def ask(self, question: str, *, limit: int = 3):
        """A rules question about this game ("can Bram reroll now?"): the sections that answer it (index.Result,
        its Players' names read as names) and, when the question names a move and a Player and no section key, that
        move's ruling on the current state (`now`, a dry run: the game never changes). Raises index.BadQuery for a
        question that cannot be looked up, rulesdb.UnknownKey / AmbiguousKey for a section key that names none."""
        import index
        from referee.move_question import judge

        result = index.search(self.rules, question, limit, names=self.settings.players)
        return Asked(result, None if result.direct else judge(self, question))

    # --- views: what the table can see, as the documented `--json` outputs ------------------------------

    def mats(self, players: Sequence[str] | None = None) -> list[dict]:
        """Each Player's Patron Mat and Inventory (`referee inventory --json`'s "inventories"), in Turn Order."""
        from referee.game_display import inventories_json

        return inventories_json(self.state, list(players or self.settings.players))["inventories"]

    def piles(self) -> dict:
        """The Loot discard piles and the game box (`referee discards --json`)."""
        from referee.game_display import piles_json

        return piles_json(self.state)

    def decks(self) -> dict:
        """The Loot Decks as the table knows them: size, known cards, discard pile size (`referee deck --json`)."""
        from referee.game_display import decks_json

        return decks_json(self.state)["decks"]

    def encounters(self) -> dict:
        """The public Random Encounter information (`referee encounters --json`)."""
        from referee.random_encounters import listing

        return listing(self.state)

    def interpretations(self) -> list[dict]:
        """Every reading of the register (referee.interpretations), with the one this game applies
        (`referee interpretations --json`)."""
        from referee.game_display import interpretations_json
        from referee.interpretations import REGISTER

        settings = self.settings
        notes = {"backpack-size": f"{settings.backpack_slots} Backpack Slots per Player"}  # 08 loot
        return interpretations_json(REGISTER, settings.interpretations, notes)

    # --- moves ----------------------------------------------------------------------------------------

    def parse(self, text: str | Sequence[str]):
        """The Move that table notation declares on the current state: "damage ivo 3", "equip ana axe",
        "declare bram brawn --tn 15". Raises InvalidMove, UnknownName or AmbiguousName when it cannot be read."""
        from referee import notation

        return notation.parse(self.state, text if isinstance(text, str) else list(text))

    def check(self, move):
        """The ruling on `move` if it were played now (referee.ruling.Ruling): legal or not, every violation with
        the rules that decide it and `fix_moves` (legal moves that would do instead), what would change. Pure: the
        game does not change."""
        from referee import engine
        from referee.legal_moves import with_fixes

        state = self.state
        return with_fixes(state, engine.check(state, move))

    def is_legal(self, move) -> bool:
        from referee import engine

        return engine.is_legal(self.state, move)  # not self.check: its fix_moves list every legal move

    @property
    def last_move(self) -> int:
        """The number of the last live move (0 before any): what a declaration made elsewhere was judged after."""
        return self._store._last_live()

    def play(self, move, *, override: str | None = None, expect: int | None = None):
        """Judge `move` and log it (one transaction). Returns the Played move (its ruling and number). Raises
        IllegalMove (with `.ruling`) when the rules refuse it and no `override` reason is given; with one, a refused
        move is applied and logged with the reason (card text beats general rules). CannotApply when there is
        nothing to apply. `expect`: the `last_move` the move was judged after (a phone's declaration); when another
        move (or an undo) came in since, GameMovedOn and nothing changes."""
        from referee.errors import CannotApply, IllegalMove, InvalidMove

        if override is not None and not override.strip():
            raise InvalidMove('an override needs a reason, e.g. override="the card says so"')
        try:
            return self._store.play(move, override=override, expect=expect)
        except IllegalMove as refused:
            from referee.legal_moves import with_fixes

            ruling = with_fixes(self.state, refused.ruling)
            raise (CannotApply if isinstance(refused, CannotApply) else IllegalMove)(ruling) from None

    def push(self, text: str | Sequence[str], *, override: str | None = None):
        """`play(parse(text))`."""
        return self.play(self.parse(text), override=override)

    def undo(self, number: int | None = None, *, expect: int | None = None) -> list[int]:
        """Take back the last live move, or move `number` and every live move after it; they stay in the history,
        marked undone. Returns the numbers taken back. NothingToUndo when there is none, or when `expect` is given
        and the last live move is another (two people typing)."""
        return self._store.undo(number, expect=expect)

    def redo(self) -> list[int]:
        """Play again exactly the moves the last undo took back (a second redo: the undo before that), unless a move
        was played since; their numbers. NothingToUndo otherwise."""
        return self._store.redo()

    def export(self) -> str:
        """The current position as a position file (TOML) that `Game.new(..., position=FILE)` starts from again: every
        Player's Health, tokens, statuses, state, Stats and Patron Mat, the cards as described, the decks and piles,
        the turn. NotBetweenMoves while a procedure is pending (it says what must finish first) or once the game has
        ended."""
        from referee.position import export_position

        return export_position(self.state)

    def legal_moves(self, player: str | None = None):
        """Every legal next move (referee.legal_moves.LegalMove), python-chess style; `player` keeps that Player's
        moves and the moves no Player makes (resolve, end-turn). Open amounts come as ranges."""
        from referee.legal_moves import legal_moves

        return legal_moves(self.state, player=player)


def open_rules():
    """The bundled rules database (built into the user cache on first use); RulesError when it cannot be."""
    from referee.variables import open_rules as bundled

    return bundled()


class Logged:
    """A logged move: its `number`, the `move`, its `ruling` (a referee.Ruling, as it was judged when played; the
    logged JSON is `ruling_json`), the `override` reason if it was applied over a refusal, when (`at`), and whether
    it was `undone`."""

    __slots__ = ("number", "move", "ruling_json", "override", "at", "undone", "_ruling")

    def __init__(self, number, move, ruling_json, override, at, undone):
        self.number, self.move, self.ruling_json = number, move, ruling_json
        self.override, self.at, self.undone = override, at, undone
        self._ruling = None

    @classmethod
    def of(cls, entry) -> "Logged":
        return cls(entry.number, entry.move, entry.ruling_json, entry.override, entry.at, entry.undone)

    @property
    def ruling(self):
        if self._ruling is None:  # made when asked: a long history is listed without making every ruling
            from referee.records import decode
            from referee.ruling import Ruling

            self._ruling = decode(Ruling, self.ruling_json)
        return self._ruling

    def __repr__(self) -> str:
        return f"Logged(#{self.number} {self.move!r}{' undone' if self.undone else ''})"


class Asked:
    """What `Game.ask` found: `result` (index.Result: the sections, the deciding sentences) and `now` (the ruling
    of the move the question names, on the current game, or None)."""

    __slots__ = ("result", "now")

    def __init__(self, result, now):
        self.result, self.now = result, now
