"""Each theme's deciding function, on solved lines made by hand (so that each test says
exactly what the theme reads) and on real puzzles solved by the solver."""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.position import Position
from trainer.puzzles.kinds import make_puzzle
from trainer.puzzles.lines import Line, Step, Story, line_from, rival, story
from trainer.puzzles.record import MoveInfo, Puzzle
from trainer.puzzles.themes import (
    TAGS,
    block,
    deny,
    domino,
    greedy_trap,
    hold_answer,
    partner_count,
    read_void,
    set_up,
    shed_heavy,
    tags_of,
)

# two players, player 0 to move with 6-6, 6-3, 4-1, 2-0; three real choices
TWO = "6-6:6-4:6-1:: 6-5,5-5,4-1,3-0/?5 ?16 0 0,0"
ENDGAME = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")


def puzzle(accepted: str, moves: Sequence[tuple[str, int, float]], code: str = TWO,
           rules: str = "standard", voids: tuple[tuple[int, tuple[int, ...]], ...] = (),
           kind: str = "best-play") -> Puzzle:
    infos = tuple(MoveInfo(m, p, v, v) for m, p, v in moves)
    return Puzzle("t1", kind, code, rules, (accepted,), infos, voids=voids, deals=100)  # type: ignore[arg-type]


def line(*steps: tuple[int, str, int], end: str = "open", winner: int | None = None,
         pips: tuple[int, ...] = (0, 0)) -> Line:
    return Line(tuple(Step(p, a, n) for p, a, n in steps), end, winner, pips)


def tale(answer: list[Line], against: list[Line], rival_move: str = "6-5@N", turn: int = 0,
         players: int = 2) -> Story:
    return Story(tuple(answer), tuple(against), rival_move, turn, players)


MOVES = [("4-1@W", 0, 12.0), ("6-5@N", 10, 2.0), ("3-0@E", 0, -4.0)]


def test_every_theme_has_its_function_and_its_words() -> None:
    from trainer.i18n.en import MESSAGES
    for name in TAGS:
        assert f"puzzles.tag.{name}" in MESSAGES and f"puzzles.tag_def.{name}" in MESSAGES, name


def test_greedy_trap_is_a_rejected_top_score() -> None:
    assert greedy_trap(puzzle("4-1@W", MOVES), tale([], []))
    assert not greedy_trap(puzzle("6-5@N", MOVES), tale([], []))
    quiet = [("4-1@W", 0, 5.0), ("3-0@E", 0, -4.0), ("6-6@W", 0, -9.0)]
    assert not greedy_trap(puzzle("4-1@W", quiet), tale([], []))  # nothing scores: no greed to resist


def test_set_up_is_a_quiet_move_whose_next_tile_scores() -> None:
    scores_next = line((0, "4-1@W", 0), (1, "3-1@W", 0), (0, "5-5@N", 15))
    quiet_next = line((0, "6-5@N", 10), (1, "3-1@W", 0), (0, "4-1@W", 0))
    p = puzzle("4-1@W", MOVES)
    assert set_up(p, tale([scores_next] * 3, [quiet_next] * 3))
    assert not set_up(p, tale([scores_next, quiet_next, quiet_next], [quiet_next] * 3))  # not in most lines
    assert not set_up(p, tale([scores_next] * 3, [scores_next] * 3))  # no more often than the rival
    grab = line((0, "6-5@N", 10), (1, "3-1@W", 0), (0, "5-5@N", 15))
    assert not set_up(puzzle("6-5@N", MOVES), tale([grab] * 3, [quiet_next] * 3))  # it scored now


def test_deny_leaves_the_next_player_nothing() -> None:
    starved = line((0, "4-1@W", 0), (1, "draw", 0), (1, "3-1@W", 0))
    fed = line((0, "6-5@N", 10), (1, "5-0@N", 15))
    p = puzzle("4-1@W", MOVES)
    assert deny(p, tale([starved] * 3, [fed] * 3))
    assert not deny(p, tale([starved, fed, fed], [fed] * 3))
    assert not deny(p, tale([starved] * 3, [starved] * 3))  # the rival denies as well


def test_block_ends_the_hand_with_nobody_able_to_play() -> None:
    blocked = line((0, "4-1@W", 0), (1, "pass", 0), end="blocked")
    out = line((0, "6-5@N", 10), (1, "5-0@N", 0), end="domino", winner=1)
    p = puzzle("4-1@W", MOVES)
    assert block(p, tale([blocked] * 2 + [out], [out] * 3))
    assert not block(p, tale([blocked] + [out] * 2, [out] * 3))
    assert not block(p, tale([blocked] * 3, [blocked] * 3))


