"""Every session-state key of the app, set up in one place; the progress store the
app shares, and the recording of every answer in it.

The store is opened once per process (`open_store`, cached by its setting, the
environment variable ALLFIVES_DB) and shared by every session: it holds no learner of
its own, every call names one. When it cannot be opened (locked, its folder missing,
the file damaged, the server away), the session says why in plain words and tries again
a few seconds later; the file is left as it is. An answer that cannot be written waits
in the session's queue (`trainer.store.pending`) and is written once the database is
back; the learner stays chosen meanwhile. Where the database is, and the driver's own
words, go to the server's log (and to operators' pages), never to a learner.

In club mode (ALLFIVES_MODE=club, `club_mode`) `open_store` gives the pages the store
as the signed-in account sees it (`Store.scoped`), and nothing before he signs in
(`ui.club` signs him in)."""

from __future__ import annotations

import logging
import os
import re
import threading
import time
from collections.abc import Callable, Sequence
from copy import deepcopy
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any, Optional

import streamlit as st

from trainer.errors import TrainerError
from trainer.i18n import Typed, t
from trainer.i18n.errortext import say_error
from trainer.puzzles import bank
from trainer.store import (
    ENV,
    GUEST_LIMIT,
    GuestAnswer,
    GuestRun,
    LearnerError,
    Outbox,
    Pending,
    Recorded,
    Store,
    StoreError,
    default_path,
    journal,
)
from trainer.store import pending as waiting
from trainer.store.recording import new_key
from trainer.teach.drills import RunSummary

