"""Play: whole matches against the computer, with a coach, Muggins claims, undo,
saving and loading, and a review after each hand."""

from __future__ import annotations

import math
import random
import time
from collections import defaultdict
from concurrent.futures import Future, ThreadPoolExecutor
from functools import partial
from typing import Any, Optional

import streamlit as st

from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.numbers import SEED_LIMIT, typed_shown, whole
from trainer.engine.position import Position
from trainer.engine.rules import preset
from trainer.engine.seats import seat, seats
from trainer.engine.tiles import Tile, is_whole
from trainer.engine.voids import voids_from_turns
from trainer.errors import TrainerError
from trainer.i18n import Typed, join, number, t, tn
from trainer.play.coach import MoveReview, hint, review_hand
from trainer.play.hand_history import HandSoFar, before_turn, history_from_turns
from trainer.play.players import mover_view
from trainer.play.reading import Reading, read
from trainer.play.session import (
    FILE_LIMIT,
    STRENGTHS,
    Claim,
    PlaySession,
    PlaySettings,
    SaveFileError,
    hand_end,
    load_file,
    narrate,
)
from trainer.search.admission import Busy, gate
from ui.own import file_own_puzzles
from ui.state import init_state, plain, reason, record_result
from ui.where import chances
from ui.widgets import (
    board,
    board_legend,
    costly,
    move_picker,
    uploader_style,
    visitor,
)

RULES = ("standard", "partners", "cincos")
WEAK_GRADES = ("inaccuracy", "mistake", "blunder")
GRADE_COLOURS = {"best": "green", "good": "green", "inaccuracy": "orange", "mistake": "red",
                 "blunder": "red", "missed_win": "red"}  # Streamlit's Markdown colours; else gray
NO_FIGURE = "—"  # no figure: a forced move, one judged by the target, or one no deal judged
LAST_MOVES = 4  # moves told under the board
REVIEW_BUDGET = 2.0  # seconds of the coach's thinking for a whole hand's review, begun as it ends
REVIEW_MOST = 1.0  # seconds at most for one decision (the first ones cost the most)
# the longest the coach's searches wait for a free place on the server (trainer.search.admission)
HINT_WAIT, REVIEW_WAIT = 10.0, 30.0

init_state()
LANG: str = st.session_state["lang"]

st.title(t("play.title", LANG))


def names(session: PlaySession) -> dict[int, str]:
    out = {session.settings.learner: t("play.you", LANG)}
    for index in range(session.settings.players):
        if index != session.settings.learner:
            partner = session.match.rules.partners and index % 2 == session.settings.learner % 2
            out[index] = t("play.partner" if partner else "play.computer", LANG, seat=seat(index))
    return out


def side_names(session: PlaySession, sides: int) -> list[str]:
    """Who scores as each side: a player, or with partners the side as one name ("You and
    your partner (player 3)", "The computers (players 2 and 4)"), never a list whose
    commas could be read as separating sides."""
    who = names(session)
    if sides == session.settings.players:
        return [who[index] for index in range(sides)]
    learner = session.settings.learner
    out = []
    for side in range(sides):
        members = [index for index in range(session.settings.players)
                   if session.match.rules.side_of(index) == side]
        if learner in members:
            out.append(t("play.side_you", LANG, partner=seat(next(s for s in members if s != learner))))
        else:
            out.append(t("play.side_others", LANG, players=join([str(s) for s in seats(members)], LANG)))
    return out


def start(settings: PlaySettings) -> None:
    st.session_state.update(play=PlaySession(settings), play_tile=None, play_seen=0,
                            play_hint=None, play_review=None, play_note=None, play_pending=None)


def usual_target(rules_name: str) -> str:
    """The rules' usual target, by the number of players where it depends on it:
    "250 with 2 players, 200 with 3 and 4 players"."""
    rules = preset(rules_name)
    by_target: dict[int, list[str]] = defaultdict(list)
    for players in range(rules.min_players, rules.max_players + 1):
        by_target[rules.default_target(players)].append(str(players))
    if len(by_target) == 1:
        return str(next(iter(by_target)))
    parts = [t("play.target_for", LANG, target=target,
               players=join([t(f"players.number.{n}", LANG) for n in counts], LANG))
             for target, counts in by_target.items()]
    return t("list.separator", LANG).join(parts)


