"""Puzzles: today's puzzle first, then by kind, theme, game, board and difficulty, and
past days; a rated stream of puzzles near the learner's rating; Streak and Storm, runs
of puzzles one after another (`ui.puzzle_runs`); his review queue.

The learner answers by clicking a tile and then an end (or one number for a count).
The URL opens a puzzle (?puzzle=ID), puzzles of a theme (?tag=TAG, the Progress
page's links) or a mode (?mode=rated, streak, storm or review).
"""

from __future__ import annotations

import random
import re
from datetime import date, timedelta
from typing import Optional

import streamlit as st

from trainer.engine.moves import Move
from trainer.engine.numbers import typed_shown
from trainer.engine.seats import seat
from trainer.engine.tiles import Tile
from trainer.errors import TrainerError
from trainer.i18n import localized, t, tn
from trainer.play.mistakes import is_own
from trainer.puzzles.bank import by_id, shipped
from trainer.puzzles.daily import daily
from trainer.puzzles.features import FEATURES, features_of
from trainer.puzzles.kinds import KINDS, Puzzle
from trainer.puzzles.record import GAMES, PuzzleError
from trainer.puzzles.text import (
    both_answers,
    header,
    hint,
    line_words,
    move_label,
    notes,
    now_only_words,
    role,
    signed,
)
from trainer.puzzles.themes import TAGS
from trainer.search.solver import solve
from trainer.store import Store
from trainer.store.provisional import provisional
from trainer.store.queue import group_due
from trainer.teach.drills import KINDS as DRILL_KINDS
from trainer.teach.drills import AnswerError, parse_number
from ui import own, puzzle_set, read_puzzle
from ui import puzzle_runs as runs
from ui.state import init_state, learner_id, open_store, reason, record_result, start_timer
from ui.widgets import board, end_buttons, guard, hand, plain, quiz_board, tile_buttons, when_text

# kinds' names and questions: puzzles.kind.*, puzzles.question.*
BANDS = {"easy": (0, 1199), "medium": (1200, 1599), "hard": (1600, 9999)}
ANY = "any"
MODES = ("browse", "rated", "streak", "storm", "review")  # names: puzzles.mode.*
REVIEW_LIST = 20  # due puzzles listed at most (the next come up as these are cleared)
CHOOSER = "puzzle_chooser"  # the chooser's state: open or folded

init_state()
LANG: str = st.session_state["lang"]


def choose(puzzle: Puzzle, source: str = "") -> None:
    """Open a puzzle: a fresh attempt, its permalink in the URL, and how it was opened
    ("", "archive", "stream" for the rated stream, "review")."""
    st.session_state.update(puzzle_id=puzzle.id, puzzle_tile=None, puzzle_answer=None,
                            puzzle_hint=False, puzzle_shown=False, puzzle_source=source, puzzle_recorded=None)
    st.session_state["shown_at"].pop("puzzle", None)
    st.query_params["puzzle"] = puzzle.id


def retry(puzzle: Puzzle, source: str) -> None:
    """Another try at the puzzle just answered wrong: its answer has been shown (and a
    hint taken stays taken), so the new attempt is a helped one: not rated, not a solve,
    not the daily puzzle's."""
    hinted = bool(st.session_state["puzzle_hint"])
    choose(puzzle, source)
    st.session_state.update(puzzle_hint=hinted, puzzle_shown=True)


def kind_name(kind: str) -> str:
    return t(f"puzzles.kind.{kind}", LANG)


def option_name(prefix: str, value: str) -> str:
    """A theme or a difficulty as the pickers show it; "any" for no filter."""
    return t("puzzles.any", LANG) if value == ANY else t(f"{prefix}.{value}", LANG)


def day_name(day: date) -> str:
    """A past day as "Monday 05 January", its names from the catalogue."""
    return t("puzzles.archive_day", LANG, weekday=t(f"date.weekday.{day.weekday()}", LANG),
             day=f"{day.day:02d}", month=t(f"date.month.{day.month}", LANG))


