"""Puzzles: today's puzzle first, then by kind, tag and difficulty, and past days.

The learner answers by clicking a tile and then an end (or one number for a count).
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Optional

import streamlit as st

from trainer.bank import by_id, shipped
from trainer.daily import daily
from trainer.drills import AnswerError, parse_number
from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.moves import Move
from trainer.puzzles import Puzzle
from trainer.solver import solve
from trainer.tags import TAGS
from trainer.tiles import Tile
from ui.state import init_state, record_result
from ui.widgets import board, end_buttons, hand, tile_buttons

KINDS = ("best-play", "endgame", "count", "deny")  # names and questions: puzzles.kind.*, puzzles.question.*
BANDS = {"easy": (0, 1099), "medium": (1100, 1349), "hard": (1350, 9999)}
ANY = "any"

init_state()
LANG: str = st.session_state["lang"]


def choose(puzzle: Puzzle) -> None:
    """Open a puzzle: a fresh attempt, and its permalink in the URL."""
    st.session_state.update(puzzle_id=puzzle.id, puzzle_tile=None, puzzle_answer=None,
                            puzzle_hint=False)
    st.query_params["puzzle"] = puzzle.id


def figure(puzzle: Puzzle) -> str:
    return "value" if puzzle.kind in ("endgame", "deny") else "points"


def kind_name(kind: str) -> str:
    return t(f"puzzles.kind.{kind}", LANG)


def option_name(prefix: str, value: str) -> str:
    """A theme or a difficulty as the pickers show it; "any" for no filter."""
    return t("puzzles.any", LANG) if value == ANY else t(f"{prefix}.{value}", LANG)


def day_name(day: date) -> str:
    """A past day as "Monday 05 January", its names from the catalogue."""
    return t("puzzles.archive_day", LANG, weekday=t(f"date.weekday.{day.weekday()}", LANG),
             day=f"{day.day:02d}", month=t(f"date.month.{day.month}", LANG))


st.title(t("puzzles.title", LANG))
bank = shipped()
today = daily(bank, date.today())

url_id = st.query_params.get("puzzle")
if url_id is not None and url_id != st.session_state["puzzle_id"]:
    try:
        choose(by_id(url_id))
    except TrainerError as error:
        st.error(t("puzzles.bad_link", LANG, error=error))
        del st.query_params["puzzle"]
        choose(today)
if st.session_state["puzzle_id"] is None:
    choose(today)

with st.expander(t("puzzles.choose", LANG), expanded=False):
    kind = st.selectbox(t("puzzles.kind", LANG), [ANY, *KINDS], key="puzzle_kind",
                        format_func=lambda k: t("puzzles.any_kind", LANG) if k == ANY else kind_name(k))
    tag = st.selectbox(t("puzzles.theme", LANG), [ANY, *TAGS], key="puzzle_tag",
                       format_func=lambda g: option_name("puzzles.tag", g))
    band = st.selectbox(t("puzzles.difficulty", LANG), [ANY, *BANDS], key="puzzle_band",
                        format_func=lambda b: option_name("puzzles.band", b))
    matching = [p for p in bank if (kind == ANY or p.kind == kind)
                and (tag == ANY or tag in p.tags)
                and (band == ANY or BANDS[band][0] <= p.rating <= BANDS[band][1])]
    st.caption(t("puzzles.matching", LANG, count=len(matching)))
    if st.button(t("puzzles.next", LANG), key="puzzle_next", disabled=not matching, type="primary"):
        index = (len(st.session_state["results"]) * 7919 + len(matching)) % len(matching)
        choose(matching[index])
        st.rerun()
    st.write(t("puzzles.past", LANG))
    for back in range(1, 8):
        day = date.today() - timedelta(days=back)
        if st.button(day_name(day), key=f"archive_{back}"):
            choose(daily(bank, day))
            st.rerun()

puzzle = by_id(st.session_state["puzzle_id"])
position = puzzle.parsed()
label = t("puzzles.today_label", LANG) if puzzle.id == today.id else t("puzzles.label", LANG, id=puzzle.id)
st.subheader(t("puzzles.heading", LANG, label=label, kind=kind_name(puzzle.kind)))
rules_name = t(f"rules.{puzzle.rules}", LANG)
if puzzle.tags:
    themes = t("list.separator", LANG).join(t(f"puzzles.tag.{g}", LANG) for g in puzzle.tags)
    st.caption(t("puzzles.info_themes", LANG, rating=puzzle.rating, rules=rules_name, themes=themes))
else:
    st.caption(t("puzzles.info", LANG, rating=puzzle.rating, rules=rules_name))
st.write(t(f"puzzles.question.{puzzle.kind}", LANG))
board(position.layout)


def show_result(puzzle: Puzzle, answer: str) -> None:
    right = puzzle.is_right(answer)
    helped = st.session_state["puzzle_hint"]
    if puzzle.kind == "count":
        if right:
            st.success(t("puzzles.count_right", LANG, count=puzzle.accepted[0]))
        else:
            parts = " + ".join(t("puzzles.count_part", LANG, value=v, name=t(f"part.{n}", LANG))
                               for n, v in position.layout.count_parts())
            st.error(t("puzzles.count_wrong", LANG, answer=answer, parts=parts, count=puzzle.accepted[0]))
        return
    mine = puzzle.info(answer)
    best = puzzle.info(puzzle.accepted[0])
    assert mine is not None and best is not None
    what = figure(puzzle)
    if right:
        key = f"puzzles.right_{what}" + ("_hint" if helped else "")
        st.success(t(key, LANG, answer=answer, value=mine.value, points=mine.points))
    else:
        st.error(t(f"puzzles.wrong_{what}", LANG, answer=answer, value=mine.value,
                   accepted=t("list.separator", LANG).join(puzzle.accepted), best=best.value))
    st.write(t("puzzles.every_move", LANG))
    columns = [t("puzzles.col.move", LANG), t("puzzles.col.points_now", LANG),
               t(f"puzzles.col.{what}", LANG), t("puzzles.col.accepted", LANG)]
    yes = t("puzzles.yes", LANG)
    st.dataframe([dict(zip(columns, (m.move, m.points, m.value, yes if m.move in puzzle.accepted else "")))
                  for m in puzzle.moves], hide_index=True, use_container_width=True)
    if puzzle.kind == "endgame":
        endgame_line(puzzle, answer, right)


def endgame_line(puzzle: Puzzle, answer: str, right: bool) -> None:
    after = position.play(Move.parse(answer))
    if not right and not after.is_over:
        while after.must_draw or after.must_pass:
            after = after.draw() if after.must_draw else after.pass_turn()
        if not after.is_over:
            with st.spinner(t("puzzles.finding_reply", LANG)):
                reply = solve(after).best[0]
            st.write(t("puzzles.reply", LANG, answer=answer, reply=reply))
            board(after.play(reply).layout, last=reply.tile)
    if puzzle.line:
        steps = " → ".join(step.replace(":", ": ") for step in puzzle.line)
        st.write(t("puzzles.line", LANG, move=puzzle.accepted[0], steps=steps))


answered: Optional[str] = st.session_state["puzzle_answer"]
if puzzle.kind == "count":
    if answered is None:
        with st.form("count_form", border=False):
            typed = st.text_input(t("puzzles.count_label", LANG), key="puzzle_count", max_chars=6)
            if st.form_submit_button(t("puzzles.check", LANG), type="primary"):
                try:
                    value = parse_number(typed, LANG)
                except AnswerError as error:
                    st.warning(str(error))
                else:
                    st.session_state["puzzle_answer"] = str(value)
                    record_result("puzzle", puzzle.id, puzzle.is_right(str(value)))
                    st.rerun()
else:
    mover = position.hand(position.turn)
    if puzzle.kind == "endgame":
        for other in range(position.players):
            if other != position.turn:
                st.write(t("puzzles.opponent_hand", LANG, player=other))
                hand(position.hand(other))
    st.write(t("puzzles.your_hand", LANG, player=position.turn))
    hint_tiles = {Move.parse(a).tile for a in puzzle.accepted}
    hand(mover)
    if answered is None:
        selected = (Tile.parse(st.session_state["puzzle_tile"])
                    if st.session_state["puzzle_tile"] else None)
        if st.session_state["puzzle_hint"]:
            either = t("puzzles.hint_or", LANG).join(sorted(str(tile) for tile in hint_tiles))
            st.info(t("puzzles.hint_text", LANG, tiles=either))
        playable = tuple(tile for tile in mover if any(m.tile == tile for m in position.legal_moves()))
        clicked = tile_buttons(playable, key="ptile", selected=selected)
        if clicked is not None:
            st.session_state["puzzle_tile"] = str(clicked)
            st.rerun()
        if selected is not None:
            sides = [(m.side, e.pip) for m in position.legal_moves() if m.tile == selected
                     for e in position.layout.open_ends() if e.side == m.side]
            st.write(t("puzzles.where", LANG, tile=selected))
            side = end_buttons(sides, key="pend")  # type: ignore[arg-type]
            if side is not None:
                answer = str(Move(selected, side))  # type: ignore[arg-type]
                st.session_state["puzzle_answer"] = answer
                record_result("puzzle", puzzle.id, puzzle.is_right(answer),
                              "helped" if st.session_state["puzzle_hint"] else "")
                st.rerun()
        if not st.session_state["puzzle_hint"] and st.button(t("puzzles.hint", LANG),
                                                              key="puzzle_hint_button"):
            st.session_state["puzzle_hint"] = True
            st.rerun()

if answered is not None:
    show_result(puzzle, answered)
    left, right = st.columns(2)
    if left.button(t("puzzles.retry", LANG), key="puzzle_retry"):
        choose(puzzle)
        st.rerun()
    if right.button(t("puzzles.today", LANG), key="puzzle_today"):
        choose(today)
        st.rerun()
st.caption(t("puzzles.link", LANG, id=puzzle.id))
