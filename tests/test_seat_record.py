"""A hand as one player saw it (notation.md): the seat record's text and JSON forms, its
checks against the rules, its export from a match, and the `review` command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import jsonschema
import pytest

from trainer import cli
from trainer.cli import main
from trainer.engine.game import Match
from trainer.engine.rules import preset
from trainer.engine.seatview import MAX_TEXT, SeatRecord, schema
from trainer.engine.voids import voids_from_turns
from trainer.errors import NotationError
from trainer.play.coach import review_hand
from trainer.play.players import GreedyPlayer, make_player, mover_view
from trainer.play.session import PlaySession, PlaySettings

HEADER = "rules: standard\nplayers: 2\nseat: 0\nhand: 5-2,5-1,4-2,4-0,3-3,3-0,2-1,2-0,0-0\nscores: 0,0\n"
HAND = HEADER + "1: 6-6\n0: draw 3-2, draw 6-2, 6-2@E\n1: draw 2, 6-1@W\n0: 2-1@E\n"
SETUPS = [("standard", 2), ("standard", 3), ("standard", 4), ("partners", 4), ("cincos", 2), ("cincos", 3),
          ("cincos", 4)]


@cache
def played(rules: str, players: int, seed: int, hands: int = 1) -> Match:
    """A match between greedy players, up to the end of hand `hands` (or of the match)."""
    match = Match(preset(rules), players, seed)
    bots = [make_player("greedy", seed * 10 + seat, match.target) for seat in range(players)]
    while not match.over and len(match.results) < hands:
        match.play(bots[match.position.turn].choose(match.position, match.voids()))
    return match


def finished_hands(rules: str, players: int) -> Iterator[tuple[Match, int]]:
    """Hands played to their end, one match after another (at most 80)."""
    for seed in range(20):
        match = played(rules, players, seed, 4)
        for number in range(1, len(match.results) + 1):
            yield match, number


def test_the_text_form_round_trips_and_names_the_others_draws_by_count() -> None:
    record = SeatRecord.parse("# a club game\n\n" + HAND.replace("scores: 0,0", "scores:  0, 0"))
    assert record.text() == HAND and SeatRecord.parse(record.text()) == record
    assert [str(t) for t in record.turns] == HAND.splitlines()[5:]
    assert record.turns[2].draws == 2 and [str(t) for t in record.turns[1].draws] == ["3-2", "6-2"]
    assert record.to_dict()["turns"][2] == {"player": 1, "draws": 2, "move": "6-1@W"}
    assert record.to_dict()["turns"][1] == {"player": 0, "draws": ["3-2", "6-2"], "move": "6-2@E"}
    jsonschema.validate(record.to_dict(), schema())
    assert SeatRecord.from_json(record.to_json()) == record
    # optional header lines are printed only when given
    sized = HAND.replace("players: 2\n", "players: 2\nhand-sizes: 9-7-5\n")
    bare = SeatRecord.parse(sized.replace("scores: 0,0\n", ""))
    assert bare.scores is None and bare.hand_sizes == "9-7-5" and "hand-sizes: 9-7-5\nseat" in bare.text()
    assert "scores" not in bare.to_dict() and bare.to_dict()["hand_sizes"] == "9-7-5"


def test_the_decisions_are_the_seat_s_view_with_the_voids_he_saw() -> None:
    table = SeatRecord.parse(HAND).follow()
    assert [(d.turn, str(d.move)) for d in table.decisions] == [(1, "6-2@E"), (3, "2-1@E")]
    assert table.decisions[1].position.code() == \
        "6-6:6-2:6-1:: 5-2,5-1,4-2,4-0,3-3,3-2,3-0,2-1,2-0,0-0/?9 ?6 0 0,0"
    assert table.decisions[1].voids == {0: frozenset({6}), 1: frozenset({2, 6})}


@pytest.mark.parametrize(("rules", "players"), SETUPS)
def test_every_hand_of_a_match_exports_for_every_seat(rules: str, players: int) -> None:
    """Export, then text and JSON round trips; the seat's decisions are the match's own
    positions as he saw them, with the same voids as the match's record gives."""
    seen = {"draws": 0, "passes": 0, "out": 0, "blocked": 0}
    validator = jsonschema.Draft202012Validator(schema())
    checked = 0
    for match, number in finished_hands(rules, players):
        start, turns = match.starts[number - 1], tuple(match.hands[number - 1])
        for seat in range(players):
            record = match.seat_record(number, seat)
            text = record.text()
            assert SeatRecord.parse(text) == record and SeatRecord.parse(text).text() == text
            data = json.loads(record.to_json())
            validator.validate(data)
            assert SeatRecord.from_json(json.dumps(data)) == record
            assert record.hand == start.hand(seat) and record.scores == start.scores
            mine = [(i, t.move) for i, t in enumerate(turns) if t.player == seat and t.move is not None]
            decisions = record.follow().decisions
            assert [(d.turn, d.move) for d in decisions] == mine
            for d in decisions[-2:]:
                assert d.voids == voids_from_turns(start, turns[:d.turn])
            seen["draws"] += sum(1 for t in record.turns if t.draws)
            seen["passes"] += sum(1 for t in record.turns if t.move is None)
            assert record.end is not None
            seen[record.end.kind] += 1
            assert all(p != seat and tiles for p, tiles in record.shown)
        checked += 1
        if checked >= 4 and seen["blocked"] and (seen["passes"] or rules == "cincos"):
            break
    assert seen["out"] and (seen["draws"] or (rules, players) == ("cincos", 4))
    assert seen["blocked"] and (seen["passes"] or rules == "cincos"), seen


