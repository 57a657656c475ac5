"""The heuristic bots: a sensible player built from a few estimates of the table, and a bully.

:class:`HeuristicBot` sings, calls and answers by :mod:`pytruco.bots._estimates`
and by how often the other side has called so far; :class:`TrucoAlwaysBot`
calls truco at every chance and never folds.

>>> import random
>>> from pytruco import new_game, apply, Deal, view
>>> from pytruco.bots._heuristic import HeuristicBot, TrucoAlwaysBot
>>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["4C", "5O", "6B"], ["1B", "3O", "3B"]]))
>>> HeuristicBot(bluff=0).act(view(state, 0), random.Random(1)), TrucoAlwaysBot().act(view(state, 0), random.Random(1))
(Action('0 5O'), Action('0 truco'))
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Literal

from .._engine import falta_value
from ..actions import ENVIDO_CALLS, TRUCO_CALLS, Action, Kind
from ..cards import Hand
from ..errors import ArgumentError
from ..views import SeatView
from ._estimates import envido_chance, flor_chance, round_win_chance
from ._protocol import OneHotPolicy
from ._reading import (
    by_kind,
    call_to_answer,
    dealt_cards,
    dealt_envido_points,
    finished_tricks,
    round_actions,
    seat_of,
)

__all__ = ["HeuristicBot", "TrucoAlwaysBot"]

PRIOR_RATES = (0.3, 0.25)
"""An honest player's truco and envido calls per hand: where a judgement of the other side starts."""
PRIOR_HANDS = 4.0
"""How many hands the prior weighs, against the hands seen."""
HIGH_STAKE = 7
"""Envido points at which an accepted envido is a high stake: what three calls of a chain are worth at the least
(envido, envido, real envido)."""


def _judged(truco: int, envido: int, hands: int) -> tuple[float, float]:
    """Call rates from *truco* and *envido* calls in *hands* hands, starting from the prior."""
    return (
        (truco + PRIOR_RATES[0] * PRIOR_HANDS) / (hands + PRIOR_HANDS),
        (envido + PRIOR_RATES[1] * PRIOR_HANDS) / (hands + PRIOR_HANDS),
    )


def _rates(seen: SeatView) -> tuple[float, float]:
    """How often the other side called truco and envido per hand so far
    (with a prior of an honest player), read from the public history."""
    return _side_rates(seen.history, seat_of(seen) & 1)


def _side_rates(history: Sequence[str], team: int) -> tuple[float, float]:
    """:func:`_rates` as *team* sees the other team."""
    hands = truco = envido = 0
    called_truco = called_envido = False
    for text in history:
        if text.startswith("deal "):
            hands += 1
            truco += called_truco
            envido += called_envido
            called_truco = called_envido = False
            continue
        seat_text, _, word = text.partition(" ")
        if not seat_text.isdigit() or int(seat_text) & 1 == team:
            continue
        if word == "truco":
            called_truco = True
        elif word in ("envido", "real-envido", "falta-envido"):
            called_envido = True
    return _judged(truco + called_truco, envido + called_envido, hands)


def _side_flags(history: Sequence[str], team: int) -> tuple[bool, bool]:
    """Whether the other team called truco, and envido, in the last hand of *history*."""
    start = max((i for i, text in enumerate(history) if text.startswith("deal")), default=-1)
    truco = envido = False
    for text in history[start + 1 :]:
        seat_text, _, word = text.partition(" ")
        if seat_text.isdigit() and int(seat_text) & 1 != team:
            truco = truco or word == "truco"
            envido = envido or word in ("envido", "real-envido", "falta-envido")
    return truco, envido


def _are_rates(rates: object) -> bool:
    return (
        isinstance(rates, tuple)
        and len(rates) == 2
        and all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x <= 1 for x in rates)
    )


def _high_falta(seen: SeatView) -> bool:
    """Whether an accepted falta is a high stake, as the rules value it (PRESETS.md §5, §9.1 ``falta_envido``):
    when it takes either team to the target (always so for the falta of the leader or of the loser) or is worth
    at least :data:`HIGH_STAKE` points (a falta that only takes the leader out of the malas may be worth less)."""
    score, target = seen.score, seen.rules.target
    for team in (0, 1):
        value = falta_value(seen.rules, score, team)
        if value is not None and (score[team] + value >= target or value >= HIGH_STAKE):
            return True
    return False


