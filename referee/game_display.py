"""How the referee shows rulings, the board, the pending stack and the log. Used by cli.py only.

A ruling reads in this order: the verdict, what changes, the rules quoted with their keys, the fix.
"""

from __future__ import annotations

__all__ = ["played_json", "print_played", "status_json", "print_status", "history_json", "print_history",
           "print_interpretations", "interpretations_json", "stack_lines"]

STATUS_LABELS = {"goblin": "Goblin Balls On Ya", "haunted": "Dungeon Haunted"}


def _quote(text: str) -> str:
    return " ".join(text.split())


# --- one ruling ------------------------------------------------------------------------------------


def played_json(played, *, dry_run: bool) -> dict:
    data = played.ruling.to_json()
    return {
        "legal": played.ruling.legal,
        "applied": played.applied,
        "dry_run": dry_run,
        "move_number": played.number,
        "override": played.override,
        **{k: v for k, v in data.items() if k != "legal"},
    }


def print_played(console, played, *, dry_run: bool, cannot_apply: bool = False) -> None:
    from rich.text import Text

    ruling = played.ruling
    from referee.moves import describe

    line = Text()
    if played.applied and played.override:
        line.append("OVERRIDDEN", style="bold yellow")
        line.append(f": applied as move #{played.number} although the rules refuse it (reason: {played.override})")
    elif played.applied:
        line.append("LEGAL", style="bold green")
        line.append(f": applied as move #{played.number}")
    elif ruling.legal:
        line.append("LEGAL", style="bold green")
        line.append(" (dry run: nothing changed)")
    else:
        line.append("REFUSED", style="bold red")
        line.append(": nothing changed" + (" (dry run)" if dry_run else ""))
        if cannot_apply:
            line.append("; there is nothing an --override could apply")
    line.append(f"   [{describe(ruling.move)}]", style="dim")
    console.print(line)

    for violation in ruling.violations:
        console.print(Text("  ✗ ", style="red") + Text(violation.message))
    verb = "changes" if played.applied else "would change"
    if ruling.consequences or ruling.table_reported:
        console.print(Text(f"What {verb}:" if ruling.legal or played.applied else "If applied anyway:", style="bold"))
        for text in ruling.consequences:
            console.print(Text("  • ") + Text(text))
        for text in ruling.table_reported:
            console.print(Text("  ◦ table-reported: ", style="cyan") + Text(text))
    for entry in ruling.interpretations:
        tag = "default" if entry.is_default else "table setting"
        console.print(Text("  ≈ interpretation ", style="magenta") + Text(f"{entry.id} ({tag}): {entry.text}"))
    if played.applied or ruling.legal:
        for text in ruling.obligations:
            console.print(Text("  → next: ", style="bold") + Text(text))

    cited = list(ruling.refused_citations) + [c for c in ruling.citations if c not in ruling.refused_citations]
    if cited:
        console.print(Text("Rules:", style="bold"))
        by_key: dict[str, list[str]] = {}
        for citation in cited:
            by_key.setdefault(citation.key, []).append(citation.quote)
        for key, quotes in by_key.items():
            console.print(Text(f"  {key}", style="cyan"))
            for quote in quotes:
                console.print(Text(f"    \"{_quote(quote)}\""))
    fixes = [v.fix for v in ruling.violations if v.fix]
    if fixes and not played.applied:
        console.print(Text("To make it legal:", style="bold"))
        for fix in dict.fromkeys(fixes):
            console.print(Text("  ") + Text(fix))
        if not cannot_apply and ruling.effects is not None:
            console.print(Text("  (or, if a card's text says otherwise: repeat with --override \"reason\")", style="dim"))


# --- the board -------------------------------------------------------------------------------------


def stack_lines(state) -> list[str]:
    """The pending stack, top first, ending with the turn it interrupts."""
    lines = []
    for proc in reversed(state.stack):
        lines.append(f"{proc.title()} — finish: {proc.finish_hint()}")
    who = state.active_player.name
    kind = {"player": "Player Turn", "zombie": "Zombie Turn (table-reported)",
            "rising": "Rising as a Zombie (table-reported)"}[state.turn_kind]
    actions = (f", {state.actions_spent}/{state.settings.turn_actions} Turn Actions used"
               if state.turn_kind == "player" else "")
    lines.append(f"Turn {state.turn}: {who}'s {kind}{actions}")
    return lines


