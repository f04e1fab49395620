"""The progress store: learners, every attempt, ratings, timed runs and review cards,
behind one small interface over SQLAlchemy; with the history file format
(`history`), the schema (`schema`), Glicko-2 (`glicko`) and how a learner's rating
starts and moves (`provisional`), the review schedule (`scheduling`), the review queue
(`queue`) and the answers that wait out a fault of the database (`pending`).

It may import `trainer.engine` (and what the engine may import). What it must know of
puzzles (a puzzle's kind, tags and rating) is given to it: `Store(catalogue=...)`,
`trainer.store.catalogue`.

Where it is kept:

- `Store()` opens the database named by the environment variable `ALLFIVES_DB`: a
  file path (an SQLite file) or a full database URL; without it, the SQLite file
  `progress.db` in the user's data directory (Linux: `~/.local/share/allfives/`).
- `Store("postgresql://user:password@host/db")` uses PostgreSQL (through psycopg) for a
  club or school server with several app processes; `Store("/some/file.db")` or
  `Store("sqlite:////some/file.db")` an SQLite file.
- `store.location` says where, for the settings page (a URL's password hidden).

Opening creates the schema, or upgrades it by the versioned steps of
`trainer.store.schema`. SQLite runs in WAL mode (readers never wait for the writer)
with `synchronous=NORMAL` (a power cut may lose the last moments, never the file),
foreign keys on and a busy timeout, all set on every new connection; every write
starts with `BEGIN IMMEDIATE`, so that two writers queue instead of failing.

What never happens: an existing file that is locked, damaged, made by a newer trainer
or not the trainer's at all is never written, moved or deleted. Opening raises a
StoreError subclass that says what is wrong and where the file is. The default data
folder is created when missing; the folder of a path given by hand must exist.

Every query takes a learner id and returns only that learner's rows; a learner's
data changes only through calls naming his id. Times are stored in UTC; an attempt's
`day` is the local calendar day on the machine that recorded it (the daily puzzle's
day), unless the caller gives it.

>>> import tempfile, os
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "progress.db"))
>>> ann = store.create_learner("  Ann ")
>>> ann.name, ann.rating.rating  # a new learner starts in the easy band (trainer.store.provisional)
('Ann', 1000.0)
>>> store.record_attempt(ann.id, "drill", "total:1:7", True, kind="total", seconds=3.2).rated
False
>>> [(c.part, c.attempts, c.right) for c in store.attempts_per_day(ann.id)]
[('drill', 1, 1)]
>>> store.close(); folder.cleanup()
"""


from __future__ import annotations

from trainer.store.accounts import (
    ROLES,
    AccessError,
    Account,
    AccountError,
    JoinWaitError,
    Policy,
    Role,
    SignIn,
)
from trainer.store.aggregates import AggregateStore, DrillBlock, RatingDay, ReviewCounts
from trainer.store.assignments import (
    TASK_KINDS,
    Assignment,
    AssignmentError,
    ClassReport,
    LessonStat,
    Result,
    Task,
)
from trainer.store.classes import Klass
from trainer.store.errors import (
    FAULTS,
    LearnerError,
    StoreCorruptError,
    StoreDriverError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreMissingError,
    StoreReadOnlyError,
    StoreUnreachableError,
)
from trainer.store.events import Event, EventBoard, EventStore, NewBoard
from trainer.store.guest import GUEST_LIMIT, GuestAnswer, GuestRun, GuestStore
from trainer.store.hands import HandStore, HandSums, KeptHand
from trainer.store.history import MODES, PARTS, HistoryFileError
from trainer.store.history_reader import HistoryNotTextError
from trainer.store.language import LanguageStore
from trainer.store.learners import NAME_LIMIT, LearnerLimitError, LookalikeError, clean_name
from trainer.store.mastery import MasteryStore
from trainer.store.pending import Outbox, Pending
from trainer.store.place import ENV, default_path
from trainer.store.queries import QueryStore
from trainer.store.recording import RecordingStore, new_key
from trainer.store.scope import ScopedStore
from trainer.store.tables import MoveTaken, PlayTable, StoredMove, TableError
from trainer.store.transfer import NameTakenError, TransferStore
from trainer.store.values import (
    Attempt,
    DayCount,
    DrillDay,
    Learner,
    RatingPoint,
    Recorded,
    RunRecord,
    Streak,
    TagStat,
    streak_of,
)
from trainer.store.weeks import WeekCount, WeekStore

__all__ = [
    "ENV", "PARTS", "MODES", "NAME_LIMIT", "Store", "StoreError", "StoreLockedError", "StoreMissingError",
    "StoreCorruptError", "StoreReadOnlyError", "StoreFullError", "StoreUnreachableError", "FAULTS",
    "Outbox", "Pending", "new_key", "LearnerLimitError", "LookalikeError",
    "MoveTaken", "PlayTable", "StoredMove", "TableError", "Event", "EventBoard", "NewBoard",
    "StoreDriverError", "LearnerError", "HistoryFileError", "HistoryNotTextError", "NameTakenError",
    "Learner", "Attempt", "Recorded",
    "DayCount", "DrillDay", "TagStat", "Streak", "RunRecord", "RatingPoint", "clean_name", "default_path",
    "streak_of", "GuestAnswer", "GuestRun", "GUEST_LIMIT", "ReviewCounts", "RatingDay", "DrillBlock",
    "ROLES", "Role", "Account", "AccountError", "JoinWaitError", "AccessError", "Policy", "SignIn", "Klass",
    "Task",
    "TASK_KINDS",
    "Assignment", "AssignmentError", "Result", "LessonStat", "ClassReport", "ScopedStore", "WeekCount",
    "HandSums", "KeptHand",
]


class Store(GuestStore, RecordingStore, QueryStore, AggregateStore, TransferStore, MasteryStore,
            LanguageStore, WeekStore, HandStore, EventStore):
    """One progress database. Safe to share between threads (and Streamlit sessions);
    several processes may share one database (SQLite file or PostgreSQL).

    Raises StoreError (or StoreLockedError, StoreMissingError, StoreCorruptError) when
    the database cannot be opened; `create=False` refuses to start a new SQLite file.
    Its parts: `trainer.store.learners`, `.recording`, `.rating`, `.reviews`,
    `.queries`, `.aggregates`, `.transfer`, `.mastery`, `.guest`, `.language` and `.hands`, and club
    mode's `.accounts`, `.classes` and `.assignments`, over the plumbing of
    `trainer.store.base`. `scoped(account)` is the store as one signed-in account of
    club mode may see it (`trainer.store.scope`).
    """

    def scoped(self, account: Account) -> ScopedStore:
        """The store as that account sees it: every call checked against his reach."""
        return ScopedStore(self, account)
