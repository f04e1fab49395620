"""What a learner did in this browser tab, kept in the browser's session storage
(`sessionStorage`), so that a reload, a link or the back button loses nothing: the
match in Play, the guided first hand, the lesson and the step under way, the drill's
kind, level and board, the puzzle and its attempt (a hint taken stays taken), the
position built on the Analysis board, and a guest's answers, timed runs and lesson
stars (which go to the profile he makes next, as they did within one visit).

How: a small component (`st.components.v2`, no iframe) reads the stored work when a
session starts and sends it back; `keep_work` puts it into the session before any
widget is drawn. From then on, each run sends what changed since the last run (whole
sections, each at most a few hundred KB), numbered, so that an older write never
overwrites a newer one. A new session (a reload, a link that starts the app again)
reads it back. The storage belongs to the tab and ends with it, as the browser's
session does; a learner's answers are in the store as they always were.

What comes back from the browser is outside input: it is read with a size limit, each
section checked field by field (pydantic); a section that does not pass is dropped
and the rest is kept. Nothing here writes to the store: a guest's answers are handed
to it only when he makes a profile (`ui.widgets.carry_over`)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from copy import deepcopy
from datetime import datetime
from typing import Annotated, Any, Optional, Union

import streamlit as st
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    StringConstraints,
    ValidationError,
)

from trainer.engine.seatview import MAX_TEXT
from trainer.engine.tiles import ALL_TILES
from trainer.errors import TrainerError
from trainer.play.sealed import SealError, seal, unseal
from trainer.play.session import PlaySession
from trainer.play.together import Together
from trainer.store import GUEST_LIMIT, GuestAnswer, GuestRun
from trainer.teach.course import COURSE_IDS, course_lesson

KEY = "keep"  # the component's key on every page (a fragment mounts its own: keep_work(key))
HEARD = "keep_heard"  # the browser's stored work has been read in this session
SENT = "keep_sent"  # section -> digest of what was last sent
SEQUENCE = "keep_seq"  # the number of the last write
OWNER = "keep_owner"  # club mode: the account the tab's work belongs to (None in home mode)
LIMIT = 4_000_000  # characters of stored work read at most (the browser's own limit is about 5 MB)
RESULTS = 1000  # the session's answers kept (the Start page and the drills' tally read them)
PREFIX = "allfives."

JS = """
export default function (component) {
  const { data, setStateValue } = component;
  if (!data) return;
  const PREFIX = "PREFIX_TEXT";
  let storage = null;
  try { storage = window.sessionStorage; } catch (e) { storage = null; }
  if (storage && data.write && Object.keys(data.write).length) {
    const last = Number(storage.getItem(PREFIX + "#seq") || 0);
    if (data.seq > last) {
      try {
        for (const [name, text] of Object.entries(data.write)) storage.setItem(PREFIX + name, text);
        storage.setItem(PREFIX + "#seq", String(data.seq));
      } catch (e) { /* full or refused: the tab keeps what it had */ }
    }
  }
  if (data.read) {
    const out = {};
    if (storage) {
      for (let i = 0; i < storage.length; i++) {
        const name = storage.key(i);
        if (name && name.startsWith(PREFIX)) out[name.slice(PREFIX.length)] = storage.getItem(name);
      }
    }
    setStateValue("stored", JSON.stringify(out));
  }
}
""".replace("PREFIX_TEXT", PREFIX)

_mount = st.components.v2.component("allfives_keep", js=JS)


# ----- what is kept, as it is checked on the way back -----
class _Strict(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class _Answer(_Strict):
    part: StrictStr
    item: StrictStr
    correct: StrictBool
    kind: Optional[StrictStr] = None
    position: StrictStr = ""
    answer: StrictStr = ""
    points_lost: Optional[StrictInt] = None
    seconds: Optional[float] = None
    helped: StrictBool = False
    rated: StrictBool = False
    mode: StrictStr = ""
    tags: Optional[list[StrictStr]] = None
    when: Optional[datetime] = None


class _Run(_Strict):
    level: StrictInt
    duration: float
    answered: StrictInt
    right: StrictInt
    score: StrictInt
    best_streak: StrictInt
    when: Optional[datetime] = None


class _Result(_Strict):
    part: StrictStr
    item: StrictStr
    correct: StrictBool
    detail: StrictStr = ""


class Guest(_Strict):
    """A guest's work: his answers and finished runs (for the profile he makes next),
    his lessons' stars, and the session's answers and run scores."""

    answers: list[_Answer] = Field(default_factory=list, max_length=GUEST_LIMIT)
    runs: list[_Run] = Field(default_factory=list, max_length=GUEST_LIMIT)
    stars: dict[StrictStr, StrictInt] = Field(default_factory=dict)
    unkept_stars: dict[StrictStr, StrictInt] = Field(default_factory=dict)
    results: list[_Result] = Field(default_factory=list, max_length=RESULTS)
    run_scores: list[StrictInt] = Field(default_factory=list, max_length=RESULTS)


DrillAnswer = Union[StrictInt, StrictStr, list[StrictStr]]
ShortText = Annotated[str, StringConstraints(strict=True, max_length=400)]


class Place(_Strict):
    """Where the learner is on each page, and what he has done there."""

    lang: Optional[StrictStr] = None
    learner: Optional[StrictStr] = None
    learn_lesson: Optional[StrictStr] = None
    learn_answers: dict[StrictStr, StrictStr] = Field(default_factory=dict)
    learn_seeds: dict[StrictStr, StrictInt] = Field(default_factory=dict)
    drill_kind: Optional[StrictStr] = None
    drill_level: Optional[StrictInt] = None
    drill_seed: Optional[StrictInt] = None
    drill_review: Optional[StrictStr] = None
    drill_due: StrictBool = False
    drill_queue: list[StrictStr] = Field(default_factory=list, max_length=100)
    drill_given: Optional[tuple[StrictStr, StrictInt, StrictInt, StrictStr, DrillAnswer]] = None
    puzzle_mode: Optional[StrictStr] = None
    puzzle_id: Optional[StrictStr] = None
    puzzle_source: StrictStr = ""
    puzzle_hint: StrictBool = False
    puzzle_shown: StrictBool = False
    puzzle_answer: Optional[StrictStr] = None
    puzzle_seen: list[StrictStr] = Field(default_factory=list, max_length=5000)
    puzzle_kind: Optional[StrictStr] = None
    puzzle_tag: Optional[StrictStr] = None
    puzzle_band: Optional[StrictStr] = None
    puzzle_set: Optional[StrictInt] = None
    analysis_code: StrictStr = ""
    build_layout: StrictStr = "-"
    build_hand: list[StrictStr] = Field(default_factory=list, max_length=28)
    build_history: list[tuple[StrictStr, StrictStr]] = Field(default_factory=list, max_length=60)
    play_seen: StrictInt = 0
    play_coach: StrictBool = True
    play_note: Optional[StrictStr] = None
    guided: Optional[StrictStr] = None  # the guided first hand, as its saved record
    guided_seed: Optional[StrictInt] = None
    guided_done: StrictBool = False
    owner: Optional[StrictStr] = None  # club mode: the account whose work it is
    own_card: Optional[tuple[ShortText, ShortText]] = None  # a puzzle of his own: (item, position code)
    own_answer: Optional[ShortText] = None  # its answer, judged again when it comes back
    hands_how: Optional[ShortText] = None  # Your hands: by clicking or as text
    hands_record: Annotated[str, StringConstraints(strict=True, max_length=MAX_TEXT)] = ""
    hands_picked: list[ShortText] = Field(default_factory=list, max_length=28)
    hands_drawn: list[ShortText] = Field(default_factory=list, max_length=28)
    hands_leader: StrictInt = 0
    together: Optional[StrictStr] = None  # Play together's match, sealed as Play's is


# ----- the session's work as sections of text -----
def _answer_fields(answer: GuestAnswer) -> dict[str, Any]:
    fields = {name: getattr(answer, name) for name in _Answer.model_fields}
    fields["tags"] = None if answer.tags is None else list(answer.tags)
    fields["when"] = None if answer.when is None else answer.when.isoformat()
    return fields


def _run_fields(run: GuestRun) -> dict[str, Any]:
    fields = {name: getattr(run, name) for name in _Run.model_fields}
    fields["when"] = None if run.when is None else run.when.isoformat()
    return fields


def _saved(value: Any) -> Optional[str]:
    """A game object's saved record (a PlaySession or anything with save()), sealed: it
    holds the tiles the learner has not seen (`trainer.play.sealed`). None for no game."""
    save: Optional[Callable[[], str]] = getattr(value, "save", None)
    return seal(save()) if save is not None else None


def opened(token: Optional[str]) -> Optional[str]:
    """The record in a sealed token from the browser, or None if it does not open."""
    if not token:
        return None
    try:
        return unseal(token)
    except SealError:
        return None


def sections(state: Any) -> dict[str, str]:
    """The work of a session (its state) as the texts kept in the browser: the place,
    the match under way, the guest's work."""
    drill_answer = state.get("drill_answer")
    given = None
    if drill_answer and isinstance(drill_answer[0], tuple):
        kind, level, seed, review = drill_answer[0]
        value = drill_answer[2]
        given = [kind, level, seed, review, value if isinstance(value, (int, str)) else sorted(value)]
    place = {
        "lang": state.get("lang"), "learner": state.get("learner"),
        "learn_lesson": state.get("learn_lesson"), "learn_answers": dict(state.get("learn_answers") or {}),
        "learn_seeds": dict(state.get("learn_seeds") or {}),
        "drill_kind": state.get("drill_kind"), "drill_level": state.get("drill_level"),
        "drill_seed": state.get("drill_seed"), "drill_review": state.get("drill_review"),
        "drill_due": bool(state.get("drill_due")),
        "drill_queue": list(state.get("drill_queue") or []), "drill_given": given,
        "puzzle_mode": state.get("puzzle_mode"), "puzzle_id": state.get("puzzle_id"),
        "puzzle_source": state.get("puzzle_source") or "", "puzzle_hint": bool(state.get("puzzle_hint")),
        "puzzle_shown": bool(state.get("puzzle_shown")), "puzzle_answer": state.get("puzzle_answer"),
        "puzzle_seen": list(state.get("puzzle_seen") or ()),
        "puzzle_kind": state.get("puzzle_kind"), "puzzle_tag": state.get("puzzle_tag"),
        "puzzle_band": state.get("puzzle_band"), "puzzle_set": state.get("puzzle_set"),
        "analysis_code": state.get("analysis_code") or "", "build_layout": state.get("build_layout") or "-",
        "build_hand": list(state.get("build_hand") or []),
        "build_history": [list(step) for step in state.get("build_history") or []],
        "play_seen": int(state.get("play_seen") or 0), "play_coach": bool(state.get("play_coach", True)),
        "play_note": state.get("play_note"), "guided": _saved(state.get("guided")),
        "guided_seed": state.get("guided_seed"), "guided_done": bool(state.get("guided_done")),
        "owner": state.get(OWNER),
        "own_card": list(state["own_card"]) if state.get("own_card") else None,
        "own_answer": state["own_verdict"][0] if state.get("own_verdict") else None,
        "hands_how": state.get("hands_how"), "hands_record": state.get("hands_record") or "",
        "hands_picked": list(state.get("hands_picked") or []),
        "hands_drawn": list(state.get("hands_drawn") or []),
        "hands_leader": int(state.get("hands_leader") or 0),
        "together": _saved(state.get("together")),
    }
    guest = {
        "answers": [_answer_fields(a) for a in state.get("guest_answers") or []][-GUEST_LIMIT:],
        "runs": [_run_fields(r) for r in state.get("guest_runs") or []][-GUEST_LIMIT:],
        "stars": dict(state.get("learn_stars") or {}) if state.get("learner_id") is None else {},
        "unkept_stars": dict(state.get("learn_anonymous") or {}),
        "results": [{k: r[k] for k in ("part", "item", "correct", "detail")}
                    for r in (state.get("results") or [])[-RESULTS:]],
        "run_scores": list(state.get("run_scores") or [])[-RESULTS:],
    }
    return {"place": json.dumps(place, separators=(",", ":"), ensure_ascii=False),
            "play": _saved(state.get("play")) or "",
            "guest": json.dumps(guest, separators=(",", ":"), ensure_ascii=False)}


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


