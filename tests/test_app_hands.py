"""Your own hands: a hand played elsewhere, pasted as text or JSON or opened from a file,
checked as it is read (a wrong line named, as text), and each of the player's moves
judged on what he could see, as the review command judges them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from tests.test_app_first_hour import create, opened, stored
from tests.test_seat_record import finished_hands
from trainer.engine.game import Match
from trainer.engine.rules import preset
from trainer.engine.seatview import MAX_TEXT, SeatRecord
from trainer.i18n import t, tn
from trainer.play.mistakes import own_puzzle
from trainer.play.players import make_player
from trainer.play.reading import read
from trainer.play.seat_review import review_seat, review_sums
from trainer.store import HandSums, Store
from ui.hand_record import EXAMPLE, ended, file_text
from ui.state import plain

APP = str(Path(__file__).resolve().parent.parent / "app.py")


def ok(at: AppTest) -> AppTest:
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def hands_page(how: str = "text") -> AppTest:
    at = ok(AppTest.from_file(APP, default_timeout=120))
    at.switch_page("ui/hands.py")
    at = ok(at)
    if how != "click":
        at.radio(key="hands_how").set_value(how)
        at = ok(at)
    return at


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click()
    return ok(at)


def refused(at: AppTest) -> list[str]:
    return [e.value for e in at.error]


def test_a_hand_entered_by_clicking_refuses_what_the_rules_forbid_survives_a_reload_and_is_reviewed(
        db: Path) -> None:
    at = opened("hands")
    at.selectbox(key="hands_rules").set_value("standard")
    at = ok(at)
    at.selectbox(key="hands_players").set_value(2)
    at = ok(at)
    dealt = "5-2,5-1,4-2,4-0,3-3,3-0,2-1,2-0,0-0".split(",")
    for tile in dealt[:-1]:
        at = click(at, f"hands_deal_{tile}")
    assert at.button(key="hands_start").disabled  # 8 of 9 picked
    at = click(at, "hands_unpick")
    assert at.session_state["hands_picked"] == dealt[:7]
    for tile in dealt[7:]:
        at = click(at, f"hands_deal_{tile}")
    assert not [b for b in at.button if b.key == "hands_deal_6-6"]  # all dealt: no more to pick
    at = click(at, "hands_start")
    at.radio(key="hands_leader").set_value(1)
    at = ok(at)
    at = click(at, "hands_theirs_6-6")  # player 2 leads the double six
    # player 1 holds no six: he may not pass while the boneyard holds tiles
    at = click(at, "hands_pass")
    assert refused(at) == [t("hands.enter.must_draw", player=1, count=10)]
    at = click(at, "hands_drew_3-2")
    at = click(at, "hands_drew_6-2")
    at = click(at, "hands_drew_6-1")  # 6-2 fits: he may not draw again
    assert refused(at) == [t("hands.enter.must_play_draw", player=1, tile="6-2", side="East")]
    assert at.session_state["hands_drawn"] == ["3-2", "6-2"]
    # a reload in the middle of the turn loses nothing
    at = opened("hands", stored(at))
    assert at.session_state["hands_drawn"] == ["3-2", "6-2"] and "1: 6-6" in at.session_state["hands_record"]
    at = click(at, "hands_mine_6-2")  # both ends are sixes: which one is asked
    at = click(at, "hands_mine_end_E")
    at.number_input(key="hands_other_drew").set_value(2)
    at = ok(at)
    at = click(at, "hands_theirs_6-1")  # fits the west end only: laid at once
    at = click(at, "hands_mine_2-1")
    at = click(at, "hands_mine_end_E")
    assert not refused(at)
    assert at.session_state["hands_record"] == EXAMPLE
    code = [c.value for c in at.code]
    assert code == [EXAMPLE.rstrip("\n")] or code == [EXAMPLE]
    at = click(at, "hands_review_button")
    kept: Any = at.session_state["hands_review"]
    assert kept[0] == EXAMPLE
    assert [r.played for r in kept[1]] == [r.played for r in review_seat(SeatRecord.parse(EXAMPLE))]
    # undo takes back the last turn; the text mode shows what was clicked
    at = click(at, "hands_undo")
    assert at.session_state["hands_record"] == EXAMPLE.replace("0: 2-1@E\n", "")
    at.radio(key="hands_how").set_value("text")
    at = ok(at)
    assert at.text_area(key="hands_text").value == EXAMPLE.replace("0: 2-1@E\n", "")


def test_a_tile_of_a_suit_he_showed_he_lacks_is_refused_in_words(db: Path) -> None:
    """Player 2 drew on the sixes and twos at turn 3 and played the tile that fitted: he
    holds no two after it, so a two from him without a draw is refused."""
    at = opened("hands", "{}", hands_record=EXAMPLE.replace("0: 2-1@E\n", "0: 5-1@W\n"))
    at = click(at, "hands_theirs_2-2")  # fits the east end (2) only
    assert refused(at) == [t("hands.enter.lacks", player=2, pip=2, tile="2-2")]
    assert at.session_state["hands_record"].endswith("0: 5-1@W\n")  # nothing kept
    at = click(at, "hands_theirs_5-5")  # a five he may hold: on the west end, the only five
    assert not refused(at) and at.session_state["hands_record"].endswith("1: 5-5@W\n")


@pytest.mark.parametrize(("rules", "players"), [("standard", 2), ("partners", 4), ("cincos", 3)])
def test_a_hand_entered_to_its_end_gets_its_end_line(rules: str, players: int) -> None:
    """Played out or blocked, as the match recorded it: the end line the entry adds is
    the match's own (a record cut short of the end gets none)."""
    kinds = set()
    for match, number in finished_hands(rules, players):
        record = match.seat_record(number, 0)
        assert record.end is not None
        bare = replace(record, end=None, shown=())
        assert ended(bare, bare.follow()).end == record.end
        short = replace(bare, turns=bare.turns[:-1])
        assert ended(short, short.follow()) == short
        kinds.add(record.end.kind)
        if kinds == {"out", "blocked"}:
            break
    assert kinds == {"out", "blocked"}


