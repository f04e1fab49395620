"""Tables where learners play each other: a table's settings and join code, its seats,
and every move made at it, a stored row each, written once.

A move is kept under its number at the table (0, 1, 2, ...: the order the movers chose
in) and the request that sent it (a key the page makes once per click). The same
request sent again (a double click, a retried request, a second process) finds the row
it wrote and changes nothing; a move under a number another request took first is
refused with `MoveTaken`, so that of two moves made at once for one seat one wins and
the other is told. What the moves mean (whose turn, which are legal) is the play
layer's (`trainer.play.table`): this module keeps them.

>>> import tempfile, os
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "tables.db"))
>>> ann, bob = store.create_learner("Ann").id, store.create_learner("Bob").id
>>> table = store.open_table(ann, '{"players": 2}', seats=2)
>>> store.join_table(table.code, bob).seat
1
>>> store.add_move(table.id, 0, 0, "6-6", None, "r1").number
0
>>> store.add_move(table.id, 0, 0, "6-6", None, "r1").number  # sent again: kept once
0
>>> [m.move for m in store.table_moves(table.id)]
['6-6']
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Optional

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from trainer.errors import TrainerError
from trainer.store.learners import LearnerStore
from trainer.store.schema import play_tables, table_moves, table_seats
from trainer.store.values import _read_time, _utc

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud across a room
CODE_LENGTH = 6
MAX_SEATS = 4
MAX_MOVES = 2_000  # a match of many hands; a table past this takes no more moves
REQUEST_LIMIT = 40
MOVE_LIMIT = 16
SETTINGS_LIMIT = 2_000
TABLES_SHOWN = 50
AWAY = 60  # seconds without a read of the table by a player's page: he is away
SEEN_EVERY = 10  # seconds between two notes of a page's reads (a page reads every half second)


class TableError(TrainerError):
    """A table, seat or move that cannot be: the message names what is wrong."""


class MoveTaken(TableError):
    """Another move was stored first under this number: the table has moved on."""


@dataclass(frozen=True)
class Seat:
    seat: int
    learner_id: Optional[int]
    computer: Optional[str]  # the computer's strength, when it sits here
    seen_at: Optional[datetime] = None  # when the player's page last read the table

    def away(self, now: Optional[datetime] = None) -> bool:
        """A learner's seat whose page has not read the table for AWAY seconds: the
        computer plays for him until his page is back.

        >>> from datetime import datetime, timedelta, timezone
        >>> now = datetime(2026, 1, 1, tzinfo=timezone.utc)
        >>> Seat(1, 7, None, now - timedelta(seconds=AWAY + 1)).away(now), Seat(1, 7, None, now).away(now)
        (True, False)
        """
        if self.learner_id is None or self.seen_at is None:
            return False
        return (_utc(now) - self.seen_at).total_seconds() > AWAY


@dataclass(frozen=True)
class PlayTable:
    id: int
    code: str
    owner_id: int
    settings: str
    seats: tuple[Seat, ...]
    created_at: datetime

    def seat_of(self, learner_id: int) -> Optional[int]:
        """The learner's seat at this table, if he has one."""
        return next((s.seat for s in self.seats if s.learner_id == learner_id), None)

    @property
    def open_seats(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.seats if s.learner_id is None and s.computer is None)


@dataclass(frozen=True)
class StoredMove:
    number: int
    seat: int
    move: str  # the move's name (notation.md)
    claim: Optional[int]  # Muggins: the points claimed with it
    request: str


def _stored(row: sa.Row[Any]) -> StoredMove:
    return StoredMove(int(row.number), int(row.seat), row.move, row.claim, row.request)


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def read_table_code(text: object) -> str:
    """A table code as typed (spaces, dashes and case ignored); "" when it cannot be one.

    >>> read_table_code(" abc-2de "), read_table_code("0000000")
    ('ABC2DE', '')
    """
    if not isinstance(text, str):
        return ""
    code = "".join(c for c in text.upper() if c not in " -")
    return code if len(code) == CODE_LENGTH and all(c in CODE_ALPHABET for c in code) else ""