# ----- putting it back -----
def _valid_answers(place: Place) -> dict[str, str]:
    """The lesson answers that are still choices of their questions (a lesson changed
    by an upgrade may have other questions): the rest are dropped."""
    kept: dict[str, str] = {}
    wanted = {qid.partition(".")[0] for qid in place.learn_answers}
    for lesson_id in COURSE_IDS:
        if lesson_id not in wanted:
            continue
        try:
            lesson = course_lesson(lesson_id, "en", place.learn_seeds.get(lesson_id, 0))
        except TrainerError:
            continue
        for question in lesson.questions:
            value = place.learn_answers.get(question.id)
            if value is not None and value in {c.value for c in question.choices}:
                kept[question.id] = value
    return kept


def _put_place(state: Any, place: Place) -> None:
    params = st.query_params
    if place.lang and "lang" not in params:
        state["lang"] = place.lang
    if place.learner and "learner" not in params:
        state["learner"] = place.learner
    if place.learn_lesson in (*COURSE_IDS, "worked"):
        state["learn_lesson"] = place.learn_lesson
    state["learn_seeds"] = {k: v for k, v in place.learn_seeds.items() if k in COURSE_IDS and 0 <= v < 10**6}
    state["learn_answers"] = _valid_answers(place)
    for name in ("drill_kind", "drill_level", "drill_seed", "drill_review"):
        value = getattr(place, name)
        if value is not None and not (isinstance(value, int) and not 0 <= value < 10**9):
            state[name] = value
    state["drill_due"] = place.drill_due
    state["drill_queue"] = list(place.drill_queue)
    if place.drill_given is not None:
        kind, level, seed, review, value = place.drill_given
        state["drill_answer"] = ((kind, level, seed, review), None, value)
    url_puzzle = params.get("puzzle")
    if place.puzzle_id and (url_puzzle is None or url_puzzle == place.puzzle_id):
        state.update(puzzle_id=place.puzzle_id, puzzle_source=place.puzzle_source,
                     puzzle_hint=place.puzzle_hint, puzzle_shown=place.puzzle_shown,
                     puzzle_answer=place.puzzle_answer, puzzle_tile=None, puzzle_recorded=None)
    for name in ("puzzle_mode", "puzzle_kind", "puzzle_tag", "puzzle_band"):
        value = getattr(place, name)
        if value is not None:
            state[name] = value
    state["puzzle_seen"] = tuple(place.puzzle_seen)
    state["puzzle_set"] = place.puzzle_set  # checked against the account on the Puzzles page
    if place.analysis_code and "position" not in params:
        state["analysis_code"] = place.analysis_code
    state.update(build_layout=place.build_layout, build_hand=list(place.build_hand),
                 build_history=[tuple(step) for step in place.build_history], play_seen=place.play_seen,
                 play_coach=place.play_coach, play_note=place.play_note)
    if place.hands_how in ("click", "text"):
        state["hands_how"] = place.hands_how
    tiles = {str(tile) for tile in ALL_TILES}
    state.update(hands_record=place.hands_record,
                 hands_picked=[text for text in place.hands_picked if text in tiles],
                 hands_drawn=[text for text in place.hands_drawn if text in tiles],
                 hands_leader=place.hands_leader if 0 <= place.hands_leader < 4 else 0)
    if place.together:
        _put_together(state, place.together)
    if place.guided:
        state["guided"] = None  # a hand dealt before the browser answered gives way to the kept one
        state["guided_saved"] = opened(place.guided)  # ui/guided.py replays it (None: dealt anew)
    if place.guided_seed is not None:
        state["guided_seed"] = place.guided_seed
    state["guided_done"] = place.guided_done
    state[OWNER] = place.owner
    if place.own_card is not None:  # ui/own.py reads the card as outside input, and judges the answer again
        state.update(own_card=place.own_card, own_tile=None, own_verdict=None, own_rejudge=place.own_answer)


