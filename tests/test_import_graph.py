"""No circles (issue 21): the modules of referee/ and index/ import one another in one direction, counting the imports
inside functions too; no function-level import dodges a circle; no `_private` name crosses a module; the rule
documents stay in their order (01 <- 02 <- 08 <- 10). A function-level import is allowed only where it is lazy for
speed (LAZY_FOR_SPEED says why, by importer); where an earlier document's rule needs a later one's, `registry.HOOKS`
names the hook instead of an import. The graph is read from the source with `ast` (bench/architecture.py, which
prints the same counts; `if TYPE_CHECKING:` blocks are not imports at run time)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Importers whose function-level imports are there for cold start: the table waits on every command, so each loads
# a module only when the code that needs it runs. An import inside a function anywhere else needs a reason here.
LAZY_FOR_SPEED = {
    "referee.cli": "each command imports what it runs (rich, the engine, the lookup) when it runs",
    "referee.board": "the board's server, pages and terminal view load only for `board`",
    "referee.game": "the front door: opening, judging, exporting and listing moves each load only what they use",
    "referee.store": "the engine is loaded only to fold a log, not to read a snapshot",
    "referee.state": "the pending stack's procedures, only when a game has them",
    "referee.ruling": "a ruling's interpretations and effects load the register and the state only when asked",
    "referee.notation": "what an argument can name (completion) loads the rules of what it names only when asked",
    "referee.moves": "a move's words and candidates load the rule package they read (08's mats, 10's card) only "
                     "when a move of that kind is read or listed",
    "referee.legal_moves": "`options` and fixes alone need every rule module",
    "referee.game_display": "a ruling or a status loads only what it shows",
    "referee.position": "a position file loads the rules of what it holds",
    "referee.table_settings": "Stats and numbers are read only when a game is set up",
    "referee.move_question": "a question about a move loads the grammar only when it names one",
    "referee.core_concepts": "the register and name matching, only for the moves that read them",
    "referee.loot_and_inventory": "08 loads 02 (Death, Turn Order), the register and legal_moves only for the moves "
                                  "that reach them",
    "referee.random_encounters": "10 loads 02, 08 and the register only for the steps that reach them",
    "index": "the lookup loads Whoosh, the spell checker and the lexicon only when a question is asked",
}
# The rule documents, in the order they build on one another: a module imports only those before it, at its top or
# inside a function (a later document is reached through registry.HOOKS).
RULE_ORDER = ("referee.core_concepts", "referee.game_structure", "referee.loot_and_inventory",
              "referee.random_encounters")



def _architecture():
    spec = importlib.util.spec_from_file_location("architecture", ROOT / "bench" / "architecture.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


A = _architecture()
KNOWN = A.modules()
IMPORTS = A.graph(KNOWN)


def _rank(module: str) -> int | None:
    return next((i for i, doc in enumerate(RULE_ORDER) if module == doc or module.startswith(doc + ".")), None)


def test_no_import_circle_among_referee_and_index_modules_counting_imports_inside_functions():
    assert A.circles(A.edge_sets(IMPORTS, lazy=True)) == []


def test_no_function_level_import_dodges_a_circle():
    """Hoisted to the top of its module, no function-level import would close a circle of module-level imports."""
    assert A.dodges(IMPORTS) == []


def test_no_private_name_is_imported_across_modules():
    """What a module shares it names without a leading underscore (`from m import _x` or `m._x` elsewhere fails)."""
    assert A.private_imports(IMPORTS, KNOWN) == []


def test_every_function_level_import_is_lazy_for_speed_with_its_reason():
    unexplained = sorted({m for m, found in IMPORTS.items() for i in found if i["lazy"]
                          and not any(m == p or m.startswith(p + ".") for p in LAZY_FOR_SPEED)})
    assert unexplained == []
    assert all(reason.strip() for reason in LAZY_FOR_SPEED.values())


def test_the_rule_documents_import_one_another_in_their_order_only():
    """01 <- 02 <- 08 <- 10, at import time and inside functions: where 01 DAMAGE flags 02's Death Process or 01's
    Check reads 08's Stat bonuses, 01 calls the hook registry.HOOKS names, not an import of the later document."""
    backwards = sorted((m, i["line"], i["target"]) for m, found in IMPORTS.items() for i in found
                       if _rank(m) is not None and _rank(i["target"]) is not None and _rank(i["target"]) > _rank(m))
    assert backwards == []


def test_every_hook_a_rule_document_calls_is_registered_and_resolves():
    import ast
    import re

    from referee import registry

    called = set()
    for path in (ROOT / "referee").rglob("*.py"):
        called |= set(re.findall(r"registry\.hook\(\"([a-z-]+)\"\)", path.read_text(encoding="utf-8")))
    assert called == set(registry.HOOKS)
    for name, where in registry.HOOKS.items():
        assert callable(registry.hook(name)), name
    assert ast  # the hooks are found in the source, as the graph is


@pytest.mark.parametrize("found, expected", [
    ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
    ({"a": {"b"}, "b": {"c"}, "c": set()}, []),
])
def test_the_circle_finder_finds_a_circle_and_only_one(found, expected):
    assert A.circles(found) == expected
