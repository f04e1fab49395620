"""Events (club mode): duplicate tournaments of a class.

A teacher makes an event for one of his classes: the rules, how many deals, how many
deals a round, whether the players move on one seat after each round, and the learners
(placed at the tables in the order he picks them, or at random); seats left over go to
the computer. Every table plays the same deals, each deal one hand at a table of the
Tables page (`ui/tables.py`), and each seat's result is compared with the same seat of
the same deal at the other tables: matchpoints (`trainer.play.duplicate`). Standings
overall and round by round; after a deal, each learner sees how every table played it.
A learner sees a deal's results only once his own board of it is over."""

from __future__ import annotations

import re
import secrets
from fractions import Fraction
from typing import Any, Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import decimal_symbol, percent, t, tn
from trainer.play.duplicate import COMPUTER, Board, class_standings, rounds, standings
from trainer.play.events import MAX_DEALS, EventSettings, board_scores, hand_lines, plan
from trainer.play.table import COMPUTERS, SEED_LIMIT, TableSettings, replay
from trainer.store import Event, EventBoard, NewBoard, PlayTable, StoredMove
from ui.state import club_store_or_stop, init_state, reason
from ui.widgets import hand as tiles_of
from ui.widgets import rules_and_players

init_state()
LANG: str = st.session_state["lang"]
EVENT, NOTE, DONE = "event_id", "event_note", "event_done"


def result_of(settings: str, moves: list[StoredMove]) -> Optional[tuple[int, ...]]:
    return board_scores(settings, [(m.move, m.claim) for m in moves])


def store_or_stop() -> tuple[Any, Any]:
    """The signed-in account's store and account; the page stops with a word otherwise."""
    return club_store_or_stop(lambda: st.info(t("events.club_only", LANG), icon=":material/emoji_events:"))


def read_deals(text: str, count: int) -> tuple[int, ...]:
    """The deals' seeds typed by the teacher (numbers apart by commas or spaces), or as
    many drawn at random when none are typed; TrainerError naming what does not fit.

    >>> read_deals("7, 12 40", 3)
    (7, 12, 40)
    """
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    if not words:
        drawn: list[int] = []
        while len(drawn) < count:
            seed = secrets.randbelow(SEED_LIMIT)
            if seed not in drawn:
                drawn.append(seed)
        return tuple(drawn)
    if len(words) > MAX_DEALS or any(not w.isascii() or not w.isdigit() or len(w) > 10 for w in words):
        raise TrainerError(f"deal numbers are up to {MAX_DEALS} whole numbers from 0 to {SEED_LIMIT:,}")
    return tuple(int(w) for w in words)


# ----- a teacher makes an event -----
def make_event(store: Any) -> None:
    """The form's button: the event and its boards, or the reason it cannot be."""
    state = st.session_state
    try:
        class_id = state.get("event_class")
        if class_id is None:
            raise TrainerError("choose a class")
        players = int(state.get("event_players") or 2)
        deals = read_deals(str(state.get("event_deals") or ""), int(state.get("event_count") or 4))
        settings = EventSettings(str(state.get("event_rules") or "standard"), players, deals,
                                 per_round=min(int(state.get("event_per_round") or 1), len(deals)),
                                 rotate=bool(state.get("event_rotate")),
                                 computer=str(state.get("event_computer") or "greedy"),
                                 muggins=bool(state.get("event_muggins")))
        learners = [int(i) for i in state.get("event_learners") or []]
        if not learners:
            raise TrainerError("choose the learners who play")
        if state.get("event_placing") == "random":
            secrets.SystemRandom().shuffle(learners)
        tables = [learners[i:i + players] for i in range(0, len(learners), players)]
        boards = [NewBoard(b.round, b.deal, b.table, settings.board_settings(b.deal).to_json(),
                           tuple((p, None) if p is not None else (None, settings.computer) for p in b.seats))
                  for b in plan(settings, tables)]
        name = str(state.get("event_name") or "").strip() or t("events.default_name", LANG)
        event = store.create_event(int(class_id), name, settings.to_json(), boards)
    except TrainerError as error:
        state[NOTE] = t("tables.bad", LANG, error=reason(error))
        return
    state.update({EVENT: event.id, NOTE: None, DONE: t("events.made", LANG, name=event.name)})


