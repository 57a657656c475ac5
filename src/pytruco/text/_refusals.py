"""Why an action was refused, said to the player who tried it: second person, voseo in Spanish.

Import :func:`~pytruco.text.describe_refusal` from :mod:`pytruco.text`. Here is a sentence in each language for
every stable refusal code (:mod:`pytruco._engine.refusals` lists the codes and their params), and the fields its
template is filled from: the error's params, with seats, calls and cards put into words.

>>> from pytruco import IllegalActionError
>>> from pytruco.text import describe_refusal
>>> error = IllegalActionError("seat 1 cannot act", code="not-your-turn", params={"waiting": "turn", "turn": 0})
>>> describe_refusal(error, "es", ["Ana", "Beto"])
'No te toca: le toca a Ana.'
"""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import Card
from ..errors import NotationError, require
from ._words import Lang, Names, call_name, card_with_article, check_lang, kind_of, seat_name

# Keyed by IllegalActionError.code (pytruco._engine.refusals lists the codes and their
# params). Said to the player who tried the action: second person, voseo in
# Spanish. The templates use the params and the *_text fields of _fields().
_REFUSALS: dict[str, tuple[str, str]] = {
    "not-an-action": ("Eso no es una jugada.", "That is not an action."),
    "deal-after-match": ("El partido terminó: no se reparte más.", "The match is over: no more deals."),
    "deal-not-now": ("Ahora no se reparte.", "This is not the time to deal."),
    "bad-deal": ("El reparto no vale ({problem}).", "That deal is not valid ({problem})."),
    "match-over": ("El partido ya terminó.", "The match is over."),
    "record-full": (
        "El registro de la partida está lleno ({count} jugadas): solo podés rendirte.",
        "The game's record is full ({count} actions): you can only concede.",
    ),
    "record-hands-full": (
        "El registro de la partida está lleno ({limit} manos): no se reparte más, solo queda rendirse.",
        "The game's record is full ({limit} hands): no more deals, only conceding is left.",
    ),
    "no-such-seat": ("No hay asiento {seat} en esta mesa.", "There is no seat {seat} at this table."),
    "cannot-concede": ("Ahora no te podés rendir.", "You cannot concede now."),
    "before-deal": ("Todavía no se repartió.", "The cards have not been dealt yet."),
    "rps-before-deal": (
        "Primero se juega piedra, papel o tijera para ver quién es mano.",
        "Rock-paper-scissors decides the first mano first.",
    ),
    "rps-already-chosen": ("Ya elegiste en esta ronda de piedra, papel o tijera.", "You have already chosen."),
    "rps-after-deal": (
        "Piedra, papel o tijera se juega solo antes del primer reparto.",
        "Rock-paper-scissors is only played before the first deal.",
    ),
    "waits-for-duel": (
        "Esperá tu duelo: ahora juegan {duel_seat} y {opponent_seat}.",
        "Wait for your duel: {duel_seat} and {opponent_seat} are playing now.",
    ),
    "duel-played": (
        "Ya jugaste tu duelo: ahora juegan {duel_seat} y {opponent_seat}.",
        "You have played your duel: {duel_seat} and {opponent_seat} are playing now.",
    ),
    "folded": ("Te fuiste al mazo: estás fuera de esta mano.", "You went to the mazo: you are out of this hand."),
    "answer-own-call": (
        "No podés contestar el {call_name} de tu propio equipo.",
        "You cannot answer your own team's {call_name}.",
    ),
    "raise-own-call": (
        "No podés subir el {call_name} de tu propio equipo: {waiting_text}.",
        "You cannot raise your own team's {call_name}: {waiting_text}.",
    ),
    "raise-out-of-turn": (
        "No podés cantar {call_name} ahora: se sube en tu turno o al contestar, y {waiting_text}.",
        "You cannot call {call_name} now: a raise is made on your turn or as an answer, and {waiting_text}.",
    ),
    "not-your-turn": ("No te toca: {waiting_text}.", "It is not your turn: {waiting_text}."),
    "timeout-not-to-act": ("No te toca, así que no se te puede acabar el tiempo.", "You are not to act."),
    "must-sing-flor": (
        "Tenés flor y la tenés que cantar antes que nada (en {preset} la flor es obligatoria).",
        "You hold flor and must sing it before anything else (flor is mandatory in {preset}).",
    ),
    "not-allowed": ("Eso no se puede ahora.", "That is not allowed now."),
    "play-while-pending": (
        "No se puede jugar una carta mientras {pending_text} espera respuesta.",
        "No card may be played while {pending_text} is pending.",
    ),
    "card-not-held": ("No tenés {card_name}.", "You do not hold {card_name}."),
    "truco-while-pending": (
        "El {call_name} no contesta {pending_text}: primero se termina el envido o la flor.",
        "{call_name} is not an answer to {pending_text}: the envido or flor is settled first.",
    ),
    "truco-last-level": (
        "Vale cuatro es lo más alto: contestá quiero o no quiero.",
        "Vale cuatro is the last level: answer quiero or no quiero.",
    ),
    "truco-answer-skips": (
        "No se saltea: al {called_name} se le contesta {answer_name}, no {call_name}.",
        "No level is skipped: the answer to {called_name} is {answer_name}, not {call_name}.",
    ),
    "truco-all-accepted": (
        "Ya se quiso el vale cuatro: no queda nada por subir.",
        "Vale cuatro was accepted: there is nothing left to raise.",
    ),
    "raise-needs-quiero": (
        "No podés cantar {call_name}: el quiero lo {tiene} {holder_text}.",
        "You cannot raise to {call_name}: {holder_text} {holds} the quiero.",
    ),
    "truco-first-call": (
        "No se saltea: primero se canta truco, no {call_name}.",
        "No level is skipped: the first call is truco, not {call_name}.",
    ),
    "truco-next-call": (
        "Ya se quiso el {accepted_name}: lo que sigue es {next_name}, no {call_name}.",
        "{accepted_name} was already accepted: the next call is {next_name}, not {call_name}.",
    ),
    "truco-not-now": ("Ahora no podés cantar {call_name}.", "You cannot call {call_name} now."),
    "envido-chain-closed": (
        "Eso ya no se puede subir: contestá quiero o no quiero.",
        "Nothing may raise that: answer quiero or no quiero.",
    ),
    "envido-raise-not-allowed": (
        "Después de eso no se puede cantar {call_name} en {preset}.",
        "{call_name} cannot follow that in {preset}.",
    ),
    "envido-after-flor": ("Con una flor cantada ya no hay envido.", "No envido once a flor is sung in the hand."),
    "envido-one-chain": ("En cada mano se canta envido una sola vez.", "A hand has at most one envido."),
    "envido-after-truco": ("Con el truco querido ya no hay envido.", "No envido once a truco was accepted."),
    "envido-not-truco-answer": (
        "En {preset} el {call_name} no contesta un truco.",
        "{call_name} is not an answer to a truco in {preset}.",
    ),
    "envido-primero-first-truco": (
        "El envido va primero solo contra el primer truco.",
        "Envido primero answers only the first truco.",
    ),
    "envido-opening-call": (
        "En {preset} se empieza con envido, no con {call_name}.",
        "The envido opens with envido in {preset}, not {call_name}.",
    ),
    "envido-first-trick": (
        "El envido se canta solo en la primera baza.",
        "The envido can only be called during the first trick.",
    ),
    "envido-card-played": (
        "Ya jugaste tu carta: no podés empezar el envido.",
        "You have played your card: you can no longer open the envido.",
    ),
    "envido-window-closed": (
        "El envido se canta antes de la primera carta de la mano y antes de cualquier truco.",
        "The envido can only be called before the first card of the hand and before any truco.",
    ),
    "envido-not-now": ("Ahora no podés cantar {call_name}.", "You cannot call {call_name} now."),
    "no-flor": ("En {preset} no se juega con flor.", "Flor is not in play in {preset}."),
    "flor-not-held": ("No tenés flor (tres cartas del mismo palo).", "You do not hold flor (three cards of one suit)."),
    "flor-already-sung": ("Ya cantaste tu flor.", "You have already sung your flor."),
    "flor-card-played": (
        "Ya jugaste tu primera carta: se te pasó la flor.",
        "You have played your first card: your flor window is closed.",
    ),
    "flor-before-first-card": (
        "En {preset} la flor se canta antes de la primera carta de la mano.",
        "In {preset} flor is sung before the first card of the hand.",
    ),
    "flor-envido-answered": (
        "La flor solo puede contestar el primer envido; ya se contestó de otra forma.",
        "The flor may answer only the first envido call, and it was answered another way.",
    ),
    "flor-no-longer": ("Ya no podés cantar flor en esta mano.", "You can no longer sing flor in this hand."),
    "flor-not-now": ("Ahora no podés cantar flor.", "You cannot sing flor now."),
    "no-contraflor": ("En {preset} no hay contraflor.", "There is no contraflor in {preset}."),
    "no-contraflor-al-resto": (
        "En {preset} no hay contraflor al resto.",
        "There is no contraflor al resto in {preset}.",
    ),
    "achico-answers-second-flor": (
        "Con flor me achico contesta solo una segunda flor, y lo dice quien cantó la primera.",
        "Con flor me achico answers a second flor only, from the seat that sang the first.",
    ),
    "achico-answers-first-flor": (
        "Con flor me achico contesta solo la primera flor: a una contraflor (al resto) se le dice no quiero.",
        "Con flor me achico answers the first flor only: refuse a contraflor (al resto) with no quiero.",
    ),
    "answers-flor-only": ("{call_name} contesta solo una flor.", "{call_name} answers a flor only."),
    "not-a-flor-answer": (
        "{call_name} no contesta una flor en {preset}: contestá {answers_text}.",
        "{call_name} is not an answer to a flor in {preset}: answer {answers_text}.",
    ),
    "not-a-second-flor-answer": (
        "Eso no contesta una segunda flor: contestá quiero, con flor me achico o contraflor al resto.",
        "That is not an answer to a second flor: answer quiero, con flor me achico or contraflor al resto.",
    ),
    "no-declaration-due": ("Nadie tiene que decir los tantos ahora.", "There is no declaration due."),
    "son-buenas-first": (
        "Hablás primero: tenés que decir «tengo N», no «son buenas».",
        "You speak first: say tengo N, not son buenas.",
    ),
    "flor-points-untrue": (
        "La flor se canta con los puntos verdaderos: tenés {points}, no {declared}.",
        "Flor points are declared truly: you have {points}, not {declared}.",
    ),
    "envido-value-impossible": (
        "{declared} no es un tanto posible (0-7 o 20-38).",
        "{declared} is not a possible envido value (0-7 or 20-38).",
    ),
    "envido-points-untrue": (
        "Tenés que decir tus tantos verdaderos ({points}), no {declared}.",
        "You must declare your true envido points ({points}), not {declared}.",
    ),
    "declare-not-answer": (
        "Tenés que decir tus tantos, no contestar {call_name}.",
        "You must declare your points, not answer {call_name}.",
    ),
    "nothing-to-answer": ("No hay nada que contestar.", "There is no call for you to answer."),
    "mazo-while-declaring": (
        "No te podés ir al mazo mientras te toca decir los tantos.",
        "You cannot go to the mazo while a declaration is due from you.",
    ),
    "mazo-with-pending": (
        "No te podés ir al mazo con {pending_text} sin contestar: contestá primero.",
        "You cannot go to the mazo with {pending_text} pending in {preset}: answer first.",
    ),
    "mano-acts-first": (
        "Siendo mano, no te podés ir al mazo antes de jugar algo en la mano.",
        "The mano cannot go to the mazo before it has acted in the hand.",
    ),
    "mazo-not-now": ("Ahora no te podés ir al mazo.", "You cannot go to the mazo now."),
}