def tag_puzzle(tag: str) -> Puzzle:
    """A puzzle to practise a theme: the untried one nearest the learner's rating, or
    (without a learner) the next of the theme."""
    matching = [p for p in bank if tag in p.tags]
    if store is not None and learner is not None:
        try:
            tried = store.puzzles_attempted(learner)
            rating = store.learner(learner).rating.rating
        except TrainerError as error:
            guard(error)
        else:
            fresh = [p for p in matching if p.id not in tried] or matching
            return min(fresh, key=lambda p: (abs(p.rating - rating), p.id))
    return matching[len(st.session_state["results"]) % len(matching)]


st.title(t("puzzles.title", LANG))
bank = shipped()
today = daily(bank, date.today())
learner = learner_id()
store: Optional[Store] = open_store() if learner is not None else None

url_mode = st.query_params.get("mode")
if url_mode is not None:
    del st.query_params["mode"]
    if url_mode in MODES:
        st.session_state["puzzle_mode"] = url_mode
    else:
        names = t("list.separator", LANG).join(t(f"puzzles.mode.{m}", LANG) for m in MODES)
        st.warning(t("puzzles.bad_mode", LANG, mode=plain(typed_shown(url_mode, 40)), modes=names))
url_tag = st.query_params.get("tag")
tag_link = False
if url_tag is not None:  # practise a theme (the Progress page's links)
    del st.query_params["tag"]
    if url_tag in TAGS and any(url_tag in p.tags for p in bank):
        st.session_state.update(puzzle_mode="browse", puzzle_tag=url_tag, puzzle_kind=ANY, puzzle_band=ANY,
                                puzzle_game=ANY, puzzle_board=ANY)
        tag_link = True
        if st.query_params.get("puzzle") is None:
            choose(tag_puzzle(url_tag))
    else:
        st.warning(t("puzzles.bad_tag", LANG, tag=plain(url_tag)))

url_id = st.query_params.get("puzzle")
if url_id is not None and url_id != st.session_state["puzzle_id"]:
    try:
        choose(by_id(url_id))
    except TrainerError as error:
        st.error(t("puzzles.bad_link", LANG, error=reason(error)))
        del st.query_params["puzzle"]
        choose(today)
queue: tuple[str, ...] = st.session_state["puzzle_queue"]
if st.session_state["puzzle_id"] is None and queue:  # replaying a run's misses
    choose(by_id(queue[0]), "queue")
if st.session_state["puzzle_id"] is None:
    choose(today)

if st.session_state["puzzle_mode"] not in MODES:
    st.session_state["puzzle_mode"] = MODES[0]
st.segmented_control(t("puzzles.mode", LANG), MODES, key="puzzle_mode", required=True,
                     format_func=lambda m: t(f"puzzles.mode.{m}", LANG), persist_state="session")
mode: str = st.session_state["puzzle_mode"]


def puzzle_link(puzzle_id: str) -> str:
    """A link to the puzzle to share, as Markdown: the page's full address when the
    browser gave a plain one, else the part after it."""
    query = f"?puzzle={puzzle_id}"
    page = st.context.url or ""
    if not re.fullmatch(r"https?://[\w.:\-\[\]]+(/[\w.\-/%~]*)?", page):
        return query
    return f"[{page}{query}]({page}{query})"


def figure(value: Optional[float]) -> str:
    """A value as the answers above say it: signed, a whole number as it is, a mean to one place."""
    return "" if value is None else str(localized(signed(value), LANG))


def serve_rated() -> None:
    """The next puzzle of the rated stream (today's puzzle is left to the daily streak)."""
    assert store is not None and learner is not None
    others = [p for p in bank if p.id != today.id]
    try:
        choose(store.rated_puzzle(learner, random.Random(), others), "stream")
    except TrainerError as error:
        guard(error)
        st.stop()


