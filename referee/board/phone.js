// A Player's phone (or the host's): served as a file (the page's Content-Security-Policy allows no inline script).
// Everything the game says is set with textContent; only the board's HTML, escaped by the server, is inserted whole.
(function () {
  "use strict";
  var root = document.getElementById("phone");
  var csrf = root.dataset.csrf, me = root.dataset.player, host = root.dataset.role === "host";
  var at = null, chosen = null, values = [];
  function $(id) { return document.getElementById(id); }
  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }
  function post(path, body) {
    return fetch(path, {method: "POST", credentials: "same-origin",
                        headers: {"Content-Type": "application/json", "X-CSRF-Token": csrf},
                        body: JSON.stringify(body)})
      .then(function (r) {
        return r.json().catch(function () { return {error: "HTTP " + r.status}; })
          .then(function (data) { data.status = r.status; return data; });
      });
  }
  // one word as `referee` reads it back (parsing.quoted)
  function quoted(v) {
    if (v && !/[\s'"\\]/.test(v)) return v;
    return '"' + v.replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"';
  }
  function show(box, lines, kind) {
    box.textContent = "";
    box.className = "result " + kind;
    lines.forEach(function (line, i) {
      var p = el("p", line);
      if (/^\s+\d\d_[A-Z_]+ > [A-Z_]+: /.test(line)) p.className = "quote";
      box.appendChild(p);
    });
  }
  function ruled(data) {
    if (data.status === 200) {
      show($("result"), data.lines, data.legal || data.applied ? "legal" : "refused");
      if (data.at !== undefined) at = data.at;
    } else {
      show($("result"), [data.error || ("HTTP " + data.status)], "error");
      if (data.status === 409) loadOptions();
    }
  }

  // --- "What can I do now?" ---------------------------------------------------------------------------
  var TITLES = {now: "Now", turn: "The turn", loot: "Loot", encounter: "Random Encounter",
                effects: "Effects the table reports", records: "Records"};
  function loadOptions() {
    return fetch("/api/options", {credentials: "same-origin"}).then(function (r) {
        if (r.status === 503) { setTimeout(loadOptions, 1000); throw new Error("busy"); }  // asked again in a moment
        return r.json();
      })
      .then(function (data) {
        at = data.at;
        $("at").textContent = "move #" + data.at;
        var box = $("choices"), groups = {};
        box.textContent = "";
        window.refereeCards = data.cards || [];
        if (!data.options.length) box.appendChild(el("p", "Nothing for you to declare now.", "dim"));
        data.options.forEach(function (option) {
          if (!groups[option.group]) {
            groups[option.group] = el("div", undefined, "group");
            groups[option.group].appendChild(el("h3", TITLES[option.group] || option.group));
            box.appendChild(groups[option.group]);
          }
          var button = el("button", option.label, "choice");
          button.type = "button";
          if (option.cost) button.appendChild(el("small", option.cost));
          button.addEventListener("click", function () { choose(option, button); });
          groups[option.group].appendChild(button);
        });
      }).catch(function () {});
  }
  function choose(option, button) {
    Array.prototype.forEach.call(document.querySelectorAll(".choice.on"), function (b) { b.classList.remove("on"); });
    button.classList.add("on");
    chosen = option;
    values = option.fields.map(function (f) { return f.value; });
    $("form-title").textContent = option.label;
    var box = $("fields");
    box.textContent = "";
    option.fields.forEach(function (field, i) {
      var wrap = el("div", undefined, "field"), label = el("label", field.name);
      wrap.appendChild(label);
      if (field.kind === "d20") {
        var pad = el("div", undefined, "pad");
        for (var n = 1; n <= 20; n++) {
          (function (n) {
            var b = el("button", String(n));
            b.type = "button";
            b.dataset.value = String(n);
            b.addEventListener("click", function () {
              values[i] = n;
              Array.prototype.forEach.call(pad.children, function (c) { c.classList.toggle("on", c === b); });
            });
            pad.appendChild(b);
          })(n);
        }
        values[i] = null;
        wrap.appendChild(pad);
      } else if (field.kind === "number") {
        var step = el("div", undefined, "stepper"), input = el("input");
        input.type = "number"; input.min = field.min; input.max = field.max; input.step = 1; input.value = field.value;
        input.inputMode = "numeric";
        input.addEventListener("input", function () { values[i] = parseInt(input.value, 10); });
        var less = el("button", "−"), more = el("button", "+");
        less.type = more.type = "button";
        less.addEventListener("click", function () { input.stepDown(); values[i] = parseInt(input.value, 10); });
        more.addEventListener("click", function () { input.stepUp(); values[i] = parseInt(input.value, 10); });
        step.appendChild(less); step.appendChild(input); step.appendChild(more);
        wrap.appendChild(step);
      } else {
        var text = el("input");
        text.placeholder = field.placeholder;
        text.setAttribute("list", "held-cards");
        text.addEventListener("input", function () { values[i] = text.value; });
        wrap.appendChild(text);
      }
      box.appendChild(wrap);
    });
    var list = $("held-cards") || el("datalist");
    list.id = "held-cards";
    list.textContent = "";
    (window.refereeCards || []).forEach(function (card) { var o = el("option"); o.value = card; list.appendChild(o); });
    box.appendChild(list);
    $("move-form").hidden = false;
    $("result").textContent = "";
  }
  function filled() {
    if (!chosen) return null;
    var missing = chosen.fields.filter(function (f, i) { return values[i] === null || values[i] === "" || values[i] !== values[i]; });
    if (missing.length) { show($("result"), ["Fill in " + missing.map(function (f) { return f.name; }).join(", ") + " first."], "error"); return null; }
    return chosen.template.replace(/\{(\d+)(:\+)?\}/g, function (_, i, signed) {
      var v = values[+i], field = chosen.fields[+i];
      if (field.kind === "text") return quoted(String(v));
      return signed && v >= 0 ? "+" + v : String(v);
    });
  }
  function judge(command, declare) {
    if (!command) return;
    var body = {command: command, at: at};
    if (host && declare && $("override") && $("override").value.trim()) body.override = $("override").value;
    post(declare ? "/api/declare" : "/api/check", body).then(ruled);
  }
  $("can-i").addEventListener("click", function () { judge(filled(), false); });
  $("move-form").addEventListener("submit", function (e) { e.preventDefault(); judge(filled(), true); });
  $("typed-can-i").addEventListener("click", function () { judge($("typed").value.trim(), false); });
  $("typed-form").addEventListener("submit", function (e) { e.preventDefault(); judge($("typed").value.trim(), true); });
  if ($("undo")) $("undo").addEventListener("click", function () {
    post("/api/undo", {at: at}).then(function (data) {
      if (data.status === 200) show($("result"), ["Undone: #" + data.undone.join(", #")], "legal");
      else show($("result"), [data.error || ("HTTP " + data.status)], "error");
    });
  });

  // --- "Ask" -------------------------------------------------------------------------------------------
  $("ask-form").addEventListener("submit", function (e) {
    e.preventDefault();
    post("/api/ask", {question: $("question").value}).then(function (data) {
      if (data.status !== 200) { show($("answer"), [data.error || ("HTTP " + data.status)], "error"); return; }
      var lines = [];
      if (data.now && data.now.move) lines.push("Now: " + (data.now.legal ? "yes" : "no") + (data.now.reason ? " — " + data.now.reason : "") + "  (" + data.now.move + ")");
      if (data.answer) lines.push((data.answer.verdict ? data.answer.verdict + ": " : "") + data.answer.text);
      var best = data.results && data.results[0];
      if (best) {
        lines.push("  " + best.key + ": \u201c" + (best.quotes[0] || "") + "\u201d");
      }
      if (!lines.length) lines.push("Nothing in the rules matches that.");
      show($("answer"), lines, "legal");
    });
  });

  // --- the table, live: own mat first -------------------------------------------------------------------
  var board = $("board"), mine = $("mine"), link = $("link");
  function mineFirst() {
    mine.textContent = "";
    Array.prototype.forEach.call(board.querySelectorAll("article.mat"), function (mat) {
      if (mat.dataset.player === me) mine.appendChild(mat.cloneNode(true));
    });
  }
  mineFirst();
  loadOptions();
  var events = new EventSource("/events");
  events.onmessage = function (e) {
    var data = JSON.parse(e.data);
    board.innerHTML = data.html;
    mineFirst();
    link.textContent = "live: move #" + data.move;
    link.className = "";
    loadOptions();
  };
  events.onerror = function () { link.textContent = "connection lost: retrying…"; link.className = "lost"; };
})();
