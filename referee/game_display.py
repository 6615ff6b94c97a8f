"""How the referee shows rulings, the board, the pending stack and the log. Used by cli.py only.

A ruling reads in this order: the verdict, what changes, the rules quoted with their keys, the fix.
"""

from __future__ import annotations


__all__ = ["short_ruling", "print_ruling", "logged_json", "options_json", "print_options", "Shown", "undone_line", "redone_line", "played_json", "print_played", "status_json", "print_status", "history_json", "print_history",
           "print_interpretations", "interpretations_json", "stack_lines",
           "inventories_json", "print_inventories", "piles_json", "print_piles", "decks_json", "print_decks",
           "stack_chain", "print_encounters", "health_level", "TURN_KINDS"]


def _quote(text: str) -> str:
    return " ".join(text.split())


def _struck(text: str, style: str = ""):
    """Rich text of a ruling line: dice written ~~20~~ (dropped by a reroll) are shown struck through.

    JSON keeps the plain "~~20~~" form."""
    import re

    from rich.text import Text

    out = Text(style=style)
    at = 0
    for m in re.finditer(r"~~(.+?)~~", text):
        out.append(text[at:m.start()])
        out.append(m.group(1), style="strike dim")
        at = m.end()
    out.append(text[at:])
    return out


# --- one ruling ------------------------------------------------------------------------------------


class Shown:
    """A ruling shown without being logged: a dry run, or a refusal (a logged move is a store.Played)."""

    applied = False
    number = None
    override = None

    def __init__(self, ruling):
        self.ruling = ruling


def played_json(played, *, dry_run: bool) -> dict:
    from referee.records import encode

    data = encode(played.ruling)
    return {
        "legal": played.ruling.legal,
        "applied": played.applied,
        "dry_run": dry_run,
        "move_number": played.number,
        "override": played.override,
        **{k: v for k, v in data.items() if k != "legal"},
    }


def print_played(console, played, *, dry_run: bool, cannot_apply: bool = False, why: bool = False) -> None:
    """A ruling: by default the verdict, its outcome and the one sentence that decided it (short_ruling); `why`: the
    full ruling (every rule quoted, the interpretations, the fix)."""
    data = played_json(played, dry_run=dry_run)
    overridable = not cannot_apply and played.ruling.effects is not None
    if why:
        print_ruling(console, data, cannot_apply=cannot_apply, overridable=overridable)
    else:
        for line in short_ruling(data, console.width, cannot_apply=cannot_apply):
            console.print(line, no_wrap=True, overflow="ignore", crop=False)


def _verdict(data: dict, *, cannot_apply: bool, width: int | None = None):
    """The verdict line, with the move as typed; at `width`, a move too long to fit is named by its words before
    its options, never cut."""
    from rich.text import Text

    from referee.moves import describe, move_from_json

    line = Text()
    applied, legal, dry = data["applied"], data["legal"], data["dry_run"]
    if applied and data["override"]:
        line.append("OVERRIDDEN", style="bold yellow")
        line.append(f": applied as move #{data['move_number']} although the rules refuse it (reason: "
                    f"{data['override']})")
    elif applied:
        line.append("LEGAL", style="bold green")
        line.append(f": applied as move #{data['move_number']}")
    elif legal and cannot_apply:
        line.append("LEGAL", style="bold green")
        line.append(", but there is nothing to apply: nothing changed" + (" (dry run)" if dry else ""))
    elif legal:
        line.append("LEGAL", style="bold green")
        line.append(" (dry run: nothing changed)")
    else:
        line.append("REFUSED", style="bold red")
        line.append(": nothing changed" + (" (dry run)" if dry else ""))
        if cannot_apply:
            line.append("; there is nothing an --override could apply")
    typed = describe(move_from_json(data["move"]))
    for echo in (typed, typed.split(" --")[0], " ".join(typed.split()[:2])):
        if width is None or line.cell_len + len(echo) + 5 <= width:
            line.append(f"   [{echo}]", style="dim")
            break
    return line