def _put_guest(state: Any, guest: Guest) -> None:
    state["guest_answers"] = [GuestAnswer(**{**a.model_dump(), "tags": None if a.tags is None
                                             else tuple(a.tags)}) for a in guest.answers]
    state["guest_runs"] = [GuestRun(**r.model_dump()) for r in guest.runs]
    state["learn_stars"] = {k: v for k, v in guest.stars.items() if k in COURSE_IDS and 0 <= v <= 3}
    state["learn_anonymous"] = {k: v for k, v in guest.unkept_stars.items()
                                if k in COURSE_IDS and 0 <= v <= 3}
    state["results"] = [r.model_dump() for r in guest.results]
    state["run_scores"] = list(guest.run_scores)


def _put_together(state: Any, token: str) -> None:
    """Play together's match, covered: the next player shows his tiles himself."""
    text = opened(token)
    if text is None:
        return
    try:
        state.update(together=Together.load(text), together_shown=False, together_tile=None)
    except (TrainerError, ValueError):
        return


def _put_play(state: Any, token: str) -> None:
    text = opened(token)
    if text is None:
        return
    try:  # the coach's thinking time is the page's, whatever the record says
        session = PlaySession.load(text, budget=float(state.get("play_budget") or 1.0))
    except (TrainerError, ValueError):
        return
    state.update(play=session, play_tile=None, play_hint=None, play_review=None, play_pending=None)
    state["play_seen"] = min(state.get("play_seen", 0), len(session.match.results))


