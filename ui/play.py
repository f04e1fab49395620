"""Play: whole matches against the computer, with a coach, Muggins claims, undo,
saving and loading, and a review after each hand."""

from __future__ import annotations

import random
import time
from typing import Optional

import streamlit as st

from trainer.coach import hint, review_hand
from trainer.errors import TrainerError
from trainer.moves import Move
from trainer.play import STRENGTHS, PlaySession, PlaySettings, narrate
from trainer.sampling import voids_from_turns
from trainer.tiles import Tile
from ui.state import init_state, record_result
from ui.widgets import board, end_buttons, hand, tile_buttons

init_state()
for key, value in {"play": None, "play_pace": 0.8, "play_tile": None, "play_seen": 0,
                   "play_hint": None, "play_review": None, "play_coach": True,
                   "play_budget": 1.0, "play_pending": None, "play_note": None}.items():
    st.session_state.setdefault(key, value)

st.title("Play")


def names(session: PlaySession) -> dict[int, str]:
    out = {session.settings.learner: "You"}
    for seat in range(session.settings.players):
        if seat != session.settings.learner:
            partner = session.match.rules.partners and seat % 2 == session.settings.learner % 2
            out[seat] = f"{'Partner' if partner else 'Computer'} (player {seat})"
    return out


def start(settings: PlaySettings) -> None:
    st.session_state.update(play=PlaySession(settings), play_tile=None, play_seen=0,
                            play_hint=None, play_review=None)


def setup() -> None:
    """The form for a new game."""
    with st.form("play_setup"):
        rules = st.selectbox("Rules", ["standard", "partners", "cincos"],
                             help="partners: four players, you and player 2 against 1 and 3")
        players = st.selectbox("Players", [2, 3, 4], help="partners always has four")
        opponent = st.selectbox("Computer strength", STRENGTHS, index=1)
        target = st.number_input("Target (0: the rules' usual one)", min_value=0, max_value=1000,
                                 value=0, step=5)
        muggins = st.toggle("Muggins: claim your own points", value=False)
        coach = st.toggle("Coach: allow hints", value=True)
        seed_text = st.text_input("Deal number (empty: a new random deal)", value="")
        if st.form_submit_button("Start the game", type="primary"):
            if seed_text.strip() and not seed_text.strip().isdigit():
                st.warning("The deal number is a whole number, e.g. 12345.")
                return
            seed = int(seed_text) if seed_text.strip() else random.randrange(1, 10**6)
            count = 4 if rules == "partners" else int(players)
            st.session_state["play_coach"] = coach
            try:
                start(PlaySettings(rules, count, int(target) or None, seed, opponent,
                                   muggins=muggins, budget=st.session_state["play_budget"]))
            except TrainerError as error:
                st.warning(str(error))
                return
            st.rerun()
    uploaded = st.file_uploader("Or load a saved game", type=["txt"], key="play_upload")
    if uploaded is not None:
        try:
            session = PlaySession.load(uploaded.getvalue().decode("utf-8", errors="replace"))
        except TrainerError as error:
            st.error(f"This file is not a saved game: {error}")
        else:
            st.session_state.update(play=session, play_tile=None, play_hint=None,
                                    play_seen=len(session.match.results), play_review=None)
            st.rerun()


def scoreboard(session: PlaySession) -> None:
    match = session.match
    sides = match.rules.sides(session.settings.players)
    labels = (["You and player 2", "Players 1 and 3"] if match.rules.partners
              else [names(session)[s] for s in range(sides)])
    for column, label, score in zip(st.columns(sides), labels, match.scores):
        column.metric(label, score)
    st.caption(f"Hand {len(match.hands)} · rules {match.rules.name} · target {match.target} · "
               f"deal number {session.settings.seed} · computer: {session.settings.opponent}"
               + (" · Muggins" if session.settings.muggins else ""))


