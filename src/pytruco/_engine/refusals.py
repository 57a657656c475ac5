"""Why an action is refused: a stable code, its parameters and the English sentence.

Every :class:`~pytruco.IllegalActionError` carries a ``code`` from :data:`MESSAGES` (stable: a code is never
renamed or reused; new ones may be added) and ``params``, a dict of str to int, str or ``None``. A frontend can
write its own sentence from them (another language, a tooltip) instead of showing ``str(error)``; the English
sentences below are the messages the library raises, word for word.

Parameters that recur: ``seat`` (the acting seat), ``text`` (the action as notation), ``call`` (a call's word,
``"retruco"``), ``preset`` (the rules' preset name), ``players``. A few are lists written as comma-separated text
(``answers``, ``allowed``, ``legal``, ``waiting_seats``). ``pending`` names what blocks the action:
``"flor"``, ``"declaration"`` or a call's word. ``waiting`` says what the table waits for: ``"answer"`` (from
``waiting_seats``, to the call ``waiting_call``), ``"declare"`` (``waiting_seats``) or ``"turn"`` (of seat
``turn``).

>>> from pytruco import Action, Deal, IllegalActionError, apply, new_game
>>> state = new_game("default", first_mano=0)
>>> state, _ = apply(state, Deal.parse([["1E", "7E", "4C"], ["1B", "3O", "3B"]]))
>>> try:
...     apply(state, Action.parse("1 truco"))
... except IllegalActionError as error:
...     print(error.code, error.params["waiting"], error.params["turn"])
...     print(english(error.code, error.params))
not-your-turn turn 0
seat 1 cannot act now: it is seat 0's turn
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ..errors import IllegalActionError

__all__ = ["MESSAGES", "Params", "Refusal", "english", "error"]

Params = dict[str, "int | str | None"]


class Refusal(NamedTuple):
    """A refusal before it becomes an :class:`~pytruco.IllegalActionError`: its code and parameters."""

    code: str
    params: Params


MESSAGES: Final[dict[str, str]] = {
    # The table: the deal, the match, seats and phases.
    "not-an-action": "not an action: {action}",
    "deal-after-match": "the match is over: no more deals",
    "deal-not-now": "cannot deal now: the table is waiting for {phase}",
    "bad-deal": "bad deal: {problem}",
    "match-over": "the match is over: {text!r} cannot be played",
    "no-such-seat": "there is no seat {seat} at a table of {players}",
    "cannot-concede": "seat {seat} cannot concede now",
    "before-deal": "seat {seat} cannot act before the hand is dealt ({text!r})",
    "rps-before-deal": "rock-paper-scissors decides the first mano before the deal: {text!r} is not allowed",
    "rps-already-chosen": "seat {seat} has already chosen in this round of rock-paper-scissors",
    "rps-after-deal": "rock-paper-scissors is only played before the first deal",
    "record-full": "the record of this {part} is full: it lists {count} actions and holds at most {limit}, "
    "so only rendirse can end the match",
    "record-hands-full": "the record is full: it lists {limit} hands, the most it holds, "
    "so no more deals (only rendirse can end the match)",
    # Turns: who may act.
    "waits-for-duel": "seat {seat} waits for its duel: this is duel {duel} of the pica hand, "
    "seat {duel} against seat {opponent}",
    "duel-played": "seat {seat} has played its duel: this is duel {duel} of the pica hand, "
    "seat {duel} against seat {opponent}",
    "folded": "seat {seat} went to the mazo and is out of this hand",
    "answer-own-call": "seat {seat} cannot answer its own team's {call}",
    "raise-own-call": "seat {seat} cannot raise its own team's {call}: {waiting_text}",
    "raise-out-of-turn": "seat {seat} cannot raise to {call} now: a raise is made on one's own turn "
    "or as an answer, and {waiting_text}",
    "not-your-turn": "seat {seat} cannot act now: {waiting_text}",
    "timeout-not-to-act": "seat {seat} is not to act",
    "must-sing-flor": "seat {seat} holds flor and must sing it before any other action (flor is mandatory in {preset})",
    "not-allowed": "{text!r} is not allowed now (seat {seat} may: {legal_text})",
    # Cards and tricks.
    "play-while-pending": "no card may be played while {pending_text} is pending",
    "card-not-held": "seat {seat} does not hold {card}",
    # Truco.
    "truco-while-pending": "{call} is not an answer to {pending_text}: the envido or flor is settled first",
    "truco-last-level": "vale-cuatro is the last level: answer quiero or no-quiero",
    "truco-answer-skips": "no level is skipped: the answer to {called} is {answer}, not {call}",
    "truco-all-accepted": "vale-cuatro was accepted: there is nothing left to raise",
    "raise-needs-quiero": "seat {seat} cannot raise to {call}: {holder_text} {holds} the quiero",
    "truco-first-call": "no level is skipped: the first call is truco, not {call}",
    "truco-next-call": "{accepted} was already accepted: the next call is {next}, not {call}",
    "truco-not-now": "seat {seat} cannot call {call} now",
    # Envido.
    "envido-chain-closed": "nothing may raise {chain}: answer quiero or no-quiero",
    "envido-raise-not-allowed": "{call} cannot follow {chain} in {preset} (allowed: {allowed_text})",
    "envido-after-flor": "no envido once a flor is sung in the hand",
    "envido-one-chain": "a hand has at most one envido chain",
    "envido-after-truco": "no envido once a truco was accepted",
    "envido-not-truco-answer": "{call} is not an answer to a truco in {preset}",
    "envido-primero-first-truco": "envido primero answers only the first truco",
    "envido-opening-call": "the envido opens with envido in {preset}, not {call}",
    "envido-first-trick": "the envido can only be called during the first trick",
    "envido-card-played": "seat {seat} has played its card: it can no longer open the envido",
    "envido-window-closed": "the envido can only be called before the first card of the hand "
    "and before any truco ({preset})",
    "envido-not-now": "seat {seat} cannot call {call} now",
    # Flor.
    "no-flor": "flor is not in play in {preset}",
    "flor-not-held": "seat {seat} does not hold flor (three cards of one suit)",
    "flor-already-sung": "seat {seat} has already sung its flor",
    "flor-card-played": "seat {seat} has played its first card: its flor window is closed",
    "flor-before-first-card": "in {preset} flor is sung before the first card of the hand",
    "flor-envido-answered": "the flor may answer only the first envido call; "
    "once that call is answered any other way, no flor",
    "flor-no-longer": "seat {seat} can no longer sing flor in this hand",
    "flor-not-now": "seat {seat} cannot sing flor now",
    "no-contraflor": "there is no contraflor in {preset}",
    "no-contraflor-al-resto": "there is no contraflor al resto in {preset}",
    "achico-answers-second-flor": "{call} answers a second flor only, from the seat that sang the first",
    "achico-answers-first-flor": "{call} declines the first flor only: "
    "a contraflor or contraflor-al-resto is refused with no-quiero",
    "answers-flor-only": "{call} answers a flor only",
    "not-a-flor-answer": "{call} is not an answer to a flor in {preset}: answer {answers_text}",
    "not-a-second-flor-answer": "{call} is not an answer to a second flor: "
    "answer quiero, con-flor-me-achico or contraflor-al-resto",
    # Declarations.
    "no-declaration-due": "there is no declaration due",
    "son-buenas-first": "seat {seat} speaks first and must say tengo N: son-buenas is not allowed",
    "flor-points-untrue": "flor points are declared truly: seat {seat} has {points}, not {declared}",
    "envido-value-impossible": "{declared} is not a possible envido value (0-7 or 20-38)",
    "envido-points-untrue": "seat {seat} must declare its true envido points ({points}), not {declared}",
    "declare-not-answer": "seat {seat} must declare its points, not answer {call}",
    # Answers and the mazo.
    "nothing-to-answer": "there is no call for seat {seat} to answer",
    "mazo-while-declaring": "seat {seat} cannot go to the mazo while a declaration is due from it",
    "mazo-with-pending": "seat {seat} cannot go to the mazo with {pending_text} pending in {preset}: answer first",
    "mano-acts-first": "the mano cannot go to the mazo before it has acted in the hand ({preset})",
    "mazo-not-now": "seat {seat} cannot go to the mazo now",
}
"""Every refusal code and its English sentence (a :meth:`str.format` template over the parameters and the
derived ``*_text`` fields of :func:`english`)."""


def _seats(text: object, joiner: str) -> str:
    return joiner.join(f"seat {seat}" for seat in str(text).split(","))


def english(code: str, params: Params) -> str:
    """The English sentence of a refusal (what ``str(error)`` says).

    >>> english("raise-needs-quiero", {"seat": 0, "call": "retruco", "team": 1, "players": 2})
    'seat 0 cannot raise to retruco: seat 1 holds the quiero'
    """
    fields: dict[str, object] = dict(params)
    waiting = params.get("waiting")
    if waiting == "turn":
        fields["waiting_text"] = f"it is seat {params['turn']}'s turn"
    elif waiting == "declare":
        fields["waiting_text"] = f"{_seats(params['waiting_seats'], ' or ')} must declare"
    elif waiting == "answer":
        fields["waiting_text"] = f"{_seats(params['waiting_seats'], ' or ')} must answer the {params['waiting_call']}"
    pending = params.get("pending")
    if pending is not None:
        fields["pending_text"] = f"a {pending}" if pending in ("flor", "declaration") else f"the {pending}"
    if "team" in params and "players" in params:
        team, players = params["team"], params["players"]
        assert isinstance(team, int) and isinstance(players, int)
        holders = [f"seat {seat}" for seat in range(team, players, 2)]
        fields["holder_text"] = " and ".join(holders)
        fields["holds"] = "holds" if len(holders) == 1 else "hold"
    for name, joiner in (("answers", " or "), ("allowed", ", "), ("legal", ", ")):
        if name in params:
            fields[f"{name}_text"] = joiner.join(str(params[name]).split(",")) if params[name] else ""
    return MESSAGES[code].format(**fields)


def error(refusal: Refusal) -> IllegalActionError:
    """The :class:`~pytruco.IllegalActionError` of *refusal*, with its English message."""
    return IllegalActionError(english(refusal.code, refusal.params), code=refusal.code, params=refusal.params)