def restore(state: Any, stored: str) -> bool:
    """Put the work the browser kept (the component's reply) into the session; returns
    whether anything was read. A part that does not pass its checks is left out."""
    if not isinstance(stored, str) or len(stored) > LIMIT:
        return False
    try:
        found = json.loads(stored)
    except ValueError:
        return False
    if not isinstance(found, dict):
        return False
    try:
        state[SEQUENCE] = max(0, int(found.get("#seq") or 0))
    except (TypeError, ValueError):
        state[SEQUENCE] = 0
    read = False
    for name, model, put in (("guest", Guest, _put_guest), ("place", Place, _put_place)):
        text = found.get(name)
        if not isinstance(text, str):
            continue
        try:
            put(state, model.model_validate_json(text))
        except (ValidationError, TrainerError, ValueError, TypeError):
            continue
        read = True
    play = found.get("play")
    if isinstance(play, str) and play:
        _put_play(state, play)
        read = True
    return read


# ----- once a run -----
def _noop() -> None:
    """The component's change callback: the rerun it causes is what is wanted."""


def from_browser() -> bool:
    """Whether a browser opened this session (its request came with headers); a test's
    or a script's session has none, and no browser to answer."""
    try:
        return bool(st.context.headers)
    except (AttributeError, RuntimeError, KeyError):
        return False