def _deciding(data: dict) -> dict | None:
    """The sentence that decided the ruling (Ruling.decided_by: its first citation); a ruling logged before it was
    recorded: the first violation's first citation, else the first citation."""
    if data.get("decided_by"):
        return data["decided_by"]
    for violation in data["violations"]:
        if violation["citations"]:
            return violation["citations"][0]
    return data["citations"][0] if data["citations"] else None


def _wrap(text, width: int, indent: str = "    ") -> list:
    """`text` (rich Text) wrapped whole at `width`, at spaces, the lines after the first indented: never cut (a word
    longer than a line is the only thing split)."""
    from rich.text import Text

    out, rest = [], text
    while rest.cell_len > width:
        split = rest.plain.rfind(" ", len(indent) + 1 if out else 1, width + 1)
        split = width if split <= 0 else split
        out.append(rest[:split])
        rest = rest[split:]
        rest = Text(indent) + rest[len(rest.plain) - len(rest.plain.lstrip()):]
    out.append(rest)
    return out


def _ranked_changes(data: dict) -> list[tuple[str, str]]:
    """What the move changes, most telling first (ruling.ranked: the game ends, a possible Death, a verdict, whose
    turn it is, cards that move, tokens that change; then the rest as said), then what the table reports: (text,
    kind) pairs."""
    from referee.ruling import ranked

    said = data["consequences"]
    kinds = [r["kind"] for r in data.get("reasons", ())]
    if len(kinds) != len(said):  # logged before consequences had kinds
        kinds = [""] * len(said)
    return ([(said[i], kinds[i]) for i in ranked(kinds)]
            + [(f"table-reported: {t}", "") for t in data["table_reported"]])


def short_ruling(data: dict, width: int, *, cannot_apply: bool = False) -> list:
    """The ruling at the table, chosen, never cut: the verdict, the outcome (a refusal: what forbids it), the sentence
    that decided it, quoted whole, and the fix. A legal move in about 4 lines, a refusal in about 6, at `width`
    columns, more only when the outcome or the quote needs them; what is left out is counted ("+N more: --why")."""
    from rich.text import Text

    refused = bool(data["violations"]) and not data["applied"]
    budget = 6 if refused else 4  # lines, the quote's beyond its first not counted
    lines = [_verdict(data, cannot_apply=cannot_apply, width=width)]
    quote = _deciding(data)
    quoted = [] if quote is None else _wrap(Text(f"  {quote['key']}: ", style="cyan")
                                            + Text(f"\"{_quote(quote['quote'])}\""), width)
    hidden = 0
    if refused:
        first = data["violations"][0]
        hidden = len(data["violations"]) - 1
        lines += _wrap(Text("  ✗ ", style="red") + Text(first["message"]), width)
        lines += quoted
        fix = next((v["fix"] for v in data["violations"] if v["fix"]), "")
        if fix:
            lines += _wrap(Text("  fix: ", style="bold") + Text(fix), width)
        noun = "refusal" if hidden == 1 else "refusals"
    else:
        # the most telling change whole; then what the move itself did (its first change) and the changes of a kind
        # (not narration), while they fit
        changes = _ranked_changes(data)
        own = data["consequences"][0] if data["consequences"] else None
        shown, count = [], 0
        for n, (text, kind) in enumerate(changes):
            wrapped = _wrap(Text("  • ") + _struck(text), width)
            if n and ((not kind and text != own)
                      or len(lines) + len(shown) + len(wrapped) + min(len(quoted), 1) > budget + 1):
                continue
            shown += wrapped
            count += 1
        hidden = len(changes) - count
        lines += shown
        interpretations = [i["id"] for i in data["interpretations"]]
        extras = []
        if interpretations:
            extras.append(Text("  ≈ interpretation: ", style="magenta") + Text(", ".join(interpretations)))
        if data["obligations"]:
            extras.append(Text("  → next: ", style="bold") + Text(data["obligations"][0]))
        lines += quoted
        for extra in extras:
            wrapped = _wrap(extra, width)
            if len(lines) - len(quoted[1:]) + len(wrapped) <= budget:
                lines += wrapped
        noun = "more"
    if hidden:
        hint = Text(f"  (+{hidden} {noun}: --why)", style="dim")
        where = next((n for n in (0, len(lines) - 1) if lines[n].cell_len + hint.cell_len <= width), None)
        if where is None:
            lines.append(hint)
        else:
            lines[where] = lines[where] + hint
    return lines


