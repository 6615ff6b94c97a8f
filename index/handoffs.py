"""Where an answer continues: documents that are not loaded, and the loaded sections it cites.

The referee never guesses what a missing document says: when the answering section hands off to
one ("The Death Process is defined in 09_DEATH_AND_VICTORY."), the lookup says that document is
not loaded instead.
"""

from __future__ import annotations

import re

from index.model import Handoff
from index.text import QUERY_STOPWORDS, stems
from rulesdb.keys import key_of

__all__ = ["is_signpost", "handoffs", "see_also"]

# "Dungeon Bombs are defined in 07_DUNGEON_BOMBS.": a signpost, not a rule; it matches the
# question's words in very few others, so BM25 would rank it above the rules that answer.
_POINTER = re.compile(r"^[^.]*\b(?:is|are) (?:defined|handled|initiated|determined) (?:in|by) [0-9A-Z_ ,and]+\.$")
_DEFINED_IN = re.compile(r"^(?:The )?(.+?) (is|are) (?:defined|handled|initiated) (?:in|by) ")


def is_signpost(text: str) -> bool:
    """The statement only says which document defines something."""
    return bool(_POINTER.match(text))


def handoffs(section, quotes, missing, title_stems=frozenset(), stems_looked_up=frozenset()) -> tuple[Handoff, ...]:
    """The documents not loaded (`missing`) that the answer hands off to: named in a quote, or in
    another statement of the section that says something of the question beyond the title
    (`title_stems`): "death process steps": "resolve the Death Process according to
    09_DEATH_AND_VICTORY"; or in any statement of the section when the question names only its
    title ("dungeon bomb loot": the subject itself continues in 07_DUNGEON_BOMBS)."""
    missing = set(missing)
    found: dict[str, Handoff] = {}
    quoted = {quote.n for quote in quotes}
    title_only = bool(stems_looked_up) and stems_looked_up <= title_stems
    texts = [quote.text for quote in quotes] + [
        st.text for st in section.statements
        if st.n not in quoted and any(doc in st.text for doc in missing)
        and (title_only or (frozenset(stems(st.text, drop=QUERY_STOPWORDS)) - title_stems) & stems_looked_up)
    ]
    for text in texts:
        for doc in sorted(missing, key=text.find):
            if doc in text and doc not in found:
                m = _DEFINED_IN.match(text)
                if m:
                    message = f"{m.group(1)} {m.group(2)} defined in {doc}, which is not loaded."
                else:
                    message = f"The rest of this is in {doc}, which is not loaded."
                found[doc] = Handoff(doc, message)
    for ref in section.references:
        if ref.to_doc in missing and ref.to_doc not in found and any(ref.to_name in q.text for q in quotes):
            found[ref.to_doc] = Handoff(ref.to_doc, f"{ref.to_name} is defined in {ref.to_doc}, which is not loaded.")
    return tuple(found.values())


def see_also(section) -> tuple[str, ...]:
    """Keys of the loaded sections the section refers to, in its order, itself left out."""
    seen: dict[str, None] = {}
    own = section.key
    for ref in section.references:
        if ref.loaded and ref.to_doc and ref.to_section:
            target = key_of(ref.to_doc, ref.to_section)
            if target != own:
                seen.setdefault(target, None)
    return tuple(seen)
