"""Shared widgets: boards, hands, clickable tiles and ends, and the learner picker
(the language picker is ui/language.py)."""

from __future__ import annotations

import base64
import math
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from functools import lru_cache
from html import escape
from typing import Optional, TypeVar
from urllib.parse import quote

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from trainer.engine.layout import Layout
from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.rules import PRESETS
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.errors import TrainerError
from trainer.i18n import t, tn
from trainer.search.admission import Busy, WorkerLost, gate
from trainer.store import NAME_LIMIT, LearnerError, LearnerLimitError, LookalikeError, Store, StoreError
from trainer.svg import DESK_WIDTH, PHONE_WIDTH, describe, render_board, render_hand, render_tile
from trainer.teach.glossary import legend
from ui.state import (
    database_location,
    database_setting,
    learners_seen,
    mark_waiting,
    open_store,
    operator_view,
    outbox,
    plain,
    reason,
    store_failed,
)

T = TypeVar("T")
LEARNER = "learner"  # the learner picker's key: his name, bound to the URL's ?learner=
NEW_NAME = "learner_new_name"
NEW_OPEN = "learner_new_open"  # whether the new learner's panel is open


def when_text(when: datetime, lang_code: str) -> str:
    """When a review falls due, from now: "now", "in 10 min", "in 5 h", "in 3 days"."""
    seconds = (when - datetime.now(UTC)).total_seconds()
    if seconds <= 0:  # due already: the review has it
        return t("widgets.due_now", lang_code)
    if seconds < 3600:  # "now" would promise it in a review that does not have it yet
        return t("widgets.due_minutes", lang_code, minutes=max(1, round(seconds / 60)))
    if seconds < 36 * 3600:
        return t("widgets.due_hours", lang_code, hours=round(seconds / 3600))
    return t("widgets.due_days", lang_code, days=round(seconds / 86400))


def lang() -> str:
    """The learner's language (read at each call: this module is imported once)."""
    return str(st.session_state.get("lang", "en"))


PHONE_BREAK = 640  # px: below this, Streamlit stacks columns and a board draws narrow


def _tile_pictures() -> str:
    """Style rules that draw each tile button as its domino: a button's label is the
    tile's name ("6-4", read by screen readers, hidden on screen) and its key ends in
    "_6-4" (see `tile_buttons`); a picture in the label would make the browser parse
    Markdown for every tile at every click."""
    rules = ['[class*="st-key-tiles_"] button {width: 2.6rem; height: 3.9rem; padding: 0; min-height: 0;'
             ' background-position: center; background-size: auto 3.4rem; background-repeat: no-repeat}',
             '[class*="st-key-tiles_"] button p {position: absolute; width: 1px; height: 1px;'
             ' overflow: hidden; clip-path: inset(50%); white-space: nowrap}',
             '[class*="st-key-tiles_"] button:disabled {opacity: 0.45}']
    # high-contrast modes drop or recolour pictures: there the tile's name is shown instead
    forced = ('@media (forced-colors: active) {'
              '[class*="st-key-tiles_"] button {background-image: none !important; width: auto;'
              ' height: auto; padding: 0.5rem 0.75rem}'
              ' [class*="st-key-tiles_"] button p {position: static; width: auto; height: auto;'
              ' clip-path: none}}')
    for tile in ALL_TILES:
        picture = quote(render_tile(tile, unit=20).replace('"', "'"), safe=" =:/';,.-()")
        rules.append(f'[class*="st-key-tiles_"] [class*="_{tile}"] button '
                     f'{{background-image: url("data:image/svg+xml,{picture}")}}')
    return "\n".join([*rules, forced])


STYLE = f"""<style>
.af-board-narrow {{display: none}}
@media (max-width: {PHONE_BREAK}px) {{
  .af-board-wide {{display: none}}
  .af-board-narrow {{display: block}}
}}
[data-testid="stCode"] pre {{padding-right: 2.75rem}}
[data-testid="stCaptionContainer"] {{color: #56554f; opacity: 1}}  /* 6:1 on the page, 5:1 on the sidebar */
:is(button, a, input, [role="tab"], summary):focus-visible {{outline: 3px solid #1f6f50 !important;
  outline-offset: 2px}}
.af-sr-only {{position: absolute !important; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap}}
.st-key-keep, [class*="st-key-keep_"], .st-key-browser_helpers {{display: none}}
[data-testid="stMetricLabel"], [data-testid="stMetricLabel"] *, [data-testid="stMetricDelta"],
[data-testid="stMetricDelta"] * {{white-space: normal !important;  /* a long label wraps, never cut */
  overflow: visible !important; text-overflow: clip !important; height: auto}}
[data-testid="stPageLink"] a, [data-testid="stPageLink"] a * {{white-space: normal !important;
  overflow: visible !important; text-overflow: clip !important; height: auto}}
{_tile_pictures()}
</style>"""