def print_ruling(console, data: dict, *, cannot_apply: bool = False, overridable: bool = True) -> None:
    """The full ruling (`--why`, `referee why`): the verdict, what changes, the interpretations applied, every rule
    quoted with its key, and what would make it legal."""
    from rich.text import Text

    console.print(_verdict(data, cannot_apply=cannot_apply))
    applied, legal = data["applied"], data["legal"]
    for violation in data["violations"]:
        console.print(Text("  ✗ ", style="red") + Text(violation["message"]))
    verb = "changes" if applied else "would change"
    if data["consequences"] or data["table_reported"]:
        console.print(Text(f"What {verb}:" if legal or applied else "If applied anyway:", style="bold"))
        for text in data["consequences"]:
            console.print(Text("  • ") + _struck(text))
        for text in data["table_reported"]:
            console.print(Text("  ◦ table-reported: ", style="cyan") + Text(text))
    for entry in data["interpretations"]:
        tag = "default" if entry["default"] else "table setting"
        console.print(Text("  ≈ interpretation ", style="magenta") + Text(f"{entry['id']} ({tag}): {entry['text']}"))
    if applied or legal:
        for text in data["obligations"]:
            console.print(Text("  → next: ", style="bold") + Text(text))
    refused = [c for v in data["violations"] for c in v["citations"]]
    cited = list({(c["key"], c["quote"]): c for c in [*refused, *data["citations"]]}.values())
    if cited:
        console.print(Text("Rules:", style="bold"))
        by_key: dict[str, list[str]] = {}
        for citation in cited:
            by_key.setdefault(citation["key"], []).append(citation["quote"])
        for key, quotes in by_key.items():
            console.print(Text(f"  {key}", style="cyan"))
            for quote in quotes:
                console.print(Text(f"    \"{_quote(quote)}\""))
    fixes = [v["fix"] for v in data["violations"] if v["fix"]]
    if fixes and not applied:
        console.print(Text("To make it legal:", style="bold"))
        for fix in dict.fromkeys(fixes):
            console.print(Text("  ") + Text(fix))
        if overridable:
            console.print(Text("  (or, if a card's text says otherwise: repeat with --override \"reason\")", style="dim"))


def logged_json(entry) -> dict:
    """A logged move's ruling in the form played_json gives (for `referee why`)."""
    from referee.moves import move_to_json

    ruling = dict(entry.ruling_json)
    ruling.pop("override", None)
    return {"legal": ruling.pop("legal"), "applied": True, "dry_run": False, "move_number": entry.number,
            "override": entry.override, **{**ruling, "move": move_to_json(entry.move)}}


# --- the board -------------------------------------------------------------------------------------

# A turn kind in words, for status and every form of the board. Zombie Turns and Rising belong to
# RULES_EXTENSION_01_ZOMBIES (not loaded): status says the table reports them.
TURN_KINDS = {"player": "Player Turn", "zombie": "Zombie Turn", "rising": "Rising as a Zombie"}
_TABLE_REPORTED_TURNS = frozenset({"zombie", "rising"})


def _turn_kind(kind: str) -> str:
    return TURN_KINDS[kind] + (" (table-reported)" if kind in _TABLE_REPORTED_TURNS else "")


def stack_layers(state) -> list[dict]:
    """The pending stack, top first, ending with the turn it interrupts: each layer's kind, what it is, and the
    move that finishes it ("" for the turn)."""
    layers = [{"kind": proc.kind, "text": proc.title(), "finish": proc.finish_hint(state)} for proc in reversed(state.stack)]
    who = state.active_player.name
    kind = _turn_kind(state.turn_kind)
    actions = (f", {state.actions_spent}/{state.settings.turn_actions} Turn Actions used"
               if state.turn_kind == "player" else "")
    layers.append({"kind": "turn", "text": f"Turn {state.turn}: {who}'s {kind}{actions}", "finish": ""})
    return layers