DEFAULTS: dict[str, Any] = {
    "lang": "en",
    # events: the event shown, a word on the last attempt to make one
    "event_id": None,
    "event_note": None,
    "event_done": None,
    # analysis board: the position analysed (also in the URL) and the builder's work
    "analysis_code": "",
    "build_layout": "-",  # the layout built so far, as a layout code
    "build_hand": [],  # tile texts put in "my hand"
    "build_selected": None,  # the tile text clicked, waiting for its end
    "build_history": [],  # ("layout", previous code) or ("hand", tile) per step, for Undo
    # learn: the lesson shown (the picker's key), each question's clicked choice
    "learn_lesson": "deal",
    "learn_answers": {},  # question id -> the choice value clicked
    # drills: the drill and level (the pickers' keys); boards come from a seed counter,
    # drawn at random once per session (tests set it) and moved on by "next board"
    "drill_kind": "total",
    "drill_level": 1,
    "drill_seed": None,
    "drill_answer": None,  # (item key, Feedback, the answer given) for the board shown
    "drill_warning": None,  # the message for an answer that could not be read
    "drill_where": [],  # open ends toggled on in "where can this tile go"
    "drill_queue": [],  # the review's next boards due (store item keys), after the one reopened
    # the timed run
    "run": None,  # the TimedRun under way or just over
    "run_feedback": None,  # the verdict on the run's last answer
    "run_warning": None,
    "run_where": [],
    "run_counted": False,  # whether the finished run's score is in run_scores
    "run_scores": [],  # scores of the session's finished runs
    "run_clock": None,  # a clock to inject (tests); None is time.monotonic
    # puzzles: the mode (the picker's key), the puzzle shown (its permalink is ?puzzle=),
    # the attempt at it
    "puzzle_mode": "browse",
    "puzzle_id": None,
    "puzzle_tile": None,  # the tile clicked, waiting for its end
    "puzzle_answer": None,  # the move (or count) answered
    "puzzle_hint": False,  # whether the hint was shown for this attempt
    "puzzle_shown": False,  # whether the answer was shown (after a wrong one): a retry is helped
    # play: the session against the computer and the page's own state
    "play": None,  # the PlaySession under way
    "play_pace": 0.3,  # seconds the computer "thinks" (tests set 0)
    "play_budget": 1.0,  # the coach's thinking time in seconds (tests set less)
    "play_coach": True,  # whether hints are allowed in this game
    "play_tile": None,  # the tile clicked, waiting for its end
    "play_pending": None,  # the move chosen, waiting for its Muggins claim
    "play_seen": 0,  # hand results already shown
    "play_hint": None,  # the coach's Hint for the position shown
    "play_hint_for": None,  # (position code, language) that Hint was made for
    "play_review": None,  # (hand number, reviews) after "Review my moves"
    "play_note": None,  # a message kept until the learner's next move (a wrong Muggins claim)
    "hands_how": "click",  # Your hands: written down by clicking, or as text
    "hands_record": "",  # Your hands: the record's text
    "hands_picked": [],  # Your hands: the seat's tiles picked before the hand starts
    "hands_drawn": [],  # Your hands: the seat's draws this turn, before his move
    "hands_leader": 0,  # Your hands: who leads
    "hands_other_drew": 0,  # Your hands: another player's draws this turn
    "together": None,  # Play together: the match (trainer.play.together)
    "together_shown": False,  # Play together: the player to move has shown his tiles
    "together_reviews": {},  # Play together: (hand, seat) -> that player's review, asked for
    "table_id": None,  # Tables (club mode): the table open on the page
    "table_kept": None,  # Tables: the (table, hand) pairs kept in the player's own hands
    "table_seen": None,  # Tables: when this page last noted that it reads each table
    "table_tile": None,  # Tables: the tile clicked, waiting for its end
    "table_note": None,  # Tables: a word on what went wrong, shown once
    "table_reviews": {},  # Tables: hand number -> this player's review of it
    "table_session": "",  # Tables: this tab's key, to make each click's request once
    "table_pending": None,  # Tables, Muggins: (table, move number, move) waiting for its claim
    "table_hint": None,  # Tables: ((table, move number, language), the coach's hint) for this turn
    "play_review_job": None,  # ((session id, hand number), the review's Future) begun at the hand's end
    "play_quitting": False,  # "Quit this game" clicked: the match ends once it is confirmed
    # the guided first hand (ui/guided.py)
    "guided": None,  # the GuidedHand under way
    "guided_seed": None,  # its deal
    "guided_tile": None,  # the tile clicked, waiting for its end
    "guided_done": False,  # whether a guided hand was played to its end in this tab
    # every answer of the session (kept in the store too when a learner is chosen)
    "results": [],
    "guest_answers": [],  # GuestAnswer of each answer given with no learner chosen, for a new one
    "guest_runs": [],  # GuestRun of each timed run finished with no learner chosen, for a new one
    # progress: the learner chosen in the sidebar (the picker's key "learner" holds his
    # name, which is also the URL's ?learner=), and the store's troubles
    "learner_id": None,
    "learner_message": None,  # why the name typed for a new learner was refused
    "learner_note": None,  # what a new learner took over from the guest's answers, said once
    "store_problem": None,  # (database setting, the StoreError, when) it could not be opened
    "store_note": None,  # a warning for the next run: an answer that could not be kept
    "shown_at": {},  # timer slot -> (item, time.monotonic() when it was first shown)
    # drills and puzzles opened from the review queue, the rated stream
    "drill_review": None,  # the drill item (a store item key) reopened for review
    "drill_due": False,  # whether that item is in the learner's review queue (a link may name any board)
    "run_seed": None,  # the seed of the timed run under way (its items' keys use it)
    "puzzle_source": "",  # how the puzzle shown was opened: "", "archive", "stream", "review"
    "puzzle_recorded": None,  # (puzzle id, Recorded) of the last attempt kept in the store
    "puzzle_seen": (),  # ids of the puzzles "Next" has shown in this visit
    "puzzle_restarted": 0,  # how many puzzles a choice had when "Next" started it again
    # Streak and Storm (ui/puzzle_runs.py)
    "puzzle_run": None,  # the Streak or Storm under way, or the last one finished
    "puzzle_run_mode": "",  # which of the two it is
    "puzzle_run_saved": False,  # whether the finished run is kept
    "puzzle_run_best": None,  # the best before this run (to say "a new personal best")
    "puzzle_run_flash": None,  # a storm's word on its last answer: ("right" | "bonus" | "wrong", text)
    "puzzle_queue": (),  # the misses being replayed, in order
    "puzzle_set": None,  # club mode: the id of the assigned puzzle set being worked through
    "puzzle_clock": None,  # a clock to inject (tests); None is time.monotonic
    # the Progress page's import
    "progress_import": None,  # ("success" or "error", message) of the last import
    # club mode (ui.club): the signed-in account, his session's token, a cookie to set
    "club_account": None,
    "club_token": None,
    "club_cookie": None,  # the token to keep in the browser's cookie ("" clears it), set once
}


