"""Muggins, as rules.md writes it, settled the same way in the lesson, the glossary and
the Play session, for right, short, missing and over-claims: rules.md's table row by
row, then each case played in a session and asked in the lesson."""

from __future__ import annotations

import random
from typing import Optional

import pytest

from trainer.engine import muggins
from trainer.engine.game import Match
from trainer.engine.moves import Move
from trainer.errors import NotationError
from trainer.i18n import t
from trainer.play.session import Claim, PlaySession, PlaySettings
from trainer.teach.glossary import glossary
from trainer.teach.strategy import strategy_lesson

# rules.md, "Muggins": the play makes, the claim (None: no claim), claimer scores, next side scores
TABLE = [(10, 10, 10, 0), (10, 5, 0, 10), (10, None, 0, 10), (10, 15, 0, 15), (0, 5, 0, 5), (0, 0, 0, 0)]


def expected(points: int, claim: Optional[int]) -> tuple[int, int]:
    """The rule in its own words, written again here."""
    claimed = claim or 0
    if claimed == points:
        return points, 0
    if claimed < points:  # short or missing
        return 0, points
    return 0, points + (claimed - points)  # over: the points and the excess


def test_rules_md_table_row_by_row() -> None:
    assert muggins.RULE_TABLE == tuple(TABLE)
    for points, claim, mine, theirs in TABLE:
        assert muggins.settle(points, claim) == (mine, theirs) == expected(points, claim)
    for points in range(0, 40, 5):
        for claim in [None, *range(0, 50, 5)]:
            assert muggins.settle(points, claim) == expected(points, claim)
    for bad in (3, -5, 7):
        with pytest.raises(NotationError):
            muggins.settle(10, bad)


def case_of(points: int, claim: Optional[int]) -> str:
    if claim is None:
        return "missing"
    return "right" if claim == points else "short" if claim < points else "over"


@pytest.mark.parametrize("case", ["right", "short", "missing", "over", "over_nothing"])
def test_the_play_session_settles_every_case_by_the_rule(case: str) -> None:
    """A learner's play in a session with Muggins on: his side and the next side score
    what rules.md says, and the claim is kept."""
    for seed in range(200):
        session = PlaySession(PlaySettings(seed=seed, muggins=True, opponent="random", target=1000))
        while not session.learner_to_move and not session.over:
            session.computer_step()
        moves = session.match.legal_moves()
        position = session.match.position
        least = 10 if case == "short" else 5
        scoring = [m for m in moves if (position.points(m) == 0 if case == "over_nothing"
                                        else position.points(m) >= least)]
        if not scoring or len(position.hand(position.turn)) < 2:
            continue
        move = scoring[0]
        points = position.points(move)
        claim = {"right": points, "short": points - 5, "missing": 0, "over": points + 5,
                 "over_nothing": 5}[case]
        before = position.scores
        session.play(move, claim)
        after = session.match.hands[-1] and session.match.position.scores
        if session.match.results:
            continue  # the play ended the hand: the pips are in the scores too
        # the computer has not moved yet: play() returns after the learner's move
        mine, theirs = expected(points, claim)
        assert session.match.position.scores[0] - before[0] == mine
        assert session.match.position.scores[1] - before[1] == theirs
        assert session.claims[-1] == Claim(1, len(session.match.hands[-1]) - 1, claim, points)
        assert session.claims[-1].settlement == (mine, theirs)
        assert after
        return
    raise AssertionError(f"no play for the case {case}")


def test_a_wrong_claim_never_wins_the_game() -> None:
    """The claim is settled before the target is looked at: a short claim on the play
    that would reach the target leaves the game going (or wins it for the other side)."""
    for seed in range(400):
        match = Match(seed=seed, target=15)
        rng = random.Random(seed)
        while not match.over and len(match.hands) == 1:
            position = match.position
            moves = match.legal_moves()
            reaching = [m for m in moves if position.scores[position.mover_side] + position.points(m) >= 15
                        and len(position.hand(position.turn)) > 1]
            if reaching:
                move = reaching[0]
                mover_side = position.mover_side
                match.play(move, 0, muggins=True)
                assert match.winner != mover_side
                return
            match.play(rng.choice(moves))
    raise AssertionError("no play reached the target")


def test_the_lesson_asks_every_case_and_settles_it_by_the_rule() -> None:
    cases: set[str] = set()
    for seed in range(16):
        lesson = strategy_lesson("muggins", seed=seed)
        assert len(lesson.questions) == 4
        for q in lesson.questions:
            points, claim_text = q.subject.split()
            claim = None if claim_text == "-" else int(claim_text)
            assert int(points) == q.board.layout.points()
            mine, theirs = expected(int(points), claim)
            assert q.right == f"{mine} {theirs}"
            cases.add(case_of(int(points), claim))
            assert len(q.choices) >= 3
    assert cases == {"right", "short", "missing", "over"}


def test_the_glossary_the_play_help_and_the_lesson_state_the_same_rule() -> None:
    """Each states all four cases: right keeps, short or missing gives the points to the
    next side, an over-claim gives the points and the excess."""
    texts = {
        "glossary": dict(glossary())["Muggins"],
        "play help": t("play.muggins_rule"),
        "lesson": t("strategy.muggins.stage1"),
    }
    for where, text in texts.items():
        lower = text.lower()
        assert "right claim" in lower and "keeps" in lower, where
        assert "short or missing claim" in lower, where
        assert "next" in lower and "side" in lower, where
        assert ("over-claim" in lower or "claim too much" in lower), where
        assert "beyond" in lower or "excess" in lower, where
    assert "you score nothing" in t("play.wrong_claim", claim=5, move="x", points=10)
    assert "10 points and 5 more" in t("play.over_claim", claim=15, move="x", points=10, penalty=5)


def test_a_saved_claim_that_is_not_in_fives_is_refused() -> None:
    session = PlaySession(PlaySettings(seed=4, muggins=True, opponent="random"))
    while not session.learner_to_move:
        session.computer_step()
    move: Move = session.match.legal_moves()[0]
    session.play(move, session.match.position.points(move))
    text = session.save().replace(f"# claim: 1 {session.claims[0].turn} {session.claims[0].claimed}",
                                  f"# claim: 1 {session.claims[0].turn} 7")
    with pytest.raises(NotationError, match="not in fives"):
        PlaySession.load(text)