def stack_lines(state) -> list[str]:
    """The pending stack as status prints it, top first, ending with the turn it interrupts."""
    return [layer["text"] if layer["kind"] == "turn" else f"{layer['text']} — finish: {layer['finish']}"
            for layer in stack_layers(state)]


# --- 10 random encounters: the pending stack as one line, and the public encounter piles ------------

_SHORT = {
    "random-encounter": lambda p: f"Random Encounter '{p.card}' for {p.player}",
    "end-of-turn": lambda p: f"{p.player}'s {'Cube Room End Effects' if p.step == 'cube-room' else 'Dungeon Bomb Step'}",
    "death": lambda p: f"{p.player}'s Death Process",
    "loot-window": lambda p: f"{p.player}'s Loot Management Window",
}


def stack_chain(state) -> str:
    """The pending stack top to bottom in one line: "Random Encounter 'X' for Cara → interrupted: ... → Bob's turn"."""
    procs = list(reversed(state.stack))
    parts: list[str] = []
    interrupted = False
    for i, proc in enumerate(procs):
        text = _SHORT.get(proc.kind, lambda p: p.title())(proc)
        parts.append(f"interrupted: {text}" if interrupted else text)
        interrupted = proc.kind == "random-encounter"
        below = procs[i + 1] if i + 1 < len(procs) else None
        if interrupted and not (below is not None and (below.kind == "random-encounter" or
                                                      (proc.cause == "bomb" and below.kind == "end-of-turn"))):
            parts.append(f"interrupted: {proc.source}")
            interrupted = False
    turn = f"{state.active_player.name}'s turn"
    parts.append(f"interrupted: {turn}" if interrupted else turn)
    return " → ".join(parts)


def print_encounters(console, data: dict) -> None:
    from rich.text import Text

    deck = "size not reported (`referee encounter deck N`)" if data["deck"] is None else f"{data['deck']} face-down"
    console.print(Text("Random Encounter Deck: ", style="bold") + Text(deck))
    console.print(Text("Discard pile (public): ", style="bold") + Text(", ".join(data["discard"]) or "empty"))
    for entry in data["in_play"]:
        console.print(Text("In play: ", style="bold") + Text(f"'{entry['card']}' for {entry['player']} ({entry['step']})"))
    for card in data.get("unresolved", ()):
        console.print(Text("Left unresolved (game over): ", style="bold") + Text(f"'{card}'"))
    for name, card in data["cards"].items():
        options = "; ".join(f"{i}. {o}" for i, o in enumerate(card["options"], 1))
        console.print(Text(f"  {name}", style="cyan") + Text(f": {options}. Penalty: {'; '.join(card['penalty']) or 'none'}"))
    for c in data["citations"]:
        console.print(Text(f"  {c['key']}: \"{_quote(c['quote'])}\"", style="dim"))


# --- end 10 random encounters ------------------------------------------------------------------------


def status_json(state, path) -> dict:
    """`referee status --json`: the state's records (referee.records.encode) as the table reads them: whose turn, the
    Turn Actions, the pending stack top first, the Reroll Tokens left."""
    from referee.records import encode

    return {
        "game": str(path),
        "turn": state.turn,
        "active_player": state.active_player.name,
        "turn_kind": state.turn_kind,
        "turn_actions": {"spent": state.actions_spent, "per_turn": state.settings.turn_actions,
                         "taken": list(state.actions_taken)},
        "players": encode(state.players),
        "stack": encode(state.stack[::-1]),  # top first
        "ended": state.ended,
        "winner": state.winner,
        "reroll_tokens_available": state.rerolls_available(),
        "last_check": state.last_check,
        "loot": encode(state.loot),
        "cards": encode(state.cards),
        "encounters": state.encounters,  # 10 random encounters
        "deaths": encode(state.deaths),
        "settings": encode(state.settings),
        "pending": stack_lines(state),
        "now": stack_chain(state),
    }


