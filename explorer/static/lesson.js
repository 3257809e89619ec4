// The lesson panel: the step's instruction, the verdict of each click on the game's board, hints
// and the step buttons. Python grades every move (explorer/lessons); this module only shows what
// Python sends and reports the buttons. Stable hooks for tests: data-step (the step's id),
// data-index, data-verdict (done / legal / refused), data-graded (verdicts so far), data-finished,
// data-boards (the class of this lesson's boards on the page).

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

const MARKS = { done: "✓", legal: "≠", refused: "✗" };
const HEADS = { done: "Done", legal: "Legal, but not this step's task", refused: "Not allowed" };

function render({ model, el: host }) {
  const root = el("div", "explorer-lesson");
  root.setAttribute("role", "region");
  root.setAttribute("aria-label", "Lesson");
  root.dataset.pending = "false";
  let sent = 0;
  function send(msg) {
    sent += 1;
    root.dataset.pending = "true";
    model.send(msg);
  }
  function checkAnswered() {
    if (model.get("answered") >= sent) root.dataset.pending = "false";
  }

  const head = el("div", "explorer-lesson-head");
  const title = el("div", "explorer-lesson-title");
  const progress = el("div", "explorer-lesson-progress");
  const dots = el("div", "explorer-lesson-dots");
  head.append(title, progress);
  const intro = el("div", "explorer-lesson-intro");
  const say = el("div", "explorer-lesson-say");
  say.setAttribute("aria-live", "polite");
  const note = el("div", "explorer-lesson-note");
  const verdict = el("div", "explorer-lesson-verdict");
  verdict.setAttribute("role", "status");
  const hints = el("ol", "explorer-lesson-hints");
  const buttons = el("div", "explorer-lesson-buttons");
  function button(cls, text, title, type) {
    const b = el("button", `explorer-lesson-button ${cls}`, text);
    b.type = "button";
    b.title = title;
    b.dataset.do = type;
    b.addEventListener("click", () => send({ type }));
    buttons.append(b);
    return b;
  }
  const hintBtn = button("explorer-lesson-hint", "Hint", "Show a hint: a rule, then a move that does it", "hint");
  const retryBtn = button("explorer-lesson-retry", "↺ Retry", "This step again, from its position", "retry");
  const skipBtn = button("explorer-lesson-skip", "Skip ▶▶", "Go on to the next step", "skip");
  const backBtn = button("explorer-lesson-back", "◀ Back", "Back to the previous step", "back");
  const finished = el("div", "explorer-lesson-finished");
  const restartBtn = el("button", "explorer-lesson-button explorer-lesson-restart", "Start the lesson again");
  restartBtn.type = "button";
  restartBtn.dataset.do = "restart";
  restartBtn.addEventListener("click", () => send({ type: "restart" }));
  root.append(head, dots, intro, say, note, verdict, hints, buttons, finished);
  host.append(root);

  function ruleBlock(box, v) {
    if (!v.rule) return;
    const r = el("div", "explorer-lesson-rule");
    r.dataset.rule = v.rule;
    r.append(el("b", "", `${v.title || v.rule}`), el("code", "", ` ${v.rule}`));
    if (v.en) r.append(el("div", "explorer-lesson-en", v.en));
    if (v.es) {
      const es = el("div", "explorer-lesson-es", v.es);
      es.lang = "es";
      r.append(es);
    }
    box.append(r);
  }

  function update() {
    const v = model.get("view") || {};
    root.dataset.step = v.step || "";
    root.dataset.index = String(v.k ?? 0);
    root.dataset.finished = v.finished ? "true" : "false";
    root.dataset.graded = String(v.graded ?? 0);
    root.dataset.game = v.game || "";
    root.dataset.boards = v.boards || "";
    title.textContent = v.title || "";
    progress.textContent = v.finished ? `All ${v.n} steps` : `Step ${(v.k ?? 0) + 1} of ${v.n}`;
    dots.replaceChildren(...(v.outcome || []).map((o, i) => {
      const d = el("span", "explorer-lesson-dot", String(i + 1));
      d.dataset.outcome = o || (i === v.k ? "current" : "");
      d.title = o === "done" ? "done" : o === "skipped" ? "skipped" : i === v.k ? "this step" : "to do";
      return d;
    }));
    intro.textContent = v.intro || "";
    intro.hidden = !(v.k === 0 && !v.finished && !v.verdict);
    say.textContent = v.say || "";
    say.hidden = !!v.finished;
    note.textContent = v.note || "";
    note.hidden = !v.note;

    const got = v.verdict;
    root.dataset.verdict = got ? got.kind : "";
    verdict.replaceChildren();
    verdict.hidden = !got;
    if (got) {
      verdict.dataset.kind = got.kind;
      const line = el("div", "explorer-lesson-verdict-head", `${MARKS[got.kind] || ""} ${HEADS[got.kind] || ""}`);
      verdict.append(line);
      if (got.kind === "done") {
        if (v.previous) verdict.append(el("div", "explorer-lesson-move", v.previous));
        verdict.append(el("div", "explorer-lesson-text", got.text));
      } else {
        verdict.append(el("div", "explorer-lesson-text", got.kind === "refused" ? got.text.replace(/^Not allowed: /, "") : got.text));
        ruleBlock(verdict, got);
      }
    }

    hints.replaceChildren(...(v.hints || []).map((h) => {
      const li = el("li", "explorer-lesson-hint-item");
      li.dataset.kind = h.kind;
      if (h.kind === "rule") ruleBlock(li, h);
      else li.append(el("div", "explorer-lesson-text", h.text));
      return li;
    }));
    hints.hidden = !(v.hints && v.hints.length);
    hintBtn.disabled = !v.more_hints;
    const left = v.more_hints ? "" : " (all shown)";
    hintBtn.textContent = `Hint${left}`;
    backBtn.disabled = !(v.k > 0);
    for (const b of [hintBtn, retryBtn, skipBtn]) b.hidden = !!v.finished;
    buttons.hidden = false;

    finished.replaceChildren();
    finished.hidden = !v.finished;
    if (v.finished) {
      finished.append(el("div", "explorer-lesson-finished-head", "Lesson finished!"),
                      el("div", "", `${v.done} of ${v.n} steps done by you` +
                         (v.skipped ? `, ${v.skipped} skipped.` : ".") +
                         " The board stays yours: play on freely."), restartBtn);
    }
  }
  model.on("change:view", update);
  model.on("change:answered", checkAnswered);
  update();
}

export default { render };
