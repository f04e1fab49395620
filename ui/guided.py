"""A guided first hand: one whole hand against the computer in which every step is
said as it comes (trainer.teach.guided tells it); the learner chooses each move by
clicking a tile, then an end. Offered on the Start and Learn pages once the lesson on
drawing and passing is done, and on the Play page."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from trainer.engine.moves import Move
from trainer.engine.tiles import Tile
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.teach.guided import GuidedHand, guided_seeds, hand_over, opening, story, your_turn
from ui.state import init_state
from ui.widgets import board, board_legend, move_picker

init_state()
LANG: str = st.session_state["lang"]


def current() -> GuidedHand:
    """The hand under way: this session's, the one the browser kept, or a new deal."""
    hand: Optional[GuidedHand] = st.session_state.get("guided")
    if hand is not None:
        return hand
    saved = st.session_state.pop("guided_saved", None)
    if saved:
        try:
            hand = GuidedHand.load(saved)
        except (TrainerError, ValueError):
            st.session_state["guided_note"] = t("guided.lost", LANG)
    if hand is None:
        seeds = guided_seeds()
        seed = st.session_state.get("guided_seed")
        hand = GuidedHand.new(seed if seed in seeds else seeds[0])
    hand.computer_moves()
    st.session_state.update(guided=hand, guided_seed=hand.seed, guided_tile=None)
    return hand


def deal(seed: int) -> None:
    """Callback: a new guided hand of that deal."""
    hand = GuidedHand.new(seed)
    hand.computer_moves()
    st.session_state.update(guided=hand, guided_seed=seed, guided_tile=None)


def pick_tile(tile: Tile) -> None:
    st.session_state["guided_tile"] = str(tile)


def choose_move(text: str) -> None:
    """Callback: the learner's move (then the computer's replies)."""
    hand: Optional[GuidedHand] = st.session_state.get("guided")
    if hand is None or not hand.learner_to_move:
        return
    move = Move.parse(text)
    if move not in hand.position.legal_moves():
        return
    hand.play(move)
    st.session_state["guided_tile"] = None
    if hand.over:
        st.session_state["guided_done"] = True


def since_my_last(hand: GuidedHand, told: list[list[str]]) -> list[list[str]]:
    """The turns since the learner's last move, that move included: what just happened."""
    turns = hand.turns
    mine = [i for i, turn in enumerate(turns) if turn.player == hand.learner and turn.move is not None]
    first = mine[-1] if mine else 0
    return told[first:]


def show_turn(hand: GuidedHand) -> None:
    """The learner's turn: what he may play and what it would make, his tiles, the ends."""
    position = hand.position
    lines = your_turn(position, hand.drawn, LANG)
    with st.container(border=True, key="guided_turn"):
        st.markdown(f"**{lines[0]}** " + " ".join(lines[1:2]))
        st.markdown("\n".join(f"- {line}" for line in lines[2:-1]))
        st.caption(lines[-1])
        mine = position.hand(position.turn)
        picked = st.session_state.get("guided_tile")
        selected = Tile.parse(picked) if picked else None
        move_picker(mine, position.legal_moves(), position.layout, selected, keys=("gtile", "glead", "gend"),
                    on_tile=pick_tile, on_move=choose_move)


def show_end(hand: GuidedHand) -> None:
    assert hand.result is not None
    st.subheader(t("guided.over", LANG))
    lines = hand_over(hand.start, hand.turns, hand.result, hand.learner, LANG)
    with st.container(border=True, key="guided_end"):
        st.markdown("\n".join(f"- {line}" for line in lines))
    seeds = guided_seeds()
    following = seeds[(seeds.index(hand.seed) + 1) % len(seeds)] if hand.seed in seeds else seeds[0]
    with st.container(horizontal=True):
        st.page_link("ui/play.py", label=t("guided.to_play", LANG), icon=":material/sports_esports:")
        st.button(t("guided.again", LANG), key="guided_again", type="primary", on_click=deal,
                  args=(following,))
        st.button(t("guided.restart", LANG), key="guided_restart", on_click=deal, args=(hand.seed,))


st.title(t("guided.title", LANG))
st.caption(t("guided.intro", LANG))
hand = current()
note = st.session_state.pop("guided_note", None)
if note:
    st.warning(note)
position = hand.position
scores = hand.result.scores if hand.result is not None else position.scores  # the pips settled at the end
with st.container(horizontal=True, gap="medium"):
    st.metric(t("guided.you", LANG), scores[hand.learner], width="content")
    st.metric(t("guided.computer", LANG), scores[1 - hand.learner], width="content")
st.caption(t("guided.status", LANG, seed=hand.seed))
told = story(hand.start, hand.turns, hand.learner, LANG)
last = next((turn.move.tile for turn in reversed(hand.turns) if turn.move is not None), None)
if hand.over:
    st.write(t("guided.final_board", LANG))
board(position.layout, last=last)
board_legend()
if not hand.over:
    st.caption(" · ".join((tn("guided.computer_holds", len(position.hand(1 - hand.learner)), LANG),
                           tn("guided.boneyard", len(position.known_boneyard()), LANG))))
latest = since_my_last(hand, told) if told else [opening(hand.start, hand.learner, LANG)]
with st.container(border=True, key="guided_latest"):
    st.markdown(f"**{t('guided.latest', LANG)}**")
    for group in latest:
        st.markdown(" ".join(group))
if hand.over:
    show_end(hand)
elif hand.learner_to_move:
    show_turn(hand)
with st.expander(t("guided.story", LANG)):
    st.markdown("\n".join(f"- {line}" for line in opening(hand.start, hand.learner, LANG)))
    st.markdown("\n".join(f"{n}. {' '.join(group)}" for n, group in enumerate(told, start=1)))