def init_state() -> None:
    """Give every key its default once per session; lists and dicts are copied, so that
    no two sessions (nor a session and DEFAULTS) share one."""
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = deepcopy(value) if isinstance(value, (list, dict)) else value


_MARKDOWN = re.compile(r"([\\`*_{}\[\]()|<>~$:&])")  # what Markdown reads inside a line
_LINE_START = re.compile(r"^[ \t]*([#+=-]|[0-9]+[.)])", re.MULTILINE)  # and at the start of one
_WWW = re.compile(r"www\.", re.IGNORECASE)


def lang() -> str:
    return str(st.session_state.get("lang", "en"))


def plain(text: object) -> str:
    """Text from outside (a learner's name, a file's error) made safe inside Markdown
    (and kept as typed: a message never rewrites it as a figure, see `Typed`):
    every character Markdown, HTML or math could read is escaped, so it shows as typed,
    and an invisible word joiner keeps web and mail addresses from becoming links.

    >>> plain("<b>Ann</b> *1*")
    '\\\\<b\\\\>Ann\\\\</b\\\\> \\\\*1\\\\*'
    """
    unlinked = _WWW.sub(lambda found: found[0][:3] + "\u2060.",
                        str(text).replace("://", ":\u2060//").replace("@", "@\u2060"))
    escaped = _MARKDOWN.sub(r"\\\1", unlinked)
    return Typed(_LINE_START.sub(lambda found: found[0][:-1] + "\\" + found[0][-1], escaped))


LOG = logging.getLogger("allfives.store")


def reason(error: object) -> str:
    """An error's message for a catalogue sentence: in the learner's language (see
    trainer.i18n.errortext), escaped, without its closing stop. A store's fault is
    said in plain words (`store.fault.*`): what it says of the database's place and
    driver goes to the server's log only."""
    if isinstance(error, StoreError):
        LOG.warning("%s: %s", type(error).__name__, error)
        return plain(t(f"store.fault.{error.fault}", lang()))
    return plain(say_error(str(error), lang()).rstrip(" ."))


# ----- the store -----
def database_setting() -> str:
    """The database named by ALLFIVES_DB ("" for the default file)."""
    return os.environ.get(ENV, "").strip()


def database_location(setting: str) -> str:
    """Where a setting points, for the learner to read (a URL's password hidden)."""
    if not setting:
        return str(default_path())
    if "://" not in setting:
        return str(Path(setting).expanduser().absolute())
    scheme, _, rest = setting.partition("://")
    credentials, at, host = rest.partition("@")
    if at and ":" in credentials:
        return f"{scheme}://{credentials.split(':', 1)[0]}:***@{host}"
    return setting


OPERATOR_ENV = "ALLFIVES_ADMIN"  # set to 1 to show operators' settings (the database) on the pages
MODE_ENV = "ALLFIVES_MODE"  # "club": everyone signs in, every query is scoped to his account
IDLE_ENV = "ALLFIVES_SESSION_IDLE"  # minutes without use after which a club session ends (default 120)


def session_idle(text: Optional[str]) -> Optional[timedelta]:
    """The operator's idle time for club sessions, from 5 minutes to a day; None (the
    default) for anything else, said in the log.

    >>> session_idle("30"), session_idle(None), session_idle("0")
    (datetime.timedelta(seconds=1800), None, None)
    """
    if not text or not text.strip():
        return None
    if text.strip().isdigit() and 5 <= int(text) <= 1440:
        return timedelta(minutes=int(text))
    LOG.warning("%s must be a number of minutes from 5 to 1440, not %r: the default is kept", IDLE_ENV,
                text[:20])
    return None


def club_mode() -> bool:
    """Whether the app runs in club mode (ALLFIVES_MODE=club): nobody sees or records
    anything without signing in. Home mode (the default) has no sign-in."""
    return os.environ.get(MODE_ENV, "").strip().lower() == "club"


