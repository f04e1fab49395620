"""A guided first hand: one whole hand of All Fives (standard rules, two players)
against the computer at its easiest, in which every step is said as it comes: who
starts and why, whose turn it is, which of the learner's tiles fit which end and what
each would score, the draws and passes, every score and why it scores (or not), the
first double becoming the spinner, and at the end the pips left, their rounding and
what comes off whose score. The learner chooses every move; the guide never chooses
for him.

The deals are ones that show what a first hand should: `instructive` holds each to
it (a draw from the boneyard, points scored, a double, a hand that ends with a player
going out), played out by two players who take the most points each turn; a learner
who plays otherwise still gets every step said, whatever happens.

>>> hand = GuidedHand.new(guided_seeds(1)[0])
>>> hand.computer_moves()
>>> hand.learner_to_move and not hand.over
True
>>> lines = opening(hand.start, hand.learner, "en")
>>> lines[0]
'The 28 tiles were shuffled face down and each of you drew 9; the other 10 are the boneyard, face down.'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from trainer.engine.game import HandResult
from trainer.engine.layout import Layout
from trainer.engine.movenames import end_words, move_words
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.record import Turn
from trainer.engine.tiles import Tile, pip_total, sort_tiles
from trainer.errors import NotationError
from trainer.i18n import join, t, tn
from trainer.play.players import make_player
from trainer.play.session import PlaySession, PlaySettings, hand_end
from trainer.teach.drills import count_breakdown, rounding_rule

GUIDED_AFTER = "drawing"  # the rules lesson after which the guided hand is offered
RULES = "standard"
PLAYERS = 2
OPPONENT = "random"  # the Beginner: any tile that fits
TARGET = 1000  # no side reaches it in one hand: the hand is played to its end
SEED_BASE = 31_000  # the guided deals are the first instructive ones from here on


@dataclass
class GuidedHand:
    """The hand under way: a play session of the guided settings, of which only the
    first hand is played."""

    session: PlaySession

    @classmethod
    def new(cls, seed: int) -> GuidedHand:
        return cls(PlaySession(PlaySettings(RULES, PLAYERS, TARGET, seed, OPPONENT)))

    @classmethod
    def load(cls, text: str) -> GuidedHand:
        """A guided hand from its saved record; raises NotationError for anything else."""
        session = PlaySession.load(text)
        s = session.settings
        if (s.rules, s.players, s.opponent, s.learner, s.muggins) != (RULES, PLAYERS, OPPONENT, 0, False):
            raise NotationError("saved guided hand: its settings are not the guided hand's")
        if len(session.match.hands) > 2 or len(session.match.results) > 1:
            raise NotationError("saved guided hand: it holds more than one hand")
        return cls(session)

    def save(self) -> str:
        return self.session.save()

    @property
    def seed(self) -> int:
        return self.session.settings.seed

    @property
    def learner(self) -> int:
        return self.session.settings.learner

    @property
    def start(self) -> Position:
        return self.session.match.starts[0]

    @property
    def turns(self) -> tuple[Turn, ...]:
        return tuple(self.session.match.hands[0])

    @property
    def over(self) -> bool:
        return bool(self.session.match.results) or self.session.over

    @property
    def result(self) -> Optional[HandResult]:
        results = self.session.match.results
        return results[0] if results else None

    @property
    def position(self) -> Position:
        """The table now; once the hand is over, as it ended (not the next deal)."""
        return hand_end(self.start, self.turns) if self.over else self.session.match.position

    @property
    def learner_to_move(self) -> bool:
        return not self.over and self.session.learner_to_move

    @property
    def drawn(self) -> tuple[Tile, ...]:
        """The tiles the learner has just drawn, looking for one that fits."""
        return self.session.match.pending_draws if self.learner_to_move else ()

    def computer_moves(self) -> None:
        """The computer plays until it is the learner's turn or the hand is over."""
        while not self.over and not self.session.learner_to_move:
            self.session.computer_step()

    def play(self, move: Move) -> None:
        """The learner's move, and the computer's answers after it."""
        self.session.play(move)
        self.computer_moves()


