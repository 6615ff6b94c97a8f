"""Completion from the game: one completer for `referee play` (Tab) and for the shell (typer's autocompletion),
driven by what each grammar parameter names (`referee.notation.values`: what it can name on the state), never by a
table of its own.

    complete_line(state, "equip mara a")   -> [Candidate('"Iron Axe"', ...), Candidate('"Plot Armor"', ...)]

Imported by every move command (for the shell's callbacks): only the standard library at the top.
"""

from __future__ import annotations

from typing import NamedTuple

from referee.parsing import quoted

__all__ = ["Candidate", "complete_line", "shell_completer", "command_phrases", "game_state"]

# What a session adds to the command line's commands (`referee.cli.session` answers them).
SESSION_COMMANDS = {
    "help": "List the commands, or `help COMMAND` for one.",
    "?": "The same as help.",
    "quit": "End the session (or Ctrl-D).",
    "exit": "End the session.",
}
NOT_IN_SESSION = frozenset({"play", "demo"})


class Candidate(NamedTuple):
    """One completion: `text` replaces the `replace` characters before the cursor (the word being typed)."""

    text: str
    replace: int
    display: str
    meta: str = ""


# --- a line being typed --------------------------------------------------------------------------------


def _words_before_cursor(text: str) -> tuple[list[str], str, int]:
    """(the words typed before the one at the cursor, that word unquoted, its length as typed), read the way
    `notation.split` reads a line (quotes, backslashes), an unclosed quote included."""
    words, current, start, quote, in_word = [], [], 0, "", False
    i = 0
    while i < len(text):
        ch = text[i]
        if quote:
            if ch == quote:
                quote = ""
            elif ch == "\\" and quote == '"' and text[i + 1:i + 2] in ('"', "\\"):
                i += 1
                current.append(text[i])
            else:
                current.append(ch)
        elif ch.isspace():
            if in_word:
                words.append("".join(current))
                current, in_word = [], False
        else:
            if not in_word:
                in_word, start = True, i
            if ch in "'\"":
                quote = ch
            elif ch == "\\" and i + 1 < len(text):
                i += 1
                current.append(text[i])
            else:
                current.append(ch)
        i += 1
    if in_word:
        return words, "".join(current), len(text) - start
    return words, "", 0


def _matching(pairs, fragment: str) -> list[tuple[str, str]]:
    """The values `fragment` could be completing: those it starts, then those with a word it starts ("a" -> Iron
    Axe), as the notation reads names."""
    from referee.parsing import name_words

    wanted = " ".join(fragment.split()).casefold()
    pairs = list(dict.fromkeys(pairs))
    starts = [p for p in pairs if p[0].casefold().startswith(wanted)]
    inside = [p for p in pairs if p not in starts and any(w.startswith(wanted) for w in name_words(p[0]))]
    return starts + inside


def command_phrases(session: bool = True) -> list[tuple[str, str]]:
    """(command words, what it does) of every command: the moves, what players say for them, the command line's
    other commands and groups, and (in a session) the session's own."""
    from referee.cli.application import app, command_name
    from referee.notation import ALIASES, GRAMMAR

    out = [(words, n.help.split("\n")[0]) for words, n in GRAMMAR.items()]
    out += [(alias, f"= {words}") for alias, words in ALIASES.items()]
    for info in app.registered_commands:
        name = command_name(info)
        if name not in GRAMMAR and not (session and name in NOT_IN_SESSION):
            out.append((name, (info.help or info.callback.__doc__ or "").strip().split("\n")[0]))
    for group in app.registered_groups:
        for info in group.typer_instance.registered_commands:
            words = f"{group.name} {command_name(info)}"
            if words not in GRAMMAR:
                out.append((words, (info.help or info.callback.__doc__ or "").strip().split("\n")[0]))
    if session:
        out += list(SESSION_COMMANDS.items())
    return out


def _complete_command(typed: list[str], fragment: str, replace: int) -> list[Candidate]:
    """The next word of every command whose first words are `typed`; the rest of the command when only one
    starts so ("end" -> "end turn")."""
    folded = [w.casefold() for w in typed]
    groups: dict[str, list[tuple[list[str], str]]] = {}
    for phrase, about in command_phrases():
        words = phrase.split()
        if len(words) > len(folded) and words[:len(folded)] == folded and words[len(folded)].startswith(
                fragment.casefold()):
            groups.setdefault(words[len(folded)], []).append((words, about))
    out = []
    for word, phrases in groups.items():
        if len(phrases) == 1:
            rest = " ".join(phrases[0][0][len(folded):])
            out.append(Candidate(rest, replace, rest, phrases[0][1]))
        else:
            whole = next((about for words, about in phrases if len(words) == len(folded) + 1), "")
            out.append(Candidate(word, replace, word, whole))
    return out