def health_level(health: int, cap: int) -> str:
    """How near death Health is, as every form of the board colours it: "critical" at a quarter of the Health Cap
    or less (and with a Health Cap of 0), "low" at half or less, else "ok"."""
    share = health / cap if cap else 0
    return "critical" if share <= 0.25 else "low" if share <= 0.5 else "ok"


_HEALTH_STYLE = {"critical": "bold red", "low": "yellow", "ok": "green"}


def _health(p) -> "object":
    """Health coloured by danger (health_level)."""
    from rich.text import Text

    return Text(f"{p.health}/{p.health_cap}", style=_HEALTH_STYLE[health_level(p.health, p.health_cap)])


def _mat_line(state, name: str) -> str:
    """A Patron Mat in a few words: Defense from loot, Armor, Weapons (Dropped marked), Backpack use."""
    from referee import loot_and_inventory as L

    mat = L.patron_mat(state, name)
    parts = [f"Def {L.loot_defense(state, name)}"]
    armor = [L.label(c) for c in mat.armor if c]
    parts.append(", ".join(armor) if armor else "no Armor")
    for weapon in (mat.melee, mat.ranged):
        if weapon:
            parts.append(weapon + (" (Dropped)" if weapon in mat.dropped else ""))
    parts.append(f"pack {len(mat.stored)}/{len(mat.backpack)}")
    if mat.set_aside:
        parts.append(f"set aside {len(mat.set_aside)}")
    return " · ".join(parts)


def print_status(console, state, path, *, verbose: bool = False) -> None:
    """The board in a few lines: the turn, what is pending and the move that finishes it, one row per Player. The
    table settings, the interpretations chosen and the game file only when `verbose` (they do not change)."""
    from rich.table import Table
    from rich.text import Text

    from referee.state import stats_text

    s = state.settings
    if state.ended:
        console.print(Text(f"GAME OVER: {state.winner} won (Victory).", style="bold green"))
    else:
        kind = _turn_kind(state.turn_kind)
        actions = f" · Turn Actions {state.actions_spent}/{s.turn_actions}" if state.turn_kind == "player" else ""
        console.print(Text(f"Turn {state.turn} · {state.active_player.name}'s {kind}{actions}", style="bold"))
        if state.stack:
            console.print(Text("Now: ", style="bold") + Text(stack_chain(state)))
            console.print(Text("Next: ", style="bold") + Text(state.top.finish_hint(state)))
    short = {"goblin": "Goblin", "haunted": "Haunted"}
    rows = []
    for i, p in enumerate(state.players):
        marker = "▶" if i == state.active and not state.ended else ""
        status = ([p.state.capitalize()] if p.state != "surviving" else []) + [short[x] for x in p.statuses]
        rows.append((marker, p.name, _health(p), str(p.kaos), str(p.rerolls), ", ".join(status) or "-",
                     _mat_line(state, p.name)))
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="dim")
    headers = ("", "Player", "Health", "Kaos", "Rr", "Status", "Patron Mat")
    widths = [max([len(header)] + [len(str(row[n])) for row in rows]) for n, header in enumerate(headers)]
    room = max(12, console.width - sum(widths[:-1]) - 2 * (len(headers) - 1))  # the mat gets what is left
    for n, header in enumerate(headers):
        table.add_column(header, no_wrap=True, min_width=widths[n] if n < len(headers) - 1 else None,
                         justify="right" if header in ("Health", "Kaos", "Rr") else "left")
    for row in rows:
        mat = row[-1] if len(row[-1]) <= room else row[-1][:room - 1] + "…"
        table.add_row(*row[:-1], mat)
    console.print(table)
    if state.last_check:
        console.print(Text("Last Check: ", style="dim bold") + Text(state.last_check, style="dim"))
    if not verbose:
        return
    if state.stack and not state.ended:
        console.print(Text("Pending (top first):", style="bold"))
        for i, line in enumerate(stack_lines(state)):
            console.print(Text(("  ▸ " if i == 0 else "    ") + line))
    stats = "; ".join(f"{name}: {stats_text(table_)}" for name, table_ in s.stats.items() if table_)
    console.print(Text(
        f"Table settings (03_SETUP / 04_PLAYER_STRUCTURE not loaded): Health {s.health}, Health Cap {s.health_cap}, "
        f"Turn Actions {s.turn_actions} per turn, Reroll Token supply {s.reroll_supply} "
        f"({state.rerolls_available()} available), starting Kaos {s.starting_kaos}, "
        f"Backpack Slots {s.backpack_slots}" + (f", Stats {stats}" if stats else ""), style="dim"))
    if s.interpretations:
        chosen = ", ".join(f"{k}={v}" for k, v in s.interpretations.items())
        console.print(Text(f"Interpretations chosen by the table: {chosen}", style="dim"))
    console.print(Text(f"Game file: {path}   rules version {s.rules_hash[:12]}", style="dim"))


