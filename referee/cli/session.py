"""`referee play` (the interactive session) and `referee demo` (a scripted game): commands run in one process."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from referee.cli.app import EXIT_BAD_INPUT, EXIT_OK, EXIT_REFUSED, app, fail, invoke


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
            shown = " ".join(w if " " not in w else f'"{w}"' for w in words)
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
    `undo`, ...), with the same rulings and exit codes; `quit` (or Ctrl-D) ends the session.
    """
    import os
    import shlex

    try:
        import readline  # noqa: F401  (line editing and history where the platform has it)
    except ImportError:
        pass
    if game:
        os.environ["REFEREE_GAME"] = game
    interactive = sys.stdin.isatty()
    if interactive:
        sys.stdout.write("Referee session: type a command (`status`, `ask ...`, `--help`), `quit` to leave.\n")
    last = EXIT_OK
    while True:
        try:
            line = input("referee> " if interactive else "")
        except EOFError:
            break
        except KeyboardInterrupt:
            sys.stdout.write("\n")
            continue
        try:
            words = shlex.split(line)
        except ValueError as error:
            sys.stderr.write(f"referee: cannot read that line ({error})\n")
            last = EXIT_BAD_INPUT
            continue
        if words[:1] == ["referee"]:
            words = words[1:]
        if not words:
            continue
        if words[0] in {"quit", "exit"}:
            break
        if words[0] in {"play", "demo"}:
            sys.stderr.write(f"referee: `{words[0]}` is not available inside a session\n")
            last = EXIT_BAD_INPUT
            continue
        if not interactive:
            sys.stdout.write(f"referee> {line.strip()}\n")
        last = invoke(words)
        sys.stdout.flush()
    raise typer.Exit(last)