def test_decision_positions_are_what_the_seat_saw_in_the_match() -> None:
    match = played("standard", 3, 1)
    assert match.results
    start, turns = match.starts[0], tuple(match.hands[0])
    position = start
    views = {}
    for index, turn in enumerate(turns):
        for _ in turn.draws:
            position = position.draw()
        if turn.move is None:
            position = position.pass_turn() if position.must_pass else position
            continue
        views[index] = mover_view(position).code()
        position = position.play(turn.move)
    for seat in range(3):
        for d in match.seat_record(1, seat).follow().decisions:
            assert d.position.code() == views[d.turn]


@pytest.mark.parametrize(("text", "message"), [
    (HAND.replace("1: 6-6", "2: 6-6"), "line 6 ('2: 6-6'): there is no player 2"),
    (HAND.replace("1: draw 2, 6-1@W", "0: 6-1@W"), "line 8 ('0: 6-1@W'): it is player 1's turn"),
    (HAND.replace("2-1,2-0", "2-1,2-1"), "3-0,2-1,2-1,0-0'): 2-1 appears twice"),
    (HAND.replace("1: draw 2, 6-1@W", "1: 6-2@W"), "line 8 ('1: 6-2@W'): 6-2 is played but is already on"),
    (HAND.replace("1: draw 2, 6-1@W", "1: 5-1@W"), "line 8 ('1: 5-1@W'): 5-1 is in the seat's hand"),
    (HAND.replace("1: draw 2, 6-1@W", "1: 4-1@W"), "line 8 ('1: 4-1@W'): 4-1 does not fit side W"),
    (HAND.replace("0: 2-1@E", "0: draw 6-5, 2-1@E"), "line 9 ('0: draw 6-5, 2-1@E'): he draws while 5-2"),
    (HAND.replace("1: draw 2, 6-1@W", "1: draw 9, 6-1@W"), "he draws 9 tiles from a boneyard of 8"),
    (HAND.replace("1: draw 2, 6-1@W", "1: pass"), "line 8 ('1: pass'): he passes while the boneyard holds 8"),
    (HAND.replace("1: 6-6", "1: 6-6@E"), "line 6 ('1: 6-6@E'): the first turn is the lead: a bare tile"),
    (HAND.replace("0: 2-1@E", "0: 2-1"), "line 9 ('0: 2-1'): 2-1: after the lead a move names its end"),
    (HAND.replace("1: draw 2, 6-1@W", "1: draw 6-1, 6-1@W"), "player 1's draws are a count (draw 2)"),
    (HAND.replace("0: draw 3-2, draw 6-2", "0: draw 2"), "the seat's own draws name the tiles"),
    (HAND + "end: out 1\n", "line 10 ('end: out 1'): player 1 did not go out: he still holds 9 tile(s)"),
    (HAND + "end: blocked\n", "line 10 ('end: blocked'): the hand was not blocked: the boneyard holds 6"),
    (HAND + "shown 1: 6-5\n", "line 10 ('shown 1: 6-5'): 'shown N: TILES' follows the 'end:' line"),
    (HAND.replace("standard", "dominoes"), "line 1 ('rules: dominoes'): unknown rules preset 'dominoes'"),
    (HAND.replace("players: 2", "players: 5"), "line 2 ('players: 5'): players: '5' is not a whole number"),
    (HAND.replace("seat: 0", "seat: 2"), "line 3 ('seat: 2'): seat: '2' is not a whole number from 0 to 1"),
    (HAND.replace(",0-0\n", "\n"), "3-0,2-1,2-0'): 8 tiles; each of 2 players"),
    (HAND.replace("scores: 0,0", "scores: 0,0,0"), "line 5 ('scores: 0,0,0'): 3 score(s) for 2 sides"),
    (HAND.replace("seat: 0\n", ""), "the header lacks seat"),
    (HAND.replace("0: 2-1@E", "target: 250"), "line 9 ('target: 250'): write PLAYER:"),
    # the notation's own illustration: player 1 would hold 9 tiles with no 6 or 2, and only 8 are left
    (HAND.replace("5-2,5-1,4-2,4-0,3-3,3-0,2-1,2-0,0-0", "5-5,5-1,4-2,4-0,3-3,3-0,2-1,1-1,0-0"),
     "line 8 ('1: draw 2, 6-1@W'): player 1 would hold 9 tile(s), but only 8 of the tiles"),
])
def test_bad_lines_are_refused_naming_the_line(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        SeatRecord.parse(text)
    assert message in str(caught.value)


def test_what_the_seat_can_check_of_the_others_turns() -> None:
    four = "rules: cincos\nplayers: 4\nseat: 0\nhand: 6-6,6-5,5-5,4-1,3-2,2-0,1-0\n"
    assert "line 5 ('1: 4-4'): under cincos the holder of the highest double leads it: the seat holds 6-6" \
        in error_of(four + "1: 4-4\n")
    other = four.replace("seat: 0", "seat: 1").replace("6-6,", "6-4,")
    assert "under cincos the lead is the highest double, not 3-1" in error_of(other + "0: 3-1\n")
    assert "line 6 ('1: draw 1, 6-1@E'): he draws from an empty boneyard" in \
        error_of(four + "0: 6-6\n1: draw 1, 6-1@E\n")
    # player 1 drew on 6s, has not drawn since, and plays a 6
    three = ("rules: standard\nplayers: 3\nseat: 0\nhand: 6-6,5-5,4-4,3-3,2-2,1-1,0-0\n"
             "0: 6-6\n1: draw 1, 6-1@E\n2: 1-0@E\n0: 0-0@E\n")
    SeatRecord.parse(three)
    assert "line 9 ('1: 6-3@W'): player 1 showed he has no 6s" in error_of(three + "1: 6-3@W\n")
    two = "rules: standard\nplayers: 2\nseat: 0\nhand: 6-6,6-5,6-4,6-3,6-2,6-1,6-0,5-5,5-4\n1: 5-3\n"
    assert "line 6 ('0: pass'): he passes while 6-5 fits" in error_of(two + "0: pass\n")


def error_of(text: str) -> str:
    with pytest.raises(NotationError) as caught:
        SeatRecord.parse(text)
    return str(caught.value)


@pytest.mark.parametrize(("change", "message"), [
    ({"players": "2"}, "field 'players': '2' is not a whole number"),
    ({"rules": "fives"}, "field 'rules': unknown rules preset 'fives'"),
    ({"hand": "5-2,5-1"}, "field 'hand': not a list"),
    ({"scores": [0, "0"]}, "field 'scores': the scores are whole numbers"),
    ({"turns": {"player": 1}}, "field 'turns': not a list"),
    ({"turns": [{"player": 1, "draws": "two", "move": "6-6"}]}, "turns[0]: draws 'two' is neither"),
    ({"turns": [{"player": True, "draws": 0, "move": "6-6"}]}, "turns[0]: player True is not a player"),
    ({"turns": [{"player": 1, "draws": 0, "move": 66}]}, "turns[0]: move 66 is not text"),
    ({"end": "blocked"}, "field 'end': write {\"kind\": \"out\""),
    ({"shown": [{"player": 1, "tiles": ["6-6"]}]}, "field 'shown': hands are shown once the hand is over"),
    ({"colour": "red"}, "unknown field 'colour'"),
])
def test_bad_json_is_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    data = {**SeatRecord.parse(HAND).to_dict(), **change}
    with pytest.raises(NotationError) as caught:
        SeatRecord.from_json(json.dumps(data))
    assert message in str(caught.value)


def test_hostile_json_and_sizes_are_bounded() -> None:
    for text, message in [("[" * 50_000 + "]" * 50_000, "nested too deeply"), ("{", "not JSON"),
                          ("[]", "the JSON is an object"), (" " * (MAX_TEXT + 1), "at most 100,000")]:
        with pytest.raises(NotationError, match=message):
            SeatRecord.from_json(text)
    with pytest.raises(NotationError, match="at most 100,000"):
        SeatRecord.parse(HAND + "#" * MAX_TEXT)


def review_json(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> dict[str, object]:
    status = main(["review", str(path), "--json", *extra])
    out, err = capsys.readouterr()
    assert status == 0 and err == "" and out.count("\n") == 1
    result: dict[str, object] = json.loads(out)
    return result


def test_review_json_has_the_contract_s_fields(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hand.txt"
    path.write_text(HAND, encoding="utf-8")
    result = review_json(capsys, path, "--budget", "0.05")
    assert result["seat"] == 0
    decisions = result["decisions"]
    assert isinstance(decisions, list) and [d["turn"] for d in decisions] == [2, 4]
    assert all(set(d) == {"turn", "position", "played", "grade", "best", "loss", "basis"} for d in decisions)
    first = "6-6:::: 6-2,5-2,5-1,4-2,4-0,3-3,3-2,3-0,2-1,2-0,0-0/?8 ?8 0 0,0"
    assert decisions[0] == {"turn": 2, "position": first,
                            "played": "6-2@E", "grade": "forced", "best": ["6-2@E"], "loss": None,
                            "basis": "forced"}
    (tmp_path / "hand.json").write_text(SeatRecord.parse(HAND).to_json(), encoding="utf-8")
    assert review_json(capsys, tmp_path / "hand.json", "--budget", "0.05")["seat"] == 0
    assert main(["review", str(path), "--budget", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "turn 2: 6-2@E is forced" in out and "seat 0: 2 decision(s)" in out


@pytest.mark.parametrize("seed", [155, 39])
def test_review_grades_as_play_s_own_review(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            seed: int) -> None:
    """A hand played in the app, exported for the learner and reviewed by the command,
    gets Play's own grades with the same budget and seed wherever they are exact (every
    decision: the same turns, positions and moves)."""
    session = PlaySession(PlaySettings(seed=seed, opponent="greedy"))
    me = GreedyPlayer(seed)
    while not session.match.results:
        if session.learner_to_move:
            session.play(me.choose(session.match.position))
        else:
            session.computer_step()
    path = tmp_path / "hand.txt"
    path.write_text(session.hand_record(1), encoding="utf-8")
    result = review_json(capsys, path, "--budget", "0.1", "--seed", "3")
    match = session.match
    play = review_hand(match.starts[0], tuple(match.record().hands[0]), 0, budget=0.1, seed=3)
    decisions = result["decisions"]
    assert isinstance(decisions, list)
    assert [(d["turn"], d["position"], d["played"]) for d in decisions] == \
        [(r.number + 1, r.position, str(r.played)) for r in play]
    exact = [(d, r) for d, r in zip(decisions, play) if d["basis"] in ("exact", "forced")]
    assert sum(1 for d, _ in exact if d["basis"] == "exact") >= 2
    for d, r in exact:
        assert (d["grade"], d["best"], d["loss"]) == (
            r.grade, [str(m) for m in r.best_moves], None if r.forced else r.loss)
        assert r.exact


@pytest.mark.parametrize(("rules", "players"), SETUPS)
def test_the_review_of_exported_hands_runs(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           rules: str, players: int) -> None:
    match = played(rules, players, 0)
    path = tmp_path / "hand.json"
    path.write_text(match.seat_record(1, 0).to_json(), encoding="utf-8")
    result = review_json(capsys, path, "--budget", "0.02")
    grades = {"best", "good", "inaccuracy", "mistake", "blunder", "unclear", "forced"}
    assert all(d["grade"] in grades for d in result["decisions"])  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "message"), [
    (HAND.replace("1: 6-6", "3: 6-6"), "line 6 ('3: 6-6'): there is no player 3"),
    (HAND + "end: out 1\n", "player 1 did not go out"),
    (SeatRecord.parse(HAND).to_json().replace('"players": 2', '"players": "two"'), "field 'players': 'two'"),
])
def test_review_of_a_bad_file_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                       text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["review", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: ") and err.count("\n") == 1 and message in err
    assert "Traceback" not in err


def test_review_reads_a_bounded_file(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "FILE_CAP", 1000)
    path = tmp_path / "huge.txt"
    path.write_text(HAND + "#" * 2000, encoding="utf-8")
    for argv, message in [(["review", str(path)], "larger than"),
                          (["review", str(tmp_path / "absent.txt")], "No such file"),
                          (["review", str(path), "--budget", "nan"], "not a number of seconds")]:
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err


def test_the_schema_ships_with_the_package() -> None:
    import tomllib
    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8"))
    assert "*.schema.json" in project["tool"]["setuptools"]["package-data"]["trainer.engine"]
    jsonschema.Draft202012Validator.check_schema(schema())