def rated_section() -> None:
    if store is None or learner is None:
        st.info(t("puzzles.need_learner", LANG), icon=":material/person:")
        st.stop()
    assert store is not None and learner is not None
    if st.session_state["puzzle_source"] != "stream":
        serve_rated()
    try:
        rating = store.learner(learner).rating
    except TrainerError as error:
        guard(error)
        st.stop()
    st.caption(t("puzzles.rated_intro", LANG, rating=round(rating.rating), rd=round(rating.rd)))
    if provisional(rating):
        st.caption(t("puzzles.rated_provisional", LANG))


def review_section() -> None:
    """The items due for review: a puzzle opens here, a drill board on the Drills page."""
    if store is None or learner is None:
        st.info(t("puzzles.need_learner", LANG), icon=":material/person:")
        st.stop()
    assert store is not None and learner is not None
    try:
        due = store.due_reviews(learner)
        waiting = store.review_queue(learner) if not due else ()
    except TrainerError as error:
        guard(error)
        st.stop()
    if own.opened() is not None:  # a puzzle of the learner's own, from a game
        own.show()
        st.stop()
    if st.session_state["puzzle_source"] == "review":
        st.caption(tn("puzzles.review_open", len(due), LANG))
        return
    if not due:
        if waiting:
            st.info(tn("puzzles.review_later", len(waiting), LANG, when=when_text(waiting[0].due, LANG)))
        else:
            st.info(t("puzzles.review_empty", LANG))
        st.stop()
    st.write(tn("puzzles.review_due", len(due), LANG))
    known = {p.id for p in bank}
    groups = [g for g in group_due(due)
              if (g.part == "puzzle" and (g.first.item in known or is_own(g.first.item)))
              or (g.part == "drill" and g.kind in DRILL_KINDS)]
    puzzles = [g for g in groups if g.part == "puzzle"]
    shown = puzzles[:REVIEW_LIST] + [g for g in groups if g.part != "puzzle"]  # a drill: one entry
    for number, group in enumerate(shown):
        item = group.first
        if group.part == "puzzle" and is_own(item.item):
            st.button(t("mine.review_button", LANG), key=f"review_open_{number}", icon=":material/replay:",
                      on_click=own.open_card, args=(item.item, item.position))
        elif group.part == "puzzle":
            label = t("puzzles.review_puzzle", LANG, id=item.item, kind=kind_name(item.kind))
            if st.button(label, key=f"review_open_{number}", icon=":material/extension:"):
                choose(by_id(item.item), "review")
                st.rerun()
        else:
            drill = t(f"drill.{group.kind}.title", LANG)
            label = tn("queue.drill_group", len(group.items), LANG, drill=drill, level=group.level or "?")
            if st.button(label, key=f"review_open_{number}", icon=":material/timer:"):
                # the first board by its link, the others one by one behind "Next board"
                st.session_state["drill_queue"] = [due.item for due in group.items[1:]]
                st.switch_page("ui/drills.py", query_params={"drill": item.item})
    if len(puzzles) > REVIEW_LIST:
        st.caption(tn("queue.more", len(puzzles) - REVIEW_LIST, LANG))
    st.stop()


if mode == "rated":
    rated_section()
elif mode in runs.RUN_MODES:
    runs.section(mode, [p for p in bank if p.id != today.id], choose, LANG)
elif mode == "review":
    review_section()
elif st.session_state["puzzle_source"] in ("stream", "review", *runs.RUN_MODES):
    st.session_state["puzzle_source"] = ""  # browsing: the puzzle shown is no longer rated