def _css_text(text: str) -> str:
    """Text as a CSS string: quoted, with quotes, backslashes and line ends escaped."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def uploader_style(lang_code: str, notes: dict[str, str]) -> None:
    """File pickers in the learner's language: Streamlit writes their button ("Upload"),
    their note ("100MB per file") and what shows while a file is dragged over them ("Drag
    and drop a file here") in English, and offers no way to change them; these rules hide
    its words, for the eye and for screen readers alike (visibility: hidden), and show the
    catalogue's in their place (a visible ::after, which a screen reader reads as the
    button's name). `notes` maps an uploader's key to the note under its button."""
    zone = '[data-testid="stFileUploaderDropzone"]'
    button = f"{zone} button"
    words = f'{button} [data-testid="stMarkdownContainer"] p'
    note = '[data-testid="stFileUploaderDropzoneInstructions"] span'
    dragged = f"{zone} > input + div:not(:has(button))"  # the overlay while a file is dragged over
    hidden = "font-size: 0; visibility: hidden"
    shown = "font-size: 0.875rem; visibility: visible"
    rules = [f"{words} {{{hidden}}}",
             f"{button}::after {{content: {_css_text(t('widgets.upload', lang_code))}; {shown}}}",
             f"{note} {{{hidden}}}",
             f"{dragged} * {{{hidden}}}",
             f"{dragged} > *::after {{content: {_css_text(t('widgets.upload_drop', lang_code))}; {shown}}}",
             '[data-testid="stFileUploaderDropzoneInstructions"] * {white-space: normal; overflow: visible}']
    rules += [f".st-key-{key} {note}::after {{content: {_css_text(text)}; {shown}}}"
              for key, text in notes.items()]
    st.html("<style>" + "\n".join(rules) + "</style>")


APP_ICON = render_tile(Tile(6, 4))  # the browser tab's icon: an upright 6-4, a count of 10


def opening() -> None:
    """A new tab's first moment, while the browser hands back what it kept for the tab:
    nothing, unless it lasts, when a line says so (it fades in after two seconds)."""
    st.html('<p class="af-opening" style="opacity: 0; animation: af-show 0.3s 2s forwards">'
            f'{escape(t("widgets.opening", lang()))}</p>'
            "<style>@keyframes af-show {to {opacity: 1}}</style>")


def page_style() -> None:
    """The app's few style rules (a board's two widths, tile buttons), once a run."""
    st.html(STYLE)


def _data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def _img(svg: str, alt: str, lazy: bool = False) -> str:
    """An <img> of the drawing; a lazy one is not loaded while it is hidden."""
    loading = ' loading="lazy"' if lazy else ""
    return (f'<img src="{_data_uri(svg)}" alt="{escape(alt, quote=True)}"{loading} '
            f'style="display:block;margin:0 auto;max-width:100%;height:auto">')


def svg_image(svg: str, alt: str) -> None:
    """Show an SVG drawing as an image with its text alternative."""
    st.html(_img(svg, alt))


def board_image(wide: str, narrow: str, alt: str, announce: bool = True) -> None:
    """A board drawn for the width it has: the wide drawing on a desktop, the narrow
    one on a phone (the browser picks by the page's width; one drawing when both agree).
    `announce`: its words are said by a screen reader when they change (a move played;
    ui/browser.py copies them into the page's live region)."""
    said = f'<p class="af-announce" hidden>{escape(alt)}</p>' if announce else ""
    if wide == narrow:
        st.html(_img(wide, alt) + said)
        return
    st.html(f'<div class="af-board-wide">{_img(wide, alt, lazy=True)}</div>'
            f'<div class="af-board-narrow">{_img(narrow, alt, lazy=True)}</div>' + said)


@lru_cache(maxsize=2048)  # strings: shared as they are, not copied out of a cache on each call
def drawn_board(code: str, last: Optional[str], caption: bool, selected_ends: tuple[str, ...],
                markers: bool, language: str, named_ends: bool = False) -> tuple[str, str, str]:
    """A board's two drawings (desktop, phone) and its words, kept across sessions: the
    same board (a lesson's, a puzzle's, today's) is drawn once per process."""
    layout = Layout.parse(code)
    tile = Tile.parse(last) if last else None
    wide, narrow = (render_board(layout, last=tile, unit=28, caption=caption and markers,
                                 selected_ends=selected_ends, markers=markers, max_width=width,
                                 lang=language, named_ends=named_ends)
                    for width in (DESK_WIDTH, PHONE_WIDTH))
    return wide, narrow, describe(layout, with_count=markers, lang=language)


def board(layout: Layout, last: Optional[Tile] = None, caption: bool = True,
          selected_ends: tuple[str, ...] = ()) -> None:
    """The board as dominoes, with its description beside it for screen readers."""
    wide, narrow, description = drawn_board(str(layout), None if last is None else str(last), caption,
                                            tuple(selected_ends), True, lang())
    board_image(wide, narrow, description)
    st.caption(description)


def board_legend() -> None:
    """What the marks on a board mean, folded under the board (on a phone the sidebar's
    help panel is out of sight)."""
    with st.expander(t("legend.title", lang()), icon=":material/help:"):
        st.markdown("\n".join(f"- {line}" for line in legend(lang())))


def quiz_board(layout: Layout, last: Optional[Tile] = None,
               selected_ends: tuple[str, ...] = (), named_ends: bool = False) -> None:
    """The board with the tiles alone: no end markers and no count, so that it does not
    give the answer away; its text alternative leaves the count out too. With
    `named_ends`, each open end shows its side's letter (a question that names ends)."""
    board_image(*drawn_board(str(layout), None if last is None else str(last), False, tuple(selected_ends),
                             False, lang(), named_ends))


@lru_cache(maxsize=4096)
def drawn_hand(tiles: tuple[str, ...], selected: Optional[str], language: str) -> str:
    """A hand's drawing, kept across runs and sessions (a table's page draws the same
    hand at every poll)."""
    chosen = Tile.parse(selected) if selected else None
    return render_hand(tuple(Tile.parse(x) for x in tiles), selected=chosen, unit=26, lang=language)


def hand(tiles: tuple[Tile, ...], selected: Optional[Tile] = None) -> None:
    shown = ", ".join(str(tile) for tile in tiles) or t("widgets.hand_empty", lang())
    svg_image(drawn_hand(tuple(map(str, tiles)), None if selected is None else str(selected), lang()),
              t("widgets.hand_alt", lang(), tiles=shown))


def rules_and_players(left: DeltaGenerator, right: DeltaGenerator, prefix: str) -> tuple[str, int]:
    """The rules and the number of players they allow, chosen in two columns (keys
    `{prefix}_rules` and `{prefix}_players`); a number the new rules do not allow falls
    back to their smallest."""
    language = lang()
    rules = left.selectbox(t("hands.enter.rules", language), tuple(PRESETS), key=f"{prefix}_rules",
                           format_func=lambda r: t(f"rules.{r}", language))
    allowed = tuple(range(PRESETS[rules].min_players, PRESETS[rules].max_players + 1))
    if st.session_state.get(f"{prefix}_players") not in allowed:
        st.session_state[f"{prefix}_players"] = allowed[0]
    players = right.selectbox(t("hands.enter.players", language), allowed, key=f"{prefix}_players")
    return str(rules), int(players)


def tile_buttons(tiles: tuple[Tile, ...], key: str, selected: Optional[Tile] = None,
                 playable: Optional[tuple[Tile, ...]] = None,
                 on_pick: Optional[Callable[[Tile], None]] = None) -> Optional[Tile]:
    """The tiles as dominoes to click, as many to a row as the width holds (a button's
    label is the tile's name; the page's style draws the domino); returns the
    tile clicked in this run. Tiles not in `playable` (when given) are shown greyed and
    cannot be clicked (their keys are `{key}-off_{tile}`, the others `{key}_{tile}`).
    `on_pick(tile)`, when given, runs before the page's next run (a callback): the page
    then draws the new state at once, without a second run."""
    clicked: Optional[Tile] = None
    with st.container(horizontal=True, gap="small", key=f"tiles_{key}"):
        for tile in tiles:
            if playable is not None and tile not in playable:
                st.button(str(tile), key=f"{key}-off_{tile}", disabled=True,
                          help=t("widgets.tile_cannot", lang(), tile=tile))
                continue
            kind = "primary" if tile == selected else "secondary"
            if st.button(str(tile), key=f"{key}_{tile}", type=kind,
                         on_click=on_pick, args=(tile,) if on_pick else None):
                clicked = tile
    return clicked


def end_buttons(ends: list[tuple[str, int]], key: str, tile: Optional[Tile] = None,
                on_pick: Optional[Callable[[str], None]] = None) -> Optional[str]:
    """One button per open end; returns the side clicked in this run. With the `tile`
    to place, each button names the whole move ("3-0 on the west end (3-0@W)").
    `on_pick(side)`, when given, is the buttons' callback (see `tile_buttons`)."""
    clicked: Optional[str] = None
    if not ends:
        return None
    with st.container(horizontal=True, gap="small"):
        for side, pip in ends:
            label = (move_words(Move(tile, side), lang()) if tile is not None  # type: ignore[arg-type]
                     else t("widgets.end_button", lang(), side=t(f"widgets.side.{side}", lang()), pip=pip))
            if st.button(label, key=f"{key}_{side}", on_click=on_pick, args=(side,) if on_pick else None):
                clicked = side
    return clicked



def move_picker(tiles: tuple[Tile, ...], moves: Sequence[Move], layout: Layout, selected: Optional[Tile], *,
                keys: tuple[str, str, str], on_tile: Callable[[Tile], None],
                on_move: Callable[[str], None]) -> None:
    """The learner's tiles to click (those with a legal move lit), then the clicked
    tile's lead or its ends as buttons: `on_tile(tile)` and `on_move(code)` are the
    buttons' callbacks (see `tile_buttons`). `keys` names the tiles' buttons, the lead's
    and the ends' (`tile_buttons`' and `end_buttons`' keys)."""
    tiles_key, lead_key, end_key = keys
    playable = tuple(tile for tile in tiles if any(m.tile == tile for m in moves))
    tile_buttons(tiles, key=tiles_key, selected=selected, playable=playable, on_pick=on_tile)
    if selected is None or selected not in playable:
        return
    options = [m for m in moves if m.tile == selected]
    if options[0].side is None:
        st.button(t("play.lead", lang(), tile=selected), key=lead_key, type="primary",
                  on_click=on_move, args=(str(options[0]),))
        return
    pips = {e.side: e.pip for e in layout.open_ends()}
    end_buttons([(m.side, pips[m.side]) for m in options if m.side], key=end_key, tile=selected,
                on_pick=lambda side: on_move(f"{selected}@{side}"))

# ----- the learner -----
def _create_learner() -> None:
    """Callback of the new learner's form: make him and choose him, or say why not."""
    store = open_store()
    typed = str(st.session_state.get(NEW_NAME) or "")
    st.session_state[NEW_NAME] = ""
    st.session_state["learner_message"] = None
    if store is None:
        return
    name = " ".join(typed.split())
    if not name:
        st.session_state["learner_message"] = t("widgets.learner_empty", lang())
        return
    if len(name) > NAME_LIMIT:
        st.session_state["learner_message"] = t("widgets.learner_too_long", lang(), limit=NAME_LIMIT,
                                                length=len(name))
        return
    try:
        if store.find_learner(name) is not None:
            st.session_state["learner_message"] = t("widgets.learner_taken", lang(), name=plain(name))
            return
        learner = store.create_learner(name, visitor=str(st.context.ip_address or "local"))
    except LookalikeError as error:
        st.session_state["learner_message"] = t("widgets.learner_lookalike", lang(), name=plain(name),
                                                other=plain(error.other))
        return
    except LearnerLimitError as error:
        minutes = max(1, math.ceil(error.wait.total_seconds() / 60))
        st.session_state["learner_message"] = tn(f"widgets.learner_limit_{error.scope}", minutes, lang())
        return
    except LearnerError as error:
        st.session_state["learner_message"] = t("widgets.learner_bad", lang(), error=reason(error))
        return
    except StoreError as error:
        store_failed(error)
        return
    st.session_state[LEARNER] = learner.name
    st.session_state["learner_id"] = learner.id
    st.session_state[NEW_OPEN] = False  # made: the panel folds away
    carry_over(store, learner.id, learner.name)


def carry_over(store: Store, learner: int, name: str) -> None:
    """What was done as a guest in this visit goes to the learner just made: the answers,
    the finished timed runs and the lessons' stars."""
    guest = st.session_state["guest_answers"]
    runs = st.session_state["guest_runs"]
    lessons = st.session_state.get("learn_anonymous") or {}
    if not guest and not runs and not lessons:
        return
    try:
        kept = store.adopt(learner, guest, lessons=lessons, runs=runs)
    except TrainerError as error:
        store_failed(error)
        return
    st.session_state["guest_answers"] = []
    st.session_state["guest_runs"] = []
    st.session_state["learn_anonymous"] = {}
    if kept:
        st.session_state["learner_note"] = tn("widgets.learner_carried", kept, lang(), name=plain(name))

def store_warnings() -> None:
    """The warning of a store that cannot be opened (in plain words: where it is shows
    only to operators), a failed recording's, and the answers waiting for the database."""
    problem = st.session_state.get("store_problem")
    if problem is not None:
        text = t("widgets.store_problem", lang(), error=reason(problem[1]))
        if operator_view():
            text += " " + t("widgets.store_where", lang(), where=plain(database_location(problem[0])))
            text += " " + plain(str(problem[1]))
        st.warning(text, icon=":material/database:")
    note = st.session_state.get("store_note")
    if note:
        st.warning(note, icon=":material/database:")
        st.session_state["store_note"] = None
    waiting_answers()


def _waiting_status() -> None:
    """What waits for the database, what was just written, what was lost; written
    through whenever the store is there (a click, or this box's own rerun)."""
    box = outbox()
    store = open_store()
    if store is not None and len(box):
        box.store = store
        box.flush(store)
    lost = st.session_state.pop("outbox_lost", 0) or 0
    if lost:  # in this process's disk files, written by the store's start (ui.state._sweep)
        st.warning(tn("widgets.answers_restart_kept", lost, lang()), icon=":material/hourglass_top:")
    left = st.session_state.pop("outbox_left", None)
    if left and left[0]:  # the previous account's answers, still retried for him
        st.info(tn("widgets.answers_left_other", left[1], lang(), name=plain(left[0])),
                icon=":material/person:")
    gone = box.take_lost()
    if gone:
        st.error(tn("widgets.answers_lost", len(gone), lang(),
                    items=plain(t("list.separator", lang()).join(f"{p.part} {p.item}" for p in gone[:10]))),
                 icon=":material/error:")
    if len(box):
        fault = box.fault
        why = t(f"store.fault.{fault.fault if fault is not None else 'failed'}", lang())  # logged when met
        st.info(tn("widgets.answers_waiting", len(box), lang(), why=plain(why)),
                icon=":material/hourglass_top:")
    written = box.take_written()
    if written:
        st.success(tn("widgets.answers_written", written, lang()), icon=":material/cloud_done:")
    mark_waiting()


def waiting_answers() -> None:
    """The status of the answers waiting for the database: while some wait, it looks
    again every few seconds by itself (a fragment), so that the page says when they
    are kept without a click."""
    box = outbox()
    if len(box) or box.dropped or box.refused or st.session_state.get("outbox_lost") \
            or st.session_state.get("outbox_left"):
        st.fragment(_waiting_status, run_every=3.0)()
    else:
        _waiting_status()


def learner_picker() -> None:
    """Choose the learner whose answers are kept, or make a new one, in the sidebar.

    His name is the picker's value, bound to the URL (?learner=NAME), so that a browser
    refresh or a shared link keeps him; a name that is no learner is dropped from the
    URL. His id goes to "learner_id". Without a store (or a learner), answers stay in
    the session. While the database cannot be read, the picker keeps the learners the
    process last read (his answers wait for the database, see `ui.state`). Called by
    app.py on every page, before the page runs."""
    store = open_store()
    setting = database_setting()
    found: Optional[dict[str, int]] = None
    if store is not None:
        try:
            found = learners_seen(setting, {learner.name: learner.id for learner in store.learners()})
        except StoreError as error:
            reason(error)  # to the log; the page says it in plain words
    store_warnings()
    sidebar = st.sidebar
    offline = found is None
    ids = found if found is not None else learners_seen(setting)
    chosen = st.session_state.get(LEARNER)
    if offline and isinstance(chosen, str) and chosen not in ids and chosen == st.query_params.get(LEARNER):
        ids = {**ids, chosen: -1}  # a learner this process never read: his name stays in the address
    if offline and not ids:
        st.session_state["learner_id"] = None
        sidebar.caption(t("widgets.learner_offline", lang()))
        return
    if chosen not in ids:
        st.session_state.pop(LEARNER, None)
    sidebar.selectbox(t("widgets.learner", lang()), list(ids), index=None, key=LEARNER,
                      bind="query-params", placeholder=t("widgets.learner_none", lang()),
                      help=t("widgets.learner_help", lang()))
    chosen = st.session_state.get(LEARNER)
    picked = ids.get(chosen) if isinstance(chosen, str) else None
    st.session_state["learner_id"] = picked if picked is not None and picked >= 0 else None
    if offline:  # no new learner while the database is away
        sidebar.caption(t("widgets.learner_waiting" if st.session_state["learner_id"] is not None
                          else "widgets.learner_offline", lang()))
        return
    message = st.session_state.get("learner_message")
    if message:  # a name refused: the form stays open beside the reason
        st.session_state[NEW_OPEN] = True
    # the form is drawn only while the panel is open (opening it reruns the page): a
    # page then opens without it
    with sidebar.expander(t("widgets.learner_new", lang()), key=NEW_OPEN, on_change="rerun") as panel:
        if panel.open:
            with st.form("learner_form", border=False):
                st.text_input(t("widgets.learner_name", lang()), key=NEW_NAME,
                              placeholder=t("widgets.learner_placeholder", lang()))
                st.form_submit_button(t("widgets.learner_create", lang()), on_click=_create_learner)
            if message:
                st.error(message)
    st.session_state["learner_message"] = None  # said once
    carried = st.session_state.get("learner_note")
    if carried:
        sidebar.success(carried, icon=":material/person_check:")
        st.session_state["learner_note"] = None
    if st.session_state["learner_id"] is None:
        sidebar.caption(t("widgets.learner_hint", lang()))


# ----- costly searches: a fair share of the server (trainer.search.admission) -----
def visitor() -> tuple[str, str]:
    """This tab (its Streamlit session) and its address, for the searches' fair shares."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    ctx = get_script_run_ctx()
    return (ctx.session_id if ctx is not None else "local"), str(st.context.ip_address or "local")


SEARCH_MODULES = ("trainer.play.coach", "trainer.search.playouts")  # what hints, reviews, analyses run


@st.cache_resource(show_spinner=False)
def warm_searches() -> bool:
    """Start the searches' workers with the app's process and keep them warm, so that a
    hint never waits for a worker process to start (trainer.search.admission)."""
    gate().warm(SEARCH_MODULES)
    return True


def costly(work: Callable[[], T], bound: float, what: str = "") -> Optional[T]:
    """Run a costly search through the process's gate: while it waits, the page shows
    its place in the line; refused (the wait would pass `bound` seconds, or this tab
    has one under way), the page says so and gets None. `what` tells one search of a
    tab from another (the review of a hand beside a hint)."""
    tab, address = visitor()
    slot = st.empty()

    def waiting(place: int, seconds: float) -> None:
        slot.info(tn("search.queued", place - 1, lang(), seconds=max(1, round(seconds))),
                  icon=":material/hourglass_top:")

    try:
        done = gate().run(f"{tab} {what}", work, bound=bound, on_wait=waiting, address=address)
    except Busy as error:
        if error.mine:
            slot.warning(t("search.busy_mine", lang()), icon=":material/hourglass_top:")
        else:
            slot.warning(tn("search.busy", error.ahead, lang(), seconds=max(1, round(error.wait))),
                         icon=":material/hourglass_disabled:")
        return None
    except WorkerLost:  # its worker process ended (out of memory, a signal): said, and the page goes on
        slot.warning(t("search.failed", lang()), icon=":material/error:")
        return None
    slot.empty()
    return done


def guard(error: TrainerError) -> None:
    """A store call of a page that failed: the warning, and the page goes on without it."""
    st.warning(t("widgets.store_failed", lang(), error=reason(error)), icon=":material/database:")
