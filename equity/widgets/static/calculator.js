// The equity calculator's view (anywidget ESM): player inputs, a game selector, board and
// dead card pickers (the game's deck) with their text, the results table and the status
// line.  Test ids: player-N, equity-N, win-N, tie-N, stderr-N, board-picker, board-card-As,
// dead-card-As, board-text, dead-text, game, game-hint, status, error; with two boards
// (the boards selector): board2-picker, board2-card-As, board2-text, board1-N, board2-N.
const SUITS = "shdc";
const SUIT_SYMBOL = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
const CARD = /([2-9tjqka])([shdc])/gi; // a known card; "A h" (an ace, a heart) is not one

// The known cards of a board or dead text: "As Kd,2c" -> ["As", "Kd", "2c"]; "2c7d9h h"
// (a partly known board: the turn a heart) -> ["2c", "7d", "9h"].  The rest is the engine's.
function cardsOf(text) {
  return [...(text || "").matchAll(CARD)].map((m) => m[1].toUpperCase() + m[2].toLowerCase());
}

// Whether the text is known cards only ("Qs7s2c", "As Kd"), no partly known slot.
function onlyCards(text) {
  return (text || "").replace(CARD, "").replace(/[\s,]/g, "") === "";
}

// The text without the known card `card` (its other slots kept), or null when not in it.
function without(text, card) {
  const found = [...(text || "").matchAll(CARD)].find(
    (m) => m[1].toUpperCase() + m[2].toLowerCase() === card,
  );
  if (!found) return null;
  const rest = text.slice(0, found.index) + text.slice(found.index + 2);
  return onlyCards(rest) ? cardsOf(rest).join("") : rest.replace(/\s+/g, " ").trim();
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

  // boards: one, or two from one deck (bomb pots), each deciding half the pot
  const boardsSelect = el("select", { "data-testid": "boards" });
  boardsSelect.append(el("option", { value: "1" }, "1"), el("option", { value: "2" }, "2"));
  boardsSelect.value = String(model.get("boards"));
  boardsSelect.addEventListener("change", () => userChange({ boards: Number(boardsSelect.value) }));

  // card pickers: the game's deck (short deck: sixes to aces), a text box for any board
  function deck() {
    const info = (model.get("game_info") || {})[model.get("game")] || {};
    return new Set(info.deck || []);
  }
  function picker(name) {
    const box = el("div", { class: "eq-picker", "data-testid": `${name}-picker` });
    const text = el("input", { type: "text", class: "eq-cards-text", "data-testid": `${name}-text` });
    text.placeholder = name === "dead" ? "e.g. Ts" : "e.g. Qs7s2c or 2c7d9h h";
    const commit = () => {
      if (text.value !== model.get(name)) userChange({ [name]: text.value });
    };
    text.addEventListener("keydown", (e) => {
      if (e.key === "Enter") commit();
    });
    text.addEventListener("change", commit);
    const title = el("div", { class: "eq-picker-title" }, name);
    title.append(" ", text);
    const rows = el("div", { class: "eq-picker-rows" });
    box.append(title, rows);
    const p = { box, rows, text, buttons: {}, cards: "" };
    return p;
  }
  function drawPicker(name, p) {
    const cards = deck();
    const key = [...cards].join("");
    if (key === p.cards) return; // the same deck: the buttons stay
    p.cards = key;
    p.buttons = {};
    p.rows.replaceChildren();
    for (const suit of SUITS) {
      const row = el("div", { class: "eq-picker-row" });
      for (const rank of RANKS) {
        const card = rank + suit;
        if (!cards.has(card)) continue;
        const button = el("button", {
          class: `eq-card eq-suit-${suit}`,
          "data-testid": `${name}-card-${card}`,
          title: card,
        }, rank + SUIT_SYMBOL[suit]);
        button.addEventListener("click", () => toggle(name, card));
        p.buttons[card] = button;
        row.append(button);
      }
      p.rows.append(row);
    }
  }
  function toggle(name, card) {
    // a known card on or off; a partly known board keeps its other slots, a card added
    // after them takes the next street (and leaves the other pickers)
    const mine = model.get(name) || "";
    let update = without(mine, card);
    const changes = {};
    if (update === null) {
      update = onlyCards(mine) ? cardsOf(mine).join("") + card : `${mine.trim()} ${card}`;
      for (const other of ["board", "board2", "dead"]) {
        if (other === name) continue;
        const theirs = without(model.get(other) || "", card);
        if (theirs !== null) changes[other] = theirs;
      }
    }
    userChange({ [name]: update, ...changes });
  }
  const board = picker("board");
  const board2 = picker("board2");
  const dead = picker("dead");
  function drawCards() {
    board2.box.hidden = model.get("boards") !== 2;
    for (const [name, p] of [["board", board], ["board2", board2], ["dead", dead]]) {
      drawPicker(name, p);
      const chosen = new Set(cardsOf(model.get(name)));
      for (const [card, button] of Object.entries(p.buttons)) {
        button.classList.toggle("eq-on", chosen.has(card));
      }
      if (document.activeElement !== p.text) p.text.value = model.get(name) || "";
    }
  }

  // results
  const table = el("table", { class: "eq-results" });
  const status = el("div", { class: "eq-status", "data-testid": "status" });
  const error = el("div", { class: "eq-error", "data-testid": "error" });
  function drawResults() {
    const two = model.get("boards") === 2;
    const head = el("tr");
    const names = two
      ? ["", "hand", "equity", "board 1", "board 2", "scoop", "part", "quartered", "\u00b1 std. error"]
      : ["", "hand", "equity", "win", "tie", "\u00b1 std. error"];
    for (const h of names) head.append(el("th", {}, h));
    table.replaceChildren(head);
    for (const r of model.get("results")) {
      const row = el("tr");
      const i = r.player;
      row.append(el("td", {}, `Player ${i}`));
      row.append(el("td", { class: "eq-hand" }, r.hand));
      const eq = el("td", { "data-testid": `equity-${i}`, class: "eq-equity" }, percent(r.equity));
      eq.style.setProperty("--eq", String(r.equity));
      row.append(eq);
      if (two && r.board1 !== undefined) {
        row.append(el("td", { "data-testid": `board1-${i}` }, percent(r.board1)));
        row.append(el("td", { "data-testid": `board2-${i}` }, percent(r.board2)));
      }
      row.append(el("td", { "data-testid": `win-${i}` }, percent(r.win)));
      row.append(el("td", { "data-testid": `tie-${i}` }, percent(r.tie)));
      if (two && r.quartered !== undefined) {
        row.append(el("td", { "data-testid": `quartered-${i}` }, percent(r.quartered)));
      }
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
  model.on("change:game", () => {
    drawGames();
    drawCards();
  });
  model.on("change:game_info", () => {
    drawGames();
    drawCards();
  });
  model.on("change:board", drawCards);
  model.on("change:dead", drawCards);
  model.on("change:board2", drawCards);
  model.on("change:boards", () => {
    boardsSelect.value = String(model.get("boards"));
    drawCards();
    drawResults();
  });
  model.on("change:status", drawResults);
  model.on("change:results", drawResults);
  model.on("change:error", drawResults);

  const top = el("div", { class: "eq-top" });
  top.append(playersBox, el("label", {}, "game "), game, el("label", {}, " boards "), boardsSelect, hint);
  const pickers = el("div", { class: "eq-pickers" });
  pickers.append(board.box, board2.box, dead.box);
  root.append(top, pickers, table, status, error);
}

export default { render };
