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


__all__ = ["Game"]


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
        from referee.table_settings import make_settings, open_rules, parse_interpretations, parse_players

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
    def open(cls, path: str | os.PathLike | None = None) -> "Game":
        """Open the game at `path`; without one: $REFEREE_GAME, else the current game (the last `referee new`).
        Raises NoGame or GameFileError."""
        from referee.store import GameStore, resolve_game_path

        return cls(GameStore(resolve_game_path(path)))

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

    def history(self, *, last: int | None = None, numbers=None):
        """Every logged move (or the `last` N, or those `numbers` names), undone ones included (marked), oldest
        first (referee.store.LoggedMove)."""
        return self._store.history(last=last, numbers=numbers)

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

        return engine.check(self.state, move).legal  # not self.check: its fix_moves list every legal move

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

