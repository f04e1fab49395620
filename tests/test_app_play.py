"""The Play page, driven by clicks: whole hands with and without Muggins, the coach,
undo, the review, saving and a bad saved file."""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.support import tree_strings
from trainer.engine.game import Match
from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.i18n import t
from trainer.play.session import PlaySession, PlaySettings

APP = str(Path(__file__).resolve().parent.parent / "app.py")


def open_game(settings: PlaySettings | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=120).run()
    at.session_state["play_pace"] = 0
    at.session_state["play_budget"] = 0.05
    at.switch_page("ui/play.py").run()
    if settings is not None:
        at.session_state["play"] = PlaySession(settings)
        at.run()
    assert not at.exception
    return at


def keys(at: AppTest, prefix: str) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith(prefix)]


def play_one_move(at: AppTest, muggins: bool) -> None:
    tile = keys(at, "mytile_")[0]
    at.button(key=tile).click().run()
    ends = keys(at, "myend_")
    if ends:
        at.button(key=ends[0]).click().run()
    else:
        at.button(key="mylead").click().run()
    if muggins:  # claim exactly what the engine says the move scores
        session: PlaySession = at.session_state["play"]
        points = session.match.position.points(Move.parse(at.session_state["play_pending"]))
        at.text_input(key="play_claim").input(str(points))
        list(at.get("form_submit_button"))[0].click().run()
    assert not at.exception


def play_hand(at: AppTest, muggins: bool) -> None:
    for _ in range(40):
        if at.session_state["play"].match.results:
            return
        play_one_move(at, muggins)
    raise AssertionError("the hand did not end")


def review_heads(at: AppTest) -> list[tuple[str, str, str]]:
    """The review's boxes, in order: each move's number, its words and its grade."""
    found = [re.fullmatch(r"\*\*(\d+)\. (.+)\*\* · :\w+\[\*\*(.+)\*\*\]", m.value) for m in at.markdown]
    return [(h[1], h[2], h[3]) for h in found if h]

def test_a_whole_hand_by_clicks_matches_the_engine() -> None:
    for muggins in (False, True):
        at = open_game(PlaySettings(seed=12, opponent="greedy", muggins=muggins))
        play_hand(at, muggins)
        session: PlaySession = at.session_state["play"]
        assert any("is over" in h.value for h in at.subheader)
        shown = [int(m.value) for m in at.metric]
        replayed = Match.replay(session.match.record())
        assert shown == list(replayed.scores) == list(session.match.results[0].scores)
        if muggins:
            assert session.claims and all(c.right for c in session.claims)


def test_hint_undo_and_review() -> None:
    at = open_game(PlaySettings(seed=5, opponent="random"))
    at.button(key="play_hint_button").click().run()
    said = "**Coach:** "
    assert not at.exception and at.info and at.info[0].value.startswith(said)  # above the hand
    first = at.session_state["play_hint"]
    assert at.info[0].value == said + first.headline
    at.button(key="play_hint_button").click().run()  # asked again: the same words, not a new sample
    assert at.session_state["play_hint"] is first and at.info[0].value.startswith(said)
    at.sidebar.selectbox(key="lang_picker").set_value("es").run()
    at.button(key="play_hint_button").click().run()  # in another language: made again, in it
    assert at.session_state["play_hint"] is not first and at.info[0].value.startswith("**Entrenador:** ")
    at.sidebar.selectbox(key="lang_picker").set_value("en").run()
    session: PlaySession = at.session_state["play"]
    before = session.match.position.code()
    play_one_move(at, muggins=False)
    at.button(key="play_undo").click().run()
    assert at.session_state["play"].match.position.code() == before
    play_hand(at, muggins=False)
    at.button(key="play_review_button").click().run()
    assert not at.exception
    assert at.table and review_heads(at)  # the pips table and the graded moves
    at.button(key="play_continue").click().run()
    assert not at.exception


