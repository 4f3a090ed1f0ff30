// The range-hits view (anywidget ESM): one bar per class (made hands, then draws); a click
// on a class shows its combos on a 13x13 grid.  Test ids: hit-<slug>, hit-share-<slug>,
// hits-cell-AKs, members, error.

function render({ model, el: root }) {
  root.classList.add("equity-widget", "equity-hits");
  const title = el("div", { class: "eq-hits-title" });
  const table = el("div", { class: "eq-hits-table" });
  const grid = el("div", { class: "eq-grid eq-hits-grid" });
  const cells = [];
  for (let row = 0; row < 13; row++) {
    for (let col = 0; col < 13; col++) {
      const name = label(row, col);
      const cell = el("div", { class: "eq-cell", "data-testid": `hits-cell-${name}` }, name);
      cells.push(cell);
      grid.append(cell);
    }
  }
  const members = el("div", { class: "eq-members", "data-testid": "members" });
  const error = el("div", { class: "eq-error", "data-testid": "error" });

  function draw() {
    title.textContent = `${model.get("text")} on ${model.get("board")}: ${model.get("total_combos")} combos`;
    table.replaceChildren();
    let group = "";
    for (const r of model.get("rows")) {
      if (r.group !== group) {
        group = r.group;
        table.append(el("div", { class: "eq-hits-group" }, group === "draw" ? "draws" : "made hands"));
      }
      const row = el("div", { class: "eq-hit" + (r.sub ? " eq-sub" : ""), "data-testid": `hit-${r.slug}` });
      row.classList.toggle("eq-selected", r.name === model.get("selected"));
      row.classList.toggle("eq-empty", r.combos === 0);
      const bar = el("span", { class: "eq-bar" });
      bar.style.setProperty("--share", String(r.share));
      row.append(
        el("span", { class: "eq-hit-name" }, r.name),
        bar,
        el("span", { class: "eq-hit-share", "data-testid": `hit-share-${r.slug}` }, (100 * r.share).toFixed(1) + "%"),
        el("span", { class: "eq-hit-combos" }, String(Math.round(r.combos * 100) / 100)),
      );
      row.addEventListener("click", () => {
        model.set("selected", model.get("selected") === r.name ? "" : r.name);
        model.save_changes();
      });
      table.append(row);
    }
    const weights = model.get("cells");
    cells.forEach((cell, k) => {
      const w = weights[k] || 0;
      cell.style.setProperty("--w", String(w));
      cell.classList.toggle("eq-in", w > 0);
    });
    members.textContent = model.get("members").join(" ");
    error.textContent = model.get("error");
  }
  for (const name of ["rows", "cells", "members", "selected", "error", "total_combos"]) {
    model.on(`change:${name}`, draw);
  }
  draw();
  const body = el("div", { class: "eq-hits-body" });
  body.append(table, grid);
  root.append(title, body, members, error);
}

export default { render };
