"""Practice against the solver: a position of real play with a goal, played to the end of
the hand against the perfect player, with stars and a retry (lichess Practice). Every
tile is known, and every goal is proven reachable (`trainer.teach.practice`).

In club mode a goal the learner's class assigned him says so above the board, and a
goal finished counts for it: the attempt this page records ("practice-ID", its stars)
is what the assignment's result is read from (`trainer.store.assignments`). The
address `?goal=ID` opens a goal (the Start page's assignment buttons use it)."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.tiles import Tile
from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.store import Assignment, Result, ScopedStore
from trainer.store.assignments import PRACTICE_ITEM
from trainer.teach.practice import STARS, PracticeGame, PracticeItem, practice_item, practice_items
from ui.state import init_state, learner_id, open_store, plain, reason, record_result, start_timer
from ui.widgets import board, guard, hand, move_picker

init_state()
LANG: str = st.session_state["lang"]
for name, default in (("practice_id", None), ("practice_game", None), ("practice_tile", None),
                      ("practice_stars", {}), ("practice_loaded", None), ("practice_from_url", None)):
    if name not in st.session_state:
        st.session_state[name] = default
ITEMS = practice_items()
IDS = tuple(item.id for item in ITEMS)
KEPT = PRACTICE_ITEM  # a practice position's stars are kept as the lesson "practice-ID"
TIMER = "practice"


# ----- stars -----
def best_stars() -> dict[str, int]:
    """The best stars of each position: the chosen learner's kept ones, read once per
    learner, else this visit's."""
    kept: dict[str, int] = st.session_state["practice_stars"]
    learner = learner_id()
    if learner is not None and st.session_state["practice_loaded"] != learner:
        store = open_store()
        if store is not None:
            try:
                for item_id, earned in list(kept.items()):
                    store.record_lesson(learner, KEPT + item_id, earned)
                kept = {key[len(KEPT):]: value for key, value in store.lesson_stars(learner).items()
                        if key.startswith(KEPT)}
            except TrainerError as error:
                guard(error)
        st.session_state["practice_stars"] = kept
        st.session_state["practice_loaded"] = learner
    return kept


def keep_stars(game: PracticeGame) -> None:
    kept = best_stars()
    earned = game.stars()
    kept[game.item.id] = max(kept.get(game.item.id, 0), earned)
    record_result("lesson", KEPT + game.item.id, earned > 0, detail=str(earned), kind="practice",
                  position=game.item.code, answer=str(earned), timer=TIMER)
    learner = learner_id()
    store = open_store() if learner is not None else None
    if learner is not None and store is not None:
        try:
            store.record_lesson(learner, KEPT + game.item.id, earned)
        except TrainerError as error:
            guard(error)


def star_text(count: int) -> str:
    return "★" * count + "☆" * (STARS - count)


def label(item_id: str) -> str:
    item = next(i for i in ITEMS if i.id == item_id)
    number = IDS.index(item_id) + 1
    rules = t(f"rules.{item.position.rules.name}", LANG)
    best = best_stars().get(item_id)
    text = t("practice.option", LANG, number=number, goal=item.goal.text(LANG, short=True), rules=rules)
    return text if best is None else f"{text} {star_text(best)}"


# ----- the game -----
def current() -> PracticeGame:
    game: Optional[PracticeGame] = st.session_state["practice_game"]
    chosen = st.session_state["practice_id"]
    if game is None or game.item.id != chosen:
        game = PracticeGame(practice_item(chosen, LANG))
        st.session_state.update(practice_game=game, practice_tile=None)
    return game


def pick_tile(tile: Tile) -> None:
    st.session_state["practice_tile"] = str(tile)


def play(text: str) -> None:
    """Callback: the learner's move, then the perfect player's replies."""
    game = current()
    was_over = game.over
    try:
        game.play(Move.parse(text))
    except TrainerError:
        return
    st.session_state["practice_tile"] = None
    if game.over and not was_over:
        keep_stars(game)


def retry() -> None:
    st.session_state.update(practice_game=current().retry(), practice_tile=None)


def who(game: PracticeGame, player: int) -> str:
    return t("practice.you" if player == game.learner else "practice.opponent", LANG)


def story(game: PracticeGame) -> None:
    """The moves so far, one line each."""
    for player, move, points in game.history:
        if move is None:
            st.caption(t("practice.passed", LANG, who=who(game, player)))
        elif points:
            st.caption(t("practice.scored", LANG, who=who(game, player), move=move_words(move, LANG),
                         points=points))
        else:
            st.caption(t("practice.played", LANG, who=who(game, player), move=move_words(move, LANG)))


def verdict(game: PracticeGame) -> None:
    status = game.status
    if status == "met":
        earned = game.stars()
        st.success(t("practice.met", LANG, stars=star_text(earned), earned=earned, most=STARS))
    elif status in ("lost", "failed") and game.lost_at is not None:
        _, move, _ = game.history[game.lost_at]
        kept = t("list.separator", LANG).join(move_words(m, LANG) for m in game.kept)
        # while the hand goes on, the learner may play it out to see how; once over, the past
        key = "practice.lost_over" if game.over else "practice.lost"
        st.error(t(key, LANG, move=move_words(move, LANG) if move else "-", kept=kept))
    elif status == "failed":
        st.error(t("practice.failed", LANG))
    ended(game)


