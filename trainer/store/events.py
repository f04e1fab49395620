"""Duplicate events of a class: the event's settings and its boards, each board a
table of one hand (`trainer.store.tables`) made with the event, in one transaction.

What a board means (its deal, seats and result) is the play layer's
(`trainer.play.events`); who may see an event is the scoped store's
(`trainer.store.scope`): this module keeps the rows.

>>> import tempfile, os
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "events.db"))
>>> teacher = store.create_account("Tess", "teacher", identity="tess@example.org")
>>> klass = store.create_class(teacher.id, "Monday")
>>> ann, bob = store.create_learner("Ann").id, store.create_learner("Bob").id
>>> board = NewBoard(1, 1, "A", '{"players": 2}', ((ann, None), (bob, None)))
>>> event = store.create_event(klass.id, "Cup", '{}', [board])
>>> [(b.deal, b.table, store.play_table(b.table_id).seat_of(bob)) for b in store.event_boards(event.id)]
[(1, 'A', 1)]
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Optional

import sqlalchemy as sa

from trainer.store.schema import event_boards, events, table_moves
from trainer.store.tables import SETTINGS_LIMIT, PlayTable, StoredMove, TableError, TableStore, _stored
from trainer.store.values import _read_time, _utc

NAME_LIMIT = 60
BOARD_LIMIT = 200  # boards in one event at most (deals × tables)
EVENTS_SHOWN = 50


@dataclass(frozen=True)
class Event:
    id: int
    class_id: int
    name: str
    settings: str
    created_at: datetime


@dataclass(frozen=True)
class EventBoard:
    round: int
    deal: int
    table: str
    table_id: int


@dataclass(frozen=True)
class NewBoard:
    """A board to make: its round, deal, table letter, the table's settings and each
    seat's learner id or computer strength."""

    round: int
    deal: int
    table: str
    settings: str
    seats: tuple[tuple[Optional[int], Optional[str]], ...]


def _event(row: sa.Row[Any]) -> Event:
    return Event(int(row.id), int(row.class_id), row.name, row.settings, _read_time(row.created_at))


class EventStore(TableStore):
    """Making duplicate events and reading their boards."""

    def create_event(self, class_id: int, name: str, settings: str, boards: Sequence[NewBoard],
                     when: Optional[datetime] = None) -> Event:
        """The event and every board's table, all or nothing. Each table's owner is the
        first learner seated at it (he may hand an absent player's seat to the computer)."""
        name = " ".join(str(name).split())
        if not 1 <= len(name) <= NAME_LIMIT:
            raise TableError(f"an event's name is 1 to {NAME_LIMIT} characters")
        if not isinstance(settings, str) or len(settings) > SETTINGS_LIMIT:
            raise TableError(f"an event's settings are text of at most {SETTINGS_LIMIT} characters")
        if not 1 <= len(boards) <= BOARD_LIMIT:
            raise TableError(f"an event has 1 to {BOARD_LIMIT} boards")
        stamp = _utc(when)
        with self._write() as conn:
            event_id = int(conn.execute(sa.insert(events).returning(events.c.id).values(
                class_id=class_id, name=name, settings=settings, created_at=stamp)).scalar_one())
            for board in boards:
                learners = [learner for learner, _ in board.seats if learner is not None]
                if not learners:
                    raise TableError(f"table {board.table} of deal {board.deal} has no learner")
                for learner in learners:
                    self._require(conn, learner)
                table_id = self._insert_table(conn, learners[0], board.settings, list(board.seats), stamp,
                                              seen=False)
                conn.execute(sa.insert(event_boards).values(
                    event_id=event_id, deal=board.deal, table_label=board.table, round=board.round,
                    table_id=table_id))
            row = conn.execute(sa.select(events).where(events.c.id == event_id)).one()
            return _event(row)

    def event(self, event_id: int) -> Event:
        """An event by id; TableError when there is none."""
        with self._read() as conn:
            row = conn.execute(sa.select(events).where(events.c.id == event_id)).first()
        if row is None:
            raise TableError(f"no event has the id {event_id}")
        return _event(row)

    def events_of_classes(self, class_ids: frozenset[int], limit: int = EVENTS_SHOWN) -> list[Event]:
        """The events of these classes, newest first."""
        if not class_ids:
            return []
        query = (sa.select(events).where(events.c.class_id.in_(sorted(class_ids)))
                 .order_by(events.c.id.desc()).limit(max(0, min(limit, EVENTS_SHOWN))))
        with self._read() as conn:
            return [_event(r) for r in conn.execute(query)]

    def event_boards(self, event_id: int) -> list[EventBoard]:
        """The event's boards by deal, then table."""
        query = (sa.select(event_boards).where(event_boards.c.event_id == event_id)
                 .order_by(event_boards.c.deal, event_boards.c.table_label))
        with self._read() as conn:
            return [EventBoard(int(r.round), int(r.deal), r.table_label, int(r.table_id))
                    for r in conn.execute(query)]

    def event_tables(self, event_id: int) -> list[tuple[EventBoard, PlayTable, list[StoredMove]]]:
        """Every board of the event with its table and moves, in one read."""
        found = []
        with self._read() as conn:
            rows = conn.execute(sa.select(event_boards).where(event_boards.c.event_id == event_id)
                                .order_by(event_boards.c.deal, event_boards.c.table_label)).all()
            for r in rows:
                moves = conn.execute(sa.select(table_moves).where(table_moves.c.table_id == r.table_id)
                                     .order_by(table_moves.c.number))
                found.append((EventBoard(int(r.round), int(r.deal), r.table_label, int(r.table_id)),
                              self._table(conn, int(r.table_id)), [_stored(m) for m in moves]))
        return found

    def event_of_table(self, table_id: int) -> Optional[tuple[Event, EventBoard]]:
        """The event a table is a board of, with the board; None for a table of its own."""
        with self._read() as conn:
            row = conn.execute(sa.select(event_boards).where(event_boards.c.table_id == table_id)).first()
        if row is None:
            return None
        return self.event(int(row.event_id)), EventBoard(int(row.round), int(row.deal), row.table_label,
                                                         int(row.table_id))