def test_domino_is_your_side_going_out() -> None:
    mine = line((0, "4-1@W", 0), (1, "pass", 0), (0, "3-0@E", 0), end="domino", winner=0)
    theirs = line((0, "6-5@N", 10), (1, "5-0@N", 0), end="domino", winner=1)
    p = puzzle("4-1@W", MOVES)
    assert domino(p, tale([mine] * 3, [theirs] * 3))
    assert not domino(p, tale([theirs] * 3, [theirs] * 3))
    four = "6-6:6-4:6-1:: 6-5,5-5,4-1,3-0/?5/?5/?5 ?6 0 0,0"
    partners = puzzle("4-1@W", MOVES, code=four, rules="partners")
    partner_out = line((0, "4-1@W", 0), (1, "pass", 0), (2, "3-0@E", 0), end="domino", winner=2,
                       pips=(9, 9, 0, 9))
    assert domino(partners, tale([partner_out] * 3, [theirs] * 3, players=4))  # the side goes out


def test_shed_heavy_plays_the_heaviest_tile_and_ends_lighter() -> None:
    p = puzzle("6-5@N", [("6-5@N", 0, 5.0), ("4-1@W", 0, -5.0), ("3-0@E", 0, -9.0)])
    light = line((0, "6-5@N", 0), end="domino", winner=1, pips=(10, 0))
    heavy = line((0, "4-1@W", 0), end="domino", winner=1, pips=(21, 0))
    assert shed_heavy(p, tale([light] * 3, [heavy] * 3, rival_move="4-1@W"))
    assert not shed_heavy(p, tale([heavy] * 3, [light] * 3, rival_move="4-1@W"))  # no lighter at the end
    lighter = puzzle("4-1@W", [("4-1@W", 0, 5.0), ("3-0@E", 0, -5.0), ("6-5@N", 0, -9.0)])
    assert not shed_heavy(lighter, tale([light] * 3, [heavy] * 3, rival_move="3-0@E"))  # not the heaviest


def test_hold_answer_keeps_the_tile_that_scores_next() -> None:
    p = puzzle("4-1@W", MOVES)  # the rival 6-5@N plays 6-5; the answer keeps it
    held = line((0, "4-1@W", 0), (1, "1-1@W", 0), (0, "6-5@N", 15))
    elsewhere = line((0, "4-1@W", 0), (1, "1-1@W", 0), (0, "3-0@E", 5))
    assert hold_answer(p, tale([held] * 2 + [elsewhere], []))
    assert not hold_answer(p, tale([elsewhere] * 3, []))
    assert not hold_answer(puzzle("6-5@N", MOVES), tale([held] * 3, [], rival_move="6-5@S"))  # same tile


def test_partner_count_sets_the_partner_up() -> None:
    code = "6-6:6-4:6-1:: 6-5,5-5,4-1,3-0/?5/?5/?5 ?6 0 0,0"
    p = puzzle("4-1@W", MOVES, code=code, rules="partners")
    fed = line((0, "4-1@W", 0), (1, "1-0@W", 0), (2, "5-0@W", 10), pips=(0, 0, 0, 0))
    dry = line((0, "6-5@N", 10), (1, "5-0@N", 0), (2, "3-0@N", 0), pips=(0, 0, 0, 0))
    assert partner_count(p, tale([fed] * 3, [dry] * 3, players=4))
    assert not partner_count(p, tale([dry] * 3, [dry] * 3, players=4))
    alone = puzzle("4-1@W", MOVES, code=code)
    assert not partner_count(alone, tale([fed] * 3, [dry] * 3, players=4))  # no partner when alone


def test_read_void_makes_a_player_who_showed_a_void_draw() -> None:
    stuck = line((0, "4-1@W", 0), (1, "draw", 0), (1, "draw", 0), (1, "3-1@W", 0))
    plays = line((0, "6-5@N", 10), (1, "5-0@N", 0))
    p = puzzle("4-1@W", MOVES, voids=((1, (1, 4)),))
    assert read_void(p, tale([stuck] * 3, [plays] * 3))
    assert not read_void(puzzle("4-1@W", MOVES), tale([stuck] * 3, [plays] * 3))  # no void shown
    assert not read_void(p, tale([plays] * 3, [plays] * 3))


def test_lines_follow_best_play_to_the_end() -> None:
    worked = make_puzzle("endgame", Position.from_code(ENDGAME), seed=0)
    answer = line_from(worked.parsed(), worked.parsed().legal_moves()[0])
    assert answer.end == "domino" and answer.winner == 1 and answer.pips == (20, 0)
    assert [s.action for s in answer.next_turn(0)] == ["pass"] and answer.next_play(0) is None
    assert rival(worked) == "4-1@S"  # no move scores: the best valued rejected move
    tagged = tags_of(worked)
    assert "domino" in tagged and "block" not in tagged  # 4-1@S would block; 4-1@W goes out
    told = story(worked)
    assert told.rival[0].end == "blocked" and told.answer[0].end == "domino"


def test_hidden_lines_rest_on_the_puzzles_own_deals() -> None:
    code = "6-6:6-4:6-1:: 6-5,5-5,4-1,3-0/?5 ?16 0 0,0"
    p = puzzle("4-1@W", MOVES, code=code)
    a, b = story(p, count=4), story(p, count=4)
    assert a == b and len(a.answer) == len(a.rival) == 4
    assert all(line.steps[0].action == "4-1@W" for line in a.answer)
    assert all(line.steps[0].action == "6-5@N" for line in a.rival)
