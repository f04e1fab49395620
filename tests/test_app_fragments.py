"""Clicks that rerun a fragment, not the page: the Drills page's board, answer and tally,
the Puzzles page's tiles and ends. In a browser such a click reruns only the fragment it
is in; what the fragment does not draw stays as the last whole run left it. AppTest
reruns the whole script on every click, so `in_fragment` makes a click rerun only the
fragments of the last run, as a browser does: the tree that comes back is what that
run drew, and anything a learner must see change after the click has to be in it (or
the fragment has to rerun the whole page)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest

pytest.importorskip("streamlit")
from streamlit.runtime.scriptrunner import RerunData  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.engine.moves import Move  # noqa: E402
from trainer.i18n import t  # noqa: E402
from trainer.puzzles.bank import shipped  # noqa: E402
from trainer.puzzles.daily import daily  # noqa: E402
from trainer.puzzles.kinds import Puzzle  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.teach.drills import make_item  # noqa: E402

APP = str(Path(__file__).resolve().parent.parent / "app.py")
SEED = 11


@contextmanager
def in_fragment(at: AppTest) -> Iterator[None]:
    """Within this block, a run reruns only the fragments the last run registered."""
    ids = list(at._fragment_storage._fragments)  # AppTest keeps them between runs
    assert len(ids) == 1, ids  # each page here has one fragment
    with patch("streamlit.testing.v1.local_script_runner.RerunData",
               partial(RerunData, fragment_id_queue=ids)):
        yield


def ok(target: Any) -> AppTest:
    at: AppTest = target.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def texts(elements: Any) -> list[str]:
    return [str(e.value) for e in elements]


def whole_page(at: AppTest, title: str) -> bool:
    """Whether the last run drew the whole page (its title), not a fragment alone."""
    return title in texts(at.title)


# ----- drills -----
def drills_page(**state: Any) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    for key, value in {"drill_seed": SEED, "drill_kind": "total", "drill_level": 1, **state}.items():
        at.session_state[key] = value
    ok(at)
    return ok(at.switch_page("ui/drills.py"))


def answer_total(at: AppTest, value: int) -> AppTest:
    at.text_input(key="drill_count").input(str(value))
    return ok(at.button(key="drill_submit").click())


def board_html(at: AppTest) -> list[str]:
    return [str(h.proto.body) for h in at.main.get("html") if "data:image/svg" in str(h.proto.body)]


def test_a_drill_answered_in_its_fragment_shows_the_verdict_and_the_tally() -> None:
    at = drills_page()
    item = make_item("total", SEED, 1)
    first_board = board_html(at)
    with in_fragment(at):
        answer_total(at, item.answer)
    assert not whole_page(at, t("drills.title"))  # the fragment alone ran
    assert texts(at.success) == [item.check(item.answer).message]
    assert t("drills.session", right=1, answered=1) in texts(at.caption)
    with in_fragment(at):
        ok(at.button(key="drill_next").click())
    assert at.session_state["drill_seed"] == SEED + 1
    following = make_item("total", SEED + 1, 1)
    assert f"**{following.question()}**" in texts(at.markdown)
    assert board_html(at) and board_html(at) != first_board  # the next board is drawn
    assert not at.success and t("drills.session", right=1, answered=1) in texts(at.caption)
    with in_fragment(at):
        answer_total(at, following.answer + 1)
    assert texts(at.error) == [following.check(following.answer + 1).message]
    assert t("drills.session", right=1, answered=2) in texts(at.caption)
    assert [r["correct"] for r in at.session_state["results"]] == [True, False]


def test_a_drill_answer_the_store_refuses_reruns_the_whole_page_to_say_so(db: Path) -> None:
    at = drills_page()
    at.session_state["learner_id"] = 404  # no such learner: the store refuses the answer
    item = make_item("total", SEED, 1)
    with in_fragment(at):
        answer_total(at, item.answer)
    assert whole_page(at, t("drills.title"))
    refused = t("progress.not_saved", error="@").split("@")[0]
    assert any(w.startswith(refused) for w in texts(at.warning))
    assert texts(at.success) == [item.check(item.answer).message]  # the verdict all the same


# ----- puzzles -----
def best_play() -> Puzzle:
    """A best-play puzzle other than today's, with at least two tiles to choose from."""
    today = daily(shipped(), date.today())
    return next(p for p in shipped() if p.kind == "best-play" and p.id != today.id
                and len({m.tile for m in p.parsed().legal_moves()}) >= 2)


def puzzles_page(puzzle: Puzzle, learner: str | None = None, **state: Any) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["puzzle"] = puzzle.id
    if learner is not None:
        at.query_params["learner"] = learner
    ok(at)
    for key, value in state.items():
        at.session_state[key] = value
    return ok(at.switch_page("ui/puzzles.py"))


def test_a_tile_clicked_in_the_puzzle_fragment_shows_its_ends_and_an_end_answers() -> None:
    puzzle = best_play()
    at = puzzles_page(puzzle)
    move = Move.parse(puzzle.accepted[0])
    with in_fragment(at):
        ok(at.button(key=f"ptile_{move.tile}").click())
    assert not whole_page(at, t("puzzles.title"))
    assert at.button(key=f"ptile_{move.tile}").proto.type == "primary"
    sides = {m.side for m in puzzle.parsed().legal_moves() if m.tile == move.tile}
    assert {b.key for b in at.button if b.key and b.key.startswith("pend_")} == {f"pend_{s}" for s in sides}
    with in_fragment(at):
        ok(at.button(key=f"pend_{move.side}").click())
    assert whole_page(at, t("puzzles.title"))  # the answer changes the page: all of it ran
    assert at.session_state["puzzle_answer"] == str(move)
    assert at.success and not [b for b in at.button if b.key and b.key.startswith("ptile_")]
    assert at.session_state["results"][-1] == {"part": "puzzle", "item": puzzle.id, "correct": True,
                                               "detail": ""}


def test_a_rated_answer_given_in_the_fragment_shows_the_new_rating(db: Path) -> None:
    with Store(str(db)) as store:
        store.create_learner("Ana")
    puzzle = best_play()
    at = puzzles_page(puzzle, learner="Ana", puzzle_mode="rated", puzzle_source="stream",
                      puzzle_id=puzzle.id)
    assert at.session_state["puzzle_id"] == puzzle.id
    assert t("puzzles.rated_intro", rating=1000, rd=350) in texts(at.caption)  # a new learner: the easy band
    assert t("puzzles.rated_provisional") in texts(at.caption)
    wrong = Move.parse(next(m.move for m in puzzle.moves if m.move not in puzzle.accepted))
    with in_fragment(at):
        ok(at.button(key=f"ptile_{wrong.tile}").click())
    with in_fragment(at):
        ok(at.button(key=f"pend_{wrong.side}").click())
    with Store(str(db)) as store:
        rating = store.learner(at.session_state["learner_id"]).rating
    after = round(rating.rating)
    assert 900 <= after < 1000  # a bounded step
    assert t("puzzles.rating_change", before=1000, after=after, change=f"{after - 1000:+d}") in texts(at.info)
    assert t("puzzles.rated_intro", rating=after, rd=round(rating.rd)) in texts(at.caption)
