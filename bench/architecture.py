"""The engine's middle, counted (issue 21): what a newcomer must touch and untangle. Prints counts, asserts nothing.

    .venv/bin/python bench/architecture.py [--list]

- places a move is written: for each move type, the files (outside tests) that name its class or its type or
  command words as a string, beside the rule module that judges it;
- import circles among the modules of referee/ and index/ (strongly connected groups of the import graph), once
  with module-level imports only and once counting imports inside functions too;
- function-level imports that dodge a circle (hoisted to the top of their module, they would close one);
- `_private` names imported across modules (`from m import _x`, or `m._x` read on an imported module);
- shapes of state: hand-written to_json/from_json, effects written as `{"op": ...}` dicts, classes kept lazy by
  referee.deferred (gone since issue 21: records are cheap to define).

`--list` prints every circle, dodge and private import found. The import graph is read from the source with `ast`
(`if TYPE_CHECKING:` blocks skipped), the same reading tests/test_import_graph.py enforces.
"""

from __future__ import annotations

import argparse
import ast
import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PACKAGES = ("referee", "index")


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(name: str, path: Path, known: dict[str, Path]) -> list[dict]:
    """Every import of module `name`: {"target", "names", "lazy" (inside a function), "line"}; targets are modules
    of `known` (an imported name that is a submodule is an import of that submodule)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    found: list[dict] = []

    def resolve(module: str) -> str | None:
        while module and module not in known:
            module = module.rpartition(".")[0]
        return module or None

    def visit(node, lazy: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for sub in child.orelse:
                    visit_one(sub, lazy)
                continue
            visit_one(child, lazy)

    def visit_one(child, lazy: bool) -> None:
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            visit(child, True)
        elif isinstance(child, ast.Import):
            for alias in child.names:
                target = resolve(alias.name)
                if target:
                    found.append({"target": target, "names": [], "lazy": lazy, "line": child.lineno,
                                  "alias": alias.asname or alias.name})
        elif isinstance(child, ast.ImportFrom):
            base = child.module or ""
            if child.level:
                package = name if is_package else name.rpartition(".")[0]
                for _ in range(child.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{base}" if base else package
            for alias in child.names:
                sub = f"{base}.{alias.name}"
                if sub in known:
                    found.append({"target": sub, "names": [], "lazy": lazy, "line": child.lineno,
                                  "alias": alias.asname or alias.name})
                else:
                    target = resolve(base)
                    if target:
                        found.append({"target": target, "names": [alias.name], "lazy": lazy, "line": child.lineno})
        else:
            visit(child, lazy)

    visit(tree, False)
    return [f for f in found if f["target"] != name]


def graph(known: dict[str, Path]) -> dict[str, list[dict]]:
    return {name: imports_of(name, path, known) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(10000)

    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return sorted(found)


def reaches(edges: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        v = todo.pop()
        if v == goal:
            return True
        if v not in seen:
            seen.add(v)
            todo.extend(edges.get(v, ()))
    return False


def edge_sets(imports: dict[str, list[dict]], *, lazy: bool) -> dict[str, set[str]]:
    return {m: {i["target"] for i in found if lazy or not i["lazy"]} for m, found in imports.items()}


def dodges(imports: dict[str, list[dict]]) -> list[tuple[str, int, str]]:
    """Function-level imports that would close a circle of module-level imports if hoisted."""
    top = edge_sets(imports, lazy=False)
    return sorted({(m, i["line"], i["target"]) for m, found in imports.items() for i in found
                   if i["lazy"] and i["target"] not in top[m] and reaches(top, i["target"], m)})


def private_imports(imports: dict[str, list[dict]], known: dict[str, Path]) -> list[tuple[str, str, str]]:
    found = set()
    for m, listed in imports.items():
        for i in listed:
            found.update((m, i["target"], n) for n in i["names"] if n.startswith("_") and not n.startswith("__"))
        aliases = {i["alias"]: i["target"] for i in listed if "alias" in i}
        if aliases:
            for node in ast.walk(ast.parse(known[m].read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                        and node.value.id in aliases and node.attr.startswith("_")
                        and not node.attr.startswith("__")):
                    found.add((m, aliases[node.value.id], node.attr))
    return sorted(found)


ENGINE = ("referee.state", "referee.store", "referee.engine", "referee.ruling", "referee.moves", "referee.registry",
          "referee.core_concepts", "referee.game_structure", "referee.loot_and_inventory", "referee.random_encounters",
          "referee.legal_moves", "referee.position", "referee.table_settings", "referee.interpretations",
          "referee.citation", "referee.citations", "referee.variables", "referee.records")


def around_the_door(imports: dict[str, list[dict]]) -> list[tuple[str, str, str]]:
    """Names the command line and the board import from the engine's modules rather than through referee.Game."""
    return sorted({(m, i["target"], n) for m, found in imports.items() if m.startswith(("referee.cli", "referee.board"))
                   for i in found if i["target"].startswith(ENGINE) for n in (i["names"] or ["*"])})


