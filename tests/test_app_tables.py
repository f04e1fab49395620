"""Tables in club mode, driven with AppTest: two learners in two browser sessions at one
table (one opens it, the other joins by its code), moves made by clicks reaching the
other's page, a reload losing nothing, a computer seat playing by itself, and nothing
of another hand sent to a player's page."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from tests.test_app_club import ok, registered, signed_in_app, strings  # noqa: E402
from trainer.engine.game import Match  # noqa: E402
from trainer.engine.moves import Move  # noqa: E402
from trainer.play.table import TableSettings, replay  # noqa: E402
from trainer.store import Store  # noqa: E402
from ui.state import MODE_ENV  # noqa: E402

APP = str(Path(__file__).resolve().parent.parent / "app.py")


def the_match(store: Store, table_id: int) -> Match:
    table = store.play_table(table_id)
    moves = [(m.move, m.claim) for m in store.table_moves(table_id)]
    return replay(TableSettings.from_json(table.settings), moves)


def shown(at: AppTest) -> str:
    """Everything the page sent but the app's stylesheet (the same on every page: it
    draws each of the 28 tiles for the tile buttons)."""
    return "\n".join(line for line in strings(at).split("\n") if "background-image" not in line)


def click_a_move(at: AppTest) -> str:
    """The first lit tile, then its lead or first end; returns the move's code."""
    tile = next(b for b in at.button if b.key and b.key.startswith("table_tile_") and not b.disabled)
    ok(tile.click())
    lead = [b for b in at.button if b.key == "table_lead"]
    end = lead[0] if lead else next(b for b in at.button if b.key and b.key.startswith("table_end_"))
    code = tile.key.removeprefix("table_tile_") + ("" if lead else "@" + end.key.removeprefix("table_end_"))
    ok(end.click())
    return code


def test_two_learners_play_at_one_table_each_seeing_only_his_tiles(club: Store) -> None:
    ann = club.create_account("Ann", "learner", password="ann-password-1")
    ben = club.create_account("Benedikt", "learner", password="ben-password-1")
    at_ben = signed_in_app(club, ben.id, "tables")  # a code that is none, then one of no table
    for typed, said in (("0O0-1", "not a table's code"), ("ZZZ-ZZZ", "no table has the code")):
        at_ben.text_input(key="table_code").input(typed)
        ok(list(at_ben.get("form_submit_button"))[0].click())
        assert said in " ".join(e.value for e in at_ben.error) and not club.tables_of(ben.learner_id)
    at_ann = signed_in_app(club, ann.id, "tables")
    at_ann.selectbox(key="table_rules").set_value("standard")
    ok(at_ann.button(key="table_open").click())
    (table,) = club.tables_of(ann.learner_id)
    assert table.code in strings(at_ann) and table.seats[1].learner_id is None
    at_ben = signed_in_app(club, ben.id, "tables")
    at_ben.text_input(key="table_code").input(table.code.lower()[:3] + "-" + table.code[3:])
    ok(list(at_ben.get("form_submit_button"))[0].click())
    assert club.play_table(table.id).seats[1].learner_id == ben.learner_id
    pages = {0: at_ann, 1: at_ben}
    for _ in range(6):  # six moves by clicks, each page on its own turn
        match = the_match(club, table.id)
        mover = match.position.turn
        for seat, at in pages.items():
            ok(at)  # the table read again, as the fragment does every second
            sent = shown(at)
            other = match.position.hand(1 - seat)
            assert not any(f"table_tile_{tile}" in sent for tile in other), seat  # no button of his tiles
            # nor any word of them: no tile of the other hand, nor of the boneyard, is named
            hidden = {str(tile) for tile in (*other, *match.position.boneyard)}
            assert not any(name in sent for name in hidden), (seat, hidden & set(sent.split()))
            if seat != mover:
                assert "Waiting for" in sent
        code = click_a_move(pages[mover])
        after = the_match(club, table.id)
        assert str(after.record().hands[-1][-1].move) == code or after.hands[-1] == []
        ok(pages[1 - mover])
        assert "Last move" in strings(pages[1 - mover])
    # a reload (a new session of the same learner) shows the same table and hand
    again = signed_in_app(club, ben.id, "tables")
    ok(again.button(key=f"table_go_{table.id}").click())
    hand = the_match(club, table.id).position.hand(1)
    text = strings(again)
    assert all(str(tile) in text for tile in hand)
    assert len(club.table_moves(table.id)) == 6