def _mixed(edge: float, spread: float = 0.1) -> float:
    """How often to take a choice whose estimated edge is *edge*: one in two at no edge, nearly always (or nearly
    never) far from it, so that a choice near its threshold cannot be read off the points.

    >>> from pytruco.bots._heuristic import _mixed
    >>> _mixed(0.0), round(_mixed(0.3), 2), round(_mixed(-0.3), 2)
    (0.5, 0.95, 0.05)
    """
    return 1.0 / (1.0 + math.exp(-edge / spread))


def _scores(seen: SeatView) -> tuple[int, int]:
    """The score of the seat's team and of the other team."""
    team = seat_of(seen) & 1
    return seen.score[team], seen.score[1 - team]


def _refusal(seen: SeatView, kinds: dict[Kind, list[Action]]) -> Action:
    """``no-quiero`` to the call to answer; where it is not legal, ``quiero``, else the first legal action."""
    refuse = kinds.get(Kind.NO_QUIERO) or kinds.get(Kind.QUIERO) or list(seen.legal)
    return refuse[0]


class HeuristicBot(OneHotPolicy):
    """A sensible player built from a few estimates of the table.

    It sings flor whenever it may, and answers a flor call by what the rules
    make it worth (:attr:`SeatView.pending <pytruco.views.SeatView.pending>`'s
    values: a weak flor declines a flor against flor worth more than the
    refusal, under the house rules ``flor_flor_value`` and ``flor_achico``); calls envido on good points (near its
    threshold only sometimes, and now and then on bad ones, a bluff); calls
    truco on a strong hand (and bluffs sometimes); accepts or refuses a call
    by its expected value, judging the caller by how often that side has
    called before (a side that calls truco every hand gets its truco
    accepted); below its threshold it still accepts an envido now and then
    (more often just below it), so that its answer cannot be read off its
    points; wins a trick with its cheapest card that does and otherwise
    throws its worst; declares its true points.

    Args:
        bluff: the chance of a bluff where one is possible; 0 also turns off the
            mixed envido (a player whose every choice follows from its cards: the
            search bot's model of the other side).
        rates: how often the other side calls truco and envido per hand
            (``None``: counted over the hands of the game so far, each hand
            this bot acted in counted once; ``"hand"``: the calls of the hand
            being played alone, with an honest player's prior, which is how a
            playout opponent judges a seat whose earlier hands it never saw).

    >>> import random
    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots import HeuristicBot
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["7C", "6C", "1E"], ["5O", "4O", "3B"]]))
    >>> HeuristicBot(bluff=0).act(view(state, 0), random.Random(1))  # 33 points
    Action('0 real-envido')
    """

    name = "heuristic"

    def __init__(self, *, bluff: float = 0.08, rates: tuple[float, float] | Literal["hand"] | None = None) -> None:
        if rates is not None and rates != "hand" and not _are_rates(rates):
            raise ArgumentError(f"HeuristicBot: rates must be None, 'hand' or two numbers in [0, 1], not {rates!r}")
        self.bluff = bluff
        self.rates = rates
        self._memory: dict[tuple[int, int], list[bool]] = {}

    def judge(self, seen: SeatView) -> tuple[float, float]:
        """How often the other side calls truco and envido per hand: as given, or as
        seen (in the view's history when it holds the whole game, else in the
        hands this bot has acted in so far), starting from an honest player's rates.

        >>> from pytruco import new_game, apply, Action, Deal, view
        >>> from pytruco.bots import HeuristicBot
        >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["4C", "5O", "6B"], ["1B", "3O", "3B"]]))
        >>> state, _ = apply(state, Action.parse("0 truco"))
        >>> seen = view(state, 1)  # seat 0 has called truco in this hand
        >>> [round(rate, 2) for rate in HeuristicBot().judge(seen)], HeuristicBot(rates=(0.9, 0.1)).judge(seen)
        ([0.44, 0.2], (0.9, 0.1))
        """
        rates = self.rates
        if rates == "hand" or (rates is None and sum(1 for text in seen.history if text.startswith("deal")) > 1):
            return _rates(seen)
        if rates is not None:
            return rates
        mine = self._remember(seen)
        return _judged(sum(value[0] for value in mine), sum(value[1] for value in mine), len(mine))

    def _remember(self, seen: SeatView) -> list[list[bool]]:
        """Note the other side's calls in the view's hand; the flags of every hand this seat has acted in."""
        history = seen.history
        number = getattr(seen, "rounds_dealt", None)
        seat = seat_of(seen)
        key = (seat, int(number) if number is not None else sum(1 for text in history if text.startswith("deal")))
        truco, envido = _side_flags(history, seat & 1)
        flags = self._memory.setdefault(key, [False, False])
        flags[0] = flags[0] or truco
        flags[1] = flags[1] or envido
        return [value for (other, _hand), value in self._memory.items() if other == seat]

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """Pick an action by the estimates above."""
        if self.rates is None:
            self._remember(view)  # every hand counts, not only those with a call to answer
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        kinds = by_kind(legal)
        if Kind.RPS in kinds:
            return rng.choice(kinds[Kind.RPS])
        if Kind.TENGO in kinds or (Kind.SON_BUENAS in kinds and Kind.QUIERO not in kinds):
            return self._declare(view, kinds)
        pending = call_to_answer(view)
        if pending is not None and pending in (Kind.FLOR, Kind.CONTRAFLOR, Kind.CONTRAFLOR_AL_RESTO):
            return self._answer_flor(view, kinds)
        if Kind.FLOR in kinds:
            return kinds[Kind.FLOR][0]
        if pending is not None and pending in ENVIDO_CALLS:
            return self._answer_envido(view, kinds, pending, rng)
        if pending is not None and pending in TRUCO_CALLS:
            envido = self._open_envido(view, kinds, rng)  # envido primero
            if envido is not None:
                return envido
            return self._answer_truco(view, kinds, pending, rng)
        envido = self._open_envido(view, kinds, rng)
        if envido is not None:
            return envido
        truco = self._call_truco(view, kinds, rng)
        if truco is not None:
            return truco
        if Kind.PLAY in kinds:
            return self._play(view, kinds[Kind.PLAY])
        safe = [a for a in legal if a.kind not in (Kind.MAZO, Kind.RENDIRSE)]
        return rng.choice(safe or list(legal))

    # -- envido and flor --------------------------------------------------
    def _mano(self, seen: SeatView) -> bool:
        return (seen.mano & 1) == (seat_of(seen) & 1)

    def _open_envido(self, seen: SeatView, kinds: dict[Kind, list[Action]], rng: random.Random) -> Action | None:
        calls = [kinds[k][0] for k in (Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO) if k in kinds]
        if not calls:
            return None
        points = dealt_envido_points(seen)
        chance = envido_chance(points, self._mano(seen))
        mine, theirs = _scores(seen)
        target = seen.rules.target
        if Kind.FALTA_ENVIDO in kinds and chance > 0.8 and theirs > target - 6 and mine < theirs:
            return kinds[Kind.FALTA_ENVIDO][0]
        if Kind.REAL_ENVIDO in kinds and chance > 0.9:
            return kinds[Kind.REAL_ENVIDO][0]
        # Mixed: above the threshold it calls, just below it often, further below rarely; a bad hand bluffs.
        if chance > 0.7 or (
            self.bluff and rng.random() < (2 * _mixed(chance - 0.7, 0.04) if chance >= 0.3 else self.bluff)
        ):
            return calls[0]
        return None

    def _answer_envido(
        self, seen: SeatView, kinds: dict[Kind, list[Action]], pending: Kind, rng: random.Random
    ) -> Action:
        points = dealt_envido_points(seen)
        _truco_rate, envido_rate = self.judge(seen)
        # The caller's points are better than one in (1 - rate) holdings.
        chance = envido_chance(points, self._mano(seen))
        conditional = max(0.0, (chance - (1 - envido_rate)) / envido_rate) if envido_rate < 1 else chance
        conditional = 0.5 * conditional + 0.5 * chance**2 if envido_rate > 0.45 else conditional
        mine, theirs = _scores(seen)
        target = seen.rules.target
        stake_high = (pending is Kind.FALTA_ENVIDO and _high_falta(seen)) or len(seen.envido_calls) >= 3
        need = 0.45 if stake_high else 0.25
        if theirs + 3 >= target:  # refusing may hand them the game anyway
            need -= 0.15
        if mine + 2 >= target:
            need -= 0.1
        raises = [kinds[k][0] for k in (Kind.ENVIDO, Kind.REAL_ENVIDO, Kind.FALTA_ENVIDO) if k in kinds]
        if raises and chance > 0.93 and not stake_high:
            return raises[-1] if theirs > target - 6 and Kind.FALTA_ENVIDO in kinds else raises[0]
        if raises and chance < 0.2 and rng.random() < self.bluff / 2:
            return raises[0]
        # Mixed, as the truco: an answer near the threshold goes either way (and a weak hand sometimes accepts,
        # so that a bluffed envido does not always win), and only a strong hand always accepts.
        sure = chance > 0.85 or conditional > need
        mix = self.bluff and not stake_high
        if Kind.QUIERO in kinds and (sure or (mix and rng.random() < self._see(conditional - need, chance))):
            return kinds[Kind.QUIERO][0]
        return _refusal(seen, kinds)

    def _see(self, edge: float, chance: float) -> float:
        """How often to accept an envido a little below the threshold (*edge* < 0), to be hard to read: often
        just below it, and at 20 points or more (*chance* 0.4) one time in ten, to catch bluffs."""
        return max(2 * _mixed(edge, 0.05), 0.1 if chance >= 0.4 else 0.0)

    def _answer_flor(self, seen: SeatView, kinds: dict[Kind, list[Action]]) -> Action:
        dealt = dealt_cards(seen)
        points = Hand(dealt).flor_points(seen.rules.flor_count_three) if len(dealt) == 3 else None
        if points is None:
            refuse = kinds.get(Kind.NO_QUIERO) or kinds.get(Kind.CON_FLOR_ME_ACHICO) or kinds.get(Kind.QUIERO)
            return (refuse or list(seen.legal))[0]
        if points >= 35 and Kind.CONTRAFLOR_AL_RESTO in kinds:
            return kinds[Kind.CONTRAFLOR_AL_RESTO][0]
        if points >= 31 and Kind.CONTRAFLOR in kinds:
            return kinds[Kind.CONTRAFLOR][0]
        accept = kinds.get(Kind.FLOR) or kinds.get(Kind.QUIERO)  # a flor against the first flor, or quiero
        decline = kinds.get(Kind.CON_FLOR_ME_ACHICO) or kinds.get(Kind.NO_QUIERO)
        if accept and (not decline or self._takes_flor(seen, points, Kind.FLOR in kinds)):
            return accept[0]
        return (decline or list(seen.legal))[0]

    def _takes_flor(self, seen: SeatView, points: int, against_first: bool) -> bool:
        """Whether to take on the flor call to answer (a flor against the first flor, or ``quiero``) rather than
        decline it (``no-quiero``, ``con-flor-me-achico``), by what the call is worth as the rules say (PRESETS.md
        §9.2, §9.3, §9.8: the pending call's values): always when declining gives at least what losing could (or
        the game); against a first flor when the chance of the better flor makes its value worth more than the
        sure refusal; a later call of the chain at 29 points or more."""
        pending = seen.pending
        accepted = None if pending is None else pending.if_accepted  # None: the game, or a falta that depends
        refused = 0 if pending is None else pending.if_refused
        _mine, theirs = _scores(seen)
        if (accepted is not None and accepted <= refused) or theirs + refused >= seen.rules.target:
            return True
        if against_first and accepted is not None:
            chance = flor_chance(points, self._mano(seen), seen.rules.flor_count_three)
            return chance * accepted - (1 - chance) * accepted >= -refused
        return points >= 29

    def _declare(self, seen: SeatView, kinds: dict[Kind, list[Action]]) -> Action:
        dealt = dealt_cards(seen)
        flor = Hand(dealt).flor_points(seen.rules.flor_count_three) if len(dealt) == 3 else None
        true = {dealt_envido_points(seen)}
        if flor is not None:
            true.add(flor)
        best = -1
        for action in round_actions(seen):
            if action.kind is Kind.TENGO and action.points is not None and action.seat & 1 != seat_of(seen) & 1:
                best = max(best, action.points)
        options = kinds.get(Kind.TENGO, [])
        honest = [a for a in options if a.points in true]
        if Kind.SON_BUENAS in kinds and honest and max(a.points or 0 for a in honest) < best:
            return kinds[Kind.SON_BUENAS][0]
        if honest:
            return max(honest, key=lambda a: a.points or 0)
        if Kind.SON_BUENAS in kinds:
            return kinds[Kind.SON_BUENAS][0]
        return options[0] if options else seen.legal[0]

    # -- truco -------------------------------------------------------------
    def _call_truco(self, seen: SeatView, kinds: dict[Kind, list[Action]], rng: random.Random) -> Action | None:
        calls = [kinds[k][0] for k in TRUCO_CALLS if k in kinds]
        if not calls:
            return None
        chance = round_win_chance(seen)
        threshold = (0.7, 0.78, 0.85)[TRUCO_CALLS.index(calls[0].kind)]
        if chance > threshold:
            return calls[0]
        if chance < 0.35 and calls[0].kind is Kind.TRUCO and rng.random() < self.bluff:
            return calls[0]
        return None

    def _answer_truco(
        self, seen: SeatView, kinds: dict[Kind, list[Action]], pending: Kind, rng: random.Random
    ) -> Action:
        chance = round_win_chance(seen)
        truco_rate, _envido_rate = self.judge(seen)
        level = TRUCO_CALLS.index(pending)  # 0 truco, 1 retruco, 2 vale cuatro
        # Judge the caller: a side that calls on a share *rate* of its hands
        # holds one of its better hands when it calls.
        rate = min(1.0, truco_rate * (1.0, 0.8, 0.65)[level])
        conditional = chance ** (1.0 / max(rate, 0.15))
        if truco_rate > 0.6:
            conditional = max(conditional, chance * 0.9)
        call = seen.pending  # the truco call to answer: the view says what it is worth
        assert call is not None and call.if_accepted is not None
        refused, accepted = call.if_refused, call.if_accepted
        need = (1 - refused / accepted) / 2 + 0.05
        mine, theirs = _scores(seen)
        if theirs + refused >= seen.rules.target:
            need = 0.0  # refusing loses the game: play it out
        raises = [kinds[k][0] for k in TRUCO_CALLS if k in kinds]
        if raises and (conditional > 0.7 or (chance > 0.85 and truco_rate > 0.5)):
            return raises[0]
        if Kind.QUIERO in kinds and (conditional > need or (mine + 1 >= seen.rules.target and chance > 0.4)):
            return kinds[Kind.QUIERO][0]
        if raises and chance < 0.2 and rng.random() < self.bluff / 3:
            return raises[0]
        return _refusal(seen, kinds)

    # -- cards -------------------------------------------------------------
    def _play(self, seen: SeatView, plays: list[Action]) -> Action:
        def strength(action: Action) -> int:
            assert action.card is not None
            return action.card.strength

        ordered = sorted(plays, key=strength)
        team = seat_of(seen) & 1
        table = seen.current_trick
        if not table:
            if len(ordered) == 3:
                return ordered[1]
            tricks = finished_tricks(seen)
            won_first = bool(tricks) and tricks[0][1] == team
            return ordered[0] if won_first and round_win_chance(seen) < 0.5 else ordered[-1]
        top = max(card.strength for _seat, card in table)
        ours = any(card.strength == top and s & 1 == team for s, card in table)
        if ours:
            return ordered[0]
        winners = [a for a in ordered if strength(a) > top]
        if winners:
            return winners[0]
        ties = [a for a in ordered if strength(a) == top]
        tricks = finished_tricks(seen)
        if ties and (not tricks or tricks[0][1] == team):
            return ties[0]
        return ordered[0]


