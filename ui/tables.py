"""Tables (club mode): learners of the club play each other, each on his own device.

A learner opens a table (rules, players, target; the seats he gives the computer) and
the others join it by its six-letter code or from their list. Every move is a stored
row written once (`trainer.store.tables`); the match is made again from the rows on
every run (`trainer.play.table`), so a reload, a second tab or another app process
loses nothing. The table's view is a fragment that reads the store every second: the
others' moves appear without a reload. A page receives its own player's tiles and what
the table shows, never another hand or the boneyard. A computer seat's move is made by
whichever seated player's page sees it first (the same request from two pages is
stored once). After each hand every player may ask for the coach's review of his own
moves, on what he could see."""

from __future__ import annotations

import copy
import secrets
import time
from functools import lru_cache, partial
from typing import Any, Optional

import streamlit as st

from trainer.engine.game import Match
from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.tiles import Tile, is_whole
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.play.coach import MoveReview, hint
from trainer.play.hand_history import hand_so_far
from trainer.play.seat_review import review_sums
from trainer.play.table import COMPUTERS, TableSettings, computer, new_match, replay, seat_view
from trainer.store import HandSums
from trainer.store.tables import SEEN_EVERY, MoveTaken, PlayTable, Seat, StoredMove, read_table_code
from ui.own import file_own_puzzles
from ui.seat_review_view import judged, show_review
from ui.state import club_store_or_stop, init_state, reason
from ui.widgets import board, costly, move_picker, rules_and_players
from ui.widgets import hand as tiles_of

init_state()
LANG: str = st.session_state["lang"]
OPEN, TILE, NOTE, REVIEWS, HINT = "table_id", "table_tile", "table_note", "table_reviews", "table_hint"
KEPT = "table_kept"  # (table, hand) pairs this session has kept in the learner's own hands
SEEN = "table_seen"  # table id -> when this page last noted that it reads the table
PENDING = "table_pending"  # Muggins: (table, move number, move) waiting for its claim
HINT_BUDGET = 1.0  # seconds of search for a hint, as Play's default
HINT_WAIT = 30.0  # seconds a hint may wait for the server's other searches
POLL = 0.5  # seconds between the table's reads of the store
COMPUTER_STEPS = 8  # computer moves made in one run at most (the page shows each soon after)


def home_mode_note() -> None:
    st.info(t("tables.home_mode", LANG), icon=":material/groups_3:")
    st.page_link("ui/together.py", label=t("nav.together", LANG), icon=":material/groups_3:")


def store_or_stop() -> tuple[Any, int]:
    """The signed-in account's store and learner; the page stops with a word otherwise."""
    store, account = club_store_or_stop(home_mode_note)
    return store, account.learner_id


def plays_for(held: Seat) -> Optional[str]:
    """The computer's strength in a seat it plays: its own, or that of a player who is
    away (Greedy, until his page reads the table again); None for a player at it."""
    return held.computer if held.computer is not None else ("greedy" if held.away() else None)


def seat_name(table: PlayTable, seat: int, me: int) -> str:
    """A seat as the table names it: you, a learner (player N), the computer, or open."""
    held = table.seats[seat]
    standing_in = plays_for(held)
    strength = t(f"play.strength.{standing_in}", LANG) if standing_in is not None else ""
    if held.learner_id is None:
        if held.computer is not None:
            return t("tables.seat_computer", LANG, player=seat + 1, strength=strength)
        return t("tables.seat_open", LANG, player=seat + 1)
    base = t("tables.seat_you" if held.learner_id == me else "tables.seat_learner", LANG, player=seat + 1)
    return t("tables.seat_away", LANG, seat=base, strength=strength) if standing_in is not None else base