class TableStore(LearnerStore):
    """Opening, joining and reading tables, and keeping their moves."""

    def open_table(self, owner_id: int, settings: str, seats: int,
                   computers: Optional[dict[int, str]] = None, when: Optional[datetime] = None) -> PlayTable:
        """A new table of `seats` seats, the owner in seat 0 and `computers` (seat:
        strength) in theirs; `settings` is kept as given (the play layer's JSON)."""
        if isinstance(seats, bool) or not isinstance(seats, int) or not 2 <= seats <= MAX_SEATS:
            raise TableError(f"a table has 2 to {MAX_SEATS} seats, not {seats!r}")
        if not isinstance(settings, str) or len(settings) > SETTINGS_LIMIT:
            raise TableError(f"a table's settings are text of at most {SETTINGS_LIMIT} characters")
        computers = computers or {}
        if any(not 1 <= s < seats for s in computers):
            raise TableError(f"the computer may take seats 1 to {seats - 1}")
        with self._write() as conn:
            self._require(conn, owner_id)
            held: list[tuple[Optional[int], Optional[str]]] = [
                (owner_id if s == 0 else None, computers.get(s)) for s in range(seats)]
            return self._table(conn, self._insert_table(conn, owner_id, settings, held, _utc(when)))

    @staticmethod
    def _insert_table(conn: Connection, owner_id: int, settings: str,
                      seats: list[tuple[Optional[int], Optional[str]]], stamp: datetime,
                      seen: bool = True) -> int:
        """A new table's rows (each seat a learner's id and the computer's strength or
        None), under a code no other table has; its id. `seen`: the learners are at it
        now (a table opened), or not yet (an event's deal, until each opens it)."""
        for _ in range(20):
            code = _new_code()
            clash = conn.execute(sa.select(play_tables.c.id).where(play_tables.c.code == code)).first()
            if clash is None:
                break
        table_id = int(conn.execute(sa.insert(play_tables).returning(play_tables.c.id).values(
            code=code, owner_id=owner_id, settings=settings, created_at=stamp)).scalar_one())
        conn.execute(sa.insert(table_seats), [
            {"table_id": table_id, "seat": s, "learner_id": learner, "computer": strength, "joined_at": stamp,
             "seen_at": stamp if learner is not None and seen else None}
            for s, (learner, strength) in enumerate(seats)])
        return table_id

    def join_table(self, code: str, learner_id: int, seat: Optional[int] = None) -> Seat:
        """Sit the learner at the table of `code` (in `seat`, or the first open one); a
        learner already seated keeps his seat. TableError when the code names no table
        or the seat is taken."""
        found = read_table_code(code)
        with self._write() as conn:
            self._require(conn, learner_id)
            table_id = conn.execute(sa.select(play_tables.c.id).where(play_tables.c.code == found)).scalar() \
                if found else None
            if table_id is None:
                raise TableError(f"no table has the code {str(code)[:20]!r}")
            table = self._table(conn, int(table_id))
            mine = table.seat_of(learner_id)
            if mine is not None:
                return table.seats[mine]
            open_seats = table.open_seats
            if seat is None:
                if not open_seats:
                    raise TableError("every seat at this table is taken")
                seat = open_seats[0]
            if seat not in open_seats:
                raise TableError(f"seat {seat} is not open at this table")
            taken = conn.execute(sa.update(table_seats).where(
                (table_seats.c.table_id == table.id) & (table_seats.c.seat == seat)
                & table_seats.c.learner_id.is_(None) & table_seats.c.computer.is_(None)).values(
                learner_id=learner_id, joined_at=_utc(None), seen_at=_utc(None)))
            if not taken.rowcount:
                raise TableError(f"seat {seat} was taken a moment ago")
            return Seat(seat, learner_id, None, _utc(None))

    def hand_over_seat(self, table_id: int, seat: int, computer: Optional[str]) -> None:
        """Let the computer play `seat` at `computer` strength (None: give it back); a
        learner sitting there keeps the seat and takes it back by this with None."""
        with self._write() as conn:
            done = conn.execute(sa.update(table_seats).where(
                (table_seats.c.table_id == table_id) & (table_seats.c.seat == seat)).values(
                computer=computer))
        if not done.rowcount:
            raise TableError(f"seat {seat} is not at this table")

    def seen_at_table(self, table_id: int, learner_id: int, when: Optional[datetime] = None) -> bool:
        """Note that the learner's page read the table now (his seat is not away);
        False when he sits at no seat of it."""
        with self._write() as conn:
            done = conn.execute(sa.update(table_seats).where(
                (table_seats.c.table_id == table_id) & (table_seats.c.learner_id == learner_id)).values(
                seen_at=_utc(when)))
        return bool(done.rowcount)

    def play_table(self, table_id: int) -> PlayTable:
        """A table by its id; TableError when there is none."""
        with self._read() as conn:
            return self._table(conn, table_id)

    def table_state(self, table_id: int) -> tuple[PlayTable, list[StoredMove]]:
        """A table and its moves in order, read together (a table's page reads both
        every poll); TableError when there is none."""
        with self._read() as conn:
            table = self._table(conn, table_id)
            rows = conn.execute(sa.select(table_moves).where(table_moves.c.table_id == table_id)
                                .order_by(table_moves.c.number))
            return table, [_stored(r) for r in rows]

    def tables_of(self, learner_id: int, limit: int = TABLES_SHOWN) -> list[PlayTable]:
        """The tables the learner sits at, newest first."""
        query = (sa.select(table_seats.c.table_id).where(table_seats.c.learner_id == learner_id)
                 .order_by(table_seats.c.table_id.desc()).limit(max(0, min(limit, TABLES_SHOWN))))
        with self._read() as conn:
            return [self._table(conn, int(r.table_id)) for r in conn.execute(query)]

    def tables_of_learners(self, learner_ids: frozenset[int], limit: int = TABLES_SHOWN) -> list[PlayTable]:
        """The tables where any of `learner_ids` sits, newest first (a teacher's watch list)."""
        if not learner_ids:
            return []
        query = (sa.select(table_seats.c.table_id).where(table_seats.c.learner_id.in_(sorted(learner_ids)))
                 .group_by(table_seats.c.table_id).order_by(table_seats.c.table_id.desc())
                 .limit(max(0, min(limit, TABLES_SHOWN))))
        with self._read() as conn:
            return [self._table(conn, int(r.table_id)) for r in conn.execute(query)]

    def add_move(self, table_id: int, number: int, seat: int, move: str, claim: Optional[int],
                 request: str) -> StoredMove:
        """Keep a move as number `number` at the table. The same `request` again returns
        the move it stored; another move under a number already taken raises MoveTaken."""
        if not isinstance(request, str) or not 1 <= len(request) <= REQUEST_LIMIT:
            raise TableError(f"a move's request key is 1 to {REQUEST_LIMIT} characters")
        if not isinstance(move, str) or not 1 <= len(move) <= MOVE_LIMIT:
            raise TableError(f"a move is named in 1 to {MOVE_LIMIT} characters")
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < MAX_MOVES:
            raise TableError(f"a move's number is 0 to {MAX_MOVES - 1}")
        try:
            with self._write() as conn:
                earlier = self._by_request(conn, table_id, request)
                if earlier is not None:
                    return earlier
                conn.execute(sa.insert(table_moves).values(
                    table_id=table_id, number=number, seat=seat, move=move, claim=claim, request=request,
                    created_at=_utc(None)))
                return StoredMove(number, seat, move, claim, request)
        except sa.exc.IntegrityError:
            with self._read() as conn:
                earlier = self._by_request(conn, table_id, request)
            if earlier is not None:
                return earlier
            raise MoveTaken(f"move {number} at this table was made a moment ago by another request") from None

    def table_moves(self, table_id: int, after: int = -1) -> list[StoredMove]:
        """The table's moves numbered above `after`, in order."""
        query = (sa.select(table_moves)
                 .where((table_moves.c.table_id == table_id) & (table_moves.c.number > after))
                 .order_by(table_moves.c.number))
        with self._read() as conn:
            return [_stored(r) for r in conn.execute(query)]

    @staticmethod
    def _by_request(conn: Connection, table_id: int, request: str) -> Optional[StoredMove]:
        row = conn.execute(sa.select(table_moves).where(
            (table_moves.c.table_id == table_id) & (table_moves.c.request == request))).first()
        return None if row is None else _stored(row)

    @staticmethod
    def _table(conn: Connection, table_id: int) -> PlayTable:
        row = conn.execute(sa.select(play_tables).where(play_tables.c.id == table_id)).first()
        if row is None:
            raise TableError(f"no table has the id {table_id}")
        seats = tuple(Seat(int(s.seat), s.learner_id, s.computer,
                           _read_time(s.seen_at) if s.seen_at is not None else None) for s in conn.execute(
            sa.select(table_seats).where(table_seats.c.table_id == table_id).order_by(table_seats.c.seat)))
        return PlayTable(int(row.id), row.code, int(row.owner_id), row.settings, seats,
                         _read_time(row.created_at))