class TrucoAlwaysBot(HeuristicBot):
    """Calls truco (and raises) at every chance and never folds: it never says
    ``no-quiero`` nor goes to the mazo. Otherwise it plays like
    :class:`HeuristicBot` (without bluffs).

    >>> import random
    >>> from pytruco import new_game, apply, Deal, view
    >>> from pytruco.bots import TrucoAlwaysBot
    >>> state, _ = apply(new_game("default", first_mano=0), Deal.parse([["4C", "5O", "6B"], ["1B", "3O", "3B"]]))
    >>> TrucoAlwaysBot().act(view(state, 0), random.Random(1))
    Action('0 truco')
    """

    name = "truco-always"

    def __init__(self) -> None:
        super().__init__(bluff=0.0)

    def act(self, view: SeatView, rng: random.Random) -> Action:
        """A truco call when there is one, else ``quiero``, else the heuristic."""
        kinds = by_kind(view.legal)
        for kind in TRUCO_CALLS:
            if kind in kinds:
                return kinds[kind][0]
        if Kind.QUIERO in kinds:
            return kinds[Kind.QUIERO][0]
        action = super().act(view, rng)
        if action.kind in (Kind.NO_QUIERO, Kind.MAZO, Kind.CON_FLOR_ME_ACHICO):
            others = [a for a in view.legal if a.kind not in (Kind.NO_QUIERO, Kind.MAZO, Kind.CON_FLOR_ME_ACHICO)]
            return others[0] if others else action
        return action