def setup() -> None:
    """The form for a new game."""
    with st.form("play_setup"):
        rules = st.selectbox(t("play.rules", LANG), RULES, help=t("play.rules_help", LANG),
                             format_func=lambda r: t(f"rules.{r}", LANG))
        players = st.selectbox(t("play.players", LANG), [2, 3, 4], help=t("play.players_help", LANG))
        opponent = st.selectbox(t("play.strength", LANG), STRENGTHS, index=1,
                                format_func=lambda s: t(f"play.strength.{s}", LANG),
                                help="\n\n".join(t(f"play.strength_line.{s}", LANG) for s in STRENGTHS))
        usual = t("list.separator", LANG).join(
            t("play.target_usual", LANG, rules=t(f"rules.{r}", LANG), target=usual_target(r)) for r in RULES)
        target = st.number_input(t("play.target", LANG), min_value=5, max_value=1000, value=None, step=5,
                                 placeholder=t("play.target_placeholder", LANG),
                                 help=t("play.target_help", LANG, usual=usual))
        muggins = st.toggle(t("play.muggins", LANG), value=False, help=t("play.muggins_rule", LANG))
        coach = st.toggle(t("play.coach", LANG), value=True)
        seed_text = st.text_input(t("play.seed", LANG), value="")
        if st.form_submit_button(t("play.start", LANG), type="primary"):
            try:
                seed = (whole(seed_text.strip(), "seed", 0, SEED_LIMIT - 1) if seed_text.strip()
                        else random.randrange(1, 10**6))
            except TrainerError:
                shown = typed_shown(seed_text, 41)  # a long paste is cut short
                digits = len(str(SEED_LIMIT)) - 1
                st.warning(plain(t("play.bad_seed", LANG, text=Typed(shown), digits=digits)))
                return
            count = 4 if rules == "partners" else int(players)
            st.session_state["play_coach"] = coach
            try:
                start(PlaySettings(rules, count, None if target is None else int(target), seed, opponent,
                                   muggins=muggins, budget=st.session_state["play_budget"]))
            except TrainerError as error:
                st.warning(plain(error))
                return
            st.rerun()
    # any file: a wrong one gets this page's own words, not the picker's English refusal
    uploaded = st.file_uploader(t("play.load", LANG), key="play_upload")
    uploader_style(LANG, {"play_upload": t("play.load_note", LANG, kb=FILE_LIMIT)})
    if uploaded is not None:
        session = load_game(uploaded.getvalue())
        if session is not None:
            st.session_state.update(play=session, play_tile=None, play_hint=None,
                                    play_seen=len(session.match.results), play_review=None)
            st.rerun()


def load_game(data: bytes) -> Optional[PlaySession]:
    """A saved game from an uploaded file, or None with a plain error saying why."""
    try:
        # the page's own thinking time, whatever the file says (a file does not set the server's clock)
        return load_file(data, LANG, budget=float(st.session_state["play_budget"]))
    except SaveFileError as error:
        st.error(t("play.bad_file_head", LANG, problem=error.problem))
        if error.detail:
            st.caption(t("play.bad_file_detail", LANG, error=reason(error.detail)))
        return None


def scoreboard(session: PlaySession) -> None:
    match = session.match
    sides = match.rules.sides(session.settings.players)
    labels = side_names(session, sides)
    with st.container(horizontal=True, gap="medium"):
        for label, score in zip(labels, match.scores):
            st.metric(label, score, width="content")
    # the hand on the table: while the result of one is shown, that one (not the next)
    shown = min(len(match.hands), st.session_state["play_seen"] + 1)
    st.caption(t("play.status_muggins" if session.settings.muggins else "play.status", LANG,
                 hand=shown, rules=t(f"rules.{match.rules.name}", LANG), target=match.target,
                 seed=session.settings.seed,
                 opponent=t(f"play.strength.{session.settings.opponent}", LANG)))


