"""The rules database holds every statement of the official documents, verbatim and citable."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from rulesdb import AmbiguousKey, SourceError, UnknownKey
from rulesdb.build import build_database, bundled_sources, content_hash
from rulesdb.store import RulesDB, add_document, open_rules, user_sources

RULES = {p.name: p for p in bundled_sources()}
from conftest import MISSING_DOCUMENTS as MISSING  # noqa: E402


def _source_with(text: str) -> Path:
    return next(p for p in RULES.values() if text in p.read_text(encoding="utf-8"))


def _section_ids_in_sources() -> set[tuple[str, str]]:
    found = set()
    for path in RULES.values():
        lines = path.read_text(encoding="utf-8").splitlines()
        if lines[0] != "File ID":
            continue
        found |= {(lines[1], m.group(1)) for m in map(re.compile(r"^SECTION_ID: (\S+)$").match, lines) if m}
    return found


def test_four_format_a_documents_and_the_prose_twin_load(rules_db):
    documents = {d["doc_id"]: d for d in rules_db.documents()}
    assert sorted(documents) == ["01_CORE_CONCEPTS", "02_GAME_STRUCTURE", "08_LOOT_AND_INVENTORY", "10_RANDOM_ENCOUNTERS"]
    assert documents["08_LOOT_AND_INVENTORY"]["formats"] == "A+B"
    assert len(documents["08_LOOT_AND_INVENTORY"]["files"].split(", ")) == 2


def test_every_section_id_of_the_sources_is_present(rules_db):
    in_sources = _section_ids_in_sources()
    in_db = {(s.doc_id, s.section_id) for s in rules_db.sections()}
    assert len(in_sources) == 89
    assert in_db == in_sources


def test_every_statement_is_verbatim_in_its_source(rules_db):
    db = sqlite3.connect(rules_db.path)
    rows = db.execute("select source, text, twin_source, twin_text, items from statements").fetchall()
    assert len(rows) > 450
    texts = {name: path.read_text(encoding="utf-8") for name, path in RULES.items()}
    for source, text, twin_source, twin_text, items in rows:
        assert text in texts[source], (source, text)
        if twin_source:
            assert twin_text in texts[twin_source], (twin_source, twin_text)
        for item in __import__("json").loads(items):
            assert item in texts[source], (source, item)


def test_list_items_stay_with_their_statement(rules_db):
    dice = rules_db.section("01_CORE_CONCEPTS > DICE").statements[0]
    assert dice.text.startswith("Viva La Dungeon uses the following dice:")
    assert dice.items == ("d4", "d6", "d8", "d10", "d20")


def test_procedure_steps_glued_on_one_line_are_split(rules_db):
    procedure = next(
        s for s in rules_db.section("02_GAME_STRUCTURE > END_OF_TURN_PROCESS").statements if s.kind == "procedure"
    )
    assert procedure.items[1] == "The Active Player gains\n[TURN_ACTION_REFUND]for each unspent Turn Action."
    assert procedure.items[2].startswith("Check whether the Active Player's Portrait is in a Cube Room")
    assert len(procedure.items) == 9


def test_variables_carry_their_values(rules_db):
    assert rules_db.variable("CRITICAL_SUCCESS_REWARD") == "1 Kaos"
    assert rules_db.variable("CRITICAL_FAILURE_REWARD") == "1 Reroll Token"
    assert rules_db.variable("CURRENT_EVENT_REWARD") == "The rewarded Player may draw 1 Common Magic."
    assert rules_db.variable("TURN_ACTION_REFUND") == "1 Kaos"
    with pytest.raises(UnknownKey) as error:
        rules_db.variable("TURN_ACTION_REFUNDS")
    assert "TURN_ACTION_REFUND" in error.value.suggestions


def test_broken_variables_table_rows_are_joined(rules_db):
    rows = [s for s in rules_db.section("01_CORE_CONCEPTS > VARIABLES").statements if s.kind == "table_row"]
    assert [r.label for r in rows] == ["CRITICAL_SUCCESS_REWARD", "CRITICAL_FAILURE_REWARD", "CURRENT_EVENT_REWARD"]
    assert rows[0].text == "CRITICAL_SUCCESS_REWARD |\n1 Kaos |"


def test_loot_twins_agree_statement_for_statement(rules_db):
    assert rules_db.check()["disagreements"] == []
    db = sqlite3.connect(rules_db.path)
    untwinned = db.execute(
        "select count(*) from statements where doc_id = '08_LOOT_AND_INVENTORY'"
        " and kind != 'references' and twin_text is null"
    ).fetchone()[0]
    assert untwinned == 0
    prose = RULES["001_2c96af972b186381.txt"].read_text(encoding="utf-8")
    prose_statements = len(re.findall(r"(?m)^[A-Z][A-Za-z ]+: ", prose)) - len(
        re.findall(r"(?m)^References?: ", prose)
    )
    twinned = db.execute(
        "select count(*) from statements where doc_id = '08_LOOT_AND_INVENTORY' and twin_text is not null"
    ).fetchone()[0]
    assert twinned == prose_statements


def test_merged_sections_carry_the_prose_only_references(rules_db):
    gear_swap = rules_db.section("08_LOOT_AND_INVENTORY > GEAR_SWAP")
    assert [s.text for s in gear_swap.statements if s.kind == "references"] == ["Free Actions."]
    names = {r.to_name for r in gear_swap.references}
    assert "Free Actions" in names
    plot_armor = rules_db.section("PLOT_ARMOR")
    assert {"Calculate Defense", "Plot Armor Placement"} <= {r.to_name for r in plot_armor.references}
    assert "001_2c96af972b186381.txt" in plot_armor.sources


def test_referenced_documents_that_are_not_loaded_are_listed(rules_db):
    assert rules_db.missing_documents() == MISSING


def test_in_text_references_point_at_the_named_document(rules_db):
    targets = {(r.to_doc, r.how) for r in rules_db.refs_from("02_GAME_STRUCTURE > DUNGEON_BOMB_STEP")}
    assert ("07_DUNGEON_BOMBS", "in_text") in targets
    assert ("RULES_EXTENSION_01_ZOMBIES", "in_text") in targets
    explicit = rules_db.refs_from("02_GAME_STRUCTURE > END_OF_TURN_PROCESS")
    assert any(
        r.to_doc == "RULES_EXTENSION_01_ZOMBIES" and r.to_section == "FALL_DURING_ACTIVE_TURN" for r in explicit
    )


def test_explicit_references_resolve_to_loaded_sections(rules_db):
    incoming = {f"{r.from_doc} > {r.from_section}" for r in rules_db.refs_to("01_CORE_CONCEPTS > EVENT_REWARD")}
    assert "10_RANDOM_ENCOUNTERS > CHECK_COMPLETION_OPTIONS" in incoming


def test_keys_resolve_forgivingly(rules_db):
    assert rules_db.resolve("08_LOOT_AND_INVENTORY > PLOT_ARMOR") == ("08_LOOT_AND_INVENTORY", "PLOT_ARMOR")
    assert rules_db.resolve("plot armor") == ("08_LOOT_AND_INVENTORY", "PLOT_ARMOR")
    assert rules_db.resolve("08 > gear swap") == ("08_LOOT_AND_INVENTORY", "GEAR_SWAP")
    assert rules_db.resolve("core > variables") == ("01_CORE_CONCEPTS", "VARIABLES")


def test_ambiguous_and_unknown_keys_say_what_they_could_mean(rules_db):
    with pytest.raises(AmbiguousKey) as ambiguous:
        rules_db.resolve("VARIABLES")
    assert ambiguous.value.choices == ["01_CORE_CONCEPTS > VARIABLES", "02_GAME_STRUCTURE > VARIABLES"]
    with pytest.raises(UnknownKey) as unknown:
        rules_db.resolve("PLOT_ARMR")
    assert unknown.value.suggestions[0] == "08_LOOT_AND_INVENTORY > PLOT_ARMOR"


def test_has_statement_accepts_only_verbatim_quotes(rules_db):
    assert rules_db.has_statement("01_CORE_CONCEPTS", "KAOS", "Kaos may not be spent on Contested Checks.")
    assert not rules_db.has_statement("01_CORE_CONCEPTS", "KAOS", "Kaos may not be spent on contested checks.")
    assert not rules_db.has_statement("01_CORE_CONCEPTS", "DICE", "Kaos may not be spent on Contested Checks.")
    assert rules_db.has_statement("01_CORE_CONCEPTS", "DICE", "d20")


def test_document_is_identified_by_content_not_file_name(tmp_path):
    misleading = tmp_path / "10_RANDOM_ENCOUNTERS.txt"
    shutil.copyfile(_source_with("File ID\n01_CORE_CONCEPTS"), misleading)
    db = RulesDB(build_database([misleading], tmp_path / "rules.sqlite"))
    assert [d["doc_id"] for d in db.documents()] == ["01_CORE_CONCEPTS"]


def test_prose_document_without_twin_loads_with_inferred_sections(tmp_path):
    prose = RULES["001_2c96af972b186381.txt"]
    core = RULES["003_a3f3c053645d401f.txt"]  # its "Used by" list names 08_LOOT_AND_INVENTORY
    db = RulesDB(build_database([prose, core], tmp_path / "rules.sqlite"))
    sections = db.sections("08_LOOT_AND_INVENTORY")
    assert len(sections) > 10
    assert all(s.inferred for s in sections)
    text = prose.read_text(encoding="utf-8")
    statements = db.statements("08_LOOT_AND_INVENTORY")
    assert len(statements) == len(re.findall(r"(?m)^[A-Z][A-Za-z ]+: ", text))
    assert all(s.text in text for s in statements)
    assert "05_ACTIONS" in db.missing_documents()  # "defined in Actions" → 05_ACTIONS


# --- bad input: refused with file and line, and nothing changes ------------------------------


def _corrupt_inputs(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    core = RULES["003_a3f3c053645d401f.txt"].read_bytes()
    prose = RULES["001_2c96af972b186381.txt"].read_bytes()
    text = core.decode()
    cases = {
        "empty": (b"", r":1: the document is empty"),
        "blank": (b"\n\n  \n", r":1: the document is empty"),
        "binary": (b"File ID\n01_X\n\x00\x01\x02", r":3: binary data"),
        "not utf-8": (core[:400] + b"\n\xff\xfe bad\n" + core[400:], r":\d+: not UTF-8"),
        "truncated at half": (core[: len(core) // 2], r"truncated"),
        "truncated before attribution": (text[: text.index("Official attribution")].encode(), r"truncated"),
        "truncated after a marker": (text[: text.index("Rule\nKaos is a Player resource.") + 5].encode(), r"truncated"),
        "truncated prose": (prose[: len(prose) // 2 + 7], r"truncated"),
        "malformed": (b"Hello there,\nthis is a shopping list.\n", r":1: not a rule document"),
        "malformed section id": (text.replace("SECTION_ID: DICE", "SECTION_ID: dice rules").encode(), r"malformed SECTION_ID"),
        "malformed document id": (text.replace("01_CORE_CONCEPTS", "Core", 1).encode(), r":2: malformed document id"),
        "duplicate section id": (
            text.replace("SECTION_ID: DICE", "SECTION_ID: CHECKS").encode(),
            r"duplicate SECTION_ID CHECKS \(first at line \d+\)",
        ),
        "empty rule": (text.replace("Rule\nKaos is not capped.\n", "Rule\n").encode(), r"marker 'Rule' has no text"),
    }
    files = {}
    for name, (data, pattern) in cases.items():
        path = tmp_path / (re.sub(r"\W+", "_", name) + ".txt")
        path.write_bytes(data)
        files[name] = (path, pattern)
    return files


@pytest.mark.parametrize(
    "case",
    [
        "empty",
        "blank",
        "binary",
        "not utf-8",
        "truncated at half",
        "truncated before attribution",
        "truncated after a marker",
        "truncated prose",
        "malformed",
        "malformed section id",
        "malformed document id",
        "duplicate section id",
        "empty rule",
    ],
)
def test_bad_document_is_refused_with_file_and_line_and_nothing_changes(tmp_path, case):
    target = tmp_path / "rules.sqlite"
    build_database(bundled_sources(), target)
    before = target.read_bytes()
    path, pattern = _corrupt_inputs(tmp_path)[case]
    with pytest.raises(SourceError) as error:
        build_database(bundled_sources() + [path], target)
    assert error.value.source == path.name
    assert str(error.value).startswith(f"{path.name}:{error.value.line}: ")
    assert error.value.line >= 1
    assert re.search(pattern, str(error.value)), str(error.value)
    assert target.read_bytes() == before
    assert not list(tmp_path.glob("rules.sqlite.*.tmp"))


def test_duplicate_section_id_names_both_lines(tmp_path):
    path, _ = _corrupt_inputs(tmp_path)["duplicate section id"]
    with pytest.raises(SourceError) as error:
        build_database([path], tmp_path / "rules.sqlite")
    lines = path.read_text().splitlines()
    assert lines[error.value.line - 1] == "SECTION_ID: CHECKS"
    first = int(re.search(r"first at line (\d+)", str(error.value)).group(1))
    assert lines[first - 1] == "SECTION_ID: CHECKS" and first < error.value.line


# --- the cache -------------------------------------------------------------------------------


def test_open_rules_builds_on_first_use_and_reuses_the_cache(referee_home):
    first = open_rules()
    assert first.path.parent == referee_home / "cache"
    assert first.content_hash == content_hash(bundled_sources())
    stamp = first.path.stat().st_mtime_ns
    assert open_rules().path.stat().st_mtime_ns == stamp


def test_a_corrupt_cache_is_rebuilt(referee_home):
    path = open_rules().path
    path.write_bytes(b"not a database at all")
    db = open_rules()
    assert db.path.parent == path.parent and len(db.sections()) == 89


def test_added_document_is_kept_and_changes_the_rules_version(tmp_path):
    original = open_rules()
    extra = tmp_path / "house.txt"
    extra.write_text(
        "File ID\n99_TEST_FIXTURE\nTest Fixture\nA document made up for this test.\n"
        "SECTION_ID: FIXTURE_RULE\nFixture Rule\nRule\nThis fixture refers to 05_ACTIONS.\n"
        "Official attribution\nTest data, not game rules.\n",
        encoding="utf-8",
    )
    db = add_document(extra)
    assert db.content_hash != original.content_hash
    assert db.section("FIXTURE_RULE").statements[0].text == "This fixture refers to 05_ACTIONS."
    assert open_rules().content_hash == db.content_hash  # kept for later commands
    assert not original.path.exists()  # the stale cache is gone


def test_a_bad_added_document_changes_nothing(tmp_path):
    original = open_rules()
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"File ID\n99_BROKEN\nBroken\nSECTION_ID: ONE\nOne\nRule\n")
    with pytest.raises(SourceError):
        add_document(bad)
    assert open_rules().content_hash == original.content_hash


# --- any input either parses or is refused with a SourceError --------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from rulesdb.merge import merge_documents  # noqa: E402
from rulesdb.parse import decode_source, parse_document  # noqa: E402

REAL_LINES = {name: path.read_text(encoding="utf-8").split("\n") for name, path in RULES.items()}


def _parse_bytes(data: bytes, name: str = "fuzz.txt"):
    return parse_document(decode_source(data, name), name)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000))
def test_any_bytes_either_parse_or_raise_source_error(data):
    try:
        _parse_bytes(data)
    except SourceError as error:
        assert error.source == "fuzz.txt" and error.line >= 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(REAL_LINES)),
    st.lists(st.tuples(st.integers(0, 700), st.integers(1, 40)), max_size=4),
    st.lists(st.tuples(st.integers(0, 700), st.sampled_from(["Rule", "", "SECTION_ID: X", "| a |", "- item", "Related rules: X."])), max_size=3),
)
def test_damaged_real_documents_either_parse_or_raise_source_error(name, cuts, inserts):
    lines = list(REAL_LINES[name])
    for start, length in cuts:
        del lines[start % len(lines) : start % len(lines) + length]
    for at, line in inserts:
        lines.insert(at % (len(lines) + 1), line)
    try:
        document = _parse_bytes("\n".join(lines).encode(), name)
        model = merge_documents([document])
    except SourceError as error:
        assert error.source == name
        return
    for section in model.documents[0].sections:
        assert section.statements


def test_a_document_over_a_megabyte_is_refused_at_the_line_where_it_passes_the_limit(tmp_path):
    from rulesdb.store import MAX_DOCUMENT_BYTES

    original = open_rules()
    big = tmp_path / "big.txt"
    rule = "SECTION_ID: RULE_{}\nRule {}\nRule\nA Player may gain 1 Kaos.\n"
    body = "".join(rule.format(i, i) for i in range(MAX_DOCUMENT_BYTES // 40))
    big.write_text(f"File ID\n99_BIG\nBig\nToo big.\n{body}Official attribution\nTest data.\n", encoding="utf-8")
    with pytest.raises(SourceError) as refused:
        add_document(big)
    text = big.read_bytes()
    assert refused.value.source == "big.txt" and "passes 1 MB" in refused.value.message
    assert text[:MAX_DOCUMENT_BYTES].count(b"\n") + 1 == refused.value.line
    assert open_rules().content_hash == original.content_hash and not user_sources()
