"""The address's `?waiting=TOKEN.N` (answers that waited for the database when the
tab's process ended) read strictly: a crafted or damaged mark is ignored, every answer
of the tab is still stored, and a well-formed one from an ended process says how many
answers were not kept."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.i18n import tn  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.teach.drills import make_item  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def drill_answer(mark: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["keep"] = {"stored": "{}"}
    at.session_state["drill_kind"] = "total"
    at.session_state["drill_level"] = 1
    at.query_params["learner"] = "Ann"
    at.query_params["waiting"] = mark
    at.run()
    at = at.switch_page("ui/drills.py").run()
    at.text_input(key="drill_count").input(str(make_item("total", 1, 1).answer))
    return at.button(key="drill_submit").click().run()


@pytest.mark.parametrize("mark", ["x.\u00b2", "x." + "9" * 5000, "\u0661.3", ".", "a" * 5000 + ".2", "x.-1"],
                         ids=["superscript", "5000 digits", "arabic digit", "dot", "long token", "negative"])
def test_a_crafted_waiting_mark_is_ignored_and_the_answer_stored(db: Path, mark: str) -> None:
    with Store(str(db)) as store:
        ann = store.create_learner("Ann").id
    at = drill_answer(mark)
    assert not at.exception, [e.value for e in at.exception]
    assert "waiting" not in at.query_params
    with Store(str(db)) as store:
        assert sum(n for n, _ in store.counts(ann).values()) == 1


def test_a_mark_from_an_ended_process_says_the_answers_are_kept_on_the_servers_disk(db: Path) -> None:
    with Store(str(db)) as store:
        store.create_learner("Ann")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["keep"] = {"stored": "{}"}
    at.query_params["learner"] = "Ann"
    at.query_params["waiting"] = "0123456789ab.3"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert tn("widgets.answers_restart_kept", 3) in [str(e.value) for e in at.warning]
