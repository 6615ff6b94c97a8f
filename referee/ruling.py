"""What the engine says about a move: a Ruling, its Violations, and the Citations behind them."""

from __future__ import annotations

from typing import ClassVar

from referee.citation import AppliedInterpretation, Citation
from referee.moves import Move
from referee.records import Record, encode, field

# What a consequence does, in the order a short ruling chooses among them (issue 22): the game ends, a possible Death
# pauses gameplay or a Player's state changes (02 DEATH: it "interrupts normal gameplay immediately"), a verdict,
# whose turn it is, cards that move, tokens (Health, Kaos, Reroll Tokens, statuses, Defense from loot) that change. A
# consequence of no kind ("") comes after them, in the order the judge said it.
OUTCOME_KINDS = ("game-end", "death", "verdict", "turn", "cards", "tokens")


def ranked(kinds) -> list[int]:
    """The indices of the consequences whose `kinds` are given, most telling first (OUTCOME_KINDS, then the rest in
    the order said)."""
    order = {kind: n for n, kind in enumerate(OUTCOME_KINDS)}
    return sorted(range(len(kinds)), key=lambda i: order.get(kinds[i], len(OUTCOME_KINDS)))


__all__ = ["Citation", "AppliedInterpretation", "Violation", "Reason", "Ruling", "Draft", "OUTCOME_KINDS", "ranked"]


class Violation(Record, frozen=True):
    """Why a move is refused: `id` names the kind of refusal, the first citation is the sentence that decides it
    (supporting ones follow); `interpretation` names the register's reading when no rule says it directly; `fix` says
    what would make it legal."""

    message: str
    citations: tuple[Citation, ...] = ()
    fix: str = ""
    id: str = ""
    interpretation: str = ""
    fix_moves: tuple[Move, ...] = ()  # legal moves that would do instead (referee.Game.check fills them: legal_moves.fixes)


class Reason(Record, frozen=True):
    """What a consequence does (OUTCOME_KINDS, or "") and the sentence that justifies it (None: it follows from the
    others)."""

    kind: str = ""
    citation: Citation | None = None


class Ruling(Record, frozen=True, kw_only=True):
    """The verdict on one move. `effects` is the trusted transition the move makes if applied (kept apart in the
    log: not written with the ruling). `citations`: the deciding sentence first (`decided_by`), then a refusal's
    deciding sentences, then what the ruling checked. A ruling logged by an older referee reads back as it was."""

    move: Move
    legal: bool
    violations: tuple[Violation, ...] = ()
    consequences: tuple[str, ...] = ()
    reasons: tuple[Reason, ...] = ()  # one per consequence, recorded by the judge that said it
    obligations: tuple[str, ...] = ()
    decided_by: Citation | None = None  # the sentence that decided the ruling (Draft.finish)
    citations: tuple[Citation, ...] = ()
    interpretations: tuple[AppliedInterpretation, ...] = ()
    table_reported: tuple[str, ...] = ()  # steps a missing document decides; the table reports them
    effects: tuple | None = ()  # records (referee.effects); None: cannot be applied at all

    unwritten: ClassVar[tuple[str, ...]] = ("effects",)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(r.kind for r in self.reasons)

    @property
    def refused_citations(self) -> tuple[Citation, ...]:
        seen: dict[Citation, None] = {}
        for violation in self.violations:
            for citation in violation.citations:
                seen.setdefault(citation)
        return tuple(seen)