def operator_view() -> bool:
    """Whether the pages show operators' settings (where the database is): only when the
    environment variable ALLFIVES_ADMIN is 1, so that learners never see paths; in club
    mode, besides, only to a signed-in operator (never to a learner or a teacher)."""
    if os.environ.get(OPERATOR_ENV, "").strip() != "1":
        return False
    if not club_mode():
        return True
    account = st.session_state.get("club_account")
    return getattr(account, "role", None) == "operator"


def _close(store: Store) -> None:
    store.close()


def _sweep(store: Store) -> None:
    try:
        store.sweep_interrupted()
    except StoreError as error:
        LOG.warning("what an interrupted import left could not be cleaned up yet: %s", error)
    # answers that waited in a process that ended before the database came back
    setting = database_setting()
    own = process_journal(setting).path
    for _ in range(REPLAY_TRIES):
        try:
            written, left = journal.replay(store, journal.folder(), keep=(own,), database=setting)
        except OSError as error:
            LOG.warning("the waiting answers' folder cannot be read: %s", error)
            return
        if written:
            LOG.warning("%d answers that waited in an earlier process are kept now", written)
        if not left:
            return
        time.sleep(waiting.LONGEST_WAIT)


@st.cache_resource(show_spinner=False)
def process_journal(setting: str) -> journal.Journal:
    """This process's file of the waiting answers of one database (one a process, so
    that two never write into one file)."""
    return journal.Journal(journal.folder() / f"{journal.mark(setting)}-{os.getpid()}-{new_key()[:8]}.jsonl")


@st.cache_resource(show_spinner=False, max_entries=8, on_release=_close)
def _shared_store(setting: str) -> Store:
    store = Store(setting or None, catalogue=bank.catalogue())
    idle = session_idle(os.environ.get(IDLE_ENV))
    if idle is not None:
        store.policy = replace(store.policy, idle=idle)
    # what an import killed on the way (a process ended) left behind goes as the app starts
    threading.Thread(target=_sweep, args=(store,), name="allfives-sweep", daemon=True).start()
    return store


def open_store() -> Optional[Store]:
    """The store the pages use: in home mode the process's store; in club mode that
    store as the signed-in account sees it (`ScopedStore`, which answers the pages'
    calls alike), None when nobody is signed in. None too when it cannot be opened."""
    store = shared_store()
    if store is None or not club_mode():
        return store
    account = st.session_state.get("club_account")
    return store.scoped(account) if account is not None else None  # type: ignore[return-value]


REPLAY_TRIES = 120  # tries of an earlier process's waiting answers, LONGEST_WAIT apart (an hour)
REOPEN = 5.0  # seconds before a session tries again to open a store that could not be opened


def club_store_or_stop(not_club: Callable[[], None]) -> tuple[Any, Any]:
    """The signed-in account's store and account, on a page of club mode only: in home
    mode `not_club` says what to use instead, and the page stops; signed out, it says
    to sign in and stops."""
    if not club_mode():
        not_club()
        st.stop()
    store = open_store()
    account = st.session_state.get("club_account")
    if store is None or account is None:
        st.info(t("tables.sign_in", lang()))
        st.stop()
    return store, account


def shared_store() -> Optional[Store]:
    """The process's store, or None when it cannot be opened: then the fault is kept
    in "store_problem" and the session tries again REOPEN seconds later (the server
    back, the file unlocked: the session goes on by itself)."""
    setting = database_setting()
    problem = st.session_state.get("store_problem")
    if problem is not None and problem[0] == setting and time.monotonic() - problem[2] < REOPEN:
        return None
    try:
        store = _shared_store(setting)
    except StoreError as error:
        LOG.warning("the progress database cannot be opened: %s", error)
        st.session_state["store_problem"] = (setting, error, time.monotonic())
        return None
    st.session_state["store_problem"] = None
    return store


def learner_id() -> Optional[int]:
    """The chosen learner's id, or None (results stay in the session)."""
    chosen = st.session_state.get("learner_id")
    return chosen if isinstance(chosen, int) else None


