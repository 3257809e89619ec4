// A generic game board. Python renders the SVG and decides every rule; this module shows what
// Python sends (the position, its history, the choices of the moment, the result) and reports
// clicks: on elements carrying a data-action (an action, legal or not: Python explains) or a
// data-target (something that is not an action: Python says why nothing can be played there).
// Every message sent is answered; if Python stops answering, the board says so.

const KERNEL_TIMEOUT_MS = 6000;

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(cls, text, title, onClick) {
  const b = el("button", `explorer-button ${cls}`, text);
  b.type = "button";
  if (title) b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

function render({ model, el: host }) {
  const root = el("div", "explorer-board");
  root.dataset.kernel = "ok";
  root.dataset.pending = "false";

  // ---- talking to Python: every message is counted, every answer too ----------------------
  let sent = 0;
  let watchdog = null;
  function checkAnswered() {
    const answered = model.get("answered");
    root.dataset.answered = String(answered);
    if (answered >= sent) {
      root.dataset.pending = "false";
      root.dataset.kernel = "ok";
      kernel.hidden = true;
      if (watchdog) { clearTimeout(watchdog); watchdog = null; }
    }
  }
  function kernelGone(reason) {
    root.dataset.kernel = "gone";
    root.dataset.pending = "false";
    kernel.hidden = false;
    kernel.textContent =
      "Python is not answering" + (reason ? ` (${reason})` : "") + ": the kernel may have been " +
      "restarted or stopped, so this board cannot play any more. To recover, run the notebook " +
      "again (Kernel → Restart Kernel and Run All Cells, or run the cell that made this board).";
  }
  function send(msg) {
    root.dataset.tSent = performance.now().toFixed(1);
    sent += 1;
    root.dataset.pending = "true";
    root.dataset.sent = String(sent);
    try {
      model.send(msg);
    } catch (err) {
      kernelGone(String(err && err.message ? err.message : err));
      return;
    }
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      if (model.get("answered") < sent) kernelGone("no answer for " + KERNEL_TIMEOUT_MS / 1000 + " s");
    }, KERNEL_TIMEOUT_MS);
  }

  // ---- the page -------------------------------------------------------------------------------
  const kernel = el("div", "explorer-kernel-banner");
  kernel.setAttribute("role", "alert");
  kernel.hidden = true;
  const banner = el("div", "explorer-placeholder-banner");
  const seats = el("div", "explorer-seats");
  const status = el("div", "explorer-status");
  const pastBanner = el("div", "explorer-past-banner");
  pastBanner.hidden = true;
  const pastText = el("span", "explorer-past-text");
  pastBanner.append(
    pastText,
    button("explorer-present", "Back to the present", "Show the game where it is now",
           () => send({ type: "seek", to: null })),
    button("explorer-branch", "Play from here", "Continue the game from this position (undo returns)",
           () => send({ type: "branch" })));

  const surface = el("div", "explorer-surface");
  const rotateBtn = button("explorer-rotate", "Rotate ↻ (r)", "Turn the piece", () => rotate());
  rotateBtn.hidden = true;
  const hoverBox = el("div", "explorer-hover");
  hoverBox.hidden = true;
  const message = el("div", "explorer-message");
  message.setAttribute("role", "status");
  const codeBox = el("textarea", "explorer-code");
  codeBox.readOnly = true;
  codeBox.hidden = true;
  codeBox.rows = 10;

  const side = el("div", "explorer-side");
  const nowBox = el("section", "explorer-now");
  const nowTitle = el("h4", "", "What can I do now?");
  const nowText = el("div", "explorer-now-text");
  const choices = el("div", "explorer-choices");
  const choiceFilter = el("input", "explorer-choice-filter");
  choiceFilter.placeholder = "filter the choices";
  choiceFilter.hidden = true;
  choiceFilter.addEventListener("input", () => drawChoices());
  const botBar = el("div", "explorer-botbar");
  const nextBtn = button("explorer-next", "Next move ▶", "Let the bot to move play one move",
                         () => send({ type: "next" }));
  const allBtn = button("explorer-allbots", "Bots play on ▶▶", "Let the bots play until it is your turn",
                        () => send({ type: "bots" }));
  botBar.append(nextBtn, allBtn);
  nowBox.append(nowTitle, nowText, choiceFilter, choices, botBar);

  const resultBox = el("section", "explorer-result");
  resultBox.hidden = true;

  const historyBox = el("section", "explorer-history");
  historyBox.append(el("h4", "", "History (latest first)"));
  const historyList = el("div", "explorer-history-list");
  historyBox.append(historyList);

  side.append(nowBox, historyBox);

  const main = el("div", "explorer-main");
  const left = el("div", "explorer-left");
  left.append(rotateBtn, surface, hoverBox, message, codeBox, resultBox);
  main.append(left, side);

  // ---- session controls -------------------------------------------------------------------
  const controls = el("div", "explorer-controls");
  const undo = button("explorer-undo", "↶ Undo", "Back to before your last move", () => send({ type: "undo" }));
  const redo = button("explorer-redo", "↷ Redo", "Play again what undo took back", () => send({ type: "redo" }));
  const newGame = button("explorer-new", "New game", "Start a new game with the same players and bots",
                         () => send({ type: "new" }));
  const saveName = el("input", "explorer-save-name");
  saveName.placeholder = "file name (optional)";
  saveName.size = 16;
  const save = button("explorer-save", "Save", "Save this game (seed and moves) as JSON",
                      () => send({ type: "save", name: saveName.value }));
  const loadSel = el("select", "explorer-load-select");
  loadSel.title = "This game's saved games, newest first";
  loadSel.addEventListener("focus", () => send({ type: "list-saves" }));
  // The saved games Python lists (view.saves): the list is rebuilt only when it changed, and the
  // entry the user picked stays picked (a refreshed list never snaps back to its first entry).
  function fillSaves(names) {
    const picked = loadSel.value;
    loadSel.replaceChildren();
    for (const name of names) {
      const o = el("option", "", name);
      o.value = name;
      loadSel.append(o);
    }
    if (names.includes(picked)) loadSel.value = picked;
    loadSel.dataset.count = String(names.length);
  }
  const loadBtn = button("explorer-load", "Load", "Replay a saved game through the rules",
                         () => send({ type: "load", name: loadSel.value }));   // none picked: Python says so
  const listBtn = button("explorer-list", "⟳", "List the saved games", () => send({ type: "list-saves" }));
  const codeBtn = button("explorer-copy-code", "Copy as code", "The whole session as Python",
                         () => send({ type: "code" }));
  const modeSel = el("select", "explorer-bot-mode");
  for (const [value, text] of [["instant", "bots: at once"], ["step", "bots: one move per click"],
                               ["paced", "bots: at a pace"]]) {
    const o = el("option", "", text);
    o.value = value;
    modeSel.append(o);
  }
  modeSel.addEventListener("change", () => { model.set("bot_mode", modeSel.value); model.save_changes(); });
  const delay = el("input", "explorer-bot-delay");
  delay.type = "range";
  delay.min = "100";
  delay.max = "3000";
  delay.step = "100";
  delay.title = "milliseconds between bot moves";
  delay.addEventListener("change", () => { model.set("bot_delay", Number(delay.value)); model.save_changes(); });
  controls.append(newGame, undo, redo, saveName, save, loadSel, listBtn, loadBtn, codeBtn, modeSel, delay);

  // ---- the timeline -------------------------------------------------------------------------
  const timeline = el("div", "explorer-timeline");
  const tlStart = button("explorer-tl-start", "|◀", "The first position", () => seekTo(0));
  const tlBack = button("explorer-tl-back", "◀", "One move back", () => seekTo(current() - 1));
  const slider = el("input", "explorer-tl-slider");
  slider.type = "range";
  slider.min = "0";
  slider.addEventListener("change", () => seekTo(Number(slider.value)));
  const tlFwd = button("explorer-tl-forward", "▶", "One move forward", () => seekTo(current() + 1));
  const tlEnd = button("explorer-tl-end", "▶|", "The present", () => send({ type: "seek", to: null }));
  const tlLabel = el("span", "explorer-tl-label");
  timeline.append(tlStart, tlBack, slider, tlFwd, tlEnd, tlLabel);

  const legend = el("details", "explorer-legend");
  const legendSummary = el("summary", "", "Legend: what the board's symbols mean");
  const legendBody = el("div", "explorer-legend-body");
  legend.append(legendSummary, legendBody);

  // ---- big screen: the board fills the screen (a projector), its type scaled up -------------
  const bigBtn = button("explorer-big-button", "Big screen", "Fill the screen with this board (Esc to leave)",
                        () => setBig(!root.classList.contains("explorer-big")));
  function setBig(on) {
    root.classList.toggle("explorer-big", on);
    root.dataset.big = String(on);
    bigBtn.textContent = on ? "Leave big screen (Esc)" : "Big screen";
    const full = document.fullscreenElement;
    if (on && !full && root.requestFullscreen) root.requestFullscreen().catch(() => {});
    if (!on && full === root && document.exitFullscreen) document.exitFullscreen().catch(() => {});
  }
  function fullscreenChanged() {
    if (document.fullscreenElement !== root && root.classList.contains("explorer-big") && root.dataset.wasFull === "true") setBig(false);
    root.dataset.wasFull = String(document.fullscreenElement === root);
  }
  document.addEventListener("fullscreenchange", fullscreenChanged);
  const topBar = el("div", "explorer-topbar");
  topBar.append(seats, bigBtn);

  // ---- hot seat: between two players' turns, a full-board "pass the screen" panel ------------
  // (Python sends nothing of the game then: no drawing, no choices, no history)
  const passBox = el("section", "explorer-pass");
  passBox.hidden = true;
  passBox.setAttribute("role", "dialog");
  const passTitle = el("h2", "explorer-pass-title");
  const passText = el("p", "explorer-pass-text");
  const passSeat = button("explorer-pass-seat", "", "Show the board as this player sees it",
                         () => send({ type: "seat", seat: ((model.get("view") || {}).hot_seat || {}).passing }));
  const passUndo = button("explorer-pass-undo", "↶ Undo the last move", "Take the last move back (the screen stays with its player)",
                          () => send({ type: "undo" }));
  const passNote = el("p", "explorer-pass-note");
  passBox.append(passTitle, passText, passSeat, passUndo, passNote);
  const hotBtn = button("explorer-hot-seat", "Hot seat: off", "Several people at one screen: each sees only their own secrets, and the screen is passed between turns",
                        () => send({ type: "hot-seat", on: !(((model.get("view") || {}).hot_seat || {}).on) }));
  hotBtn.hidden = true;
  controls.append(hotBtn);

  function drawHotSeat(view) {
    const hs = view.hot_seat || null;
    const passing = !!hs && hs.passing !== null && hs.passing !== undefined;
    hotBtn.hidden = !hs;
    root.dataset.hotSeat = String(!!(hs && hs.on));
    root.dataset.atScreen = hs && hs.at !== null && hs.at !== undefined ? String(hs.at) : "";
    root.dataset.passing = passing ? String(hs.passing) : "";
    if (hs) {
      hotBtn.textContent = hs.on ? `Hot seat on · ${hs.at_label} at the screen` : "Hot seat: off";
      hotBtn.setAttribute("aria-pressed", String(!!hs.on));
    }
    if (hs && hs.on && (view.message || {}).kind !== "code") codeBox.value = "";   // old code: every move
    passBox.hidden = !passing;
    root.classList.toggle("explorer-passing", passing);
    if (!passing) return false;
    passBox.style.setProperty("--seat-colour", hs.to_colour || "#555");
    passTitle.textContent = `Pass the screen to ${hs.to_label}`;
    passText.textContent = `${hs.at_label}, hand the screen to ${hs.to_label} without looking at it.`;
    passSeat.textContent = `I am ${hs.to_label}: show my board`;
    passSeat.dataset.seat = String(hs.passing);
    passUndo.disabled = !(view.info || {}).can_undo;
    passUndo.hidden = !!view.compact;
    passSeat.hidden = !!view.compact;
    passNote.textContent = view.compact ? "The main board asks who is at the screen." :
      ((view.message || {}).text || "");
    return true;
  }

  root.append(kernel, banner, topBar, status, pastBanner, passBox, main, timeline, controls, legend);
  host.appendChild(root);
  // Esc leaves big screen wherever the focus is (a redrawn button loses it; the browser's own
  // fullscreen may have been refused, as inside a frame)
  function escape(event) {
    if (event.key === "Escape" && root.classList.contains("explorer-big")) setBig(false);
  }
  document.addEventListener("keydown", escape);

  function info() { return (model.get("view") || {}).info || {}; }
  function current() {
    const i = info();
    return i.cursor === null || i.cursor === undefined ? i.length : i.cursor;
  }
  function seekTo(k) {
    const n = info().length || 0;
    k = Math.max(0, Math.min(n, k));
    send({ type: "seek", to: k >= n ? null : k });
  }

  // ---- a piece that follows the mouse (preview): drawn here, decided in Python ---------------
  // view.preview = { grid: "square" | "hex", layer: selector of the <g> it moves over (its own
  // coordinates: square cell (r, c) spans x = c*size.., y = r*size..; hex (q, r) is centred at
  // the pointy-top axial position), size, area: [x0, y0, x1, y1] where the piece follows the
  // mouse, order: the orientations in rotation order, cells: {orientation: [[a, b, fill, label],
  // ...]} offsets from the anchor, centre: {orientation: [a, b]} the offset held under the mouse,
  // legal: {orientation: ["a,b", ...]} anchors, points: {orientation: {"a,b": n}} (optional, what
  // a legal spot scores), reasons: {orientation: {"a,b": text}} or, more compactly, refused:
  // {orientation: {code: ["a,b", ...]}} with codes: {code: {text, rule}} (optional: without them
  // a resting mouse asks Python), action: a template like ["place", "$a", "$b", "$o"], key:
  // changes when the piece changes }
  const SVGNS = "http://www.w3.org/2000/svg";
  const preview = { spec: null, turn: 0, anchor: null, overlay: null, marks: null, hoverTimer: null };

  function hexCorner(cx, cy, size, i) {
    const a = Math.PI / 180 * (60 * i - 30);
    return [cx + size * Math.cos(a), cy + size * Math.sin(a)];
  }
  function cellShape(spec, a, b, cls, fill, label) {
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", cls);
    const size = spec.size;
    let shape, cx, cy;
    if (spec.grid === "hex") {
      cx = size * Math.sqrt(3) * (a + b / 2);
      cy = size * 1.5 * b;
      shape = document.createElementNS(SVGNS, "polygon");
      shape.setAttribute("points", [0, 1, 2, 3, 4, 5].map((i) => hexCorner(cx, cy, size * 0.96, i).join(",")).join(" "));
    } else {
      cx = b * size + size / 2;
      cy = a * size + size / 2;
      shape = document.createElementNS(SVGNS, "rect");
      shape.setAttribute("x", b * size + 1);
      shape.setAttribute("y", a * size + 1);
      shape.setAttribute("width", size - 2);
      shape.setAttribute("height", size - 2);
    }
    if (fill) shape.setAttribute("fill", fill);
    g.append(shape);
    if (label) {
      const t = document.createElementNS(SVGNS, "text");
      t.setAttribute("x", cx);
      t.setAttribute("y", cy + 4);
      t.setAttribute("text-anchor", "middle");
      t.setAttribute("font-size", String(Math.round(size * 0.5)));
      t.textContent = label;
      g.append(t);
    }
    return g;
  }
  function toCell(spec, x, y) {
    if (spec.grid === "hex") {
      const q = (Math.sqrt(3) / 3 * x - y / 3) / spec.size;
      const r = (2 / 3 * y) / spec.size;
      let rx = Math.round(q), rz = Math.round(r), ry = Math.round(-q - r);
      const dx = Math.abs(rx - q), dy = Math.abs(ry + q + r), dz = Math.abs(rz - r);
      if (dx > dy && dx > dz) rx = -ry - rz;
      else if (dz > dy) rz = -rx - ry;
      return [rx, rz];
    }
    return [Math.floor(y / spec.size), Math.floor(x / spec.size)];
  }
  function orientation() {
    const spec = preview.spec;
    return spec ? String(spec.order[preview.turn % spec.order.length]) : "0";
  }
  function rotate() {
    if (!preview.spec) return;
    preview.turn = (preview.turn + 1) % preview.spec.order.length;
    drawMarks();
    if (preview.anchor) drawPiece(preview.anchor);
  }
  function clearPreview() {
    if (preview.overlay) preview.overlay.remove();
    if (preview.marks) preview.marks.remove();
    preview.overlay = preview.marks = preview.anchor = null;
    hoverBox.hidden = true;
    root.dataset.preview = "";
  }
  function setupPreview(spec) {
    const sameKey = preview.spec && spec && preview.spec.key === spec.key;
    clearPreview();
    preview.spec = spec || null;
    rotateBtn.hidden = !spec || spec.order.length < 2;
    if (!spec) return;
    if (!sameKey) preview.turn = 0;
    preview.refusedAt = {};                      // orientation -> "a,b" -> reason code
    for (const [o, byCode] of Object.entries(spec.refused || {})) {
      const at = (preview.refusedAt[o] = {});
      for (const [code, keys] of Object.entries(byCode)) for (const k of keys) at[k] = code;
    }
    const layer = surface.querySelector(spec.layer);
    if (!layer) return;
    preview.marks = document.createElementNS(SVGNS, "g");
    preview.marks.setAttribute("class", "explorer-preview-marks");
    preview.marks.setAttribute("pointer-events", "none");
    preview.overlay = document.createElementNS(SVGNS, "g");
    preview.overlay.setAttribute("class", "explorer-preview");
    preview.overlay.setAttribute("pointer-events", "none");
    layer.append(preview.marks, preview.overlay);
    root.dataset.preview = "ready";
    drawMarks();
  }
  function drawMarks() {
    const spec = preview.spec;
    if (!spec || !preview.marks) return;
    preview.marks.replaceChildren();
    const [x0, y0, x1, y1] = spec.area;
    const area = document.createElementNS(SVGNS, "rect");   // where the piece follows the mouse
    area.setAttribute("class", "explorer-preview-area");
    area.setAttribute("x", x0);
    area.setAttribute("y", y0);
    area.setAttribute("width", x1 - x0);
    area.setAttribute("height", y1 - y0);
    area.setAttribute("fill", "none");
    preview.marks.append(area);
    const o = orientation();
    const [ca, cb] = (spec.centre || {})[o] || [0, 0];
    for (const key of (spec.legal[o] || [])) {
      const [a, b] = key.split(",").map(Number);
      preview.marks.append(cellShape(spec, a + ca, b + cb, "explorer-legal-spot"));
    }
    root.dataset.orientation = o;
  }
  function drawPiece(anchor) {
    const spec = preview.spec;
    const o = orientation();
    const key = anchor.join(",");
    const legal = (spec.legal[o] || []).includes(key);
    preview.overlay.replaceChildren();
    preview.overlay.setAttribute("class", "explorer-preview " + (legal ? "explorer-preview-legal" : "explorer-preview-illegal"));
    for (const [a, b, fill, label] of spec.cells[o] || []) {
      preview.overlay.append(cellShape(spec, anchor[0] + a, anchor[1] + b, "explorer-preview-cell", fill, label));
    }
    preview.anchor = anchor;
    root.dataset.preview = legal ? "legal" : "illegal";
    root.dataset.anchor = key;
    let reason = ((spec.reasons || {})[o] || {})[key];
    const code = (preview.refusedAt[o] || {})[key];
    hoverBox.dataset.rule = "";
    if (!reason && code && spec.codes && spec.codes[code]) {
      reason = `${spec.codes[code].text} [rule ${spec.codes[code].rule}]`;
      hoverBox.dataset.rule = spec.codes[code].rule;
    }
    const points = ((spec.points || {})[o] || {})[key];
    hoverBox.hidden = false;
    hoverBox.dataset.kind = legal ? "legal" : "illegal";
    hoverBox.textContent = legal
      ? (points !== undefined ? `Legal here: scores ${points} point${points === 1 ? "" : "s"}. Click to place.` : "Legal here: click to place.")
      : (reason || "Not allowed here (rest the mouse to see why).");
    if (preview.hoverTimer) clearTimeout(preview.hoverTimer);
    if (!legal && !reason) {
      preview.hoverTimer = setTimeout(() => send({ type: "why", action: actionAt(anchor) }), 350);
    }
  }
  function actionAt(anchor) {
    const o = orientation();
    const num = (v) => (/^-?\d+$/.test(v) ? Number(v) : v);
    return preview.spec.action.map((x) => x === "$a" ? anchor[0] : x === "$b" ? anchor[1] : x === "$o" ? num(o) : x);
  }
  function layerPoint(event) {
    const layer = surface.querySelector(preview.spec.layer);
    if (!layer) return null;
    const m = layer.getScreenCTM();
    if (!m) return null;
    const pt = new DOMPoint(event.clientX, event.clientY).matrixTransform(m.inverse());
    const [x0, y0, x1, y1] = preview.spec.area;
    if (pt.x < x0 || pt.y < y0 || pt.x > x1 || pt.y > y1) return null;
    return pt;
  }
  surface.addEventListener("mousemove", (event) => {
    if (!preview.spec || !preview.overlay) return;
    const pt = layerPoint(event);
    if (!pt) {
      preview.overlay.replaceChildren();
      preview.anchor = null;
      hoverBox.hidden = true;
      root.dataset.preview = "ready";
      return;
    }
    const [a, b] = toCell(preview.spec, pt.x, pt.y);
    const [ca, cb] = (preview.spec.centre || {})[orientation()] || [0, 0];
    const anchor = [a - ca, b - cb];
    if (!preview.anchor || preview.anchor.join(",") !== anchor.join(",")) drawPiece(anchor);
  });
  surface.addEventListener("mouseleave", () => {
    if (preview.overlay) preview.overlay.replaceChildren();
    preview.anchor = null;
    hoverBox.hidden = true;
  });
  surface.addEventListener("click", (event) => {
    if (!preview.spec || !preview.overlay || !layerPoint(event) || !preview.anchor) return;
    event.stopImmediatePropagation();
    send({ type: "click", action: actionAt(preview.anchor) });
  }, true);
  root.tabIndex = 0;
  root.addEventListener("keydown", (event) => {
    if ((event.key === "r" || event.key === "R") && preview.spec) { rotate(); event.preventDefault(); }
  });
  surface.addEventListener("mouseenter", () => { if (preview.spec) root.focus({ preventScroll: true }); });

  // ---- clicks on the board ------------------------------------------------------------------
  surface.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action], [data-target]");
    if (target && surface.contains(target)) {
      const raw = target.getAttribute("data-action");
      if (raw !== null) {
        let action;
        try { action = JSON.parse(raw); } catch (err) { action = raw; }
        send({ type: "click", action });
        return;
      }
      let what;
      try { what = JSON.parse(target.getAttribute("data-target")); } catch (err) { what = ["board"]; }
      send({ type: "target", target: what });
      return;
    }
    send({ type: "target", target: ["board"] });
  });

  // ---- drawing what Python sent ---------------------------------------------------------------
  let choiceItems = [];
  function drawChoices() {
    const f = choiceFilter.value.trim().toLowerCase();
    choices.replaceChildren();
    let shown = 0;
    for (const c of choiceItems) {
      if (f && !c.text.toLowerCase().includes(f)) continue;
      const b = button("explorer-choice", c.text, "", () => send({ type: "click", action: c.action }));
      b.dataset.action = JSON.stringify(c.action);
      choices.append(b);
      shown += 1;
    }
    choices.dataset.count = String(shown);
  }

  function drawSeats(view) {
    seats.replaceChildren();
    const humans = (view.seats || []).filter((s) => !s.bot);
    for (const s of view.seats || []) {
      const chip = el("span", "explorer-seat");
      chip.dataset.seat = String(s.seat);
      chip.style.setProperty("--seat-colour", s.colour);
      const dot = el("span", "explorer-seat-dot");
      chip.append(dot, document.createTextNode(s.label + (s.bot ? ` · bot ${s.bot}` : humans.length === 1 ? " · you" : " · a player")));
      if (!s.bot && humans.length === 1) chip.classList.add("explorer-you");
      if ((view.info || {}).player === s.seat) chip.classList.add("explorer-to-move");
      seats.append(chip);
    }
  }

  // the history, newest turn first; a turn's box is rebuilt only when its lines changed
  const turnNodes = new Map();
  function turnBox(g, latest, seatsBy) {
    const box = el("div", "explorer-turn");
    const seat = seatsBy[g.seat];
    if (seat) box.style.setProperty("--seat-colour", seat.colour);
    box.append(el("div", "explorer-turn-label", g.turn));
    g.lines.forEach((ln, li) => {
      const row = el("div", "explorer-line" + (ln.chance ? " explorer-chance" : "") + (ln.bot ? " explorer-bot" : ""));
      row.dataset.first = String(ln.first);
      row.dataset.last = String(ln.last);
      if (latest && li === g.lines.length - 1) row.classList.add("explorer-latest");
      const text = el("span", "explorer-line-text", ln.text);
      if (ln.bot || ln.chance) {
        text.prepend(el("span", "explorer-badge", ln.bot ? `bot ${ln.bot}` : "chance"), " ");
      }
      const code = el("code", "explorer-line-code", ln.code.length > 1 ? `${ln.code[0]} … (${ln.code.length} lines)` : ln.code[0] || "");
      code.title = ln.code.join("\n");
      row.append(text, code);
      row.title = "Click to look at the position after this move";
      row.addEventListener("click", () => seekTo(ln.last + 1));
      box.append(row);
    });
    return box;
  }

  function drawHistory(view) {
    const groups = view.history || [];
    const seatsBy = {};
    for (const s of view.seats || []) seatsBy[s.seat] = s;
    const keep = new Map();
    const nodes = [];
    groups.forEach((g, gi) => {
      const latest = gi === groups.length - 1;
      const key = `${g.lines[0].first}:${g.turn}`;
      const sig = JSON.stringify([g, latest]);
      let entry = turnNodes.get(key);
      if (!entry || entry.sig !== sig) entry = { sig, node: turnBox(g, latest, seatsBy) };
      keep.set(key, entry);
      nodes.push(entry.node);
    });
    turnNodes.clear();
    for (const [k, v] of keep) turnNodes.set(k, v);
    nodes.reverse();
    historyList.replaceChildren(...nodes);
  }

  function drawResult(view) {
    const r = view.result;
    resultBox.hidden = !r;
    root.dataset.result = r ? "shown" : "";
    if (!r) return;
    resultBox.replaceChildren();
    resultBox.append(el("h4", "", r.final ? "Game over" : "Standings"));
    // the player and the total come first and stay pinned while the categories scroll
    const table = el("table", "explorer-result-table");
    const head = el("tr");
    head.append(el("th", "explorer-result-player", "player"), el("th", "explorer-total", "total"),
                ...r.categories.map((c) => el("th", "", c)));
    table.append(head);
    for (const row of r.rows) {
      const tr = el("tr", row.winner ? "explorer-winner" : "");
      tr.dataset.player = String(row.player);
      tr.append(el("td", "explorer-result-player", (row.winner ? "★ " : "") + row.label),
                el("td", "explorer-total", String(row.total)), ...row.parts.map((p) => el("td", "", String(p))));
      table.append(tr);
    }
    const scroller = el("div", "explorer-result-scroll");
    scroller.append(table);
    requestAnimationFrame(() => {
      const first = table.querySelector("th.explorer-result-player");
      if (first) table.style.setProperty("--explorer-player-col", `${first.offsetWidth}px`);
    });
    resultBox.append(scroller, el("p", "explorer-result-why", r.explanation));
    const rule = el("p", "explorer-result-rule", `Rule ${r.rule}`);
    resultBox.append(rule, button("explorer-new-game", "New game", "Start a new game", () => send({ type: "new" })));
  }

  function drawLegend(view) {
    const items = view.legend || [];
    legend.hidden = !items.length;
    legendBody.replaceChildren();
    for (const [sample, meaning] of items) {
      const row = el("div", "explorer-legend-row");
      const s = el("span", "explorer-legend-sample");
      if (typeof sample === "string" && sample.trim().startsWith("<svg")) s.innerHTML = sample;
      else s.textContent = sample;
      row.append(s, el("span", "explorer-legend-meaning", meaning));
      legendBody.append(row);
    }
  }

  function markLast(view) {
    if (!view.last) return;
    const want = JSON.stringify(view.last);
    for (const node of surface.querySelectorAll("[data-action]")) {
      let a;
      try { a = JSON.stringify(JSON.parse(node.getAttribute("data-action"))); } catch (err) { continue; }
      if (a === want) node.classList.add("last-move");
    }
  }

  let pacer = null;
  function pace(view) {
    const i = view.info || {};
    if (pacer) { clearTimeout(pacer); pacer = null; }
    if (model.get("bot_mode") === "paced" && i.bot_to_move && root.dataset.kernel !== "gone") {
      pacer = setTimeout(() => { pacer = null; send({ type: "next" }); }, model.get("bot_delay"));
    }
  }

  let scheduled = false;
  function update() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => { scheduled = false; draw(); });   // svg and view arrive together
  }

  function draw() {
    const t0 = performance.now();
    drawNow();
    root.dataset.drawMs = (performance.now() - t0).toFixed(1);
  }

  // The SVG is replaced whole, unless it is made of marked parts (svg.part in Python) and only
  // some of them changed: then only those are redrawn (a click usually changes one score sheet).
  const PART = /<!--part:([^>]*?)-->([\s\S]*?)<!--\/part-->/g;
  let painted = null;
  function split(text) {
    const parts = new Map();
    const rest = text.replace(PART, (m, key, body) => { parts.set(key, body); return `<!--@${key}-->`; });
    const open = rest.indexOf(">") + 1;
    return { head: rest.slice(0, open), skeleton: rest.slice(open), parts };
  }
  function paint(text) {
    const next = split(text);
    const root = surface.firstElementChild;
    if (painted && root && next.parts.size && painted.skeleton === next.skeleton) {
      for (const [key, body] of next.parts) {
        if (painted.parts.get(key) === body) continue;
        const old = surface.querySelector(`[data-part="${CSS.escape(key)}"]`);
        if (!old) { surface.innerHTML = text; painted = next; return; }
        const holder = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        holder.innerHTML = body;
        old.replaceWith(holder.firstElementChild);
      }
      if (painted.head !== next.head) {             // the root's attributes (turn, phase, ...)
        const holder = document.createElement("div");
        holder.innerHTML = next.head + "</svg>";
        const fresh = holder.firstElementChild;
        for (const a of Array.from(root.attributes)) if (!fresh.hasAttribute(a.name)) root.removeAttribute(a.name);
        for (const a of Array.from(fresh.attributes)) root.setAttribute(a.name, a.value);
      }
    } else {
      surface.innerHTML = text;
    }
    painted = next;
  }

  // each part is redrawn only when what Python sent for it changed
  const drawn = {};
  function changed(part, value) {
    const key = JSON.stringify(value ?? null);
    if (drawn[part] === key) return false;
    drawn[part] = key;
    return true;
  }

  function drawNow() {
    const view = model.get("view") || {};
    const i = view.info || {};
    const compact = !!view.compact;
    const svgText = model.get("svg");
    if (drawn.svg !== svgText) {
      paint(svgText);
      drawn.svg = svgText;
      drawn.marked = null;
      drawn.preview = null;            // the layer the preview lives in may be new
    }
    if (changed("preview", view.preview)) setupPreview(view.preview);
    const hover = view.hover;
    if (hover && preview.anchor && JSON.stringify(hover.action) === JSON.stringify(actionAt(preview.anchor))) {
      hoverBox.hidden = false;
      hoverBox.dataset.kind = hover.ok ? "legal" : "illegal";
      hoverBox.dataset.rule = hover.rule || "";
      hoverBox.textContent = hover.ok ? hover.text : `${hover.text} [rule ${hover.rule}]`;
    }
    status.textContent = view.status || "";
    root.dataset.game = i.game || "";
    root.dataset.turn = String(i.turn ?? "");
    root.dataset.player = String(i.player ?? "");
    root.dataset.over = String(!!i.over);
    root.dataset.cursor = i.cursor === null || i.cursor === undefined ? "" : String(i.cursor);
    root.dataset.compact = String(compact);
    checkAnswered();
    banner.textContent = view.placeholder || "";
    banner.hidden = !view.placeholder;
    const msg = view.message || {};
    message.textContent = msg.text || "";
    message.dataset.kind = msg.kind || "";
    message.dataset.code = msg.code && msg.kind === "illegal" ? msg.code : "";
    message.dataset.rule = msg.rule || "";
    message.hidden = !msg.text;
    codeBox.hidden = msg.kind !== "code";
    if (msg.kind === "code") {
      codeBox.value = msg.code || "";
      codeBox.focus();
      codeBox.select();
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(codeBox.value).then(
          () => { message.textContent = "The session as Python code (copied to the clipboard):"; },
          () => {});
      }
    }
    if (Array.isArray(view.saves) && changed("saves", view.saves)) fillSaves(view.saves);
    if (changed("seats", [view.seats, i.player])) drawSeats(view);
    const passing = drawHotSeat(view);
    main.hidden = passing;
    status.hidden = passing;
    for (const part of [side, controls, timeline, legend, pastBanner]) part.hidden = compact || passing;
    seats.hidden = compact;
    if (!compact) {
      const past = i.cursor !== null && i.cursor !== undefined;
      pastBanner.hidden = !past;
      root.dataset.past = String(past);
      pastText.textContent = past ? `Looking at the position after move ${i.cursor} of ${i.length}. ` : "";
      nowText.textContent = past ? "Nothing can be played while looking back." :
        i.over ? "The game is over." : i.bot_to_move ? `A bot is to move: ${view.awaiting}.` : (view.awaiting || "");
      if (changed("choices", [view.choices, view.more_choices])) {
        choiceItems = view.choices || [];
        choiceFilter.hidden = choiceItems.length < 12;
        drawChoices();
        if (view.more_choices) choices.append(el("div", "explorer-more", `… and ${view.more_choices} more: click them on the board.`));
      }
      botBar.hidden = !i.bot_to_move;
      if (changed("result", view.result)) drawResult(view);
      if (changed("history", view.history)) drawHistory(view);
      for (const row of historyList.querySelectorAll(".explorer-viewing")) row.classList.remove("explorer-viewing");
      if (past) {
        for (const row of historyList.querySelectorAll(".explorer-line")) {
          if (+row.dataset.first <= i.cursor - 1 && i.cursor - 1 <= +row.dataset.last) row.classList.add("explorer-viewing");
        }
      }
      if (changed("legend", view.legend)) drawLegend(view);
      undo.disabled = !i.can_undo;
      redo.disabled = !i.can_redo;
      slider.max = String(i.length || 0);
      slider.value = String(current());
      tlLabel.textContent = `move ${current()} of ${i.length || 0}`;
      modeSel.value = model.get("bot_mode");
      delay.value = String(model.get("bot_delay"));
      delay.hidden = model.get("bot_mode") !== "paced";
      if (drawn.marked !== JSON.stringify(view.last)) {
        markLast(view);
        drawn.marked = JSON.stringify(view.last);
      }
      pace(view);
    }
  }

  model.on("change:svg", update);
  model.on("change:view", () => { root.dataset.tView = performance.now().toFixed(1); update(); });
  model.on("change:answered", () => { root.dataset.tAnswered = performance.now().toFixed(1); checkAnswered(); });
  model.on("change:bot_mode", update);
  draw();
  // how long the board took from its creation in Python to its first drawing here (the page's
  // loader gives up on a widget that takes more than 2 s), reported so Python knows it is shown
  const born = model.get("born");
  const startMs = born ? Math.max(0, Date.now() - born) : -1;
  root.dataset.startMs = startMs.toFixed(0);
  root.dataset.model = model.get("board_id") || "";
  send({ type: "ready", ms: startMs });
  return () => {
    if (watchdog) clearTimeout(watchdog);
    if (pacer) clearTimeout(pacer);
    document.removeEventListener("fullscreenchange", fullscreenChanged);
    document.removeEventListener("keydown", escape);
    root.remove();
  };
}

export default { render };
