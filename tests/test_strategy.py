"""The strategy course: over 64 attempts, no kind of move is the answer of more than two
thirds of a lesson's best-move questions, each offers 3 or 4 real choices, no position
comes twice in an attempt of the whole course and no question gives the next one away;
every explanation is drawn from the solved line, checked here against the position;
a sample of the proven bank is proven again by the solver (all of it in
benchmarks/course_verify.py); the exact questions are worked out again here."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from functools import cache

import pytest

from tests.support import nearest_five, pips
from tests.test_lessons import reveals
from trainer.engine.moves import Move
from trainer.engine.position import Hidden, Position, size
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.i18n import catalogue
from trainer.search.evidence import paired
from trainer.search.played_out import played_out
from trainer.search.solver import solve
from trainer.teach.bestmove import lines_of, narrate, reason, signed
from trainer.teach.course import COURSE_IDS, course, course_lesson
from trainer.teach.deals import deal_count, every_deal
from trainer.teach.deals import unseen as unseen_tiles
from trainer.teach.lessons import LESSON_IDS, Board, Lesson, Question, passed
from trainer.teach.lines import opens_spinner, replay, solved_line
from trainer.teach.proven import MOST_DEALS, SAMPLED, TOPICS, Proven, bank
from trainer.teach.quiz import Maker
from trainer.teach.sampled import DEALS, FRESH, PLAYOUTS, sampled_problems
from trainer.teach.strategy import ANSWER_TILES, BANKED, STRATEGY_IDS, lead_reply, strategy_lessons

ATTEMPTS = range(64)


@cache
def attempt(seed: int) -> tuple[Lesson, ...]:
    return course(seed=seed)


def strategy_of(seed: int) -> tuple[Lesson, ...]:
    return attempt(seed)[len(LESSON_IDS):]


def entry_of(q: Question) -> Proven:
    """The bank entry a best-move question was made from."""
    assert q.board.position is not None
    code = q.board.position.code()
    return next(e for topic in TOPICS for e in bank(topic) if e.code == code)


# ----- the answer: which kind of move (written again here, not the course's) -----
def kind_of(position: Position, move: Move) -> str:
    after = position.play(move)
    end = after.outcome()
    if end is not None and end.kind == "blocked":
        return "block"
    if len(position.hand(position.turn)) == 1:
        return "out"
    points = [position.points(m) for m in position.legal_moves()]
    if max(points) > 0 and position.points(move) == max(points):
        return "grab"
    hand = position.hand(position.turn)
    if move.tile.is_double or move.tile.high + move.tile.low == max(t.high + t.low for t in hand):
        return "shed"
    return "setup"


def test_the_course_teaches_the_club_principles_in_fourteen_lessons() -> None:
    assert COURSE_IDS == (*LESSON_IDS, *STRATEGY_IDS)
    assert len(STRATEGY_IDS) >= 12  # three more than the nine before
    assert set(STRATEGY_IDS) >= {"leads", "ends", "answers", "setups", "defence", "counting", "shedding",
                                 "spinner_play", "blocking", "reading", "going_out", "partners",
                                 "cincos_play",
                                 "muggins"}
    for item in strategy_lessons():
        assert item.rule == "strategy" and len(item.stages) >= 2 and len(item.questions) >= 3
        assert course_lesson(item.id) == item


def test_best_move_answers_mix_the_kinds_of_move_in_every_lesson() -> None:
    """No kind of move (the grab, the set-up, the block, the shed, going out) is the
    answer of more than two thirds of a lesson's best-move questions, in any attempt
    nor over all 64; nor is the move that scores most, or least, always the answer."""
    for lesson_id in BANKED:
        kinds: Counter[str] = Counter()
        most = least = total = 0
        for seed in ATTEMPTS:
            item = next(lesson for lesson in strategy_of(seed) if lesson.id == lesson_id)
            best = [q for q in item.questions if q.kind == "best_move"]
            assert len(best) == 3, lesson_id
            these = Counter()
            for q in best:
                position = q.board.position
                assert position is not None
                move = Move.parse(q.right)
                these[kind_of(position, move)] += 1
                offered = [position.points(Move.parse(c.value)) for c in q.choices]
                most += position.points(move) == max(offered) > min(offered)
                least += position.points(move) == min(offered) < max(offered)
                total += 1
            assert max(these.values()) <= 2, (lesson_id, seed, these)
            kinds.update(these)
        assert max(kinds.values()) <= total * 2 / 3, (lesson_id, kinds)
        assert most <= total * 2 / 3 and least <= total * 2 / 3, (lesson_id, most, least, total)


def test_the_lessons_own_question_is_answered_yes_and_no() -> None:
    """The blocking lesson's answer blocks sometimes and sometimes not; so for opening
    the spinner, shedding, grabbing, going out."""
    for seed in range(16):
        for item in strategy_of(seed):
            if item.id not in BANKED:
                continue
            flags = {entry_of(q).flag for q in item.questions if q.kind == "best_move"}
            assert flags == {True, False}, (item.id, seed)


def test_every_best_move_question_offers_three_or_four_real_choices() -> None:
    for seed in ATTEMPTS:
        for item in strategy_of(seed):
            for q in item.questions:
                if q.kind != "best_move":
                    continue
                position = q.board.position
                assert position is not None
                moves = [Move.parse(c.value) for c in q.choices]
                assert 3 <= len(moves) <= 4 and len(set(moves)) == len(moves), q.id
                assert all(m in position.legal_moves() for m in moves)
                entry = entry_of(q)
                values = {(o.move.tile, o.points, o.total) for o in entry.options}
                assert len(values) == len(moves), "twins (one tile, the same table up to a mirror) merged"


def shown_positions(lessons: tuple[Lesson, ...]) -> list[tuple[str, Board]]:
    return [(q.board.position.code(), q.board) for item in lessons for q in item.questions
            if q.board.position is not None]


def test_no_position_appears_twice_in_an_attempt_of_the_course() -> None:
    for seed in ATTEMPTS:
        seen: dict[str, Board] = {}
        for code, board in shown_positions(attempt(seed)):
            assert seen.setdefault(code, board) == board, (seed,
                                                           code)  # one board a position, asked again at most


def test_no_caption_or_earlier_explanation_gives_a_later_answer() -> None:
    for seed in ATTEMPTS:
        for item in strategy_of(seed):
            said: dict[Board, list[str]] = {}
            for q in item.questions:
                assert not reveals(q.board.caption, q), q.id
                assert not [x for x in said.get(q.board, []) if reveals(x, q)], q.id
                said.setdefault(q.board, []).extend([q.explanation, *q.details, *(n for _, n in q.notes)])
            boards = [q.board for q in item.questions]
            best = [q.board for q in item.questions if q.kind == "best_move"]
            assert all(boards.count(b) == 1 for b in best), "a best-move board is asked about once"


def test_random_clicking_does_not_pass_the_course() -> None:
    rng = random.Random(3)
    tries = wins = 0
    for seed in range(8):
        for item in attempt(seed):
            wrong = sum(rng.choice(q.choices).value != q.right for q in item.questions)
            tries += 1
            wins += passed(wrong, len(item.questions))
    assert wins / tries < 0.15, wins / tries


# ----- explanations from the solved line -----
def sample_questions() -> list[Question]:
    return [q for seed in range(6) for item in strategy_of(seed) for q in item.questions
            if q.kind == "best_move"]


def test_best_move_explanations_are_drawn_from_the_solved_lines() -> None:
    """Exact positions: each offered move's line is the solver's best play, its result is
    the move's value, and the explanation's point holds on the lines; hidden ones: the
    figures are the means over every deal."""
    for q in sample_questions():
        entry = entry_of(q)
        position = entry.position
        best = Move.parse(q.right)
        assert best == entry.best.move
        key, figures = reason(entry)
        assert catalogue("en")[key] and key.startswith("why.")
        if entry.sampled:
            check_sampled_explanation(q, entry, key, figures)
            continue
        if not entry.exact:
            assert "on average" in q.figures or "average" in " ".join(q.details)
            continue
        lines = lines_of(entry)
        for option in entry.options:
            line = lines[option.move]
            assert line.value == option.total
            assert line == solved_line(position, option.move)
        line = lines[best]
        other = lines[figures["other"]]  # type: ignore[index]
        if key in ("why.block_less", "why.block_even"):
            assert line.ending.kind == "blocked" and len(line.plies) == 1
            left = line.pips_left()
            assert figures["mine"] == left[position.turn]
            less = nearest_five(figures["mine"]) < nearest_five(figures["theirs"])  # type: ignore[arg-type]
            assert less == (key == "why.block_less")
        elif key == "why.out":
            assert line.ending.kind == "domino" and line.ending.player == position.turn
            assert not (other.ending.kind == "domino" and other.ending.player == position.turn)
        elif key == "why.reply":
            reply = other.plies[1]
            assert reply.move == figures["reply_move"] and reply.points == figures["reply"] > 0
            assert line.plies[1].points == figures["best_reply"] < reply.points
            assert position.points(best) < position.points(figures["other"])  # type: ignore[arg-type]
        elif key == "why.setup":
            own = next(p for p in line.plies[1:] if p.player == position.turn)
            assert own.move == figures["next_move"] and own.points == figures["next_points"] > 0
        elif key == "why.grab":
            assert position.points(best) > position.points(figures["other"])  # type: ignore[arg-type]
        narrated = narrate(Maker("en", 0, 99), line)
        assert any(narrated in d for d in q.details), q.id


LINES_CHECKED: set[str] = set()


def check_sampled_explanation(q: Question, entry: Proven, key: str, figures: dict[str, object]) -> None:
    """A position from the middle of a hand: the explanation states its basis (the deals
    and the play-outs) and the means, never one deal's value as the decision's; its point
    holds on the stored figures; the line it narrates is the solver's on the example
    deal, which fits what the mover can see, and is said to be one deal."""
    position = entry.position
    best = entry.best
    other = next(o for o in entry.options if o.move == figures["other"])
    hidden = len(unseen_tiles(position))
    assert f"Over {entry.deals} deals of the {hidden} tiles you cannot see" in q.figures
    assert f"played out {entry.playouts} times" in q.figures
    assert f"worth {signed(round(entry.value(best), 1))} on average" in q.figures
    assert "deals" not in q.explanation.replace("over the deals", "") and "95%" not in q.explanation
    for o in entry.options[1:]:  # the margins the claim rests on, both ways
        lead = entry.value(best) - entry.value(o)
        played = entry.played_value(best) - entry.played_value(o)
        assert lead > o.exact_margin >= 0 and played > o.played_margin >= 0, o.move
    if key == "why.sampled_reply":
        assert other.reply - best.reply >= 2 * entry.deals
        assert f"{other.reply / entry.deals:.1f}" in q.explanation
    elif key == "why.sampled_grab":
        assert best.points > other.points
    else:
        assert key == "why.sampled_later" and best.points <= other.points
    example = Position.from_code(entry.example)
    assert example.is_fully_known and example.layout == position.layout
    assert example.hand(position.turn) == position.hand(position.turn)
    assert len(example.hand(1 - position.turn)) == size(position.hands[1 - position.turn])
    for p, lacking in entry.voids_map().items():
        assert not [t for t in example.hand(p) if {t.high, t.low} & lacking]
    lines = lines_of(entry)
    if entry.code not in LINES_CHECKED:  # each entry's lines solved again once
        LINES_CHECKED.add(entry.code)
        for option in entry.options:
            assert lines[option.move] == solved_line(example, option.move)
    narrated = narrate(Maker("en", 0, 99), lines[best.move])
    (shown,) = [d for d in q.details if narrated in d]
    assert "for example" in shown and "one deal only" in shown
    assert f"the figures above are over all {entry.deals}" in shown
    if entry.topic == "spinner":
        opens = opens_spinner(position, best.move)
        assert ("opens the spinner" in q.explanation) == opens


def test_the_explanation_tells_a_wrong_choice_its_own_line() -> None:
    for q in sample_questions()[:20]:
        entry = entry_of(q)
        if not entry.exact:
            continue
        for choice in q.choices:
            if choice.value == q.right:
                continue
            feedback = q.check(choice.value)
            line = replay(entry.position, next(o.line for o in entry.options if str(o.move) == choice.value))
            assert narrate(Maker("en", 0, 99), line) in feedback.details[0]
            assert f"worth {'+' if line.value > 0 else ''}{line.value}" in " ".join(feedback.details) or \
                line.value == 0


# ----- the bank, proven again -----
SAMPLE = [entry for topic in TOPICS
          for entry in random.Random(30).sample([e for e in bank(topic) if not e.sampled],
                                                min(3, sum(not e.sampled for e in bank(topic))))]
MIDDLE = [entry for topic in SAMPLED
          for entry in random.Random(31).sample([e for e in bank(topic) if e.sampled],
                                                2 if topic == "spinner" else 1)]


def test_the_bank_holds_every_topic_with_one_position_per_hand() -> None:
    seeds = [e.seed for topic in TOPICS for e in bank(topic)]
    codes = [e.code for topic in TOPICS for e in bank(topic)]
    assert len(set(seeds)) == len(seeds) and len(set(codes)) == len(codes)
    for topic in TOPICS:
        entries = bank(topic)
        assert len(entries) >= 24, topic
        assert {e.flag for e in entries} == {True, False}, topic
        assert all(3 <= len(e.options) <= 4 for e in entries)


@pytest.mark.parametrize("entry", SAMPLE, ids=lambda e: f"{e.topic}-{e.seed}")
def test_a_sample_of_the_bank_is_proven_again(entry: Proven) -> None:
    position = entry.position
    if entry.exact:
        solution = solve(position)
        values = {m.move: m.value for m in solution.moves}
        for option in entry.options:
            assert values[option.move] == option.total, option.move
            line = replay(position, option.line)
            assert line.value == option.total
            now = position
            for ply in line.plies:  # every move of the line is a best move where it is played
                for _ in range(ply.drew):
                    now = now.draw()
                if ply.move is None:
                    if not now.is_over:
                        now = now.pass_turn()
                    continue
                if len(now.legal_moves()) > 1 and now is not position:
                    here = solve(now)
                    assert ply.move in here.best
                now = now.play(ply.move)
        assert entry.best.total == solution.value
    else:
        assert not entry.sampled
        totals: Counter[Move] = Counter()
        best_in: Counter[Move] = Counter()
        deals = 0
        for full in every_deal(position, entry.voids_map()):
            for p, lacking in entry.voids_map().items():
                if p != position.turn:
                    assert not [t for t in full.hand(p) if {t.high, t.low} & lacking]
            solution = solve(full)
            deals += 1
            for m in solution.moves:
                totals[m.move] += m.value
                best_in[m.move] += m.value == solution.value
        assert deals == entry.deals
        for option in entry.options:
            assert (totals[option.move], best_in[option.move]) == (option.total, option.best_in)
        assert max(totals.values()) == entry.best.total
    assert entry.value(entry.options[0]) >= entry.value(entry.options[1]) + 5


def test_the_spinner_lesson_and_two_more_have_positions_from_the_middle_of_hands() -> None:
    """The spinner's positions all come from the middle of real hands, the boneyard not
    empty and the opponent's hand hidden; set-ups and defence have some too, and every
    attempt of those lessons asks one at least."""
    assert set(SAMPLED) >= {"spinner", "defence", "setups"}
    assert all(e.sampled for e in bank("spinner"))
    for topic in SAMPLED:
        middle = [e for e in bank(topic) if e.sampled]
        assert len(middle) >= 8 and {e.flag for e in middle} == {True, False}, topic
        for entry in middle:
            position = entry.position
            assert isinstance(position.boneyard, Hidden) and position.boneyard.count > 0
            assert isinstance(position.hands[1 - position.turn], Hidden)
            assert entry.deals == DEALS and entry.playouts == PLAYOUTS
            assert deal_count(position) > MOST_DEALS  # too many deals to solve them all
            assert len(seeds_of(entry)) == 1
    lessons = {lesson: topic for lesson, topic in BANKED.items() if topic in SAMPLED}
    for seed in range(16):
        for item in strategy_of(seed):
            if item.id in lessons:
                assert any(entry_of(q).sampled for q in item.questions if q.kind == "best_move"), item.id


def seeds_of(entry: Proven) -> set[int]:
    return {e.seed for topic in TOPICS for e in bank(topic) if e.code == entry.code}


@pytest.mark.parametrize("entry", MIDDLE, ids=lambda e: f"{e.topic}-{e.seed}")
def test_positions_from_the_middle_are_judged_again_on_fresh_deals(entry: Proven) -> None:
    """On other deals than the bank's (half as many), both yardsticks still put the
    answer ahead of every other choice, and no legal move ahead of it beyond the margin
    of either."""
    view = entry.position
    seed = entry.seed + FRESH
    exact = paired(view, DEALS // 2, seed, entry.voids_map())
    played = played_out(view, PLAYOUTS // 2, seed, entry.voids_map())
    best = entry.best.move
    for option in entry.options[1:]:
        assert exact.difference(best, option.move).mean > 0, ("per deal", option.move)
        assert played.difference(best, option.move).mean > 0, ("played out", option.move)
    for move in exact.moves:
        assert exact.difference(move, best).low <= 0 and played.difference(move, best).low <= 0, move


def test_a_position_from_the_middle_keeps_its_figures_on_its_own_deals() -> None:
    """The figures stored with a position are what both yardsticks find on the deals
    its seed draws: every total, margin, deal count and reply, and the example deal."""
    entry = min((e for e in bank("spinner") if e.sampled), key=lambda e: e.position.boneyard.count)  # type: ignore[union-attr]
    assert sampled_problems(entry) == []
    wrong = replace(entry, options=(replace(entry.best, played=entry.best.played + 1), *entry.options[1:]))
    assert sampled_problems(wrong)
    moved = replace(entry, sample=entry.sample + 1)
    assert sampled_problems(moved)


def test_hidden_positions_hide_what_the_player_cannot_see() -> None:
    for topic in TOPICS:
        for entry in bank(topic):
            position = entry.position
            if entry.exact:
                assert position.players == 2 and position.boneyard == ()  # he can tell every tile
            if not entry.exact:
                assert isinstance(position.hands[(position.turn + 1) % position.players], Hidden)
                assert not isinstance(position.hands[position.turn], Hidden)
                assert position.boneyard == () or isinstance(position.boneyard, Hidden)  # its order unknown


# ----- the exact questions, worked out again -----
def exact_answer(q: Question) -> str:
    position, layout = q.board.position, q.board.layout
    if q.kind == "lead_points":
        (tile,) = [t for t in (Tile.parse(c.value) for c in q.choices) if t.high + t.low in (5, 10)]
        return str(tile)
    if q.kind == "points":
        return str(layout.points())
    if q.kind == "lead_reply":
        lead = Tile.parse(q.subject)
        return str(max((EMPTY_PLACE(lead, tile, end) for tile in ALL_TILES if tile != lead for end in "WE"
                        if tile.has(lead.high if end == "W" else lead.low)), default=0))
    if q.kind == "safe_lead":
        (safe,) = [c.value for c in q.choices if lead_reply(Tile.parse(c.value))[0] == 0]
        return safe
    if q.kind == "count_after":
        tile_side = q.subject
        move = Move.parse(tile_side)
        return str(layout.place(move.tile, move.side).count())
    if q.kind == "answer_tile":
        side = q.subject.split("@")[1]
        (tile,) = [c.value for c in q.choices if layout.place(Tile.parse(c.value), side).points() > 0]  # type: ignore[arg-type]
        return tile
    if q.kind == "answer_rule":
        (tile,) = [c.value for c in q.choices if Tile.parse(c.value) in ANSWER_TILES]
        return tile
    assert position is not None
    if q.kind in ("scoring_move", "opens", "blocks"):
        test = {"scoring_move": lambda m: position.points(m) > 0 if "most" not in q.prompt
                else position.points(m) == max(position.points(x) for x in position.legal_moves()),
                "opens": lambda m: layout.place(m.tile, m.side).arms_open and not layout.arms_open,
                "blocks": lambda m: (e := position.play(m).outcome()) is not None
                and e.kind == "blocked"}[q.kind]
        (move,) = [c.value for c in q.choices if test(Move.parse(c.value))]
        return move
    if q.kind == "reply":
        after = position.play(Move.parse(q.subject))
        return str(0 if after.is_over else max((after.points(m) for m in after.legal_moves()), default=0))
    if q.kind == "cost":
        return str(nearest_five(pips(position.hand(int(q.subject)))))
    if q.kind == "cincos_gain":
        return str(nearest_five(pips(position.hand(int(q.subject)))))
    if q.kind == "unseen":
        suit = int(q.subject)
        seen = {t for t in (*layout.tiles(), *position.hand(position.turn)) if suit in (t.high, t.low)}
        return str(7 - len(seen))
    if q.kind == "most_suit":
        suit = int(q.subject)
        seen = {t for t in (*layout.tiles(), *position.hand(position.turn)) if suit in (t.high, t.low)}
        return str(min(7 - len(seen), len(position.hand(1 - position.turn))))
    if q.kind == "dead_end":
        mine = {*layout.tiles(), *position.hand(position.turn)}
        dead = [e for e in layout.open_ends() if all(t in mine for t in ALL_TILES if e.pip in (t.high,
                                                                                               t.low))]
        return ",".join(s for s in "EWNS" if s in {e.side for e in dead})
    if q.kind in ("lacks", "lacks_suit"):
        player, suits = q.subject.split()
        lacking = {int(s) for s in suits.split(",")}
        held = position.hand(int(player))
        assert not [t for t in held if {t.high, t.low} & lacking]  # he really lacks them
        if q.kind == "lacks_suit":
            (suit,) = [c.value for c in q.choices if int(c.value) in lacking]
            return suit
        (tile,) = [c.value for c in q.choices if set(Tile.parse(c.value)) & lacking]
        return tile
    if q.kind == "muggins":
        points, claim = q.subject.split()
        claimed = 0 if claim == "-" else int(claim)
        made = int(points)
        if claimed == made:
            return f"{made} 0"
        return f"0 {made + max(0, claimed - made)}"
    raise AssertionError(f"no check for {q.kind}")


def EMPTY_PLACE(lead: Tile, tile: Tile, end: str) -> int:  # noqa: N802 - a small table of leads
    from trainer.engine.layout import EMPTY
    return EMPTY.place(lead, None).place(tile, end).points()  # type: ignore[arg-type]


EXACT = [q for seed in range(8) for item in strategy_of(seed) for q in item.questions
         if q.kind != "best_move"]


@pytest.mark.parametrize("q", EXACT, ids=lambda q: q.id)
def test_every_exact_answer_is_worked_out_again(q: Question) -> None:
    assert q.right == exact_answer(q)
    assert len({c.value for c in q.choices}) == len(q.choices) >= 2
    assert q.check(q.right).correct
    assert all(not q.check(c.value).correct for c in q.choices if c.value != q.right)


def test_the_new_end_less_the_old_is_what_the_engine_counts() -> None:
    for seed in range(16):
        item = next(lesson for lesson in strategy_of(seed) if lesson.id == "ends")
        for q in item.questions:
            if q.kind == "count_after":
                found = re.search(r"(\d+) − (\d+) \+ (\d+) = (\d+)", q.explanation)
                assert found is not None
                count, old, new, after = map(int, found.groups())
                assert count == q.board.layout.count() and count - old + new == after == int(q.right)


def test_no_strategy_text_is_a_missing_key() -> None:
    texts = []
    for item in strategy_lessons():
        texts += [item.title, item.body, *(s.text for s in item.stages)]
        for q in item.questions:
            texts += [q.prompt, q.explanation, q.board.caption, *q.details, *(c.label for c in q.choices),
                      *(n for _, n in q.notes)]
    assert not [x for x in texts if re.search(r"\[[a-z_]+\.[a-z_.]+\]|\{[a-z_]+\}", x)]


def test_you_and_the_opponent_are_lower_case_in_the_middle_of_a_sentence() -> None:
    texts = []
    for item in strategy_lessons():
        for q in item.questions:
            texts += [q.prompt, q.explanation, q.board.caption, *q.details, *(n for _, n in q.notes)]
    mid = [m.group(0) for x in texts for m in re.finditer(r"(?<=[^.!?\s])\s+(Opponent|You|Your)\b.{0,20}", x)]
    assert not mid, sorted(set(mid))[:10]
    assert any("your opponent holds " in x for x in texts)  # "for example: your opponent holds 6-4, 5-0"


def test_every_best_move_explanation_says_an_idea_or_why_no_rule_does_before_the_figures() -> None:
    """Over every banked position: where the reason alone would be figures ("6-0 is
    worth 2.5 on average and 6-1 -11.5"), the explanation first says the idea that
    tells the moves apart, or in the shedding lesson whether shedding the heavier tile
    is the play this time, or that no simple rule tells them apart; the figures follow."""
    from trainer.teach.bestmove import FIGURES_ONLY, best_question, reason
    from trainer.teach.proven import TOPICS, bank

    kinds: Counter[str] = Counter()
    for topic in TOPICS:
        for entry in bank(topic):
            key, _ = reason(entry)
            question = best_question(Maker("en", 0, 99), "q", entry)
            if key not in FIGURES_ONLY:
                continue
            figures_first = re.match(r"^(\d|-|\+|[0-6]-[0-6] (?:on|as) )", question.explanation)
            assert not figures_first, (topic, question.explanation)
            if question.explanation.startswith("No simple rule"):
                kinds["no rule"] += 1
            elif question.explanation.startswith(("It sheds the heavier", "Shedding the heaviest")):
                kinds["the lesson's rule"] += 1
            else:
                kinds["an idea"] += 1
    assert kinds["an idea"] >= 60 and kinds["the lesson's rule"] >= 1, kinds
