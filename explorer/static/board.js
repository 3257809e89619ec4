// A generic game board: Python renders the SVG and decides every rule; this module only
// shows what Python sends and reports clicks on elements that carry a data-action.

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "explorer-board";

  const banner = document.createElement("div");
  banner.className = "explorer-placeholder-banner";

  const status = document.createElement("div");
  status.className = "explorer-status";

  const surface = document.createElement("div");
  surface.className = "explorer-surface";

  const message = document.createElement("div");
  message.className = "explorer-message";
  message.setAttribute("role", "status");

  const controls = document.createElement("div");
  controls.className = "explorer-controls";
  let sent = 0;
  function send(msg) {
    sent += 1;
    root.dataset.pending = "true";
    model.send(msg);
  }
  const undo = document.createElement("button");
  undo.className = "explorer-undo";
  undo.textContent = "Undo";
  undo.addEventListener("click", () => send({ type: "undo" }));
  controls.appendChild(undo);

  const log = document.createElement("pre");
  log.className = "explorer-log";

  root.append(banner, status, surface, message, controls, log);
  el.appendChild(root);

  surface.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || !surface.contains(target)) return;
    let action;
    try {
      action = JSON.parse(target.getAttribute("data-action"));
    } catch (err) {
      return;
    }
    send({ type: "click", action });
  });

  function update() {
    surface.innerHTML = model.get("svg");
    status.textContent = model.get("status");
    const info = model.get("info");
    root.dataset.game = info.game || "";
    root.dataset.turn = String(info.turn ?? "");
    root.dataset.player = String(info.player ?? "");
    root.dataset.over = String(!!info.over);
    root.dataset.pending = String(model.get("answered") < sent);
    const ph = model.get("placeholder");
    banner.textContent = ph;
    banner.hidden = !ph;
    const msg = model.get("message");
    message.textContent = msg.text || "";
    message.dataset.kind = msg.kind || "";
    message.dataset.code = msg.code || "";
    message.dataset.rule = msg.rule || "";
    undo.disabled = !info.can_undo;
    log.textContent = model.get("moves").join("\n");
    log.hidden = !model.get("show_log");
    controls.hidden = !model.get("show_log");
  }

  model.on("change:svg", update);
  model.on("change:status", update);
  model.on("change:message", update);
  model.on("change:info", update);
  model.on("change:moves", update);
  model.on("change:answered", update);
  model.on("change:show_log", update);
  update();
  return () => root.remove();
}

export default { render };
