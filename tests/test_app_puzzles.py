"""The Puzzles page, driven as a learner would: clicks, hints, bad links."""

from __future__ import annotations

import base64
import re
from datetime import date
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.engine.moves import Move
from trainer.i18n import t
from trainer.puzzles.bank import by_id, shipped
from trainer.puzzles.daily import daily
from trainer.puzzles.kinds import KINDS, Puzzle
from trainer.puzzles.text import hint, quiz_board, signed
from trainer.svg import DESK_WIDTH, MAX_WIDTH, PHONE_WIDTH, Drawn, board_geometry, describe


def today_puzzle() -> Puzzle:
    """Today's puzzle, read when a test needs it (a run may pass midnight)."""
    return daily(shipped(), date.today())

APP = Path(__file__).resolve().parent.parent / "app.py"


def open_page(puzzle_id: str | None = None) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=60)
    if puzzle_id is not None:
        at.query_params["puzzle"] = puzzle_id
    at.run()
    at.switch_page("ui/puzzles.py").run()
    assert not at.exception
    return at


def click_move(at: AppTest, move: Move) -> None:
    at.button(key=f"ptile_{move.tile}").click().run()
    assert not at.exception
    at.button(key=f"pend_{move.side}").click().run()
    assert not at.exception


def a_wrong_move(puzzle: Puzzle) -> Move:
    return Move.parse(next(m.move for m in puzzle.moves if m.move not in puzzle.accepted))


def first_of(kind: str) -> Puzzle:
    return next(p for p in shipped() if p.kind == kind)


def test_todays_puzzle_comes_first_and_answers_right() -> None:
    today = today_puzzle()
    puzzle = first_of("endgame") if today.kind == "count" else today
    at = open_page(None if puzzle is today else puzzle.id)
    assert at.session_state["puzzle_id"] == puzzle.id
    click_move(at, Move.parse(puzzle.accepted[0]))
    assert at.success and at.success[0].value.startswith("Right")
    table = at.table[0].value  # every move, in words and code, its figures to one place
    assert len(table) == len(puzzle.moves)
    assert all(f"({m.move})" in str(words) for m, words in zip(puzzle.moves, table.iloc[:, 0]))
    assert not any(re.search(r"\.\d\d", str(cell)) for cell in table.to_numpy().ravel())
    assert at.session_state["results"][-1]["correct"] is True
    assert f"?puzzle={puzzle.id}" in " ".join(c.value for c in at.caption)  # a link to share it


def test_a_wrong_answer_shows_the_best_and_the_reply() -> None:
    puzzle = first_of("endgame")
    at = open_page(puzzle.id)
    wrong = a_wrong_move(puzzle)
    click_move(at, wrong)
    assert at.error and at.error[0].value.startswith("Not the answer:") and f"({wrong})" in at.error[0].value
    shown = "\n".join(m.value for m in at.markdown)
    assert "best line" in shown and "plays" in shown and " on the " in shown  # the line in words
    assert "Most points now:" in shown and "Best by the solver:" in shown
    assert at.session_state["results"][-1]["correct"] is False
    values = list(at.table[0].value.iloc[:, 2])  # exact values, written as the answers write them
    assert values == [signed(m.value) for m in puzzle.moves] and all("." not in v for v in values)
    best = puzzle.info(puzzle.best_by_value()[0])
    assert best is not None and f"exact value {signed(best.value)}." in shown


def test_a_hint_marks_the_attempt_as_helped() -> None:
    puzzle = first_of("best-play")
    at = open_page(puzzle.id)
    at.button(key="puzzle_hint_button").click().run()
    accepted = Move.parse(puzzle.accepted[0])
    assert at.info and at.info[0].value == hint(puzzle)
    click_move(at, accepted)
    assert "with a hint" in at.success[0].value
    assert at.session_state["results"][-1]["detail"] == "helped"


def test_count_puzzles_take_one_number_and_refuse_bad_text() -> None:
    puzzle = first_of("count")
    at = open_page(puzzle.id)
    for bad in ("abc", "-5", "", "10,000"):
        at.text_input(key="puzzle_count").input(bad)
        submit = list(at.get("form_submit_button"))[0]
        submit.click().run()
        assert not at.exception
        assert at.warning, bad
    at.text_input(key="puzzle_count").input(puzzle.accepted[0])
    list(at.get("form_submit_button"))[0].click().run()
    assert at.success and puzzle.accepted[0] in at.success[0].value