def _heard(state: Any, stored: str) -> bool:
    read = restore(state, stored)
    state[HEARD] = True
    state[SENT] = {name: _digest(text) for name, text in sections(state).items()}
    return read


def keep_work(key: str = KEY) -> bool:
    """Read the browser's kept work once a session (before any widget is drawn), then
    send what changed since the last run. app.py calls it on every page; a fragment
    that changes what is kept calls it with a key of its own.

    Returns False on the first run of a session a browser opened, while its kept work
    is on its way: app.py then draws no page (the browser answers at once, and the
    page is drawn once, with the work in place). A session with no browser (AppTest)
    goes on without it."""
    state = st.session_state
    if not state.get(HEARD):
        if key != KEY:
            return True
        reply = _mount(key=key, data={"read": True}, on_stored_change=_noop, height=0)
        stored = getattr(reply, "stored", None)
        if stored is None:  # the first run of a new session: the browser answers with the next
            return not from_browser()
        _heard(state, stored)
        return True
    if not isinstance(state.get(SENT), dict):
        state[SENT] = {}
    sent: dict[str, str] = state[SENT]
    writes = {}
    for name, text in sections(state).items():
        digest = _digest(text)
        if sent.get(name) != digest:
            writes[name] = text
            sent[name] = digest
    data: dict[str, Any] = {}
    if writes:
        state[SEQUENCE] = int(state.get(SEQUENCE) or 0) + 1
        data = {"write": writes, "seq": state[SEQUENCE]}
    _mount(key=key, data=data, on_stored_change=_noop, height=0)
    return True


# the session's work, as the tab keeps it: what goes back to its start when it changes hands
WORK = ("learn_lesson", "learn_answers", "drill_kind", "drill_level", "drill_review", "drill_queue",
        "drill_answer", "puzzle_mode", "puzzle_id", "puzzle_source", "puzzle_hint", "puzzle_shown",
        "puzzle_answer", "puzzle_seen", "analysis_code", "build_layout", "build_hand", "build_history",
        "play", "play_seen", "play_coach", "play_note", "guided", "guided_seed", "guided_done",
        "guest_answers", "guest_runs", "results", "run_scores", "puzzle_run", "puzzle_run_mode",
        "puzzle_run_saved", "puzzle_run_best", "puzzle_run_flash", "puzzle_queue", "drill_due", "own_card",
        "own_verdict", "own_rejudge", "puzzle_set", "hands_how", "hands_record", "hands_picked",
        "hands_drawn", "hands_leader", "hands_other_drew", "hands_review", "together", "together_shown",
        "together_tile", "together_last", "together_reviews")
OWNED = ("learn_seeds", "learn_stars", "learn_anonymous", "guided_saved", "learn_loaded")


def claim_work(owner: Optional[str]) -> None:
    """Club mode: the tab's work belongs to the account signed in when it was done. When
    another account (or none: a sign-out, a session that ended) holds the tab, that work
    is dropped from the session, and so from the tab, before any page shows it; then it
    is the new account's. Home mode passes None: the work is the tab's, whoever learns."""
    from ui.state import DEFAULTS

    state = st.session_state
    kept = state.get(OWNER)
    if kept == owner:
        return
    if kept is not None:
        for name in WORK:
            value = DEFAULTS.get(name)
            state[name] = deepcopy(value) if isinstance(value, (list, dict)) else value
        for name in OWNED:
            state.pop(name, None)
    state[OWNER] = owner
