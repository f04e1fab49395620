"""Play together: two to four people at one device (`trainer.play.together`). Between
turns the page shows only a cover, "pass the device to ...": a player's tiles are drawn
once he presses "Show my tiles", and covered again as soon as he has played. The game
is kept in the tab, sealed as Play's is (`ui/keep.py`), so a reload loses nothing."""

from __future__ import annotations

import random
from typing import Optional

import streamlit as st

from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.tiles import Tile
from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.play.coach import MoveReview
from trainer.play.together import NAME_LIMIT, Together
from ui.seat_review_view import judged, show_review
from ui.state import init_state, plain, reason
from ui.widgets import board, move_picker, rules_and_players

init_state()
LANG: str = st.session_state["lang"]
GAME, SHOWN, TILE, NOTE = "together", "together_shown", "together_tile", "together_note"
REVIEWS = "together_reviews"  # (hand, seat) -> that player's review of the hand


def game() -> Optional[Together]:
    return st.session_state.get(GAME)


# ----- callbacks -----
def start() -> None:
    state = st.session_state
    players = int(state.get("together_players") or 2)
    typed = tuple(str(state.get(f"together_name_{n}") or "") or t("together.default_name", LANG, player=n + 1)
                  for n in range(players))
    try:
        state[GAME] = Together.new(str(state.get("together_rules") or "standard"), typed,
                                   random.SystemRandom().randrange(1, 2**62))
    except TrainerError as error:
        state[NOTE] = t("together.bad", LANG, error=reason(error))
        return
    state.update({SHOWN: False, TILE: None, NOTE: None, "together_last": None, REVIEWS: {}})


def show() -> None:
    st.session_state[SHOWN] = True


def pick(tile: Tile) -> None:
    st.session_state[TILE] = str(tile)


def play(code: str) -> None:
    together = game()
    if together is None:
        return
    mover = together.to_move
    try:
        together.play(Move.parse(code))
    except TrainerError as error:
        st.session_state[NOTE] = reason(error)
        return
    st.session_state.update({SHOWN: False, TILE: None, NOTE: None, "together_last": (mover, code)})


def next_hand() -> None:
    together = game()
    if together is not None:
        together.seen = len(together.match.results)
        st.session_state.update({SHOWN: False, TILE: None})


def end() -> None:
    st.session_state.update({GAME: None, SHOWN: False, TILE: None, NOTE: None, "together_last": None,
                             REVIEWS: {}})


# ----- the page -----
def setup() -> None:
    st.caption(t("together.intro", LANG))
    left, right = st.columns(2)
    _, players = rules_and_players(left, right, "together")
    columns = st.columns(players)
    for n, column in enumerate(columns):
        column.text_input(t("together.name", LANG, player=n + 1), key=f"together_name_{n}",
                          max_chars=NAME_LIMIT, placeholder=t("together.default_name", LANG, player=n + 1))
    st.button(t("together.start", LANG), key="together_start", type="primary", on_click=start)


def side_names(together: Together) -> list[str]:
    """Each side's players, by name ("Ann and Cat" in partners)."""
    rules = together.match.rules
    sides: list[list[str]] = [[] for _ in range(rules.sides(together.match.players))]
    for seat, name in enumerate(together.names):
        sides[rules.side_of(seat)].append(name)
    return [t("together.and", LANG, first=names[0], second=names[1]) if len(names) == 2 else names[0]
            for names in sides]


def scores(together: Together) -> None:
    shown = " · ".join(f"{name} {score}" for name, score in zip(side_names(together), together.match.scores))
    st.caption(t("together.scores", LANG, scores=plain(shown), target=together.match.target))


def hand_over(together: Together) -> None:
    number = together.seen + 1
    result = together.match.results[together.seen]
    how = (t("play.went_out", LANG, player=plain(together.names[result.end.player or 0]))
           if result.end.kind == "domino" else t("play.blocked", LANG))
    st.subheader(t("together.hand_over", LANG, number=number, how=how))
    rows = [{t("together.col.side", LANG): name, t("together.col.hand", LANG): delta,
             t("together.col.score", LANG): score}
            for name, delta, score in zip(side_names(together), result.deltas, result.scores)]
    st.table(rows)
    reviews(together, number)
    if together.match.over and together.seen + 1 == len(together.match.results):
        finished(together)
        return
    st.button(t("together.next", LANG), key="together_next", type="primary", on_click=next_hand)


def reviews(together: Together, number: int) -> None:
    """Each player's review of the hand on what he could see, asked for by him, and his
    record of it to keep or paste on Your hands."""
    kept: dict[tuple[int, int], tuple[MoveReview, ...]] = st.session_state[REVIEWS]
    st.write(t("together.reviews", LANG))
    for seat, tab in enumerate(st.tabs([plain(name) for name in together.names])):
        with tab:
            record = together.match.seat_record(number, seat)
            found = kept.get((number, seat))
            if found is None:
                if st.button(t("together.review", LANG, name=plain(together.names[seat])),
                             key=f"together_review_{seat}", icon=":material/rate_review:"):
                    with st.spinner(t("hands.reviewing", LANG)):
                        found = judged(record)
                    if found is not None:
                        kept[(number, seat)] = found
            if found is not None:
                show_review(record, found, key=f"together_{number}_{seat}")
            with st.expander(t("together.records", LANG), icon=":material/history_edu:"):
                st.caption(t("together.records_how", LANG))
                st.code(record.text(), language=None)


def finished(together: Together) -> None:
    winner = side_names(together)[together.match.winner or 0]
    st.success(t("together.won", LANG, names=plain(winner)), icon=":material/trophy:")
    st.button(t("together.again", LANG), key="together_again", type="primary", on_click=end)


def turn(together: Together) -> None:
    mover = together.to_move
    name = plain(together.names[mover])
    last = st.session_state.get("together_last")
    if last is not None:
        st.caption(t("together.last", LANG, name=plain(together.names[last[0]]),
                     move=move_words(Move.parse(last[1]), LANG)))
    if not st.session_state.get(SHOWN):
        st.info(t("together.pass_to", LANG, name=name, player=mover + 1), icon=":material/devices:")
        st.button(t("together.show", LANG, name=name), key="together_show", type="primary", on_click=show)
        return
    position = together.match.position
    board(position.layout)
    drawn = together.match.pending_draws
    if drawn:
        st.caption(t("together.drew", LANG, tiles=", ".join(map(str, drawn))))
    st.write(t("together.your_turn", LANG, name=name))
    mine = position.hand(mover)
    chosen = st.session_state.get(TILE)
    move_picker(tuple(mine), together.match.legal_moves(), position.layout,
                Tile.parse(chosen) if chosen else None,
                keys=("together_tile", "together_lead", "together_end"), on_tile=pick, on_move=play)


def page() -> None:
    st.title(t("together.title", LANG))
    note: Optional[str] = st.session_state.get(NOTE)
    if note:
        st.error(note, icon=":material/error:")
    together = game()
    if together is None:
        setup()
        return
    scores(together)
    if together.unseen_result:
        hand_over(together)
    elif together.match.over:  # the target reached in the middle of a hand
        finished(together)
    else:
        turn(together)
    st.divider()
    st.button(t("together.quit", LANG), key="together_quit", on_click=end)


page()