def test_a_count_puzzle_hides_its_answer_until_answered_and_has_a_hint() -> None:
    puzzle = max((p for p in shipped() if p.kind == "count"), key=lambda p: int(p.accepted[0]))
    at = open_page(puzzle.id)
    svg, alt = quiz_board(puzzle)
    html = "\n".join(str(getattr(e, "body", "")) + str(getattr(e, "value", "")) for e in at.main)
    assert alt in html and "count" not in alt
    assert f"count {puzzle.accepted[0]}" not in html and f"= {puzzle.accepted[0]}" not in html
    at.button(key="puzzle_hint_button").click().run()
    assert at.info and "end" in at.info[0].value and puzzle.accepted[0] not in at.info[0].value
    at.text_input(key="puzzle_count").input(puzzle.accepted[0])
    list(at.get("form_submit_button"))[0].click().run()
    assert at.success and at.session_state["results"][-1]["detail"] == "helped"


def open_chooser(at: AppTest) -> AppTest:
    """Open "Choose a puzzle" (its choices are drawn only while it is open)."""
    at.session_state["puzzle_chooser"] = True
    at.run()
    assert not at.exception
    return at


def test_next_never_repeats_until_the_choice_is_exhausted() -> None:
    at = open_chooser(open_page())
    at.selectbox(key="puzzle_kind").set_value("score-most").run()
    matching = {p.id for p in shipped() if p.kind == "score-most"}
    shown = []
    for _ in range(min(len(matching), 12)):
        at.button(key="puzzle_next").click().run()
        assert not at.exception
        shown.append(at.session_state["puzzle_id"])
    assert len(set(shown)) == len(shown) and set(shown) <= matching


def test_an_empty_choice_suggests_the_nearest_with_puzzles() -> None:
    at = open_chooser(open_page())
    at.selectbox(key="puzzle_kind").set_value("count").run()
    at.selectbox(key="puzzle_tag").set_value("greedy-trap").run()
    assert at.warning and at.button(key="puzzle_nearest")
    at.button(key="puzzle_nearest").click().run()
    assert not at.warning and not at.exception
    assert at.button(key="puzzle_next").disabled is False


def test_a_bad_puzzle_link_says_so_and_opens_today() -> None:
    at = open_page("no-such-puzzle")
    assert at.error and "no-such-puzzle" in at.error[0].value
    assert at.session_state["puzzle_id"] == today_puzzle().id


def test_every_kind_opens_by_link() -> None:
    for kind in KINDS:
        puzzle = first_of(kind)
        at = open_page(puzzle.id)
        assert at.session_state["puzzle_id"] == puzzle.id
        assert not at.exception


def test_the_chooser_folded_keeps_its_choices_and_draws_none() -> None:
    at = open_chooser(open_page())
    at.selectbox(key="puzzle_kind").set_value("deny").run()
    at.selectbox(key="puzzle_band").set_value("hard").run()
    at.session_state["puzzle_chooser"] = False  # folded: no choices drawn, none forgotten
    at.run()
    assert not at.exception and not at.main.selectbox and not [b for b in at.button if b.key == "puzzle_next"]
    open_chooser(at)
    assert (at.selectbox(key="puzzle_kind").value, at.selectbox(key="puzzle_band").value) == ("deny", "hard")
    at.button(key="puzzle_next").click().run()
    shown = next(p for p in shipped() if p.id == at.session_state["puzzle_id"])
    assert shown.kind == "deny" and shown.rating >= 1350


DRAWING = re.compile(r'src="data:image/svg\+xml;base64,([^"]+)"')
TILE = re.compile(r'<g class="tile" data-tile="([0-6]-[0-6])"><rect x="([-\d.]+)" y="([-\d.]+)" '
                  r'width="([\d.]+)" height="([\d.]+)"')


def board_tiles(at: AppTest) -> list[dict[str, tuple[float, float, float, float]]]:
    """Each board drawing on the page (desktop's, phone's): every tile's box, placed
    from the first tile drawn (the markers around a board move the whole drawing)."""
    html = "\n".join(str(getattr(e, "body", "")) for e in at.main)
    drawings = []
    for data in DRAWING.findall(html):
        svg = base64.b64decode(data).decode()
        boxes = [(tile, *map(float, box)) for tile, *box in TILE.findall(svg)]
        if not boxes:
            continue  # a tile of the hand, not a board
        x0, y0 = boxes[0][1], boxes[0][2]
        drawings.append({tile: (round(x - x0, 1), round(y - y0, 1), w, h) for tile, x, y, w, h in boxes})
    return drawings