def _click_command(words: list[str]):
    """The command line's command named by `words` (a group's command included), or None: a move command's options
    read from its grammar entry and the move commands' common options (`_MoveCommand`), any other command as the
    command line registers it."""
    from referee.cli.application import one_command
    from referee.notation import GRAMMAR

    if " ".join(words) in GRAMMAR and " ".join(words) != "deck":  # `deck` is a view command that records a size too
        return _MoveCommand(GRAMMAR[" ".join(words)])
    command = one_command(words[0]) if words else None
    for word in words:
        sub = getattr(command, "commands", {}).get(word)
        if sub is None:
            break
        command = sub
    return None if command is None or hasattr(command, "commands") else command


class _Option(NamedTuple):
    """What completion reads of a command's option: its names, parameter name, help, and how it takes values."""

    opts: tuple[str, ...]
    name: str
    help: str
    is_flag: bool
    multiple: bool


class _MoveCommand:
    """A move command's parameters as completion reads them, without making the command (referee.cli.moves makes it
    from the same grammar entry, with the same common options)."""

    def __init__(self, notation):
        from typing import get_args

        from referee.cli.common import MOVE_OPTIONS

        self.params = [_Option(p.option, p.name, p.help, p.flag, p.many) for p in notation.params if p.option]
        for name, (annotation, _) in MOVE_OPTIONS.items():
            kind, info = get_args(annotation)  # typer reads an Annotated option's first name as its default
            names = (info.default, *info.param_decls) if isinstance(info.default, str) else tuple(info.param_decls)
            self.params.append(_Option(names, name, info.help or "", kind is bool, False))


def notation_words(words: list[str]) -> list[str]:
    """A move's words as the notation reads them: the command line's own options (--dry-run, --json, --why,
    --override REASON) left out."""
    from referee.notation import GRAMMAR, command_of

    name, rest = command_of(words)
    command = _click_command(name.split())
    own = {opt for p in GRAMMAR[name].params for opt in p.option}
    takes_value = {opt for p in command.params for opt in getattr(p, "opts", ()) if not getattr(p, "is_flag", True)}
    kept, skip = name.split(), False
    for word in rest:
        option = word.partition("=")[0]
        if skip:
            skip = False
        elif word.startswith("--") and option not in own:
            skip = option in takes_value and "=" not in word
        else:
            kept.append(word)
    return kept


def complete_line(state, text: str, *, session: bool = True) -> list[Candidate]:
    """Completions for the word at the end of `text` (a session's line up to the cursor): a command, then each
    argument from `state` (None when no game is open: commands and options only). `session=False`: the command
    line's arguments only (the shell completes its commands itself)."""
    from referee import notation

    typed, fragment, replace = _words_before_cursor(text)
    if typed[:1] == ["referee"]:
        typed = typed[1:]
    if session and (not typed or typed[0].casefold() in ("help", "?")):
        return _complete_command(typed[1:], fragment, replace)
    if not typed:
        return []
    # "gain st" -> "gain status", "encounter d" -> draw: what players say, in a session
    out = _complete_command(typed, fragment, replace) if session else []
    found = notation.command_of(typed)
    if found is not None:
        name, rest = found
        command_words, entry = name.split(), notation.GRAMMAR[name]
    else:
        known = {phrase.split()[0] for phrase, _ in command_phrases()} - set(SESSION_COMMANDS)
        if typed[0].casefold() not in known:
            return out  # not a command: nothing to build a command line for
        command_words = [w.casefold() for w in typed[:2]] if typed[0].casefold() == "rules" else [typed[0].casefold()]
        rest, entry = typed[len(command_words):], None
    command = _click_command(command_words)
    if command is None:
        return out
    return out + _complete_arguments(state, command, entry, rest, fragment, replace)