def hand_result(session: PlaySession) -> None:
    """The end of the last hand: every hand's pips and their rounding; then go on."""
    match = session.match
    number = len(match.results)
    result = match.results[-1]
    who = names(session)
    how = (f"{who[result.end.player]} went out" if result.end.kind == "domino"
           else "the hand is blocked")
    st.subheader(f"Hand {number} is over: {how}")
    rows = []
    for seat in range(session.settings.players):
        rows.append({"player": who[seat], "pips left": result.pips[seat],
                     "rounded": (result.pips[seat] + 2) // 5 * 5})
    st.dataframe(rows, hide_index=True, use_container_width=True)
    changes = ", ".join(f"{d:+d}" for d in result.deltas)
    st.write(f"End-of-hand scoring ({match.rules.name}): {changes}. "
             f"Scores now: {', '.join(str(s) for s in result.scores)}.")
    left, right = st.columns(2)
    if left.button("Review my moves", key="play_review_button"):
        with st.spinner("Judging each of your moves against the best..."):
            reviews = review_hand(match.starts[number - 1], tuple(match.record().hands[number - 1]),
                                  session.settings.learner, budget=0.4)
        st.session_state["play_review"] = (number, reviews)
        for r in reviews:
            record_result("play", f"hand {number}", r.grade in ("best", "good"), r.grade)
    if right.button("Next hand" if not match.over else "See the result", key="play_continue",
                    type="primary"):
        st.session_state.update(play_seen=number, play_review=None, play_hint=None)
        st.rerun()
    review = st.session_state["play_review"]
    if review and review[0] == number:
        show_review(review[1])


def show_review(reviews: tuple) -> None:  # type: ignore[type-arg]
    if not reviews:
        st.info("You had no choice to make this hand: every move was forced.")
        return
    st.dataframe([{"move": str(r.played), "grade": r.grade, "best": str(r.best),
                   "points lost": round(r.loss, 1)} for r in reviews],
                 hide_index=True, use_container_width=True)
    worst = sorted((r for r in reviews if r.grade in ("inaccuracy", "mistake", "blunder")),
                   key=lambda r: -r.loss)[:3]
    for r in worst:
        st.page_link("ui/analysis.py", label=f"{r.grade.capitalize()}: {r.played} (best {r.best}, "
                     f"−{r.loss:.1f}) — open in Analysis", icon=":material/search:",
                     query_params={"position": r.position})


def learner_turn(session: PlaySession) -> None:
    position = session.match.position
    mine = position.hand(session.settings.learner)
    drawn = session.match.pending_draws
    if drawn:
        st.info(f"You could not play and drew {', '.join(str(t) for t in drawn)}.")
    st.write("Your hand:")
    selected = Tile.parse(st.session_state["play_tile"]) if st.session_state["play_tile"] else None
    hand(mine, selected=selected)
    moves = position.legal_moves()
    playable = tuple(t for t in mine if any(m.tile == t for m in moves))
    clicked = tile_buttons(playable, key="mytile", selected=selected)
    if clicked is not None:
        st.session_state["play_tile"] = str(clicked)
        st.rerun()
    move: Optional[Move] = None
    if selected is not None and selected in playable:
        options = [m for m in moves if m.tile == selected]
        if options[0].side is None:
            if st.button(f"Lead {selected}", key="mylead", type="primary"):
                move = options[0]
        else:
            pips = {e.side: e.pip for e in position.layout.open_ends()}
            side = end_buttons([(m.side, pips[m.side]) for m in options if m.side], key="myend")
            if side is not None:
                move = Move(selected, side)  # type: ignore[arg-type]
    if move is not None:
        st.session_state["play_pending"] = str(move)
    pending = st.session_state.get("play_pending")
    if pending and session.settings.muggins:
        with st.form("claim_form"):
            st.write(f"Playing {pending}: how many points do you claim? (0 if none)")
            claim_text = st.text_input("Points", key="play_claim", max_chars=4)
            if st.form_submit_button("Play and claim", type="primary"):
                text = claim_text.strip()
                if not text.isdigit() or int(text) > 999:
                    st.warning("Claim a whole number of points, 0 to 999.")
                else:
                    finish_move(session, Move.parse(pending), int(text))
    elif pending:
        finish_move(session, Move.parse(pending), None)
    tools = st.columns(3)
    if st.session_state["play_coach"] and tools[0].button("Hint", key="play_hint_button"):
        with st.spinner("The coach is thinking..."):
            voids = voids_from_turns(session.match.starts[-1], tuple(session.match.hands[-1]))
            st.session_state["play_hint"] = hint(position, budget=st.session_state["play_budget"],
                                                 seed=len(session.match.hands[-1]), voids=voids)
    if not session.settings.muggins and tools[1].button("Undo", key="play_undo"):
        try:
            session.undo()
        except TrainerError as error:
            st.warning(str(error))
        else:
            st.session_state.update(play_tile=None, play_hint=None, play_pending=None)
            st.rerun()
    advice = st.session_state["play_hint"]
    if advice is not None and advice.move in moves:
        st.info(f"Coach: play **{advice.move}**. " + " ".join(advice.reasons))


def finish_move(session: PlaySession, move: Move, claim: Optional[int]) -> None:
    points = session.match.position.points(move)
    session.play(move, claim)
    if claim is not None:
        record_result("drill", "muggins claim", claim == points, f"claimed {claim} of {points}")
        if claim != points:
            st.session_state["play_note"] = (f"You claimed {claim} but {move} scored {points}: "
                                             "the points go to your opponent.")
    st.session_state.update(play_tile=None, play_hint=None, play_pending=None)
    st.rerun()


session: Optional[PlaySession] = st.session_state["play"]
if session is None:
    st.write("Play whole matches against the computer. Deals are numbered: play the same "
             "deal again to try a better line.")
    setup()
    st.stop()

scoreboard(session)
match = session.match
if st.session_state.get("play_note"):
    st.warning(st.session_state.pop("play_note"))

if len(match.results) > st.session_state["play_seen"]:
    hand_result(session)
    st.stop()

if match.over:
    winner = match.winner
    learner_side = session.learner_side
    if winner == learner_side:
        st.success(f"You win the match, {match.scores[learner_side]} to "
                   f"{max(s for i, s in enumerate(match.scores) if i != learner_side)}!")
    else:
        st.error(f"The computer wins the match ({', '.join(str(s) for s in match.scores)}).")
    again, new = st.columns(2)
    if again.button("Play this deal again", key="play_again", type="primary"):
        start(session.settings)
        st.rerun()
    if new.button("New game", key="play_new"):
        st.session_state["play"] = None
        st.rerun()
    st.stop()

story = narrate(match.starts[-1], tuple(match.hands[-1]), names(session))
last_turn = next((t for t in reversed(match.hands[-1]) if t.move is not None), None)
board(match.position.layout, last=last_turn.move.tile if last_turn and last_turn.move else None)
if story:
    st.caption(" ".join(story[-3:]))
others = ", ".join(f"{names(session)[s]}: {len(match.position.hand(s))} tiles"
                   for s in range(session.settings.players) if s != session.settings.learner)
st.caption(f"{others} · boneyard: {len(match.position.known_boneyard())} tiles")

if session.learner_to_move:
    learner_turn(session)
else:
    seat = match.position.turn
    with st.spinner(f"{names(session)[seat]} is thinking..."):
        time.sleep(st.session_state["play_pace"])
        session.computer_step()
    st.rerun()

with st.expander("Save, load or quit"):
    st.download_button("Save this game", data=session.save(), file_name="allfives-game.txt",
                       mime="text/plain", key="play_save")
    if st.button("Quit this game", key="play_quit"):
        st.session_state["play"] = None
        st.rerun()