def end_doubles(puzzle: Puzzle) -> list[str]:
    """The doubles at the end of an arm of the puzzle's layout."""
    layout = puzzle.parsed().layout
    return [f"{arm[-1][0]}-{arm[-1][1]}" for arm in layout.arms if len(arm) > 1 and arm[-1][0] == arm[-1][1]]


def test_a_count_puzzle_is_drawn_the_same_before_and_after_its_answer() -> None:
    """Count puzzles with a double at an end of the layout (c6818cc997's west arm ends in
    1-1 crosswise): the board before the answer, without its count, has the same drawings
    (desktop and phone) as the board after it, each tile in the same place."""
    def turns(puzzle: Puzzle, width: float) -> list[Drawn]:
        return board_geometry(puzzle.parsed().layout, width)[0]

    counts = [p for p in shipped() if p.kind == "count" and end_doubles(p)]
    long = [p for p in counts if turns(p, PHONE_WIDTH) != turns(p, MAX_WIDTH) != turns(p, DESK_WIDTH)]
    picked = [p for p in counts if p.id == "c6818cc997"] + long[:3]  # long: rows turn by the width
    assert len(picked) == 4
    for puzzle in picked:
        at = open_page(puzzle.id)
        before = board_tiles(at)
        at.text_input(key="puzzle_count").input(str(int(puzzle.accepted[0]) + 5))
        list(at.get("form_submit_button"))[0].click().run()
        assert not at.exception and at.error
        after = board_tiles(at)
        assert after and before == after, puzzle.id
        for drawing in after:
            for double in end_doubles(puzzle):
                assert double in drawing, (puzzle.id, double)


def test_a_puzzle_is_headed_by_its_kind_and_its_id_heads_the_line_below() -> None:
    puzzle = next(p for p in shipped() if p.id != today_puzzle().id and p.kind == "best-play")
    at = open_page(puzzle.id)
    heading = at.header[0].value
    assert heading == "Best play" and puzzle.id not in heading
    assert at.caption[0].value.startswith(f"Puzzle {puzzle.id} · Rating ")
    today = open_page()
    assert today.header[0].value.startswith("Today's puzzle: ")


def test_an_answer_shows_the_table_after_it_and_a_wrong_one_the_best_too() -> None:
    puzzle = first_of("best-play")
    at = open_page(puzzle.id)
    wrong = a_wrong_move(puzzle)
    click_move(at, wrong)
    after = describe(puzzle.parsed().layout.place(wrong.tile, wrong.side))
    best = Move.parse(puzzle.accepted[0])
    best_after = describe(puzzle.parsed().layout.place(best.tile, best.side))
    captions = [c.value for c in at.caption]
    assert after in captions and best_after in captions
    assert any(e.label.startswith(f"The table after {best.tile}") for e in at.expander)
    assert any(m.value.startswith(f"The table after your move, {wrong.tile}") for m in at.markdown)


def test_after_a_right_answer_the_next_puzzle_comes_first_after_a_wrong_one_another_try() -> None:
    puzzle = next(p for p in shipped() if p.kind == "best-play" and p.id != today_puzzle().id)
    at = open_page(puzzle.id)
    click_move(at, a_wrong_move(puzzle))
    keys = [b.key for b in at.button if b.key in ("puzzle_retry", "puzzle_after_next", "puzzle_today")]
    assert keys == ["puzzle_retry", "puzzle_after_next", "puzzle_today"]
    assert at.button(key="puzzle_retry").proto.type == "primary"
    at.button(key="puzzle_retry").click().run()
    click_move(at, Move.parse(puzzle.accepted[0]))
    assert all(b.key != "puzzle_retry" for b in at.button)
    assert at.button(key="puzzle_after_next").proto.type == "primary"
    at.button(key="puzzle_after_next").click().run()
    assert not at.exception
    assert at.session_state["puzzle_id"] != puzzle.id and at.session_state["puzzle_answer"] is None


