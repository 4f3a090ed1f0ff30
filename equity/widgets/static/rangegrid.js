// The range grid's view (anywidget ESM): 13x13 cells painted by click and drag, a weight
// control, a top-% slider, the range text and a combos count; shift-click (or the right
// button) opens a class's combos.  Test ids: cell-AKs, weight, top, range-text, combos,
// share, error, suits, combo-AsKs.

function render({ model, el: root }) {
  root.classList.add("equity-widget", "equity-grid");
  const grid = el("div", { class: "eq-grid" });
  const cells = [];
  let drag = null; // {weight, classes: Set}

  function shade(cell, w) {
    cell.style.setProperty("--w", String(w));
    cell.classList.toggle("eq-in", w > 0);
    cell.title = w > 0 && w < 1 ? `${cell.dataset.label} ${Math.round(100 * w)}%` : cell.dataset.label;
  }
  function paintCell(k) {
    drag.classes.add(cells[k].dataset.label);
    shade(cells[k], drag.weight / 100);
  }
  function finish() {
    if (!drag) return;
    model.send({ type: "paint", classes: [...drag.classes], weight: drag.weight });
    drag = null;
  }

  for (let row = 0; row < 13; row++) {
    for (let col = 0; col < 13; col++) {
      const k = 13 * row + col;
      const name = label(row, col);
      const cell = el("div", {
        class: `eq-cell ${row === col ? "eq-pair" : row < col ? "eq-suited" : "eq-offsuit"}`,
        "data-testid": `cell-${name}`,
        "data-label": name,
      }, name);
      cell.addEventListener("mousedown", (e) => {
        e.preventDefault();
        if (e.shiftKey || e.button === 2) {
          model.send({ type: "suits", class: name });
          return;
        }
        const paint = model.get("paint_weight");
        const current = model.get("grid")[k];
        drag = { weight: Math.abs(current - paint / 100) < 1e-9 ? 0 : paint, classes: new Set() };
        paintCell(k);
      });
      cell.addEventListener("mouseenter", () => {
        if (drag) paintCell(k);
      });
      cell.addEventListener("contextmenu", (e) => e.preventDefault());
      cells.push(cell);
      grid.append(cell);
    }
  }
  const onUp = () => finish();
  window.addEventListener("mouseup", onUp);

  const controls = el("div", { class: "eq-controls" });
  const weight = el("input", { type: "range", min: "0", max: "100", step: "5", "data-testid": "weight" });
  const weightText = el("span", {});
  weight.addEventListener("input", () => {
    model.set("paint_weight", Number(weight.value));
    model.save_changes();
  });
  const top = el("input", { type: "range", min: "0", max: "100", step: "0.5", value: "0", "data-testid": "top" });
  const topText = el("span", {}, "top \u2013");
  top.addEventListener("input", () => {
    topText.textContent = `top ${top.value}%`;
  });
  top.addEventListener("change", () => model.send({ type: "top", percent: Number(top.value) }));
  controls.append(el("label", {}, "paint "), weight, weightText, el("label", {}, " "), top, topText);

  const text = el("input", { type: "text", class: "eq-range-text", "data-testid": "range-text" });
  const commit = () => {
    model.set("text", text.value);
    model.save_changes();
  };
  text.addEventListener("keydown", (e) => {
    if (e.key === "Enter") commit();
  });
  text.addEventListener("change", commit);

  const info = el("div", { class: "eq-info" });
  const combos = el("span", { "data-testid": "combos" });
  const share = el("span", { "data-testid": "share" });
  info.append(combos, " combos, ", share, " of all hands");
  const error = el("div", { class: "eq-error", "data-testid": "error" });
  const suits = el("div", { class: "eq-suits", "data-testid": "suits", hidden: "" });

  function draw() {
    const weights = model.get("grid");
    cells.forEach((cell, k) => shade(cell, weights[k] || 0));
    combos.textContent = String(model.get("combos"));
    share.textContent = (100 * model.get("share")).toFixed(1) + "%";
    if (document.activeElement !== text) text.value = model.get("text");
    weight.value = String(model.get("paint_weight"));
    weightText.textContent = `${model.get("paint_weight")}%`;
    error.textContent = model.get("error");
  }
  model.on("msg:custom", (msg) => {
    if (msg.type !== "suits") return;
    suits.replaceChildren(el("div", { class: "eq-suits-title" }, msg.class));
    for (const c of msg.combos) {
      const b = el("button", { class: "eq-combo", "data-testid": `combo-${c.combo}` }, c.combo);
      b.classList.toggle("eq-in", c.weight > 0);
      b.addEventListener("click", () => model.send({ type: "combo", class: msg.class, combo: c.combo }));
      suits.append(b);
    }
    const close = el("button", { "data-testid": "suits-close" }, "\u00d7");
    close.addEventListener("click", () => suits.setAttribute("hidden", ""));
    suits.append(close);
    suits.removeAttribute("hidden");
  });
  for (const name of ["grid", "combos", "share", "text", "paint_weight", "error"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
  root.append(grid, controls, text, info, error, suits);
  return () => window.removeEventListener("mouseup", onUp);
}

export default { render };