def _call_name(word: object, lang: str) -> str:
    name = call_name(kind_of(str(word)), lang)
    if name is not None:
        return name
    return {"quiero": "quiero", "no-quiero": "no quiero", "con-flor-me-achico": "con flor me achico"}.get(
        str(word), str(word).replace("-", " ")
    )


def _seat_list(text: object, lang: str, names: Names) -> list[str]:
    seats = [int(part) for part in str(text).split(",") if part.strip().isdigit()]
    return [seat_name(seat, lang, names) for seat in seats]  # type: ignore[arg-type]


def _join(items: list[str], word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _fields(params: Mapping[str, object], lang: str, names: Names) -> dict[str, object]:
    """The template fields of a refusal's params, in *lang* (seat names, call names, derived texts)."""
    es = lang == "es"
    fields: dict[str, object] = dict(params)
    for key in ("call", "called", "answer", "accepted", "next", "chain"):
        if key in params:
            fields[f"{key}_name"] = _call_name(params[key], lang)
    for key in ("duel", "opponent", "turn"):
        value = params.get(key)
        if isinstance(value, int):
            fields[f"{key}_seat"] = seat_name(value, lang, names)  # type: ignore[arg-type]
    card = params.get("card")
    if isinstance(card, str):
        try:
            fields["card_name"] = card_with_article(Card.parse(card), lang)
        except ValueError:
            fields["card_name"] = card
    waiting = params.get("waiting")
    seats = _seat_list(params.get("waiting_seats", ""), lang, names)
    or_word = "o" if es else "or"
    if waiting == "turn":
        turn = fields.get("turn_seat", "")
        fields["waiting_text"] = f"le toca a {turn}" if es else f"it is {turn}'s turn"
    elif waiting == "declare":
        fields["waiting_text"] = (
            f"{_join(seats, or_word)} tiene que decir los tantos" if es else f"{_join(seats, or_word)} must declare"
        )
    elif waiting == "answer":
        call = _call_name(params.get("waiting_call", ""), lang)
        fields["waiting_text"] = (
            f"{_join(seats, or_word)} tiene que contestar el {call}"
            if es
            else f"{_join(seats, or_word)} must answer the {call}"
        )
    pending = params.get("pending")
    if pending is not None:
        if pending == "flor":
            fields["pending_text"] = "una flor" if es else "a flor"
        elif pending == "declaration":
            fields["pending_text"] = "una declaración de tantos" if es else "a declaration"
        else:
            fields["pending_text"] = f"el {_call_name(pending, lang)}" if es else f"the {_call_name(pending, lang)}"
    team, players = params.get("team"), params.get("players")
    if isinstance(team, int) and isinstance(players, int):
        holders = [seat_name(s, lang, names) for s in range(team, players, 2)]  # type: ignore[arg-type]
        fields["holder_text"] = _join(holders, "y" if es else "and")
        fields["holds"], fields["tiene"] = ("holds", "tiene") if len(holders) == 1 else ("hold", "tienen")
    if "answers" in params:
        answers = [_call_name(word, lang) for word in str(params["answers"]).split(",") if word]
        fields["answers_text"] = _join(answers, or_word)
    return fields


def describe_refusal(error: Exception, lang: Lang = "es", names: Names = None) -> str:
    """The reason an action was refused, said to the player who tried it (voseo in Spanish).

    *error* is the :class:`~pytruco.IllegalActionError` (or
    :class:`~pytruco.NotationError`) that :func:`pytruco.apply` or
    :meth:`pytruco.Action.parse` raised. The sentence is chosen by the
    error's stable ``code`` and filled from its ``params``, with the seat
    names given; an error without a known code gets its own message (English)
    after a general sentence.

    >>> from pytruco import new_game, apply, Action, Deal, IllegalActionError
    >>> from pytruco.text import describe_refusal
    >>> state = new_game("default", first_mano=0)
    >>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
    >>> try:
    ...     apply(state, Action.parse("1 3O"))
    ... except IllegalActionError as error:
    ...     spanish = describe_refusal(error, "es", ["Ana", "Beto"])
    >>> spanish.startswith("No")
    True
    """
    require(error, Exception, "describe_refusal", "an exception (an IllegalActionError or a NotationError)")
    check_lang(lang)
    code = getattr(error, "code", None)
    params = getattr(error, "params", None)
    if isinstance(code, str) and code in _REFUSALS:
        try:
            fields = _fields(params if isinstance(params, Mapping) else {}, lang, names)
            sentence = _REFUSALS[code][0 if lang == "es" else 1].format(**fields)
            return sentence[:1].upper() + sentence[1:]
        except (KeyError, IndexError, ValueError, AttributeError):
            pass  # params this version does not know: the general sentence below
    message = str(error)
    if isinstance(error, NotationError):
        return f"No entiendo esa jugada ({message})." if lang == "es" else f"Not an action ({message})."
    return f"No podés hacer eso ahora ({message})." if lang == "es" else message
