"""The board as one self-contained web page (inline CSS, no build step, no CDN): mobile first.

`page(view, live=True)` is what `referee board --serve` serves: a few lines of script swap in the
board's HTML each time the server sends a new one (server-sent events). `live=False` is the static
snapshot of `referee board --html FILE`: the same drawing, no script.
"""

from __future__ import annotations

from html import escape

from referee.game_display import TURN_KINDS, health_level

__all__ = ["page", "phone_page", "board_html", "title", "STYLE", "SCRIPT", "PHONE_SCRIPT"]

_KINDS = {"check": "Check", "death": "Death Process", "loot-window": "Loot Management Window",
          "random-encounter": "Random Encounter", "end-of-turn": "End of Turn Process", "turn": "Turn",
          "game-over": "Game over"}
PIPS = 10  # more tokens than this: pips and a count


def title(view: dict) -> str:
    if view["ended"]:
        return f"Game over: {view['winner']} won · referee board"
    return f"Turn {view['turn']} · {view['active']} · referee board"


def page(view: dict, *, live: bool) -> str:
    """The whole page. Live (served), its style and script are files the server sends (`STYLE`, `SCRIPT`): the
    server's Content-Security-Policy allows no inline script or style. A snapshot file carries its style inline."""
    script = "<script src=\"/board.js\" defer></script>" if live else ""
    style = "<link rel=\"stylesheet\" href=\"/board.css\">" if live else f"<style>{STYLE}</style>"
    note = ("live: redrawn when a move lands" if live
            else f"snapshot at move #{view['move']}; `referee board --serve` shows it live")
    return (f"<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title(view))}</title>{style}{script}</head>\n"
            f"<body><main id=\"board\">{board_html(view)}</main>\n"
            f"<p class=\"foot\"><span id=\"link\">{escape(note)}</span> · read-only: this page never changes the game"
            f"</p></body></html>\n")


def phone_page(view: dict, *, player: str | None, host: bool, csrf: str, qr: list[tuple[str, str, str]] = ()) -> str:
    """A Player's phone (or the host's): their own mat first, "What can I do now?", "Can I?", "Declare", "Ask", then
    the table. Everything it shows of the game arrives as the board's HTML (escaped here) or as text the script
    sets with textContent. `qr`: (who, URL, SVG) of each join link, for the host's page."""
    who = "the host" if host else player
    links = ""
    if qr:
        links = ("<section class=\"links\"><h2>Join links</h2><p class=\"dim\">Each Player scans their own; "
                 "`referee board --rotate NAME` issues a new one.</p><div class=\"qrs\">"
                 + "".join(f"<figure>{svg}<figcaption>{escape(name)}</figcaption></figure>" for name, _, svg in qr)
                 + "</div></section>")
    return (f"<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(who or '')} · referee</title><link rel=\"stylesheet\" href=\"/board.css\">"
            f"<script src=\"/phone.js\" defer></script></head>\n"
            f"<body><main id=\"phone\" data-csrf=\"{escape(csrf)}\" data-player=\"{escape(player or '')}\" "
            f"data-role=\"{'host' if host else 'player'}\">"
            f"<header class=\"me\"><p>You are <b id=\"who\">{escape(who or '')}</b> · <span id=\"at\">move "
            f"#{view['move']}</span> · <a href=\"/\">the table only</a></p></header>"
            f"<section id=\"mine\" class=\"mats\"></section>"
            f"<section class=\"act\"><h2>What can I do now?</h2><div id=\"choices\"></div>"
            f"<form id=\"move-form\" class=\"move-form\" hidden><p id=\"form-title\"></p><div id=\"fields\"></div>"
            f"{'<label class=override>--override reason <input id=override name=override></label>' if host else ''}"
            f"<p class=\"buttons\"><button type=\"button\" id=\"can-i\">Can I?</button> "
            f"<button type=\"submit\" id=\"declare\">Declare</button></p></form>"
            f"<form id=\"typed-form\" class=\"typed\"><label>or type a move <input id=\"typed\" "
            f"autocomplete=\"off\" autocapitalize=\"off\" placeholder=\"equip {escape(player or 'mara')} axe\">"
            f"</label> <button type=\"button\" id=\"typed-can-i\">Can I?</button> "
            f"<button type=\"submit\">Declare</button></form>"
            f"{'<p class=buttons><button type=button id=undo>Undo the last move</button></p>' if host else ''}"
            f"<div id=\"result\" class=\"result\" aria-live=\"polite\"></div></section>"
            f"<section class=\"ask\"><h2>Ask</h2><form id=\"ask-form\"><input id=\"question\" "
            f"placeholder=\"can I reroll a nat 20\" autocomplete=\"off\"> <button type=\"submit\">Ask</button>"
            f"</form><div id=\"answer\" class=\"result\" aria-live=\"polite\"></div></section>"
            f"{links}"
            f"<h2 class=\"table-title\">The table</h2><div id=\"board\">{board_html(view)}</div></main>"
            f"<p class=\"foot\"><span id=\"link\">live</span></p></body></html>\n")