def test_new_game_form_and_bad_deal_number() -> None:
    at = open_game()
    for bad in ("abc", "-5", "99999999999999999999"):
        at.text_input[0].input(bad)
        list(at.get("form_submit_button"))[0].click().run()
        assert at.warning and f"“{bad}” is not a deal number" in at.warning[0].value
        assert "of up to 18 digits" in at.warning[0].value  # the range, not just "whole", in plain words
    at.text_input[0].input("7" * 5000)  # echoed cut short
    list(at.get("form_submit_button"))[0].click().run()
    assert "7" * 40 + "…" in at.warning[0].value and "7" * 41 not in at.warning[0].value
    at.text_input[0].input("77")
    list(at.get("form_submit_button"))[0].click().run()
    assert not at.exception
    session: PlaySession = at.session_state["play"]
    assert session.settings.seed == 77
    held = [c.value for c in at.caption if "Computer (player 2): " in c.value]  # a count of tiles, in words
    assert held and re.search(r"Computer \(player 2\): (1 tile\b|(0|[2-9]|\d\d) tiles)", held[0]), held
    assert session.match.starts[0] == PlaySession(PlaySettings(seed=77)).match.starts[0]


def test_saved_games_load_and_bad_files_do_not() -> None:
    session = PlaySession(PlaySettings(seed=3))
    text = session.save()
    assert PlaySession.load(text).match.position == session.match.position
    at = open_game()
    assert not at.exception


# ----- what the learner reads: messages, the end of a hand, the review, names -----
def claim(at: AppTest, points: int) -> None:
    at.text_input(key="play_claim").input(str(points))
    list(at.get("form_submit_button"))[0].click().run()
    assert not at.exception


def pick_move(at: AppTest, scoring: bool) -> Move | None:
    """Click a tile and an end for a move that scores (or not); None if there is none."""
    session: PlaySession = at.session_state["play"]
    position = session.match.position
    moves = [m for m in position.legal_moves() if (position.points(m) > 0) == scoring]
    if not moves:
        return None
    move = moves[0]
    at.button(key=f"mytile_{move.tile}").click().run()
    at.button(key=f"myend_{move.side}" if move.side else "mylead").click().run()
    return move


def test_a_muggins_penalty_stays_until_the_next_move_and_over_claims_cost() -> None:
    at = open_game(PlaySettings(seed=4242, opponent="greedy", muggins=True, target=1000))
    for _ in range(30):
        session: PlaySession = at.session_state["play"]
        before = session.match.position.scores
        move = pick_move(at, scoring=False)
        if move is None:
            pick_move(at, scoring=True)
            claim(at, session.match.position.points(Move.parse(at.session_state["play_pending"])))
            continue
        claim(at, 5)  # an over-claim on a play that scored nothing
        if session.match.results:
            continue
        # the computer has moved since (its turn ran in between): the message is still there
        assert session.learner_to_move or session.over
        notes = [w.value for w in at.warning]
        assert any("You claimed 5" in n and "claiming too much" in n for n in notes), notes
        assert session.match.position.scores[0] <= before[0] + 0
        assert session.claims[-1].penalty == 5
        # the next move (claimed right) clears it
        nxt = pick_move(at, scoring=True) or pick_move(at, scoring=False)
        assert nxt is not None
        claim(at, session.match.position.points(Move.parse(at.session_state["play_pending"])))
        assert not any("You claimed 5" in w.value for w in at.warning)
        return
    raise AssertionError("no non-scoring play met")


def test_the_end_of_a_hand_shows_its_board_last_moves_and_a_full_review() -> None:
    at = open_game(PlaySettings(seed=12, opponent="greedy"))
    play_hand(at, muggins=False)
    session: PlaySession = at.session_state["play"]
    assert len(session.match.hands) == 2  # the next hand is dealt, but not yet shown
    status = [c.value for c in at.caption if c.value.startswith("Hand ")]
    assert status and status[0].startswith("Hand 1 ")
    assert any("Hand 1 is over" in h.value for h in at.subheader)
    settled = [m.value for m in at.markdown if m.value.startswith("End-of-hand scoring")]
    assert settled and re.search(r"You [+-]\d+.*Computer \(player 2\) [+-]\d+", settled[0]), settled
    assert re.search(r"Match score now: You \d+.*Computer \(player 2\) \d+", settled[0]), settled
    turns = session.match.record().hands[0]
    last = next(turn for turn in reversed(turns) if turn.move is not None)
    assert any(str(last.move) in c.value for c in at.caption)  # the last move, in words and code
    at.button(key="play_review_button").click().run()
    assert not at.exception
    heads = review_heads(at)
    mine = [turn for turn in turns if turn.player == 0 and turn.move is not None]
    assert [words for _, words, _ in heads] == [move_words(turn.move) for turn in mine]  # forced ones too
    assert [n for n, _, _ in heads] == [str(i) for i in range(1, len(mine) + 1)]
    forced = [grade for _, _, grade in heads if grade == "forced"]
    graded = at.session_state["play_review"][1]
    assert len(forced) == len(mine) - len([r for r in graded if not getattr(r, "forced", False)])
    details = [c.value for c in at.caption if c.value.startswith("Best: ")]
    assert len(details) == len(mine) - len(forced)  # best move, points lost and basis of each graded one