def new_event_form(store: Any) -> None:
    classes = store.classes()
    with st.expander(t("events.new_title", LANG), icon=":material/add:", expanded=not store.events()):
        if not classes:
            st.caption(t("events.no_class", LANG))
            return
        names = {k.id: k.name for k in classes}
        class_id = st.selectbox(t("events.class", LANG), tuple(names), key="event_class",
                                format_func=lambda i: names[i])
        st.text_input(t("events.name", LANG), key="event_name", max_chars=60,
                      placeholder=t("events.default_name", LANG))
        left, right = st.columns(2)
        rules, players = rules_and_players(left, right, "event")
        left, right = st.columns(2)
        count = left.number_input(t("events.count", LANG), min_value=1, max_value=MAX_DEALS, value=4,
                                  key="event_count")
        right.number_input(t("events.per_round", LANG), min_value=1, max_value=MAX_DEALS, value=1,
                           key="event_per_round", help=t("events.per_round_help", LANG))
        st.text_input(t("events.deals", LANG), key="event_deals", max_chars=200,
                      help=t("events.deals_help", LANG, count=int(count)))
        members = {a.learner_id: a.name for a in store.members(class_id)}
        st.multiselect(t("events.learners", LANG), tuple(members), key="event_learners",
                       format_func=lambda i: members.get(i, "?"), help=t("events.learners_help", LANG))
        st.radio(t("events.placing", LANG), ("order", "random"), key="event_placing", horizontal=True,
                 format_func=lambda p: t(f"events.placing.{p}", LANG))
        st.selectbox(t("events.computer", LANG), COMPUTERS, key="event_computer", index=1,
                     format_func=lambda o: t(f"tables.strength.{o}", LANG))
        st.checkbox(t("events.rotate", LANG), key="event_rotate", value=True,
                    help=t("events.rotate_help", LANG))
        st.checkbox(t("tables.muggins", LANG), key="event_muggins", help=t("play.muggins_rule", LANG))
        chosen = len(st.session_state.get("event_learners") or [])
        tables = -(-chosen // players) if chosen else 0
        st.caption(t("events.shape", LANG, rules=t(f"rules.{rules}", LANG),
                     tables=tn("plural.tables", tables, LANG),
                     boards=tn("plural.boards", tables * int(count), LANG)))
        st.button(t("events.make", LANG), type="primary", key="event_make", on_click=make_event,
                  args=(store,))


# ----- an event -----
def seat_names(table: PlayTable, names: dict[int, str]) -> str:
    return " · ".join(t("events.seat", LANG, player=s.seat + 1,
                        name=names.get(s.learner_id, "?") if s.learner_id is not None
                        else t(f"tables.strength.{s.computer}", LANG)) for s in table.seats)


def scored(boards: list[EventBoard], tables: dict[int, PlayTable],
           results: dict[int, tuple[int, ...]]) -> list[Board]:
    """The finished boards for duplicate scoring: each seat its learner (the computer
    standing in for him counts as him), a computer's own seat COMPUTER."""
    return [Board(b.deal, b.table, tuple(str(s.learner_id) if s.learner_id is not None else COMPUTER
                                         for s in tables[b.table_id].seats), results[b.table_id], b.round)
            for b in boards if b.table_id in results]


def points_text(scores: tuple[int, ...]) -> str:
    """Each side's points in a hand, apart by colons, a true minus sign for a loss.

    >>> points_text((15, -10))
    '15 : −10'
    """
    return " : ".join(str(p).replace("-", "\u2212") for p in scores)


def share(value: float) -> str:
    """A percentage to one decimal, as the language writes it."""
    return percent(f"{value:.1f}".replace(".", decimal_symbol(LANG)), LANG)


def standings_view(finished: list[Board], names: dict[int, str]) -> None:
    st.subheader(t("events.standings", LANG))
    if not finished:
        st.caption(t("events.no_results", LANG))
        return
    choices = (0, *rounds(finished))
    which = st.segmented_control(t("events.round_pick", LANG), choices, default=0, key="event_round",
                                 format_func=lambda r: t("events.overall", LANG) if r == 0
                                 else t("events.round", LANG, round=r)) or 0
    ranked = standings(finished, None if which == 0 else int(which))
    shares = [Fraction(s.matchpoints, s.most or 1) for s in ranked]
    rows = [{t("events.col_place", LANG): 1 + sum(other > shares[index] for other in shares),
             t("events.col_player", LANG): names.get(int(s.player), "?"),
             t("events.col_score", LANG): share(s.percent),
             t("events.col_points", LANG): f"{s.matchpoints}/{s.most}",
             t("events.col_boards", LANG): s.boards}
            for index, s in enumerate(ranked)]
    st.dataframe(rows, hide_index=True, width="stretch")
    st.caption(t("events.matchpoints", LANG))


def board_lines(event: Event, boards: list[EventBoard], tables: dict[int, PlayTable],
                results: dict[int, tuple[int, ...]], moves_made: dict[int, int]) -> None:
    st.subheader(t("events.boards", LANG))
    for deal in sorted({b.deal for b in boards}):
        parts = []
        for b in (b for b in boards if b.deal == deal):
            if b.table_id in results:
                parts.append(t("events.board_done", LANG, table=b.table,
                               points=points_text(results[b.table_id])))
            else:
                parts.append(t("events.board_playing", LANG, table=b.table,
                               moves=tn("plural.moves", moves_made.get(b.table_id, 0), LANG)))
        round_number = next(b.round for b in boards if b.deal == deal)
        st.write(t("events.deal_line", LANG, deal=deal, round=round_number, boards=" · ".join(parts)))


def my_boards(event: Event, boards: list[EventBoard], tables: dict[int, PlayTable],
              results: dict[int, tuple[int, ...]], me: int, names: dict[int, str]) -> None:
    mine = [b for b in boards if tables[b.table_id].seat_of(me) is not None]
    if not mine:
        return
    st.subheader(t("events.yours", LANG))
    for b in mine:
        row = st.container(horizontal=True, vertical_alignment="center")
        seat = (tables[b.table_id].seat_of(me) or 0) + 1
        state = t("events.done", LANG) if b.table_id in results else t("events.to_play", LANG)
        row.write(t("events.my_board", LANG, deal=b.deal, table=b.table, seat=seat, state=state))
        if row.button(t("events.go", LANG, deal=b.deal), key=f"event_go_{b.table_id}",
                      icon=":material/table_restaurant:"):
            st.session_state.update({"table_id": b.table_id, "table_tile": None, "table_note": None,
                                     "table_reviews": {}})
            st.switch_page("ui/tables.py")


def side_by_side(moves_of: dict[int, list[StoredMove]], boards: list[EventBoard],
                 tables: dict[int, PlayTable],
                 results: dict[int, tuple[int, ...]], names: dict[int, str]) -> None:
    """Each deal every table has finished that this account may see: the hands as
    dealt, then how each table played them, turn by turn."""
    shown = sorted({b.deal for b in boards if b.table_id in results})
    if not shown:
        return
    st.subheader(t("events.compare", LANG))
    for deal in shown:
        played = [b for b in boards if b.deal == deal and b.table_id in results]
        counted = tn("plural.tables", len(played), LANG)
        with st.expander(t("events.compare_deal", LANG, deal=deal, tables=counted)):
            first = tables[played[0].table_id]
            start = replay(TableSettings.from_json(first.settings), []).starts[0]
            st.caption(t("events.dealt", LANG))
            for seat in range(start.players):
                st.write(t("events.seat_tiles", LANG, player=seat + 1))
                tiles_of(tuple(start.hand(seat)))
            for b in played:
                table = tables[b.table_id]
                moves = moves_of[b.table_id]
                match = replay(TableSettings.from_json(table.settings), [(m.move, m.claim) for m in moves])
                st.markdown(f"**{t('events.table', LANG, table=b.table)}**")
                st.caption(seat_names(table, names))
                st.text("\n".join(hand_lines(match, LANG)))
                st.caption(t("events.table_points", LANG, points=points_text(results[b.table_id])))


def event_view(store: Any, account: Any, event: Event) -> None:
    settings = EventSettings.from_json(event.settings)
    boards = store.event_boards(event.id)
    tables = store.event_board_tables(event.id)
    names = store.event_names(event.id)
    with st.spinner(t("events.reading", LANG)):
        played = store.event_played(event.id, result_of)  # the finished boards this account may see
    results = {tid: scores for tid, moves in played.items()
               if (scores := result_of(tables[tid].settings, moves)) is not None}
    teacher = store.runs_event(event.id)
    moves_made = {b.table_id: len(store.table_moves(b.table_id)) for b in boards} if teacher else {}
    st.caption(t("events.about", LANG, rules=t(f"rules.{settings.rules}", LANG),
                 deals=tn("plural.deals", len(settings.deals), LANG),
                 rounds=tn("plural.rounds", settings.rounds(), LANG),
                 tables=tn("plural.tables", len({b.table for b in boards}), LANG)))
    if not teacher:
        my_boards(event, boards, tables, results, account.learner_id, names)
    finished = scored(boards, tables, results)
    standings_view(finished, names)
    if teacher:
        klass = {k.id: k.name for k in store.classes()}.get(event.class_id, "")
        for name, mean, learners in class_standings(finished, {str(i): klass for i in names}):
            st.caption(t("events.class_line", LANG, name=name, score=share(mean),
                         learners=tn("plural.learners", learners, LANG)))
        board_lines(event, boards, tables, results, moves_made)
    side_by_side(played, boards, tables, results, names)


def page() -> None:
    st.title(t("events.title", LANG))
    store, account = store_or_stop()
    st.caption(t("events.intro", LANG))
    for key, show in ((NOTE, st.error), (DONE, st.success)):
        if st.session_state.get(key):
            show(st.session_state[key], icon=":material/info:")
            st.session_state[key] = None
    if account.role == "teacher":
        new_event_form(store)
    events = store.events()
    if not events:
        st.caption(t("events.none", LANG))
        return
    ids = tuple(e.id for e in events)
    labels = {e.id: e.name for e in events}
    if st.session_state.get(EVENT) not in ids:
        st.session_state[EVENT] = ids[0]
    chosen = st.selectbox(t("events.pick", LANG), ids, key=EVENT, format_func=lambda i: labels[i])
    try:
        event_view(store, account, store.event(int(chosen)))
    except TrainerError as error:
        st.error(t("tables.bad", LANG, error=reason(error)), icon=":material/error:")


page()
