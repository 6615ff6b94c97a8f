"""The one view model every form of the board draws: a plain, JSON-ready dict.

Built only from the documented `--json` outputs (`game_display.status_json`, `inventories_json`,
`piles_json`, `decks_json`, `history_json`), never from the engine's in-memory state, so a change
of the state's shape that keeps those outputs leaves the board alone.

    {"game", "move", "turn", "turn_kind", "active", "ended", "winner", "turn_actions": {"spent", "per_turn"},
     "players": [{"name", "active", "state", "health", "health_cap", "kaos", "rerolls", "statuses",
                  "armor": [card|None] * 5, "melee", "ranged", "backpack": [card|None], "window", "set_aside",
                  "defense_from_loot", "stat_bonuses"}],          # card = {"name", "text", "dropped"}
     "stack": [{"kind", "text", "finish"}],     # top first, the turn itself last; one "game-over" layer at the end
     "now", "last_check",
     "ruling": {"number", "move", "verdict", "key", "quote", "consequences", "override"} | None,
     "decks": [{"name", "size", "discard"}],                    # the four Loot Decks, then Random Encounter
     "game_box", "reroll_supply", "defense_note"}
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["build_view", "read_view", "VERDICTS"]

VERDICTS = ("LEGAL", "OVERRIDDEN", "UNDONE")


def read_view(path: str | Path) -> dict:
    """The view of the game file at `path`, read through a read-only connection."""
    from referee.store import GameStore

    with GameStore(path, read_only=True) as store:
        return build_view(store)


def build_view(store) -> dict:
    """The view of an open game store (the caller keeps it open to watch for moves)."""
    from referee import game_display

    state = store.load()
    status = game_display.status_json(state, store.path)
    names = [p["name"] for p in status["players"]]
    mats = {inv["player"]: inv for inv in game_display.inventories_json(state, names)["inventories"]}
    piles = game_display.piles_json(state)
    decks = game_display.decks_json(state)["decks"]
    last = game_display.history_json(store.history(last=1))
    return {
        "game": Path(status["game"]).name,
        "move": last[0]["number"] if last else 0,
        "turn": status["turn"],
        "turn_kind": status["turn_kind"],
        "active": status["active_player"],
        "ended": status["ended"],
        "winner": status["winner"],
        "turn_actions": {k: status["turn_actions"][k] for k in ("spent", "per_turn")},
        "players": [_player(p, mats[p["name"]], status) for p in status["players"]],
        "stack": game_display.stack_layers(state) if not status["ended"] else [
            {"kind": "game-over", "text": f"The game is over: {status['winner']} won (Victory)", "finish": ""}],
        "now": status["now"],
        "last_check": status["last_check"],
        "ruling": _ruling(last[0]) if last else None,
        "decks": [{"name": name, "size": deck["size"], "discard": piles["discard_piles"].get(name, [])}
                  for name, deck in decks.items()]
                 + [{"name": "Random Encounter", "size": status["encounters"]["deck"],
                     "discard": status["encounters"]["discard"]}],
        "game_box": piles["game_box"],
        "reroll_supply": status["reroll_tokens_available"],
        "defense_note": "full Defense: 06_COMBAT_ENCOUNTER"
                        + (" (not loaded)" if "06_COMBAT_ENCOUNTER" in status["settings"]["missing_documents"] else ""),
    }


def _card(entry, dropped) -> dict | None:
    if entry is None:
        return None
    return {"name": entry["card"], "text": entry["text"], "dropped": entry["id"] in dropped}


def _player(p: dict, mat: dict, status: dict) -> dict:
    from referee.moves import STATUSES

    dropped = mat["dropped"]
    return {
        "name": p["name"],
        "active": p["name"] == status["active_player"] and not status["ended"],
        "state": p["state"],
        "health": p["health"],
        "health_cap": p["health_cap"],
        "kaos": p["kaos"],
        "rerolls": p["rerolls"],
        "statuses": [STATUSES.get(s, s) for s in p["statuses"]],
        "armor": [_card(e, dropped) for e in mat["armor"]],
        "melee": _card(mat["melee"], dropped),
        "ranged": _card(mat["ranged"], dropped),
        "backpack": [_card(e, dropped) for e in mat["backpack"]],
        "window": mat["window"],
        "set_aside": mat["set_aside"],
        "defense_from_loot": mat["defense_from_loot"],
        "stat_bonuses": mat["stat_bonuses"],
    }


def _ruling(entry: dict) -> dict:
    """The last logged move's ruling: its verdict and the first rule it cites (a refusal's first decides)."""
    ruling = entry["ruling"]
    override = ruling.get("override") or {}
    cited = list(override.get("refused_citations", ())) + list(ruling.get("citations", ()))
    verdict = "UNDONE" if entry["undone"] else "OVERRIDDEN" if entry["override"] else "LEGAL"
    return {
        "number": entry["number"],
        "move": entry["text"],
        "verdict": verdict,
        "key": cited[0]["key"] if cited else "",
        "quote": " ".join(cited[0]["quote"].split()) if cited else "",
        "consequences": list(ruling.get("consequences", ())),
        "override": entry["override"],
    }
