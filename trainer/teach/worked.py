"""Worked hands: whole hands of two greedy players (the standard rules), told turn by
turn, each choice judged on what the player to move could know.

A verdict never rests on one deal seen with every tile known, which no player at the
table could see. It rests on the player's own information: his hand, the table, the
tile counts and the suits his opponent showed he lacks, and on two yardsticks over
uniform deals of the tiles he could not see (`trainer.search.yardsticks`):
VERDICT_DEALS deals each solved exactly, and VERDICT_PLAYOUTS played out with every
player choosing on what he can see. A move is called worse than the best only where
both show it beyond their 95% margins, and the figure said first is the play-outs' (the
value of the decision on the player's own information; the deals' figure, with every
tile known, follows); where the two yardsticks contradict each other, the verdict is
"unclear"; where they cannot both tell two moves apart, neither is called better. Late in the hand, when the
tiles can lie only one way, the verdict is exact.

The figures are worked out once, by `python -m trainer.teach.worked`, and kept in
`trainer.teach.worked_verdicts` with the position each was made for; the tests work
some out again and hold every verdict to its basis.

>>> hand = worked_hand(WORKED_SEEDS[0])
>>> hand.steps[0].before.layout.is_empty, hand.end.is_over, hand.learner == hand.start.turn
(True, True, True)
>>> first = hand.steps[0].verdict
>>> first.deals >= VERDICT_DEALS and first.playouts >= VERDICT_PLAYOUTS
True
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from trainer.engine.game import deal
from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.record import Turn
from trainer.engine.rules import STANDARD
from trainer.engine.seats import seat
from trainer.engine.tiles import pip_total
from trainer.engine.twins import only_twins, twin_key
from trainer.engine.voids import Voids, voids_from_turns
from trainer.errors import TrainerError
from trainer.i18n import number, t, tn
from trainer.play.ideas import idea, idea_words
from trainer.play.players import GreedyPlayer, mover_view
from trainer.search.evidence import determined, paired
from trainer.search.played_out import played_out
from trainer.teach.lessons import move_label

WORKED_SEEDS: tuple[int, ...] = (4, 6, 7)
VERDICT_DEALS = 200  # deals of the hidden tiles solved exactly behind each verdict
VERDICT_PLAYOUTS = 4000  # deals played out on each player's information behind each verdict

Row = tuple[str, float, float, float, float, float, float]  # see Figures


@dataclass(frozen=True)
class Figures:
    """One move at one decision, by both yardsticks: its mean value and how far the
    best move (by the exact yardstick) leads it, mean and 95% half-width."""

    move: Move
    exact: float  # mean over the deals, each solved with every tile known
    exact_lead: float
    exact_margin: float
    played: float  # mean over the play-outs on each player's own information
    played_lead: float
    played_margin: float

    @property
    def shown_worse(self) -> bool:
        """The deals show the best ahead beyond their margin."""
        return self.exact_lead - self.exact_margin > 0

    @property
    def contradicted(self) -> bool:
        """Each yardstick, beyond its margin, prefers a different one of this move and the best."""
        played_ahead = self.played_lead + self.played_margin < 0
        return (self.shown_worse and played_ahead) or (
            self.exact_lead + self.exact_margin < 0 and self.played_lead - self.played_margin > 0)


@dataclass(frozen=True)
class Verdict:
    """Every legal move of one decision by both yardsticks, on the mover's information;
    `deals` 0 when the tiles can lie only one way (the figures are then exact)."""

    view: str  # the position as the mover saw it
    deals: int
    playouts: int
    figures: tuple[Figures, ...]

    @property
    def exact(self) -> bool:
        return self.deals == 0

    @property
    def best(self) -> Move:
        """The move with the best mean by the exact yardstick (listed first)."""
        return self.figures[0].move

    def of(self, move: Move) -> Figures:
        return next(f for f in self.figures if f.move == move)


@dataclass(frozen=True)
class Judgement:
    """What the verdict says of one move: `best`, `close` (the deals cannot tell it from
    the best), `worse` (the best leads beyond the margin, not contradicted) or `unclear`
    (the yardsticks contradict each other), with the sentence and what it rests on."""

    kind: str
    words: str
    basis: str


@dataclass(frozen=True)
class Step:
    """One turn: the tiles drawn first, the position then (`before` the move), the
    move (None: a pass), its points, the suits each player had shown he lacks, and,
    where there was a real choice, the verdict."""

    before: Position
    drew: int
    move: Optional[Move]
    points: int
    voids: Voids
    verdict: Optional[Verdict] = None

    @property
    def choice(self) -> bool:
        return self.verdict is not None


@dataclass(frozen=True)
class WorkedHand:
    seed: int
    start: Position
    steps: tuple[Step, ...]
    end: Position

    @property
    def learner(self) -> int:
        """The seat the learner takes: the player who leads."""
        return self.start.turn


def played_hand(seed: int) -> tuple[Position, list[tuple[Position, int, Optional[Move], Voids]], Position]:
    """The hand dealt from `seed`, played to its end by two greedy players: the deal,
    each turn (position before the move, tiles drawn, move, voids known) and the end."""
    rng = random.Random(seed)
    position = start = deal(STANDARD, 2, rng)
    players = (GreedyPlayer(rng.getrandbits(32)), GreedyPlayer(rng.getrandbits(32)))
    turns: list[Turn] = []
    found: list[tuple[Position, int, Optional[Move], Voids]] = []
    while not position.is_over:
        voids = voids_from_turns(start, tuple(turns))
        drew = []
        while position.must_draw:
            drew.append(position.known_boneyard()[0])
            position = position.draw()
        if not position.legal_moves():
            found.append((position, len(drew), None, voids))
            turns.append(Turn(position.turn, tuple(drew), None))
            position = position.pass_turn()
            continue
        move = players[position.turn].choose(position)
        found.append((position, len(drew), move, voids))
        turns.append(Turn(position.turn, tuple(drew), move))
        position = position.play(move)
    return start, found, position


def real_choice(position: Position) -> bool:
    moves = position.legal_moves()
    return len(moves) > 1 and not only_twins(position, moves)


def work_out(view: Position, voids: Voids, seed: int) -> Verdict:
    """The verdict of one decision from the mover's `view`: both yardsticks on fixed,
    seeded deals (the same figures on every machine)."""
    if determined(view):
        exact = paired(view, 1, seed, voids)
        best = exact.best()
        rows = tuple(Figures(m, exact.mean(m), exact.mean(best) - exact.mean(m), 0.0, exact.mean(m), 0.0, 0.0)
                     for m in sorted(exact.moves, key=lambda m: (m != best, str(m))))
        return Verdict(view.code(), 0, 0, rows)
    exact = paired(view, VERDICT_DEALS, seed, voids)
    played = played_out(view, VERDICT_PLAYOUTS, seed, voids)
    best = exact.best()
    figures = []
    for m in sorted(exact.moves, key=lambda m: (m != best, str(m))):
        e, p = exact.difference(best, m), played.difference(best, m)
        figures.append(Figures(m, round(exact.mean(m), 2), round(e.mean, 2), round(e.half_width, 2),
                               round(played.mean(m), 2), round(p.mean, 2), round(p.half_width, 2)))
    return Verdict(view.code(), exact.deals, played.deals, tuple(figures))


def _row(f: Figures) -> Row:
    return (str(f.move), f.exact, f.exact_lead, f.exact_margin, f.played, f.played_lead, f.played_margin)


def _from_rows(view: str, deals: int, playouts: int, rows: tuple[Row, ...]) -> Verdict:
    return Verdict(view, deals, playouts, tuple(Figures(Move.parse(r[0]), *r[1:]) for r in rows))


@lru_cache(maxsize=8)
def worked_hand(seed: int) -> WorkedHand:
    """The hand dealt from `seed` with the verdicts worked out for it (raises
    TrainerError if they were made for another hand: run `python -m trainer.teach.worked`)."""
    from trainer.teach.worked_verdicts import VERDICTS

    start, turns, end = played_hand(seed)
    kept = VERDICTS.get(seed, {})
    steps = []
    for index, (position, drew, move, voids) in enumerate(turns):
        verdict = None
        if move is not None and real_choice(position):
            if index not in kept:
                raise TrainerError(f"worked hand {seed}: no verdict for turn {index}")
            verdict = _from_rows(*kept[index])
            if verdict.view != mover_view(position).code():
                raise TrainerError(f"worked hand {seed}: the verdict of turn {index} is for another position")
        points = position.points(move) if move is not None else 0
        steps.append(Step(position, drew, move, points, voids, verdict))
    return WorkedHand(seed, start, tuple(steps), end)


# ----- in words -----


def basis_words(step: Step, lang: str = "en") -> str:
    verdict = step.verdict
    if verdict is None:
        return ""
    if verdict.exact:
        return t("worked.basis_exact", lang)
    return t("worked.basis", lang, player=seat(step.before.turn), deals=number(verdict.deals, lang),
             playouts=number(verdict.playouts, lang))


def _both_worse(figures: Figures) -> bool:
    """Whether both yardsticks put the best move ahead of this one beyond their margins:
    the deals solved with every tile known and the play-outs on what each player can
    see. Only then is a move called worse (on a deal seen whole the opening's values
    rest on tiles nobody at the table knows)."""
    return figures.shown_worse and figures.played_lead - figures.played_margin > 0


def judge_move(step: Step, move: Move, lang: str = "en") -> Judgement:
    """The verdict on `move` (the learner's choice, or the move played in the hand) at
    `step`, in words: the verdict first, with the idea behind the better move."""
    verdict = step.verdict
    assert verdict is not None
    view = Position.from_code(verdict.view)
    best = verdict.best
    if twin_key(view, move) == twin_key(view, best):
        move = best
    mine = verdict.of(move)
    basis = basis_words(step, lang)
    named, best_named = move_words(move, lang), move_words(best, lang)
    clash = next((f for f in verdict.figures if f.contradicted), None) if move == best else (
        mine if mine.contradicted else None)
    if clash is not None and not verdict.exact:
        exact_better, played_better = best, clash.move
        return Judgement("unclear", t("worked.verdict_unclear", lang, exact=move_words(exact_better, lang),
                                      played=move_words(played_better, lang)), basis)
    if move == best:
        others = [f for f in verdict.figures
                  if f.move != best and twin_key(view, f.move) != twin_key(view, best)]
        runner = max(others, key=lambda f: f.exact).move if others else None
        clause = _idea(view, best, runner, step.voids, lang)
        close = [f for f in others if not _both_worse(f) and not verdict.exact]
        words = (tn("worked.verdict_best_close", len(close), lang, move=named, idea=clause) if close
                 else t("worked.verdict_best", lang, move=named, idea=clause))
        return Judgement("best", words, basis)
    if verdict.exact or _both_worse(mine):
        clause = _idea(view, best, move, step.voids, lang)
        if verdict.exact:
            words = t("worked.verdict_exact_worse", lang, best=best_named, move=named,
                      diff=f"{mine.exact_lead:.0f}", idea=clause)
        else:  # the figure said first is the one on the player's own information
            if view.points(move) > view.points(best):  # what the worse move has for it, said
                clause = t("worked.though_scores", lang, idea=clause, move=named,
                           points=tn("plural.points", view.points(move), lang))
            words = t("worked.verdict_worse_played", lang, best=best_named, move=named,
                      played=f"{mine.played_lead:.1f}", played_margin=f"{mine.played_margin:.1f}",
                      diff=f"{mine.exact_lead:.1f}", margin=f"{mine.exact_margin:.1f}", idea=clause)
        return Judgement("worse", words, basis)
    return Judgement("close", t("worked.verdict_close", lang, move=named, best=best_named), basis)


def _idea(view: Position, move: Move, other: Optional[Move], voids: Voids, lang: str) -> str:
    found = idea(view, move, other, voids)
    return idea_words(found, lang, seat) if found is not None else t("coach.idea_value", lang)


def narrate(hand: WorkedHand, lang: str = "en") -> tuple[str, ...]:
    """The hand in sentences: the deal as the learner sees it, one line per turn (a
    choice with its verdict), then how it ended."""
    you = hand.learner
    lines = [t("worked.deal", lang, player=seat(you), tiles=", ".join(map(str, hand.start.hand(you))),
               other=seat(1 - you), deals=number(VERDICT_DEALS, lang),
               playouts=number(VERDICT_PLAYOUTS, lang))]
    for step in hand.steps:
        lines.append(turn_words(step, lang))
    end = hand.end.outcome()
    assert end is not None
    left = "; ".join(t("worked.left", lang, player=seat(p), pips=pip_total(hand.end.hand(p)),
                       tiles=", ".join(map(str, hand.end.hand(p))) or "-")
                     for p in range(hand.end.players))
    if end.kind == "domino" and end.player is not None:
        lines.append(t("worked.domino", lang, player=seat(end.player), left=left))
    else:
        lines.append(t("worked.blocked", lang, left=left))
    scores = ", ".join(map(str, hand.end.settled().scores))
    lines.append(t("worked.scores", lang, scores=scores))
    return tuple(lines)


def turn_words(step: Step, lang: str = "en") -> str:
    """One turn in a sentence or two: the draws, the move and its points, and the
    verdict on it when there was a real choice."""
    player = seat(step.before.turn)
    parts = []
    if step.drew:
        parts.append(tn("worked.drew", step.drew, lang, player=player))
    if step.move is None:
        parts.append(t("worked.pass", lang, player=player))
        return " ".join(parts)
    label = move_label(step.move, lang)
    key = "worked.play_scores" if step.points else "worked.play"
    parts.append(t(key, lang, player=player, move=label, points=step.points))
    if step.verdict is None:
        parts.append(t("worked.forced" if len(step.before.legal_moves()) == 1 else "worked.either", lang))
    else:
        parts.append(judge_move(step, step.move, lang).words)
    return " ".join(parts)


# ----- working the verdicts out -----

Kept = dict[int, dict[int, tuple[str, int, int, tuple[Row, ...]]]]


def work_out_all() -> Kept:
    """Every verdict of every worked hand, worked out afresh."""
    out: Kept = {}
    for seed in WORKED_SEEDS:
        out[seed] = {}
        _, turns, _ = played_hand(seed)
        for index, (position, _, move, voids) in enumerate(turns):
            if move is not None and real_choice(position):
                verdict = work_out(mover_view(position), voids, seed * 1000 + index)
                out[seed][index] = (verdict.view, verdict.deals, verdict.playouts,
                                    tuple(_row(f) for f in verdict.figures))
                print(f"hand {seed}, turn {index}: {verdict.deals} deals", flush=True)
    return out


def verdicts_text(kept: Kept) -> str:
    """The module `trainer.teach.worked_verdicts` holding `kept`."""
    lines = ['"""The verdicts of the worked hands (`trainer.teach.worked`): written by',
             '`python -m trainer.teach.worked`, checked again by the tests. Per hand seed and',
             "turn: the position as the mover saw it, the deals solved exactly (0: exact), the",
             "deals played out, and per move its value by each yardstick and how far the best",
             'move (listed first) leads it, with the 95% half-width."""', "",
             "Row = tuple[str, float, float, float, float, float, float]", "",
             "VERDICTS: dict[int, dict[int, tuple[str, int, int, tuple[Row, ...]]]] = {"]
    for seed, turns in kept.items():
        lines.append(f"    {seed}: {{")
        for index, (view, deals, playouts, rows) in turns.items():
            parts = [view[i:i + 80] for i in range(0, len(view), 80)]
            lines.append(f"        {index}: (")
            lines += [f"            {part!r}" for part in parts[:-1]] + [f"            {parts[-1]!r},"]
            lines.append(f"            {deals}, {playouts}, (")
            lines += [f"                {row!r}," for row in rows]
            lines.append("            )),")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_verdicts(path: str) -> None:
    """Work out every verdict of every worked hand and write the module."""
    text = verdicts_text(work_out_all())
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


if __name__ == "__main__":  # pragma: no cover
    write_verdicts(sys.argv[1] if len(sys.argv) > 1 else "trainer/teach/worked_verdicts.py")