# ----- the lobby -----
def open_new(store: Any) -> None:
    state = st.session_state
    players = int(state.get("table_players") or 2)
    computers = {s: str(state.get(f"table_seat_{s}")) for s in range(1, players)
                 if state.get(f"table_seat_{s}") in COMPUTERS}
    try:
        settings = TableSettings(str(state.get("table_rules") or "standard"), players,
                                 target=state.get("table_target") or None,
                                 coach=bool(state.get("table_coach")),
                                 muggins=bool(state.get("table_muggins")), seed=secrets.randbelow(2**31 - 1))
        table = store.open_table(settings.to_json(), players, computers)
    except TrainerError as error:
        state[NOTE] = t("tables.bad", LANG, error=reason(error))
        return
    state.update({OPEN: table.id, TILE: None, NOTE: None, REVIEWS: {}})


def join(store: Any) -> None:
    state = st.session_state
    typed = str(state.get("table_code") or "")
    code = read_table_code(typed)
    if not code:
        state[NOTE] = t("tables.bad_code", LANG)
        return
    try:
        store.join_table(code)
    except TrainerError as error:
        state[NOTE] = t("tables.bad", LANG, error=reason(error))
        return
    found = next((table for table in store.tables_of() if table.code == code), None)
    if found is not None:
        state.update({OPEN: found.id, TILE: None, NOTE: None, REVIEWS: {}, "table_code": ""})


def lobby(store: Any, me: int) -> None:
    st.caption(t("tables.intro", LANG))
    mine = store.tables_of()
    st.subheader(t("tables.yours", LANG))
    if not mine:
        st.caption(t("tables.none", LANG))
    for table in mine:
        settings = TableSettings.from_json(table.settings)
        row = st.container(horizontal=True, vertical_alignment="center")
        found = store.event_of_table(table.id) if settings.hands == 1 else None
        if found is not None:
            row.write(t("tables.board_row", LANG, event=found[0].name, deal=found[1].deal,
                        table=found[1].table, seat=(table.seat_of(me) or 0) + 1))
        else:
            row.write(t("tables.row", LANG, code=table.code, rules=t(f"rules.{settings.rules}", LANG),
                        players=settings.players, seat=(table.seat_of(me) or 0) + 1))
        if row.button(t("tables.go", LANG), key=f"table_go_{table.id}"):
            st.session_state.update({OPEN: table.id, TILE: None, NOTE: None, REVIEWS: {}})
            st.rerun()
    watched = store.watched_tables()
    if watched:
        st.subheader(t("tables.watch_title", LANG))
        for table in watched:
            settings = TableSettings.from_json(table.settings)
            row = st.container(horizontal=True, vertical_alignment="center")
            row.write(t("tables.watch_row", LANG, code=table.code, rules=t(f"rules.{settings.rules}", LANG),
                        players=settings.players))
            if row.button(t("tables.watch", LANG), key=f"table_watch_{table.id}"):
                st.session_state.update({OPEN: table.id, TILE: None, NOTE: None, REVIEWS: {}})
                st.rerun()
    st.subheader(t("tables.join_title", LANG))
    with st.form("table_join", border=False):
        st.text_input(t("tables.code", LANG), key="table_code", max_chars=12,
                      placeholder="ABC234", help=t("tables.code_help", LANG))
        st.form_submit_button(t("tables.join", LANG), type="primary", on_click=join, args=(store,))
    st.subheader(t("tables.new_title", LANG))
    left, right = st.columns(2)
    rules, players = rules_and_players(left, right, "table")
    st.number_input(t("tables.target", LANG), min_value=5, max_value=1000, step=5, value=None,
                    key="table_target", help=t("tables.target_help", LANG))
    options = ("learner", *COMPUTERS)
    for seat in range(1, players):
        st.selectbox(t("tables.seat_pick", LANG, player=seat + 1), options, key=f"table_seat_{seat}",
                     format_func=lambda o: t("tables.for_learner", LANG) if o == "learner"
                     else t(f"tables.strength.{o}", LANG))
    st.checkbox(t("tables.muggins", LANG), key="table_muggins", help=t("play.muggins_rule", LANG))
    st.checkbox(t("tables.coach", LANG), key="table_coach", help=t("tables.coach_help", LANG))
    st.caption(t("tables.new_note", LANG, rules=t(f"rules.{rules}", LANG)))
    st.button(t("tables.open", LANG), key="table_open", type="primary", on_click=open_new, args=(store,))