# --- the log ---------------------------------------------------------------------------------------


def history_json(entries) -> list[dict]:
    from referee.moves import describe, move_to_json

    return [
        {"number": e.number, "move": move_to_json(e.move), "text": describe(e.move), "undone": e.undone,
         "override": e.override, "at": e.at, "ruling": e.ruling_json}
        for e in entries
    ]


def undone_line(entry):
    from rich.text import Text

    from referee.moves import describe

    return Text("Undone: ", style="bold") + Text(f"#{entry.number} {describe(entry.move)}", style="strike")


def redone_line(entry):
    from rich.text import Text

    from referee.moves import describe

    return Text("Redone: ", style="bold") + Text(f"#{entry.number} {describe(entry.move)}")


def print_history(console, entries) -> None:
    from rich.text import Text

    from referee.moves import describe

    if not entries:
        console.print("No moves yet.")
        return
    lines = []
    for e in entries:
        line = Text(f"#{e.number:<4} ")
        text = Text(describe(e.move), style="strike dim" if e.undone else "bold")
        line.append_text(text)
        if e.undone:
            line.append("  (undone)", style="dim")
        if e.override:
            line.append(f"  OVERRIDE: {e.override}", style="yellow")
        lines.append(line)
        for c in e.ruling_json.get("consequences", []):
            lines.append(_struck("        " + c, style="dim" if e.undone else ""))
        keys = list(dict.fromkeys(c["key"] for c in e.ruling_json.get("citations", [])))
        if keys:
            lines.append(Text("        rules: " + "; ".join(keys), style="dim cyan"))
    # One write of the whole log: rich's cost per print made a 10,000-move history take 7-12 s. Piped (no
    # terminal, so no styles), the lines are written as they are.
    if console.is_terminal:
        console.print(Text("\n").join(lines), soft_wrap=True)
    else:
        console.file.write("".join(f"{line.plain}\n" for line in lines))


def interpretations_json(register, choices, notes: dict | None = None) -> list[dict]:
    from referee.records import encode

    notes = notes or {}
    return [
        {"id": e.id, "question": e.question, "default": e.default, "in_force": choices.get(e.id, e.default),
         "readings": [{"id": r, "text": t} for r, t in e.readings], "selectable": e.selectable,
         "citations": encode(e.citations), **({"this_game": notes[e.id]} if e.id in notes else {})}
        for e in register.values()
    ]


def print_interpretations(console, register, choices, notes: dict | None = None) -> None:
    """`notes`: what a reading amounts to in this game ({id: text}), e.g. the Backpack Slots of backpack-size."""
    from rich.text import Text

    notes = notes or {}
    for e in register.values():
        in_force = choices.get(e.id, e.default)
        console.print(Text(e.id, style="bold magenta") + Text(f"  {e.question}"))
        for r, t in e.readings:
            mark = "●" if r == in_force else "○"
            console.print(Text(f"   {mark} {r}{' (default)' if r == e.default else ''}: {t}"))
        if e.id in notes:
            console.print(Text(f"     in this game: {notes[e.id]}"))
        console.print(Text("     cites: " + "; ".join(dict.fromkeys(c.key for c in e.citations)), style="dim"))


# --- 08 loot: inventories, discard piles, decks (08_LOOT_AND_INVENTORY) -------------------------------


