"""A small game solved exactly: a research configuration of one hand, small enough for exact best responses and CFR.

The one-hand game of the presets has about 2.5e13 histories; nothing computes its exploitability. The small game
keeps the engine's rules (the ``default`` preset with the research option ``hands=1``, seat 0 the mano) and shrinks
the game in two ways, both stated here and in :doc:`/rules/small`:

- **a small deck**: chance deals 3 cards to each seat from a fixed set of 7 cards (:data:`DEFAULT_CARDS`: a pair
  of threes that tie, the two best cards, three cards of oros for the envido), every one of the 140 deals equally
  likely; each seat knows the card left out of its own hand only as one of four;
- **fewer calls**: an abstraction layer over :func:`pytruco.legal_actions` keeps the cards, ``quiero`` and
  ``no-quiero``, the envido declarations the engine asks for, and only the calls named in *calls* (``truco`` by
  default; ``retruco``, ``envido``: one envido call a hand, never raised, and ``mazo`` on request). A decision
  with one action left is played at once and is not a decision of the small game.

The utility is the hand's points: seat 0's team's minus seat 1's. Information sets are keyed by what the acting
seat sees: its seat and :attr:`pytruco.views.SeatView.history` (its own cards and the public actions), so a hidden
card never reaches a key. The tree is expanded once into flat lists; :meth:`SmallGame.best_response_value`,
:meth:`SmallGame.nash_conv` and :meth:`SmallGame.exploitability` are exact, :meth:`SmallGame.cfr` runs CFR+.

>>> from pytruco.solve import SmallGame
>>> game = SmallGame.build(deals=[[["1E", "1B", "7E"], ["7O", "3C", "2B"]]])
>>> game.num_deals, game.value(game.uniform_policy()) > 0
(1, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import NamedTuple

from ._engine import State, apply, legal_actions, new_game
from .actions import Action, Deal, Kind
from .errors import ArgumentError
from .rules import RuleSet
from .views import view

__all__ = ["CALLS", "DEFAULT_CARDS", "SmallGame", "Summary"]

DEFAULT_CARDS: tuple[str, ...] = ("1E", "1B", "3C", "3B", "7O", "5O", "4O")
"""The small deck: the two best cards, two threes (a tie), and three oros (envido 29 or 27 with a pair of them).

>>> from pytruco.solve import DEFAULT_CARDS
>>> len(DEFAULT_CARDS)
7
"""

CALLS: Mapping[str, Kind] = {
    "truco": Kind.TRUCO,
    "retruco": Kind.RETRUCO,
    "envido": Kind.ENVIDO,
    "mazo": Kind.MAZO,
}
"""The calls a small game may keep, by name.

>>> from pytruco.solve import CALLS
>>> sorted(CALLS)
['envido', 'mazo', 'retruco', 'truco']
"""

_ALWAYS = frozenset({Kind.PLAY, Kind.QUIERO, Kind.NO_QUIERO, Kind.TENGO, Kind.SON_BUENAS})

InfoKey = tuple[int, tuple[str, ...]]
"""An information set: the acting seat and its view's history (its own cards, then the public actions)."""

Policy = dict[InfoKey, tuple[float, ...]]
"""A behaviour policy: for each information set, a probability per action of :meth:`SmallGame.actions`."""


class Summary(NamedTuple):
    """The figures of a policy played against itself (:meth:`SmallGame.summary`).

    A seat holds *the losing cards* of a deal when, with both hands face up and no call, the other seat wins the
    hand; a truco called from the losing cards is a bluff.

    >>> from pytruco.solve import Summary
    >>> Summary._fields[:3]
    ('value', 'mano_wins', 'truco_called')
    """

    value: float
    """Seat 0's (the mano's) expected points a hand; seat 1's is its negative."""
    mano_wins: float
    """The probability that seat 0's team scores more points than seat 1's in the hand."""
    truco_called: float
    """The probability that a truco is called in the hand."""
    truco_accepted: float
    """The probability that a truco is called and accepted."""
    bluff_share: float
    """The share of truco calls made from the losing cards."""
    weak_calls: tuple[float, float]
    """For each seat, the probability that it calls truco when it holds the losing cards (how often it bluffs)."""
    strong_calls: tuple[float, float]
    """For each seat, the probability that it calls truco when it holds the winning cards."""


