"""`referee play` (the interactive session) and `referee demo` (a scripted game): commands run in one process.

At a terminal the session reads lines with prompt_toolkit: completion from the game (referee.cli.completion), a
saved history, the turn and Active Player in the prompt, the game and the procedure on top of the pending stack in
a bottom bar, and a misspelt name's suggestion accepted with y. From a pipe it reads plain lines, as it always has.

A session keeps the game it opened (issue 22): another terminal's `referee new` or `games use` changes the current
game, not the session's, and the session says so. Its own `new` and `games use` move it.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Annotated

import typer

from referee.cli.application import EXIT_BAD_INPUT, EXIT_OK, EXIT_REFUSED, app, fail
from referee.cli.run import invoke


@app.command("demo")
def demo(
    keep: Annotated[
        str | None, typer.Option("--keep", metavar="PATH", help="Keep the demo's game file at PATH.")
    ] = None,
) -> None:
    """Play a short scripted game: every command shown, refereed and explained."""
    import os
    import tempfile
    from pathlib import Path

    from referee.demo import GAME_PLACEHOLDER, SCRIPT
    from referee.parsing import quoted
    from referee.store import current_game_path

    folder = tempfile.TemporaryDirectory(prefix="referee-demo-")
    game = Path(keep) if keep else Path(folder.name) / "demo-game.sqlite"
    if game.exists():
        folder.cleanup()
        fail(f"{game} exists already; choose another --keep path", EXIT_BAD_INPUT)
    pointer = current_game_path()
    previous = pointer.read_bytes() if pointer.exists() else None
    unexpected = []
    try:
        for number, step in enumerate(SCRIPT, start=1):
            words = [w.replace(GAME_PLACEHOLDER, str(game)) for w in step.words]
            shown = " ".join(quoted(w) for w in words)
            sys.stdout.write(("\n" + f"# {step.narration}\n" if step.narration else "\n") + f"$ referee {shown}\n")
            sys.stdout.flush()
            os.environ["REFEREE_GAME"] = str(game)
            code = invoke(words)
            if code != step.exit_code:
                unexpected.append(f"step {number} `referee {shown}` exited {code}, expected {step.exit_code}")
    finally:
        os.environ.pop("REFEREE_GAME", None)
        if previous is None:
            pointer.unlink(missing_ok=True)
        else:
            pointer.write_bytes(previous)  # the demo never changes the user's current game
        folder.cleanup()  # the demo leaves nothing behind but a --keep file
    sys.stdout.write(f"\nThe demo game is kept in {game}\n" if keep else "\nEnd of the demo.\n")
    if unexpected:
        fail("the demo did not go as scripted: " + "; ".join(unexpected), EXIT_REFUSED)


@app.command("play")
def play_session(game: Annotated[str | None, typer.Option("--game", help="Game file for this session.")] = None) -> None:
    """An interactive session: type referee commands without `referee`; nothing is re-imported.

    Every command of the command line works here (`status`, `damage mara 3`, `ask nat 20 kaos`,
    `undo`, ...), with the same rulings and exit codes, and `help`, `options`, `end turn`, `next`.
    At a terminal Tab completes commands, Players, cards, slots and options from the game, and the
    history is kept between sessions. The session keeps its game (--game, $REFEREE_GAME, else the current
    game) when another terminal changes the current game; its own `new` or `games use` moves it.
    `quit` (or Ctrl-D) ends the session.
    """
    session = Session(game)
    if not sys.stdin.isatty() and hasattr(sys.stdin, "reconfigure"):
        # a line's bytes that are not UTF-8 reach the command as surrogates, which it refuses naming the argument
        sys.stdin.reconfigure(errors="surrogateescape")
    raise typer.Exit(session.run_terminal() if sys.stdin.isatty() else session.run_piped(sys.stdin))


class Session:
    """One session: each line runs as a referee command in this process, on the session's game (`game`: --game,
    else $REFEREE_GAME, else the current game when the session starts). `confirm(question) -> bool` and
    `choose(question, n) -> int | None` ask the table (at a terminal only; from a pipe nothing is asked)."""

    def __init__(self, game: str | None = None):
        from referee.store import pointed_game

        self.last = EXIT_OK
        self.state = None  # the session's game's state, read before each prompt (None: no game yet)
        self.echo = False  # from a pipe, each command is shown before its answer
        self.confirm = None
        self.choose = None
        self.game = _session_game(game)  # the game file this session plays (None: none yet)
        self.seen = pointed_game()  # the current game when last looked at: a change is said once

    # --- reading lines ----------------------------------------------------------------------------------

    def run_piped(self, lines) -> int:
        """Plain lines (a pipe, a file): no terminal features, each command echoed."""
        self.echo = True
        while True:
            try:
                line = lines.readline()
            except KeyboardInterrupt:
                sys.stdout.write("\n")
                continue
            if not line:
                break
            self.note_elsewhere()
            if not self.handle(line.rstrip("\r\n")):
                break
        return self.last

    def run_terminal(self, input=None, output=None) -> int:
        """prompt_toolkit at a terminal (`input`/`output`: prompt_toolkit's, for tests)."""
        from prompt_toolkit import PromptSession
        from prompt_toolkit.application import create_app_session
        from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
        from prompt_toolkit.buffer import CompletionState
        from prompt_toolkit.completion import Completer, Completion, get_common_complete_suffix
        from prompt_toolkit.key_binding import KeyBindings
        from prompt_toolkit.shortcuts import confirm

        from referee.cli.completion import complete_line

        session = self

        class GameCompleter(Completer):
            def get_completions(self, document, complete_event):
                for found in complete_line(session.state, document.text_before_cursor):
                    yield Completion(found.text, start_position=-found.replace, display=found.display,
                                     display_meta=found.meta)

        keys = KeyBindings()

        @keys.add("tab")
        def complete_now(event):
            """Tab completes at once, like a shell: the only name, else what all share, else a menu (Tab again
            walks it). prompt_toolkit's own Tab completes in the background and drops the answer when a key
            typed meanwhile changed the line: a quick typist's `equip ma<Tab> a` lost the `mara`."""
            line = event.current_buffer
            if line.complete_state:
                line.complete_next()
                return
            found = list(GameCompleter().get_completions(line.document, None))
            common = get_common_complete_suffix(line.document, found) if len(found) > 1 else ""
            if len(found) == 1:
                line.apply_completion(found[0])
            elif common:
                line.insert_text(common)
            elif found:
                line.complete_state = CompletionState(original_document=line.document, completions=found)

        def choose(question: str, count: int) -> int | None:
            answer = PromptSession().prompt(f"{question} [1-{count}, Enter: none] ").strip()
            return int(answer) if answer.isdigit() and 1 <= int(answer) <= count else None

        with create_app_session(input=input, output=output):
            lines = PromptSession(history=_history(), completer=GameCompleter(), complete_while_typing=False,
                                  auto_suggest=AutoSuggestFromHistory(), key_bindings=keys)
            self.confirm = lambda question: confirm(question)
            self.choose = choose
            on = f" on {self.game.stem}" if self.game is not None else ""
            sys.stdout.write(f"Referee session{on}: Tab completes, `help` lists the commands, `options` the legal "
                             "moves, `quit` ends.\n")
            while True:
                self.refresh()
                name = self.game.stem if self.game is not None and self.state is not None else None
                try:
                    line = lines.prompt(prompt_text(self.state), bottom_toolbar=toolbar_text(self.state, name))
                except EOFError:
                    break
                except KeyboardInterrupt:
                    continue
                try:
                    if not self.handle(line):
                        break
                except KeyboardInterrupt:  # Ctrl-C stops a command, not the session (a move is one transaction)
                    sys.stderr.write("referee: interrupted\n")
                    self.last = EXIT_REFUSED
        return self.last

    def refresh(self) -> None:
        self.note_elsewhere()
        with self.on_its_game():
            self.state = current_state()

    def note_elsewhere(self) -> None:
        """Say once that another terminal changed the current game; the session stays on its own. A session that
        has no game yet takes the one started elsewhere."""
        from referee.store import pointed_game

        now = pointed_game()
        if now == self.seen:
            return
        self.seen = now
        if now is None or (self.game is not None and _same_file(now, self.game)):
            return
        if self.game is None:
            self.game = now
            sys.stdout.write(f"The current game is now {now.stem} (started elsewhere): this session plays it.\n")
        else:
            sys.stdout.write(f"Note: the current game is now {now.stem} (changed elsewhere); this session stays on "
                             f"{self.game.stem}. `games use {now.stem}` moves it there.\n")

    @contextlib.contextmanager
    def on_its_game(self, fresh: bool = False):
        """$REFEREE_GAME names the session's game while a line runs, then is as it was. `fresh`: a `new` without
        --game makes a file of its own, not the session's (which it would refuse: a game is there)."""
        import os

        before = os.environ.get("REFEREE_GAME")
        if self.game is not None:
            if fresh and self.game.exists():
                os.environ.pop("REFEREE_GAME", None)
            else:
                os.environ["REFEREE_GAME"] = str(self.game)
        try:
            yield
        finally:
            if before is None:
                os.environ.pop("REFEREE_GAME", None)
            else:
                os.environ["REFEREE_GAME"] = before

    # --- one line ----------------------------------------------------------------------------------------

    def handle(self, line: str) -> bool:
        """Run one line; False when it ends the session."""
        from referee import notation
        from referee.cli.completion import NOT_IN_SESSION
        from referee.errors import InvalidMove

        try:
            words = notation.split(line)
        except InvalidMove as error:
            sys.stderr.write(f"referee: {error}\n")
            self.last = EXIT_BAD_INPUT
            return True
        if words[:1] == ["referee"]:
            words = words[1:]
        if not words:
            return True
        head = words[0].casefold()
        if head in {"quit", "exit"}:
            return False
        if head in NOT_IN_SESSION:
            sys.stderr.write(f"referee: `{words[0]}` is not available inside a session\n")
            self.last = EXIT_BAD_INPUT
            return True
        found = notation.command_of(words)
        if found is not None:  # "end turn", "next", "Damage": the command's own words
            words = [*found[0].split(), *found[1]]
        if self.echo:
            sys.stdout.write(f"referee> {line.strip()}\n")
        if head in {"help", "?"}:
            self.last = show_help(words[1:])
        else:
            checked = self.names_checked(words) if found is not None else words
            if checked is None:
                self.last = EXIT_BAD_INPUT
                return True
            moves_it = head == "new" or [w.casefold() for w in words[:2]] == ["games", "use"]
            with self.on_its_game(fresh=head == "new" and not any(w.startswith("--game") for w in words)):
                self.last = invoke(checked)
            if moves_it and self.last == EXIT_OK:  # the session's own `new` or `games use`: it plays that game now
                from referee.store import pointed_game

                self.game = self.seen = pointed_game()
        sys.stdout.flush()
        return True

    def names_checked(self, words: list[str]) -> list[str] | None:
        """The move's words with each misspelt or ambiguous name replaced by the one the table picks when asked;
        None when the table declines. Without a way to ask, or a game to read, the words as they are."""
        from referee import notation
        from referee.cli.completion import notation_words
        from referee.parsing import quoted
        from referee.errors import AmbiguousName, InvalidMove, UnknownName

        if self.confirm is None or self.state is None or any(w.startswith("--game") for w in words):
            return words
        words = list(words)
        for _ in range(len(words)):
            try:
                notation.parse(self.state, notation_words(words))
                return words
            except UnknownName as error:
                if len(error.suggestions) != 1:
                    return words  # the command says what it could not read
                sys.stderr.write(f"referee: {error}\n")
                typed, picked = error.name, error.suggestions[0] if self.confirm(f"Use {error.suggestions[0]}?") else None
            except AmbiguousName as error:
                sys.stderr.write(f"referee: {error}\n")
                listed = "  ".join(f"{n}) {choice}" for n, choice in enumerate(error.choices, 1))
                number = self.choose(listed, len(error.choices))
                typed, picked = error.name, None if number is None else error.choices[number - 1]
            except InvalidMove:
                return words
            if picked is None:
                return None
            at = next((i for i, w in enumerate(words) if " ".join(w.split()) == typed), None)
            if at is None:
                return words
            words[at] = picked
            sys.stdout.write(f"→ {' '.join(quoted(w) for w in words)}\n")
        return words


def _session_game(game: str | None):
    """The game file a session opens: --game, else $REFEREE_GAME, else the current game; None when there is none."""
    from referee.errors import NoGame
    from referee.store import resolve_game_path

    try:
        return resolve_game_path(game).absolute()
    except NoGame:
        return None


def _same_file(one, other) -> bool:
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return one == other


# --- what the session shows -------------------------------------------------------------------------------


def current_state():
    """The current game's state (--game, $REFEREE_GAME, the current game), or None when there is none to read."""
    from referee.cli.completion import game_state

    return game_state(None)


def prompt_text(state) -> str:
    """`T3 Mara> `: the turn and the Active Player."""
    if state is None:
        return "referee> "
    if state.ended:
        return f"T{state.turn} game over> "
    return f"T{state.turn} {state.active_player.name}> "


def toolbar_text(state, game: str | None = None) -> str:
    """The session's game (its name, when given), and the procedure on top of the pending stack or what the turn
    has left."""
    if state is None:
        return ' No game: new --players "Mara, Ivo" --health 10 --turn-actions 2 '
    named = f" {game} ·" if game else ""
    if state.ended:
        return f"{named} Game over{': ' + state.winner + ' wins' if state.winner else ''} "
    if state.top is not None:
        return f"{named} {state.top.title()} "
    left = state.settings.turn_actions - state.actions_spent
    return f"{named} {state.active_player.name}'s turn: {left} Turn Action{'s' if left != 1 else ''} left; nothing pending "


def _history():
    """The session's history, kept in the user's data folder (REFEREE_HOME/data when set); in memory when that
    folder cannot be written."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory
    from rulesdb.folders import data_dir

    try:
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "session-history"
        path.touch()
        return FileHistory(str(path))
    except OSError:
        return InMemoryHistory()


_GROUP_TITLES = {"referee.cli.moves": "Moves", "referee.cli.game": "The game", "referee.cli.rules": "The rules"}


def show_help(words: list[str]) -> int:
    """`help`: the commands, grouped; `help COMMAND`: that command's own help."""
    import textwrap

    from referee.cli.application import command_name
    from referee.cli.completion import NOT_IN_SESSION, SESSION_COMMANDS
    from referee.cli.moves import register
    from referee.notation import ALIASES, GRAMMAR, command_of

    register()  # the move commands are made lazily (run.command_for); help lists them all

    if words:
        head = words[0].casefold()
        if head in SESSION_COMMANDS:
            sys.stdout.write(f"{head}: {SESSION_COMMANDS[head]}\n")
            return EXIT_OK
        found = command_of(words)
        return invoke([*(found[0].split() if found else words), "--help"])
    groups: dict[str, list[str]] = {}
    for info in app.registered_commands:
        name = command_name(info)
        if name not in NOT_IN_SESSION:
            groups.setdefault(_GROUP_TITLES.get(info.callback.__module__, "More"), []).append(name)
    groups = {"Moves": groups.pop("Moves", []), **groups}
    groups["Moves"].append("encounter " + "|".join(w.split()[1] for w in GRAMMAR if w.startswith("encounter ")))
    groups.setdefault("The rules", []).extend(
        f"{g.name} " + "|".join(i.name for i in g.typer_instance.registered_commands)
        for g in app.registered_groups if g.name != "encounter")
    groups["This session"] = ["help [COMMAND]", "?", "quit"]
    said = {}
    for alias, command in ALIASES.items():
        said.setdefault(command, []).append(alias)
    groups["Also said"] = [f"{', '.join(a)} ({c})" for c, a in said.items()]
    out = []
    for title, names in groups.items():  # a no-break space keeps each entry on one line
        out.append(textwrap.fill("  ".join(n.replace(" ", "\u00a0") for n in names), width=79,
                                 initial_indent=f"{title}: ", subsequent_indent="    ", break_on_hyphens=False))
    out.append("`help COMMAND` explains one; Tab completes commands, Players, cards, slots and options.")
    sys.stdout.write("\n".join(out) + "\n")
    return EXIT_OK