# ----- the deals -----
def instructive(seed: int) -> bool:
    """Whether the deal shows a first hand's every part when both players take the
    most points each turn: the learner draws at least once, both score, a double is
    played, and the hand ends with a player going out (not blocked).

    >>> instructive(guided_seeds(1)[0])
    True
    """
    hand = GuidedHand.new(seed)
    learner = make_player("greedy", seed)  # in the learner's seat; the computer is the hand's own
    match = hand.session.match
    while not hand.over:
        if hand.learner_to_move:
            hand.play(learner.choose(match.position, match.voids()))
        else:
            hand.computer_moves()
    turns = match.hands[0]
    result = match.results[0]
    scored = set()
    position = match.starts[0]
    for turn in turns:
        for _ in turn.draws:
            position = position.draw()
        if turn.move is None:
            if position.must_pass:
                position = position.pass_turn()
            continue
        if position.points(turn.move):
            scored.add(turn.player)
        position = position.play(turn.move)
    return (result.end.kind == "domino" and scored == set(range(PLAYERS))
            and any(turn.draws for turn in turns if turn.player == hand.learner)
            and any(turn.move is not None and turn.move.tile.is_double for turn in turns))


@lru_cache(maxsize=4)
def guided_seeds(count: int = 6) -> tuple[int, ...]:
    """The first `count` instructive deals from SEED_BASE on (a few milliseconds each)."""
    found: list[int] = []
    seed = SEED_BASE
    while len(found) < count:
        if instructive(seed):
            found.append(seed)
        seed += 1
    return tuple(found)


# ----- the words -----
def _ends(layout: Layout, lang: str) -> str:
    return join([end_words(e.side, e.pip, lang) for e in layout.open_ends()], lang)


def _tiles(tiles: tuple[Tile, ...] | list[Tile], lang: str) -> str:
    return join([str(tile) for tile in tiles], lang)


def opening(start: Position, learner: int, lang: str) -> list[str]:
    """The deal and who starts."""
    hand = len(start.hand(learner))
    return [t("guided.deal", lang, hand=hand, boneyard=len(start.known_boneyard())),
            t("guided.first_you" if start.turn == learner else "guided.first_computer", lang)]


def _scoring(after: Layout, points: int, mine: bool, lang: str) -> str:
    count = after.count()
    if points:
        return t("guided.scores_you" if mine else "guided.scores_computer", lang, count=count, points=points)
    if count == 0:
        return t("guided.no_count", lang)
    return t("guided.no_score", lang, count=count)


def _double_note(before: Layout, move: Move, after: Layout, lang: str) -> Optional[str]:
    tile = move.tile
    if before.spinner is not None and not before.arms_open and after.arms_open:
        return t("guided.spinner_closed", lang, tile=f"{after.spinner}-{after.spinner}")
    if not tile.is_double:
        return None
    if before.spinner is None and after.spinner is not None:
        return t("guided.spinner", lang, tile=tile)
    return t("guided.double", lang, tile=tile, value=2 * tile.high)


def told_turn(before: Position, turn: Turn, learner: int, lang: str) -> list[str]:
    """One turn in words: the draws, the pass or the move, a double's place, the count
    and whether it scores. Only the learner's own drawn tiles are named."""
    mine = turn.player == learner
    lines: list[str] = []
    ends = _ends(before.layout, lang)
    if turn.draws:
        n = len(turn.draws)
        if mine:
            key = "guided.you_drew" if turn.move is not None else "guided.you_drew_none"
            lines.append(tn(key, n, lang, ends=ends, tiles=_tiles(list(turn.draws), lang)))
        else:
            key = "guided.computer_drew" if turn.move is not None else "guided.computer_drew_none"
            lines.append(tn(key, n, lang, ends=ends))
    if turn.move is None:
        lines.append(t("guided.you_passed" if mine else "guided.computer_passed", lang, ends=ends))
        return lines
    move = turn.move
    after = before.layout.place(move.tile, move.side)
    played = "guided.you_played" if mine else "guided.computer_played"
    lines.append(t(played, lang, move=move_words(move, lang)))
    note = _double_note(before.layout, move, after, lang)
    if note:
        lines.append(note)
    lines.append(count_breakdown(after, lang)[-1])
    lines.append(_scoring(after, after.points(), mine, lang))
    return lines