def store_failed(error: TrainerError) -> None:
    """A store call that failed: say so on the next run; an unknown learner is dropped."""
    if isinstance(error, LearnerError):
        st.session_state["learner_id"] = None
    st.session_state["store_note"] = t("progress.not_saved", lang(), error=reason(error))


# ----- the learners last read, for an outage -----
_KNOWN: dict[str, dict[str, int]] = {}  # database setting -> learner name -> id, as last read
_KNOWN_LOCK = threading.Lock()


def learners_seen(setting: str, names: Optional[dict[str, int]] = None) -> dict[str, int]:
    """The learners this process last read from the database (`names` replaces them):
    while it cannot be read, the picker keeps its learner from these."""
    with _KNOWN_LOCK:
        if names is not None:
            _KNOWN[setting] = dict(names)
        return dict(_KNOWN.get(setting, {}))


# ----- answers that wait for the database -----
WAITING = "waiting"  # the URL's ?waiting=TOKEN.N while N answers of the tab wait for the database
WAITING_MARK = re.compile(r"([0-9a-zA-Z_-]{1,64})\.([0-9]{1,6})")  # what mark_waiting writes, and no more


def waiting_mark(text: str) -> Optional[tuple[str, int]]:
    """The address's waiting mark, read strictly: (token, answers) or None for anything
    else (a crafted or damaged address is ignored, never raised).

    >>> waiting_mark("AbC_1.3"), waiting_mark("x.\u00b2"), waiting_mark("x." + "9" * 5000)
    (('AbC_1', 3), None, None)
    """
    found = WAITING_MARK.fullmatch(text)
    return (found.group(1), int(found.group(2))) if found else None


def outbox() -> Outbox:
    """This tab's queue of answers waiting for the database: its own, or (a page
    reloaded in the same process) the one the address names."""
    owner = _owner()
    box = st.session_state.get("outbox")
    if isinstance(box, Outbox) and box.owner == owner:
        return box
    if isinstance(box, Outbox) and len(box):  # another account now: the tab's waiting answers stay
        st.session_state["outbox_left"] = (box.owner, len(box))  # the previous account's, retried
    named = str(st.query_params.get(WAITING) or "")
    mark = waiting_mark(named)
    found = waiting.outbox(mark[0]) if mark is not None else None
    if found is not None and found.owner != owner:  # another account's address: never adopted
        found, mark = None, None
    if found is not None:
        box = found
        token = mark[0] if mark is not None else ""
    else:
        token, box = waiting.new_outbox(owner=owner, journal=process_journal(database_setting()))
        box.opener = partial(_writer_for, database_setting(), owner)
        if mark is not None:  # answers that waited in a process that has ended since
            st.session_state["outbox_lost"] = mark[1]
        if named:
            del st.query_params[WAITING]
    st.session_state["outbox"] = box
    st.session_state["outbox_token"] = token
    return box


def _writer_for(setting: str, owner: Optional[str]) -> Optional[Store]:
    """The store that a tab's waiting answers are written through, opened by the
    background retry (no session needed): the account's own view in club mode, so that
    they go to him whoever uses the tab meanwhile; None when he is gone."""
    store = _shared_store(setting)
    if owner is None:
        return store
    account = store.find_account(owner)
    return store.scoped(account) if account is not None else None  # type: ignore[return-value]


def _owner() -> Optional[str]:
    """Whose answers the tab gives now: the signed-in account in club mode, else None."""
    account = st.session_state.get("club_account")
    return str(account.name) if account is not None and club_mode() else None


def mark_waiting() -> None:
    """Keep the number of answers waiting in the address (so that a tab that comes back
    to another process after this one ended can tell the learner they were not kept)."""
    box = outbox()
    token = st.session_state["outbox_token"]
    mark = f"{token}.{len(box)}" if len(box) else ""
    if str(st.query_params.get(WAITING) or "") != mark:
        if mark:
            st.query_params[WAITING] = mark
        elif WAITING in st.query_params:
            del st.query_params[WAITING]