def board_html(view: dict) -> str:
    """The board itself (what the live page swaps in)."""
    return "".join([
        _header(view),
        "<div class=\"play\">", _stack(view), _ruling(view), "</div>",
        "<section class=\"mats\">", *(_mat(p, view["defense_note"]) for p in view["players"]), "</section>",
        _decks(view),
    ])


def _header(view: dict) -> str:
    if view["ended"]:
        turn = f"<b>Game over</b>: {escape(str(view['winner']))} won (Victory)"
    else:
        kind = TURN_KINDS.get(view["turn_kind"], view["turn_kind"])
        actions = view["turn_actions"]
        turn = (f"<b>Turn {view['turn']}</b> · {escape(view['active'])}'s {escape(kind)}"
                + (f" · Turn Actions <b>{actions['spent']}/{actions['per_turn']}</b>"
                   if view["turn_kind"] == "player" else ""))
    ring = "".join(
        f"<li class=\"{'active' if p['active'] else ''} {escape(p['state'])}\"><a href=\"#mat-{_anchor(p['name'])}\">"
        f"{'▶ ' if p['active'] else ''}{escape(p['name'])}</a></li>" for p in view["players"])
    return (f"<header><p class=\"turn\">{turn} <span class=\"move\">move #{view['move']}</span></p>"
            f"<ol class=\"ring\" aria-label=\"Turn order\">{ring}</ol></header>")


def _anchor(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name)


def _stack(view: dict) -> str:
    layers = []
    for i, layer in enumerate(view["stack"]):
        finish = (f"<span class=\"finish\">finish: {escape(layer['finish'].replace('`', ''))}</span>"
                  if i == 0 and layer["finish"] else "")
        layers.append(f"<li class=\"layer {escape(layer['kind'])}{' top' if i == 0 else ''}\">"
                      f"<span class=\"kind\">{escape(_KINDS.get(layer['kind'], layer['kind']))}</span>"
                      f"{escape(layer['text'])}{finish}</li>")
    check = (f"<p class=\"last-check\">Last Check: {escape(view['last_check'])}</p>" if view["last_check"] else "")
    heading = "Pending, top first" if len(view["stack"]) > 1 else "Nothing pending"
    return f"<section class=\"stack\"><h2>{heading}</h2><ol>{''.join(layers)}</ol>{check}</section>"


