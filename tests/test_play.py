"""Playing the computer: seeded deals, undo, Muggins claims, saving, the coach and the
review of a hand."""

from __future__ import annotations

import pytest

from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.record import Turn
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.errors import IllegalMoveError, NotationError
from trainer.play.coach import grade, hint, review_hand
from trainer.play.session import PlaySession, PlaySettings, narrate

ENDGAME = ("0-0:0-3,3-4,4-6,6-5,5-5,5-1,1-0:0-4,4-2,2-1,1-3,3-2,2-0,0-5,5-4::"
           "0-6,6-3,3-3,3-5,5-2,2-2,2-6,6-1 6-6,4-4/4-1,1-1 - 1 15,15")


def to_learner(session: PlaySession) -> None:
    while not session.learner_to_move and not session.over:
        session.computer_step()


def test_the_same_seed_deals_the_same_tiles() -> None:
    a = PlaySession(PlaySettings(seed=9))
    b = PlaySession(PlaySettings(seed=9))
    c = PlaySession(PlaySettings(seed=10))
    assert a.match.starts[0] == b.match.starts[0]
    assert a.match.starts[0].hands != c.match.starts[0].hands


def test_undo_restores_the_exact_previous_position() -> None:
    session = PlaySession(PlaySettings(seed=3, opponent="random"))
    to_learner(session)
    for _ in range(3):
        before = session.match.position.code()
        session.play(session.match.legal_moves()[-1])
        to_learner(session)
        session.undo()
        assert session.match.position.code() == before
        session.play(session.match.legal_moves()[0])
        to_learner(session)


def test_undo_with_no_move_of_the_learner_is_refused() -> None:
    session = PlaySession(PlaySettings(seed=3, learner=1))
    with pytest.raises(IllegalMoveError):
        session.undo()


def test_muggins_claims_keep_or_give_away_the_points() -> None:
    session = PlaySession(PlaySettings(seed=21, muggins=True, opponent="random"))
    right = wrong = 0
    while not session.over and (right < 2 or wrong < 2):
        to_learner(session)
        if session.over:
            break
        moves = session.match.legal_moves()
        scoring = [m for m in moves if session.match.position.points(m) > 0]
        move = scoring[0] if scoring else moves[0]
        points = session.match.position.points(move)
        before = session.match.position.scores
        claim = points if (right <= wrong or not points) else 0
        with pytest.raises(IllegalMoveError):
            session.play(move)  # a claim is required
        session.play(move, claim)
        if session.match.results and session.match.position.scores == session.match.results[-1].scores:
            continue  # the hand ended with this play: its settlement is in the scores
        after = session.match.position.scores
        if not points or len(session.match.hands[-1]) == 0:
            continue
        if claim == points:
            right += 1
            assert after[0] - before[0] == points
        else:
            wrong += 1
            assert after[0] == before[0] and after[1] - before[1] >= points
        assert session.claims[-1].right == (claim == points)
    assert right >= 1 and wrong >= 1
    with pytest.raises(IllegalMoveError):
        session.undo()


def test_an_over_claim_costs_the_points_claimed_beyond_the_play() -> None:
    """Muggins counts both ways: claiming more than the play scored gives the next side
    the play's points and the excess (in fives); the learner's score does not grow."""
    seen = {"scoring": False, "blank": False}
    for seed in range(30, 60):
        session = PlaySession(PlaySettings(seed=seed, muggins=True, opponent="random", target=1000))
        to_learner(session)
        while not session.over and not all(seen.values()) and len(session.match.hands) == 1:
            moves = session.match.legal_moves()
            move = max(moves, key=lambda m: session.match.position.points(m))
            points = session.match.position.points(move)
            kind = "scoring" if points else "blank"
            before = session.match.position.scores
            claim = points + 10 if points else 5
            session.play(move, claim)
            if session.match.results or seen[kind]:
                to_learner(session)
                continue
            after = session.match.position.scores
            assert after[0] == before[0]
            assert after[1] - before[1] == points + (claim - points)
            assert session.claims[-1].penalty == claim - points and not session.claims[-1].right
            seen[kind] = True
            to_learner(session)
        if all(seen.values()):
            break
    assert all(seen.values())