def _inventory(state, name: str) -> dict:
    from referee import loot_and_inventory as L

    def entry(card):
        return None if card is None else {"card": L.label(card), "id": card, "text": L.card_text(state, card)}

    mat = L.patron_mat(state, name)
    return {
        "player": name,
        "armor": [entry(c) for c in mat.armor],
        "melee": entry(mat.melee),
        "ranged": entry(mat.ranged),
        "backpack": [entry(c) for c in mat.backpack],
        "dropped": list(mat.dropped),
        "window": [c for _, w in L.windows(state, name) for c in w.cards],
        "set_aside": list(mat.set_aside),
        "defense_from_loot": L.loot_defense(state, name),
        "stat_bonuses": L.stat_bonuses(state, name),
    }


def inventories_json(state, names) -> dict:
    return {"inventories": [_inventory(state, n) for n in names],
            "note": "Defense from loot only: the full Defense is calculated by 06_COMBAT_ENCOUNTER"}


def print_inventories(console, state, names) -> None:
    from rich.text import Text

    from referee.state import stats_text

    combat = state.settings.not_loaded("06_COMBAT_ENCOUNTER")
    for name in names:
        inv = _inventory(state, name)
        bonuses = stats_text(inv["stat_bonuses"])
        console.print(Text(f"{name}", style="bold") + Text(
            f" — Defense from loot {inv['defense_from_loot']} (full Defense: {combat}); Stat bonuses from loot: {bonuses}"))

        def show(where, e, extra=""):
            what = Text("–", style="dim") if e is None else Text(e["card"]) + Text(f"  ({e['text']}){extra}", style="dim")
            console.print(Text(f"   {where:<20}") + what)

        for i, e in enumerate(inv["armor"]):
            show(f"Armor Slot {i + 1}", e)
        for slot in ("melee", "ranged"):
            e = inv[slot]
            show(f"{slot.capitalize()} Weapon Slot", e,
                 "  DROPPED: not available for Attacks" if e and e["id"] in inv["dropped"] else "")
        for i, e in enumerate(inv["backpack"]):
            show(f"Backpack Slot {i + 1}", e)
        if inv["window"]:
            console.print(Text(f"   Unplaced (Loot Management Window): {', '.join(inv['window'])}", style="yellow"))
        if inv["set_aside"]:
            console.print(Text(f"   Set aside (their window did not resume; 09 decides where they go): "
                               f"{', '.join(inv['set_aside'])}", style="yellow"))


def piles_json(state) -> dict:
    from referee.loot_and_inventory import discard_pile, game_box
    from referee.state import LOOT_TYPE_LABELS, LOOT_TYPES

    return {"discard_piles": {LOOT_TYPE_LABELS[k]: discard_pile(state, k) for k in LOOT_TYPES},
            "game_box": game_box(state)}


def print_piles(console, state) -> None:
    from rich.text import Text

    data = piles_json(state)
    console.print(Text("Loot discard piles (public; top card last):", style="bold"))
    for kind, cards in data["discard_piles"].items():
        console.print(Text(f"   {kind:<14} ") + Text(", ".join(cards) if cards else "empty", style="" if cards else "dim"))
    box = data["game_box"]  # only Plot Armor goes to the box, named with its owner: "Plot Armor (Mara)"
    console.print(Text("   Game box       ") + Text(", ".join(box) if box else "empty", style="" if box else "dim"))


def decks_json(state) -> dict:
    from referee.loot_and_inventory import deck, discard_pile
    from referee.state import LOOT_TYPE_LABELS, LOOT_TYPES

    out = {}
    for k in LOOT_TYPES:
        size, known = deck(state, k)
        out[LOOT_TYPE_LABELS[k]] = {"size": size, "known_cards": known, "discard_pile": len(discard_pile(state, k))}
    return {"decks": out}


def print_decks(console, state) -> None:
    from rich.text import Text

    for kind, deck in decks_json(state)["decks"].items():
        size = "size not given (`referee deck TYPE N`)" if deck["size"] is None else f"{deck['size']} cards"
        known = f" (shuffled from its discard pile: {', '.join(deck['known_cards'])})" if deck["known_cards"] else ""
        console.print(Text(f"{kind + ' Deck':<19}") + Text(f"{size}{known}; discard pile {deck['discard_pile']}"))