# ----- a table -----
@lru_cache(maxsize=64)
def replayed(settings: str, moves: tuple[tuple[str, Optional[int]], ...]) -> Match:
    """The match a table's moves make, kept for the next poll of any page of the process
    (the same table read again by each of its players): not to be changed by the caller."""
    return replay(TableSettings.from_json(settings), moves)


def read_table(store: Any, table_id: int) -> tuple[PlayTable, TableSettings, list[StoredMove], Match]:
    """A table, its settings, its moves and the match they make, in one read."""
    table, moves = store.table_state(table_id)
    return table, TableSettings.from_json(table.settings), moves, \
        replayed(table.settings, tuple((m.move, m.claim) for m in moves))


def seen_at_table(store: Any, table_id: int) -> None:
    """Note, every SEEN_EVERY seconds at most, that this player's page reads the table:
    a player whose page has not for AWAY seconds is away, and the computer plays for him."""
    now = time.monotonic()
    noted: dict[int, float] = st.session_state.get(SEEN) or {}
    if now - noted.get(table_id, -SEEN_EVERY) >= SEEN_EVERY:
        try:
            store.seen_at_table(table_id)
        except TrainerError:
            return  # noted at the next read
        st.session_state[SEEN] = {**noted, table_id: now}


def computers_move(store: Any, table: PlayTable, settings: TableSettings, moves: list[StoredMove],
                   match: Match) -> bool:
    """Computer seats whose turn it is play (a few at most), each move added to `moves`
    and played on a copy of `match`; False when another page stored one first (read again)."""
    if match.over or plays_for(table.seats[match.position.turn]) is None:
        return True
    match = copy.deepcopy(match)  # the kept match stays as its moves made it
    for _ in range(COMPUTER_STEPS):
        if match.over:
            break
        seat = match.position.turn
        strength = plays_for(table.seats[seat])
        if strength is None:
            break
        player = computer(seat, strength, settings)
        move = player.choose(match.position, match.voids(), hand_so_far(match))
        claim = match.position.points(move) if settings.muggins else None  # the computer claims right
        number = len(moves)
        try:
            stored = store.add_move(table.id, number, str(move), claim, f"computer-{table.id}-{number}",
                                    seat=seat)
        except MoveTaken:
            return False  # another page made it first: read the table again
        moves.append(stored)
        if settings.muggins:
            match.play(Move.parse(stored.move), stored.claim or 0, muggins=True)
        else:
            match.play(Move.parse(stored.move))
    return True


def play_mine(store: Any, table_id: int, number: int, code: str, claim: Optional[int] = None) -> None:
    """The learner's move (in Muggins, with his claim) as the next at the table; a click
    sent twice is kept once."""
    if not st.session_state["table_session"]:
        st.session_state["table_session"] = secrets.token_hex(6)
    request = f"{st.session_state['table_session']}-{number}-{code}"
    try:
        store.add_move(table_id, number, code, claim, request[:40])
    except MoveTaken:
        st.session_state[NOTE] = t("tables.taken", LANG)
    except TrainerError as error:
        st.session_state[NOTE] = t("tables.bad", LANG, error=reason(error))
    st.session_state.update({TILE: None, PENDING: None})


def submit_claim(store: Any, table_id: int, number: int, code: str) -> None:
    """The claim typed with a Muggins move: a whole number in fives, then the move."""
    text = str(st.session_state.get("table_claim") or "").strip()
    if not is_whole(text) or int(text) > 999:
        st.session_state[NOTE] = t("play.bad_claim", LANG)
    elif int(text) % 5:
        st.session_state[NOTE] = t("play.claim_in_fives", LANG)
    else:
        play_mine(store, table_id, number, code, int(text))