def test_a_puzzles_themes_are_shown_only_once_it_is_answered() -> None:
    def themes_said(at: AppTest, puzzle: Puzzle) -> bool:
        words = " ".join(str(e.value) for kind in ("caption", "markdown", "info", "subheader", "header")
                         for e in getattr(at, kind))
        return "themes:" in words or any(t(f"puzzles.tag.{tag}") in words for tag in puzzle.tags)

    themed = next(p for p in shipped() if p.id != today_puzzle().id and p.moves and p.tags)
    today = today_puzzle() if today_puzzle().tags else None
    for puzzle, link in ((themed, themed.id), *(((today, None),) if today is not None else ())):
        at = open_page(link)
        assert at.session_state["puzzle_id"] == puzzle.id
        assert not themes_said(at, puzzle)
        if puzzle.kind == "count":
            at.text_input(key="puzzle_count").input(puzzle.accepted[0])
            list(at.get("form_submit_button"))[0].click().run()
        else:
            click_move(at, a_wrong_move(puzzle))
        assert themes_said(at, puzzle)  # answered, even wrongly: now they are the lesson
    streak = AppTest.from_file(str(APP), default_timeout=60)
    streak.run()
    streak.query_params["mode"] = "streak"
    streak.switch_page("ui/puzzles.py").run()
    streak.button(key="run_start_streak").click().run()
    assert streak.session_state["puzzle_source"] == "streak"
    streak.session_state["puzzle_id"] = themed.id  # a streak's puzzle that has themes, whatever was served
    streak.run()
    assert not streak.exception and not themes_said(streak, themed)


def test_a_puzzle_the_bank_no_longer_has_opens_todays_and_says_so() -> None:
    """A tab kept a puzzle's id from before the bank changed (or a crafted one): the page
    says so and opens today's puzzle, a fresh attempt, instead of failing."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.session_state["keep_heard"] = True
    at.run()
    at.session_state["puzzle_id"] = "0000gone00"
    at.session_state["puzzle_hint"] = True
    at.switch_page("ui/puzzles.py").run()
    assert not at.exception
    assert t("puzzles.gone") in [str(i.value) for i in at.info]
    assert at.session_state["puzzle_id"] == daily(shipped(), date.today()).id
    assert at.session_state["puzzle_hint"] is False


def test_a_score_most_answer_that_costs_over_the_hand_says_so_first() -> None:
    """se77bc0112: 2-0@N scores 10 now (expected 9.2 over the hand), 6-3@W scores 5 and
    is worth 39.7. Right for the question, the page warns first that in a game the
    other move is the play, with what the answer costs; a puzzle where the two agree
    gives no warning. The question itself says it is about now only."""
    from trainer.puzzles.text import COSTLY_NOW, cost_over_the_hand

    costly = by_id("se77bc0112")
    assert cost_over_the_hand(costly) == pytest.approx(30.5)
    at = open_page(costly.id)
    assert any("about now only" in m.value for m in [*at.markdown, *at.caption, *at.info])
    click_move(at, Move.parse("2-0@N"))
    assert at.success[0].value.startswith("Right")
    (warning,) = at.warning
    assert warning.value == ("This puzzle asks for the most points now, and that is 2-0 on the north end "
                             "(2-0@N); but over the hand it costs 30.5 against 6-3 on the west end (6-3@W). "
                             "In a game, play 6-3 on the west end (6-3@W).")
    sound = next(p for p in shipped() if p.kind == "score-most" and cost_over_the_hand(p) < COSTLY_NOW)
    at = open_page(sound.id)
    click_move(at, Move.parse(sound.accepted[0]))
    assert not at.warning


def test_a_read_puzzle_asks_in_words_and_grades_against_the_exact_chances() -> None:
    """A read puzzle of each question: the question, the learner's tiles, one button per
    answer; the accepted one is right, another wrong, and the feedback gives the chances
    the puzzle's own exact answer holds; the hint names no answer."""
    from trainer.search.tile_questions import Question, answer

    reads = [p for p in shipped() if p.kind == "read"]
    for kind in ("who", "can"):
        puzzle = next(p for p in reads if p.question.startswith(kind))
        found = answer(puzzle.parsed(), puzzle.void_map(), Question.parse(puzzle.question))
        assert (found.answer,) == puzzle.accepted  # proven again, independently of the page
        for given in (puzzle.accepted[0], next(c for c in found.choices if c != found.answer)):
            at = open_page(puzzle.id)
            question = [m.value for m in at.markdown if m.value.startswith("**You are player")]
            assert question, [m.value for m in at.markdown]
            keys = sorted(b.key for b in at.button if b.key and b.key.startswith("puzzle_read_"))
            assert keys == sorted(f"puzzle_read_{c}" for c in found.choices)
            at.button(key=f"puzzle_read_{given}").click().run()
            assert not at.exception
            right = given == found.answer
            assert bool(at.success) == right and bool(at.error) == (not right)
            told = " ".join(m.value for m in at.markdown)
            if kind == "who":
                assert all(f"{round(100 * c)}%" in told or c in (0, 1) for c in found.chances if c)
            assert not [b for b in at.button if b.key and b.key.startswith("puzzle_read_")]  # answered
            assert at.session_state["puzzle_answer"] == given
        words = hint(puzzle)
        assert "boneyard" not in words.lower() and "likely" not in words.lower()
