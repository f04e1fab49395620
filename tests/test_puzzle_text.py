"""Puzzles in words: count puzzles that never show their answer before it is given,
move codes and lines in words, hints for every kind, both figures in the feedback."""

from __future__ import annotations

import re

from trainer.i18n import t
from trainer.puzzles.bank import shipped
from trainer.puzzles.text import both_answers, header, hint, line_words, move_words, quiz_board

BANK = shipped()
NUMBER = re.compile(r"\d+")


def test_no_count_puzzle_shows_its_answer_before_it_is_answered() -> None:
    """Board, alt text, caption, question and hint of every count puzzle: no count
    label, no end values, no total."""
    counts = [p for p in BANK if p.kind == "count"]
    assert counts
    question = t("puzzles.question.count")
    for p in counts:
        answer = p.accepted[0]
        svg, alt = quiz_board(p)
        assert "<text" not in svg, p.id  # no count label, no end badges: pips are drawn as dots
        title = re.search(r"<title>(.*?)</title>", svg)
        assert "count" not in alt and title is not None and "count" not in title.group(1)
        line = t("board.describe.line", tiles=len(p.parsed().layout.line))  # "Line of 7 tiles"
        for words in (alt.replace(line, ""), title.group(1).replace(line, ""), header(p), question, hint(p)):
            assert "=" not in words and f"count {answer}" not in words, (p.id, words)
            assert f"is {answer}" not in words, (p.id, words)
            if int(answer) > 6:  # a pip is at most 6: any larger number would be a total
                assert answer not in NUMBER.findall(words), (p.id, words)
        # the alt text names tiles and pips (0..6), never a value of an end or a sum
        assert all(int(n) <= 6 or n in (str(len(p.parsed().layout)),) for n in NUMBER.findall(alt)), alt


def test_move_codes_and_endgame_lines_in_words() -> None:
    assert move_words("5-3@W") == "5-3 on the west end"
    assert move_words("6-6") == "6-6 as the lead"
    endgame = next(p for p in BANK if p.kind == "endgame" and p.line)
    words = line_words(endgame)
    assert len(words) == len(endgame.line)
    mover = endgame.parsed().turn
    for step, w in zip(endgame.line, words):  # the solver of the puzzle is "you"
        you = int(step.split(":")[0]) == mover
        assert w.startswith("you " if you else "the opponent "), w
        assert (("play " if you else "plays ") in w and " end" in w) or w.endswith(
            ("draw", "pass") if you else ("draws", "passes")), w
    assert any(w.startswith("you ") for w in words) and any(w.startswith("the opponent ") for w in words)


def test_every_kind_has_a_hint_that_keeps_the_answer_hidden() -> None:
    for kind in ("count", "score-most", "deny", "best-play", "endgame"):
        p = next(p for p in BANK if p.kind == kind)
        text = hint(p)
        assert text.startswith("Hint") and not text.startswith("[")
        assert "@" not in text  # a tile to play, never the whole move



def test_no_hint_leaves_a_single_legal_move() -> None:
    """Across the bank: the moves a hint's tiles or ends allow are never just one, and
    never all the legal moves either (naming the only tile that can be played helps nothing)."""
    import re

    kinds = set()
    for p in BANK:
        if p.kind in ("count", "read"):
            continue
        legal = p.parsed().legal_moves()
        if len(legal) < 2:
            continue
        text = hint(p)
        named = set(re.findall(r"\b[0-6]-[0-6]\b", text))
        sides = {side for side, word in (("E", "east"), ("W", "west"), ("N", "north"), ("S", "south"))
                 if f"the {word} end" in text}
        allowed = [m for m in legal if (not named or str(m.tile) in named) and (not sides or m.side in sides)]
        kinds.add("tiles" if named else "ends" if sides else "advice")
        assert not (named or sides) or any(str(m) not in p.accepted for m in allowed), (p.id, text)
        assert any(str(m) in p.accepted for m in allowed), (p.id, text)  # never misleading
        assert not (named or sides) or len(allowed) < len(legal), (p.id, text)  # it rules a move out
    assert {"tiles", "ends", "advice"} <= kinds

def test_feedback_shows_both_figures_and_the_basis() -> None:
    trap = next(p for p in BANK if "greedy-trap" in p.tags and p.kind == "best-play")
    lines = both_answers(trap)
    assert lines[0].startswith("Most points now:") and lines[1].startswith("Best by the solver:")
    assert "They differ" in lines[2] and f"{trap.deals} deals" in lines[3]
    exact = next(p for p in BANK if p.kind == "endgame")
    assert both_answers(exact)[-1] == "Basis: exact."


def test_when_no_move_scores_now_there_is_no_most_points_now_to_name() -> None:
    """Every move scoring 0 at once: no "most points now" move set against the solver's,
    and no claim that the two agree; the solver's move and the basis stay."""
    flat = [p for p in BANK if p.moves and max(m.points for m in p.moves) == 0 and p.kind != "count"]
    assert flat
    for puzzle in flat[:5]:
        lines = both_answers(puzzle)
        assert lines[0].startswith("No move scores now")
        assert lines[1].startswith("Best by the solver:") and lines[-1].startswith("Basis:")
        assert not any("Most points now" in line or "also the best play" in line for line in lines)
