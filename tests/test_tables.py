"""Tables where learners play each other: every move a stored row written once (the
same request again changes nothing; two moves at once under one number: one wins, the
other is told), on SQLite and, in CI, PostgreSQL (tests/conftest.py); the match made
again from the rows in any process; a seat's view showing his tiles and no other; and a
whole partners match played by four seats through the store agreeing with the same
match played directly."""

from __future__ import annotations

import threading

import pytest

from trainer.engine.position import Hidden
from trainer.errors import IllegalMoveError, NotationError, TrainerError
from trainer.play.players import GreedyPlayer
from trainer.play.table import TableSettings, check_move, computer, new_match, replay, seat_view
from trainer.store import MoveTaken, Store, TableError


def play_through_store(store: Store, settings: TableSettings, table_id: int, seat_of: dict) -> list:
    """Every seat's greedy player moves, each move checked and stored as the page does."""
    bots = {seat: GreedyPlayer(seat) for seat in range(settings.players)}
    while True:
        rows = store.table_moves(table_id)
        match = replay(settings, [(r.move, r.claim) for r in rows])
        if match.over:
            return rows
        seat = match.position.turn
        view = seat_view(match, seat)
        move = bots[seat].choose(match.position, match.voids())
        assert move in view.position.legal_moves()
        check_move(match, seat, str(move))
        store.add_move(table_id, len(rows), seat, str(move), None, f"{seat_of[seat]}:{len(rows)}")


def test_a_partners_match_played_through_the_store_is_the_same_match(store: Store) -> None:
    names = ["Ann", "Bob", "Cy", "Di"]
    ids = [store.create_learner(n).id for n in names]
    settings = TableSettings("partners", 4, target=60, seed=11)
    table = store.open_table(ids[0], settings.to_json(), seats=4)
    for learner in ids[1:]:
        store.join_table(table.code.lower(), learner)
    table = store.play_table(table.id)
    assert [s.learner_id for s in table.seats] == ids and not table.open_seats
    rows = play_through_store(store, settings, table.id, dict(enumerate(ids)))
    direct = new_match(settings)
    bots = {seat: GreedyPlayer(seat) for seat in range(4)}
    while not direct.over:
        direct.play(bots[direct.position.turn].choose(direct.position, direct.voids()))
    kept = TableSettings.from_json(store.play_table(table.id).settings)
    again = replay(kept, [(r.move, r.claim) for r in rows])
    assert again.over and again.scores == direct.scores and again.record().text() == direct.record().text()
    assert [r.number for r in rows] == list(range(len(rows)))


