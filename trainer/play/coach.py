"""The coach: a hint with its reasons during play, and the review of every move of a
hand after it. Every claim says what it rests on.

Both judge moves by their value over deals of the tiles the learner cannot see, from
what he could see then (including the suits his opponents showed they lack): the same
deals for every move (`trainer.search.evidence`), so that each comparison is paired and has a
95% interval. A fully known position is judged exactly.

Grades, by the points lost against the best move (mean over the deals, as the review
writes it: to one decimal, so that a figure and its grade agree):

| grade | points lost |
|---|---|
| best | less than 0.5 |
| good | 0.5 to less than 3 |
| inaccuracy | 3 to less than 8 |
| mistake | 8 to less than 25 |
| blunder | 25 or more |

Each claim is checked against a second yardstick, the rest of the hand played out on
each player's own information (`trainer.search.played_out`, in PLAYOUT_SHARE of the
time). Where the two disagree in sign beyond their margins (`trainer.search.yardsticks`:
the opening's case, where a deal's exact value rests on tiles nobody at the table can
see), or where fewer than MIN_DEALS deals were solved exactly, the hint and the review
rest on the play-outs alone and say so; such a grade is at most an inaccuracy. A
mistake or a blunder needs both yardsticks to agree: where the play-outs do not find
the loss significant too, the grade is at most an inaccuracy.

Both say the idea first, in one plain sentence ("Play 3-0 on the east end: it sets up
15 points next turn", `trainer.play.ideas`), then the figures and what they rest on.
Where the moves come to the same (twins: one tile that fits both ends alike, or moves
equal on every deal), they say so in one line, with no margins.

No grade is worse than "inaccuracy" unless the loss is significant at 95% (the
interval lies above 0). A move is "unclear" when fewer than MIN_DEALS deals could be
solved, when its loss is not significant yet could reach a mistake, or when the best
move's figures are only bounded on some deals (`trainer.search.evidence`: the time ran out
before they were made exact), as are the move played's unless even the bound on its
loss is a blunder; "forced" when it was the only legal move.

Given the model of the other players' play (`hint(reader=...)`: in Play, the computer
at the table), the hint also reads the hand: the same search over deals weighed by how
likely the others' moves this hand were under that model (`trainer.play.inferred`), in
READ_SHARE of the time. It says what that reading rests on, whether it names the same
best move, and, where the two readings name different best moves each beyond its
margin, that they disagree.

Told the game's target, both know that a move that reaches it wins the game at once
(`trainer.search.finish`): the hint plays it, and the review grades such a move "best" and
any other move a "missed_win", for certain, with no points figure.

>>> grade(0.0), grade(2.9), grade(5), grade(10), grade(30)
('best', 'good', 'inaccuracy', 'mistake', 'blunder')
>>> judge(Difference(20.0, 1.0), deals=200, exact=False)
'mistake'
>>> judge(Difference(20.0, 30.0), deals=200, exact=False), judge(Difference(85.0, 0.0), 1, False)
('unclear', 'unclear')
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field, replace
from typing import Optional

from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.record import Turn
from trainer.engine.seats import seat
from trainer.engine.twins import only_twins, twin_key
from trainer.engine.voids import Voids, voids_from_turns
from trainer.i18n import either, t, tn
from trainer.play.hand_history import HandSoFar
from trainer.play.ideas import Idea, idea, idea_words, may_hold, reply_points
from trainer.play.inferred import InferredDealer
from trainer.play.models import model
from trainer.play.players import GreedyPlayer, mover_view, unseen_tiles
from trainer.search.evidence import MIN_DEALS, Difference, Evidence, within_budget
from trainer.search.finish import winning_moves
from trainer.search.played_out import PLAYOUT_DEALS, played_out
from trainer.search.yardsticks import TwoWays, contradiction

GRADES: tuple[tuple[float, str], ...] = (
    (0.5, "best"), (3.0, "good"), (8.0, "inaccuracy"), (25.0, "mistake"))
CAPPED = "inaccuracy"  # the worst grade a loss that is not significant can get
ORDER = ("best", "good", "inaccuracy", "mistake", "blunder")
PLAYOUT_SHARE = 0.15  # of a hint's or a decision's time: the play-outs, after the exact deals
READ_SHARE = 0.4  # of a hint's time, given a model of the others: the deals weighed by their plays


def grade(loss: float) -> str:
    """The grade of a move that loses `loss` points against the best."""
    for limit, name in GRADES:
        if loss < limit:
            return name
    return "blunder"


def judge(loss: Difference, deals: int, exact: bool, shown: Optional[float] = None) -> str:
    """The grade a loss supports on its evidence (see the module's rules). The grade's
    thresholds apply to `shown`, the loss as the learner reads it (one decimal), when
    given, so that a figure and its grade never disagree; whether the loss is
    significant rests on the difference itself.

    >>> judge(Difference(2.96, 1.0), deals=200, exact=False), judge(Difference(2.96, 1.0), 200, False, 3.0)
    ('good', 'inaccuracy')
    """
    figure = loss.mean if shown is None else shown
    if exact:
        return grade(figure)
    if deals < MIN_DEALS:
        return "unclear"
    if loss.significant:
        return grade(figure)
    if loss.high >= GRADES[2][0]:  # could be a mistake, could be nothing
        return "unclear"
    named = grade(max(0.0, figure))
    return named if ORDER.index(named) <= ORDER.index(CAPPED) else CAPPED


def _signed(x: float) -> str:
    return f"{x:+.1f}"


def basis_words(evidence: Optional[Evidence], lang: str = "en") -> str:
    """What a hint or a grade rests on, in words."""
    if evidence is None or not evidence.deals:
        return t("coach.basis_none", lang)
    if evidence.exact:
        return t("coach.basis_exact", lang)
    return tn("coach.basis_deals", evidence.deals, lang)


def shown_gap(evidence: Evidence, better: Move, worse: Move) -> float:
    """How far `worse` is below `better` as the coach writes it: the difference of the
    two means rounded to one place, so that the figures shown add up.

    >>> shown_gap(Evidence((Move.parse("6-4@E"), Move.parse("4-1@W")), (10, 0), ((20, 5), (3, 1))),
    ...           Move.parse("6-4@E"), Move.parse("4-1@W"))
    10.5
    """
    return round(round(evidence.mean(better), 1) - round(evidence.mean(worse), 1), 1)


def compare_words(position: Position, evidence: Evidence, move: Move, other: Move,
                  lang: str = "en") -> str:
    """Move against the best alternative: points now and value, both figures, and how
    sure the difference is."""
    diff = evidence.difference(move, other)
    if evidence.bounded(move) or (evidence.bounded(other) and diff.mean < 0):
        return t("coach.compare_bounded", lang, move=move, other=other,
                 points=tn("plural.points", position.points(move), lang),
                 other_points=tn("plural.points", position.points(other), lang))
    mine, theirs = round(evidence.mean(move), 1), round(evidence.mean(other), 1)
    values = dict(move=move, points=tn("plural.points", position.points(move), lang),
                  value=_signed(mine), other=other,
                  other_points=tn("plural.points", position.points(other), lang),
                  other_value=_signed(theirs), diff=f"{abs(shown_gap(evidence, other, move)):.1f}")
    if evidence.exact:
        key = "coach.compare_exact_tie" if diff.mean == 0 else (
            "coach.compare_exact_better" if diff.mean > 0 else "coach.compare_exact_worse")
        return t(key, lang, **values)
    margin = f"{diff.half_width:.1f}"
    if not math.isfinite(diff.half_width):  # one deal: no margin to give, no bound to name
        if diff.at_least:
            return t("coach.compare_bounded", lang, move=move, other=other, points=values["points"],
                     other_points=values["other_points"])
        return t("coach.compare_one_deal", lang, **values)
    if diff.at_least:  # `other` is only bounded on some deals: a lower bound on the gap
        key = "coach.compare_better_bound" if diff.significant else "coach.compare_close_bound"
        return t(key, lang, margin=margin, **values)
    if diff.significant:
        return t("coach.compare_better", lang, margin=margin, **values)
    if diff.high < 0:
        return t("coach.compare_worse", lang, margin=margin, **values)
    return t("coach.compare_close", lang, margin=margin, **values)


def leaves_words(position: Position, move: Move, lang: str = "en",
                 voids: Optional[Voids] = None) -> tuple[str, ...]:
    """What the move leaves: the count and the most the next player could score with a
    tile he may hold (none of a suit he showed he lacks), and the tiles the mover cannot
    see for the open ends, with the suits the next player lacks."""
    after = position.layout.place(move.tile, move.side)
    nxt = (position.turn + 1) % position.players
    reply = reply_points(position, move, voids)
    out = [x for x in unseen_tiles(position) if x != move.tile]
    ends = sorted({e.pip for e in after.open_ends()})
    suits = t("list.separator", lang).join(
        tn("coach.out_suit", sum(1 for x in out if x.has(pip)), lang, pip=pip) for pip in ends)
    first = (t("coach.leaves", lang, count=after.count(), reply=reply, player=seat(nxt)) if reply
             else t("coach.leaves_nothing", lang, count=after.count(), player=seat(nxt)))
    lines = [first, t("coach.out", lang, ends=t("list.separator", lang).join(map(str, ends)), suits=suits)]
    lacks = sorted(set(ends) & set((voids or {}).get(nxt, frozenset())))
    if lacks:
        held = len([x for x in may_hold(position, nxt, voids) if any(x.has(p) for p in ends)])
        lines.append(tn("coach.out_voids", held, lang, player=seat(nxt),
                        lacks=either([t("ideas.suit", lang, pip=p) for p in lacks], lang)))
    return tuple(lines)


def played_words(played: Optional[Evidence], move: Move, other: Move, lang: str = "en") -> str:
    """The two moves by the play-out yardstick, in one sentence ("" without play-outs)."""
    if played is None or move not in played.moves or other not in played.moves:
        return ""
    diff = played.difference(move, other)
    return t("coach.played_out", lang, n=played.deals, move=move, value=_signed(played.mean(move)),
             other=other, other_value=_signed(played.mean(other)), diff=_signed(diff.mean),
             margin=f"{diff.half_width:.1f}")


def disagree_words(found: TwoWays, lang: str = "en") -> str:
    """Why a comparison is unclear: the yardsticks point to different moves (no figure:
    neither difference is a claim)."""
    exact_better, played_better = ((found.a, found.b) if found.exact.mean > 0 else (found.b, found.a))
    return t("coach.disagree", lang, exact=move_words(exact_better, lang),
             played=move_words(played_better, lang))


def exact_figures(evidence: Evidence, move: Move, other: Move, lang: str = "en") -> str:
    """The two moves by the exact yardstick as figures only, with no verdict."""
    diff = evidence.difference(move, other)
    return t("coach.figures_exact", lang, n=evidence.deals, move=move, value=_signed(evidence.mean(move)),
             other=other, other_value=_signed(evidence.mean(other)), diff=_signed(diff.mean),
             margin=f"{diff.half_width:.1f}")


def gather(view: Position, budget: float, seed: int, voids: Optional[Voids],
           must: tuple[Move, ...] = ()) -> tuple[Evidence, Optional[Evidence]]:
    """Both yardsticks within `budget` seconds: the exact deals first, then play-outs
    (none when the evidence is exact: the tiles can lie only one way)."""
    start = time.perf_counter()
    exact = within_budget(view, budget * (1 - PLAYOUT_SHARE), seed, voids, must=must)
    if exact.exact or not exact.deals:
        return exact, None
    return exact, played_out(view, PLAYOUT_DEALS, seed, voids, deadline=start + budget)


def equal_everywhere(evidence: Evidence, a: Move, b: Move) -> bool:
    """Whether `a` and `b` have the same value on every deal (exact figures only, and
    enough deals for that to say something: exact, or MIN_DEALS or more)."""
    return ((evidence.exact or evidence.deals >= MIN_DEALS)
            and not evidence.bounded(a) and not evidence.bounded(b)
            and evidence.values[evidence.index(a)] == evidence.values[evidence.index(b)])


def idea_clause(view: Position, move: Move, other: Optional[Move], voids: Optional[Voids],
                lang: str, seed: int = 0) -> Optional[str]:
    found: Optional[Idea] = idea(view, move, other, voids, seed)
    return None if found is None else idea_words(found, lang)


@dataclass(frozen=True)
class Hint:
    """The coach's move: one plain sentence first (`headline`), then the figures and
    what they rest on (`details`), with the evidence behind them."""

    move: Move
    headline: str
    details: tuple[str, ...]
    values: dict[Move, float]
    samples: int
    exact: bool = False
    unclear: bool = False  # the yardsticks disagree: no move is named better
    evidence: Optional[Evidence] = field(default=None, compare=False, repr=False)  # the exact deals'

    @property
    def reasons(self) -> tuple[str, ...]:
        """The headline, then the details."""
        return (self.headline, *self.details)


def hint_as_played(view: Position, evidence: Evidence, played: Evidence, clash: Optional[TwoWays],
                   values: dict[Move, float], lang: str, voids: Optional[Voids], seed: int) -> Hint:
    """The hint on the play-outs (each player choosing on what he can see), where the
    exact deals cannot carry a claim: they contradict the play-outs, or too few were
    solved in time. Said so, with the exact figures beneath."""
    move = played.best()
    others = [m for m in played.moves if twin_key(view, m) != twin_key(view, move)]
    other = max(others, key=lambda m: (played.mean(m), view.points(m), str(m)))
    clause = idea_clause(view, move, other, voids, lang, seed) or t("coach.idea_value", lang)
    named = move_words(move, lang)
    if played.difference(move, other).significant:
        headline = t("coach.say_play", lang, move=named, idea=clause)
    else:
        headline = t("coach.say_play_close", lang, move=named, idea=clause, other=other)
    why = (t("coach.exact_parts", lang, exact=move_words(clash.a if clash.exact.mean > 0 else clash.b, lang))
           if clash is not None else tn("coach.exact_few", evidence.deals, lang))
    figures = [played_words(played, move, other, lang), why]
    if evidence.deals and move in evidence.moves and other in evidence.moves:
        figures.append(exact_figures(evidence, move, other, lang))
    basis = t("coach.basis", lang, basis=tn("coach.basis_played", played.deals, lang))
    return Hint(move, headline, (*figures, *leaves_words(view, move, lang, voids), basis),
                {m: played.mean(m) for m in played.moves}, played.deals, False)


def wins_words(position: Position, move: Move, target: int, lang: str = "en") -> str:
    """Why a move that reaches the target is the one to play."""
    return t("coach.wins_now", lang, move=move_words(move, lang),
             points=tn("plural.points", position.points(move), lang), target=target)


def read_evidence(view: Position, reader: tuple[str, HandSoFar], budget: float, seed: int,
                  voids: Optional[Voids], max_deals: int = 400) -> Optional[tuple[Evidence, float]]:
    """The evidence over deals weighed by the others' plays under `reader`'s model, and
    its effective number of deals (at most the deals solved); None where there is no
    move of theirs to weigh, the weights collapse, or no deal was solved in time."""
    name, so_far = reader
    dealer = InferredDealer(view, voids, so_far, name, random.Random(seed))
    if dealer.uniform:
        return None
    weighed = within_budget(view, budget, seed + 1, voids, max_deals=max_deals, dealt=dealer.deal)
    return (weighed, min(dealer.effective, weighed.deals)) if weighed.deals else None


def read_difference(weighed: Evidence, effective: float, a: Move, b: Move) -> Difference:
    """How much better `a` is than `b` over the weighed deals, its margin widened to the
    effective number of deals (a deal drawn twice from the weighed pool counts once)."""
    diff = weighed.difference(a, b)
    widen = math.sqrt(weighed.deals / effective) if 0 < effective < weighed.deals else 1.0
    return replace(diff, half_width=diff.half_width * widen)


def read_words(view: Position, evidence: Evidence, reader: tuple[str, HandSoFar], budget: float, seed: int,
               voids: Optional[Voids], lang: str = "en") -> tuple[str, ...]:
    """The hand read from the others' plays under `reader`'s model (its name, the hand so
    far): what that reading rests on and whether it names `evidence`'s best move too;
    nothing where there is no move of theirs to weigh or the weights collapse."""
    found = read_evidence(view, reader, budget, seed, voids)
    if found is None or not evidence.deals:
        return ()
    weighed, effective = found
    shown = t(f"play.model.{model(reader[0]).name}", lang)
    lines = [tn("coach.read_basis", weighed.deals, lang, model=shown, effective=f"{effective:.0f}")]
    mine, theirs = evidence.best(), weighed.best()
    if twin_key(view, mine) == twin_key(view, theirs):
        lines.append(t("coach.read_same", lang, move=move_words(mine, lang)))
        return tuple(lines)
    diff = read_difference(weighed, effective, theirs, mine)
    key = "coach.read_differs" if diff.significant and evidence.difference(mine, theirs).significant \
        else "coach.read_close"
    lines.append(t(key, lang, move=move_words(theirs, lang), other=mine, diff=f"{diff.mean:.1f}",
                   margin=f"{diff.half_width:.1f}"))
    return tuple(lines)


def hint(position: Position, budget: float = 1.0, seed: int = 0, voids: Optional[Voids] = None,
         lang: str = "en", target: Optional[int] = None,
         reader: Optional[tuple[str, HandSoFar]] = None) -> Hint:
    """The best move by value for the mover, compared with the best alternative; told
    the game's `target`, a move that reaches it (the game is won at once). `reader`: the
    others' play model and the hand so far, to read the hand from their plays too."""
    hint_found = _hint(position, budget * (1 - READ_SHARE) if reader else budget, seed, voids, lang, target)
    if reader is None or reader[0] == "uniform" or hint_found.samples == 0 or hint_found.exact:
        return hint_found
    if hint_found.evidence is None:
        return hint_found
    lines = read_words(mover_view(position), hint_found.evidence, reader, budget * READ_SHARE, seed, voids,
                       lang)
    return replace(hint_found, details=(*hint_found.details, *lines))


def _hint(position: Position, budget: float, seed: int, voids: Optional[Voids], lang: str,
          target: Optional[int]) -> Hint:
    moves = position.legal_moves()
    view = mover_view(position)
    if len(moves) == 1:
        return Hint(moves[0], t("coach.say_only_move", lang, move=move_words(moves[0], lang)),
                    leaves_words(view, moves[0], lang, voids), {moves[0]: 0.0}, 0, True)
    if only_twins(view, moves):
        move = min(moves, key=str)
        return Hint(move, t("coach.say_twins", lang, tile=move.tile),
                    leaves_words(view, move, lang, voids), {m: 0.0 for m in moves}, 0, True)
    winning = winning_moves(position, target)
    if winning and target is not None:
        words = wins_words(position, winning[0], target, lang)
        return Hint(winning[0], words, (), {}, 0, True)
    evidence, played = gather(view, budget, seed, voids)
    if not evidence.deals:  # too early in the hand to solve a deal in time
        move = GreedyPlayer(seed).choose(position)
        clause = idea_clause(view, move, None, voids, lang, seed)
        headline = t("coach.say_guess", lang, move=move_words(move, lang), idea=clause or t(
            "coach.idea_points", lang))
        details = (t("coach.basis_none", lang), *leaves_words(view, move, lang, voids))
        return Hint(move, headline, details, {}, 0)
    move = evidence.best()
    others = [m for m in evidence.moves if twin_key(view, m) != twin_key(view, move)]  # real alternatives
    other = max(others, key=lambda m: (evidence.mean(m), view.points(m), str(m)))
    values = {m: evidence.mean(m) for m in evidence.moves}
    basis = t("coach.basis", lang, basis=basis_words(evidence, lang))
    named, other_named = move_words(move, lang), move_words(other, lang)
    if equal_everywhere(evidence, move, other):
        return Hint(move, t("coach.say_same", lang, move=named, other=other_named),
                    (*leaves_words(view, move, lang, voids), basis), values, evidence.deals, evidence.exact,
                    evidence=evidence)
    rivals = [other] + ([played.best()] if played is not None else [])
    clash = contradiction(evidence, played, move, rivals) if played is not None else None
    few = not evidence.exact and evidence.deals < MIN_DEALS
    if played is not None and played.deals >= MIN_DEALS and (clash is not None or few):
        return hint_as_played(view, evidence, played, clash, values, lang, voids, seed)
    figures = [compare_words(view, evidence, move, other, lang)]
    if played is not None:
        figures.append(played_words(played, move, other, lang))
    clause = idea_clause(view, move, other, voids, lang, seed) or t("coach.idea_value", lang)
    diff = evidence.difference(move, other)
    if few:
        headline = t("coach.say_first_guess", lang, move=named, idea=clause)
        figures.insert(0, tn("coach.hint_few", evidence.deals, lang))
    elif evidence.exact or diff.significant:
        headline = t("coach.say_play", lang, move=named, idea=clause)
    else:
        headline = t("coach.say_play_close", lang, move=named, idea=clause, other=other)
    return Hint(move, headline, (*figures, *leaves_words(view, move, lang, voids), basis), values,
                evidence.deals, evidence.exact, evidence=evidence)


@dataclass(frozen=True)
class MoveReview:
    """One of the learner's moves in a hand, judged, with the reason in words."""

    number: int  # the turn's index in the hand
    position: str  # the code before the move, as the learner saw it
    played: Move
    best: Move
    loss: float  # mean points lost against the best
    grade: str  # best, good, inaccuracy, mistake, blunder, unclear or forced
    samples: int  # deals behind the figures (0 when exact or forced)
    margin: float = 0.0  # half-width of the 95% interval on the loss (inf: no figure to show)
    exact: bool = False
    reason: str = ""  # the figures and what they rest on
    target: Optional[int] = None  # judged by reaching the game's target, not by value
    headline: str = ""  # one plain sentence, said first
    contested: bool = False  # the yardsticks disagree: no best move or loss is claimed
    ties: tuple[Move, ...] = ()  # every move as good as `best` on the evidence, `best` first

    @property
    def best_moves(self) -> tuple[Move, ...]:
        """The best moves the review names: `best` and the moves equal to it; none where
        it names none (no deal solved, or the yardsticks disagree)."""
        if self.unjudged or self.contested:
            return ()
        return self.ties or (self.best,)

    @property
    def forced(self) -> bool:
        """The learner had no other legal move."""
        return self.grade == "forced"

    @property
    def unjudged(self) -> bool:
        """No deal could be solved in time: there is no best move or loss to show (`best`
        is then the move played)."""
        return self.grade == "unclear" and not (self.exact or self.samples or self.target is not None)


def review_move(position: Position, played: Move, voids: Optional[Voids], budget: float,
                seed: int, number: int = 0, lang: str = "en",
                target: Optional[int] = None) -> MoveReview:
    """Judge one move from the mover's view of `position` (told the game's `target`, a
    move that reaches it is best, and any other a missed win)."""
    view = mover_view(position)
    moves = position.legal_moves()
    if len(moves) == 1 or only_twins(view, moves):
        key = "coach.forced" if len(moves) == 1 else "coach.forced_twins"
        return MoveReview(number, view.code(), played, played, 0.0, "forced", 0, 0.0, True,
                          "", headline=t(key, lang, tile=played.tile))
    winning = winning_moves(position, target)
    if winning and target is not None:
        if played in winning:
            words = wins_words(position, played, target, lang)
            return MoveReview(number, view.code(), played, played, 0.0, "best", 0, 0.0, True,
                              words, target, words)
        why = t("coach.missed_win", lang, move=move_words(played, lang)) + " " + wins_words(
            position, winning[0], target, lang)
        return MoveReview(number, view.code(), played, winning[0], 0.0, "missed_win", 0, 0.0, True,
                          why, target, why)
    evidence, by_play = gather(view, budget, seed, voids, must=(played,))
    return judged(view, played, evidence, number, lang, by_play, voids, seed)


def judged_as_played(view: Position, played: Move, evidence: Evidence, by_play: Evidence, number: int,
                     lang: str, voids: Optional[Voids], seed: int, clash: Optional[TwoWays]) -> MoveReview:
    """The review of `played` on the play-outs alone (each player choosing on what he
    can see), where the exact deals cannot carry a claim: they contradict the play-outs
    (with every tile known, a move may look best for reasons nobody at the table can
    know: the opening's case), or too few were solved in time. A grade here is at most
    an inaccuracy: a mistake or a blunder needs both yardsticks to agree."""
    best = by_play.best()
    if by_play.mean(played) == by_play.mean(best) or twin_key(view, played) == twin_key(view, best):
        best = played
    others = [m for m in by_play.moves if twin_key(view, m) != twin_key(view, played)]
    other = best if best != played else max(others or [m for m in by_play.moves if m != played],
                                            key=lambda m: (by_play.mean(m), str(m)))
    loss = by_play.difference(best, played)
    shown = max(0.0, shown_gap(by_play, best, played))
    named = judge(loss, by_play.deals, False, shown)
    if named != "unclear" and ORDER.index(named) > ORDER.index(CAPPED):
        named = CAPPED
    why = (t("coach.exact_parts", lang, exact=move_words(clash.a if clash.exact.mean > 0 else clash.b, lang))
           if clash is not None else tn("coach.exact_few", evidence.deals, lang))
    if named == "unclear":
        headline = t("coach.unclear_wide", lang, low=f"{loss.low:.1f}", high=f"{loss.high:.1f}")
    elif best == played:
        clause = idea_clause(view, played, other, voids, lang, seed)
        headline = (t("coach.review_best", lang, idea=clause) if clause
                    else t("coach.review_best_played", lang))
    else:
        clause = idea_clause(view, best, played, voids, lang, seed)
        key = "coach.review_good" if named == "good" else "coach.review_better"
        headline = t(key, lang, best=move_words(best, lang), idea=clause or t("coach.idea_value", lang))
    figures = [played_words(by_play, played, other, lang), why]
    if evidence.deals and other in evidence.moves:
        figures.append(exact_figures(evidence, played, other, lang))
    basis = t("coach.basis", lang, basis=tn("coach.basis_played", by_play.deals, lang))
    ties = (best, *(m for m in by_play.moves if m != best and by_play.mean(m) == by_play.mean(best)))
    return MoveReview(number, view.code(), played, best, shown, named, by_play.deals, loss.half_width, False,
                      " ".join(x for x in (*figures, basis) if x), headline=headline, ties=ties)


def judged(view: Position, played: Move, evidence: Evidence, number: int = 0,
           lang: str = "en", by_play: Optional[Evidence] = None, voids: Optional[Voids] = None,
           seed: int = 0) -> MoveReview:
    """The review of `played` on the evidence gathered from the mover's `view` (and, if
    given, the play-outs `by_play`: a claim they contradict is "unclear")."""
    if not evidence.deals:
        words = t("coach.unclear_none", lang)
        return MoveReview(number, view.code(), played, played, 0.0, "unclear", 0, 0.0, False, words,
                          headline=words)
    best = evidence.best()
    if evidence.mean(played) == evidence.mean(best) or twin_key(view, played) == twin_key(view, best):
        best = played  # a tie for the best (or its twin): the move played is one
    if best == played:  # against the best real alternative (a twin of it is no alternative)
        others = [m for m in evidence.moves if twin_key(view, m) != twin_key(view, played)]
        other = max(others or [m for m in evidence.moves if m != played],
                    key=lambda m: (evidence.mean(m), str(m)))
    else:
        other = best
    loss = evidence.difference(best, played)
    shown = max(0.0, shown_gap(evidence, best, played))  # the loss as the review writes it
    named = judge(loss, evidence.deals, evidence.exact, shown)
    if loss.at_least and named != "blunder":  # `played` only bounded: its loss may be larger
        named = "unclear"
    basis = t("coach.basis", lang, basis=basis_words(evidence, lang))
    deals = 0 if evidence.exact else evidence.deals
    rivals = [other, *([by_play.best()] if by_play is not None else [])]
    clash = contradiction(evidence, by_play, played, rivals) if by_play is not None else None
    few = not evidence.exact and evidence.deals < MIN_DEALS
    if by_play is not None and by_play.deals >= MIN_DEALS and (clash is not None or few):
        return judged_as_played(view, played, evidence, by_play, number, lang, voids, seed, clash)
    if (named in ("mistake", "blunder") and by_play is not None and best in by_play.moves
            and played in by_play.moves and not by_play.difference(best, played).significant):
        named = CAPPED  # the play-outs do not confirm the loss beyond their margin: one yardstick only
    if clash is not None:
        words = disagree_words(clash, lang)
        detail = " ".join(x for x in (exact_figures(evidence, played, clash.b, lang),
                                      played_words(by_play, played, clash.b, lang), basis) if x)
        return MoveReview(number, view.code(), played, best, 0.0, "unclear", deals, math.inf,
                          evidence.exact, detail, headline=t("coach.unclear_disagree", lang, why=words),
                          contested=True)
    if named == "unclear" and evidence.deals < MIN_DEALS:
        headline = tn("coach.unclear_few", evidence.deals, lang)
    elif named == "unclear" and math.isfinite(loss.high):
        headline = t("coach.unclear_wide", lang, low=f"{loss.low:.1f}", high=f"{loss.high:.1f}")
    elif named == "unclear":
        headline = t("coach.unclear_bounded", lang)
    elif best == played:
        clause = idea_clause(view, played, other, voids, lang, seed)
        headline = t("coach.review_best", lang, idea=clause) if clause else t("coach.review_best_plain", lang)
    else:
        clause = idea_clause(view, best, played, voids, lang, seed)
        key = "coach.review_good" if named == "good" else "coach.review_better"
        headline = t(key, lang, best=move_words(best, lang), idea=clause or t("coach.idea_value", lang))
    extra = played_words(by_play, played, other, lang) if by_play is not None else ""
    reason = " ".join(x for x in (compare_words(view, evidence, played, other, lang), extra, basis) if x)
    margin = math.inf if loss.at_least else 0.0 if evidence.exact else loss.half_width  # inf: no figure
    ties = (best, *(m for m in evidence.moves if m != best and not evidence.bounded(m)
                    and evidence.mean(m) == evidence.mean(best)))
    return MoveReview(number, view.code(), played, best, shown, named, deals, margin, evidence.exact, reason,
                      headline=headline, ties=ties)


def review_hand(start: Position, turns: tuple[Turn, ...], learner: int, budget: float = 0.5,
                seed: int = 0, lang: str = "en", target: Optional[int] = None,
                total: Optional[float] = None) -> tuple[MoveReview, ...]:
    """Judge every move the learner played in a hand, forced ones marked as forced.

    `start` is the hand's deal and `turns` its turns (Match.starts / Match.hands); the
    scores are those of `start` plus the points played, so give the `target` only when
    nothing else moved them (no Muggins). Each decision has `budget` seconds; given a
    `total`, the decisions share it instead (`shares`), each at most `budget`."""
    decisions = []
    position = start
    for number, turn in enumerate(turns):
        for _ in turn.draws:
            position = position.draw()
        if turn.move is None:
            if not position.is_over and position.must_pass:
                position = position.pass_turn()
            continue
        if turn.player == learner:
            decisions.append((number, position, turn.move))
        position = position.play(turn.move)
    seconds = (shares([p for _, p, _ in decisions], total, budget) if total is not None
               else [budget] * len(decisions))
    return tuple(review_move(position, move, voids_from_turns(start, turns[:number]), time, seed + number,
                             number, lang, target)
                 for (number, position, move), time in zip(decisions, seconds))


def shares(positions: list[Position], total: float, most: float) -> list[float]:
    """`total` seconds shared out over decisions by the square of the tiles the mover
    cannot see (a deal early in a hand costs far more to solve than one late), each at
    most `most`; a forced move gets none.

    >>> from trainer.engine.position import Position
    >>> early = Position.from_code("4-5,5-1 6-4,1-1/?7 ?17 0 0,0")
    >>> [round(s, 2) for s in shares([early, early], 1.0, 0.4)]
    [0.4, 0.4]
    """
    weights = [0.0 if len(p.legal_moves()) < 2 else float(len(unseen_tiles(p)) ** 2) for p in positions]
    whole = sum(weights) or 1.0
    return [min(most, total * w / whole) for w in weights]