def claim_form(store: Any, table_id: int, number: int) -> bool:
    """In Muggins, the move chosen waits for its claim; True while it does."""
    pending = st.session_state.get(PENDING)
    if not pending or pending[:2] != (table_id, number):
        return False
    code = pending[2]
    with st.form("table_claim_form"):
        st.write(t("play.claim_question", LANG, move=move_words(Move.parse(code), LANG)))
        st.text_input(t("play.claim_label", LANG), key="table_claim", max_chars=4)
        st.form_submit_button(t("play.claim_submit", LANG), type="primary", on_click=submit_claim,
                              args=(store, table_id, number, code))
    return True


def chosen_move(store: Any, settings: TableSettings, table_id: int, number: int, code: str) -> None:
    """A move clicked: stored at once, or in Muggins kept until its claim is typed."""
    if settings.muggins:
        st.session_state.update({PENDING: (table_id, number, code), TILE: None})
    else:
        play_mine(store, table_id, number, code)


def scores(match: Match, table: PlayTable, me: int) -> None:
    rules = match.rules
    sides: list[list[str]] = [[] for _ in range(rules.sides(match.players))]
    for seat in range(match.players):
        sides[rules.side_of(seat)].append(seat_name(table, seat, me))
    shown = " · ".join(f"{' & '.join(names)} {score}" for names, score in zip(sides, match.scores))
    st.caption(t("tables.scores", LANG, scores=shown, target=match.target))


def keep_finished(store: Any, match: Match, table: PlayTable, me: int, mine: int) -> None:
    """Each hand of the table that is over, kept once in the player's own hands (Your
    hands, Progress), as he saw it: he may review it there later."""
    done = set(st.session_state.get(KEPT) or ())
    for number in range(1, len(match.results) + 1):
        if (table.id, number) not in done:
            try:
                store.keep_hand(me, match.seat_record(number, mine))
            except TrainerError:
                pass  # a hand the store cannot keep is still reviewed on this page
            done.add((table.id, number))
    st.session_state[KEPT] = done


def last_hand(store: Any, match: Match, table: PlayTable, me: int, mine: int) -> None:
    """The last hand that ended: how, each side's points, and the learner's review."""
    number = len(match.results)
    result = match.results[-1]
    how = (t("play.went_out", LANG, player=seat_name(table, result.end.player or 0, me))
           if result.end.kind == "domino" else t("play.blocked", LANG))
    with st.expander(t("tables.hand_over", LANG, number=number, how=how), expanded=match.over):
        st.write(t("tables.hand_points", LANG, points=" · ".join(f"{d:+d}" for d in result.deltas)))
        kept: dict[int, tuple[MoveReview, ...]] = st.session_state.get(REVIEWS) or {}
        found = kept.get(number)
        if found is None and st.button(t("tables.review", LANG, number=number), key=f"table_review_{number}",
                                       icon=":material/rate_review:"):
            record = match.seat_record(number, mine)
            with st.spinner(t("hands.reviewing", LANG)):
                found = judged(record)
            if found is not None:
                st.session_state[REVIEWS] = {**kept, number: found}
                file_own_puzzles(found)  # his mistakes come back in his review queue, as in Play
                try:  # the review's sums beside the hand kept in Progress
                    store.keep_hand(me, record, HandSums(*review_sums(found)))
                except TrainerError:
                    pass
        if found is not None:
            show_review(match.seat_record(number, mine), found, key=f"table_{number}")