def move_places() -> dict[str, list[str]]:
    """For each move type, the files outside tests that write its class name, its type or its command words."""
    from referee.moves import MOVE_TYPES
    from referee.notation import GRAMMAR

    commands: dict[str, set[str]] = {}
    for command, notation in GRAMMAR.items():
        for cls in MOVE_TYPES.values():
            if f"{cls.__name__}(" in _source(notation.build):
                commands.setdefault(cls.type, set()).add(command)
    texts = {p: p.read_text(encoding="utf-8") for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    places = {}
    for type_name, cls in MOVE_TYPES.items():
        words = {type_name, *commands.get(type_name, ())}
        pattern = re.compile(rf"\b{cls.__name__}\b|" + "|".join(rf"[\"']{re.escape(w)}[\"']" for w in words))
        places[type_name] = sorted(str(p.relative_to(ROOT)) for p, text in texts.items() if pattern.search(text))
    return places


def _source(function) -> str:
    import inspect

    try:
        return inspect.getsource(function)
    except (OSError, TypeError):
        return ""


def state_shapes() -> dict[str, int]:
    texts = [p.read_text(encoding="utf-8") for p in (ROOT / "referee").rglob("*.py")]
    return {
        "hand-written to_json/from_json (defs)": sum(len(re.findall(r"def (?:to|from)_json\b", t)) for t in texts),
        "effects as {\"op\": ...} dict literals": sum(len(re.findall(r"\{\s*\"op\"\s*:", t)) for t in texts),
        # referee.deferred made the moves (@move) and procedures dataclasses on first use, until issue 21 made them
        # records (referee.records), cheap to define
        "classes made lazily by referee.deferred": sum(len(re.findall(r"@(?:deferred|_?move)\(", t)) for t in texts
                                                       if "referee.deferred import" in t),
        # the loot places under string keys ("Mara/armor", "deck/armor": issue 21 made them records of state.Loot)
        "loot places read or written by string key": sum(len(re.findall(
            r"\.loot(?:\[|\.get\()|\b(?:mat|deck|pile|swap)_key\(|\b(?:BOX|UNRESOLVED)_KEY\b", t)) for t in texts),
        "fields of the game state kept as plain dicts (GameState, Player)": len(plain_state_fields()),
    }


def plain_state_fields() -> list[str]:
    """The fields of GameState and Player whose values are plain dicts (or tuples of them) rather than records: each
    a shape of state of its own, read and written by its keys."""
    from referee.records import fields
    from referee.state import GameState, Player

    plain = []
    for cls in (GameState, Player):
        for f in fields(cls):
            annotation = str(cls.__annotations__.get(f.name, ""))
            if annotation in ("dict", "tuple") or annotation.startswith("dict[str, dict"):
                plain.append(f"{cls.__name__}.{f.name}")
    return plain


DRAFT_ROLES = {
    "verdict": ("violate", "say", "cite", "oblige", "report", "interpret", "impossible"),
    "effects written on the Draft": ("set", "set_game", "push", "pop", "replace_top", "clear_stack", "set_stack",
                                     "set_loot", "set_card"),
    "state read through the Draft": ("get", "game", "stack", "top", "loot", "card", "cards", "preview"),
}
RULE_CODE = ("referee/core_concepts.py", "referee/game_structure.py", "referee/loot_and_inventory",
             "referee/random_encounters", "referee/engine.py", "referee/legal_moves.py")


def draft_state_attributes() -> int:
    """The Draft's attributes that hold the game (`self.NAME = ...` in Draft.__init__ made from a GameState: the state
    before the move, its working copy); issue 21 leaves the Draft the verdict only."""
    tree = ast.parse((ROOT / "referee" / "ruling.py").read_text(encoding="utf-8"))
    draft = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Draft")
    init = next(n for n in draft.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    found = 0
    for node in ast.walk(init):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            names = {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)}
            names |= {n.attr for n in ast.walk(node.value) if isinstance(n, ast.Attribute)}
            if names & {"state", "working_copy", "GameState"}:
                found += 1
    return found


def draft_roles() -> dict[str, int]:
    """How rule code uses the Draft a judge fills (`d.NAME`, by role), the before-move state (`state.NAME`), and
    helpers that guess at run time which of the two they were handed (`callable(v.loot)`, `hasattr(v, "state")`)."""
    paths = [p for part in RULE_CODE for p in
             (sorted((ROOT / part).rglob("*.py")) if (ROOT / part).is_dir() else [ROOT / part])]
    texts = [p.read_text(encoding="utf-8") for p in paths]
    counts = {role: sum(len(re.findall(rf"\bd\.(?:{'|'.join(names)})\b(?!_)", t)) for t in texts)
              for role, names in DRAFT_ROLES.items()}
    counts["the Draft passed on to a helper"] = sum(
        1 for t in texts for node in ast.walk(ast.parse(t)) if isinstance(node, ast.Call)
        and any(isinstance(a, ast.Name) and a.id == "d" for a in node.args))
    counts["the move's working copy read or written (d.work.NAME, work.NAME)"] = sum(
        len(re.findall(r"\bd\.work\b|\b(?<!\.)work\.(?!before\b)", t)) for t in texts)
    counts["reads of the before-move state (state.NAME, d.state, work.before)"] = sum(
        len(re.findall(r"\b(?<!d\.)(?<!work\.)state\.[a-z_]+|\bd\.state\b|\bwork\.before\b", t)) for t in texts)
    counts["Draft attributes that are state (set from the game in Draft.__init__)"] = draft_state_attributes()
    counts["run-time guesses of what a helper was handed"] = sum(
        len(re.findall(r"callable\((?:getattr\()?v\b|hasattr\(v, \"state\"\)", t)) for t in texts)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print every circle, dodge and private import")
    args = parser.parse_args()
    known = modules()
    imports = graph(known)
    top_circles = circles(edge_sets(imports, lazy=False))
    all_circles = circles(edge_sets(imports, lazy=True))
    dodging = dodges(imports)
    private = private_imports(imports, known)
    lazy = sum(i["lazy"] for found in imports.values() for i in found)
    places = move_places()
    counts = sorted(len(v) for v in places.values())

    print(f"modules in {', '.join(PACKAGES)}: {len(known)}; imports between them: "
          f"{sum(len(v) for v in imports.values())} ({lazy} inside functions)")
    print(f"import circles, module-level imports only: {len(top_circles)}")
    print(f"import circles, counting function-level imports: {len(all_circles)} "
          f"(modules in them: {sum(map(len, all_circles))})")
    print(f"function-level imports that dodge a circle: {len(dodging)}")
    print(f"_private names imported across modules: {len(private)} "
          f"(in {len({m for m, _, _ in private})} importing modules)")
    print(f"move types: {len(places)}; files that write a move's name: median {statistics.median(counts)}, "
          f"min {counts[0]}, max {counts[-1]}")
    print(f"files touched to add a move (the fewest any move type is written in, plus its judge's module): "
          f"{counts[0] + 1}")
    print(f"  e.g. equip: {', '.join(places.get('equip', []))}")
    around = around_the_door(imports)
    print(f"cli/ and board/ imports of engine modules around referee.Game: {len(around)} "
          f"({len({t for _, t, _ in around})} modules)")
    for label, value in state_shapes().items():
        print(f"shapes of state: {label}: {value}")
    for label, value in draft_roles().items():
        print(f"judges and the Draft: {label}: {value}")
    if args.list:
        print("\ncircles (counting function-level imports):")
        for group in all_circles:
            print("  " + " <-> ".join(group))
        print("\ndodges (importer:line -> imported):")
        for m, line, target in dodging:
            print(f"  {m}:{line} -> {target}")
        print("\nprivate names imported across modules (importer <- module.name):")
        for m, target, name in private:
            print(f"  {m} <- {target}.{name}")
        print("\naround the door (importer <- engine module.name):")
        for m, target, name in around_the_door(imports):
            print(f"  {m} <- {target}.{name}")
        print("\nfiles per move type:")
        for type_name, files in sorted(places.items()):
            print(f"  {type_name}: {len(files)}: {', '.join(files)}")


if __name__ == "__main__":
    main()