def _complete_arguments(state, command, entry, rest: list[str], fragment: str, replace: int) -> list[Candidate]:
    """Options by their names (from the command line's command), values from the grammar entry's parameters."""
    options = {opt: p for p in command.params for opt in getattr(p, "opts", ()) if opt.startswith("-")}
    params = {p.name: p for p in entry.params} if entry is not None else {}
    given: dict = {}
    positionals: list[str] = []
    pending = None
    only_positionals = False
    for word in rest:
        if pending is not None:
            _give(given, params.get(pending.name), pending.name, word)
            pending = None
        elif word == "--" and not only_positionals:
            only_positionals = True
        elif word.startswith("--") and not only_positionals:
            name, eq, value = word.partition("=")
            option = options.get(name)
            if option is not None and not getattr(option, "is_flag", False):
                if eq:
                    _give(given, params.get(option.name), option.name, value)
                else:
                    pending = option
            elif option is not None:
                given[option.name] = True
        else:
            positionals.append(word)
    if pending is None and fragment.startswith("-") and not only_positionals:
        pairs = [(opt, (p.help or "").split("\n")[0]) for opt, p in options.items()
                 if opt.startswith("--") and (getattr(p, "multiple", False) or p.name not in given)]
        return [Candidate(v, replace, v, about) for v, about in _matching(pairs, fragment)]
    if entry is None or state is None:
        return []
    param, earlier = _positional_at(entry, positionals, given)
    if pending is not None:
        param, earlier = params.get(pending.name), ()
    from referee.notation import values

    pairs = values(state, entry, param, given, earlier) if param is not None else []
    return [Candidate(quoted(v), replace, v, about) for v, about in _matching(pairs, fragment)]


def _give(given: dict, param, name: str, word: str) -> None:
    if param is not None and param.many:
        given.setdefault(name, []).append(word)
    else:
        given[name] = word


def _positional_at(entry, positionals: list[str], given: dict):
    """(the positional parameter the next word goes to, the words it already has), filling `given`."""
    words = list(positionals)
    for param in entry.positionals:
        if param.many:
            given[param.name] = words
            return param, words
        if not words:
            return param, []
        given[param.name] = words.pop(0)
    return None, []


# --- the shell: typer's autocompletion callbacks ------------------------------------------------------------


def shell_completer(notation, param):
    """A typer `autocompletion` callback for `param` of `notation`: the same completions as the session's, read
    from the words the shell gives (typer's completion classes read them from the environment: bash's COMP_WORDS,
    zsh's and fish's _TYPER_COMPLETE_ARGS), so a value completes whatever came before it, an option included."""

    def complete(ctx, incomplete):
        import os

        shell = os.environ.get("_REFEREE_COMPLETE", "").partition("_")[2]
        words = _shell_words(shell)
        if words is None:
            return []
        typed = incomplete or ""
        at = next((i for i, w in enumerate(words) if w.split("=")[0] == "--game"), None)
        game = None if at is None else words[at].partition("=")[2] or (words[at + 1:at + 2] or [None])[0]
        fragment = quoted(typed)
        if fragment != typed:
            fragment = fragment[:-1]  # left open: the word is being typed
        line = " ".join(quoted(w) for w in words) + " " + fragment
        out = []
        for found in complete_line(game_state(game), line, session=False):
            value = found.display
            if value.casefold().startswith(typed.casefold()):
                value = typed + value[len(typed):]  # the shell keeps only values that start with what was typed
                out.append((value.replace(" ", "\\ ") if shell == "bash" else value, found.meta))
        return out

    complete.__name__ = f"complete_{param.name}"
    return complete


def _shell_words(shell: str) -> list[str] | None:
    """The words before the one being completed, as the shell gave them; None outside a shell's completion."""
    try:  # typer >= 0.28 carries its own copy of click
        from typer._click.shell_completion import get_completion_class
    except ImportError:  # pragma: no cover
        from click.shell_completion import get_completion_class

    found = get_completion_class(shell) if shell else None
    if found is None:
        return None
    try:
        words, _ = found(None, {}, "referee", "_REFEREE_COMPLETE").get_completion_args()
    except (KeyError, ValueError):
        return None
    return list(words)


def game_state(game: str | None):
    """The game's state for completing, or None when there is no game to read (completion never fails)."""
    import sqlite3

    from referee.errors import RefereeError
    from referee.game import Game

    try:
        with Game.open(game) as current:
            return current.state
    except (RefereeError, sqlite3.Error, OSError):
        return None
