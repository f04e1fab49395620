"""Every fault of the store through every page: the page says what is wrong in plain
words, and nothing a learner can read holds any part of the database's address (its
user, host, port, database, socket folder or driver), whether the store cannot be
opened at all or every one of its calls fails. Operators (ALLFIVES_ADMIN=1) are told
where the database is."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

import ui.state  # noqa: E402
from trainer.i18n import t  # noqa: E402
from trainer.store import (  # noqa: E402
    Store,
    StoreCorruptError,
    StoreDriverError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreMissingError,
    StoreReadOnlyError,
    StoreUnreachableError,
)
from trainer.teach.drills import make_item  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("home", "learn", "drills", "puzzles", "play", "analysis", "progress")
URL = "postgresql+psycopg://clubowner:hunter2@db7.example.internal:6543/clubdata?host=/srv/pgsock-7f3a"
SECRETS = ("clubowner", "hunter2", "db7.example.internal", "example.internal", "6543", "clubdata",
           "pgsock-7f3a", "/srv/", "psycopg", "postgresql", ".s.PGSQL", "sqlite3", "OperationalError")
DETAIL = (f"cannot reach the database server at {URL}: connection to server on socket "
          f'"/srv/pgsock-7f3a/.s.PGSQL.6543" failed: FATAL: role "clubowner" (psycopg.OperationalError)')
FAULTS: tuple[type[StoreError], ...] = (StoreError, StoreLockedError, StoreMissingError, StoreCorruptError,
                                        StoreReadOnlyError, StoreFullError, StoreUnreachableError,
                                        StoreDriverError)


class Faulty:
    """A store whose every call fails with `fault` (its operator's message full of the
    address), as a store whose server has gone away does."""

    def __init__(self, real: Store, fault: type[StoreError]) -> None:
        self._real = real
        self._fault = fault
        self.location = URL
        self.created = False
        self.catalogue = real.catalogue

    def __getattr__(self, name: str) -> Callable[..., Any]:
        if not callable(getattr(self._real, name)):
            return getattr(self._real, name)  # type: ignore[no-any-return]

        def failing(*args: Any, **kwargs: Any) -> Any:
            raise self._fault(DETAIL)
        return failing


def page_text(at: AppTest) -> str:
    """Everything the page shows (values, labels, help texts, options, captions)."""
    shown = []
    stack = list(at._tree.children.values())
    while stack:
        element = stack.pop()
        stack.extend(getattr(element, "children", {}).values())
        proto = getattr(element, "proto", None)
        if proto is not None:
            shown.append(str(proto))
        for name in ("value", "label", "body", "help", "placeholder", "options"):
            try:
                shown.append(str(getattr(element, name)))
            except Exception:
                pass
    return "\n".join(shown).replace("\\", "").replace("\u2060", "")


def leaks(at: AppTest) -> list[str]:
    text = page_text(at)
    return [part for part in SECRETS if part.lower() in text.lower()]


def ok(at: AppTest) -> AppTest:
    at = at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


@pytest.fixture
def known(db: Path) -> Path:
    """Ann, read once by this process (as a server that ran before its database went away)."""
    with Store(str(db)) as store:
        store.create_learner("Ann")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["learner"] = "Ann"
    ok(at)
    return db


@pytest.mark.parametrize("fault", FAULTS, ids=[f.__name__ for f in FAULTS])
def test_every_call_failing_shows_plain_words_and_no_address_on_any_page(
        known: Path, fault: type[StoreError], monkeypatch: pytest.MonkeyPatch) -> None:
    real = Store(str(known))
    monkeypatch.setattr(ui.state, "_shared_store", lambda setting: Faulty(real, fault))
    try:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.query_params["learner"] = "Ann"
        for key, value in (("drill_seed", 4), ("drill_kind", "total"), ("drill_level", 1)):
            at.session_state[key] = value
        at = ok(at)
        assert at.session_state["learner_id"] is not None  # still chosen
        words = t(f"store.fault.{fault.fault}")
        for page in PAGES:
            at = ok(at.switch_page(f"ui/{page}.py"))
            assert not leaks(at), (page, leaks(at))
        at = ok(at.switch_page("ui/drills.py"))
        at.text_input(key="drill_count").input(str(make_item("total", 4, 1).answer))
        at = ok(at.button(key="drill_submit").click())
        shown = " ".join(str(e.value) for e in [*at.info, *at.warning]).replace("\\", "")
        assert words in shown, shown
        assert not leaks(at), leaks(at)
    finally:
        real.close()


@pytest.mark.parametrize("fault", FAULTS, ids=[f.__name__ for f in FAULTS])
def test_a_store_that_cannot_be_opened_shows_plain_words_and_no_address(
        db: Path, fault: type[StoreError], monkeypatch: pytest.MonkeyPatch) -> None:
    def failing(setting: str) -> Store:
        raise fault(DETAIL)
    monkeypatch.setattr(ui.state, "_shared_store", failing)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at = ok(at)
    for page in PAGES:
        at = ok(at.switch_page(f"ui/{page}.py"))
        assert t(f"store.fault.{fault.fault}") in " ".join(str(w.value) for w in at.warning).replace("\\", "")
        assert not leaks(at), (page, leaks(at))
    monkeypatch.setenv("ALLFIVES_ADMIN", "1")  # an operator is told where and why
    at = ok(AppTest.from_file(str(ROOT / "app.py"), default_timeout=120))
    assert "db7.example.internal" in " ".join(str(w.value) for w in at.warning).replace("\\", "")


def test_club_sign_in_says_the_database_cannot_be_opened(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Club mode with the database away at start: the sign-in page says so before anyone
    types, and a right password gets the reason, not a silent nothing."""
    def failing(setting: str) -> Store:
        raise FAULTS[0](DETAIL)
    monkeypatch.setenv("ALLFIVES_MODE", "club")
    monkeypatch.setattr(ui.state, "_shared_store", failing)
    at = ok(AppTest.from_file(str(ROOT / "app.py"), default_timeout=120))
    words = t(f"store.fault.{FAULTS[0].fault}")
    said = " ".join(str(w.value) for w in at.warning).replace("\\", "")
    assert t("club.store_away", error=words) in said and not leaks(at)
    at.text_input(key="club_name").input("Ms Lee")
    at.text_input(key="club_password").input("teacher-pass")
    at = ok(list(at.get("form_submit_button"))[0].click())
    assert [str(e.value) for e in at.error] == [t("club.store_away", error=words)]
    assert not leaks(at)
