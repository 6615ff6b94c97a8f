"""Text handling shared by the index build and the query side: one tokenizer, one stemmer.

No Whoosh import here except its porter2 stemmer (cheap): the query side runs on every lookup.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from whoosh.lang.porter2 import stem as _porter2

__all__ = [
    "SKIPPED_KINDS",
    "CLAUSE_BREAK",
    "clause_words",
    "TOKEN_PATTERN",
    "INDEX_STOPWORDS",
    "QUERY_STOPWORDS",
    "clean",
    "words",
    "remember_stems",
    "stem",
    "stems",
]

# Statements that are not answers: "References: Calculate Defense." is shown as "see also", a table header is layout.
SKIPPED_KINDS = frozenset({"references", "table_header"})
# Letters and digits; "_" splits too, so CRITICAL_SUCCESS_REWARD reads as three words.
TOKEN_PATTERN = r"[^\W_]+"
_TOKEN = re.compile(TOKEN_PATTERN)

# Function words dropped from the index. Kept small: rules words like "not" or "only" carry
# little weight in BM25 anyway, but "before"/"after"/"each" carry timing, so they stay.
INDEX_STOPWORDS = frozenset(
    """a an the of to in on at by for with from into onto as is are be been being was were
    and or it its this that these those s t""".split()
)

# Dropped from questions only: how people ask, not what they ask about.
QUERY_STOPWORDS = INDEX_STOPWORDS | frozenset(
    """what whats when where who whom whose which why how does do did doing done can could
    should would will shall may might must i im ive id me my mine myself you your yours we
    us our ours they them their theirs he him his she her hers there here
    am have has had having get gets got getting go goes going just so like right ok okay um
    uh yeah yes hey wait guys guy dude someone somebody anyone anybody something anything
    thing things stuff really actually basically gonna wanna gotta lol then also too even
    ever very much some any if but or not no about way still anyway happen happens happened
    mean means tell know rule rules say says said need want let lets kind sort bit oh well
    quick question sure true correct else one make makes made up out isn doesn don didn
    aren wasn weren ll ve re d m whether wether now supposed already exactly literally probably
    maybe guess pretty totally honestly
    dont doesnt didnt cant couldnt wont wouldnt shouldnt isnt arent wasnt werent hasnt havent
    hadnt aint youre theyre thats hes shes whos wheres hows""".split()
    # ^ contractions typed without the apostrophe: words of asking, never spelling mistakes
)


def clean(text: str) -> str:
    """Unicode-normalize: lone surrogates become U+FFFD, accents fold to ASCII letters."""
    text = "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)
    text = unicodedata.normalize("NFKC", text)
    folded = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    """Lowercase word tokens, exactly as the index tokenizer cuts them."""
    return [word.lower() for word in _TOKEN.findall(text)]


# Between two clauses of a question: "end of turn, what do I do and in what order" is about the
# end of a turn and an order, never a "turn order". Not a word, so no term or phrase matches it.
CLAUSE_BREAK = ","
_CLAUSE_PUNCTUATION = re.compile(r"[,.;:!?()\[\]{}\n]|\s[-\u2013\u2014]+\s")
_WORD_OR_BREAK = re.compile(f"({TOKEN_PATTERN})|({_CLAUSE_PUNCTUATION.pattern})")


def clause_words(text: str, limit: int | None = None) -> list[str]:
    """`words` (the first `limit` of them), with CLAUSE_BREAK between two words where punctuation
    ends a clause: never first, never last."""
    out: list[str] = []
    count = 0
    broken = False
    # One pass over words and clause punctuation (the index build reads 8,000 texts through here):
    # the first punctuation between two words finds the same break a search of the gap would.
    for word, punctuation in _WORD_OR_BREAK.findall(text):
        if punctuation:
            broken = True
            continue
        if count == limit:
            break
        if broken and out:
            out.append(CLAUSE_BREAK)
        broken = False
        out.append(word.lower())
        count += 1
    return out


# English irregular verb forms -> the plain verb, before stemming: the rules say "stolen",
# "drawn", "taken", players say "stole", "drew", "took". Plain English morphology, nothing about
# this game; only forms that are not also common words of another meaning ("left", "found",
# "lay", "saw", "rose", "felt" stay as they are).
IRREGULAR = {
    form: verb
    for verb, forms in {
        "steal": "stole stolen", "take": "took taken", "give": "gave given", "draw": "drew drawn",
        "fall": "fell fallen", "win": "won", "lose": "lost", "die": "died dead", "hold": "held",
        "go": "went gone", "get": "got gotten", "choose": "chose chosen", "begin": "began begun",
        "pay": "paid", "deal": "dealt", "run": "ran", "throw": "threw thrown", "keep": "kept",
        "shoot": "shot", "bring": "brought", "become": "became", "do": "did done",
        "make": "made", "see": "seen", "fight": "fought", "spend": "spent", "buy": "bought",
        "wear": "wore worn", "break": "broke broken", "hide": "hid hidden",
        "write": "wrote written", "eat": "ate eaten", "drink": "drank drunk", "swing": "swung",
        "forget": "forgot forgotten", "rise": "risen", "sell": "sold", "tell": "told",
        "think": "thought", "catch": "caught", "fly": "flew flown", "lead": "led",
        "mean": "meant", "meet": "met", "send": "sent", "sit": "sat", "stand": "stood",
        "grow": "grew grown", "know": "knew known", "shake": "shook shaken", "strike": "struck",
    }.items()
    for form in forms.split()
}


# Stems already known: the rules' words, stemmed when the index was built and kept in its tables
# (`remember_stems`): a lookup quotes and hands off from statements whose every word it would
# otherwise stem again (porter2 in Python, about 50 microseconds a word).
_KNOWN: dict[str, str] = {}


def remember_stems(known: dict[str, str]) -> None:
    """Words whose `stem` is known (each computed by `stem` itself, so nothing read changes)."""
    _KNOWN.update(known)


@lru_cache(maxsize=20000)
def stem(word: str) -> str:
    found = _KNOWN.get(word)
    return found if found is not None else _porter2(IRREGULAR.get(word, word))


def stems(text: str, *, drop: frozenset[str] = INDEX_STOPWORDS) -> tuple[str, ...]:
    return tuple(stem(w) for w in words(text) if w not in drop)