def ended(game: PracticeGame) -> None:
    """Once the hand is over: how it ended, and each side's points in it."""
    tally = game.tally()
    if tally is None:
        return
    rules = game.item.position.rules
    mine = tally.points[rules.side_of(game.learner)]
    theirs = max(p for side, p in enumerate(tally.points) if side != rules.side_of(game.learner))
    if tally.ended == "blocked":
        key = "practice.end_blocked"
    else:
        key = "practice.end_out_you" if tally.out == game.learner else "practice.end_out_them"
    st.info(t(key, LANG, mine=mine, theirs=theirs), icon=":material/sports_score:")


def learner_turn(game: PracticeGame) -> None:
    moves = game.learner_moves()
    if not moves:
        return
    position = game.position
    mine = position.hand(game.learner)
    selected = Tile.parse(st.session_state["practice_tile"]) if st.session_state["practice_tile"] else None
    st.write(t("practice.your_move", LANG))
    move_picker(mine, moves, position.layout, selected,
                keys=("practice", "practice_lead", "practice_end"), on_tile=pick_tile, on_move=play)


# ----- club mode: the goals the learner's classes assigned him -----
def assigned() -> tuple[tuple[Assignment, Result], ...]:
    """The signed-in learner's practice assignments (none in home mode)."""
    store = open_store()
    if not isinstance(store, ScopedStore) or store.role != "learner":
        return ()
    try:
        mine = store.my_assignments()
    except TrainerError as error:
        st.warning(t("widgets.store_failed", LANG, error=reason(error)), icon=":material/database:")
        return ()
    return tuple((a, r) for a, r in mine if a.task.kind == "practice")


def assignment_note(game: PracticeGame, mine: tuple[tuple[Assignment, Result], ...]) -> Optional[str]:
    """The next goal to open after this one: the first not reached of an assignment
    holding this one; says above the board which assignments hold it."""
    following = None
    for a, r in mine:
        if game.item.id not in a.task.goals:
            continue
        best = dict(r.stars)
        earned = best.get(game.item.id, 0)
        if earned:
            st.caption(t("practice.counted", LANG, title=plain(a.title), stars=star_text(earned)))
        else:
            due = a.due.isoformat()
            st.caption(t("practice.assigned", LANG, title=plain(a.title), day=due))
        if following is None:
            following = next((g for g in a.task.goals if g != game.item.id and not best.get(g) and g in IDS),
                             None)
    return following


def show(game: PracticeGame) -> None:
    item: PracticeItem = game.item
    start = item.position
    other = 1 - game.learner
    if not game.over:
        start_timer(TIMER, KEPT + item.id)
    following = assignment_note(game, assigned())
    st.info(t("practice.goal", LANG, goal=item.goal.text(LANG, start.rules.name)), icon=":material/flag:")
    st.caption(t("practice.known", LANG, rules=t(f"rules.{start.rules.name}", LANG),
                 tiles=", ".join(map(str, start.hand(other)))))
    last = next((m.tile for _, m, _ in reversed(game.history) if m is not None), None)
    board(game.position.layout, last=last)
    if not game.over:
        st.caption(t("practice.opponent_holds", LANG, tiles=", ".join(map(str, game.position.hand(other)))))
        hand(game.position.hand(other))
    story(game)
    verdict(game)
    learner_turn(game)
    row = st.container(horizontal=True)
    row.button(t("practice.retry", LANG), key="practice_retry", on_click=retry,
               type="primary" if game.status != "playing" else "secondary", icon=":material/replay:")
    if game.over and following is not None:
        row.button(t("practice.next_assigned", LANG), key="practice_next_assigned", on_click=go_to,
                   args=(following,), icon=":material/assignment:")
    elif game.over:
        after = IDS.index(item.id) + 1
        if after < len(IDS):
            row.button(t("practice.next", LANG), key="practice_next", on_click=go_to, args=(IDS[after],))


def go_to(item_id: str) -> None:
    st.session_state.update(practice_id=item_id, practice_game=None, practice_tile=None)


def from_address() -> None:
    """`?goal=ID`: open that goal when the address names a new one; an id that is not
    a practice position is said, as typed, and dropped."""
    wanted = st.query_params.get("goal")
    if wanted is None or wanted == st.session_state["practice_from_url"]:
        return
    if wanted in IDS:
        go_to(wanted)
    else:
        st.error(t("practice.unknown", LANG, id=plain(wanted[:20])))
        del st.query_params["goal"]


st.title(t("practice.title", LANG))
st.caption(t("practice.intro", LANG))
from_address()
if st.session_state["practice_id"] not in IDS:
    st.session_state["practice_id"] = IDS[0]
labels = {item_id: label(item_id) for item_id in IDS}
st.session_state["practice_id"] = st.session_state["practice_id"]
st.selectbox(t("practice.pick", LANG), IDS, key="practice_id", format_func=labels.__getitem__)
if "goal" in st.query_params or st.session_state["practice_from_url"] is not None:
    st.query_params["goal"] = st.session_state["practice_id"]  # the address names the goal shown
    st.session_state["practice_from_url"] = st.session_state["practice_id"]
with st.spinner(t("practice.thinking", LANG)):
    shown = current()
show(shown)