def _ruling(view: dict) -> str:
    ruling = view["ruling"]
    if ruling is None:
        return "<section class=\"ruling\"><h2>Last ruling</h2><p class=\"dim\">No moves yet.</p></section>"
    verdict = ruling["verdict"]
    move = escape(ruling["move"])
    move = f"<s>{move}</s>" if verdict == "UNDONE" else move
    changes = "".join(f"<li>{escape(c.replace('~~', ''))}</li>" for c in ruling["consequences"][:3])
    reason = f"<p class=\"reason\">reason: {escape(ruling['override'])}</p>" if ruling["override"] else ""
    quote = (f"<blockquote><p>“{escape(ruling['quote'])}”</p><cite>{escape(ruling['key'])}</cite></blockquote>"
             if ruling["key"] else "")
    return (f"<section class=\"ruling {verdict.lower()}\"><h2>Last ruling</h2>"
            f"<p><span class=\"verdict\">{verdict}</span> <span class=\"num\">#{ruling['number']}</span> "
            f"<code>{move}</code></p>{reason}<ul>{changes}</ul>{quote}</section>")


def _mat(p: dict, defense_note: str) -> str:
    from referee.state import stats_text

    classes = " ".join(c for c in ("mat", "active" if p["active"] else "", p["state"]) if c)
    health, cap = p["health"], max(1, p["health_cap"])  # a Health Cap of 0 is drawn as 1: 1 Health or more is "ok"
    share = 5 * max(0, min(20, round(20 * health / cap)))  # in steps of 5%: a class, not an inline style
    level = health_level(health, cap)
    state = "" if p["state"] == "surviving" else f"<span class=\"state\">{escape(p['state'].capitalize())}</span>"
    statuses = "".join(f"<span class=\"status\">{escape(s)}</span>" for s in p["statuses"])
    extras = ""
    if p["window"]:
        extras += f"<p class=\"placing\">Placing (Loot Management Window): {escape(', '.join(p['window']))}</p>"
    if p["set_aside"]:
        extras += f"<p class=\"placing\">Set aside: {escape(', '.join(p['set_aside']))}</p>"
    if p["stat_bonuses"]:
        extras += ("<p class=\"bonus\">Stat bonuses from loot: "
                   + escape(stats_text(p["stat_bonuses"])) + "</p>")
    return (
        f"<article class=\"{classes}\" id=\"mat-{_anchor(p['name'])}\" data-player=\"{escape(p['name'])}\">"
        f"<h3><span class=\"name\">{'▶ ' if p['active'] else ''}{escape(p['name'])}</span>{state}"
        f"<span class=\"defense\" title=\"{escape(defense_note)}\">Defense from loot <b>{p['defense_from_loot']}</b>"
        f"</span></h3>"
        f"<div class=\"health {level}\" title=\"Health\"><span class=\"label\">Health</span>"
        f"<span class=\"bar\"><span class=\"w{share}\"></span></span>"
        f"<b class=\"hp\">{health}/{p['health_cap']}</b></div>"
        f"<div class=\"tokens\"><span class=\"label\">Kaos</span>{_pips(p['kaos'], 'kaos')}"
        f"<span class=\"label\">Reroll</span>{_pips(p['rerolls'], 'reroll')}</div>"
        f"{statuses and f'<div class=statuses>{statuses}</div>'}"
        f"<h4>Armor Slots</h4><ol class=\"slots armor\">{''.join(_slot(c, i) for i, c in enumerate(p['armor'], 1))}</ol>"
        f"<div class=\"weapons\"><div><h4>Melee</h4>{_slot(p['melee'], '')}</div>"
        f"<div><h4>Ranged</h4>{_slot(p['ranged'], '')}</div></div>"
        f"<h4>Backpack Slots</h4><ol class=\"slots pack\">"
        f"{''.join(_slot(c, i) for i, c in enumerate(p['backpack'], 1))}</ol>"
        f"{extras}</article>")


def _pips(count: int, kind: str) -> str:
    pips = "<i></i>" * min(count, PIPS) + ("+" if count > PIPS else "")
    return f"<span class=\"pips {kind}\" aria-label=\"{count}\">{pips}</span><b class=\"count\">{count}</b>"