def chooser() -> None:
    """Puzzles by kind, theme and difficulty, and the past daily puzzles."""
    if tag_link:
        theme = t(f"puzzles.tag.{url_tag}", LANG)
        count = sum(url_tag in p.tags for p in bank)
        st.info(tn("puzzles.practising", count, LANG, theme=theme,
                   definition=t(f"puzzles.tag_def.{url_tag}", LANG)), icon=":material/extension:")
    with st.expander(t("puzzles.choose", LANG), key=CHOOSER, on_change="rerun") as chooser_panel:
        if not chooser_panel.open:  # drawn only while open: the choices are kept meanwhile
            return
        kind = st.selectbox(t("puzzles.kind", LANG), [ANY, *KINDS], key="puzzle_kind", persist_state="page",
                            format_func=lambda k: t("puzzles.any_kind", LANG) if k == ANY else kind_name(k))
        tag = st.selectbox(t("puzzles.theme", LANG), [ANY, *TAGS], key="puzzle_tag", persist_state="page",
                           format_func=lambda g: option_name("puzzles.tag", g))
        game = st.selectbox(t("puzzles.game", LANG), [ANY, *GAMES], key="puzzle_game", persist_state="page",
                            format_func=lambda g: option_name("puzzles.game", g))
        board_filter = st.selectbox(t("puzzles.board", LANG), [ANY, *FEATURES], key="puzzle_board",
                                    persist_state="page",
                                    format_func=lambda b: option_name("puzzles.feature", b))
        band = st.selectbox(t("puzzles.difficulty", LANG), [ANY, *BANDS], key="puzzle_band",
                            persist_state="page", format_func=lambda b: option_name("puzzles.band", b))
        if tag != ANY:
            st.caption(t(f"puzzles.tag_def.{tag}", LANG))
        matching = matching_puzzles(kind, tag, band, game, board_filter)
        if matching:
            st.caption(tn("puzzles.matching", len(matching), LANG))
        else:
            suggest_nearest(kind, tag, band, game, board_filter)
        if st.button(t("puzzles.next", LANG), key="puzzle_next", disabled=not matching, type="primary"):
            choose(next_unseen(matching))
            st.rerun()
        st.write(t("puzzles.past", LANG))
        for back in range(1, 8):
            day = date.today() - timedelta(days=back)
            if st.button(day_name(day), key=f"archive_{back}"):
                choose(daily(bank, day), "archive")
                st.rerun()


def matching_puzzles(kind: str, tag: str, band: str, game: str = ANY,
                     board_filter: str = ANY) -> list[Puzzle]:
    return [p for p in bank if (kind == ANY or p.kind == kind)
            and (tag == ANY or tag in p.tags)
            and (game == ANY or p.game == game)
            and (band == ANY or BANDS[band][0] <= p.rating <= BANDS[band][1])
            and (board_filter == ANY or board_filter in features_of(p))]


def _set_filter(**values: str) -> None:
    st.session_state.update(values)


def suggest_nearest(kind: str, tag: str, band: str, game: str = ANY, board_filter: str = ANY) -> None:
    """An empty choice: the nearest one with puzzles, letting go of one filter (the
    difficulty first, then the board, the theme, the game, the kind), else of two."""
    st.warning(t("puzzles.none_match", LANG))
    tries = [({"puzzle_band": ANY}, "puzzles.filter_any_band"),
             ({"puzzle_board": ANY}, "puzzles.filter_any_board"),
             ({"puzzle_tag": ANY}, "puzzles.filter_any_theme"),
             ({"puzzle_game": ANY}, "puzzles.filter_any_game"),
             ({"puzzle_kind": ANY}, "puzzles.filter_any_kind"),
             ({"puzzle_band": ANY, "puzzle_tag": ANY}, "puzzles.filter_any_theme")]
    current = {"puzzle_kind": kind, "puzzle_tag": tag, "puzzle_band": band, "puzzle_game": game,
               "puzzle_board": board_filter}
    for change, name in tries:
        if all(current[k] == v for k, v in change.items()):
            continue
        relaxed = {**current, **change}
        found = matching_puzzles(relaxed["puzzle_kind"], relaxed["puzzle_tag"], relaxed["puzzle_band"],
                                 relaxed["puzzle_game"], relaxed["puzzle_board"])
        if found:
            words = t(name, LANG)
            st.info(tn("puzzles.nearest", len(found), LANG, filter=words))
            st.button(t("puzzles.nearest_apply", LANG, filter=words), key="puzzle_nearest",
                      on_click=_set_filter, kwargs=change)
            return


