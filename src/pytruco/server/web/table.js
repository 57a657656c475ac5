// The page of pytruco serve: plain JavaScript, typed with JSDoc against the
// TypeScript declarations generated from pytruco's JSON Schemas
// (src/pytruco/schemas/truco.d.ts, also served as /truco.d.ts), the protocol's included.
// It only ever receives its own seat's view and events.
// @ts-check

/** @typedef {import("../../schemas/truco").TrucoAction} TrucoAction */
/** @typedef {import("../../schemas/truco").TrucoProtocolUpdate} Update */
/** @typedef {import("../../schemas/truco").TrucoProtocolServerMessage} ServerMessage */
/** @typedef {import("../../schemas/truco").TrucoProtocolAct} Act */

(function () {
  "use strict";
  const params = new URLSearchParams(location.search);
  const token = params.get("t") || "";
  const lang = params.get("lang") === "en" ? "en" : "es";
  const WORDS = {
    es: { you: "vos", score: "Puntos", chicos: "Chicos", mano: "Mano", clock: "Reloj", yourTurn: "te toca",
          waiting: "esperando a", over: "Terminó el partido", connecting: "conectando…", online: "conectado",
          offline: "sin conexión, reintentando…", hand: "Mano n.º", pending: "pendiente", accepted: "querido vale",
          refused: "no querido", depends: "según quién gane", concede: "¿Rendirte? Tu equipo pierde el partido.",
          concedeButton: "Me rindo", toJoin: "esperando que entre" },
    en: { you: "you", score: "Score", chicos: "Chicos", mano: "Mano", clock: "Clock", yourTurn: "your turn",
          waiting: "waiting for", over: "The match is over", connecting: "connecting…", online: "connected",
          offline: "offline, retrying…", hand: "Hand", pending: "pending", accepted: "accepted it is worth",
          refused: "refused", depends: "depends on the winner", concede: "Concede? Your team loses the match.",
          concedeButton: "Concede", toJoin: "waiting for a player to join:" },
  }[lang];
  const SUITS = { E: "espadas", B: "bastos", O: "oros", C: "copas" };

  /** @type {WebSocket | null} */
  let socket = null;
  /** @type {Update | null} */
  let last = null;
  let retry = 250;
  let fresh = true; // the first update of a connection carries the whole recent log

  /** @param {string} id */
  const el = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

  /** @param {string} state @param {string} text */
  function status(state, text) {
    const node = el("status");
    node.dataset.status = state;
    node.textContent = text;
  }

  /** @param {TrucoAction} action the action, answering the decision of the last update */
  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !last) return;
    /** @type {Act} */
    const message = { type: "act", action, decision: last.decision };
    if (action.endsWith(" rendirse")) {
      // the server refuses a rendirse without confirm (code "confirm-needed")
      if (!window.confirm(WORDS.concede)) return;
      message.confirm = true;
    }
    socket.send(JSON.stringify(message));
  }
  // For debugging a client by hand (and for the test that a seat cannot act for another).
  /** @type {any} */ (window).trucoSendRaw = (/** @type {string} */ text) => socket && socket.send(text);

  /** @param {string} text a card in notation, e.g. "7O" */
  function cardNode(text, tag = "span") {
    const node = document.createElement(tag);
    const suit = text.slice(-1);
    node.className = `card suit-${suit}`;
    node.dataset.card = text;
    const rank = document.createElement("span");
    rank.className = "rank";
    rank.textContent = text.slice(0, -1);
    const name = document.createElement("span");
    name.textContent = SUITS[/** @type {"E"|"B"|"O"|"C"} */ (suit)] || suit;
    node.append(rank, name);
    return node;
  }

  /** @param {number} seat */
  function who(seat) {
    if (!last) return String(seat);
    return last.view.seat === seat ? `${last.names[seat]} (${WORDS.you})` : last.names[seat] || String(seat);
  }

  /** @param {Update} update */
  function render(update) {
    last = update;
    document.body.dataset.updates = String(Number(document.body.dataset.updates || "0") + 1);
    document.body.dataset.decision = String(update.decision);
    const view = update.view;
    const mine = view.seat;
    el("error").textContent = "";
    // score
    const board = el("scoreboard");
    board.replaceChildren();
    const teams = view.teams.map((seats) => seats.map((s) => update.names[s]).join(" + "));
    for (const team of [0, 1]) {
      const item = document.createElement("div");
      item.dataset.team = String(team);
      const half = view.halves ? ` (${view.halves[team]})` : "";
      item.textContent = `${teams[team]}: ${view.score[team]}${half}`;
      board.append(item);
    }
    const info = document.createElement("div");
    info.id = "handinfo";
    info.textContent = `${WORDS.hand} ${view.hand_number} · ${WORDS.mano}: ${who(view.mano)}`;
    board.append(info);
    // the table: current trick and completed tricks
    const trick = el("trick");
    trick.replaceChildren();
    for (const [seat, card] of view.current_trick) {
      const play = document.createElement("div");
      play.className = "play";
      const label = document.createElement("div");
      label.className = "who";
      label.textContent = who(seat);
      play.append(cardNode(card), label);
      trick.append(play);
    }
    const done = el("tricks");
    done.textContent = view.tricks
      .map((t, i) => `${i + 1}: ${t.plays.map(([s, c]) => `${update.names[s]} ${c}`).join(", ")}`)
      .join(" | ");
    // my cards: a button for each card I may play now
    const playable = new Map();
    for (const action of view.legal) {
      const word = action.split(" ")[1];
      if (/^[0-9]/.test(word)) playable.set(word, action);
    }
    const hand = el("hand");
    hand.replaceChildren();
    for (const card of view.hand) {
      const button = /** @type {HTMLButtonElement} */ (cardNode(card, "button"));
      const action = playable.get(card);
      button.disabled = !action;
      if (action) {
        button.dataset.action = action;
        button.title = update.labels[action];
        button.addEventListener("click", () => send(action));
      }
      hand.append(button);
    }
    // the other actions, labelled in my language
    const actions = el("actions");
    actions.replaceChildren();
    for (const action of view.legal) {
      const word = action.split(" ")[1];
      if (/^[0-9]/.test(word) || word === "timeout") continue;
      const button = document.createElement("button");
      button.dataset.action = action;
      button.textContent = update.labels[action] || action;
      button.addEventListener("click", () => send(action));
      actions.append(button);
    }
    if (update.concede) {  // offered by the server; send() asks the player to confirm it
      const concede = update.concede;
      const button = document.createElement("button");
      button.dataset.action = concede;
      button.className = "concede";
      button.textContent = update.labels[concede] || WORDS.concedeButton;
      button.addEventListener("click", () => send(concede));
      actions.append(button);
    }
    const pending = el("pending");
    const call = view.pending;
    pending.textContent = call
      ? `${WORDS.pending}: ${call.call} (${who(call.seat)}) · ${WORDS.accepted} ${call.if_accepted ?? WORDS.depends}` +
        ` · ${WORDS.refused} ${call.if_refused}`
      : "";
    // the log of events, in my language
    const list = el("events");
    for (const entry of update.events) {
      const item = document.createElement("li");
      item.dataset.kind = entry.event.kind;
      item.textContent = entry.text;
      list.append(item);
    }
    while (list.children.length > 80) list.removeChild(/** @type {Node} */ (list.firstChild));
    el("log").scrollTop = el("log").scrollHeight;
    if (view.phase === "over") {
      status("over", `${WORDS.over}: ${teams[/** @type {number} */ (view.winner)]}`);
    } else {
      status("online", WORDS.online);
    }
    document.body.dataset.toAct = view.to_act.includes(/** @type {number} */ (mine)) ? "me" : "other";
    tick();
  }

  function tick() {
    const node = el("clock");
    if (!last || last.view.phase === "over" || last.clock.seats.length === 0) {
      node.textContent = "";
      return;
    }
    if (last.clock.deadline_ms === null) {  // the clock starts once a seat it waits for has joined
      node.className = "";
      node.textContent = `${WORDS.clock}: ${WORDS.toJoin} ${last.clock.seats.map(who).join(", ")}`;
      return;
    }
    const left = Math.max(0, Math.ceil((last.clock.deadline_ms - Date.now()) / 1000));
    const seats = last.clock.seats;
    const mine = seats.includes(/** @type {number} */ (last.view.seat));
    node.className = mine ? "mine" : "";
    node.textContent = `${WORDS.clock}: ${left} s · ${mine ? WORDS.yourTurn : `${WORDS.waiting} ${seats.map(who).join(", ")}`}`;
  }
  setInterval(tick, 250);

  function connect() {
    status("connecting", WORDS.connecting);
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?t=${encodeURIComponent(token)}&lang=${lang}`;
    socket = new WebSocket(url);
    socket.onopen = () => { retry = 250; fresh = true; };
    socket.onmessage = (message) => {
      /** @type {ServerMessage} */
      const data = JSON.parse(message.data);
      if (data.type === "update") {
        if (fresh) el("events").replaceChildren();
        fresh = false;
        render(data);
      } else if (data.type === "error") {
        el("error").textContent = data.message;
        el("error").dataset.code = data.code;
      }
    };
    socket.onclose = (closed) => {
      if (closed.code === 4001 || closed.code === 4008) { status("refused", "✗"); return; }
      status("offline", WORDS.offline);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 2000);
    };
  }
  connect();
})();