def test_a_computer_seat_plays_by_itself_and_home_mode_offers_play_together(
        club: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    ann = club.create_account("Ann", "learner", password="ann-password-1")
    at = signed_in_app(club, ann.id, "tables")
    at.selectbox(key="table_seat_1").set_value("greedy")
    ok(at.button(key="table_open").click())
    (table,) = club.tables_of(ann.learner_id)
    for _ in range(4):
        match = the_match(club, table.id)
        assert match.over or match.position.turn == 0  # the computer has moved whenever it was his turn
        click_a_move(at)
        ok(at)
    assert len(club.table_moves(table.id)) >= 7
    assert {m.seat for m in club.table_moves(table.id)} == {0, 1}
    for _ in range(30):  # on to the end of the first hand
        if the_match(club, table.id).results:
            break
        click_a_move(at)
    match = the_match(club, table.id)
    assert match.results
    ok(at.button(key="table_review_1").click())
    record = match.seat_record(1, 0)
    mine = [turn for turn in record.turns if turn.player == 0 and turn.move is not None]
    heads = [m.value for m in at.markdown if m.value.startswith("**")]
    assert len([h for h in heads if any(str(turn.move) in h for turn in mine)]) >= len(mine) // 2
    # his mistakes come back as puzzles of his own in his review queue, as in Play
    from trainer.play.mistakes import own_puzzle
    reviews = at.session_state["table_reviews"][1]
    own = {p.item for p in map(own_puzzle, reviews) if p is not None}
    assert own <= {item.item for item in club.review_queue(ann.learner_id)}
    monkeypatch.setenv(MODE_ENV, "home")
    home = AppTest.from_file(APP, default_timeout=60)
    ok(home)
    assert "tables" not in registered(home) and "together" in registered(home)  # one device: Play together


def test_a_teacher_watches_his_learners_table_and_sees_hands_only_once_over(club: Store) -> None:
    from trainer.play.players import GreedyPlayer

    tess = club.create_account("Tess", "teacher", password="tess-password-1")
    otto = club.create_account("Otto", "teacher", password="otto-password-1")
    ann = club.create_account("Ann", "learner", password="ann-password-1")
    club.join(club.create_class(tess.id, "Tuesday").id, ann.id)
    settings = TableSettings("standard", 2, seed=9)
    table = club.scoped(ann).open_table(settings.to_json(), 2, computers={1: "greedy"})
    watcher = signed_in_app(club, tess.id, "tables")
    ok(watcher.button(key=f"table_watch_{table.id}").click())
    match = the_match(club, table.id)
    text = shown(watcher)
    assert "watching" in text and table.code in text
    position = match.position
    hidden = {str(tile) for tile in (*position.hand(0), *position.hand(1), *position.boneyard)}
    assert not any(name in text for name in hidden)  # no tile of any hand while the hand is on
    outsider = signed_in_app(club, otto.id, "tables")
    assert not [b for b in outsider.button if b.key == f"table_watch_{table.id}"]
    bot = GreedyPlayer(1)
    while not match.results:  # the hand played to its end, as the seats' pages would
        move = bot.choose(match.position, match.voids())
        rows = club.table_moves(table.id)
        club.add_move(table.id, len(rows), match.position.turn, str(move), None, f"r{len(rows)}")
        match = the_match(club, table.id)
    ok(watcher)
    text = shown(watcher)
    dealt = match.starts[0]
    assert all(str(tile) in text for seat in (0, 1) for tile in dealt.hand(seat))  # now every hand as dealt


def test_four_learners_play_a_partners_hand_to_the_end_and_each_gets_his_review(club: Store) -> None:
    names = ["Ann", "Ben", "Cat", "Dan"]
    accounts = [club.create_account(n, "learner", password=f"{n.lower()}-password-1") for n in names]
    first = signed_in_app(club, accounts[0].id, "tables")
    first.selectbox(key="table_rules").set_value("partners")
    ok(first)
    first.selectbox(key="table_players").set_value(4)
    ok(first.button(key="table_open").click())
    (table,) = club.tables_of(accounts[0].learner_id)
    pages = {0: first}
    for seat, account in enumerate(accounts[1:], start=1):
        at = signed_in_app(club, account.id, "tables")
        at.text_input(key="table_code").input(table.code)
        ok(list(at.get("form_submit_button"))[0].click())
        pages[seat] = at
    assert [s.learner_id for s in club.play_table(table.id).seats] == [a.learner_id for a in accounts]
    for _ in range(40):
        match = the_match(club, table.id)
        if match.results:
            break
        mover = match.position.turn
        ok(pages[mover])
        click_a_move(pages[mover])
    match = the_match(club, table.id)
    assert match.results and match.rules.name == "partners"
    for seat, at in pages.items():
        ok(at)
        ok(at.button(key="table_review_1").click())
        reviews = at.session_state["table_reviews"][1]
        played = [turn for turn in match.seat_record(1, seat).turns if turn.player == seat and turn.move]
        assert len(reviews) == len(played), seat  # every move of his, judged on what he could see
        (kept,) = club.hands(accounts[seat].learner_id)  # in his own hands (Progress), with the review's sums
        assert kept.moves == len(reviews) and kept.turns == len(match.seat_record(1, seat).turns)
        assert club.hand_record(accounts[seat].learner_id, kept.id) == match.seat_record(1, seat)


def test_the_coach_helps_only_at_a_table_that_allows_it(club: Store) -> None:
    ann = club.create_account("Ann", "learner", password="ann-password-1")
    at = signed_in_app(club, ann.id, "tables")
    at.selectbox(key="table_seat_1").set_value("greedy")
    ok(at.button(key="table_open").click())
    assert not [b for b in at.button if b.key == "table_hint_button"]  # not allowed by default
    ok(at.button(key="table_back").click())
    at.selectbox(key="table_seat_1").set_value("greedy")
    at.checkbox(key="table_coach").check()
    ok(at.button(key="table_open").click())
    table = club.tables_of(ann.learner_id)[0]
    assert TableSettings.from_json(table.settings).coach
    ok(at.button(key="table_hint_button").click())
    said = [i.value for i in at.info if i.value.startswith("**Coach:**")]
    assert said and len(said[0]) > 20


def test_in_muggins_each_player_claims_his_points_and_the_claim_is_stored(club: Store) -> None:
    ann = club.create_account("Ann", "learner", password="ann-password-1")
    at = signed_in_app(club, ann.id, "tables")
    at.selectbox(key="table_seat_1").set_value("greedy")
    at.checkbox(key="table_muggins").check()
    ok(at.button(key="table_open").click())
    table = club.tables_of(ann.learner_id)[0]
    assert TableSettings.from_json(table.settings).muggins
    before = len(club.table_moves(table.id))
    match = the_match(club, table.id)
    code = click_a_move(at)
    assert len(club.table_moves(table.id)) == before  # the move waits for its claim
    at.text_input(key="table_claim").input("7")
    ok(list(at.get("form_submit_button"))[0].click())
    assert "fives" in " ".join(e.value for e in at.error) and len(club.table_moves(table.id)) == before
    points = match.position.points(Move.parse(code))
    at.text_input(key="table_claim").input(str(points))
    ok(list(at.get("form_submit_button"))[0].click())
    stored = club.table_moves(table.id)[before]
    assert (stored.move, stored.claim) == (code, points)
    computers = [m for m in club.table_moves(table.id) if m.seat == 1]
    assert all(m.claim is not None for m in computers)  # the computer claims its points too


def test_the_computer_plays_for_a_player_who_is_away_until_his_page_is_back(club: Store) -> None:
    from datetime import UTC, datetime, timedelta

    from trainer.store.tables import AWAY

    ann = club.create_account("Ann", "learner", password="ann-password-1")
    ben = club.create_account("Ben", "learner", password="ben-password-1")
    settings = TableSettings("standard", 2, seed=5)
    table = club.scoped(ann).open_table(settings.to_json(), 2)
    club.join_table(table.code, ben.learner_id)
    long_ago = datetime.now(UTC) - timedelta(seconds=AWAY + 30)
    club.seen_at_table(table.id, ben.learner_id, when=long_ago)  # Ben's page closed a while ago
    assert club.play_table(table.id).seats[1].away() and not club.play_table(table.id).seats[0].away()
    at_ann = signed_in_app(club, ann.id, "tables")
    ok(at_ann.button(key=f"table_go_{table.id}").click())
    for _ in range(6):  # Ann plays; the computer answers for Ben, on Ann's page
        match = the_match(club, table.id)
        if match.position.turn == 0:
            click_a_move(at_ann)
        ok(at_ann)
    moves = club.table_moves(table.id)
    bens = [m for m in moves if m.seat == 1]
    assert bens and all(m.request.startswith("computer-") for m in bens)
    assert "played by the computer while away" in shown(at_ann)
    before = len(moves)
    at_ben = signed_in_app(club, ben.id, "tables")  # Ben is back
    ok(at_ben.button(key=f"table_go_{table.id}").click())
    assert not club.play_table(table.id).seats[1].away()
    for _ in range(4):
        match = the_match(club, table.id)
        if match.results:
            break
        ok(at_ann)
        if match.position.turn == 0:
            click_a_move(at_ann)
    ok(at_ann)
    later = club.table_moves(table.id)[before:]
    assert not any(m.request.startswith("computer-") for m in later)  # nobody plays for Ben now
    assert "played by the computer while away" not in shown(at_ann)