def next_unseen(matching: list[Puzzle]) -> Puzzle:
    """The next puzzle of the choice not yet shown in this visit; once every one has
    been shown, they start again."""
    seen = set(st.session_state["puzzle_seen"]) | {st.session_state["puzzle_id"]}
    fresh = [p for p in matching if p.id not in seen]
    if not fresh:
        st.session_state["puzzle_restarted"] = len(matching)
        seen -= {p.id for p in matching}
        fresh = [p for p in matching if p.id != st.session_state["puzzle_id"]] or matching
    picked = fresh[random.Random(f"{len(seen)}:{len(fresh)}").randrange(len(fresh))]
    st.session_state["puzzle_seen"] = tuple(sorted(seen | {picked.id}))
    return picked


def queue_position() -> Optional[int]:
    """Where the puzzle shown stands in the misses being replayed (None: not replaying)."""
    if st.session_state["puzzle_source"] != "queue" or st.session_state["puzzle_id"] not in queue:
        return None
    return queue.index(st.session_state["puzzle_id"])


assigned = puzzle_set.working(st.session_state["puzzle_id"], mode)  # club mode: an assigned set
if mode == "browse":
    if assigned is not None:
        puzzle_set.banner(assigned, LANG)
    elif queue_position() is not None:
        st.info(t("puzzles.replaying", LANG, number=(queue_position() or 0) + 1, total=len(queue)),
                icon=":material/replay:")
    else:
        chooser()
    restarted = st.session_state["puzzle_restarted"]
    if restarted:
        st.session_state["puzzle_restarted"] = 0
        st.info(tn("puzzles.seen_all", restarted, LANG))

try:
    puzzle = by_id(st.session_state["puzzle_id"])
except PuzzleError:  # kept by the tab before the bank changed, or crafted: today's instead, said
    st.info(t("puzzles.gone", LANG), icon=":material/extension_off:")
    choose(today)
    puzzle = today
position = puzzle.parsed()
is_today = puzzle.id == today.id  # else the kind is the heading; the id, for citing it, heads the line below
st.header(t("puzzles.heading", LANG, label=t("puzzles.today_label", LANG), kind=kind_name(puzzle.kind))
          if is_today else kind_name(puzzle.kind))
# its themes once answered: before, they would give the answer away
st.caption(header(puzzle, LANG, with_id=not is_today, themes=st.session_state["puzzle_answer"] is not None))
st.write(t(f"puzzles.question.{puzzle.kind}", LANG))
for note in notes(puzzle, LANG):
    st.caption(note)
if puzzle.kind == "count" and st.session_state["puzzle_answer"] is None:
    quiz_board(position.layout)  # drawn as after the answer, without the count, end values or total
    st.caption(t("puzzles.count_hidden", LANG))
else:
    board(position.layout)