def _slot(card, number) -> str:
    tag = "li" if number != "" else "div"
    if card is None:
        return f"<{tag} class=\"slot empty\">{number or '–'}</{tag}>"
    dropped = "<em class=\"dropped\">Dropped</em>" if card["dropped"] else ""
    text = card["text"].removeprefix(card["name"] + ": ")  # "Plot Armor: +5 Defense ..." under "Plot Armor"
    return (f"<{tag} class=\"slot card{' is-dropped' if card['dropped'] else ''}\" title=\"{escape(card['text'])}\">"
            f"<span class=\"cname\">{escape(card['name'])}</span><small>{escape(text)}</small>{dropped}"
            f"</{tag}>")


def _decks(view: dict) -> str:
    rows = []
    for deck in view["decks"]:
        size = "?" if deck["size"] is None else str(deck["size"])
        pile = deck["discard"]
        shown = escape(", ".join(pile[-3:])) if pile else "–"
        more = f"{len(pile)}: …, " if len(pile) > 3 else f"{len(pile)}: " if pile else ""
        rows.append(f"<tr><th>{escape(deck['name'])}</th><td class=\"n\">{size}</td><td>{more}{shown}</td></tr>")
    box = escape(", ".join(view["game_box"])) or "–"
    return (f"<section class=\"decks\"><h2>Decks and discard piles</h2><table><thead><tr><th>Deck</th>"
            f"<th class=\"n\">cards</th><th>discard pile (top last)</th></tr></thead><tbody>{''.join(rows)}"
            f"<tr><th>Game box</th><td></td><td>{box}</td></tr>"
            f"<tr><th>Reroll supply</th><td class=\"n\">{view['reroll_supply']}</td><td></td></tr>"
            f"</tbody></table><p class=\"dim\">{escape(view['defense_note'])}</p></section>")


# The live page: each server-sent event carries {"move", "title", "html"}; EventSource reconnects by itself.
SCRIPT = """(function () {
  var board = document.getElementById("board"), link = document.getElementById("link");
  var events = new EventSource("/events");
  events.onmessage = function (e) {
    var data = JSON.parse(e.data);
    board.innerHTML = data.html;
    document.title = data.title;
    link.textContent = "live: redrawn when a move lands (move #" + data.move + ")";
    link.className = "";
  };
  events.onerror = function () { link.textContent = "connection lost: retrying…"; link.className = "lost"; };
})();
"""