def hand_story(session: PlaySession, number: int) -> None:
    """Hand `number` as it ended: its final board and its last moves (all of them folded)."""
    match = session.match
    turns = tuple(match.record().hands[number - 1])
    start_position = match.starts[number - 1]
    final = hand_end(start_position, turns)
    last = next((turn.move.tile for turn in reversed(turns) if turn.move is not None), None)
    st.write(t("play.final_board", LANG))
    board(final.layout, last=last)
    story = narrate(start_position, turns, names(session), LANG)
    st.write(t("play.last_moves", LANG))
    for line in story[-LAST_MOVES:]:
        st.caption(line)
    if len(story) > LAST_MOVES:
        with st.expander(t("play.whole_hand", LANG)):
            for line in story:
                st.caption(line)


def review_button(session: PlaySession, number: int, where: Any) -> None:
    """"Review my moves" for hand `number` (in `where`, a row or the page); the
    review is begun in the background as soon as the hand is shown, and each judged
    move is kept once."""
    job = review_job(session, number)  # started while the learner reads the board above
    if where.button(t("play.review", LANG), key="play_review_button"):
        try:
            with st.spinner(t("play.reviewing", LANG)):
                reviews = job.result()
        except Busy as error:  # the server busy with other searches: the next click tries again
            st.session_state["play_review_job"] = None
            st.warning(t("search.busy_mine", LANG) if error.mine else
                       tn("search.busy", error.ahead, LANG, seconds=max(1, round(error.wait))),
                       icon=":material/hourglass_disabled:")
            return
        reviewed_before = st.session_state["play_review"]
        st.session_state["play_review"] = (number, reviews, learner_turns(session, number))
        if not reviewed_before or reviewed_before[0] != number:  # each move is kept once
            for r in (r for r in reviews if not r.forced and r.grade != "unclear"):
                record_result("play", f"hand {number}", r.grade in ("best", "good"), r.grade,
                              key=f"game {session.settings.seed} hand {number} turn {r.number}",
                              kind=r.grade, position=r.position, answer=str(r.played),
                              points_lost=max(0, round(r.loss)))
            file_own_puzzles(reviews)


def shown_review(session: PlaySession, number: int) -> None:
    review = st.session_state["play_review"]
    if review and review[0] == number:
        show_review(session, number, review[1], review[2])


