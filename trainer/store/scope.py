"""The store as one signed-in account of club mode sees it (`Store.scoped(account)`).

Every call that names a learner is checked against the account first:

| role | reads | writes |
|---|---|---|
| learner | his own history | his own |
| teacher | his own, his classes' learners' | his own; his classes, assignments, the passwords he gave |
| operator | his own | his own; every account (not their histories) |

A learner out of reach gets the answer an unknown id gets ("no learner has the id
N", AccessError, a LearnerError), so that a refusal tells nothing of who exists; a
name out of reach is not found. Creating, importing or deleting learners is not a
learner's or teacher's to do here: club accounts are made by teachers (their classes)
and operators. The teacher's reach is read again on every call, so that a learner
taken out of his class is out of reach at once.

>>> import tempfile, os
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "club.db"))
>>> ann = store.create_account("Ann", "learner", password="ann-secret")
>>> ben = store.create_account("Ben", "learner", password="ben-secret")
>>> mine = store.scoped(ann)
>>> mine.counts(ann.learner_id)
{}
>>> mine.counts(ben.learner_id)
Traceback (most recent call last):
...
trainer.store.accounts.AccessError: no learner has the id 2
>>> mine.find_learner("Ben") is None, [x.name for x in mine.learners()]
(True, ['Ann'])
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from typing import IO, TYPE_CHECKING, Optional, TypeVar

from trainer.engine.seatview import SeatRecord
from trainer.store.accounts import AccessError, Account, AccountError, Role
from trainer.store.aggregates import DrillBlock, RatingDay, ReviewCounts
from trainer.store.assignments import Assignment, AssignmentError, ClassReport, Result, Task
from trainer.store.classes import Klass
from trainer.store.events import EVENTS_SHOWN, Event, EventBoard, NewBoard
from trainer.store.glicko import Rated, Rating
from trainer.store.guest import GuestAnswer, GuestRun
from trainer.store.hands import HANDS_SHOWN, HandSums, KeptHand
from trainer.store.history_reader import HistorySource
from trainer.store.scheduling import ReviewItem
from trainer.store.tables import TABLES_SHOWN, PlayTable, Seat, StoredMove, TableError
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
)
from trainer.store.weeks import WeekCount

# a board's result from its table's settings and moves: each side's points, None
# before its hand is over (the play layer's, given by the caller)
BoardResult = Callable[[str, list[StoredMove]], Optional[tuple[int, ...]]]
EventRow = tuple[EventBoard, PlayTable, list[StoredMove]]  # a board of an event, its table and moves

if TYPE_CHECKING:
    from trainer.store import Store

R = TypeVar("R", bound=Rated)


def _refused(learner_id: object) -> AccessError:
    return AccessError(f"no learner has the id {learner_id}")


class ScopedStore:
    """The store's reads and writes of learners, each checked against one account."""

    def __init__(self, store: Store, account: Account) -> None:
        self._store = store
        self.account = account
        self.location = store.location
        self.created = store.created

    @property
    def role(self) -> Role:
        return self.account.role

    # ----- reach -----
    def reach(self) -> frozenset[int]:
        """The learner ids this account may read: his own, and for a teacher those of
        his classes (read from the database at each call)."""
        own = frozenset({self.account.learner_id})
        if self.account.role == "teacher":
            return own | self._store.taught_learners(self.account.id)
        return own

    def _readable(self, learner_id: int) -> int:
        if learner_id != self.account.learner_id and learner_id not in self.reach():
            raise _refused(learner_id)
        return learner_id

    def _own(self, learner_id: int) -> int:
        if learner_id != self.account.learner_id:
            raise _refused(learner_id)
        return learner_id

    def _my_class(self, class_id: int) -> Klass:
        if self.account.role != "teacher":
            raise AccountError(f"no class has the id {class_id}")
        try:
            klass = self._store.klass(class_id)
        except AccountError:
            raise AccountError(f"no class has the id {class_id}") from None
        if klass.teacher_id != self.account.id:
            raise AccountError(f"no class has the id {class_id}")
        return klass

    def _operator(self) -> None:
        if self.account.role != "operator":
            raise AccountError("only an operator manages accounts")

    # ----- learners -----
    def learners(self) -> tuple[Learner, ...]:
        """The learners within reach, by name."""
        reach = self.reach()
        return tuple(x for x in self._store.learners() if x.id in reach)

    def learner(self, learner_id: int) -> Learner:
        return self._store.learner(self._readable(learner_id))

    def find_learner(self, name: str) -> Optional[Learner]:
        found = self._store.find_learner(name)
        return found if found is not None and found.id in self.reach() else None

    def create_learner(self, name: str, when: Optional[datetime] = None,
                       visitor: Optional[str] = None) -> Learner:
        raise AccountError("in club mode learners are made by their teacher or an operator")

    def open_learner(self, name: str) -> Learner:
        raise AccountError("in club mode learners are made by their teacher or an operator")

    def delete_learner(self, learner_id: int) -> None:
        raise _refused(learner_id)

    def import_learner(self, source: HistorySource, name: Optional[str] = None, replace: bool = False) -> int:
        raise AccountError("in club mode a history is not imported from the app: ask an operator")

    def export_learner(self, learner_id: int, when: Optional[datetime] = None) -> str:
        return self._store.export_learner(self._readable(learner_id), when)

    def export_to(self, learner_id: int, out: IO[bytes], when: Optional[datetime] = None) -> None:
        self._store.export_to(self._readable(learner_id), out, when)

    # ----- reads of one learner -----
    def counts(self, learner_id: int) -> dict[str, tuple[int, int]]:
        return self._store.counts(self._readable(learner_id))

    def attempts_per_day(self, learner_id: int, since: Optional[date] = None) -> tuple[DayCount, ...]:
        return self._store.attempts_per_day(self._readable(learner_id), since)

    def drill_stats(self, learner_id: int, since: Optional[date] = None) -> tuple[DrillDay, ...]:
        return self._store.drill_stats(self._readable(learner_id), since)

    def tag_stats(self, learner_id: int, since: Optional[date] = None) -> tuple[TagStat, ...]:
        return self._store.tag_stats(self._readable(learner_id), since)

    def practice_days(self, learner_id: int, since: Optional[date] = None) -> tuple[tuple[date, int], ...]:
        return self._store.practice_days(self._readable(learner_id), since)

    def daily_streak(self, learner_id: int, today: Optional[date] = None) -> Streak:
        return self._store.daily_streak(self._readable(learner_id), today)

    def best_runs(self, learner_id: int, level: Optional[int] = None,
                  limit: int = 5) -> tuple[RunRecord, ...]:
        return self._store.best_runs(self._readable(learner_id), level, limit)

    def recent_attempts(self, learner_id: int, limit: int = 50,
                        part: Optional[str] = None) -> tuple[Attempt, ...]:
        return self._store.recent_attempts(self._readable(learner_id), limit, part)

    def attempt(self, attempt_id: int) -> Attempt:
        """One attempt, when its learner is within reach; AccessError otherwise (the
        same as for an unknown id)."""
        found = self._store.attempt(attempt_id)
        if found is None or found.learner_id not in self.reach():
            raise AccessError(f"no attempt has the id {attempt_id}")
        return found

    def rating_history(self, learner_id: int, since: Optional[datetime] = None) -> tuple[RatingPoint, ...]:
        return self._store.rating_history(self._readable(learner_id), since)

    def puzzles_attempted(self, learner_id: int) -> frozenset[str]:
        return self._store.puzzles_attempted(self._readable(learner_id))

    def due_reviews(self, learner_id: int, now: Optional[datetime] = None,
                    limit: Optional[int] = None) -> tuple[ReviewItem, ...]:
        return self._store.due_reviews(self._readable(learner_id), now, limit)

    def review_queue(self, learner_id: int) -> tuple[ReviewItem, ...]:
        return self._store.review_queue(self._readable(learner_id))

    def review_counts(self, learner_id: int, now: Optional[datetime] = None) -> ReviewCounts:
        return self._store.review_counts(self._readable(learner_id), now)

    def review_due(self, learner_id: int, until: datetime) -> tuple[tuple[str, datetime], ...]:
        return self._store.review_due(self._readable(learner_id), until)

    def rating_days(self, learner_id: int) -> tuple[RatingDay, ...]:
        return self._store.rating_days(self._readable(learner_id))

    def drill_blocks(self, learner_id: int, size: int = 10) -> tuple[DrillBlock, ...]:
        return self._store.drill_blocks(self._readable(learner_id), size)

    def lesson_stars(self, learner_id: int) -> dict[str, int]:
        return self._store.lesson_stars(self._readable(learner_id))

    def language(self, learner_id: int) -> str:
        return self._store.language(self._readable(learner_id))

    def hands(self, learner_id: int, limit: int = HANDS_SHOWN) -> list[KeptHand]:
        return self._store.hands(self._readable(learner_id), limit)

    def hand_record(self, learner_id: int, hand_id: int) -> SeatRecord:
        return self._store.hand_record(self._readable(learner_id), hand_id)

    def puzzle_ratings(self) -> dict[str, Rating]:
        return self._store.puzzle_ratings()

    def rated_puzzle(self, learner_id: int, rng: random.Random, puzzles: Sequence[R]) -> R:
        return self._store.rated_puzzle(self._own(learner_id), rng, puzzles)

    # ----- writes: his own -----
    def record_attempt(self, learner_id: int, part: str, item: str, correct: bool, *,
                       kind: Optional[str] = None, position: str = "", answer: str = "",
                       points_lost: Optional[int] = None, seconds: Optional[float] = None,
                       helped: bool = False, rated: bool = False, mode: str = "",
                       tags: Optional[Sequence[str]] = None, when: Optional[datetime] = None,
                       day: Optional[date] = None, key: Optional[str] = None) -> Recorded:
        return self._store.record_attempt(
            self._own(learner_id), part, item, correct, kind=kind, position=position, answer=answer,
            points_lost=points_lost, seconds=seconds, helped=helped, rated=rated, mode=mode, tags=tags,
            when=when, day=day, key=key)

    def add_review_card(self, learner_id: int, part: str, item: str, kind: str, position: str,
                        when: Optional[datetime] = None) -> bool:
        """A puzzle of his own (a mistake of his in a reviewed hand) into his own queue."""
        return self._store.add_review_card(self._own(learner_id), part, item, kind, position, when)

    def record_run(self, learner_id: int, *, level: int, duration: float, answered: int, right: int,
                   score: int, best_streak: int, when: Optional[datetime] = None,
                   day: Optional[date] = None, key: Optional[str] = None) -> int:
        return self._store.record_run(self._own(learner_id), level=level, duration=duration,
                                      answered=answered, right=right, score=score, best_streak=best_streak,
                                      when=when, day=day, key=key)

    def record_lesson(self, learner_id: int, lesson_id: str, stars: int,
                      when: Optional[datetime] = None) -> int:
        return self._store.record_lesson(self._own(learner_id), lesson_id, stars, when)

    def adopt(self, learner_id: int, answers: Sequence[GuestAnswer],
              lessons: Optional[Mapping[str, int]] = None, runs: Sequence[GuestRun] = ()) -> int:
        return self._store.adopt(self._own(learner_id), answers, lessons, runs)

    def set_language(self, learner_id: int, code: str) -> None:
        self._store.set_language(self._own(learner_id), code)

    def keep_hand(self, learner_id: int, record: SeatRecord, sums: Optional[HandSums] = None,
                  when: Optional[datetime] = None) -> int:
        return self._store.keep_hand(self._own(learner_id), record, sums, when)

    def remove_hand(self, learner_id: int, hand_id: int) -> bool:
        return self._store.remove_hand(self._own(learner_id), hand_id)

    # ----- tables where learners play each other -----
    def _table_seated(self, table_id: int) -> PlayTable:
        """The table, if this account sits at it; the refusal an unknown id gets otherwise."""
        try:
            table = self._store.play_table(table_id)
        except TableError:
            raise TableError(f"no table has the id {table_id}") from None
        if table.seat_of(self.account.learner_id) is None:
            raise TableError(f"no table has the id {table_id}")
        return table

    def _table_watched(self, table_id: int, table: Optional[PlayTable] = None) -> PlayTable:
        """The table (read, or `table` as read), if this account sits at it or teaches a
        learner who does."""
        try:
            table = table if table is not None else self._store.play_table(table_id)
        except TableError:
            raise TableError(f"no table has the id {table_id}") from None
        reach = self.reach()
        if not any(s.learner_id in reach for s in table.seats if s.learner_id is not None):
            raise TableError(f"no table has the id {table_id}")
        return table

    def open_table(self, settings: str, seats: int, computers: Optional[dict[int, str]] = None) -> PlayTable:
        """A new table, this account's learner in seat 0."""
        return self._store.open_table(self.account.learner_id, settings, seats, computers)

    def join_table(self, code: str, seat: Optional[int] = None) -> Seat:
        return self._store.join_table(code, self.account.learner_id, seat)

    def play_table(self, table_id: int) -> PlayTable:
        """A table this account sits at, or (a teacher) one where a learner of his sits."""
        return self._table_watched(table_id)

    def tables_of(self, limit: int = TABLES_SHOWN) -> list[PlayTable]:
        return self._store.tables_of(self.account.learner_id, limit)

    def watched_tables(self, limit: int = TABLES_SHOWN) -> list[PlayTable]:
        """A teacher's: the tables where learners of his classes sit (he sits at none of
        them); nobody else watches."""
        if self.account.role != "teacher":
            return []
        mine = {t.id for t in self.tables_of(limit)}
        return [t for t in self._store.tables_of_learners(self.reach() - {self.account.learner_id}, limit)
                if t.id not in mine]

    def table_state(self, table_id: int) -> tuple[PlayTable, list[StoredMove]]:
        """A table this account sits at (or, a teacher, watches) and its moves, in one read."""
        try:
            table, moves = self._store.table_state(table_id)
        except TableError:
            raise TableError(f"no table has the id {table_id}") from None
        self._table_watched(table_id, table)
        return table, moves

    def seen_at_table(self, table_id: int) -> bool:
        """Note that this account's page read a table he sits at (he is not away)."""
        return self._store.seen_at_table(table_id, self.account.learner_id)

    def table_moves(self, table_id: int, after: int = -1) -> list[StoredMove]:
        self._table_watched(table_id)
        return self._store.table_moves(table_id, after)

    def add_move(self, table_id: int, number: int, move: str, claim: Optional[int], request: str,
                 seat: Optional[int] = None) -> StoredMove:
        """This account's move at a table he sits at, in his own seat; or, `seat` given,
        the computer's move in that seat (a computer's seat at his table, or the seat of
        a player who is away)."""
        table = self._table_seated(table_id)
        mine = table.seat_of(self.account.learner_id)
        if seat is None or seat == mine:
            assert mine is not None
            return self._store.add_move(table_id, number, mine, move, claim, request)
        if not 0 <= seat < len(table.seats) or (table.seats[seat].computer is None
                                                 and not table.seats[seat].away()):
            raise TableError(f"seat {seat} is not the computer's at this table")
        return self._store.add_move(table_id, number, seat, move, claim, request)

    def hand_over_seat(self, table_id: int, seat: int, computer: Optional[str]) -> None:
        """The table's owner lets the computer play a seat (or gives it back); a player
        takes his own seat back (`computer` None)."""
        table = self._table_seated(table_id)
        if computer is None and table.seat_of(self.account.learner_id) == seat:
            self._store.hand_over_seat(table_id, seat, None)
            return
        if table.owner_id != self.account.learner_id:
            raise TableError("only the table's owner may hand a seat over")
        self._store.hand_over_seat(table_id, seat, computer)

    # ----- duplicate events -----
    def _event_classes(self) -> frozenset[int]:
        """The classes whose events this account sees: those he teaches or has joined."""
        taught = self.classes()
        return frozenset(k.id for k in (*taught, *self.my_classes()))

    def events(self, limit: int = EVENTS_SHOWN) -> list[Event]:
        """The events of this account's classes, newest first."""
        return self._store.events_of_classes(self._event_classes(), limit)

    def event(self, event_id: int) -> Event:
        """An event of one of this account's classes; the refusal an unknown id gets otherwise."""
        try:
            event = self._store.event(event_id)
        except TableError:
            raise TableError(f"no event has the id {event_id}") from None
        if event.class_id not in self._event_classes():
            raise TableError(f"no event has the id {event_id}")
        return event

    def runs_event(self, event_id: int) -> bool:
        """Whether this account teaches the event's class."""
        event = self.event(event_id)
        return any(k.id == event.class_id for k in self.classes())

    def event_boards(self, event_id: int) -> list[EventBoard]:
        self.event(event_id)
        return self._store.event_boards(event_id)

    def create_event(self, class_id: int, name: str, settings: str, boards: list[NewBoard]) -> Event:
        """A teacher's event for a class of his, every learner seated a member of it."""
        klass = self._my_class(class_id)
        members = {a.learner_id for a in self._store.members(klass.id)}
        for board in boards:
            for learner, _ in board.seats:
                if learner is not None and learner not in members:
                    raise TableError(f"learner {learner} is not in the class {klass.name!r}")
        return self._store.create_event(klass.id, name, settings, boards)

    def _event_seen(self, event_id: int,
                    result: BoardResult) -> tuple[list[EventRow], dict[int, tuple[int, ...]]]:
        """The event's boards, tables and moves (one read), and the results of the
        finished boards this account may see (table id: each side's points), `result`
        telling a table's result from its settings and moves (None before its hand is
        over). A learner sees a deal's results only once his own board of that deal is
        over (or when he plays no board of it); the teacher sees every finished board."""
        self.event(event_id)
        rows = self._store.event_tables(event_id)
        found: dict[int, tuple[int, ...]] = {}
        for board, table, moves in rows:
            done = result(table.settings, moves)
            if done is not None:
                found[board.table_id] = done
        if self.runs_event(event_id):
            return rows, found
        me = self.account.learner_id
        mine = {b.deal: b.table_id for b, table, _ in rows if table.seat_of(me) is not None}
        return rows, {b.table_id: found[b.table_id] for b, _, _ in rows
                      if b.table_id in found and (b.deal not in mine or mine[b.deal] in found)}

    def event_results(self, event_id: int, result: BoardResult) -> dict[int, tuple[int, ...]]:
        """The results of the event's finished boards this account may see (`_event_seen`)."""
        return self._event_seen(event_id, result)[1]

    def event_played(self, event_id: int, result: BoardResult) -> dict[int, list[StoredMove]]:
        """Every move of each finished board this account may see, to set beside his own
        play of the deal: the teacher every one, a learner those of deals he has finished."""
        rows, found = self._event_seen(event_id, result)
        return {b.table_id: moves for b, _, moves in rows if b.table_id in found}

    def event_board_moves(self, event_id: int, table_id: int, result: BoardResult) -> list[StoredMove]:
        """Every move of one finished board this account may see (`event_played`)."""
        played = self.event_played(event_id, result)
        if table_id not in played:
            raise TableError(f"no table has the id {table_id}")
        return played[table_id]

    def event_board_tables(self, event_id: int) -> dict[int, PlayTable]:
        """Each board's table (its settings and seats) by id, for anyone who sees the event."""
        self.event(event_id)
        return {b.table_id: table for b, table, _ in self._store.event_tables(event_id)}

    def event_names(self, event_id: int) -> dict[int, str]:
        """The names of the learners seated at the event's boards (his classmates'),
        for its standings."""
        ids = {s.learner_id for table in self.event_board_tables(event_id).values()
               for s in table.seats if s.learner_id is not None}
        return {i: self._store.learner(i).name for i in sorted(ids)}

    def event_of_table(self, table_id: int) -> Optional[tuple[Event, EventBoard]]:
        """The event a table he sits at (or watches) is a board of; None for a table of its own."""
        self._table_watched(table_id)
        return self._store.event_of_table(table_id)

    # ----- his own account -----
    def change_password(self, current: str, new: str, *, address: str) -> bool:
        """Change this account's password, given the current one (checked as a
        sign-in is, with its limits); False when the current one is wrong."""
        signed = self._store.sign_in(self.account.name, current, address=address)
        if signed.outcome != "ok":
            return False
        self._store.sign_out(signed.token)
        self._store.set_password(self.account.id, new)
        return True

    def join_by_code(self, code: str, address: str = "local") -> Klass:
        return self._store.join_by_code(self.account.id, code, address=address)

    def leave_class(self, class_id: int) -> Klass:
        """Leave one of his classes: its teacher no longer has him among his learners
        (what he did stays his); AccountError, as for an unknown id, otherwise."""
        for klass in self.my_classes():
            if klass.id == class_id:
                self._store.leave(class_id, self.account.id)
                return klass
        raise AccountError(f"no class of yours has the id {class_id}")

    def my_classes(self) -> tuple[Klass, ...]:
        return self._store.classes_joined(self.account.id)

    def my_assignments(self) -> tuple[tuple[Assignment, Result], ...]:
        """The assignments of this account's classes with his results, first due first."""
        return self._store.assignments_for(self.account.id)

    def my_assignment(self, assignment_id: int) -> Assignment:
        """One assignment set to this account (a class of his); AssignmentError, as for
        an unknown id, otherwise."""
        try:
            found = self._store.assignment(assignment_id)
        except AssignmentError:
            found = None
        if (found is None or found.class_id not in {k.id for k in self.my_classes()}
                or not found.is_for(self.account.id)):
            raise AssignmentError(f"no assignment has the id {assignment_id}")
        return found

    def my_puzzles_tried(self, assignment_id: int) -> tuple[Assignment, frozenset[str]]:
        """A puzzle assignment of his, and its puzzles he answered since it was set."""
        found = self.my_assignment(assignment_id)
        return found, self._store.puzzles_tried(found.id, self.account.learner_id)

    # ----- a teacher's classes -----
    def classes(self) -> tuple[Klass, ...]:
        """The classes this account teaches (none for a learner or an operator)."""
        if self.account.role != "teacher":
            return ()
        return self._store.classes_of(self.account.id)

    def create_class(self, name: str) -> Klass:
        if self.account.role != "teacher":
            raise AccountError("only a teacher makes classes")
        return self._store.create_class(self.account.id, name)

    def klass(self, class_id: int) -> Klass:
        return self._my_class(class_id)

    def rename_class(self, class_id: int, name: str) -> Klass:
        return self._store.rename_class(self._my_class(class_id).id, name)

    def delete_class(self, class_id: int) -> None:
        self._store.delete_class(self._my_class(class_id).id)

    def new_code(self, class_id: int) -> Klass:
        return self._store.new_code(self._my_class(class_id).id)

    def members(self, class_id: int) -> tuple[Account, ...]:
        return self._store.members(self._my_class(class_id).id)

    def add_learners(self, class_id: int, names: Sequence[str]) -> list[tuple[Account, str]]:
        return self._store.add_learners(self._my_class(class_id).id, names, created_by=self.account.id)

    def _member(self, class_id: int, account_id: int) -> Account:
        for member in self.members(class_id):
            if member.id == account_id:
                return member
        raise AccountError(f"no learner of this class has the account id {account_id}")

    def resettable(self, class_id: int) -> tuple[Account, ...]:
        """The learners of one of this teacher's classes whose password he may reset:
        those he made (a learner who joined by code keeps his own)."""
        return tuple(m for m in self.members(class_id) if self._store.created_by(m.id) == self.account.id)

    def reset_password(self, class_id: int, account_id: int) -> str:
        """A new first password for a learner of one of this teacher's classes: a
        learner he made (a learner who joined by code keeps his own: AccountError)."""
        member = self._member(class_id, account_id)
        if self._store.created_by(member.id) != self.account.id:
            raise AccountError("only the teacher who made this account, or an operator, resets its password")
        return self._store.reset_password(member.id)

    def remove_member(self, class_id: int, account_id: int) -> None:
        self._store.leave(self._my_class(class_id).id, self._member(class_id, account_id).id)

    def assign(self, class_id: int, title: str, task: Task, due: date,
               learners: Sequence[int] = ()) -> Assignment:
        """Set one of his classes an assignment: to the whole class, or to some of its
        learners (their account ids)."""
        return self._store.assign(self._my_class(class_id).id, title, task, due, learners=learners)

    def edit_assignment(self, assignment_id: int, title: str, due: date,
                        learners: Sequence[int] = ()) -> Assignment:
        """Change the title, due day and learners of an assignment of his classes."""
        return self._store.edit_assignment(self._my_assignment(assignment_id).id, title, due, learners)

    def _my_assignment(self, assignment_id: int) -> Assignment:
        try:
            found = self._store.assignment(assignment_id)
            self._my_class(found.class_id)
        except (AssignmentError, AccountError):
            raise AssignmentError(f"no assignment has the id {assignment_id}") from None
        return found

    def assignment(self, assignment_id: int) -> Assignment:
        """One assignment of this teacher's classes."""
        return self._my_assignment(assignment_id)

    def assignments_of(self, class_id: int) -> tuple[Assignment, ...]:
        return self._store.assignments_of(self._my_class(class_id).id)

    def remove_assignment(self, assignment_id: int) -> None:
        self._store.remove_assignment(self._my_assignment(assignment_id).id)

    def results(self, assignment_id: int) -> tuple[Result, ...]:
        return self._store.results(self._my_assignment(assignment_id).id)

    def class_report(self, class_id: int) -> ClassReport:
        return self._store.class_report(self._my_class(class_id).id)

    def member(self, class_id: int, account_id: int) -> Account:
        """A learner of one of this teacher's classes; AccountError otherwise (the same
        for a class or a learner out of reach as for an unknown one)."""
        return self._member(class_id, account_id)

    def class_weeks(self, class_id: int, first: date, weeks: int) -> dict[int, list[WeekCount]]:
        """Each learner of this teacher's class: his answers per week (by learner id)."""
        members = self.members(class_id)
        return self._store.weeks_of([m.learner_id for m in members], first, weeks)

    def member_weeks(self, class_id: int, account_id: int, first: date, weeks: int) -> list[WeekCount]:
        """One learner of his class: answers per week."""
        learner = self._member(class_id, account_id).learner_id
        return self._store.weeks_of([learner], first, weeks)[learner]

    def results_csv(self, class_id: int) -> str:
        return self._store.results_csv(self._my_class(class_id).id)

    # ----- an operator's accounts -----
    def accounts(self, role: Optional[Role] = None) -> tuple[Account, ...]:
        self._operator()
        return self._store.accounts(role)

    def create_account(self, name: str, role: Role, password: str) -> Account:
        self._operator()
        return self._store.create_account(name, role, password=password, created_by=self.account.id)

    def account_named(self, account_id: int) -> Account:
        """Any account by id (an operator's look-up: no history in it)."""
        self._operator()
        return self._store.account(account_id)

    def reset_any_password(self, account_id: int) -> str:
        self._operator()
        return self._store.reset_password(account_id)

    def delete_account(self, account_id: int) -> None:
        self._operator()
        if account_id == self.account.id:
            raise AccountError("an operator does not remove his own account here")
        self._store.delete_account(account_id)
