"""One numbering of seats wherever a learner reads a player's number: from 1, as the
lessons count (`trainer.engine.seats.seat`); position codes and records keep theirs,
from 0. Each page and text that names a player by number is checked against the seat
it means."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.seats import seat, seats
from trainer.i18n import t
from trainer.play.coach import leaves_words
from trainer.play.ideas import idea, idea_words
from trainer.play.session import PlaySession, PlaySettings
from trainer.puzzles.bank import shipped
from trainer.puzzles.text import line_words, notes

APP = str(Path(__file__).resolve().parent.parent / "app.py")
NUMBERED = re.compile(r"\bplayers? (\d+)")


def test_seat_counts_from_one() -> None:
    assert [seat(n) for n in range(4)] == [1, 2, 3, 4] and seats([0, 2]) == [1, 3]


@pytest.mark.parametrize("rules", ["standard", "partners"])
def test_a_puzzles_notes_and_lines_name_each_player_by_his_seat(rules: str) -> None:
    """Every number a puzzle's notes and solved line say is a seat (1 to the number of
    players), never the position code's index; the partner is the seat across."""
    found = [p for p in shipped() if p.rules == rules and p.parsed().players > 2][:40]
    assert found
    partners_named = 0
    for puzzle in found:
        position = puzzle.parsed()
        said = " ".join(notes(puzzle) + line_words(puzzle))
        for number in NUMBERED.findall(said):
            assert 1 <= int(number) <= position.players, (puzzle.id, said)
        if rules == "partners":
            partner = seat((position.turn + 2) % 4)
            named = [part.split(":")[0] for part in notes(puzzle) if part.startswith("your partner")]
            assert all(name == f"your partner (player {partner})" for name in named), (puzzle.id, named)
            partners_named += len(named)
    assert rules != "partners" or partners_named  # the partner's seat was said, and checked


def test_the_coach_names_the_next_player_by_his_seat() -> None:
    position = Position.from_code("5-5:5-2,2-0,0-6::: ?4/6-5,6-3,5-3,0-0/?9/?4 ?3 1 -35,40 partners")
    move = Move.parse("6-5@E")
    next_seat = seat((position.turn + 1) % position.players)  # 3: index 2 in the code
    found = idea(position, move, Move.parse("6-3@E"), {2: frozenset({5})})
    assert found is not None and f"player {next_seat}:" in idea_words(found)
    lines = leaves_words(position, move, "en", {2: frozenset({5})})
    assert any(f"player {next_seat}" in line for line in lines)


@pytest.mark.parametrize("players", [2, 4])
def test_play_names_the_computers_by_their_seats(players: int) -> None:
    """The learner sits at index 0 (seat 1): the computers are players 2 and on."""
    session = PlaySession(PlaySettings(players=players, seed=5, opponent="random", target=60))
    while session.match.position.turn != session.settings.learner and not session.over:
        session.computer_step()
    at = AppTest.from_file(APP, default_timeout=120).run()  # the page: its captions as the learner reads them
    at.session_state["play_pace"] = 0
    at.switch_page("ui/play.py").run()
    at.session_state["play"] = session
    at.run()
    assert not at.exception
    shown = " ".join(c.value for c in at.caption)
    for index in range(1, players):
        name = t("play.computer", seat=seat(index))
        if session.match.rules.partners and index == 2:
            name = t("play.partner", seat=seat(index))
        assert name in shown, shown
    assert "(player 0)" not in shown and f"(player {players + 1})" not in shown