def test_strengths_and_target_are_named_for_people() -> None:
    at = open_game()
    strength = at.selectbox[2]
    assert [strength.format_func(o) for o in strength.options] == ["Beginner", "Greedy", "Expert"] \
        or strength.options == ["Beginner", "Greedy", "Expert"]
    assert "Greedy:" in strength.help and "Expert:" in strength.help
    target = at.number_input[0]
    assert target.label == "Points to win the match" and target.value is None
    assert "standard 250 with 2 players, 200 with 3 and 4 players" in target.help  # as Match deals it
    assert "partners 200" in target.help and "cincos 150" in target.help
    rules = at.selectbox[0]
    assert all(f"{name}:" in rules.help for name in ("standard", "partners", "cincos"))


def test_bad_save_files_get_plain_reasons() -> None:
    from trainer.play.session import FILE_LIMIT, SaveFileError, load_file
    cases = {b"\xff\xfe\x00": "not a text file", b"x" * (FILE_LIMIT * 1024 + 1): "at most",
             b"hello\nworld": "not a game saved"}
    for data, words in cases.items():
        try:
            load_file(data)
        except SaveFileError as error:
            assert words in error.problem
        else:
            raise AssertionError(data[:10])
    good = PlaySession(PlaySettings(seed=3)).save().encode()
    assert load_file(good).match.position == PlaySession(PlaySettings(seed=3)).match.position


def test_a_match_won_in_the_middle_of_a_hand_shows_that_hand_and_its_review() -> None:
    # target 10, deal 5: the learner leads and 6-4 (10) would win at once; he leads 6-6
    at = open_game(PlaySettings(seed=5, opponent="greedy", target=10))
    assert Move.parse("6-4") in at.session_state["play"].match.position.legal_moves()
    at.button(key="mytile_6-6").click().run()
    at.button(key="mylead").click().run()
    for _ in range(40):
        if at.session_state["play"].match.over:
            break
        play_one_move(at, muggins=False)
    session: PlaySession = at.session_state["play"]
    assert session.match.over and len(session.match.results) < len(session.match.hands)
    assert any(h.value == t("play.match_ended", number=len(session.match.hands), target=10)
               for h in at.subheader)
    turns = session.match.record().hands[-1]
    last = next(turn for turn in reversed(turns) if turn.move is not None)
    assert any(str(last.move) in c.value for c in at.caption)  # its last move, in words and code
    assert at.error or at.success  # the match's result below the hand
    at.button(key="play_review_button").click().run()
    assert not at.exception
    first = at.session_state["play_review"][1][0]
    assert (first.grade, first.best, first.target) == ("missed_win", Move.parse("6-4"), 10)
    assert t("play.grade.missed_win") in [grade for _, _, grade in review_heads(at)]


def proto_strings(message: object) -> list[str]:
    """Every string held anywhere in an element's message: all that is sent to the browser."""
    from collections.abc import Sequence

    from google.protobuf.message import Message

    out: list[str] = []
    if isinstance(message, Message):
        for _, value in message.ListFields():
            values = value if isinstance(value, Sequence) and not isinstance(value, str) else [value]
            for item in values:
                out.extend([item] if isinstance(item, str) else proto_strings(item))
    return out


def test_the_computers_draws_are_a_count_until_the_hand_is_over() -> None:
    # deal 20: after the learner's first move the computer draws four tiles, keeps three
    session = PlaySession(PlaySettings(seed=20, opponent="greedy"))
    session.play(session.match.position.legal_moves()[0])
    seat, _ = session.computer_step()
    drew = session.match.hands[-1][-1].draws
    assert seat == 1 and len(drew) == 4 and session.learner_to_move
    at = open_game()
    at.session_state["play"] = session
    at.run()
    assert not at.exception
    # all but the style sheet, which draws each of the 28 tiles for the hand's buttons
    page = re.sub(r"<style>.*?</style>", " ", "\n".join(tree_strings(at, proto_strings)), flags=re.S)
    hidden = set(drew[:-1]) | set(session.match.position.hand(1))  # the last one drawn is on the table
    named = [str(tile) for tile in hidden if re.search(rf"(?<![\d-]){tile}(?![\d-])", page)]
    assert not named, named
    assert "drew 4 tiles and played" in page
    for _ in range(40):  # after the hand, its story may name every draw
        if session.match.results:
            break
        play_one_move(at, muggins=False)
    assert session.match.results
    story = [c.value for c in at.caption]
    assert any(f"drew 4 ({', '.join(str(x) for x in drew)}) and played" in line for line in story), story