def show_result(puzzle: Puzzle, answer: str) -> None:
    right = puzzle.is_right(answer)
    helped = st.session_state["puzzle_hint"]
    if puzzle.kind == "read":
        read_puzzle.result(puzzle, answer)
        return
    if puzzle.kind == "count":
        if right and st.session_state["puzzle_shown"]:
            st.success(t("puzzles.count_right_shown", LANG, count=puzzle.accepted[0]))
        elif right:
            st.success(t("puzzles.count_right", LANG, count=puzzle.accepted[0]))
        else:
            parts = " + ".join(t("puzzles.count_part", LANG, value=v, name=t(f"part.{n}", LANG))
                               for n, v in position.layout.count_parts())
            st.error(t("puzzles.count_wrong", LANG, answer=answer, parts=parts, count=puzzle.accepted[0]))
        return
    if right:
        key = ("puzzles.right_shown" if st.session_state["puzzle_shown"] else "puzzles.right_hint" if helped
               else "puzzles.right")
        st.success(t(key, LANG, answer=move_label(answer, LANG)))
    else:
        accepted = t("list.separator", LANG).join(move_label(a, LANG) for a in puzzle.accepted)
        st.error(t("puzzles.wrong", LANG, answer=move_label(answer, LANG), accepted=accepted))
    warning = now_only_words(puzzle, LANG)
    if warning:  # the most points now is a bad move here: said before anything else
        st.warning(warning, icon=":material/warning:")
    after_boards(puzzle, answer, right)
    for sentence in both_answers(puzzle, LANG):
        st.write(sentence)
    st.write(t("puzzles.every_move", LANG))
    value_column = {"deny": "leaves", "best-play": "ev", "endgame": "exact"}
    columns = [t("puzzles.col.move", LANG), t("puzzles.col.points_now", LANG)]
    if puzzle.kind != "score-most":
        columns.append(t(f"puzzles.col.{value_column[puzzle.kind]}", LANG))
    if puzzle.kind in ("score-most", "deny"):
        columns.append(t("puzzles.col.ev", LANG))
    columns.append(t("puzzles.col.accepted", LANG))
    yes = t("puzzles.yes", LANG)
    rows = []
    for m in puzzle.moves:
        cells: list[object] = [move_label(m.move, LANG), m.points]  # the words, then the code
        if puzzle.kind == "deny":
            cells.append(int(-m.value))
        elif puzzle.kind != "score-most":
            cells.append(figure(m.value))
        if puzzle.kind in ("score-most", "deny"):
            cells.append(figure(m.ev))
        cells.append(yes if m.move in puzzle.accepted else "")
        rows.append(dict(zip(columns, cells)))
    st.table(rows)  # its text wraps: no sideways scrolling on a phone
    if puzzle.kind == "endgame":
        endgame_line(puzzle, answer, right)


def after_boards(puzzle: Puzzle, answer: str, right: bool) -> None:
    """The table with the learner's move on it; when it was wrong, the best move's
    table too, folded away."""
    def placed(code: str) -> None:
        move = Move.parse(code)
        board(position.layout.place(move.tile, move.side), last=move.tile)

    st.write(t("puzzles.after_yours", LANG, move=move_label(answer, LANG)))
    placed(answer)
    if not right:
        with st.expander(t("puzzles.after_best", LANG, move=move_label(puzzle.accepted[0], LANG))):
            placed(puzzle.accepted[0])


def endgame_line(puzzle: Puzzle, answer: str, right: bool) -> None:
    after = position.play(Move.parse(answer))
    if not right and not after.is_over:
        while after.must_draw or after.must_pass:
            after = after.draw() if after.must_draw else after.pass_turn()
        if not after.is_over:
            with st.spinner(t("puzzles.finding_reply", LANG)):
                reply = solve(after).best[0]
            st.write(t("puzzles.reply", LANG, answer=move_label(answer, LANG),
                       reply=move_label(str(reply), LANG)))
            board(after.play(reply).layout, last=reply.tile)
    if puzzle.line:
        steps = t("list.separator", LANG).join(line_words(puzzle, LANG))
        st.write(t("puzzles.line_words", LANG, move=move_label(puzzle.accepted[0], LANG), steps=steps))


def points_lost(puzzle: Puzzle, answer: str) -> Optional[int]:
    """What the answer gives up against the best, in the puzzle's own measure."""
    if puzzle.kind in ("count", "read"):
        return None
    mine, best = puzzle.info(answer), puzzle.info(puzzle.accepted[0])
    if mine is None or best is None:
        return None
    return max(0, round(best.value - mine.value))


def keep(puzzle: Puzzle, answer: str) -> None:
    """The answer: in the URL's state for the page, in the session and the store."""
    st.session_state["puzzle_answer"] = answer
    shown = bool(st.session_state["puzzle_shown"])  # a retry after the answer was shown
    helped = bool(st.session_state["puzzle_hint"]) or shown
    source = st.session_state["puzzle_source"]
    rated = source == "stream" and mode == "rated" and not helped
    attempt_mode = ("" if shown else "stream" if rated else "review" if source == "review"
                    else source if source in runs.RUN_MODES and mode == source
                    else "daily" if puzzle.id == today.id else "archive" if source == "archive" else "")
    recorded = record_result("puzzle", puzzle.id, puzzle.is_right(answer), "helped" if helped else "",
                             kind=puzzle.kind, position=puzzle.position, answer=answer,
                             points_lost=points_lost(puzzle, answer), timer="puzzle", helped=helped,
                             rated=rated, mode=attempt_mode, tags=puzzle.tags)
    st.session_state["puzzle_recorded"] = (puzzle.id, recorded) if recorded is not None else None
    if attempt_mode == "storm":  # the next puzzle at once, the word on this one above it
        runs.storm_answer(puzzle, answer, LANG)
    elif attempt_mode == "streak":
        runs.streak_answer(puzzle, answer)