# --- end 08 loot display ---


# --- what can I do now? (legal_moves, grouped) -----------------------------------------------------------


def _option_text(state, entry) -> str:
    """For `encounter choose`: the chosen Encounter Completion Option as the table described the card ("" else)."""
    if entry.type != "encounter-choose":
        return ""
    from referee.random_encounters.card_grammar import option_label
    from referee.random_encounters.procedure import current_card

    return f"option {entry.move.option}: {option_label(current_card(state)['options'][entry.move.option - 1])}"


def options_json(state, entries) -> list[dict]:
    from referee.legal_moves import cost_of, group_of, typed
    from referee.moves import move_to_json

    return [{"group": group_of(state, e), "command": typed(e), "cost": cost_of(state, e), "move": move_to_json(e.move),
             "ranges": {k: [v.start, v.stop - 1] for k, v in e.ranges.items()}, "free": sorted(e.free),
             **({"option": _option_text(state, e)} if e.type == "encounter-choose" else {})}
            for e in entries]


def _merged(lines: list[str]) -> list[str]:
    """Commands differing in one word written once: "death Ivo fallen|removed", "damage Ivo|Mara N" (merged again
    until nothing more merges, so two words that vary together still fold: "declare Mara brawn|charm --vs Ivo|Jun").
    A word is what the line reads back to (`notation.split`), so a card's name in quotes is one word, and each of
    its alternatives is written as it is typed (`parsing.quoted`): `equip Ann "Iron Helm"|"Iron Axe"`."""
    from referee.notation import split
    from referee.parsing import quoted

    rows: list[tuple[list[list[str]], str]] = []  # each word's alternatives, and the range after the command
    for text in lines:
        command, _, span = text.partition("  (")
        rows.append(([[word] for word in split(command)], span))
    while True:
        out: list[tuple[list[list[str]], str]] = []
        for words, span in rows:
            for kept, kept_span in out:
                if len(kept) != len(words) or kept_span != span:
                    continue
                differing = [j for j, (a, b) in enumerate(zip(kept, words)) if a != b]
                if len(differing) == 1:
                    j = differing[0]
                    kept[j] += [w for w in words[j] if w not in kept[j]]
                    break
            else:
                out.append(([list(w) for w in words], span))
        if len(out) == len(rows):
            break
        rows = out
    return [" ".join("|".join(quoted(w) for w in word) for word in words) + (f"  ({span}" if span else "")
            for words, span in out]


def print_options(console, state, entries, *, everything: bool = False) -> None:
    """Every legal move now, grouped, each as the command to type (with its cost, or the option an `encounter
    choose` picks); similar ones merged."""
    from rich.text import Text

    from referee.legal_moves import GROUP_TITLES, GROUPS, cost_of, group_of, typed

    if state.ended:
        console.print(f"The game is over: {state.winner} won. Nothing more is legal (`referee undo` takes back the "
                      f"last move).")
        return
    shown = GROUPS if everything else tuple(g for g in GROUPS if g != "records")
    by_group: dict[str, list[tuple[str, str]]] = {g: [] for g in GROUPS}
    for entry in entries:
        by_group[group_of(state, entry)].append((typed(entry), cost_of(state, entry) or _option_text(state, entry)))
    for group in shown:
        rows = by_group[group]
        if not rows:
            continue
        title = GROUP_TITLES[group]
        if group == "now" and state.top is not None:
            title = f"Now: {state.top.title()}"
        console.print(Text(title, style="bold"))
        costs = {}
        for text, cost in rows:
            costs.setdefault(cost, []).append(text)
        for cost, texts in costs.items():
            for line in _merged(texts):
                console.print(Text("  referee ") + Text(line, style="cyan") + (Text(f"   {cost}", style="dim")
                                                                              if cost else Text("")))
    if not everything and by_group["records"]:
        console.print(Text("  (records the table may keep at any time: `referee options --all`)", style="dim"))
