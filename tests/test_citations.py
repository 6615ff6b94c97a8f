"""Every rule the engine can cite resolves, verbatim, to a statement of the loaded rules."""

from __future__ import annotations

import pytest

from referee import citations
from referee.interpretations import REGISTER
from referee import registry

ALL = citations.all_citations()


@pytest.mark.parametrize("name", sorted(ALL))
def test_every_registry_citation_is_a_verbatim_statement(rules_db, name):
    c = ALL[name]
    assert rules_db.has_statement(c.doc_id, c.section_id, c.quote), f"{name}: {c.key}: {c.quote!r}"


def test_interpretations_and_procedures_cite_only_registry_entries():
    registered = set(ALL.values())
    for entry in REGISTER.values():
        assert entry.citations and set(entry.citations) <= registered, entry.id
    for proc in (registry.procedure(kind) for kind in registry.PROCEDURES):
        assert proc.must_finish_first and set(proc.must_finish_first) <= registered, proc.kind


def test_engine_modules_cite_through_the_registry_only():
    """No loose quotes: rule code names citations from referee/citations.py (a `Citation(` elsewhere fails)."""
    from pathlib import Path

    package = Path(citations.__file__).parent
    for path in package.glob("*.py"):
        if path.name in ("citations.py", "citation.py", "ruling.py"):  # the registry, the class, the verdict
            continue
        assert "Citation(" not in path.read_text(encoding="utf-8"), path.name


def test_rules_variables_are_read_from_the_database(rules_db):
    from referee.variables import ENGINE_VARIABLES, read_variables, token_amount

    values = read_variables(rules_db)
    assert set(values) == set(ENGINE_VARIABLES)
    assert token_amount(values, "CRITICAL_SUCCESS_REWARD") == (1, "kaos")
    assert token_amount(values, "CRITICAL_FAILURE_REWARD") == (1, "reroll")
    assert token_amount(values, "TURN_ACTION_REFUND") == (1, "kaos")