def show_kept(puzzle: Puzzle) -> None:
    """What the store made of the attempt: the rating change, the daily streak, the review."""
    kept = st.session_state["puzzle_recorded"]
    if not kept or kept[0] != puzzle.id:
        return
    recorded = kept[1]
    if recorded.rated and recorded.learner_before is not None and recorded.learner_after is not None:
        before, after = round(recorded.learner_before.rating), round(recorded.learner_after.rating)
        st.info(t("puzzles.rating_change", LANG, before=before, after=after, change=f"{after - before:+d}"),
                icon=":material/trending_up:" if after >= before else ":material/trending_down:")
    elif st.session_state["puzzle_source"] == "stream" and (st.session_state["puzzle_hint"]
                                                            or st.session_state["puzzle_shown"]):
        st.caption(t("puzzles.helped_unrated", LANG))
    if recorded.review_due is not None:
        st.caption(t("puzzles.review_next", LANG, when=when_text(recorded.review_due, LANG)))
    if puzzle.id == today.id and store is not None and learner is not None:
        try:
            streak = store.daily_streak(learner)
        except TrainerError as error:
            guard(error)
        else:
            st.caption(t("puzzles.streak", LANG, current=tn("plural.days", streak.current, LANG),
                         best=tn("plural.days", streak.best, LANG)))


@st.fragment
def move_picker(mover: tuple[Tile, ...]) -> None:
    """The tiles to click, then the clicked tile's ends: a click reruns only this, not
    the page and its sidebar. The answer changes the page: it reruns it."""
    selected = (Tile.parse(st.session_state["puzzle_tile"])
                if st.session_state["puzzle_tile"] else None)
    if st.session_state["puzzle_hint"]:
        st.info(hint(puzzle, LANG))
    playable = tuple(tile for tile in mover if any(m.tile == tile for m in position.legal_moves()))
    # a callback: the next run shows the tile's ends at once, without a second run
    tile_buttons(mover, key="ptile", selected=selected, playable=playable,
                 on_pick=lambda tile: st.session_state.update(puzzle_tile=str(tile)))
    if selected is not None:
        sides = [(m.side, e.pip) for m in position.legal_moves() if m.tile == selected
                 for e in position.layout.open_ends() if e.side == m.side]
        st.write(t("puzzles.where", LANG, tile=selected))
        side = end_buttons(sides, key="pend", tile=selected)  # type: ignore[arg-type]
        if side is not None:
            keep(puzzle, str(Move(selected, side)))  # type: ignore[arg-type]
            st.rerun(scope="app")


def replay_buttons(puzzle: Puzzle, answer: str) -> None:
    """Under a replayed miss: again after a wrong answer, then the next miss (or the end)."""
    at = queue_position() or 0
    with st.container(horizontal=True):
        if not puzzle.is_right(answer) and st.button(t("puzzles.retry", LANG), key="puzzle_retry",
                                                      type="primary"):
            choose(puzzle, "queue")
            st.rerun()
        if at + 1 < len(queue):
            if st.button(t("puzzles.replay_next", LANG), key="replay_next",
                         type="primary" if puzzle.is_right(answer) else "secondary"):
                choose(by_id(queue[at + 1]), "queue")
                st.rerun()
        elif st.button(t("puzzles.replay_done", LANG), key="replay_done"):
            st.session_state["puzzle_queue"] = ()
            choose(today)
            st.rerun()


answered: Optional[str] = st.session_state["puzzle_answer"]
if answered is None:
    start_timer("puzzle", puzzle.id)
