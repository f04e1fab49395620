"""Duplicate events: the plan of boards and seats, one-hand boards, the event's rows
made all at once, what a teacher and a learner may see of them, and standings that a
computation by hand agrees with."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest

from trainer.engine.game import Match
from trainer.engine.rules import preset
from trainer.errors import NotationError, TrainerError
from trainer.play.duplicate import COMPUTER, Board, standings
from trainer.play.events import EventSettings, board_scores, plan
from trainer.play.players import GreedyPlayer, RandomPlayer
from trainer.play.table import TableSettings, replay
from trainer.store import NewBoard, Store, TableError


def test_a_one_hand_match_ends_with_its_first_hand_and_its_points() -> None:
    for seed in range(20):
        match = Match(preset("standard"), 2, seed, target=1000, hands=1)
        whole = Match(preset("standard"), 2, seed, target=1000)
        while not match.over:
            move = match.legal_moves()[0]
            match.play(move)
            whole.play(move)
        assert len(match.results) == 1 and len(whole.results) == 1 and not whole.over
        assert match.scores == whole.results[0].scores == match.results[0].scores
        assert match.winner == max(range(2), key=lambda s: (match.scores[s], -s))
    with pytest.raises(NotationError):
        Match(hands=0)


def test_the_plan_seats_each_table_and_moves_players_on_after_each_round() -> None:
    settings = EventSettings("partners", 4, deals=(1, 2, 3, 4), per_round=2, rotate=True)
    boards = plan(settings, [[10, 11, 12], [13, 14, 15, 16]])
    assert [(b.round, b.deal, b.table) for b in boards] == [
        (1, 1, "A"), (1, 1, "B"), (1, 2, "A"), (1, 2, "B"),
        (2, 3, "A"), (2, 3, "B"), (2, 4, "A"), (2, 4, "B")]
    assert boards[0].seats == (10, 11, 12, None)  # the seat left over: the computer
    assert boards[4].seats == (None, 10, 11, 12)  # one seat on: partners stay partners (seats 1 and 3)
    assert boards[5].seats == (16, 13, 14, 15)
    still = plan(EventSettings("standard", 2, deals=(1, 2), rotate=False), [[1, 2]])
    assert [b.seats for b in still] == [(1, 2), (1, 2)]
    for bad in ([[1, 2], [2, 3]], [[None, None]], [[1, 2, 3]], []):
        with pytest.raises(NotationError):
            plan(EventSettings("standard", 2, deals=(1,)), bad)
    for kwargs in ({"deals": ()}, {"deals": (1, 1)}, {"deals": (1,), "per_round": 2},
                   {"deals": (1,), "computer": "god"}, {"deals": (-1,)}):
        with pytest.raises(NotationError):
            EventSettings("standard", 2, **kwargs)  # type: ignore[arg-type]
    settings = EventSettings("cincos", 3, deals=(5, 6, 7), per_round=2)
    assert EventSettings.from_json(settings.to_json()) == settings and settings.rounds() == 2
    for text in ("[]", "{", '{"rules": "standard", "players": 2, "deals": 5}', '{"x": 1, "deals": []}'):
        with pytest.raises(NotationError):
            EventSettings.from_json(text)


def test_a_board_is_the_first_hand_of_its_deal_at_every_table() -> None:
    settings = EventSettings("standard", 2, deals=(31, 32))
    board = settings.board_settings(2)
    assert board.hands == 1 and board.seed == 32
    first = replay(board, []).starts[0]
    assert first == Match(preset("standard"), 2, 32).starts[0]  # the same tiles as a match of that seed
    assert board_scores(board.to_json(), []) is None  # not over
    assert board_scores(TableSettings("standard", 2, seed=32).to_json(), []) is None  # not a board
    assert board_scores("not json", []) is None


def play_out(store: Store, table_id: int, seed: int, greedy: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """The board's hand played to its end, the learners in `greedy` playing greedily
    and the others at random."""
    table = store.play_table(table_id)
    settings = TableSettings.from_json(table.settings)
    bots = {s.seat: GreedyPlayer(seed) if s.learner_id in greedy else RandomPlayer(seed * 7 + s.seat)
            for s in table.seats}
    while True:
        moves = store.table_moves(table_id)
        match = replay(settings, [(m.move, m.claim) for m in moves])
        if match.over:
            return match.results[0].scores
        seat = match.position.turn
        move = bots[seat].choose(match.position, match.voids())
        store.add_move(table_id, len(moves), seat, str(move), None, f"b{table_id}-{len(moves)}")


def by_hand(boards: list[tuple[int, str, tuple[int, ...], tuple[int, ...]]]) -> dict[int, Fraction]:
    """Each learner's share of the most matchpoints, worked out directly: a 2-player
    seat's result is own points less the other's; against the same seat at the other
    table, 2 for better, 1 for equal."""
    earned: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for deal, table, seats, scores in boards:
        for other_deal, other_table, _, other_scores in boards:
            if other_deal != deal or other_table == table:
                continue
            for seat, learner in enumerate(seats):
                mine = scores[seat] - scores[1 - seat]
                theirs = other_scores[seat] - other_scores[1 - seat]
                earned[learner][0] += 2 if mine > theirs else 1 if mine == theirs else 0
                earned[learner][1] += 2
    return {learner: Fraction(e, most) for learner, (e, most) in earned.items()}


def test_an_event_of_four_deals_on_two_tables_gives_the_standings_worked_out_by_hand(store: Store) -> None:
    tess = store.create_account("Tess", "teacher", identity="tess@example.org")
    otto = store.create_account("Otto", "teacher", identity="otto@example.org")
    klass = store.create_class(tess.id, "Monday")
    accounts = [store.create_account(n, "learner", identity=f"{n}@example.org")
                for n in ("Ann", "Ben", "Cat", "Dan")]
    for account in accounts:
        store.join(klass.id, account.id)
    outsider = store.create_account("Eve", "learner", identity="eve@example.org")
    settings = EventSettings("standard", 2, deals=(101, 102, 103, 104), per_round=2, rotate=True)
    ids = [a.learner_id for a in accounts]
    planned = plan(settings, [ids[:2], ids[2:]])
    boards = [NewBoard(b.round, b.deal, b.table, settings.board_settings(b.deal).to_json(),
                       tuple((p, None) for p in b.seats)) for b in planned]
    teacher = store.scoped(tess)
    with pytest.raises(TableError):  # a learner of no class of his
        teacher.create_event(klass.id, "Cup", settings.to_json(),
                             [NewBoard(1, 1, "A", boards[0].settings,
                                       ((outsider.learner_id, None), (ids[0], None)))])
    with pytest.raises(TrainerError):  # another teacher's class
        store.scoped(otto).create_event(klass.id, "Cup", settings.to_json(), boards)
    event = teacher.create_event(klass.id, "  Monday   cup ", settings.to_json(), boards)
    assert event.name == "Monday cup" and [e.id for e in store.scoped(accounts[0]).events()] == [event.id]
    assert not store.scoped(outsider).events() and not store.scoped(otto).events()
    with pytest.raises(TableError):
        store.scoped(outsider).event(event.id)
    stored = teacher.event_boards(event.id)
    assert [(b.round, b.deal, b.table) for b in stored] == [(b.round, b.deal, b.table) for b in planned]
    later = datetime.now(UTC) + timedelta(days=2)  # nobody has opened a deal: nobody is away, however long
    assert not any(s.away(later) for b in stored for s in store.play_table(b.table_id).seats)

    def result(text: str, moves: list) -> tuple[int, ...] | None:  # type: ignore[type-arg]
        return board_scores(text, [(m.move, m.claim) for m in moves])

    ann = store.scoped(accounts[0])
    deal1 = [b for b in stored if b.deal == 1]
    play_out(store, deal1[1].table_id, 5)  # table B finishes deal 1 first: Ann (table A) has not played it
    assert not ann.event_results(event.id, result)  # no result of a deal she has still to play
    with pytest.raises(TableError):
        ann.event_board_moves(event.id, deal1[1].table_id, result)
    assert set(teacher.event_results(event.id, result)) == {deal1[1].table_id}  # the teacher sees it
    finished = []
    for number, b in enumerate(stored):
        if b.table_id == deal1[1].table_id:
            scores = result(store.play_table(b.table_id).settings, store.table_moves(b.table_id))
        else:
            scores = play_out(store, b.table_id, number, frozenset(ids[:1]))
        seats = tuple(s.learner_id for s in store.play_table(b.table_id).seats)
        finished.append((b.deal, b.table, seats, scores))
    results = ann.event_results(event.id, result)
    assert set(results) == {b.table_id for b in stored}
    assert [m.move for m in ann.event_board_moves(event.id, deal1[1].table_id, result)] == \
        [m.move for m in store.table_moves(deal1[1].table_id)]  # now she may compare
    computed = standings([Board(b.deal, b.table, tuple(str(s) for s in seats), results[b.table_id], b.round)
                          for b, (_, _, seats, _) in zip(stored, finished)])
    expected = by_hand(finished)
    assert {int(s.player): Fraction(s.matchpoints, s.most) for s in computed} == expected
    assert [s.boards for s in computed] == [4] * 4
    assert len(set(expected.values())) > 1  # the boards did not all come out even
    assert ann.event_names(event.id) == {a.learner_id: a.name for a in accounts}
    assert COMPUTER not in {s.player for s in computed}


def test_an_event_is_all_or_nothing_and_its_rows_are_checked(store: Store) -> None:
    tess = store.create_account("Tess", "teacher", identity="tess@example.org")
    klass = store.create_class(tess.id, "Monday")
    ann = store.create_account("Ann", "learner", identity="ann@example.org")
    store.join(klass.id, ann.id)
    good = NewBoard(1, 1, "A", "{}", ((ann.learner_id, None), (None, "greedy")))
    for name, boards in (("", [good]), ("x" * 61, [good]), ("Cup", []),
                         ("Cup", [good, NewBoard(1, 1, "B", "{}", ((None, "greedy"), (None, "greedy")))])):
        with pytest.raises(TableError):
            store.create_event(klass.id, name, "{}", boards)
    assert not store.events_of_classes(frozenset({klass.id}))
    assert not store.tables_of(ann.learner_id)  # the first board's table went with the failed event


def test_every_hand_reads_in_words_to_its_end_blocked_or_won() -> None:
    from trainer.play.events import hand_lines

    blocked = 0
    for rules, players in (("standard", 2), ("standard", 3), ("partners", 4), ("cincos", 2), ("standard", 4)):
        for seed in range(60):
            match = Match(preset(rules), players, seed, target=1000, hands=1)
            bot = RandomPlayer(seed)
            while not match.over:
                match.play(bot.choose(match.position, match.voids()))
            lines = hand_lines(match, "es" if seed % 2 else "en")
            turns = match.hands[0]
            assert sum(" plays " in line or " juega " in line for line in lines) == \
                sum(turn.move is not None for turn in turns)
            assert len(lines) == len(turns) + sum(bool(turn.draws) for turn in turns)
            blocked += match.results[0].end.kind != "domino"
    assert blocked > 5  # blocked hands, whose last turn is a pass with the hand over, were read too