def test_a_pasted_hand_is_read_then_each_move_judged_as_the_review_command_judges_it(db: Path) -> None:
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

    # where the tiles were before the first move, on what he had seen: exact, as Analysis reads them
    at.toggle(key=f"hands_where_{kept[1][0].number}").set_value(True)
    at = ok(at)
    decision = record.follow().decisions[0]
    found = read(decision.position, decision.voids)
    assert tn("play.where_uniform", found.deals, n=f"{found.deals:,}") in [c.value for c in at.caption]
    assert len(at.dataframe[-1].value) == len(found.chances) == 28 - 11 - 1  # his 11 tiles, 6-6 played


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


def test_a_reviewed_hand_is_kept_in_progress_opened_again_and_removed_after_a_second_click(db: Path) -> None:
    at = opened()
    create(at, "Maja")
    at = ok(at.switch_page("ui/hands.py"))
    at.radio(key="hands_how").set_value("text")
    at = click(ok(at), "hands_example")
    at = click(at, "hands_review_button")
    assert t("hands.kept") in [s.value for s in at.success]
    learner = at.session_state["learner_id"]
    reviews: Any = at.session_state["hands_review"][1]
    with Store(str(db)) as store:
        (kept,) = store.hands(learner)
        assert kept.sums == HandSums(*review_sums(reviews)) and kept.turns == 4
        assert store.hand_record(learner, kept.id) == SeatRecord.parse(EXAMPLE)
    at = ok(at.switch_page("ui/progress.py"))
    assert t("progress.hands_title") in [h.value for h in at.header]
    assert [i.value for i in at.info] == [t("progress.empty_hands", name="Maja")]  # no answers, one hand
    (link,) = [e for e in at.get("page_link") if e.proto.label == t("progress.hands_open")]
    assert link.proto.query_string == f"hand={kept.id}"
    # the link opens Your hands with that hand in it, the box emptied before
    at.session_state["hands_record"] = ""
    at.query_params["hand"] = str(kept.id)
    at = ok(at.switch_page("ui/hands.py"))
    assert at.session_state["hands_record"] == EXAMPLE and at.text_area(key="hands_text").value == EXAMPLE
    assert "hand" not in at.query_params
    for wrong in ("999", "<b>x</b>"):  # not his, not a number: said as text, the box kept
        at.query_params["hand"] = wrong
        at = ok(at.switch_page("ui/hands.py"))
        assert [w.value for w in at.warning] == [t("hands.open_missing", hand=plain(wrong))]
        assert at.session_state["hands_record"] == EXAMPLE
    at = ok(at.switch_page("ui/progress.py"))
    at = click(at, "progress_hand_remove")
    with Store(str(db)) as store:
        assert len(store.hands(learner)) == 1  # not yet: a second click says yes
    at = click(at, "progress_hand_sure")
    with Store(str(db)) as store:
        assert store.hands(learner) == []
    assert t("progress.hands_none") in [c.value for c in at.caption]


def test_without_a_learner_the_review_says_how_to_keep_the_hand(db: Path) -> None:
    at = hands_page()
    at = click(at, "hands_example")
    at = click(at, "hands_review_button")
    assert t("hands.keep_need_learner") in [c.value for c in at.caption] and not at.success


def test_the_mistakes_of_a_kept_hand_become_puzzles_of_his_own(db: Path) -> None:
    """A hand where the seat played at random against the greedy computer: the moves the
    review grades a mistake or a blunder are filed in his review queue, each once."""
    match = Match(preset("standard"), 2, 2)
    bots = [make_player("random", 2, match.target), make_player("greedy", 2, match.target)]
    while not match.results:
        match.play(bots[match.position.turn].choose(match.position, match.voids()))
    at = opened()
    create(at, "Maja")
    at = ok(at.switch_page("ui/hands.py"))
    at.radio(key="hands_how").set_value("text")
    at = ok(at)
    at.text_area(key="hands_text").input(match.seat_record(1, 0).text())
    at = click(ok(at), "hands_review_button")
    reviews: Any = at.session_state["hands_review"][1]
    own = {p.item for p in map(own_puzzle, reviews) if p is not None}
    assert own, [r.grade for r in reviews]
    with Store(str(db)) as store:
        queue = store.review_queue(at.session_state["learner_id"])
    assert {item.item for item in queue if item.kind == "mine"} == own