def test_the_match_result_names_each_sides_final_match_score() -> None:
    import random

    for players, seed, won in ((2, 3, False), (3, 4, True)):  # found by playing these deals out
        session = PlaySession(PlaySettings(players=players, seed=seed, opponent="random", target=60))
        rng = random.Random(seed)
        while not session.over:
            if session.learner_to_move:
                session.play(rng.choice(session.match.position.legal_moves()))
            else:
                session.computer_step()
        at = open_game()
        at.session_state["play"] = session
        at.session_state["play_seen"] = len(session.match.results)  # each hand's result read
        at.run()
        assert not at.exception
        board = [(m.label, int(m.value)) for m in at.metric]
        assert [score for _, score in board] == list(session.match.scores)
        result = [e.value for e in (at.success if won else at.error)]
        final = "; ".join(f"{name} {score}" for name, score in board)
        assert len(result) == 1 and result[0].endswith(f"Final match score: {final}."), result
        assert ("You win the match" if won else "The computer wins the match") in result[0]


def test_where_the_tiles_are_is_read_from_the_learners_view_and_the_hand_so_far() -> None:
    """Asked for, the tiles the learner cannot see and their chances, each row summing to
    one; none of his own tiles or the table's among them; read as the greedy computer
    plays once it has moved; the computer's tiles themselves never reach the page."""
    at = open_game(PlaySettings(seed=5, opponent="greedy"))
    for _ in range(2):
        play_one_move(at, muggins=False)
    session: PlaySession = at.session_state["play"]
    position = session.match.position
    assert position.turn == session.settings.learner
    at.button(key="play_where_button").click().run()
    assert not at.exception
    box = next(e for e in at.expander if e.label == t("play.where_title"))
    table = box.dataframe[0].value
    seen = set(position.hand(session.settings.learner)) | set(position.layout.tiles())
    tiles = [Tile.parse(x) for x in table.iloc[:, 0]]
    assert tiles and not set(tiles) & seen and len(tiles) == 28 - len(seen)
    found = at.session_state["play_where"][1]
    assert found.asked == "greedy" and all(abs(sum(row) - 1) < 1e-9 for row in found.chances.values())
    other = 1 - session.settings.learner
    hidden = ", ".join(str(x) for x in sorted(position.hand(other)))
    assert hidden not in str(table) and hidden not in " ".join(c.value for c in box.caption)
    at.button(key="play_where_button").click().run()
    assert at.session_state["play_where"][1] is found  # once a position: the same figures


def test_the_review_shows_where_the_tiles_were_before_each_move() -> None:
    """In the review of a finished hand, a move's toggle reads the tiles the learner
    could not see before that move: exactly the tiles neither in his hand then (the deal
    and his draws, less what he had played) nor on the table."""
    at = open_game(PlaySettings(seed=12, opponent="greedy"))
    play_hand(at, muggins=False)
    session: PlaySession = at.session_state["play"]
    at.button(key="play_review_button").click().run()
    graded = [r for r in at.session_state["play_review"][1] if not r.forced]
    assert graded
    index = graded[-1].number
    at.toggle(key=f"play_review_where_1_{index}").set_value(True).run()
    assert not at.exception
    found = at.session_state["play_review_where"][(1, index, "en")]
    me = session.settings.learner
    start = session.match.starts[0]
    turns = session.match.record().hands[0]
    deck = list(start.boneyard)
    hand, table = set(start.hand(me)), set()
    for turn in turns[:index + 1]:
        for _ in turn.draws:
            drawn = deck.pop(0)
            if turn.player == me:
                hand.add(drawn)
        if turn.move is not None and turn is not turns[index]:
            table.add(turn.move.tile)
            hand.discard(turn.move.tile)
    assert set(found.chances) == {tile for tile in ALL_TILES if tile not in hand | table}
    assert found.asked == "greedy" and all(abs(sum(row) - 1) < 1e-9 for row in found.chances.values())
    assert any("deals drawn" in c.value or "deal that fits" in c.value for c in at.caption)
