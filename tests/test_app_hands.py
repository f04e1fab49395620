"""Your own hands: a hand played elsewhere, pasted as text or JSON or opened from a file,
checked as it is read (a wrong line named, as text), and each of the player's moves
judged on what he could see, as the review command judges them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from streamlit.testing.v1 import AppTest

from trainer.engine.seatview import MAX_TEXT, SeatRecord
from trainer.i18n import t
from trainer.play.seat_review import review_seat
from ui.hand_record import EXAMPLE, file_text

APP = str(Path(__file__).resolve().parent.parent / "app.py")


def ok(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def hands_page() -> AppTest:
    at = ok(AppTest.from_file(APP, default_timeout=120))
    at.switch_page("ui/hands.py")
    return ok(at)


def test_a_pasted_hand_is_read_then_each_move_judged_as_the_review_command_judges_it() -> None:
    at = hands_page()
    assert at.title[0].value == t("hands.title")
    at.button(key="hands_example").click()
    at = ok(at)
    texts = [m.value for m in at.markdown]
    assert "Rules: standard; 2 players; you are player 1; turns written down: 4." in texts
    at.button(key="hands_review_button").click()
    at = ok(at)
    record = SeatRecord.parse(EXAMPLE)
    kept: Any = at.session_state["hands_review"]
    assert kept[0] == EXAMPLE and [r.played for r in kept[1]] == [r.played for r in review_seat(record)]
    heads = [m.value for m in at.markdown if m.value.startswith("**")]
    assert len(heads) == 2 and "6-2 on the east end" in heads[0] and "2-1 on the east end" in heads[1]
    assert [s.value for s in at.subheader][-1] == t("hands.review_title", player=1)


def test_the_json_form_reads_the_same_and_a_wrong_line_is_named_as_text() -> None:
    at = hands_page()
    at.text_area(key="hands_text").input(SeatRecord.parse(EXAMPLE).to_json())
    at = ok(at)
    summary = "Rules: standard; 2 players; you are player 1; turns written down: 4."
    assert summary in [m.value for m in at.markdown]
    at.text_area(key="hands_text").input(EXAMPLE.replace("0: 2-1@E", "0: 4-0@E <b>"))
    at = ok(at)
    (error,) = at.error
    assert error.value.startswith("This record cannot be read: seat record line 9")
    assert "<b>" in error.value or "&lt;b&gt;" not in error.value  # shown as text, never as HTML
    assert not at.get("button") or not [b for b in at.button if b.key == "hands_review_button"]


def test_a_file_too_big_or_not_text_is_refused_in_words() -> None:
    assert file_text(b"x" * (MAX_TEXT + 1), "en") == (None, "That file is too big for a hand's record: "
                                                      "100,000 characters at most.")
    assert file_text(b"\xff\xfe\x00", "es")[1] == t("hands.not_text", "es")
    assert file_text(EXAMPLE.encode(), "en") == (EXAMPLE, None)
