"""The Events page in club mode, driven with AppTest: a teacher makes a duplicate event
of 4 deals on 2 tables from the form; each learner finds his deals and opens one on the
Tables page; the deals played, the page's standings are those worked out by hand, and
a learner sees a deal's results and the other table's play only once his own board of
it is over."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")

from tests.test_app_club import ok, registered, signed_in_app, strings  # noqa: E402
from tests.test_events import by_hand, play_out  # noqa: E402
from trainer.engine.movenames import move_words  # noqa: E402
from trainer.engine.moves import Move  # noqa: E402
from trainer.play.events import EventSettings  # noqa: E402
from trainer.store import Store  # noqa: E402


def test_a_teacher_runs_an_event_of_four_deals_on_two_tables_and_the_standings_are_right(club: Store) -> None:
    tess = club.create_account("Tess", "teacher", password="tess-password-1")
    klass = club.create_class(tess.id, "Monday")
    accounts = [club.create_account(n, "learner", password=f"{n.lower()}-password-1")
                for n in ("Ann", "Ben", "Cat", "Dan")]
    for account in accounts:
        club.join(klass.id, account.id)
    ids = [a.learner_id for a in accounts]
    teacher = signed_in_app(club, tess.id, "events")
    assert "events" in registered(teacher)
    teacher.text_input(key="event_name").input("Monday <b>cup</b>")
    teacher.number_input(key="event_count").set_value(4)
    teacher.number_input(key="event_per_round").set_value(2)
    teacher.text_input(key="event_deals").input("7, x")
    ok(teacher.multiselect(key="event_learners").set_value(ids))
    ok(teacher.button(key="event_make").click())
    assert "deal numbers are up to" in " ".join(e.value for e in teacher.error)  # said, nothing made
    assert not club.scoped(tess).events()
    teacher.text_input(key="event_deals").input("")
    ok(teacher.button(key="event_make").click())
    (event,) = club.scoped(tess).events()
    assert event.name == "Monday <b>cup</b>"  # shown back as text
    settings = EventSettings.from_json(event.settings)
    assert len(settings.deals) == 4 and settings.per_round == 2 and settings.rotate
    boards = club.event_boards(event.id)
    assert len(boards) == 8 and {b.table for b in boards} == {"A", "B"}
    first = {b.deal: b for b in boards if b.table == "A"}
    assert [s.learner_id for s in club.play_table(first[1].table_id).seats] == ids[:2]  # in the order picked
    assert [s.learner_id for s in club.play_table(first[3].table_id).seats] == [ids[1], ids[0]]  # moved on

    ann = signed_in_app(club, accounts[0].id, "events")
    text = strings(ann)
    assert "Your deals" in text and "No deal is finished yet" in text
    ok(ann.button(key=f"event_go_{first[1].table_id}").click())  # opens the deal on the Tables page
    assert "deal 1 · table A" in strings(ann)

    finished = []
    for number, b in enumerate(boards):
        scores = play_out(club, b.table_id, number, frozenset(ids[:1]))
        seats = tuple(s.learner_id for s in club.play_table(b.table_id).seats)
        finished.append((b.deal, b.table, seats, scores))
    expected = by_hand(finished)
    ok(teacher)
    frame = teacher.dataframe[0].value
    shown = {row.iloc[1]: row.iloc[2] for _, row in frame.iterrows()}
    names = {a.learner_id: a.name for a in accounts}
    assert shown == {names[i]: f"{float(share) * 100:.1f}%" for i, share in expected.items()}
    places = list(frame.iloc[:, 2])
    assert places == sorted(places, key=lambda s: -float(s.rstrip("%")))
    assert "Class Monday" in strings(teacher) and "Deal 4 (round 2)" in strings(teacher)


def test_a_learner_sees_a_deal_at_the_other_table_only_once_his_own_is_over(club: Store) -> None:
    tess = club.create_account("Tess", "teacher", password="tess-password-1")
    otto = club.create_account("Otto", "teacher", password="otto-password-1")
    klass = club.create_class(tess.id, "Monday")
    accounts = [club.create_account(n, "learner", password=f"{n.lower()}-password-1") for n in ("Ann", "Ben")]
    for account in accounts:
        club.join(klass.id, account.id)
    teacher = signed_in_app(club, tess.id, "events")
    teacher.number_input(key="event_count").set_value(1)
    ok(teacher.multiselect(key="event_learners").set_value([accounts[0].learner_id, accounts[1].learner_id]))
    ok(teacher.button(key="event_make").click())
    (event,) = club.scoped(tess).events()
    (board,) = club.event_boards(event.id)  # one table: Ann and Ben
    outsider = signed_in_app(club, otto.id, "events")
    assert "Monday" not in strings(outsider) and "No event yet" in strings(outsider)
    play_out(club, board.table_id, 3)
    ann = signed_in_app(club, accounts[0].id, "events")
    text = strings(ann)
    moves = club.table_moves(board.table_id)
    assert "Deal 1: how 1 table played it" in text
    said = move_words(Move.parse(moves[0].move), "en")
    assert said in text and "Ann" in text and "Ben" in text