def test_a_move_sent_twice_is_stored_once_and_two_at_once_one_wins(store: Store) -> None:
    ann, bob = store.create_learner("Ann").id, store.create_learner("Bob").id
    settings = TableSettings("standard", 2, seed=5)
    table = store.open_table(ann, settings.to_json(), seats=2)
    store.join_table(table.code, bob)
    match = replay(settings, [])
    seat = match.position.turn
    first, second = match.legal_moves()[:2] if len(match.legal_moves()) > 1 else (match.legal_moves()[0],) * 2
    kept = store.add_move(table.id, 0, seat, str(first), None, "click-1")
    assert store.add_move(table.id, 0, seat, str(first), None, "click-1") == kept
    with pytest.raises(MoveTaken, match="made a moment ago"):
        store.add_move(table.id, 0, seat, str(second), None, "click-2")
    assert [m.move for m in store.table_moves(table.id)] == [str(first)]
    # many threads at once, each its own request, for move 1: exactly one is stored
    results: list[str] = []
    match = replay(settings, [(str(first), None)])
    move = str(match.legal_moves()[0])

    def send(k: int) -> None:
        try:
            store.add_move(table.id, 1, match.position.turn, move, None, f"tab-{k}")
            results.append("kept")
        except MoveTaken:
            results.append("told")

    threads = [threading.Thread(target=send, args=(k,)) for k in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("kept") == 1 and results.count("told") == 5
    assert len(store.table_moves(table.id)) == 2 and len(store.table_moves(table.id, after=0)) == 1


def test_a_seat_sees_his_tiles_and_no_other(store: Store) -> None:
    settings = TableSettings("standard", 3, seed=9)
    match = replay(settings, [])
    for seat in range(3):
        view = seat_view(match, seat)
        shown = view.position.hands[seat]
        assert not isinstance(shown, Hidden) and tuple(shown) == tuple(match.position.hands[seat])
        assert all(isinstance(h, Hidden) for p, h in enumerate(view.position.hands) if p != seat)
        assert isinstance(view.position.boneyard, Hidden)
        code = view.position.code()
        for other in range(3):
            if other != seat:
                assert not any(str(t) in code.split()[1].split("/")[other].split(",")
                               for t in match.position.hands[other])
    with pytest.raises(NotationError):
        seat_view(match, 3)


def test_moves_out_of_turn_or_illegal_are_refused_in_words() -> None:
    settings = TableSettings("standard", 2, seed=3)
    match = replay(settings, [])
    other = 1 - match.position.turn
    with pytest.raises(IllegalMoveError, match="turn, not yours"):
        check_move(match, other, str(match.legal_moves()[0]))
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        check_move(match, match.position.turn, "0-0@E" if "0-0" not in str(match.legal_moves()) else "6-6@N")
    with pytest.raises(TrainerError, match="move 0"):
        replay(settings, [("9-9", None)])


@pytest.mark.parametrize("text,words", [
    ("{", "not JSON"), ('{"rules": "snap", "players": 2}', "unknown rules"),
    ('{"rules": "standard", "players": 5}', "players"), ('{"rules": "standard"}', "number of players"),
    ('{"rules": "standard", "players": 2, "seed": -1}', "seed"),
    ('{"rules": "standard", "players": 2, "owner": 1}', "hold only"),
    ('{"rules": "standard", "players": 2, "target": 3}', "target"),
])
def test_settings_that_do_not_fit_are_refused(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        TableSettings.from_json(text)


def test_joining_refuses_a_wrong_code_and_a_full_table(store: Store) -> None:
    ids = [store.create_learner(n).id for n in ("Ann", "Bob", "Cy")]
    table = store.open_table(ids[0], TableSettings("standard", 2).to_json(), seats=2)
    with pytest.raises(TableError, match="no table has the code"):
        store.join_table("ZZZZZZ", ids[1])
    assert store.join_table(table.code, ids[1]).seat == 1
    assert store.join_table(table.code, ids[1]).seat == 1  # joined again: the same seat
    with pytest.raises(TableError, match="every seat"):
        store.join_table(table.code, ids[2])
    with_computer = store.open_table(ids[2], TableSettings("standard", 3).to_json(), seats=3,
                                     computers={2: "greedy"})
    assert with_computer.open_seats == (1,) and with_computer.seats[2].computer == "greedy"
    assert computer(2, "greedy", TableSettings("standard", 3)).name == "greedy"
    assert [t.id for t in store.tables_of(ids[2])] == [with_computer.id]


def test_in_club_mode_only_the_tables_players_and_their_teachers_reach_a_table(store: Store) -> None:
    teacher = store.create_account("Tess", "teacher", password="tess-secret-1")
    ann = store.create_account("Ann", "learner", password="ann-secret-12")
    bob = store.create_account("Bob", "learner", password="bob-secret-12")
    eve = store.create_account("Eve", "learner", password="eve-secret-12")
    other_teacher = store.create_account("Otto", "teacher", password="otto-secret-1")
    klass = store.create_class(teacher.id, "Tuesday")
    store.join(klass.id, ann.id)
    settings = TableSettings("standard", 3, seed=4)
    table = store.scoped(ann).open_table(settings.to_json(), 3, computers={2: "greedy"})
    store.scoped(bob).join_table(table.code)
    match = replay(settings, [])
    mover = match.position.turn
    player = {0: ann, 1: bob}.get(mover)
    name = str(match.legal_moves()[0])
    if player is None:  # the computer leads: a player at the table stores its move
        store.scoped(ann).add_move(table.id, 0, name, None, "computer:0", seat=2)
    else:
        with pytest.raises(TableError):
            store.scoped(ann if player is bob else bob).add_move(table.id, 0, name, None, "r", seat=mover)
        store.scoped(player).add_move(table.id, 0, name, None, "r0")
    assert [m.move for m in store.scoped(bob).table_moves(table.id)] == [name]
    assert [m.move for m in store.scoped(teacher).table_moves(table.id)] == [name]  # Ann is his pupil
    for outsider in (eve, other_teacher):
        with pytest.raises(TableError, match=f"no table has the id {table.id}"):
            store.scoped(outsider).table_moves(table.id)
        with pytest.raises(TableError, match=f"no table has the id {table.id}"):
            store.scoped(outsider).add_move(table.id, 1, name, None, "x")
    with pytest.raises(TableError, match="no table has the id"):
        store.scoped(teacher).add_move(table.id, 1, name, None, "t")  # watching is not playing
    with pytest.raises(TableError, match="not the computer's"):
        store.scoped(ann).add_move(table.id, 1, name, None, "c", seat=1)
    with pytest.raises(TableError, match="only the table's owner"):
        store.scoped(bob).hand_over_seat(table.id, 0, "expert")
    store.scoped(ann).hand_over_seat(table.id, 1, "expert")  # Bob away: the computer plays for him
    seat = store.play_table(table.id).seats[1]
    assert seat.computer == "expert" and seat.learner_id == bob.learner_id
    store.scoped(bob).hand_over_seat(table.id, 1, None)  # back
    assert store.play_table(table.id).seats[1].computer is None
    with pytest.raises(TableError, match="not at this table"):
        store.hand_over_seat(table.id, 7, "greedy")


def test_in_club_mode_a_learner_files_puzzles_of_his_own_in_his_queue_only(store: Store) -> None:
    """A reviewed hand's mistakes (from a table, Play or Your hands) become review cards
    of the signed-in learner; another learner's queue cannot be written."""
    from trainer.store.learners import LearnerError

    ann = store.create_account("Ann", "learner", password="ann-secret-12")
    bob = store.create_account("Bob", "learner", password="bob-secret-12")
    assert store.scoped(ann).add_review_card(ann.learner_id, "puzzle", "own:1", "own", "6-6 ?9/?9 ?10 0 0,0")
    assert [c.item for c in store.review_queue(ann.learner_id)] == ["own:1"]
    with pytest.raises(LearnerError):
        store.scoped(ann).add_review_card(bob.learner_id, "puzzle", "own:2", "own", "")
    assert store.review_queue(bob.learner_id) == ()