class Draft:
    """Collects a ruling while a rule function judges a move (every violation, not the first): the verdict and
    nothing else (violations, consequences with their reasons and kinds, obligations, citations, interpretations, the
    steps the table reports). `choices` are the table's readings of the interpretations (`TableSettings`), which
    `interpret` applies.

    The game is not here: a judge reads and writes the move's working copy (`GameState.working_copy`), its own
    argument, `judge(work, move, d)`; `finish(move, work)` reads the move's effects off it
    (`referee.effects.diff(work.before, work)`).
    """

    def __init__(self, choices: dict[str, str] | None = None):
        self.choices = choices or {}
        self.applicable = True  # False: nothing sensible to apply, not even by --override (`impossible`)
        self.violations: list[Violation] = []
        self.consequences: list[str] = []
        self.reasons: list[Citation | None] = []
        self.kinds: list[str] = []
        self.obligations: list[str] = []
        self.citations: dict[Citation, None] = {}
        self.interpretations: dict[str, AppliedInterpretation] = {}
        self.reported: list[str] = []

    # --- verdict ----------------------------------------------------------------------------------

    def cite(self, *citations: Citation) -> None:
        for citation in citations:
            self.citations.setdefault(citation)

    def violate(self, id: str, message: str, *citations: Citation, fix: str = "", reading: str = "") -> None:
        """Refuse the move: `id` names the kind of refusal (one row each in tests/test_refusals.py), the first
        citation is the sentence that decides it. Where no rule says it, `reading` names the interpretation that
        does: it is shown on the ruling, and its statements are cited when the call gives none."""
        if reading:
            from referee import interpretations

            self.interpret(reading)
            message = f"{message} (no rule says this directly: interpretation {reading})"
            citations = citations or interpretations.REGISTER[reading].citations
        if not citations:
            raise ValueError(f"refusal {id!r} cites no rule: every refusal cites the sentence that decides it")
        self.violations.append(Violation(message, tuple(citations), fix, id, reading))

    def say(self, text: str, *citations: Citation, kind: str = "") -> None:
        """A consequence of the move. Its first citation is the sentence that justifies it; `kind` says what it does
        (OUTCOME_KINDS): the short ruling shows the most telling consequence and quotes its sentence."""
        if kind and kind not in OUTCOME_KINDS:
            raise ValueError(f"unknown kind of consequence {kind!r}: {', '.join(OUTCOME_KINDS)}")
        self.consequences.append(text)
        self.reasons.append(citations[0] if citations else None)
        self.kinds.append(kind)
        self.cite(*citations)

    def oblige(self, text: str) -> None:
        self.obligations.append(text)

    def report(self, text: str, *citations: Citation) -> None:
        """A step a missing document decides: the table resolves it and reports the outcome."""
        self.reported.append(text)
        self.cite(*citations)

    def interpret(self, id: str) -> str:
        from referee import interpretations

        self.interpretations.setdefault(id, interpretations.applied(self.choices, id))
        return interpretations.reading(self.choices, id)

    def impossible(self) -> None:
        """Nothing sensible to apply, not even by --override."""
        self.applicable = False

    def finish(self, move, work) -> Ruling:
        """The ruling on `move`, whose working copy `work` the judge left as the move would leave the game."""
        from referee.effects import diff

        cannot_apply = not self.applicable and bool(self.violations)
        violations = tuple(self.violations)
        # a refusal nothing could apply, not even --override, previews no changes
        reasons = () if cannot_apply else tuple(Reason(k, c) for k, c in zip(self.kinds, self.reasons))
        # the sentence that decided it: a refusal's, the first citation of its first violation; a legal move's, the
        # reason of its most telling consequence (`ranked`) that has one; it is the first citation
        decided_by = next((v.citations[0] for v in violations if v.citations), None)
        if decided_by is None:
            decided_by = next((reasons[i].citation for i in ranked([r.kind for r in reasons])
                               if reasons[i].citation is not None), None)
        refused = dict.fromkeys(c for v in violations for c in v.citations)
        citations = tuple(dict.fromkeys((*((decided_by,) if decided_by else ()), *refused, *self.citations)))
        return Ruling(
            move=move,
            legal=not violations,
            violations=violations,
            consequences=() if cannot_apply else tuple(self.consequences),
            reasons=reasons,
            obligations=tuple(self.obligations),
            decided_by=decided_by or (citations[0] if citations else None),
            citations=citations,
            interpretations=tuple(self.interpretations.values()),
            table_reported=() if cannot_apply else tuple(self.reported),
            effects=tuple(diff(work.before, work)) if self.applicable else None,
        )
