"""Rules Variables the engine uses, read from the rules database when a game is set up.

A game keeps the values it was set up with (with the rules' content hash), so a game is always
played, replayed and undone under one rules version.
"""

from __future__ import annotations

import re

from referee.errors import RulesError

__all__ = ["ENGINE_VARIABLES", "open_rules", "read_variables", "token_amount", "VariableError"]

ENGINE_VARIABLES = (
    "CRITICAL_SUCCESS_REWARD",
    "CRITICAL_FAILURE_REWARD",
    "TURN_ACTION_REFUND",
    "CURRENT_EVENT_REWARD",
)

_TOKENS = {"kaos": "kaos", "reroll token": "reroll", "reroll tokens": "reroll"}


class VariableError(RulesError):
    """A Rules Variable is missing or says something the engine cannot apply."""


def open_rules():
    """The bundled rules database (built into the user cache on first use); RulesError when it cannot be. Here, not in
    table_settings: `ask` and `rules` open the rules without loading what setting up a game needs."""
    import rulesdb

    try:
        return rulesdb.open_rules()
    except rulesdb.RulesError as error:
        raise RulesError(f"the rules database cannot be built: {error}") from error


def read_variables(db) -> dict[str, str]:
    from rulesdb import RulesError

    values = {}
    for name in ENGINE_VARIABLES:
        try:
            values[name] = db.variable(name)
        except RulesError as error:
            raise VariableError(f"the rules define no Variable {name}: {error}") from error
    for name in ("CRITICAL_SUCCESS_REWARD", "CRITICAL_FAILURE_REWARD", "TURN_ACTION_REFUND"):
        token_amount(values, name)  # fail at setup, not in the middle of a game
    return values


def token_amount(variables: dict[str, str], name: str) -> tuple[int, str]:
    """ "1 Kaos" -> (1, "kaos"); "2 Reroll Tokens" -> (2, "reroll")."""
    value = variables.get(name, "")
    match = re.fullmatch(r"\s*([0-9]+)\s+(.+?)\s*\.?\s*", value)
    resource = _TOKENS.get(match.group(2).lower()) if match else None
    if not match or resource is None:
        raise VariableError(f"{name} is {value!r}: not an amount of Kaos or Reroll Tokens")
    return int(match.group(1)), resource
