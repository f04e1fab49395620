"""Deals and matches: hands played to the end, then hand after hand to the target.

Drawing and passing are forced, so a `Match` performs them itself; the caller
only chooses moves.

>>> m = Match(seed=3)
>>> m.play(m.legal_moves()[0])
>>> len(m.hands[0])
1
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.muggins import settle
from trainer.engine.numbers import SCORE_LIMIT, SEED_LIMIT
from trainer.engine.position import HandEnd, Hidden, Position, empty_position, size
from trainer.engine.record import Record, Turn
from trainer.engine.rules import STANDARD, RuleSet
from trainer.engine.seatview import SeatRecord
from trainer.engine.tiles import ALL_TILES, Tile, pip_total
from trainer.engine.voids import Voids, voids_from_turns
from trainer.errors import IllegalMoveError, NotationError


def deal(rules: RuleSet, players: int, rng: random.Random, start: Optional[int] = None,
         scores: Optional[tuple[int, ...]] = None) -> Position:
    """Shuffle and deal a hand. The start player is `start`, or drawn at random; under
    `cincos` it is the holder of the highest double (no double dealt: deal again)."""
    per_hand = rules.hand_size(players)
    while True:
        tiles = list(ALL_TILES)
        rng.shuffle(tiles)
        hands = tuple(tuple(tiles[p * per_hand:(p + 1) * per_hand]) for p in range(players))
        boneyard = tuple(tiles[players * per_hand:])
        if rules.lead == "highest-double":
            doubles = [(t, p) for p, hand in enumerate(hands) for t in hand if t.is_double]
            if not doubles:
                continue
            start = max(doubles)[1]
        elif start is None:
            start = rng.randrange(players)
        return empty_position(hands, boneyard, start, rules, scores)


@dataclass(frozen=True)
class HandResult:
    """How a hand ended, each player's pips and each side's change of score."""

    end: HandEnd
    pips: tuple[int, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]


class Match:
    """A match to the target. `legal_moves()` and `play(move)` are all a caller needs."""

    def __init__(self, rules: RuleSet = STANDARD, players: int = 2, seed: int = 0,
                 target: Optional[int] = None, hands: Optional[int] = None) -> None:
        """`hands`: the match ends after that many hands at most (a duplicate board is
        one hand), won by the side with the most points then (the first of equals)."""
        rules.check_players(players)
        if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int) or hands < 1):
            raise NotationError(f"a match of {hands!r} hands: it must be 1 or more")
        if target is not None and not 0 < target <= SCORE_LIMIT:
            raise NotationError(f"target {target}: it must be positive, at most {SCORE_LIMIT:,}")
        if not -SEED_LIMIT < seed < SEED_LIMIT:
            raise NotationError("a seed lies between -2^63 and 2^63, both left out")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.target = target if target is not None else rules.default_target(players)
        self.hand_limit = hands
        self.hands: list[list[Turn]] = []
        self.results: list[HandResult] = []
        self.starts: list[Position] = []  # each hand's deal
        self.winner: Optional[int] = None
        self._rng = random.Random(seed)
        self._draws: list[Tile] = []
        self.position = self._new_hand(start=None, scores=(0,) * rules.sides(players))
        self._advance()

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def scores(self) -> tuple[int, ...]:
        return self.position.scores

    @property
    def pending_draws(self) -> tuple[Tile, ...]:
        """Tiles the mover has drawn this turn before being able to play."""
        return tuple(self._draws)

    def legal_moves(self) -> tuple[Move, ...]:
        return () if self.over else self.position.legal_moves()

    def play(self, move: Move, claim: Optional[int] = None, muggins: bool = False) -> None:
        """The mover plays `move`; forced draws and passes that follow happen at once.

        With `muggins`, the mover claimed `claim` points (None: no claim) and the play is
        settled by `trainer.engine.muggins.settle` before anything else: before the target
        is checked and before a hand it ends is scored, so that a wrong claim can never
        win the game. Raises NotationError for a claim that is not in fives."""
        if self.over:
            raise IllegalMoveError(f"the match is over: {move} cannot be played")
        mover = self.position.turn
        before = self.position
        after = before.play(move)
        if muggins:
            points = before.points(move)
            share = settle(points, claim)
            scores = list(after.scores)
            scores[before.mover_side] += share.claimer - points
            scores[self.rules.side_of((mover + 1) % self.players)] += share.next_side
            after = replace(after, scores=tuple(scores))
        self.position = after
        self.hands[-1].append(Turn(mover, tuple(self._draws), move))
        self._draws = []
        if self._reached_target():
            return
        self._advance()

    def voids(self) -> Voids:
        """The suits each player showed he lacks in this hand (drew or passed on them
        and has not drawn since): what every player at the table knows."""
        return voids_from_turns(self.starts[-1], tuple(self.hands[-1]))

    def _new_hand(self, start: Optional[int], scores: tuple[int, ...]) -> Position:
        self.hands.append([])
        self.starts.append(deal(self.rules, self.players, self._rng, start, scores))
        return self.starts[-1]

    def _reached_target(self) -> bool:
        for side, score in enumerate(self.position.scores):
            if score >= self.target:
                self.winner = side
                return True
        return False

    def _advance(self) -> None:
        while True:
            position = self.position
            end = position.outcome()
            if end is not None:
                self._end_hand(end)
                if self.over:
                    return
                continue
            if position.legal_moves():
                return
            if size(position.boneyard):
                boneyard = position.boneyard
                assert not isinstance(boneyard, Hidden), "a match always knows its boneyard"
                self._draws.append(boneyard[0])
                self.position = position.draw()
                continue
            self.hands[-1].append(Turn(position.turn, tuple(self._draws), None))
            self._draws = []
            self.position = position.pass_turn()

    def _end_hand(self, end: HandEnd) -> None:
        position = self.position
        if self._draws:  # the last drawer found nothing and the hand is blocked
            self.hands[-1].append(Turn(position.turn, tuple(self._draws), None))
            self._draws = []
        settled = position.settled()
        pips = tuple(pip_total(position.hand(p)) for p in range(self.players))
        deltas = tuple(a - b for a, b in zip(settled.scores, position.scores))
        self.results.append(HandResult(end, pips, deltas, settled.scores))
        self.position = settled
        if self._reached_target():
            return
        if self.hand_limit is not None and len(self.results) >= self.hand_limit:
            self.winner = max(range(len(settled.scores)), key=lambda side: (settled.scores[side], -side))
            return
        start = end.player if end.kind == "domino" else None
        self.position = self._new_hand(start, settled.scores)

    def record(self) -> Record:
        return Record(self.rules, self.players, self.target, self.seed,
                      tuple(tuple(turns) for turns in self.hands))

    def seat_record(self, number: int, seat: int) -> SeatRecord:
        """Hand `number` (from 1) as player `seat` saw it (`trainer.engine.seatview`):
        the others' draws as counts, their hands shown once the hand is over.

        >>> m = Match(seed=3)
        >>> m.play(m.legal_moves()[0])
        >>> m.seat_record(1, 0).text().splitlines()[:4]
        ['rules: standard', 'players: 2', 'seat: 0', 'hand: 6-4,6-3,6-1,4-2,4-0,3-3,3-0,2-2,1-0']
        """
        if not 1 <= number <= len(self.hands):
            raise NotationError(f"hand {number}: this match has hands 1 to {len(self.hands)}")
        if not 0 <= seat < self.players:
            raise NotationError(f"seat {seat}: the players are 0 to {self.players - 1}")
        return SeatRecord.from_hand(self.starts[number - 1], tuple(self.hands[number - 1]), seat)

    @classmethod
    def replay(cls, record: Record) -> Match:
        """Play a record again from its seed; raises NotationError at the first turn that
        does not agree with the deal or the rules."""
        match = cls(record.rules, record.players, record.seed, record.target)
        for number, turns in enumerate(record.hands, 1):
            for turn in turns:
                if turn.move is None:
                    continue  # passes are forced: checked when the records are compared
                where = f"hand {number}, turn '{turn}'"
                if len(match.hands) != number or match.over:
                    raise NotationError(f"record {where}: the hand or match was already over")
                if match.position.turn != turn.player:
                    raise NotationError(
                        f"record {where}: it is player {match.position.turn}'s turn")
                if tuple(match._draws) != turn.draws:
                    drawn = ", ".join(str(t) for t in match._draws) or "nothing"
                    raise NotationError(f"record {where}: the deal makes him draw {drawn}")
                try:
                    match.play(turn.move)
                except IllegalMoveError as error:
                    raise NotationError(f"record {where}: {error}") from None
        mine = match.record().hands
        for number, (theirs, ours) in enumerate(zip(record.hands, mine), 1):
            if theirs != ours[:len(theirs)]:
                raise NotationError(f"record hand {number}: its draws or passes differ from the deal's")
        return match
