"""Table notation (referee/notation.py) is the one grammar: the CLI's move commands are made from it, and the
interactive session, completion and `options` read it."""

from __future__ import annotations

import typer.main

from referee.cli import app
from referee.notation import ALIASES, GRAMMAR, bind, find


def _cli_command(words: str):
    group, _, name = words.rpartition(" ")
    root = typer.main.get_command(app)
    return root.commands[group].commands[name] if group else root.commands[name]


def test_every_notation_is_a_command_with_the_same_arguments_and_options():
    for words, notation in GRAMMAR.items():
        command = _cli_command(words)
        cli = {p.name: p for p in command.params}
        for param in notation.params:
            assert param.name in cli, (words, param.name)
            assert tuple(cli[param.name].opts) == param.option or not param.option and \
                cli[param.name].param_type_name == "argument", (words, param.name)
        assert set(cli) - {p.name for p in notation.params} == {"game", "dry_run", "override", "why", "as_json"}, words


def test_a_move_is_declared_once_and_everything_else_reads_its_declaration():
    """Issue 21: one `@move` declaration per move type (referee/moves.py) gives its class, its grammar entries, its
    judge in the module of its rule document, who declares it from a phone, its group in `options`, its candidates
    and the package's export; nothing else names the move type."""
    import referee
    from referee import registry
    from referee.legal_moves import GROUPS
    from referee.moves import MOVE_TYPES, Move

    documents = ("referee.core_concepts", "referee.game_structure", "referee.loot_and_inventory",
                 "referee.random_encounters")
    assert GRAMMAR == {n.command: n for cls in MOVE_TYPES.values() for n in cls.notations}
    for kind, cls in MOVE_TYPES.items():
        assert cls.type == kind and cls.notations and cls.notations[0].build is not None, kind
        assert cls.judge.startswith(documents) and callable(registry.resolve(cls.judge)), kind
        assert cls.owner[0] in ("player", "host") and cls.owner[1], kind
        assert cls.group in GROUPS, kind
        assert getattr(referee, cls.__name__) is cls and cls.__name__ in referee.__all__, kind
        assert cls.candidates is not Move.candidates, kind  # legal_moves lists it


def test_every_alias_names_a_move():
    assert set(ALIASES.values()) <= set(GRAMMAR)


def test_options_may_come_anywhere_and_double_dash_ends_them():
    notation, rest = find(["damage", "--source", "trap", "ivo", "3"])
    assert bind(notation, rest) == {"player": "ivo", "amount": "3", "source": "trap"}
    notation, rest = find(["action", "mara", "--", "--weird name"])
    assert bind(notation, rest) == {"player": "mara", "action": "--weird name"}


def test_a_repeatable_option_collects_every_value():
    notation, rest = find(["encounter", "draw", "cara", "Spider Swarm", "--check", "brawn 12", "--check=charm 15"])
    raw = bind(notation, rest)
    assert raw["words"] == ["cara", "Spider Swarm"] and raw["check"] == ["brawn 12", "charm 15"]


def test_a_loot_type_prefix_of_two_spellings_of_one_type_names_it():
    """`arm` starts both "armor" and "armour": one Loot type (08 LOOT_TYPES), not an ambiguity."""
    from referee.notation import loot_kind

    assert loot_kind("arm") == "armor"
    assert loot_kind("weap") == "weapon"
    assert loot_kind("com") == "common"


from hypothesis import given, strategies as st  # noqa: E402

_WORDS = st.lists(st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12),
                  max_size=5)


@given(_WORDS)
def test_a_word_quoted_for_a_line_reads_back_as_itself(words):
    from referee.notation import split
    from referee.parsing import quoted

    assert split(" ".join(quoted(w) for w in words)) == words


def test_a_card_named_with_quotes_and_spaces_is_written_as_notation_that_reads_back(tmp_path):
    import referee

    with referee.Game.new(tmp_path / "g.sqlite", players=["Mara", "Ivo"], health=10, turn_actions=2) as game:
        drawn = game.parse('draw mara weapon "The \\"Big\\" Axe" --melee')
        assert drawn.names == ('The "Big" Axe',)
        assert game.parse(drawn.as_typed()) == drawn
        game.play(drawn)
        equip = referee.Equip(player="Mara", card='The "Big" Axe')
        assert game.parse(equip.as_typed()) == equip
        # A fix the referee suggests is a command the table can type as shown (08 LOOT_MANAGEMENT_WINDOW: Equipped
        # Gear moves by Gear Swap, not by `store`).
        game.play(equip)
        (fix,) = [v.fix for v in game.check(game.parse("store mara axe")).violations if v.fix]
        command = fix.split("`referee ", 1)[1].split("`", 1)[0]
        assert game.parse(command) == referee.GearSwap(player="Mara", card='The "Big" Axe')