in_run = mode in runs.RUN_MODES and st.session_state["puzzle_source"] == mode  # no hint in a run


def answer_read(choice: str) -> None:
    keep(puzzle, choice)
    st.rerun()


if puzzle.kind == "read":
    if answered is None and st.session_state["puzzle_hint"]:
        st.info(hint(puzzle, LANG))
    read_puzzle.ask(puzzle, answered is not None, answer_read)
    if answered is None and not in_run and not st.session_state["puzzle_hint"] \
            and st.button(t("puzzles.hint", LANG), key="puzzle_hint_button"):
        st.session_state["puzzle_hint"] = True
        st.rerun()
elif puzzle.kind == "count":
    if answered is None:
        if st.session_state["puzzle_hint"]:
            st.info(hint(puzzle, LANG))
        elif st.button(t("puzzles.hint", LANG), key="puzzle_hint_button"):
            st.session_state["puzzle_hint"] = True
            st.rerun()
        with st.form("count_form", border=False):
            typed = st.text_input(t("puzzles.count_label", LANG), key="puzzle_count", max_chars=6)
            if st.form_submit_button(t("puzzles.check", LANG), type="primary"):
                try:
                    value = parse_number(typed, LANG)
                except AnswerError as error:
                    st.warning(plain(error))
                else:
                    keep(puzzle, str(value))
                    st.rerun()
else:
    mover = position.hand(position.turn)
    if puzzle.kind == "endgame":
        for other in range(position.players):
            if other != position.turn:
                who = role(puzzle, other)
                st.write(t(f"puzzles.{who if who != 'you' else 'player'}_hand", LANG, player=seat(other)))
                hand(position.hand(other))
    st.write(t("puzzles.your_hand", LANG))
    if answered is not None:  # before the answer, the tile buttons are the hand
        hand(mover)
    if answered is None:
        move_picker(mover)
        # outside the picker: a tile's click does not draw it again; it reruns the page
        if not in_run and not st.session_state["puzzle_hint"] and st.button(t("puzzles.hint", LANG),
                                                                            key="puzzle_hint_button"):
            st.session_state["puzzle_hint"] = True
            st.rerun()

if answered is not None:
    show_result(puzzle, answered)
    show_kept(puzzle)
    source = st.session_state["puzzle_source"]
    if mode == "rated" and source == "stream":
        if st.button(t("puzzles.next_rated", LANG), key="puzzle_next_rated", type="primary"):
            serve_rated()
            st.rerun()
    elif mode == "review" and source == "review":
        if st.button(t("puzzles.review_back", LANG), key="puzzle_review_back", type="primary"):
            st.session_state["puzzle_source"] = ""
            st.rerun()
    elif mode == "streak" and source == "streak":
        runs.streak_after(puzzle, LANG)
    elif queue_position() is not None:  # replaying misses: again first, then the next miss
        replay_buttons(puzzle, answered)
    else:  # right: on to the next; wrong: again first
        solved = puzzle.is_right(answered)
        with st.container(horizontal=True):
            if not solved and st.button(t("puzzles.retry", LANG), key="puzzle_retry", type="primary"):
                retry(puzzle, source)
                st.rerun()
            if assigned is not None:  # the assigned set's next puzzle, or its end
                puzzle_set.after_answer(assigned, lambda next_id: choose(by_id(next_id)), LANG)
            else:
                matching = matching_puzzles(*(st.session_state.get(k, ANY) for k in (
                    "puzzle_kind", "puzzle_tag", "puzzle_band", "puzzle_game", "puzzle_board")))
                if matching and st.button(t("puzzles.next", LANG), key="puzzle_after_next",
                                          type="primary" if solved else "secondary"):
                    choose(next_unseen(matching))
                    st.rerun()
                if puzzle.id != today.id and st.button(t("puzzles.today", LANG), key="puzzle_today"):
                    choose(today)
                    st.rerun()
st.caption(t("puzzles.link", LANG, link=puzzle_link(puzzle.id)))