@st.fragment(run_every=POLL)
def live(table_id: int) -> None:
    """The table as this player may see it, read again every POLL seconds."""
    store, me = store_or_stop()
    try:
        table, settings, moves, match = read_table(store, table_id)
    except TrainerError as error:
        st.error(t("tables.bad", LANG, error=reason(error)), icon=":material/error:")
        return
    note = st.session_state.get(NOTE)
    if note:
        st.error(note, icon=":material/error:")
        st.session_state[NOTE] = None
    mine = table.seat_of(me)
    if mine is None:  # a teacher watching: the table's public board, each hand once it is over
        watch(match, table, me)
        return
    seen_at_table(store, table_id)
    if table.seats[mine].away():  # back after a while: his seat is his again before anyone moves for him
        table, settings, moves, match = read_table(store, table_id)
    if not computers_move(store, table, settings, list(moves), match) or \
            (not match.over and plays_for(table.seats[match.position.turn]) is not None):
        table, settings, moves, match = read_table(store, table_id)  # as the computers left it
    view = seat_view(match, mine)
    st.caption(t("tables.code_line", LANG, code=table.code,
                 seats=" · ".join(seat_name(table, s, me) for s in range(len(table.seats)))))
    scores(match, table, me)
    if match.results:
        keep_finished(store, match, table, me, mine)
        last_hand(store, match, table, me, mine)
    if match.over and settings.hands == 1:  # a deal of a duplicate event
        st.info(t("tables.board_over", LANG), icon=":material/emoji_events:")
        st.page_link("ui/events.py", label=t("nav.events", LANG), icon=":material/emoji_events:")
        return
    if match.over:
        winner = match.winner or 0
        won = match.rules.side_of(mine) == winner
        (st.success if won else st.info)(t("tables.won" if won else "tables.lost", LANG),
                                         icon=":material/trophy:")
        return
    if moves:
        last = moves[-1]
        st.caption(t("tables.last", LANG, player=seat_name(table, last.seat, me),
                     move=move_words(Move.parse(last.move), LANG)))
    board(view.position.layout)
    hand = view.position.hand(mine)
    if view.to_move != mine:
        waiting = table.seats[view.to_move or 0]
        if waiting.learner_id is None and waiting.computer is None:
            st.info(t("tables.waiting_open", LANG, code=table.code), icon=":material/hourglass_top:")
        else:
            st.info(t("tables.waiting", LANG, player=seat_name(table, view.to_move or 0, me)),
                    icon=":material/hourglass_top:")
        st.write(t("tables.your_tiles", LANG))
        tiles_of(tuple(hand))
        return
    drawn = match.pending_draws
    if drawn:
        st.caption(t("together.drew", LANG, tiles=", ".join(map(str, drawn))))
    if settings.coach:
        coach(match, table_id, len(moves))
    if settings.muggins:
        st.caption(t("play.muggins_rule", LANG))
        if claim_form(store, table_id, len(moves)):
            return
    st.write(t("tables.your_turn", LANG))
    chosen = st.session_state.get(TILE)
    move_picker(tuple(hand), match.legal_moves(), view.position.layout,
                Tile.parse(chosen) if chosen else None, keys=("table_tile", "table_lead", "table_end"),
                on_tile=lambda tile: st.session_state.update({TILE: str(tile)}),
                on_move=lambda code: chosen_move(store, settings, table_id, len(moves), code))


def coach(match: Match, table_id: int, number: int) -> None:
    """At a table that allows it: the coach's hint for this turn, on what the learner can
    see (the others' moves read as a club player's), asked for and kept for the turn."""
    made_for = (table_id, number, LANG)
    kept = st.session_state.get(HINT)
    if (kept is None or kept[0] != made_for) and st.button(t("play.hint", LANG), key="table_hint_button"):
        with st.spinner(t("play.coach_thinking", LANG)):
            work = partial(hint, match.position, budget=HINT_BUDGET, seed=number, voids=match.voids(),
                           lang=LANG, target=match.target, reader=("club", hand_so_far(match)))
            advised = costly(work, HINT_WAIT, "hint")
        if advised is not None:
            kept = (made_for, advised)
            st.session_state[HINT] = kept
    if kept is not None and kept[0] == made_for:
        st.info(t("play.coach_says", LANG, headline=kept[1].headline), icon=":material/lightbulb:")
        if kept[1].details:
            with st.expander(t("play.figures", LANG)):
                for line in kept[1].details:
                    st.caption(line)