def test_a_saved_game_loads_to_the_same_position_and_scores() -> None:
    for muggins in (False, True):
        session = PlaySession(PlaySettings(seed=8, muggins=muggins, opponent="greedy"))
        for _ in range(6):
            to_learner(session)
            if session.over:
                break
            move = session.match.legal_moves()[0]
            session.play(move, 0 if muggins else None)
        text = session.save()
        loaded = PlaySession.load(text)
        assert loaded.match.position == session.match.position
        assert loaded.settings == session.settings
        assert loaded.save() == text


def test_a_damaged_saved_game_is_refused_with_a_message() -> None:
    session = PlaySession(PlaySettings(seed=8))
    to_learner(session)
    session.play(session.match.legal_moves()[0])
    text = session.save()
    for bad in (text.replace("seed: 8", "seed: 9"), text.replace("players: 2", "players: 7"),
                text + "0: 6-6@Q\n", "rules: standard\n"):
        with pytest.raises(NotationError):
            PlaySession.load(bad)


def test_the_review_grades_a_scripted_hand_with_known_mistakes() -> None:
    start = Position.from_code(ENDGAME)
    expected = {"1-1@S": ("mistake", 20.0), "4-1@S": ("mistake", 10.0), "4-1@W": ("best", 0.0)}
    for move, (name, loss) in expected.items():
        (review,) = review_hand(start, (Turn(1, (), Move.parse(move)),), learner=1, budget=0.3)
        assert (review.grade, review.loss, str(review.best)) == (name, loss, "4-1@W")


def test_the_review_skips_the_other_players_and_marks_forced_moves() -> None:
    session = PlaySession(PlaySettings(seed=5, opponent="greedy"))
    while len(session.match.hands) == 1 and not session.over:
        to_learner(session)
        if len(session.match.hands) > 1 or session.over:
            break
        session.play(session.match.legal_moves()[0])
    turns = tuple(session.match.hands[0])
    reviews = review_hand(session.match.starts[0], turns, learner=0, budget=0.05)
    chosen = [t for t in turns if t.player == 0 and t.move is not None]
    assert len(reviews) == len(chosen) > 0
    assert all(r.loss >= 0 for r in reviews)
    assert all(r.grade in ("forced", "unclear") or r.grade == grade(r.loss) or r.grade == "inaccuracy"
               for r in reviews)


def test_the_coach_hints_a_legal_move_with_reasons() -> None:
    position = Position.from_code(ENDGAME)
    advice = hint(position, budget=0.3)
    assert str(advice.move) == "4-1@W"
    assert advice.headline.startswith("Play 4-1 on the west end (4-1@W): it blocks player 1") and advice.exact
    assert advice.details[0].startswith("4-1@W scores 0 points now")
    early = PlaySession(PlaySettings(seed=2)).match.position
    advice = hint(early, budget=0.05)
    assert advice.move in early.legal_moves() and len(advice.reasons) >= 3


def test_a_story_names_only_the_draws_of_the_seats_shown() -> None:
    held = {"5-0", "6-6", "4-4", "2-1", "5-5"}
    rest = ",".join(str(x) for x in ALL_TILES if str(x) not in held)
    start = Position.from_code(f"5-0 6-6,4-4/{rest} 2-1,5-5 0 0,0")  # player 0 draws 2-1, then 5-5 fits
    turns = (Turn(0, (Tile(2, 1), Tile(5, 5)), Move.parse("5-5@W")),)
    seen = "You drew 2 (2-1, 5-5) and played 5-5 on the west end (5-5@W): count 10, scores 10."
    assert narrate(start, turns, {0: "You"}) == narrate(start, turns, {0: "You"}, shown={0}) == [seen]
    assert narrate(start, turns, {0: "You"}, shown={1}) == [
        "You drew 2 tiles and played 5-5 on the west end (5-5@W): count 10, scores 10."]