def hand_result(session: PlaySession) -> None:
    """The end of the last hand: every hand's pips and their rounding; then go on."""
    match = session.match
    number = len(match.results)
    result = match.results[-1]
    who = names(session)
    how = (t("play.went_out", LANG, player=who[result.end.player]) if result.end.kind == "domino"
           else t("play.blocked", LANG))
    st.subheader(t("play.hand_over", LANG, number=number, how=how))
    hand_story(session, number)
    columns = (t("play.col.player", LANG), t("play.col.pips", LANG), t("play.col.rounded", LANG))
    rows = [dict(zip(columns, (who[seat], result.pips[seat], (result.pips[seat] + 2) // 5 * 5)))
            for seat in range(session.settings.players)]
    st.table(rows, hide_index=True)  # static: no floating toolbar over the board above it
    separator = t("play.side_separator", LANG)  # not a comma: a side's name may hold one
    sides = side_names(session, len(result.deltas))  # whose change and whose score each figure is
    st.write(t("play.settlement", LANG, rules=t(f"rules.{match.rules.name}", LANG),
               changes=separator.join(f"{side} {d:+d}" for side, d in zip(sides, result.deltas)),
               scores=separator.join(f"{side} {s}" for side, s in zip(sides, result.scores))))
    row = st.container(horizontal=True)  # the buttons side by side, at any width
    review_button(session, number, row)
    if row.button(t("play.next_hand" if not match.over else "play.see_result", LANG), key="play_continue",
                    type="primary"):
        st.session_state.update(play_seen=number, play_review=None, play_hint=None, play_note=None)
        st.rerun()
    shown_review(session, number)


def match_result(session: PlaySession) -> None:
    """The match is won: the hand that ended it when the target was reached in its
    middle (its board, last moves and review), then the result."""
    match = session.match
    number = len(match.hands)
    if number > len(match.results):  # no hand result: the target was reached during the hand
        st.subheader(t("play.match_ended", LANG, number=number, target=match.target))
        hand_story(session, number)
    # the match's totals, each beside its side's name (as the scoreboard and the end-of-hand
    # scoring name them): never bare figures that could be read as a hand's or another side's
    sides = side_names(session, len(match.scores))
    final = t("play.side_separator", LANG).join(f"{side} {s}" for side, s in zip(sides, match.scores))
    if match.winner == session.learner_side:
        st.success(t("play.you_win", LANG, target=match.target, scores=final))
    else:
        st.error(t("play.computer_wins", LANG, target=match.target, scores=final))
    row = st.container(horizontal=True)
    if row.button(t("play.again", LANG), key="play_again", type="primary"):
        start(session.settings)
        st.rerun()
    if row.button(t("play.new", LANG), key="play_new"):
        st.session_state["play"] = None
        st.rerun()
    if number > len(match.results):
        review_button(session, number, row)
        shown_review(session, number)


@st.cache_resource(show_spinner=False)
def reviewers() -> ThreadPoolExecutor:
    """One worker per process for hand reviews, shared by every session."""
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="allfives-review")


def review_job(session: PlaySession, number: int) -> Future[tuple[MoveReview, ...]]:
    """The review of hand `number`, begun in the background the first time its result
    is shown (the learner reads the final board meanwhile); the same job afterwards.
    The coach's thinking time is shared out over the learner's decisions, the early ones
    (the costliest to solve) getting the most, so that the whole review takes at most
    about REVIEW_BUDGET seconds."""
    kept = st.session_state.get("play_review_job")
    if kept is not None and kept[0] == (id(session), number):
        return kept[1]  # type: ignore[no-any-return]
    match = session.match
    turns = tuple(match.record().hands[number - 1])
    # the target only without Muggins: claims move the scores outside the moves replayed
    target = None if session.settings.muggins else match.target
    tab, address = visitor()
    work = partial(review_hand, match.starts[number - 1], turns, session.settings.learner,
                   budget=REVIEW_MOST, total=REVIEW_BUDGET, lang=LANG, target=target)
    # a costly search: it waits its turn on the server (trainer.search.admission)
    job = reviewers().submit(gate().run, f"{tab} review", work, bound=REVIEW_WAIT, address=address)
    st.session_state["play_review_job"] = ((id(session), number), job)
    return job


def learner_turns(session: PlaySession, number: int) -> list[tuple[int, Move]]:
    """Every move the learner made in hand `number`: (turn index, move)."""
    turns = session.match.record().hands[number - 1]
    return [(index, turn.move) for index, turn in enumerate(turns)
            if turn.player == session.settings.learner and turn.move is not None]


def lost_text(review: MoveReview) -> str:
    """The points lost, with the 95% margin when it rests on deals; none for a move
    judged by the target (a game won or not, not points)."""
    if review.target is not None or review.unjudged or review.contested or not math.isfinite(review.margin):
        return NO_FIGURE
    return f"{review.loss:.1f} ± {review.margin:.1f}" if review.samples else f"{review.loss:.1f}"


def judged_on(review: MoveReview) -> str:
    """What a grade rests on: the target reached, exact, the deals solved, or the points
    at once when none was."""
    if review.target is not None:
        return t("coach.basis_target", LANG)
    if review.exact:
        return t("coach.basis_exact", LANG)
    if review.samples:
        return tn("play.judged_deals", review.samples, LANG)
    return t("play.judged_points", LANG)


def show_review(session: PlaySession, number: int, reviews: tuple[MoveReview, ...],
                moves: list[tuple[int, Move]]) -> None:
    """Every move of the learner in hand `number`, one box each (a table would scroll
    sideways on a phone): graded ones with their grade, the best move, the points lost
    and what it rests on, and, asked for, where the tiles he could not see were then; a
    move with no other choice marked as forced."""
    by_turn = {r.number: r for r in reviews}
    for count, (index, move) in enumerate(moves, start=1):
        r = by_turn.get(index)
        with st.container(border=True, key=f"review_{index}"):
            if r is None or r.forced:
                st.markdown(t("play.review_head", LANG, n=count, move=move_words(move, LANG),
                              grade=t("play.forced_mark", LANG), colour="gray"))
                st.caption(t("play.forced_why", LANG))
                continue
            best = NO_FIGURE if r.unjudged or r.contested else move_words(r.best, LANG)
            st.markdown(t("play.review_head", LANG, n=count, move=move_words(r.played, LANG),
                          grade=t(f"play.grade.{r.grade}", LANG), colour=GRADE_COLOURS.get(r.grade, "gray")))
            if r.headline:
                st.write(r.headline)
            st.caption(t("play.review_detail", LANG, best=best, lost=lost_text(r), judged=judged_on(r)))
            if r.reason and r.reason != r.headline:
                with st.expander(t("play.figures", LANG)):
                    st.caption(r.reason)
            if st.toggle(t("hands.where", LANG), key=f"play_review_where_{number}_{index}"):
                where_in_review(session, number, index)
    if not [r for r in reviews if not r.forced]:
        st.info(t("play.no_choice", LANG))
    worst = sorted((r for r in reviews if r.grade in WEAK_GRADES), key=lambda r: -r.loss)[:3]
    for r in worst:
        st.page_link("ui/analysis.py", label=t("play.review_link", LANG,
                                               grade=t(f"play.grade_title.{r.grade}", LANG),
                                               move=r.played, best=r.best, loss=f"{r.loss:.1f}",
                                               judged=judged_on(r)),
                     icon=":material/search:", query_params={"position": r.position})


def learner_turn(session: PlaySession) -> None:
    position = session.match.position
    mine = position.hand(session.settings.learner)
    drawn = session.match.pending_draws
    if drawn:
        st.info(t("play.drew", LANG, tiles=t("list.separator", LANG).join(str(tile) for tile in drawn)))
    coach_box = st.container()  # the coach's hint, above the hand (on a phone it would scroll away below)
    st.write(t("play.your_hand", LANG))
    selected = Tile.parse(st.session_state["play_tile"]) if st.session_state["play_tile"] else None
    moves = position.legal_moves()
    move_picker(mine, moves, position.layout, selected, keys=("mytile", "mylead", "myend"),
                on_tile=pick_tile, on_move=choose_move)
    pending = st.session_state["play_pending"]
    if pending and session.settings.muggins:
        with st.form("claim_form"):
            st.write(t("play.claim_question", LANG, move=pending))
            claim_text = st.text_input(t("play.claim_label", LANG), key="play_claim", max_chars=4)
            if st.form_submit_button(t("play.claim_submit", LANG), type="primary"):
                text = claim_text.strip()
                if not is_whole(text) or int(text) > 999:
                    st.warning(t("play.bad_claim", LANG))
                elif int(text) % 5:
                    st.warning(t("play.claim_in_fives", LANG))
                else:
                    apply_move(session, Move.parse(pending), int(text))
                    quick_replies(session)
                    st.rerun()
    tools = st.container(horizontal=True)  # Hint and Undo side by side, at any width
    if session.settings.muggins:
        st.caption(t("play.muggins_rule", LANG))
    asked = st.session_state["play_coach"] and tools.button(t("play.hint", LANG), key="play_hint_button")
    made_for = (position.code(), LANG)
    if asked and (st.session_state["play_hint"] is None or st.session_state["play_hint_for"] != made_for):
        # once per position: asked again, the coach says the same, not a new sample's words
        with st.spinner(t("play.coach_thinking", LANG)):
            voids = voids_from_turns(session.match.starts[-1], tuple(session.match.hands[-1]))
            reader = (READ_AS.get(session.settings.opponent, "uniform"),
                      history_from_turns(session.match.starts[-1], tuple(session.match.hands[-1])))
            advised = costly(partial(hint, position, budget=st.session_state["play_budget"],
                                     seed=len(session.match.hands[-1]), voids=voids, lang=LANG,
                                     target=session.match.target, reader=reader), HINT_WAIT, "hint")
        if advised is not None:
            st.session_state["play_hint"] = advised
            st.session_state["play_hint_for"] = made_for
    if not session.settings.muggins and tools.button(t("play.undo", LANG), key="play_undo"):
        try:
            session.undo()
        except TrainerError as error:
            st.warning(plain(error))
        else:
            st.session_state.update(play_tile=None, play_hint=None, play_pending=None)
            st.rerun()
    advice = st.session_state["play_hint"]
    if advice is not None and advice.move in moves:
        coach_box.info(t("play.coach_says", LANG, headline=advice.headline), icon=":material/lightbulb:")
        if advice.details:
            with coach_box.expander(t("play.figures", LANG)):
                for line in advice.details:
                    st.caption(line)
    if st.session_state["play_coach"]:
        where_the_tiles_are(session, tools)


READ_AS = {"random": "uniform", "greedy": "greedy", "expert": "expert"}  # the computer's play model


def where_the_tiles_are(session: PlaySession, tools: Any) -> None:
    """Asked for (where the coach is allowed): each tile the learner cannot see, its
    chance to be in each other hand or in the boneyard, read from his view and the hand
    so far, the others' moves weighed as the computer at this strength plays
    (`trainer.play.reading`). Worked out once a position; only chances reach the page."""
    match = session.match
    made_for = (match.position.code(), LANG)
    if tools.button(t("play.where", LANG), key="play_where_button", icon=":material/grid_on:"):
        st.session_state["play_where_for"] = made_for
    if st.session_state.get("play_where_for") != made_for:
        return
    kept = st.session_state.get("play_where")
    if kept is None or kept[0] != made_for:
        so_far = history_from_turns(match.starts[-1], tuple(match.hands[-1]))
        found = read_as_played(session, match.position, so_far, len(match.hands[-1]))
        if found is None:
            return
        kept = (made_for, found)
        st.session_state["play_where"] = kept
    with st.expander(t("play.where_title", LANG), expanded=True, icon=":material/grid_on:"):
        show_where(kept[1], session.settings.learner)


def read_as_played(session: PlaySession, position: Position, so_far: HandSoFar,
                   seed: int) -> Optional[Reading]:
    """The reading of `position` from the learner's view, the others' moves `so_far`
    weighed as the computer at this match's strength plays (None, said on the page,
    where it cannot be read)."""
    try:
        return read(mover_view(position), so_far=so_far,
                    model_name=READ_AS.get(session.settings.opponent, "uniform"), seed=seed)
    except TrainerError as error:
        st.warning(plain(error))
        return None


def show_where(found: Reading, learner: int) -> None:
    """The grid of chances and what they rest on: every deal counted alike, or the deals
    weighed by a model with their effective number and margin."""
    if not found.chances:
        st.caption(t("hands.where_none", LANG))
        return
    if found.model == "uniform" and found.exact:
        st.caption(tn("play.where_uniform", found.deals, LANG, n=number(found.deals, LANG)))
    else:
        st.caption(t("play.where_model", LANG, model=t(f"play.model.{found.model}", LANG),
                     deals=number(found.deals, LANG), effective=number(round(found.effective), LANG),
                     margin=round(100 * (found.margin or 0.0))))
    if found.model != found.asked:
        st.caption(t("play.where_fallback", LANG, asked=t(f"play.model.{found.asked}", LANG)))
    chances(found, learner)


def where_in_review(session: PlaySession, number: int, index: int) -> None:
    """Asked for in the review of hand `number`: where the tiles the learner could not
    see were before his move at turn `index`, read as during the hand; kept once a move."""
    made_for = (number, index, LANG)
    kept: dict[tuple[int, int, str], Reading] = st.session_state.get("play_review_where") or {}
    if made_for not in kept:
        with st.spinner(t("play.reading", LANG)):
            position, so_far = before_turn(session.match.starts[number - 1],
                                           tuple(session.match.hands[number - 1]), index)
            found = read_as_played(session, position, so_far, index)
        if found is None:
            return
        kept = {**kept, made_for: found}
        st.session_state["play_review_where"] = kept
    show_where(kept[made_for], session.settings.learner)


def claim_note(claim: Claim, move: Move) -> Optional[str]:
    """What a wrong Muggins claim cost, in words (None for a right one)."""
    if claim.right:
        return None
    named = move_words(move, LANG)
    if claim.claimed < claim.points:
        return t("play.wrong_claim", LANG, claim=claim.claimed, move=named, points=claim.points)
    if claim.points:
        return t("play.over_claim", LANG, claim=claim.claimed, move=named, points=claim.points,
                 penalty=claim.penalty)
    return t("play.over_claim_nothing", LANG, claim=claim.claimed, move=named, penalty=claim.penalty)


def pick_tile(tile: Tile) -> None:
    """A tile of the hand clicked (a callback: the next run shows its ends)."""
    st.session_state.update(play_tile=str(tile), play_pending=None)


def choose_move(text: str) -> None:
    """An end (or the lead) clicked: without Muggins the move is played at once; with
    it, the page asks for the claim first (a callback)."""
    session: Optional[PlaySession] = st.session_state["play"]
    if session is None or not session.learner_to_move:
        return
    st.session_state["play_pending"] = text
    if not session.settings.muggins:
        apply_move(session, Move.parse(text), None)
        quick_replies(session)


def quick_replies(session: PlaySession) -> None:
    """A computer that answers in a blink (not the expert) answers at once, in the same
    run as the learner's move: the story under the board tells both moves."""
    if session.settings.opponent == "expert":
        return
    while not session.over and not session.learner_to_move and not session.match.results[
            st.session_state["play_seen"]:]:
        session.computer_step()


def apply_move(session: PlaySession, move: Move, claim: Optional[int]) -> None:
    before = session.match.position
    points = before.points(move)
    session.play(move, claim)
    st.session_state["play_note"] = None  # the learner moved on: the last message has been read
    if claim is not None:
        made = session.claims[-1]
        record_result("play", "muggins claim", made.right, f"claimed {claim} of {points}",
                      kind="muggins", position=before.code(), answer=str(claim),
                      points_lost=points - made.settlement.claimer + made.penalty)
        st.session_state["play_note"] = claim_note(made, move)
    st.session_state.update(play_tile=None, play_hint=None, play_pending=None)


session: Optional[PlaySession] = st.session_state["play"]
if session is None:
    st.write(t("play.intro", LANG))
    setup()
    st.stop()

scoreboard(session)
match = session.match
if st.session_state["play_note"]:  # kept until the learner's next move or the next hand
    st.warning(st.session_state["play_note"], icon=":material/gavel:")

if len(match.results) > st.session_state["play_seen"]:
    hand_result(session)
    st.stop()

if match.over:
    match_result(session)
    st.stop()

# the hand is live: the others' draws are a count, as the table sees them
story = narrate(match.starts[-1], tuple(match.hands[-1]), names(session), LANG,
                shown={session.settings.learner})
last_turn = next((turn for turn in reversed(match.hands[-1]) if turn.move is not None), None)
board(match.position.layout, last=last_turn.move.tile if last_turn and last_turn.move else None)
board_legend()
if story:
    st.caption(" ".join(story[-3:]))
others = t("list.separator", LANG).join(
    t("play.tiles_held", LANG, name=names(session)[s],
      tiles=tn("plural.tiles", len(match.position.hand(s)), LANG))
    for s in range(session.settings.players) if s != session.settings.learner)
st.caption(t("play.table_status", LANG, others=others, boneyard=len(match.position.known_boneyard())))

if session.learner_to_move:
    learner_turn(session)
else:
    with st.spinner(t("play.thinking", LANG, name=names(session)[match.position.turn])):
        time.sleep(st.session_state["play_pace"])
        session.computer_step()
    st.rerun()

with st.expander(t("play.save_title", LANG)):
    st.download_button(t("play.save", LANG), data=session.save_file(), file_name="allfives-game.txt",
                       mime="text/plain", key="play_save")
    if not st.session_state.get("play_quitting"):
        st.button(t("play.quit", LANG), key="play_quit", on_click=st.session_state.update,
                  kwargs={"play_quitting": True})
    else:  # asked once more: the match is lost unless it was saved
        st.warning(t("play.quit_sure", LANG), icon=":material/warning:")
        with st.container(horizontal=True):
            st.button(t("play.quit_no", LANG), key="play_quit_no", type="primary",
                      on_click=st.session_state.update, kwargs={"play_quitting": False})
            st.button(t("play.quit_yes", LANG), key="play_quit_yes", on_click=st.session_state.update,
                      kwargs={"play": None, "play_quitting": False})