def _write(item: Pending) -> Optional[object]:
    """Write one answer now, after what waits before it; kept to wait when the database
    cannot take it. Returns what the store returned (None when it waits)."""
    box = outbox()
    store = open_store()
    if store is not None:
        box.store = store
        box.flush(store)
    if store is None or len(box):
        problem = st.session_state.get("store_problem")
        box.add(item, problem[1] if problem is not None else None)
        mark_waiting()
        return None
    try:
        return item.write(store)
    except StoreError as error:
        box.add(item, error)
        reason(error)  # to the log
        mark_waiting()
        return None


# ----- timing answers -----
def start_timer(slot: str, item: str) -> None:
    """Note when `item` was first shown in `slot` (once: reruns do not restart it)."""
    clocks: dict[str, tuple[str, float]] = st.session_state["shown_at"]
    if clocks.get(slot, ("", 0.0))[0] != item:
        clocks[slot] = (item, time.monotonic())


def stop_timer(slot: str, item: str) -> Optional[float]:
    """Seconds since `item` was shown in `slot` (None if it was not timed); the slot is freed."""
    clocks: dict[str, tuple[str, float]] = st.session_state["shown_at"]
    kept = clocks.get(slot)
    if kept is None or kept[0] != item:
        return None
    del clocks[slot]
    return round(max(0.0, time.monotonic() - kept[1]), 3)


# ----- recording -----
def record_result(part: str, item: str, correct: bool, detail: str = "", *, key: Optional[str] = None,
                  kind: Optional[str] = None, position: str = "", answer: str = "",
                  points_lost: Optional[int] = None, seconds: Optional[float] = None,
                  timer: Optional[str] = None, helped: bool = False, rated: bool = False, mode: str = "",
                  tags: Optional[Sequence[str]] = None) -> Optional[Recorded]:
    """Keep one answer in the session (a drill, a lesson check, a puzzle, a move of play)
    and, with a learner chosen, in the store.

    `key` is the item as the store keeps it when it says more than `item` (a drill's
    seed); `timer` the slot `start_timer` noted it in, for the seconds taken. The rest
    is `Store.record_attempt`'s. Returns what the store did, or None (no learner, no
    store, or a failure, which the next run shows as a warning)."""
    st.session_state["results"].append(
        {"part": part, "item": item, "correct": correct, "detail": detail})
    stored = key or item
    if seconds is None and timer is not None:
        seconds = stop_timer(timer, stored)
    learner = learner_id()
    if learner is None:  # kept for the visit: a learner made now takes them over
        guest: list[GuestAnswer] = st.session_state["guest_answers"]
        guest.append(GuestAnswer(part, stored, correct, kind=kind, position=position, answer=answer[:400],
                                 points_lost=points_lost, seconds=seconds, helped=helped, rated=rated,
                                 mode=mode, tags=None if tags is None else tuple(tags),
                                 when=datetime.now(UTC)))
        del guest[:-GUEST_LIMIT]
        return None
    item = Pending.attempt(learner, part, stored, correct, kind=kind, position=position, answer=answer[:400],
                           points_lost=points_lost, seconds=seconds, helped=helped, rated=rated, mode=mode,
                           tags=None if tags is None else tuple(tags))
    try:
        done = _write(item)
    except TrainerError as error:
        store_failed(error)
        return None
    return done if isinstance(done, Recorded) else None


def record_run(summary: RunSummary) -> Optional[int]:
    """Keep a finished timed run for the chosen learner (its answers are kept one by one),
    or for the visit when none is chosen: a learner made now takes it over."""
    learner = learner_id()
    if learner is None:
        guest: list[GuestRun] = st.session_state["guest_runs"]
        guest.append(GuestRun(level=summary.level, duration=summary.duration, answered=summary.answered,
                              right=summary.right, score=summary.score, best_streak=summary.best_streak,
                              when=datetime.now(UTC)))
        del guest[:-GUEST_LIMIT]
        return None
    item = Pending.run(learner, level=summary.level, duration=summary.duration, answered=summary.answered,
                       right=summary.right, score=summary.score, best_streak=summary.best_streak)
    try:
        done = _write(item)
    except TrainerError as error:
        store_failed(error)
        return None
    return done if isinstance(done, int) else None