def status_json(state, path) -> dict:
    return {"game": str(path), **state.to_json(), "pending": stack_lines(state)}


def print_status(console, state, path, rules_hash_now: str | None = None) -> None:
    from rich.text import Text

    from rich.table import Table

    s = state.settings
    if state.ended:
        console.print(Text(f"GAME OVER: {state.winner} won (Victory).", style="bold green"))
    else:
        console.print(Text(f"Turn {state.turn} — Active Player: {state.active_player.name}", style="bold"))
    table = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("", "Player", "State", "Health", "Kaos", "Reroll", "Statuses", "Stats"):
        table.add_column(column)
    for i, p in enumerate(state.players):
        stats = ", ".join(f"{k} {v:+d}" for k, v in s.stats.get(p.name, {}).items())
        marker = "▶" if i == state.active and not state.ended else ""
        health = f"{p.health}/{p.health_cap}"
        table.add_row(marker, p.name, p.state.capitalize(), health, str(p.kaos), str(p.rerolls),
                      ", ".join(STATUS_LABELS[x] for x in p.statuses) or "-", stats or "-")
    console.print(table)
    console.print(Text("Pending (top first):", style="bold"))
    for i, line in enumerate(stack_lines(state)):
        console.print(Text(("  ▸ " if i == 0 else "    ") + line))
    if state.last_check:
        console.print(Text("Last Check: ", style="bold") + Text(state.last_check))
    console.print(Text(
        f"Table settings (03_SETUP / 04_PLAYER_STRUCTURE not loaded): Health {s.health}, Health Cap {s.health_cap}, "
        f"Turn Actions {s.turn_actions} per turn, Reroll Token supply {s.reroll_supply} "
        f"({state.rerolls_available()} available), starting Kaos {s.starting_kaos}", style="dim"))
    if s.interpretations:
        chosen = ", ".join(f"{k}={v}" for k, v in s.interpretations.items())
        console.print(Text(f"Interpretations chosen by the table: {chosen}", style="dim"))
    console.print(Text(f"Game file: {path}   rules version {s.rules_hash[:12]}", style="dim"))
    if rules_hash_now and rules_hash_now != s.rules_hash:
        console.print(Text("Note: the loaded rules changed since this game began; it is still judged under its own "
                           "rules version.", style="yellow"))


# --- the log ---------------------------------------------------------------------------------------


def history_json(entries) -> list[dict]:
    from referee.moves import describe, move_to_json

    return [
        {"number": e.number, "move": move_to_json(e.move), "text": describe(e.move), "undone": e.undone,
         "override": e.override, "at": e.at, "ruling": e.ruling}
        for e in entries
    ]


def print_history(console, entries) -> None:
    from rich.text import Text

    from referee.moves import describe

    if not entries:
        console.print("No moves yet.")
        return
    for e in entries:
        line = Text(f"#{e.number:<4} ")
        text = Text(describe(e.move), style="strike dim" if e.undone else "bold")
        line.append_text(text)
        if e.undone:
            line.append("  (undone)", style="dim")
        if e.override:
            line.append(f"  OVERRIDE: {e.override}", style="yellow")
        console.print(line)
        for c in e.ruling.get("consequences", []):
            console.print(Text("        " + c, style="dim" if e.undone else ""))
        keys = list(dict.fromkeys(c["key"] for c in e.ruling.get("citations", [])))
        if keys:
            console.print(Text("        rules: " + "; ".join(keys), style="dim cyan"))


def interpretations_json(register, choices) -> list[dict]:
    return [
        {"id": e.id, "question": e.question, "default": e.default, "in_force": choices.get(e.id, e.default),
         "readings": [{"id": r, "text": t} for r, t in e.readings], "selectable": e.selectable,
         "citations": [c.to_json() for c in e.citations]}
        for e in register.values()
    ]


def print_interpretations(console, register, choices) -> None:
    from rich.text import Text

    for e in register.values():
        in_force = choices.get(e.id, e.default)
        console.print(Text(e.id, style="bold magenta") + Text(f"  {e.question}"))
        for r, t in e.readings:
            mark = "●" if r == in_force else "○"
            console.print(Text(f"   {mark} {r}{' (default)' if r == e.default else ''}: {t}"))
        console.print(Text("     cites: " + "; ".join(dict.fromkeys(c.key for c in e.citations)), style="dim"))
