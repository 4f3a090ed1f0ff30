// The equity calculator's view (anywidget ESM): player inputs, a game selector, board and
// dead card pickers, the results table and the status line.  Test ids: player-N,
// equity-N, win-N, tie-N, stderr-N, board-picker, board-card-As, dead-card-As, game, game-hint,
// status, error.
const SUITS = "shdc";
const SUIT_SYMBOL = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };

// "As Kd,2c" -> ["As", "Kd", "2c"] (two-character cards; anything else is left to the engine).
function cardsOf(text) {
  const flat = (text || "").replace(/[\s,]/g, "");
  const out = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    out.push(flat[i].toUpperCase() + flat[i + 1].toLowerCase());
  }
  return out;
}

function percent(x) {
  return (100 * x).toFixed(2) + "%";
}

function render({ model, el: root }) {
  root.classList.add("equity-widget", "equity-calc");
  let pending = null; // {request, t0}: the last user change, to time its answer

  function userChange(update) {
    const request = model.get("request") + 1;
    pending = { request, t0: performance.now() };
    delete status.dataset.latencyMs; // set again when this change's answer is on screen
    for (const [key, value] of Object.entries(update)) model.set(key, value);
    model.set("request", request);
    model.save_changes();
  }

  // players
  const playersBox = el("div", { class: "eq-players" });
  function drawPlayers() {
    const inputs = playersBox.querySelectorAll("input");
    const players = model.get("players");
    if (inputs.length === players.length) {
      // same players: new values in place (the one being typed in keeps its text)
      inputs.forEach((input, i) => {
        if (document.activeElement !== input) input.value = players[i];
      });
      return;
    }
    playersBox.replaceChildren();
    model.get("players").forEach((text, i) => {
      const row = el("div", { class: "eq-player" });
      row.append(el("span", { class: "eq-label" }, `Player ${i}`));
      const input = el("input", { type: "text", "data-testid": `player-${i}`, value: text });
      input.value = text;
      const commit = () => {
        const players = [...model.get("players")];
        if (players[i] === input.value) return;
        players[i] = input.value;
        userChange({ players });
      };
      input.addEventListener("keydown", (e) => {
        if (e.key === "Enter") commit();
      });
      input.addEventListener("change", commit);
      row.append(input);
      if (model.get("players").length > 2) {
        const remove = el("button", { "data-testid": `remove-player-${i}`, title: "remove" }, "\u00d7");
        remove.addEventListener("click", () => {
          const players = model.get("players").filter((_, j) => j !== i);
          userChange({ players });
        });
        row.append(remove);
      }
      playersBox.append(row);
    });
    const add = el("button", { "data-testid": "add-player" }, "+ player");
    add.addEventListener("click", () => userChange({ players: [...model.get("players"), "random"] }));
    playersBox.append(add);
  }

  // game
  const game = el("select", { "data-testid": "game" });
  const hint = el("div", { class: "eq-hint", "data-testid": "game-hint" });
  function drawGames() {
    game.replaceChildren(...model.get("games").map((g) => el("option", { value: g }, g)));
    game.value = model.get("game");
    // a game without a board (stud, draw) shows no board picker; the registry says which
    const info = (model.get("game_info") || {})[game.value] || {};
    board.box.hidden = info.has_board === false;
    hint.textContent = info.summary ? `${info.summary}; a hand: ${info.hands}` : "";
  }
  game.addEventListener("change", () => userChange({ game: game.value }));

  // card pickers
  function picker(name) {
    const box = el("div", { class: "eq-picker", "data-testid": `${name}-picker` });
    box.append(el("div", { class: "eq-picker-title" }, name));
    const buttons = {};
    for (const suit of SUITS) {
      const row = el("div", { class: "eq-picker-row" });
      for (const rank of RANKS) {
        const card = rank + suit;
        const button = el("button", {
          class: `eq-card eq-suit-${suit}`,
          "data-testid": `${name}-card-${card}`,
          title: card,
        }, rank + SUIT_SYMBOL[suit]);
        button.addEventListener("click", () => toggle(name, card));
        buttons[card] = button;
        row.append(button);
      }
      box.append(row);
    }
    return { box, buttons };
  }
  function toggle(name, card) {
    const other = name === "board" ? "dead" : "board";
    let mine = cardsOf(model.get(name));
    let theirs = cardsOf(model.get(other));
    if (mine.includes(card)) mine = mine.filter((c) => c !== card);
    else {
      mine.push(card);
      theirs = theirs.filter((c) => c !== card);
    }
    userChange({ [name]: mine.join(""), [other]: theirs.join("") });
  }
  const board = picker("board");
  const dead = picker("dead");
  function drawCards() {
    for (const [name, p] of [["board", board], ["dead", dead]]) {
      const chosen = new Set(cardsOf(model.get(name)));
      for (const [card, button] of Object.entries(p.buttons)) {
        button.classList.toggle("eq-on", chosen.has(card));
      }
    }
  }

  // results
  const table = el("table", { class: "eq-results" });
  const status = el("div", { class: "eq-status", "data-testid": "status" });
  const error = el("div", { class: "eq-error", "data-testid": "error" });
  function drawResults() {
    const head = el("tr");
    for (const h of ["", "hand", "equity", "win", "tie", "\u00b1 std. error"]) head.append(el("th", {}, h));
    table.replaceChildren(head);
    for (const r of model.get("results")) {
      const row = el("tr");
      const i = r.player;
      row.append(el("td", {}, `Player ${i}`));
      row.append(el("td", { class: "eq-hand" }, r.hand));
      const eq = el("td", { "data-testid": `equity-${i}`, class: "eq-equity" }, percent(r.equity));
      eq.style.setProperty("--eq", String(r.equity));
      row.append(eq);
      row.append(el("td", { "data-testid": `win-${i}` }, percent(r.win)));
      row.append(el("td", { "data-testid": `tie-${i}` }, percent(r.tie)));
      row.append(el("td", { "data-testid": `stderr-${i}` }, r.stderr === null ? "exact" : percent(r.stderr)));
      table.append(row);
    }
    const s = model.get("status");
    status.textContent = s.text || "";
    status.dataset.state = s.state || "";
    status.dataset.request = String(s.request ?? "");
    error.textContent = model.get("error");
    const done = s.state === "exact" || s.state === "monte-carlo" || s.state === "error";
    if (pending && s.request === pending.request && done) {
      // the time from the user's change to its answer on screen, read by the browser test
      status.dataset.latencyMs = (performance.now() - pending.t0).toFixed(1);
      pending = null;
    }
  }

  drawPlayers();
  drawGames();
  drawCards();
  drawResults();
  model.on("change:players", drawPlayers);
  model.on("change:games", drawGames);
  model.on("change:game", drawGames);
  model.on("change:game_info", drawGames);
  model.on("change:board", drawCards);
  model.on("change:dead", drawCards);
  model.on("change:status", drawResults);
  model.on("change:results", drawResults);
  model.on("change:error", drawResults);

  const top = el("div", { class: "eq-top" });
  top.append(playersBox, el("label", {}, "game "), game, hint);
  const pickers = el("div", { class: "eq-pickers" });
  pickers.append(board.box, dead.box);
  root.append(top, pickers, table, status, error);
}

export default { render };
