"""Fixtures shared by the tests.

The app's tests never touch a real progress database: for the whole test run the
environment variable ALLFIVES_DB names a file in a temporary folder of its own (a test
may set another for itself).

`store_url` and `store`: every store test that takes them runs on an SQLite file and,
when the environment variable ALLFIVES_TEST_PG_URL names a PostgreSQL database, on
PostgreSQL too (each test in a schema of its own, dropped afterwards; the database
itself is never emptied). Without the variable the PostgreSQL runs are skipped."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from trainer.puzzles import bank
from trainer.store import ENV, Store

PG_ENV = "ALLFIVES_TEST_PG_URL"
SECRET_ENV = "ALLFIVES_SECRET"
WAITING_ENV = "ALLFIVES_WAITING_DIR"
BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(autouse=True, scope="session")
def _app_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """ALLFIVES_DB for the test run: a file of its own, whatever the shell had set; and
    the key that seals what the browser keeps (ALLFIVES_SECRET), the run's own, so that
    no key file is made in the user's folder; and the folder of waiting answers' files."""
    before = {name: os.environ.get(name) for name in (ENV, SECRET_ENV, WAITING_ENV)}
    os.environ[ENV] = str(tmp_path_factory.mktemp("app-database") / "progress.db")
    os.environ[WAITING_ENV] = str(tmp_path_factory.mktemp("waiting"))
    os.environ[SECRET_ENV] = "the test run's own key"
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh database file for an app test, and a fresh resource cache (as in a new
    process)."""
    import streamlit as st

    path = tmp_path / "progress.db"
    monkeypatch.setenv(ENV, str(path))
    st.cache_resource.clear()
    yield path
    st.cache_resource.clear()


def pg_url() -> str | None:
    return os.environ.get(PG_ENV) or None


def _with_schema(url: str, schema: str) -> str:
    parsed = sa.make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
        hide_password=False)


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL (or path) of an empty database of each backend."""
    if request.param == "sqlite":
        yield str(tmp_path / "progress.db")
        return
    base = pg_url()
    if base is None:
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL to test against")
    schema = "t_" + uuid.uuid4().hex[:12]
    admin = sa.create_engine(_with_schema(base, "public"))
    try:
        with admin.begin() as conn:
            conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
        yield _with_schema(base, schema)
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    opened = Store(store_url, catalogue=bank.catalogue())
    try:
        yield opened
    finally:
        opened.close()


def pytest_report_header() -> str:
    """Which fast path the engine runs on: the C extension or the pure-Python one."""
    from trainer.search._backend import NAME

    return f"All Fives engine fast path: {NAME}"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked `c_speed` (big searches, or the C extension's threads) are skipped on
    the pure-Python fast path; tests/test_backends.py compares the two paths there."""
    from trainer.search._backend import NAME

    if NAME == "python":
        skip = pytest.mark.skip(reason="needs the C extension (the pure-Python fast path runs)")
        for item in items:
            if item.get_closest_marker("c_speed"):
                item.add_marker(skip)


@pytest.fixture
def club(store_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    """Club mode (the app's pages behind the sign-in) over a fresh database of each
    backend, and a fresh resource cache."""
    import streamlit as st

    from ui.state import MODE_ENV

    monkeypatch.setenv(ENV, store_url)
    monkeypatch.setenv(MODE_ENV, "club")
    st.cache_resource.clear()
    store = Store(store_url, catalogue=bank.catalogue())
    yield store
    store.close()
    st.cache_resource.clear()