class SmallGame:
    """The small game's tree, expanded once: its deals, histories and information sets.

    Build one with :meth:`build`. Nodes are numbers in preorder (a parent before its children); the deals are
    the chance outcomes at the root, equally likely.

    >>> strong, weak, middle = ["1E", "1B", "7E"], ["4C", "5O", "6B"], ["7O", "3C", "2B"]
    >>> game = SmallGame.build(deals=[[strong, middle], [weak, middle]])
    >>> game.num_deals, game.num_histories, len(game.infosets), game.utility_range
    (2, 758, 335, 4.0)
    >>> round(game.value(game.cfr(300)), 3)  # the mano's value, 1/3 (tests/test_solve.py solves it by hand)
    0.333
    """

    def __init__(self, rules: RuleSet, allowed: frozenset[Kind], deals: Sequence[Deal]) -> None:
        self.rules = rules
        self.allowed = allowed
        self.deals = tuple(deals)
        self.actor: list[int] = []
        self.info: list[int] = []
        self.children: list[tuple[int, ...]] = []
        self.utility: list[float] = []
        self.label: list[str] = []
        self.infosets: list[InfoKey] = []
        self.index: dict[InfoKey, int] = {}
        self.labels: list[tuple[str, ...]] = []
        self.members: list[list[int]] = []
        self.roots: list[int] = []
        self.strong: list[int] = []
        root = new_game(rules, first_mano=0)
        for deal in self.deals:
            state, _ = apply(root, deal)
            self.roots.append(self._expand(state, "deal"))
            self.strong.append(0 if _play_value(state) > 0 else 1)

    @classmethod
    def build(
        cls,
        cards: Iterable[str] = DEFAULT_CARDS,
        calls: Iterable[str] = ("truco",),
        deals: Iterable[Sequence[Sequence[str]]] | None = None,
    ) -> SmallGame:
        """The small game of *cards* (every deal of 3 cards each, or the explicit *deals*) and *calls*.

        Raises:
            ArgumentError: an unknown call, or fewer than 6 cards.

        >>> SmallGame.build(calls=["truco", "bet"])
        Traceback (most recent call last):
        ...
        pytruco.errors.ArgumentError: unknown call 'bet' (known: envido, mazo, retruco, truco)
        """
        allowed = set(_ALWAYS)
        for name in calls:
            if name not in CALLS:
                raise ArgumentError(f"unknown call {name!r} (known: {', '.join(sorted(CALLS))})")
            allowed.add(CALLS[name])
        if deals is None:
            cards = tuple(cards)
            if len(cards) < 6:
                raise ArgumentError(f"a small deck needs at least 6 cards, not {len(cards)}")
            deal_list = [
                Deal.parse([list(h0), list(h1)])
                for h0 in itertools.combinations(cards, 3)
                for h1 in itertools.combinations([c for c in cards if c not in h0], 3)
            ]
        else:
            deal_list = [Deal.parse(deal) for deal in deals]
        rules = RuleSet.preset("default", hands=1)
        return cls(rules, frozenset(allowed), [deal.canonical() for deal in deal_list])

    # ------------------------------------------------------------------ the tree
    def _moves(self, state: State) -> list[Action]:
        """The actions the abstraction keeps at *state*."""
        moves = []
        for action in legal_actions(state):
            if action.kind not in self.allowed:
                continue
            if action.kind is Kind.ENVIDO and view(state, action.seat).envido.calls:
                continue  # one envido call a hand, never raised
            moves.append(action)
        if not moves:
            raise ArgumentError(f"the small game's calls leave no action at {state.history[-1:]!r}")
        return moves

    def _expand(self, state: State, label: str) -> int:
        """Add *state*'s subtree (the node reached by *label*) and return its number."""
        moves = self._moves(state) if not state.is_over else []
        while len(moves) == 1:
            state, _ = apply(state, moves[0])
            moves = self._moves(state) if not state.is_over else []
        node = len(self.actor)
        self.label.append(label)
        self.children.append(())
        if state.is_over:
            points = state.round_points
            self.actor.append(-1)
            self.info.append(-1)
            self.utility.append(float(points[0] - points[1]))
            return node
        seat = moves[0].seat
        self.actor.append(seat)
        self.utility.append(0.0)
        self.info.append(self._infoset(state, seat, moves))
        self.members[self.info[node]].append(node)
        self.children[node] = tuple(self._expand(apply(state, move)[0], str(move)) for move in moves)
        return node

    def _infoset(self, state: State, seat: int, moves: Sequence[Action]) -> int:
        key: InfoKey = (seat, tuple(view(state, seat).history))
        labels = tuple(str(move) for move in moves)
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.infosets)
            self.infosets.append(key)
            self.labels.append(labels)
            self.members.append([])
        elif self.labels[found] != labels:
            raise AssertionError(f"information set {key!r} has two menus")  # the engine's views would leak
        return found

    # ------------------------------------------------------------------ figures of the tree
    @property
    def num_deals(self) -> int:
        """The number of chance outcomes (deals)."""
        return len(self.deals)

    @property
    def num_histories(self) -> int:
        """Histories: decision nodes and terminal nodes (the chance root not counted)."""
        return len(self.actor)

    @property
    def num_terminals(self) -> int:
        """Terminal histories."""
        return self.actor.count(-1)

    @property
    def utility_range(self) -> float:
        """The highest terminal utility minus the lowest."""
        ends = [u for u, a in zip(self.utility, self.actor, strict=True) if a < 0]
        return max(ends) - min(ends)

    def actions(self, key: InfoKey) -> tuple[str, ...]:
        """The actions of information set *key*, in the order of a policy's probabilities."""
        return self.labels[self.index[key]]

    # ------------------------------------------------------------------ policies
    def uniform_policy(self) -> Policy:
        """Every action of every information set equally likely."""
        return {key: (1 / len(labels),) * len(labels) for key, labels in zip(self.infosets, self.labels, strict=True)}

    def policy_from(self, choose: Callable[[InfoKey, tuple[str, ...]], Sequence[float]]) -> Policy:
        """The policy that *choose* gives for each information set and its actions."""
        return {key: tuple(choose(key, labels)) for key, labels in zip(self.infosets, self.labels, strict=True)}

    def _table(self, policy: Mapping[InfoKey, Sequence[float]]) -> list[tuple[float, ...]]:
        table = []
        for key, labels in zip(self.infosets, self.labels, strict=True):
            probs = policy.get(key)
            if probs is None or len(probs) != len(labels):
                raise ArgumentError(f"the policy has no {len(labels)} probabilities for information set {key!r}")
            if min(probs) < 0.0 or abs(sum(probs) - 1.0) > 1e-6:
                raise ArgumentError(f"the probabilities {tuple(probs)!r} of information set {key!r} do not sum to 1")
            table.append(tuple(probs))
        return table

    def _values(self, table: Sequence[Sequence[float]]) -> list[float]:
        """Every node's expected utility (seat 0's) when both seats play *table*."""
        values = [0.0] * len(self.actor)
        for node in range(len(self.actor) - 1, -1, -1):
            if self.actor[node] < 0:
                values[node] = self.utility[node]
            else:
                probs = table[self.info[node]]
                values[node] = sum(p * values[c] for p, c in zip(probs, self.children[node], strict=True))
        return values

    def value(self, policy: Mapping[InfoKey, Sequence[float]]) -> float:
        """Seat 0's expected points when both seats play *policy*."""
        values = self._values(self._table(policy))
        return sum(values[root] for root in self.roots) / len(self.roots)

    def _reach(self, table: Sequence[Sequence[float]], skip: int) -> list[float]:
        """Each node's probability from chance and every seat but *skip* (-1: every seat)."""
        reach = [0.0] * len(self.actor)
        for root in self.roots:
            reach[root] = 1 / len(self.roots)
        for node, kids in enumerate(self.children):
            if kids:
                actor = self.actor[node]
                probs = table[self.info[node]]
                for p, child in zip(probs, kids, strict=True):
                    reach[child] = reach[node] * (1.0 if actor == skip else p)
        return reach

    def best_response_value(self, policy: Mapping[InfoKey, Sequence[float]], seat: int) -> float:
        """The most *seat* can expect (its own points minus the other's) against the other seat's *policy*.

        An exact best response: each of *seat*'s information sets takes the action of highest counterfactual
        value, deepest first.
        """
        table = self._table(policy)
        reach = self._reach(table, seat)
        sign = 1.0 if seat == 0 else -1.0
        values: dict[int, float] = {}
        best: dict[int, int] = {}

        def value_of(node: int) -> float:
            found = values.get(node)
            if found is None:
                kids = self.children[node]
                if not kids:
                    found = sign * self.utility[node]
                elif self.actor[node] == seat:
                    found = value_of(kids[choice(self.info[node])])
                else:
                    probs = table[self.info[node]]
                    found = sum(p * value_of(c) for p, c in zip(probs, kids, strict=True) if p > 0.0)
                values[node] = found
            return found

        def choice(infoset: int) -> int:
            if infoset not in best:
                totals = [0.0] * len(self.labels[infoset])
                for node in self.members[infoset]:
                    for a, child in enumerate(self.children[node]):
                        totals[a] += reach[node] * value_of(child)
                best[infoset] = max(range(len(totals)), key=totals.__getitem__)
            return best[infoset]

        return sum(value_of(root) for root in self.roots) / len(self.roots)

    def nash_conv(self, policy: Mapping[InfoKey, Sequence[float]]) -> float:
        """The sum over both seats of what a best response gains over *policy* (0 at an equilibrium)."""
        own = self.value(policy)
        return self.best_response_value(policy, 0) - own + self.best_response_value(policy, 1) + own

    def exploitability(self, policy: Mapping[InfoKey, Sequence[float]]) -> float:
        """Half the NashConv (OpenSpiel's convention for two players), in points a hand."""
        return self.nash_conv(policy) / 2

    # ------------------------------------------------------------------ CFR+
    def cfr(self, iterations: int, *, on_iteration: Callable[[int, Policy], None] | None = None) -> Policy:
        """The average policy of *iterations* of CFR+ (regret matching+, alternating updates, linear averaging).

        *on_iteration*, when given, is called after each iteration with its number and the average so far.
        """
        size = [len(labels) for labels in self.labels]
        regrets = [[0.0] * n for n in size]
        totals = [[0.0] * n for n in size]
        for t in range(1, iterations + 1):
            for seat in (0, 1):
                current = [_matched(r) for r in regrets]
                self._cfr_pass(seat, current, regrets, totals, float(t))
            if on_iteration is not None:
                on_iteration(t, self._average(totals))
        return self._average(totals)

    def _cfr_pass(
        self, seat: int, current: list[list[float]], regrets: list[list[float]], totals: list[list[float]], w: float
    ) -> None:
        sign = 1.0 if seat == 0 else -1.0
        actor, info, children, utility = self.actor, self.info, self.children, self.utility

        def walk(node: int, own: float, other: float) -> float:
            kids = children[node]
            if not kids:
                return sign * utility[node]
            infoset = info[node]
            probs = current[infoset]
            if actor[node] != seat:
                # no pruning of the other seat's unlikely actions: the average must count every own reach
                return sum(p * walk(c, own, other * p) for p, c in zip(probs, kids, strict=True))
            values = [walk(c, own * p, other) for p, c in zip(probs, kids, strict=True)]
            mean = sum(p * v for p, v in zip(probs, values, strict=True))
            regret, total = regrets[infoset], totals[infoset]
            for a, v in enumerate(values):
                regret[a] = max(0.0, regret[a] + other * (v - mean))
                total[a] += w * own * probs[a]
            return mean

        for root in self.roots:
            walk(root, 1.0, 1 / len(self.roots))

    def _average(self, totals: list[list[float]]) -> Policy:
        policy: Policy = {}
        for key, total in zip(self.infosets, totals, strict=True):
            mass = sum(total)
            policy[key] = tuple(x / mass for x in total) if mass > 0 else (1 / len(total),) * len(total)
        return policy

    # ------------------------------------------------------------------ the equilibrium's figures
    def summary(self, policy: Mapping[InfoKey, Sequence[float]]) -> Summary:
        """Who wins how much and how often each seat calls and bluffs, when both seats play *policy*."""
        reach = self._reach(self._table(policy), -1)
        value = mano = accepted = 0.0
        calls = [[0.0, 0.0], [0.0, 0.0]]  # calls[seat][holds the winning cards]
        for deal, root in enumerate(self.roots):
            for node, parent in self._subtree(root):
                label = self.label[node]
                if not self.children[node]:
                    value += reach[node] * self.utility[node]
                    mano += reach[node] * (self.utility[node] > 0)
                if label.endswith(" truco"):
                    seat = int(label.split()[0])
                    calls[seat][self.strong[deal] == seat] += reach[node]
                elif label.endswith(" quiero") and self.label[parent].endswith(" truco"):
                    accepted += reach[node]
        strong = [self.strong.count(seat) / len(self.strong) for seat in (0, 1)]
        called = sum(map(sum, calls))
        return Summary(
            value,
            mano,
            called,
            accepted,
            (calls[0][0] + calls[1][0]) / called if called else 0.0,
            (_ratio(calls[0][0], 1 - strong[0]), _ratio(calls[1][0], 1 - strong[1])),
            (_ratio(calls[0][1], strong[0]), _ratio(calls[1][1], strong[1])),
        )

    def _subtree(self, root: int) -> Iterable[tuple[int, int]]:
        """The nodes below *root* (itself included), each with its parent (*root*'s own: itself)."""
        stack = [(root, root)]
        while stack:
            node, parent = stack.pop()
            yield node, parent
            stack.extend((child, node) for child in self.children[node])


def _ratio(part: float, whole: float) -> float:
    return part / whole if whole else 0.0


def _matched(regret: Sequence[float]) -> list[float]:
    """Regret matching: probabilities proportional to the positive regrets (uniform when none is positive)."""
    mass = sum(r for r in regret if r > 0.0)
    if mass <= 0.0:
        return [1 / len(regret)] * len(regret)
    return [r / mass if r > 0.0 else 0.0 for r in regret]


def _play_value(state: State) -> int:
    """Seat 0's points with both hands face up and cards only (no call): who holds the winning cards."""
    if state.is_over:
        points = state.round_points
        return points[0] - points[1]
    moves = [action for action in legal_actions(state) if action.kind is Kind.PLAY]
    results = [_play_value(apply(state, move)[0]) for move in moves]
    return max(results) if moves[0].seat == 0 else min(results)