def watch(match: Match, table: PlayTable, me: int) -> None:
    """The table as everyone at it sees it (no tile of any hand, no boneyard order) and,
    for each hand that is over, every hand as it was dealt."""
    st.info(t("tables.watching", LANG), icon=":material/visibility:")
    scores(match, table, me)
    over = len(match.results) + (1 if match.over and len(match.hands) > len(match.results) else 0)
    for number in range(1, over + 1):
        with st.expander(t("tables.dealt", LANG, number=number)):
            start = match.starts[number - 1]
            for seat in range(match.players):
                st.write(seat_name(table, seat, me))
                tiles_of(tuple(start.hand(seat)))
    if match.over:
        st.info(t("tables.over", LANG))
        return
    position = match.position
    board(position.layout)
    sizes = [t("tables.tiles_held", LANG, seat=seat_name(table, seat, me),
               tiles=tn("plural.tiles", len(position.hand(seat)), LANG)) for seat in range(match.players)]
    boneyard = t("tables.boneyard_held", LANG, tiles=tn("plural.tiles", len(position.boneyard), LANG))
    st.caption(" · ".join([*sizes, boneyard]))
    st.caption(t("tables.waiting", LANG, player=seat_name(table, position.turn, me)))


def seats_panel(store: Any, table: PlayTable, me: int) -> None:
    """The owner lets the computer play a seat whose player is away (and gives it back);
    a player whose seat the computer plays takes it back."""
    mine = table.seat_of(me)
    with st.expander(t("tables.seats_title", LANG), icon=":material/event_seat:"):
        for seat, held in enumerate(table.seats):
            if held.learner_id is None or seat == 0 and held.learner_id == me and table.owner_id == me:
                continue
            name = seat_name(table, seat, me)
            if held.computer is None and table.owner_id == me:
                if st.button(t("tables.hand_over_seat", LANG, seat=name), key=f"table_hand_{seat}"):
                    store.hand_over_seat(table.id, seat, "greedy")
                    st.rerun()
            elif held.computer is not None and (seat == mine or table.owner_id == me):
                if st.button(t("tables.take_back", LANG, seat=name), key=f"table_back_{seat}"):
                    store.hand_over_seat(table.id, seat, None)
                    st.rerun()
        st.caption(t("tables.seats_note", LANG))


def page() -> None:
    st.title(t("tables.title", LANG))
    store, me = store_or_stop()
    note: Optional[str] = st.session_state.get(NOTE)
    if note:
        st.error(note, icon=":material/error:")
        st.session_state[NOTE] = None
    table_id = st.session_state.get(OPEN)
    if table_id is None:
        lobby(store, me)
        return
    try:
        table = store.play_table(table_id)
    except TrainerError:
        st.session_state[OPEN] = None
        st.rerun()
    settings = TableSettings.from_json(table.settings)
    found = store.event_of_table(table_id) if settings.hands == 1 else None
    if found is not None:
        st.subheader(t("tables.board_title", LANG, event=found[0].name, deal=found[1].deal,
                       table=found[1].table))
    else:
        st.subheader(t("tables.table_title", LANG, code=table.code, rules=t(f"rules.{settings.rules}", LANG),
                       players=settings.players, target=new_match(settings).target))
    live(table_id)
    if table.seat_of(me) is not None:
        seats_panel(store, table, me)
    if st.button(t("tables.back", LANG), key="table_back", icon=":material/arrow_back:"):
        st.session_state.update({OPEN: None, TILE: None, REVIEWS: {}})
        st.rerun()


page()
