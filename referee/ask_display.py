"""How `referee ask` shows a lookup: rich text with the matched words highlighted. Used by cli.py only.

Rule text is printed through `rich.text.Text`, never as markup: the rules contain brackets
("[TURN_ACTION_REFUND]") that rich would read as style tags.
"""

from __future__ import annotations

__all__ = ["print_result"]


def _quote_text(quote):
    from rich.text import Text

    text = Text("  “", style="dim")
    body = Text(quote.text.replace("\n", "\n    "))
    # Spans index the verbatim text; each "\n" above became "\n    " (4 more characters).
    for start, end in quote.spans:
        shift_start = quote.text.count("\n", 0, start) * 4
        shift_end = quote.text.count("\n", 0, end) * 4
        body.stylize("bold yellow", start + shift_start, end + shift_end)
    text.append_text(body)
    text.append("”", style="dim")
    return text


def _now_line(now, general: str | None = None):
    """The move the question names, judged on the current game: "Now: no — Bram holds no Reroll Token". When the
    rules answer (`general`, Yes or No) says otherwise, both and why: "In general yes; not now: Dee's Check must
    finish first"."""
    from rich.text import Text

    if now.legal is None:
        return Text(f"Now: not read as a move on the current game: {now.reason}.", style="dim")
    style = "bold green" if now.legal else "bold red"
    if general is not None and (general == "Yes") != now.legal:
        line = Text(f"In general {general.lower()}; ", style="bold")
        line.append("now yes" if now.legal else "not now", style=style)
        line.append(f": {now.reason}" if now.reason else (": legal" if now.legal else ""))
    else:
        line = Text("Now: ", style="bold")
        line.append("yes" if now.legal else "no", style=style)
        line.append(f" — {now.reason}" if now.reason else (" — legal" if now.legal else ""))
    line.append(f"  (`{now.move}`" + (f"; I = {now.self_is}, the Active Player" if now.self_is else "") + ")", style="dim")
    if now.key:
        line.append(f"  {now.key}", style="cyan")
    return line


def print_result(console, result, now=None) -> None:
    from rich.text import Text

    if now is not None:
        general = result.answer.verdict if result.answer and result.answer.verdict in ("Yes", "No") else None
        console.print(_now_line(now, general))

    if result.corrections:
        read = ", ".join(f"{typed} → {meant}" for typed, meant in result.corrections)
        console.print(Text(f"(read as: {read})", style="dim"))
    if not result.results:
        console.print(Text(f"Nothing in the loaded rules matches “{result.query}”."))
        if result.did_you_mean:
            console.print(Text(f"Did you mean: {', '.join(result.did_you_mean)}?"))
        if result.closest_titles:
            console.print(Text("Closest sections:"))
            for line in result.closest_titles:
                console.print(Text(f"  {line}"))
        return
    answers = result.answers or ((result.answer,) if result.answer else ())
    for answer in answers:
        # The deciding sentence's own words, with the Yes or No its may / must / not says (or the
        # number it says), and its key; a wrong rule the question took as given: "No — " first.
        verdict = answer.verdict
        line = Text()
        if now is not None and now.legal is not None and (verdict not in ("Yes", "No") or (verdict == "Yes") == now.legal):
            line.append("In general, ", style="dim")  # the rule in general, under what the game says now
        style = {"Yes": "bold green", "No": "bold red"}.get(verdict, "bold")
        line.append(f"{verdict} \u2014 " if answer.corrects else f"{verdict or 'Answer'}: ", style=style)
        line.append(answer.text.replace("\n", " "))
        line.append(f"  ({answer.key})", style="dim")
        console.print(line)
    if answers:
        console.print()
    for number, hit in enumerate(result.results, 1):
        if number > 1:
            console.print()
        head = Text()
        head.append(hit.key, style="bold cyan")
        head.append(f"  {hit.title}", style="bold")
        console.print(head)
        for quote in hit.quotes:
            console.print(_quote_text(quote))
        for handoff in hit.handoffs:
            console.print(Text(f"  {handoff.message}", style="magenta"))
        if hit.see_also:
            console.print(Text(f"  see also: {'; '.join(hit.see_also)}", style="dim"))
