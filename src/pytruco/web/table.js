// The page of pytruco serve: plain JavaScript, typed with JSDoc against the
// TypeScript declarations generated from pytruco's JSON Schemas
// (src/pytruco/schemas/truco.d.ts, also served as /truco.d.ts), the protocol's included.
// It only ever receives its own seat's view and events.
// @ts-check

/** @typedef {import("../schemas/truco").TrucoAction} TrucoAction */
/** @typedef {import("../schemas/truco").TrucoProtocolUpdate} Update */
/** @typedef {import("../schemas/truco").TrucoProtocolServerMessage} ServerMessage */
/** @typedef {import("../schemas/truco").TrucoProtocolAct} Act */

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
          concedeButton: "Me rindo", toJoin: "esperando que entre", envido: "Tu envido", flor: "tu flor",
          won: "gana", parda: "parda", lastHand: "Mano anterior", showed: "mostró", trick: "Baza",
          title: "pytruco — mesa" },
    en: { you: "you", score: "Score", chicos: "Chicos", mano: "Mano", clock: "Clock", yourTurn: "your turn",
          waiting: "waiting for", over: "The match is over", connecting: "connecting…", online: "connected",
          offline: "offline, retrying…", hand: "Hand", pending: "pending", accepted: "accepted it is worth",
          refused: "refused", depends: "depends on the winner", concede: "Concede? Your team loses the match.",
          concedeButton: "Concede", toJoin: "waiting for a player to join:", envido: "Your envido", flor: "your flor",
          won: "won by", parda: "tied (parda)", lastHand: "Last hand", showed: "showed", trick: "Trick",
          title: "pytruco — table" },
  }[lang];
  const SUITS = {
    es: { E: "espadas", B: "bastos", O: "oros", C: "copas" },
    en: { E: "swords", B: "clubs", O: "coins", C: "cups" },
  }[lang];
  /** @type {Record<string, string>} */
  const RANKS = {
    es: { 1: "uno", 2: "dos", 3: "tres", 4: "cuatro", 5: "cinco", 6: "seis", 7: "siete", 10: "sota", 11: "caballo",
          12: "rey" },
    en: { 1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 10: "knave", 11: "knight",
          12: "king" },
  }[lang];
  document.documentElement.lang = lang;
  document.title = WORDS.title;

  /** @param {string} text a card in notation, e.g. "7O": its name in the page's language */
  function cardName(text) {
    const suit = SUITS[/** @type {"E"|"B"|"O"|"C"} */ (text.slice(-1))];
    const rank = text.slice(0, -1);
    if (lang === "es") return (rank === "1" && "EB".includes(text.slice(-1)) ? "ancho" : RANKS[rank]) + " de " + suit;
    return `${RANKS[rank]} of ${suit}`;
  }

  /** @param {string} word a call in notation ("real-envido"): in words */
  const callWords = (word) => word.replace(/-/g, " ");

  // The hand being played and the last one, from the events (the server deals the next hand at once).
  /** @typedef {{plays: Array<[number, string]>, winner: number | null}} TrickSeen */
  /** @typedef {{tricks: TrickSeen[], trick: Array<[number, string]>, shown: Array<[number, string, number]>}} HandSeen */
  /** @returns {HandSeen} */
  const newHand = () => ({ tricks: [], trick: [], shown: [] });
  let current = newHand();
  /** @type {HandSeen | null} */
  let previous = null;

  /** @param {import("../schemas/truco").TrucoEvent} event */
  function follow(event) {
    if (event.kind === "dealt" || event.kind === "duel-started") {
      if (current.trick.length) current.tricks.push({ plays: current.trick, winner: null });
      if (current.tricks.length || current.shown.length) previous = current;
      current = newHand();
    } else if (event.kind === "card-played") {
      current.trick.push([/** @type {number} */ (event.seat), event.card]);
    } else if (event.kind === "trick-won" || event.kind === "trick-parda") {
      current.tricks.push({ plays: current.trick, winner: event.kind === "trick-won" ? event.seat : null });
      current.trick = [];
    } else if (event.kind === "shown") {
      current.shown.push([/** @type {number} */ (event.seat), event.card, event.points]);
    }
  }

  /** @type {WebSocket | null} */
  let socket = null;
  /** @type {Update | null} */
  let last = null;
  let retry = 250;
  let fresh = true; // the first update of a connection carries the whole recent log
  let receivedAt = 0; // when the last update arrived, by this browser's monotonic clock (performance.now())
  // An act sent and not yet answered (by its ack and update, or its error): the buttons stay disabled meanwhile,
  // so a double click cannot send a second act for the same decision (which the server refuses as stale).
  let awaiting = false;

  /** @param {string} id */
  const el = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

  /** @param {string} state @param {string} text */
  function status(state, text) {
    const node = el("status");
    node.dataset.status = state;
    node.textContent = text;
  }

  /** @param {boolean} busy true while an act waits for its answer: every action button is disabled */
  function setAwaiting(busy) {
    awaiting = busy;
    document.body.dataset.awaiting = busy ? "1" : "0";
    document.querySelectorAll("#hand button[data-action], #actions button[data-action]").forEach((button) => {
      /** @type {HTMLButtonElement} */ (button).disabled = busy;
    });
  }

  /** @param {TrucoAction} action the action, answering the decision of the last update */
  function send(action) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !last || awaiting) return;
    /** @type {Act} */
    const message = { type: "act", action, decision: last.decision };
    if (action.endsWith(" rendirse")) {
      // the server refuses a rendirse without confirm (code "confirm-needed")
      if (!window.confirm(WORDS.concede)) return;
      message.confirm = true;
    }
    socket.send(JSON.stringify(message));
    setAwaiting(true);
  }
  // For debugging a client by hand (and for the test that a seat cannot act for another).
  /** @type {any} */ (window).trucoSendRaw = (/** @type {string} */ text) => socket && socket.send(text);

  /** @param {string} text a card in notation, e.g. "7O": drawn with the library's card art */
  function cardNode(text, tag = "span") {
    const node = document.createElement(tag);
    node.className = `card suit-${text.slice(-1)}`;
    node.dataset.card = text;
    const picture = document.createElement("img");
    picture.src = `/cards/${text}.svg`;
    picture.alt = cardName(text);
    node.title = cardName(text);
    node.append(picture);
    return node;
  }

  /** A card face down. */
  function backNode() {
    const picture = document.createElement("img");
    picture.className = "back";
    picture.src = "/cards/back.svg";
    picture.alt = "🂠";
    return picture;
  }

  /** @param {TrickSeen[]} tricks @param {Array<[number, string]>} open the trick still being played */
  function tricksNode(tricks, open) {
    const node = document.createElement("div");
    node.className = "tricks";
    [...tricks, ...(open.length ? [{ plays: open, winner: undefined }] : [])].forEach((trick, i) => {
      const row = document.createElement("div");
      row.className = "trick-done";
      const label = document.createElement("span");
      label.className = "who";
      label.textContent = `${WORDS.trick} ${i + 1}`;
      row.append(label);
      for (const [seat, card] of trick.plays) row.append(playNode(seat, card, "span", "play small"));
      if (trick.winner !== undefined) {
        const result = document.createElement("span");
        result.className = "winner";
        result.textContent = trick.winner === null ? WORDS.parda : `${WORDS.won} ${who(trick.winner)}`;
        row.append(result);
      }
      node.append(row);
    });
    return node;
  }

  /** A card played, under the name of the seat that played it.
   * @param {number} seat @param {string} card @param {string} tag @param {string} className */
  function playNode(seat, card, tag, className) {
    const play = document.createElement(tag);
    play.className = className;
    play.append(cardNode(card), nameNode(seat));
    return play;
  }

  /** The name of *seat* in its team's colour (data-team, table.css), so partners read as one side at 4 and 6 seats.
   * @param {number} seat @param {string} tag */
  function nameNode(seat, tag = "div") {
    const name = document.createElement(tag);
    name.className = "who";
    name.textContent = who(seat);
    const team = teamOf(seat);
    if (team !== null) name.dataset.team = String(team);
    return name;
  }

  /** @param {number} seat @returns {number | null} the seat's team, from the view's teams */
  function teamOf(seat) {
    if (!last) return null;
    const team = last.view.teams.findIndex((seats) => seats.includes(seat));
    return team < 0 ? null : team;
  }

  /** @param {number} seat */
  function who(seat) {
    if (!last) return String(seat);
    return last.view.seat === seat ? `${last.names[seat]} (${WORDS.you})` : last.names[seat] || String(seat);
  }

  /** @param {Update} update */
  function render(update) {
    last = update;
    awaiting = false;
    document.body.dataset.awaiting = "0";
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
    for (const [seat, card] of view.current_trick) trick.append(playNode(seat, card, "div", "play"));
    for (const entry of update.events) follow(entry.event);
    // the other seats: their names and their cards, face down
    const seats = el("seats");
    seats.replaceChildren();
    view.cards_left.forEach((left, seat) => {
      if (seat === mine) return;
      const node = document.createElement("div");
      node.className = "seat";
      node.dataset.seat = String(seat);
      const team = teamOf(seat);
      if (team !== null) node.dataset.team = String(team);
      node.classList.toggle("to-act", view.to_act.includes(seat));
      node.append(nameNode(seat));
      for (let i = 0; i < left; i++) node.append(backNode());
      seats.append(node);
    });
    // the completed tricks of this hand with their winners
    const done = el("tricks");
    done.replaceChildren(tricksNode(view.tricks.map((t) => ({ plays: t.plays, winner: t.seat })), []));
    // the last hand, until a card of this one is played: its tricks (the last card too) and the cards shown
    const before = el("lasthand");
    before.replaceChildren();
    if (previous && view.tricks.length === 0 && view.current_trick.length === 0) {
      const title = document.createElement("div");
      title.textContent = WORDS.lastHand;
      before.append(title, tricksNode(previous.tricks, previous.trick));
    }
    const shownCards = previous && view.tricks.length === 0 && view.current_trick.length === 0 ? previous.shown
      : current.shown;
    // one row per seat that showed, with all its cards (a seat shows two or three cards for its envido or flor)
    /** @type {Map<number, {points: number, cards: string[]}>} */
    const bySeat = new Map();
    for (const [seat, card, points] of shownCards) {
      const entry = bySeat.get(seat) || { points, cards: [] };
      entry.cards.push(card);
      bySeat.set(seat, entry);
    }
    for (const [seat, { points, cards }] of bySeat) {
      const row = document.createElement("div");
      row.className = "shown";
      row.dataset.seat = String(seat);
      const said = document.createElement("span");
      said.textContent = ` ${WORDS.showed} (${points}): `;
      row.append(nameNode(seat, "span"), said, ...cards.map((card) => cardNode(card)));
      before.append(row);
    }
    // my envido (and flor) points
    el("points").textContent = view.envido_points === null ? ""
      : `${WORDS.envido}: ${view.envido_points}` + (view.flor_points === null ? "" : ` · ${WORDS.flor}: ${view.flor_points}`);
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
      ? `${WORDS.pending}: ${callWords(call.call)} (${who(call.seat)}) · ${WORDS.accepted} ${call.if_accepted ?? WORDS.depends}` +
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
    if (last.clock.left_ms === null) {  // the clock starts once a seat it waits for has joined
      node.className = "";
      node.textContent = `${WORDS.clock}: ${WORDS.toJoin} ${last.clock.seats.map(who).join(", ")}`;
      return;
    }
    // counted from this update's arrival by the browser's own clock: the server's and the browser's clocks may differ
    const left = Math.max(0, Math.ceil((last.clock.left_ms - (performance.now() - receivedAt)) / 1000));
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
        if (fresh) {
          el("events").replaceChildren();
          current = newHand();
          previous = null;
        }
        fresh = false;
        receivedAt = performance.now();
        render(data);
      } else if (data.type === "error") {
        el("error").textContent = data.message;
        el("error").dataset.code = data.code;
        if (awaiting) setAwaiting(false);  // the act was refused: the buttons of the same decision work again
      }
    };
    socket.onclose = (closed) => {
      awaiting = false;
      // the close codes: docs/frontend.md, "Close codes" (4001 a refused link, 4008 too many connections or messages:
      // reconnecting would not help; 4009 too slow and 1009 too big, like a lost network, are worth a reconnect)
      if (closed.code === 4001 || closed.code === 4008) { status("refused", "✗"); return; }
      status("offline", WORDS.offline);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 2000);
    };
  }
  connect();
})();
