"""Best-move questions of the strategy course, from the proven bank (`trainer.teach.proven`):
the board as the player to move sees it, 3 or 4 real choices, and an explanation drawn
from the solved lines: the block, the reply a move allows, the set-up, the partner's
score, who goes out, the pips left. Each wrong choice gets its own line too.

`reason` names the point the explanation makes and the figures it states; each point
is a claim about the lines (`trainer.teach.lines`) that the tests check against the
position. `pick` chooses a lesson's positions so that no kind of answer (the grab, the
set-up, the block, the shed, going out) makes more than two thirds of its questions,
nor always does (or never does) the lesson's own thing.

>>> from trainer.teach.quiz import Maker
>>> from trainer.teach.proven import bank
>>> q = best_question(Maker("en", 0, 50), "x", bank("blocking")[0])
>>> q.kind, 3 <= len(q.choices) <= 4, q.check(q.right).correct
('best_move', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position, size
from trainer.engine.rules import round_to_five
from trainer.i18n import t
from trainer.play.ideas import idea, idea_words
from trainer.play.players import mover_view
from trainer.teach.deals import unseen
from trainer.teach.lines import Line, blocks, opens_spinner, replay
from trainer.teach.proven import Option, Proven, reply_of
from trainer.teach.quiz import Board, Maker, Question, move_label

QUESTIONS = 3  # best-move questions a lesson asks
MOST_OF_ONE_KIND = 2  # of QUESTIONS: no kind of answer more often (two thirds)


# ----- who is who, seen from the player to move -----
def seat_word(position: Position, player: int, lang: str, start: bool = False) -> str:
    """A player seen from the mover: you; your opponent; with more players Left (the next
    to play), Partner or Across, Right (the seats' names). As the words stand in the
    middle of a sentence; `start`: at the start of one, its first letter a capital."""
    offset = (player - position.turn) % position.players
    if offset == 0:
        name = "you"
    elif position.players == 2:
        name = "opponent"
    elif offset == 1:
        name = "left"
    elif offset == position.players - 1:
        name = "right"
    else:
        name = "partner" if position.rules.partners else "across"
    word = t(f"seat.{name}", lang)
    return word[:1].upper() + word[1:] if start else word


def signed(value: float) -> str:
    """`+10`, `-5`, `0`, `+12.5` (means to one decimal)."""
    if value == int(value):
        return f"{int(value):+d}" if value else "0"
    return f"{value:+.1f}"


# ----- a line in words -----
def narrate(m: Maker, line: Line) -> str:
    """The line turn by turn from the mover's seat, then how the hand ends and the pips
    each player is left with (and what they cost)."""
    start = line.start
    steps = []
    for ply in line.plies:
        who = seat_word(start, ply.player, m.lang)
        drew = m.tn("line.drew", ply.drew) if ply.drew else ""
        if ply.move is None and ply.drew and ply is line.plies[-1] and line.end.is_over:
            steps.append(m.tn("line.drew_last", ply.drew, who=who))
            continue
        if ply.move is None:
            steps.append(m.t("line.pass", who=who, drew=drew))
        elif ply.points:
            steps.append(m.t("line.scores", who=who, drew=drew, move=move_label(ply.move, m.lang),
                             points=ply.points))
        else:
            steps.append(m.t("line.plays", who=who, drew=drew, move=move_label(ply.move, m.lang)))
    end = line.ending
    if end.kind == "domino":
        assert end.player is not None
        steps.append(m.t("line.out", who=seat_word(start, end.player, m.lang)))
    else:
        steps.append(m.t("line.blocked"))
    pips = line.pips_left()
    left = m.t("list.separator").join(
        m.t("line.pips", who=seat_word(start, p, m.lang), pips=pips[p], rounded=round_to_five(pips[p]))
        for p in range(start.players) if pips[p] or end.kind == "blocked")
    text = m.t("line.arrow").join(steps)
    return m.t("line.whole", line=text, left=left, value=signed(line.value)) if left else \
        m.t("line.whole_none", line=text, value=signed(line.value))


# ----- what the explanation says -----
@lru_cache(maxsize=1024)
def lines_of(entry: Proven) -> dict[Move, Line]:
    """The solved line after each offered move: exact entries on the position, sampled
    ones on their representative deal (one deal only); none for every-deal entries."""
    position = Position.from_code(entry.example) if entry.sampled else entry.position
    return {o.move: replay(position, o.line) for o in entry.options if o.line}


def rival(entry: Proven) -> Option:
    """The move the explanation weighs the answer against: the one that scores most
    now when that is not the answer, else the second best."""
    best = entry.best
    most = max(entry.options, key=lambda o: (o.points, entry.value(o)))
    return most if most.points > best.points else entry.options[1]


def reason(entry: Proven) -> tuple[str, dict[str, object]]:
    """The point the explanation makes, as a catalogue key and its figures (moves as
    Move values). Exact entries: read off the solved lines; hidden ones: off the means
    over every deal."""
    best, other = entry.best, rival(entry)
    position = entry.position
    figures: dict[str, object] = {"best": best.move, "other": other.move, "best_points": best.points,
                                  "other_points": other.points}
    if entry.sampled:
        deals = entry.deals
        figures.update(value=entry.value(best), other_value=entry.value(other), reply=other.reply / deals,
                       best_reply=best.reply / deals)
        if other.reply >= best.reply + 2 * deals:  # he could score 2 points more on average, or more
            return "why.sampled_reply", figures
        if best.points > other.points:
            return "why.sampled_grab", figures
        return "why.sampled_later", figures
    if not entry.exact:
        deals = entry.deals
        if position.rules.partners and best.partner > other.partner:
            return "why.partner_mean", {**figures, "partner": best.partner / deals,
                                        "other_partner": other.partner / deals}
        if other.reply > best.reply:
            return "why.reply_mean", {**figures, "reply": other.reply / deals,
                                      "best_reply": best.reply / deals}
        return "why.mean", {**figures, "value": entry.value(best), "other_value": entry.value(other)}
    lines = lines_of(entry)
    line, alt = lines[best.move], lines[other.move]
    if blocks(position, best.move):
        pips = line.pips_left()
        mine = pips[position.turn]
        theirs = max(pips[p] for p in range(position.players) if p != position.turn)
        key = "why.block_less" if round_to_five(mine) < round_to_five(theirs) else "why.block_even"
        return key, {**figures, "mine": mine, "theirs": theirs, "my_loss": round_to_five(mine),
                     "their_loss": round_to_five(theirs), "other_value": alt.value}
    goes_out = line.ending.kind == "domino" and line.ending.player == position.turn
    alt_out = alt.ending.kind == "domino" and alt.ending.player == position.turn
    if goes_out and not alt_out:
        return "why.out", {**figures, "pips": sum(line.pips_left()), "cost": sum(
            round_to_five(p) for p in line.pips_left())}
    if best.points < other.points:
        if reply_of(alt) > reply_of(line):
            reply = alt.reply()
            assert reply is not None and reply.move is not None
            return "why.reply", {**figures, "reply_move": reply.move, "reply": reply_of(alt),
                                 "best_reply": reply_of(line)}
        own = line.next_own()
        if position.rules.partners and line.partner_points() > alt.partner_points():
            return "why.partner", {**figures, "partner": line.partner_points(),
                                   "other_partner": alt.partner_points()}
        if own is not None and own.move is not None and own.points > 0:
            return "why.setup", {**figures, "next_move": own.move, "next_points": own.points}
    if best.points > other.points:
        return "why.grab", {**figures, "value": line.value, "other_value": alt.value}
    return "why.whole", {**figures, "value": line.value, "other_value": alt.value}


def _words(m: Maker, figures: dict[str, object]) -> dict[str, object]:
    """The figures as the text shows them: moves in words, means to one decimal."""
    shown: dict[str, object] = {}
    for name, value in figures.items():
        if isinstance(value, Move):
            shown[name] = move_label(value, m.lang)
        elif isinstance(value, float):
            shown[name] = f"{value:.1f}"
        else:
            shown[name] = value
    return shown


# ----- the board and the question -----
def board_caption(m: Maker, position: Position, entry: Proven) -> str:
    """Whose turn, and what the mover knows of the tiles he cannot see."""
    seat = m.seat(position.turn)
    if entry.exact:
        others = [p for p in range(position.players) if p != position.turn]
        tiles = ", ".join(str(tile) for tile in position.hand(others[0]))
        return m.tn("board.known", len(position.hand(others[0])), player=seat, tiles=tiles)
    hidden = [p for p, hand in enumerate(position.hands) if isinstance(hand, Hidden)]
    held = m.t("list.separator").join(m.t("board.holds", who=seat_word(position, p, m.lang),
                                          n=size(position.hands[p])) for p in hidden)
    lacking = entry.voids_map()
    shown = [m.t("board.lacks", who=seat_word(position, p, m.lang, start=True),
                 suits=", ".join(map(str, sorted(lacking[p])))) for p in hidden if lacking.get(p)]
    key = "board.hidden_partners" if position.rules.partners else "board.hidden"
    return m.t(key, player=seat, held=held, bone=size(position.boneyard), unseen=len(unseen(position)),
               lacks=" ".join(shown))


def value_line(m: Maker, entry: Proven, option: Option) -> str:
    label = move_label(option.move, m.lang)
    if entry.sampled:
        line = m.t("strategy.sampled_line", move=label, points=option.points,
                   value=signed(round(entry.value(option), 1)), best_in=option.best_in, deals=entry.deals,
                   played=signed(round(entry.played_value(option), 1)))
        if option is entry.best:
            return line
        best = entry.best
        return f"{line} " + m.t("strategy.sampled_lead", best=move_label(best.move, m.lang),
                               lead=f"{entry.value(best) - entry.value(option):.1f}",
                               margin=f"{option.exact_margin:.1f}",
                               played_lead=f"{entry.played_value(best) - entry.played_value(option):.1f}",
                               played_margin=f"{option.played_margin:.1f}")
    if entry.exact:
        return m.t("strategy.value_line", move=label, points=option.points, value=signed(option.total))
    return m.t("strategy.mean_line", move=label, points=option.points, value=signed(entry.value(option)),
               best_in=option.best_in, deals=entry.deals)


def best_question(m: Maker, qid: str, entry: Proven) -> Question:
    """Which move is best? The answer is the bank's best of the offered moves, proven
    by `entry`; the explanation and each wrong choice's note come from its lines."""
    position = entry.position
    m.used.add(entry.code)
    board = Board(position.layout, board_caption(m, position, entry), None, position.hand(position.turn),
                  position, position.rules)
    best = entry.best
    label = move_label(best.move, m.lang)
    if entry.sampled:
        head = m.t("strategy.solved_sampled", best=label, value=signed(round(entry.value(best), 1)),
                   deals=entry.deals, unseen=len(unseen(position)), playouts=entry.playouts,
                   played=signed(round(entry.played_value(best), 1)))
    elif entry.exact:
        head = m.t("strategy.solved", best=label, value=signed(best.total))
    else:
        head = m.t("strategy.solved_deals", best=label, value=signed(entry.value(best)), deals=entry.deals,
                   best_in=best.best_in, unseen=len(unseen(position)))
    key, figures = reason(entry)
    explanation = idea_first(m, entry, key, m.t(key, **_words(m, figures)))
    if entry.topic == "spinner":
        explanation += " " + spinner_fact(m, entry, figures["other"])  # type: ignore[arg-type]
    lines = lines_of(entry)
    details = tuple(value_line(m, entry, o) for o in entry.options)
    notes: list[tuple[str, str]] = []
    if entry.sampled:
        example = Position.from_code(entry.example)
        details += (m.t("strategy.example_deal", deals=entry.deals, who=seat_word(position, 1 - position.turn,
                                                                                  m.lang),
                        hand=", ".join(map(str, example.hand(1 - position.turn))),
                        bone=", ".join(map(str, example.known_boneyard())), best=label,
                        line=narrate(m, lines[best.move])),)
        notes = [(str(o.move), m.t("strategy.example_yours", move=move_label(o.move, m.lang),
                                   line=narrate(m, lines[o.move]), deals=entry.deals,
                                   value=signed(round(entry.value(o), 1)), best=label,
                                   best_value=signed(round(entry.value(best), 1))))
                 for o in entry.options[1:]]
    elif entry.exact:
        details += (m.t("strategy.best_line", line=narrate(m, lines[best.move])),)
        notes = [(str(o.move), m.t("strategy.your_line", move=move_label(o.move, m.lang),
                                   line=narrate(m, lines[o.move])))
                 for o in entry.options[1:]]
    choices = sorted(((str(o.move), move_label(o.move, m.lang)) for o in entry.options), key=lambda c: c[0])
    return m.question(qid, "best_move", m.t("q.best_move", player=m.seat(position.turn)), board, choices,
                      str(best.move), explanation, details, notes=tuple(notes), figures=head)


FIGURES_ONLY = ("why.mean", "why.whole", "why.sampled_later")  # reasons that are figures alone


def idea_first(m: Maker, entry: Proven, key: str, figures: str) -> str:
    """The explanation with the idea said first where the reason alone is figures: the
    coach's idea that tells the best move from its rival (`trainer.play.ideas`); else,
    in the shedding lesson, whether shedding the heavier tile is what wins here or, if
    not, that it is not this time; else that no simple rule tells the two apart here."""
    if key not in FIGURES_ONLY:
        return figures
    position = entry.position
    best, other = entry.best.move, rival(entry).move
    found = idea(mover_view(position), best, other, entry.voids_map(), 0)
    if found is not None:
        words = idea_words(found, m.lang)
        return f"{words[:1].upper()}{words[1:]}. {figures}"
    if entry.topic == "shedding":
        mine, theirs = best.tile.pips, other.tile.pips
        key = "why.shed_more" if mine > theirs else "why.shed_not_here"
        return m.t(key, best=move_label(best, m.lang), other=move_label(other, m.lang), pips=mine,
                   other_pips=theirs) + " " + figures
    return m.t("why.no_rule") + " " + figures


def spinner_fact(m: Maker, entry: Proven, other: Move) -> str:
    """What the answer does to the spinner, and the rival choice if it differs: a fact of
    the table, not the reason it is best."""
    position = entry.position
    best = entry.best.move
    if opens_spinner(position, best):
        return m.t("strategy.fact_opens", best=move_label(best, m.lang))
    if opens_spinner(position, other):
        return m.t("strategy.fact_keeps", best=move_label(best, m.lang), other=move_label(other, m.lang))
    return m.t("strategy.fact_closed", best=move_label(best, m.lang))


# ----- choosing a lesson's positions -----
def pick(rng: random.Random, entries: Sequence[Proven], count: int = QUESTIONS,
         avoid: Optional[set[str]] = None) -> list[Proven]:
    """`count` entries, different, none in `avoid`: no kind of answer more than
    MOST_OF_ONE_KIND times, and the topic's own question answered both yes and no; one
    at least from the middle of a hand when the topic has such positions."""
    pool = [e for e in entries if avoid is None or e.code not in avoid]
    order = rng.sample(pool, len(pool))
    middle = [e for e in order if e.sampled]
    if middle:  # the first is always taken
        order.remove(middle[0])
        order.insert(0, middle[0])
    chosen: list[Proven] = []
    for entry in order:
        kinds = [e.kind for e in chosen] + [entry.kind]
        if max(kinds.count(k) for k in kinds) > MOST_OF_ONE_KIND:
            continue
        flags = [e.flag for e in chosen] + [entry.flag]
        if len(flags) == count and len(set(flags)) == 1:
            continue
        chosen.append(entry)
        if len(chosen) == count:
            return chosen
    raise RuntimeError(f"the bank cannot give {count} mixed positions")  # pragma: no cover
