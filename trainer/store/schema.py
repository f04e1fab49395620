"""The progress store's tables and the migrations that build them, step by step.

`TABLES` declares the latest schema; the store's queries use it. `MIGRATIONS` is the
ordered list of steps from an empty database to that schema: step N brings a database
at version N-1 to version N, and the version reached is kept in `schema_version`
(one row). A database is never changed by hand: a new column or table is a new step
at the end of the list, written out in full (never read from `TABLES`, which moves on),
and the step list is never edited once shipped.

| version | step |
|---|---|
| 1 | learners; attempts with what was asked, the answer, right or wrong, time, help |
| 2 | ratings: learners' Glicko-2 columns, puzzle ratings, rating history; attempts' rated, mode and tags |
| 3 | the review queue's cards (fsrs) |
| 4 | timed drill runs |
| 5 | lesson mastery: each learner's best stars per lesson |
| 6 | learners' language (the app's language picker) |
| 7 | club mode: accounts, sign-in failures, sessions, classes, their members and assignments |
| 8 | each answer's and timed run's own key, so that one sent again is kept once; learners by creation time |
| 9 | runs' mode: a timed drill run (""), or a puzzle streak or storm |
| 10 | the Progress page's sums from indexes alone: attempts by part (with help) and tags; cards by due |
| 11 | the daily streak from an index alone, with help (a helped answer does not extend it) |
| 12 | an assignment for some of a class's learners only (none listed: the whole class) |
| 13 | a learner's own hands: records of hands played anywhere, with their reviews' sums |
| 14 | tables where learners play each other: their seats and moves |
| 15 | duplicate events of a class: their boards, each a table of one hand |
| 16 | when each seated player's page last read his table: the computer plays for one away |
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.schema import CreateColumn

# ----- the latest schema -----
TABLES = sa.MetaData()
# The attempts' indexes serve the Progress page: each query reads one learner's rows
# from an index that holds every column it needs, never the rows themselves
# (learner_day: attempts per day and the calendar; learner_part: counts and drill
# stats; learner_tags: puzzle themes; learner_id: the latest attempts; learner_mode:
# the daily streak; learner_item: puzzles tried and review lookups).

schema_version = sa.Table(
    "schema_version", TABLES,
    sa.Column("version", sa.Integer, nullable=False),
)

learners = sa.Table(
    "learners", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("name_key", sa.String(160), nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("rating", sa.Float, nullable=False, server_default=sa.text("1500")),
    sa.Column("rd", sa.Float, nullable=False, server_default=sa.text("350")),
    sa.Column("volatility", sa.Float, nullable=False, server_default=sa.text("0.06")),
    sa.Column("rated_games", sa.Integer, nullable=False, server_default=sa.text("0")),
    sa.Column("language", sa.String(8), nullable=False, server_default=""),
    sa.Index("ix_learners_created", "created_at"),
)

attempts = sa.Table(
    "attempts", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("part", sa.String(16), nullable=False),
    sa.Column("item", sa.String(200), nullable=False),
    sa.Column("kind", sa.String(40), nullable=False, server_default=""),
    sa.Column("position", sa.Text, nullable=False, server_default=""),
    sa.Column("answer", sa.Text, nullable=False, server_default=""),
    sa.Column("correct", sa.Boolean, nullable=False),
    sa.Column("points_lost", sa.Integer, nullable=True),
    sa.Column("seconds", sa.Float, nullable=True),
    sa.Column("helped", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("mode", sa.String(16), nullable=False, server_default=""),
    sa.Column("tags", sa.String(400), nullable=False, server_default=""),
    sa.Column("attempt_key", sa.String(40), nullable=True),
    sa.Index("ix_attempts_key", "attempt_key", unique=True),
    sa.Index("ix_attempts_learner_id", "learner_id", "id"),
    sa.Index("ix_attempts_learner_day", "learner_id", "day", "part", "correct"),
    sa.Index("ix_attempts_learner_part", "learner_id", "part", "day", "kind", "correct", "helped", "seconds"),
    sa.Index("ix_attempts_learner_tags", "learner_id", "part", "tags", "correct", "helped", "points_lost",
             "seconds"),
    sa.Index("ix_attempts_learner_mode", "learner_id", "mode", "day", "helped"),
    sa.Index("ix_attempts_learner_item", "learner_id", "part", "item"),
)

puzzle_ratings = sa.Table(
    "puzzle_ratings", TABLES,
    sa.Column("puzzle_id", sa.String(40), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
)

rating_history = sa.Table(
    "rating_history", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id", ondelete="CASCADE"), nullable=True),
    sa.Column("puzzle_id", sa.String(40), nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_rating_history_learner", "learner_id", "id"),
)

review_cards = sa.Table(
    "review_cards", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("part", sa.String(16), nullable=False),
    sa.Column("item", sa.String(200), nullable=False),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("position", sa.Text, nullable=False),
    sa.Column("card", sa.Text, nullable=False),
    sa.Column("due", sa.DateTime(timezone=True), nullable=False),
    sa.Column("reviews", sa.Integer, nullable=False),
    sa.Column("lapses", sa.Integer, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("learner_id", "part", "item", name="uq_review_cards_item"),
    sa.Index("ix_review_cards_due", "learner_id", "due", "part"),
)

runs = sa.Table(
    "runs", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("level", sa.Integer, nullable=False),
    sa.Column("duration", sa.Float, nullable=False),
    sa.Column("answered", sa.Integer, nullable=False),
    sa.Column("right", sa.Integer, nullable=False),
    sa.Column("score", sa.Integer, nullable=False),
    sa.Column("best_streak", sa.Integer, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("day", sa.Date, nullable=False),
    sa.Column("run_key", sa.String(40), nullable=True),
    sa.Column("mode", sa.String(16), nullable=False, server_default=""),
    sa.Index("ix_runs_learner_score", "learner_id", "score"),
    sa.Index("ix_runs_key", "run_key", unique=True),
    sa.Index("ix_runs_learner_mode", "learner_id", "mode", "score"),
)

lesson_mastery = sa.Table(
    "lesson_mastery", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("lesson", sa.String(40), nullable=False),
    sa.Column("stars", sa.Integer, nullable=False),
    sa.Column("finished", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("learner_id", "lesson", name="uq_lesson_mastery"),
)

# a hand played anywhere, as the learner saw it (`trainer.engine.seatview`, its JSON form),
# kept once (`hand_key`, a digest of that text); the sums of its review once reviewed
hands = sa.Table(
    "hands", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("hand_key", sa.String(40), nullable=False),
    sa.Column("record", sa.Text, nullable=False),
    sa.Column("rules", sa.String(16), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("turns", sa.Integer, nullable=False),
    sa.Column("moves", sa.Integer, nullable=True),
    sa.Column("mistakes", sa.Integer, nullable=True),
    sa.Column("points_lost", sa.Integer, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("learner_id", "hand_key", name="uq_hands_key"),
    sa.Index("ix_hands_learner", "learner_id", "created_at"),
)

# a table where learners play each other (`trainer.store.tables`): its settings (JSON,
# `trainer.play.table.TableSettings`), the short code others join it by, its seats (a
# learner or the computer at a strength) and every move made at it, a row each, written
# once: one move per number (the first of two at once wins) and one per request
play_tables = sa.Table(
    "play_tables", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("owner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_play_tables_created", "created_at"),
)

table_seats = sa.Table(
    "table_seats", TABLES,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("play_tables.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=True),
    sa.Column("computer", sa.String(16), nullable=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True),  # the player's page last read the table
    sa.Index("ix_table_seats_learner", "learner_id"),
)

table_moves = sa.Table(
    "table_moves", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("play_tables.id", ondelete="CASCADE"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("move", sa.String(16), nullable=False),
    sa.Column("claim", sa.Integer, nullable=True),
    sa.Column("request", sa.String(40), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("table_id", "number", name="uq_table_moves_number"),
    sa.UniqueConstraint("table_id", "request", name="uq_table_moves_request"),
)


# club mode: an account signs in as one learner (his name is the sign-in name)
accounts = sa.Table(
    "accounts", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False,
              unique=True),
    sa.Column("role", sa.String(16), nullable=False),
    sa.Column("password_hash", sa.String(200), nullable=True),
    sa.Column("identity", sa.String(200), nullable=True, unique=True),
    sa.Column("created_by", sa.Integer, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("password_at", sa.DateTime(timezone=True), nullable=True),
)

sign_in_failures = sa.Table(
    "sign_in_failures", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("scope", sa.String(8), nullable=False),
    sa.Column("key", sa.String(200), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_sign_in_failures_key", "scope", "key", "at"),
)

sessions = sa.Table(
    "sessions", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_sessions_account", "account_id"),
)

classes = sa.Table(
    "classes", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("teacher_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_classes_teacher", "teacher_id"),
)

class_members = sa.Table(
    "class_members", TABLES,
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_class_members_account", "account_id"),
)

assignments = sa.Table(
    "assignments", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("title", sa.String(120), nullable=False),
    sa.Column("spec", sa.Text, nullable=False),
    sa.Column("due", sa.Date, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_assignments_class", "class_id", "due"),
)

# An assignment set to some of its class's learners only lists their accounts here; one
# with no row here is for the whole class.
assignment_for = sa.Table(
    "assignment_for", TABLES,
    sa.Column("assignment_id", sa.Integer, sa.ForeignKey("assignments.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
)

# a duplicate event of a class (`trainer.store.events`): its settings (JSON,
# `trainer.play.events.EventSettings`) and its boards, each a table of one hand
events = sa.Table(
    "events", TABLES,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_events_class", "class_id"),
)

event_boards = sa.Table(
    "event_boards", TABLES,
    sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("deal", sa.Integer, primary_key=True),
    sa.Column("table_label", sa.String(4), primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("table_id", sa.Integer, sa.ForeignKey("play_tables.id", ondelete="CASCADE"), nullable=False,
              unique=True),
)


# ----- the steps -----
def _add_column(conn: Connection, table: str, column: sa.Column[object]) -> None:
    """ALTER TABLE ... ADD COLUMN in the connection's dialect (SQLite and PostgreSQL
    both accept one column with a constant default)."""
    column_sql = CreateColumn(column).compile(dialect=conn.dialect)
    conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {column_sql}"))


def _v1(conn: Connection) -> None:
    meta = sa.MetaData()
    sa.Table(
        "learners", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    sa.Table(
        "attempts", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("part", sa.String(16), nullable=False),
        sa.Column("item", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False, server_default=""),
        sa.Column("position", sa.Text, nullable=False, server_default=""),
        sa.Column("answer", sa.Text, nullable=False, server_default=""),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("points_lost", sa.Integer, nullable=True),
        sa.Column("seconds", sa.Float, nullable=True),
        sa.Column("helped", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Index("ix_attempts_learner_id", "learner_id", "id"),
        sa.Index("ix_attempts_learner_day", "learner_id", "day", "part", "correct"),
        sa.Index("ix_attempts_learner_part", "learner_id", "part", "day", "kind", "correct", "seconds"),
    )
    meta.create_all(conn)


def _v2(conn: Connection) -> None:
    _add_column(conn, "learners", sa.Column("rating", sa.Float, nullable=False,
                                            server_default=sa.text("1500")))
    _add_column(conn, "learners", sa.Column("rd", sa.Float, nullable=False, server_default=sa.text("350")))
    _add_column(conn, "learners", sa.Column("volatility", sa.Float, nullable=False,
                                            server_default=sa.text("0.06")))
    _add_column(conn, "learners", sa.Column("rated_games", sa.Integer, nullable=False,
                                            server_default=sa.text("0")))
    _add_column(conn, "attempts", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    _add_column(conn, "attempts", sa.Column("mode", sa.String(16), nullable=False, server_default=""))
    _add_column(conn, "attempts", sa.Column("tags", sa.String(400), nullable=False, server_default=""))
    meta = sa.MetaData()
    sa.Table("learners", meta, sa.Column("id", sa.Integer, primary_key=True))
    attempts_v2 = sa.Table(
        "attempts", meta,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer), sa.Column("part", sa.String(16)),
        sa.Column("item", sa.String(200)), sa.Column("mode", sa.String(16)), sa.Column("day", sa.Date),
    )
    sa.Index("ix_attempts_learner_mode", attempts_v2.c.learner_id, attempts_v2.c.mode,
             attempts_v2.c.day).create(conn)
    sa.Index("ix_attempts_learner_item", attempts_v2.c.learner_id, attempts_v2.c.part,
             attempts_v2.c.item).create(conn)
    sa.Table(
        "puzzle_ratings", meta,
        sa.Column("puzzle_id", sa.String(40), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    ).create(conn)
    sa.Table(
        "rating_history", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id", ondelete="CASCADE"),
                  nullable=True),
        sa.Column("puzzle_id", sa.String(40), nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_rating_history_learner", "learner_id", "id"),
    ).create(conn)


def _v3(conn: Connection) -> None:
    meta = sa.MetaData()
    sa.Table("learners", meta, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table(
        "review_cards", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("part", sa.String(16), nullable=False),
        sa.Column("item", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("position", sa.Text, nullable=False),
        sa.Column("card", sa.Text, nullable=False),
        sa.Column("due", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reviews", sa.Integer, nullable=False),
        sa.Column("lapses", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "part", "item", name="uq_review_cards_item"),
        sa.Index("ix_review_cards_due", "learner_id", "due"),
    ).create(conn)


def _v4(conn: Connection) -> None:
    meta = sa.MetaData()
    sa.Table("learners", meta, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table(
        "runs", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("level", sa.Integer, nullable=False),
        sa.Column("duration", sa.Float, nullable=False),
        sa.Column("answered", sa.Integer, nullable=False),
        sa.Column("right", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("best_streak", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("day", sa.Date, nullable=False),
        sa.Index("ix_runs_learner_score", "learner_id", "score"),
    ).create(conn)


def _v5(conn: Connection) -> None:
    meta = sa.MetaData()
    sa.Table("learners", meta, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table(
        "lesson_mastery", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("lesson", sa.String(40), nullable=False),
        sa.Column("stars", sa.Integer, nullable=False),
        sa.Column("finished", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "lesson", name="uq_lesson_mastery"),
    ).create(conn)


def _v6(conn: Connection) -> None:
    _add_column(conn, "learners", sa.Column("language", sa.String(8), nullable=False, server_default=""))


def _v7(conn: Connection) -> None:
    meta = sa.MetaData()
    sa.Table("learners", meta, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table(
        "accounts", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  nullable=False, unique=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("identity", sa.String(200), nullable=True, unique=True),
        sa.Column("created_by", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("password_at", sa.DateTime(timezone=True), nullable=True),
    )
    sa.Table(
        "sign_in_failures", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("scope", sa.String(8), nullable=False),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_sign_in_failures_key", "scope", "key", "at"),
    )
    sa.Table(
        "sessions", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_sessions_account", "account_id"),
    )
    sa.Table(
        "classes", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("teacher_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_classes_teacher", "teacher_id"),
    )
    sa.Table(
        "class_members", meta,
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_class_members_account", "account_id"),
    )
    sa.Table(
        "assignments", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("spec", sa.Text, nullable=False),
        sa.Column("due", sa.Date, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_assignments_class", "class_id", "due"),
    )
    meta.create_all(conn, tables=[t for name, t in meta.tables.items() if name != "learners"])


def _v8(conn: Connection) -> None:
    _add_column(conn, "attempts", sa.Column("attempt_key", sa.String(40), nullable=True))
    _add_column(conn, "runs", sa.Column("run_key", sa.String(40), nullable=True))
    meta = sa.MetaData()
    attempts_v8 = sa.Table("attempts", meta, sa.Column("id", sa.Integer, primary_key=True),
                           sa.Column("attempt_key", sa.String(40)))
    runs_v8 = sa.Table("runs", meta, sa.Column("id", sa.Integer, primary_key=True),
                       sa.Column("run_key", sa.String(40)))
    learners_v8 = sa.Table("learners", meta, sa.Column("id", sa.Integer, primary_key=True),
                           sa.Column("created_at", sa.DateTime(timezone=True)))
    sa.Index("ix_attempts_key", attempts_v8.c.attempt_key, unique=True).create(conn)
    sa.Index("ix_runs_key", runs_v8.c.run_key, unique=True).create(conn)
    sa.Index("ix_learners_created", learners_v8.c.created_at).create(conn)


def _v9(conn: Connection) -> None:
    _add_column(conn, "runs", sa.Column("mode", sa.String(16), nullable=False, server_default=""))
    meta = sa.MetaData()
    runs_v9 = sa.Table("runs", meta, sa.Column("id", sa.Integer, primary_key=True),
                       sa.Column("learner_id", sa.Integer), sa.Column("mode", sa.String(16)),
                       sa.Column("score", sa.Integer))
    sa.Index("ix_runs_learner_mode", runs_v9.c.learner_id, runs_v9.c.mode, runs_v9.c.score).create(conn)


def _v10(conn: Connection) -> None:
    meta = sa.MetaData()
    attempts_v10 = sa.Table("attempts", meta, *(sa.Column(name) for name in (
        "learner_id", "part", "day", "kind", "correct", "helped", "seconds", "tags", "points_lost")))
    cards_v10 = sa.Table("review_cards", meta, *(sa.Column(name) for name in ("learner_id", "due", "part")))
    for old in ("ix_attempts_learner_part", "ix_review_cards_due"):
        conn.execute(sa.text(f"DROP INDEX {old}"))
    a, c = attempts_v10.c, cards_v10.c
    sa.Index("ix_attempts_learner_part", a.learner_id, a.part, a.day, a.kind, a.correct, a.helped,
             a.seconds).create(conn)
    sa.Index("ix_attempts_learner_tags", a.learner_id, a.part, a.tags, a.correct, a.helped, a.points_lost,
             a.seconds).create(conn)
    sa.Index("ix_review_cards_due", c.learner_id, c.due, c.part).create(conn)


def _v11(conn: Connection) -> None:
    meta = sa.MetaData()
    a = sa.Table("attempts", meta, *(sa.Column(name) for name in ("learner_id", "mode", "day", "helped"))).c
    conn.execute(sa.text("DROP INDEX ix_attempts_learner_mode"))
    sa.Index("ix_attempts_learner_mode", a.learner_id, a.mode, a.day, a.helped).create(conn)


def _v12(conn: Connection) -> None:
    meta = sa.MetaData()
    sa.Table("assignments", meta, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table("accounts", meta, sa.Column("id", sa.Integer, primary_key=True))
    table = sa.Table(
        "assignment_for", meta,
        sa.Column("assignment_id", sa.Integer, sa.ForeignKey("assignments.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
    )
    table.create(conn)


def _v13(conn: Connection) -> None:
    meta = sa.MetaData()
    sa.Table("learners", meta, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table(
        "hands", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("hand_key", sa.String(40), nullable=False),
        sa.Column("record", sa.Text, nullable=False),
        sa.Column("rules", sa.String(16), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("turns", sa.Integer, nullable=False),
        sa.Column("moves", sa.Integer, nullable=True),
        sa.Column("mistakes", sa.Integer, nullable=True),
        sa.Column("points_lost", sa.Integer, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("learner_id", "hand_key", name="uq_hands_key"),
        sa.Index("ix_hands_learner", "learner_id", "created_at"),
    ).create(conn)


def _v14(conn: Connection) -> None:
    meta = sa.MetaData()
    sa.Table("learners", meta, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table(
        "play_tables", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(16), nullable=False, unique=True),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_play_tables_created", "created_at"),
    ).create(conn)
    sa.Table(
        "table_seats", meta,
        sa.Column("table_id", sa.Integer, sa.ForeignKey("play_tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id", ondelete="CASCADE"), nullable=True),
        sa.Column("computer", sa.String(16), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_table_seats_learner", "learner_id"),
    ).create(conn)
    sa.Table(
        "table_moves", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("play_tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.String(16), nullable=False),
        sa.Column("claim", sa.Integer, nullable=True),
        sa.Column("request", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "number", name="uq_table_moves_number"),
        sa.UniqueConstraint("table_id", "request", name="uq_table_moves_request"),
    ).create(conn)


def _v15(conn: Connection) -> None:
    meta = sa.MetaData()
    sa.Table("classes", meta, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table("play_tables", meta, sa.Column("id", sa.Integer, primary_key=True))
    sa.Table(
        "events", meta,
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Index("ix_events_class", "class_id"),
    ).create(conn)
    sa.Table(
        "event_boards", meta,
        sa.Column("event_id", sa.Integer, sa.ForeignKey("events.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("deal", sa.Integer, primary_key=True),
        sa.Column("table_label", sa.String(4), primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("play_tables.id", ondelete="CASCADE"), nullable=False,
                  unique=True),
    ).create(conn)


def _v16(conn: Connection) -> None:
    _add_column(conn, "table_seats", sa.Column("seen_at", sa.DateTime(timezone=True), nullable=True))


@dataclass(frozen=True)
class Migration:
    version: int
    description: str
    apply: Callable[[Connection], None]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "learners and attempts", _v1),
    Migration(2, "ratings, puzzle ratings, rating history; attempts' rated, mode and tags", _v2),
    Migration(3, "review cards", _v3),
    Migration(4, "timed drill runs", _v4),
    Migration(5, "lesson mastery", _v5),
    Migration(6, "learners' language", _v6),
    Migration(7, "club mode: accounts, sign-in failures, sessions, classes, members, assignments", _v7),
    Migration(8, "answers' and runs' own keys (kept once when sent again); learners by creation time", _v8),
    Migration(9, "runs' mode: drill runs, puzzle streaks and storms", _v9),
    Migration(10, "the Progress page's sums from covering indexes", _v10),
    Migration(11, "the daily streak from a covering index, with help", _v11),
    Migration(12, "assignments for some learners of a class only", _v12),
    Migration(13, "a learner's own hands, with their reviews' sums", _v13),
    Migration(14, "tables where learners play each other: seats and moves, a row each", _v14),
    Migration(15, "duplicate events of a class: their boards, each a table of one hand", _v15),
    Migration(16, "when each seated player's page last read his table (the computer plays for one away)",
              _v16),
)
LATEST = MIGRATIONS[-1].version
# a PostgreSQL advisory lock held while migrating, so that two app processes starting
# together do not both upgrade
MIGRATION_LOCK = 4_151_515


def read_version(conn: Connection) -> int:
    """The schema version of the database (0 for one without the table or its row)."""
    if not sa.inspect(conn).has_table("schema_version"):
        return 0
    value = conn.execute(sa.select(schema_version.c.version)).scalar()
    return int(value) if value is not None else 0


def migrate(conn: Connection, target: int = LATEST) -> tuple[int, int]:
    """Run every step after the database's version up to `target`, inside the caller's
    transaction; returns (version before, version after)."""
    if conn.dialect.name == "postgresql":
        conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    before = read_version(conn)
    if before >= target:
        return before, before
    if before == 0:
        schema_version.create(conn, checkfirst=True)
    for step in MIGRATIONS:
        if before < step.version <= target:
            step.apply(conn)
    conn.execute(sa.delete(schema_version))
    conn.execute(sa.insert(schema_version).values(version=target))
    return before, target