def story(start: Position, turns: tuple[Turn, ...], learner: int, lang: str) -> list[list[str]]:
    """Every turn of the hand so far in words, one list of sentences a turn."""
    told: list[list[str]] = []
    position = start
    for turn in turns:
        before = position
        for _ in turn.draws:
            if position.must_draw:
                position = position.draw()
        told.append(told_turn(before, turn, learner, lang))
        if turn.move is None:
            if not position.is_over and position.must_pass:
                position = position.pass_turn()
            continue
        position = position.play(turn.move)
    return told


def your_turn(position: Position, drawn: tuple[Tile, ...], lang: str) -> list[str]:
    """The learner's turn: the open ends, what he drew, and each tile that fits with the
    count and score it would make; the tiles that fit nowhere."""
    mine = position.hand(position.turn)
    moves = position.legal_moves()
    lines = [t("guided.your_turn", lang)]
    if position.layout.is_empty:
        lines.append(t("guided.lead_any", lang))
    else:
        lines.append(t("guided.ends", lang, ends=_ends(position.layout, lang)))
    if drawn:
        lines.append(tn("guided.you_drew_now", len(drawn), lang, tiles=_tiles(list(drawn), lang),
                        last=drawn[-1]))
    if position.layout.is_empty:  # any tile leads: only the leads that score are worth naming
        scoring = [m for m in moves if position.points(m)]
        for move in scoring:
            lines.append(t("guided.lead_scores", lang, tile=move.tile, points=position.points(move)))
        if not scoring:
            lines.append(t("guided.lead_none", lang))
        moves = ()
    for move in moves:
        after = position.layout.place(move.tile, move.side)
        key = "guided.fits_scores" if after.points() else "guided.fits_nothing"
        lines.append(t(key, lang, move=move_words(move, lang), count=after.count(), points=after.points()))
    stuck = sort_tiles(tile for tile in mine if not any(m.tile == tile for m in moves))
    if stuck and not position.layout.is_empty:
        lines.append(tn("guided.no_fit", len(stuck), lang, tiles=_tiles(list(stuck), lang)))
    lines.append(t("guided.pick", lang))
    return lines


def hand_over(start: Position, turns: tuple[Turn, ...], result: HandResult, learner: int,
              lang: str) -> list[str]:
    """How the hand ended, each player's pips and their rounding, and what comes off
    whose score (rule 11), then the scores."""
    final = hand_end(start, turns)
    end = result.end
    if end.kind == "domino":
        lines = [t("guided.out_you" if end.player == learner else "guided.out_computer", lang)]
    else:
        lines = [t("guided.blocked", lang)]
    for seat in range(start.players):
        tiles = final.hand(seat)
        who = "you" if seat == learner else "computer"
        if not tiles:
            lines.append(t(f"guided.empty_{who}", lang))
            continue
        pips = pip_total(tiles)
        lines.append(t(f"guided.pips_{who}", lang, tiles=_tiles(list(tiles), lang), pips=pips,
                       rule=rounding_rule(pips, lang)))
    other = 1 - learner
    lines.append(t("guided.settle", lang, you=f"{result.deltas[learner]:+d}",
                   computer=f"{result.deltas[other]:+d}", you_score=result.scores[learner],
                   computer_score=result.scores[other]))
    mine, theirs = result.scores[learner], result.scores[other]
    key = "guided.ahead" if mine > theirs else "guided.behind" if mine < theirs else "guided.level"
    lines.append(t(key, lang, you=mine, computer=theirs))
    return lines