STYLE = """
:root{--bg:#15171c;--card:#22262e;--edge:#353b47;--ink:#e8e6e1;--dim:#9a9fab;--gold:#f2c14e;--green:#5cc98b;
--red:#ef6461;--amber:#f2a541;--violet:#c77dff;--cyan:#4cc9f0;--blue:#6c8cff}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:15px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{padding:10px;max-width:1500px;margin:0 auto;display:grid;gap:10px}
h2{font-size:12px;text-transform:uppercase;letter-spacing:.08em;color:var(--dim);margin:0 0 6px}
h4{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--dim);margin:8px 0 3px;font-weight:600}
section,article{background:var(--card);border:1px solid var(--edge);border-radius:10px;padding:10px}
header{display:grid;gap:6px}
.turn{margin:0;font-size:17px}.move{color:var(--dim);font-size:13px;margin-left:6px}
.ring{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px;align-items:center}
.ring li+li::before{content:"→";color:var(--dim);margin-right:4px}
.ring a{color:var(--ink);text-decoration:none;padding:3px 9px;border-radius:999px;border:1px solid var(--edge);display:inline-block}
.ring .active a{background:var(--gold);color:#1a1a1a;border-color:var(--gold);font-weight:700}
.ring .removed a{text-decoration:line-through;color:var(--dim)}
.play{display:grid;gap:10px}
.stack ol{list-style:none;margin:0;padding:0}
.layer{position:relative;background:#2b303a;border:1px solid var(--edge);border-left:5px solid var(--dim);
border-radius:8px;padding:7px 9px;margin-top:-3px;box-shadow:0 3px 0 #0006;font-size:14px}
.layer.top{background:#323846;font-weight:600;margin-top:0}
.layer .kind{display:block;font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--dim);font-weight:600}
.layer .finish{display:block;font-weight:400;font-size:12px;color:var(--dim);margin-top:3px}
.layer.check{border-left-color:var(--cyan)}.layer.death{border-left-color:var(--red)}
.layer.loot-window{border-left-color:var(--gold)}.layer.random-encounter{border-left-color:var(--violet)}
.layer.end-of-turn{border-left-color:var(--blue)}.layer.game-over{border-left-color:var(--green)}.layer.turn{border-left-color:var(--ink);background:#262a33}
.last-check{margin:8px 0 0;font-size:13px;color:var(--dim)}
.ruling p{margin:0 0 4px}.ruling code{font-size:13px;word-break:break-word}
.verdict{font-weight:800;padding:1px 7px;border-radius:5px;background:var(--green);color:#111}
.overridden .verdict{background:var(--amber)}.undone .verdict{background:var(--dim)}
.num{color:var(--dim)}.reason{color:var(--amber)}
.ruling ul{margin:4px 0;padding-left:18px;font-size:13px;color:#cfd2d8}
blockquote{margin:6px 0 0;padding:6px 10px;border-left:3px solid var(--cyan);background:#1b1e24;border-radius:0 6px 6px 0}
blockquote p{margin:0;font-style:italic}cite{display:block;font-style:normal;font-size:12px;color:var(--cyan);margin-top:3px}
.mats{background:none;border:0;padding:0;display:grid;gap:10px;grid-template-columns:1fr}
.mat h3{margin:0 0 6px;display:flex;gap:8px;align-items:baseline;flex-wrap:wrap;font-size:18px}
.mat .defense{margin-left:auto;font-size:13px;font-weight:400;color:var(--dim)}.mat .defense b{color:var(--ink);font-size:16px}
.mat.active{border:2px solid var(--gold);box-shadow:0 0 0 3px #f2c14e33}
.mat.active .name{color:var(--gold)}
.mat.removed{opacity:.5}.state{font-size:12px;padding:1px 6px;border-radius:4px;background:#444b58}
.removed .state{background:#5a2a2a}.fallen .state,.zombie .state{background:#4a3d66}
.label{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--dim);margin-right:6px}
.health{display:flex;align-items:center;gap:4px}.bar{flex:1;height:12px;background:#3a3f4a;border-radius:6px;overflow:hidden}
.bar span{display:block;height:100%;background:var(--green)}.low .bar span{background:var(--amber)}
.critical .bar span{background:var(--red)}.hp{min-width:46px;text-align:right}
.tokens{display:flex;align-items:center;flex-wrap:wrap;gap:2px 4px;margin-top:6px}
.pips{display:inline-flex;gap:3px;margin-right:4px}.pips i{width:11px;height:11px;border-radius:50%;display:inline-block}
.pips.kaos i{background:var(--violet)}.pips.reroll i{background:var(--cyan);border-radius:2px;transform:rotate(45deg) scale(.85)}
.count{margin-right:14px}
.statuses{margin-top:6px}.status{font-size:12px;background:#5b4a1c;color:#ffe3a3;padding:2px 7px;border-radius:999px;margin-right:4px}
.slots{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:4px}
.weapons{display:grid;grid-template-columns:1fr 1fr;gap:6px}
.slot{min-height:40px;border-radius:6px;padding:4px 7px;font-size:12px;line-height:1.25;min-width:0}
.slot.empty{flex:0 0 34px;border:1px dashed #4a505c;color:#5d6370;display:flex;align-items:center;justify-content:center}
.weapons .slot.empty{width:100%}
.slot.card{flex:1 1 auto;max-width:100%;background:#343a47;border:1px solid #4a5263}
.armor .slot.card{border-top:3px solid var(--blue)}.pack .slot.card{border-top:3px solid var(--violet)}
.weapons .slot.card{border-top:3px solid var(--red)}
.cname{display:block;font-weight:600;font-size:13px}
.slot small{display:block;color:var(--dim);font-size:11px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:22ch}
.is-dropped .cname{text-decoration:line-through}.dropped{display:inline-block;font-style:normal;font-weight:700;
color:#fff;background:var(--red);border-radius:4px;padding:0 4px;font-size:11px;margin-top:2px}
.placing{margin:8px 0 0;color:var(--gold);font-weight:600;font-size:13px}.bonus{margin:6px 0 0;font-size:13px}
.decks table{width:100%;max-width:760px;border-collapse:collapse;font-size:14px}.decks th,.decks td{text-align:left;padding:4px 6px;
border-top:1px solid var(--edge)}.decks thead th{color:var(--dim);font-size:12px;font-weight:600;border-top:0}
.decks .n{text-align:right}.dim{color:var(--dim);font-size:12px}
.foot{color:var(--dim);font-size:12px;text-align:center;margin:6px 10px 16px}.lost{color:var(--red)}
@media (min-width:700px){.mats{grid-template-columns:repeat(2,minmax(0,1fr))}.play{grid-template-columns:1fr 1fr}}
@media (min-width:1200px){main{grid-template-columns:minmax(0,3fr) minmax(320px,1fr);align-items:start}
header{grid-column:1/-1}.mats{grid-column:1;grid-row:2}.decks{grid-column:1;grid-row:3}
.play{grid-column:2;grid-row:2/4;grid-template-columns:1fr}}
@media (min-width:1700px){.mats{grid-template-columns:repeat(3,minmax(0,1fr))}}
"""
STYLE += """
#phone{padding:10px;max-width:760px;margin:0 auto;display:grid;gap:10px}
.me p{margin:0;font-size:14px}.me a{color:var(--cyan)}
#mine .mat{border-color:var(--gold)}
.act,.ask,.links{background:var(--card);border:1px solid var(--edge);border-radius:10px;padding:10px}
.act h2,.ask h2,.links h2,.table-title{font-size:15px;margin:0 0 8px}
.group{margin:6px 0}.group h3{font-size:12px;color:var(--dim);margin:6px 0 4px;text-transform:uppercase}
.choice{display:block;width:100%;text-align:left;margin:3px 0;padding:9px 10px;border-radius:8px;border:1px solid
#4a5263;background:#2c313b;color:var(--ink);font:inherit}.choice small{color:var(--dim);margin-left:6px}
.choice.on{border-color:var(--gold)}
button{font:inherit;padding:8px 14px;border-radius:8px;border:1px solid #4a5263;background:#343a47;color:var(--ink)}
#declare,.typed button[type=submit]{background:#2f5d3f;border-color:var(--green)}
input{font:inherit;padding:8px;border-radius:8px;border:1px solid #4a5263;background:#15171c;color:var(--ink);
max-width:100%}.typed input{width:100%}.ask input{width:calc(100% - 80px)}
.field{margin:6px 0}.field label{display:block;font-size:13px;color:var(--dim)}
.stepper{display:flex;gap:6px;align-items:center}.stepper input{width:6em;text-align:center}
.pad{display:grid;grid-template-columns:repeat(5,1fr);gap:4px;max-width:320px}.pad button{padding:10px 0}
.pad button.on{background:var(--gold);color:#000}
.result p{margin:2px 0;white-space:pre-wrap;font-size:14px}.result.legal{border-left:4px solid var(--green);
padding-left:8px}.result.refused,.result.error{border-left:4px solid var(--red);padding-left:8px}
.result .quote{color:var(--gold)}
.qrs{display:flex;flex-wrap:wrap;gap:10px}.qrs figure{margin:0;background:#fff;color:#000;padding:6px;border-radius:6px}
.qrs svg{width:140px;height:140px}.qrs figcaption{text-align:center;font-weight:600}
"""
STYLE += "".join(f".bar>span.w{n}{{width:{n}%}}" for n in range(0, 101, 5)) + "\n"

