"""A newcomer's first hour, driven with AppTest: nothing is lost by a reload or a link
(the work the browser keeps for the tab comes back into a new session), one path on
the Start page, a hint that stays a hint, and the defects a first hour met on the
Analysis, Puzzles, Drills, Play and Learn pages.

A reload is a new AppTest whose browser answers with what the old session's last run
sent to it (the component `ui.keep` mounts): `stored(at)` makes the old session send
every section of its work once more and reads them off the page, as the browser keeps
them in its session storage."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.engine.moves import Move  # noqa: E402
from trainer.i18n import t, tn  # noqa: E402
from trainer.play.sealed import SealError, key_of, unseal  # noqa: E402
from trainer.play.session import PlaySession, PlaySettings  # noqa: E402
from trainer.puzzles.bank import catalogue, shipped  # noqa: E402
from trainer.puzzles.daily import daily  # noqa: E402
from trainer.puzzles.kinds import Puzzle  # noqa: E402
from trainer.store import Store  # noqa: E402
from trainer.teach.drills import seeded_item  # noqa: E402
from trainer.teach.lessons import lesson, lessons  # noqa: E402
from ui.keep import LIMIT, sections  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
APP = str(ROOT / "app.py")


def today_puzzle() -> Puzzle:
    """Today's puzzle, read when a test needs it (a run may pass midnight)."""
    return daily(shipped(), date.today())



# ----- helpers -----
def ok(target: Any) -> AppTest:
    at: AppTest = target.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def opened(page: str = "home", stored: str = "{}", learner: str | None = None, **state: Any) -> AppTest:
    """A new session as the browser opens it: its kept work answers the first run."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["keep"] = {"stored": stored}
    at.session_state["play_pace"] = 0
    at.session_state["play_budget"] = 0.05
    if learner is not None:
        at.query_params["learner"] = learner
    for key, value in state.items():
        at.session_state[key] = value
    ok(at)
    return ok(at.switch_page(f"ui/{page}.py")) if page != "home" else at


def keep_data(at: AppTest) -> list[dict[str, Any]]:
    """What this run sent to the browser, per mounted keep component."""
    found: list[dict[str, Any]] = []

    def walk(node: Any) -> None:
        if getattr(node, "type", None) == "bidi_component" and node.proto.component_name == "allfives_keep":
            found.append(json.loads(node.proto.json or "{}"))
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)

    walk(at._tree)
    return found


def stored(at: AppTest) -> str:
    """Everything the browser holds for the tab after this session (every section sent again)."""
    at.session_state["keep_sent"] = {}
    ok(at)
    writes: dict[str, str] = {}
    seq = 0
    for data in keep_data(at):
        writes.update(data.get("write") or {})
        seq = max(seq, int(data.get("seq") or 0))
    assert {"place", "play", "guest"} <= set(writes)
    return json.dumps({**writes, "#seq": str(seq)})


def reload(at: AppTest, page: str, learner: str | None = None) -> AppTest:
    """The same tab reloaded on `page` (a new session)."""
    return opened(page, stored(at), learner=learner)


def texts(elements: Any) -> list[str]:
    return [str(e.value) for e in elements]


def create(at: AppTest, name: str) -> AppTest:
    at.session_state["learner_new_open"] = True
    ok(at)
    at.sidebar.text_input(key="learner_new_name").input(name)
    return ok(list(at.sidebar.get("form_submit_button"))[0].click())


def keys(at: AppTest, prefix: str) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith(prefix)]


def play_a_move(at: AppTest) -> None:
    ok(at.button(key=keys(at, "mytile_")[0]).click())
    ends = keys(at, "myend_")
    ok(at.button(key=ends[0] if ends else "mylead").click())


# ----- nothing lost by a reload, a link or the back button -----
def test_a_match_in_play_survives_a_reload(db: Path) -> None:
    at = opened()
    create(at, "Maja")
    ok(at.switch_page("ui/play.py"))
    at.session_state["play"] = PlaySession(PlaySettings(seed=42, opponent="greedy"))
    ok(at)
    play_a_move(at)
    play_a_move(at)
    record = at.session_state["play"].match.record()
    assert len([turn for turn in record.hands[0] if turn.player == 0 and turn.move]) == 2
    again = reload(at, "play", learner="Maja")
    session = again.session_state["play"]
    assert session is not None and session.match.record() == record  # the same match, move for move
    assert keys(again, "mytile_") and not list(again.get("form"))[:1] == ["play_setup"]
    assert not [f for f in again.get("form") if f.proto.form_id == "play_setup"]  # no setup form


def test_the_lesson_and_its_step_survive_a_reload_and_start_goes_on_with_it() -> None:
    rules = lessons()
    half = rules[3]
    at = opened("learn", learn_stars={r.id: 3 for r in rules[:3]})
    at.selectbox(key="learn_lesson").set_value(half.id)
    ok(at)
    first = half.questions[0]
    index = [c.value for c in first.choices].index(first.right)
    ok(at.button(key=f"learn_{first.id}_{index}").click())
    again = reload(at, "learn")
    assert again.session_state["learn_lesson"] == half.id
    assert half.title in texts(again.header)
    assert first.check(first.right).message in texts(again.success)  # the answer is still given
    home = reload(again, "home")
    assert home.button(key="home_next").label == t("home.step_lesson", title=half.title)


def test_the_drills_kind_level_and_board_survive_a_reload() -> None:
    at = opened("drills")
    at.button_group(key="drill_kind").set_value("round")
    ok(at)
    at.button_group(key="drill_level").set_value(2)
    ok(at)
    seed = at.session_state["drill_seed"]
    item = seeded_item("round", seed, 2)
    ok(at.button(key=f"drill_choice_{item.answer}").click())
    again = reload(at, "drills")
    assert (again.session_state["drill_kind"], again.session_state["drill_level"]) == ("round", 2)
    assert again.session_state["drill_seed"] == seed
    assert item.check(item.answer).message in texts(again.success)  # answered: its verdict again
    assert all(b.disabled for b in again.button if b.key and b.key.startswith("drill_choice_"))


def test_a_guests_lessons_and_answers_survive_a_link_and_go_to_the_profile_he_makes(db: Path) -> None:
    first = lessons()[0]
    at = opened("learn")
    for question in first.questions:
        index = [c.value for c in question.choices].index(question.right)
        ok(at.button(key=f"learn_{question.id}_{index}").click())
    ok(at.switch_page("ui/drills.py"))
    item = seeded_item(at.session_state["drill_kind"], at.session_state["drill_seed"], 1)
    at.text_input(key="drill_count").input(str(item.answer))
    ok(at.button(key="drill_submit").click())
    answered = len(at.session_state["guest_answers"])
    assert answered == len(first.questions) + 1
    home = reload(at, "home")  # a link that starts the app again
    assert home.button(key="home_next").label == t("home.step_next_lesson", title=lessons()[1].title)
    assert len(home.session_state["guest_answers"]) == answered
    learn = ok(home.switch_page("ui/learn.py"))
    assert "★★★" in learn.selectbox(key="learn_lesson").options[0]
    create(home, "Gus")
    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.find_learner("Gus")
        assert learner is not None
        assert sum(n for n, _ in store.counts(learner.id).values()) == answered
        assert store.lesson_stars(learner.id) == {first.id: 3}
    assert home.session_state["guest_answers"] == []


def test_a_hint_taken_stays_taken_after_a_reload() -> None:
    puzzle = next(p for p in shipped() if p.kind == "best-play" and p.id != today_puzzle().id)
    at = opened("puzzles", puzzle_id=puzzle.id)
    ok(at.button(key="puzzle_hint_button").click())
    assert at.session_state["puzzle_hint"]
    again = opened("puzzles", stored(at))
    again.query_params["puzzle"] = puzzle.id
    ok(again)
    assert again.session_state["puzzle_id"] == puzzle.id and again.session_state["puzzle_hint"]
    move = Move.parse(puzzle.accepted[0])
    ok(again.button(key=f"ptile_{move.tile}").click())
    ok(again.button(key=f"pend_{move.side}").click())
    assert again.session_state["results"][-1]["detail"] == "helped"


def test_only_what_changed_is_sent_and_every_write_is_numbered() -> None:
    at = opened("drills")
    ok(at)
    quiet = [d for d in keep_data(at) if d.get("write")]
    assert quiet == []  # nothing changed since the last run: nothing sent
    at.button_group(key="drill_kind").set_value("score")
    ok(at)
    sent = [d for d in keep_data(at) if d.get("write")]
    assert len(sent) == 1 and set(sent[0]["write"]) == {"place"}
    first = sent[0]["seq"]
    ok(at.button(key="drill_next").click())  # inside the drill's fragment: its own component sends it
    sent = [d for d in keep_data(at) if d.get("write")]
    assert sent and all(d["seq"] > first for d in sent)


def test_what_the_browser_sends_back_is_checked_and_bounded() -> None:
    good = opened("drills")
    good.button_group(key="drill_kind").set_value("where")
    ok(good)
    kept = json.loads(stored(good))
    broken = dict(kept, guest='{"answers": [{"part": 7}]}', play="not a saved game")
    again = opened("drills", json.dumps(broken))  # a bad section is dropped, the rest kept
    assert again.session_state["drill_kind"] == "where"
    assert again.session_state["guest_answers"] == [] and again.session_state["play"] is None
    for junk in ("", "[1, 2]", "{", json.dumps({"place": '{"learn_answers": {"x": 3}}'}),
                 json.dumps({"place": "x" * (LIMIT + 1)})):
        opened("home", junk)  # no error, nothing read
    lesson_answers = json.dumps({"place": json.dumps({"learn_lesson": "deal",
                                                      "learn_answers": {"deal.size": "no such choice"}})})
    learn = opened("learn", lesson_answers)
    assert learn.session_state["learn_answers"] == {}  # an answer that is not a choice is dropped


def test_sections_hold_the_session_as_json() -> None:
    state = {"lang": "es", "learn_lesson": "doubles", "learn_answers": {"doubles.end": "E"},
             "play": PlaySession(PlaySettings(seed=3)), "results": [{"part": "drill", "item": "x",
                                                                     "correct": True, "detail": ""}] * 1200}
    made = sections(state)
    place = json.loads(made["place"])
    assert place["lang"] == "es" and place["learn_answers"] == {"doubles.end": "E"}
    session = state["play"]
    assert isinstance(session, PlaySession)
    assert made["play"].startswith("sealed1:") and "# play:" not in made["play"]  # no record in the clear
    with pytest.raises(SealError):
        unseal(made["play"], key_of("another server"))
    assert PlaySession.load(unseal(made["play"])).save() == session.save()  # the server opens it back
    assert len(json.loads(made["guest"])["results"]) == 1000  # bounded


# ----- one path on the Start page -----
def test_a_guest_after_lesson_1_is_sent_to_lesson_2_not_to_todays_puzzle() -> None:
    rules = lessons()
    at = opened("home", learn_stars={rules[0].id: 3}, results=[{"part": "lesson", "item": "deal.size",
                                                                 "correct": True, "detail": ""}])
    assert at.button(key="home_next").label == t("home.step_next_lesson", title=rules[1].title)
    assert not keys(at, "home_also_")  # one path: nothing else beside it yet
    at = opened("home", learn_stars={r.id: 3 for r in rules[:3]})
    assert at.button(key="home_next").label == t("home.step_next_lesson", title=rules[3].title)
    assert [at.button(key=k).label for k in keys(at, "home_also_")] == [t("home.step_guided")]


# ----- a helped attempt stays helped -----
def test_hint_wrong_try_again_right_is_a_helped_attempt_not_a_solve_nor_the_streak(db: Path) -> None:
    with Store(str(db), catalogue=catalogue()) as store:
        store.create_learner("Hana")
    puzzle = today_puzzle()
    if puzzle.kind == "count":
        pytest.skip("today's puzzle is a count: the move version of this test needs a move")
    at = opened("puzzles", learner="Hana", puzzle_id=puzzle.id)
    ok(at.button(key="puzzle_hint_button").click())
    wrong = Move.parse(next(m.move for m in puzzle.moves if m.move not in puzzle.accepted))
    ok(at.button(key=f"ptile_{wrong.tile}").click())
    ok(at.button(key=f"pend_{wrong.side}").click())
    ok(at.button(key="puzzle_retry").click())
    right = Move.parse(puzzle.accepted[0])
    ok(at.button(key=f"ptile_{right.tile}").click())
    ok(at.button(key=f"pend_{right.side}").click())
    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.find_learner("Hana")
        assert learner is not None
        last, first = store.recent_attempts(learner.id, limit=2)
        assert first.helped and last.helped and last.correct and not last.rated
        assert last.mode == "" and first.mode == "daily"  # the retry is not the daily puzzle's
        assert store.counts(learner.id)["puzzle"] == (2, 0)  # no solve
    assert t("puzzles.right_shown", answer=move_label(right)) in texts(at.success)


def move_label(move: Move) -> str:
    from trainer.puzzles.text import move_label as label
    return label(str(move))


# ----- the Analysis board -----
def test_every_paste_is_analysed_not_only_the_first() -> None:
    codes = ("5-5:5-2:5-3:: 6-4,3-1/?2 ?21 0 0,0", "6-4 3-3,2-1/?7 ?18 1 0,10",
             "5-5:5-2:5-3:: 6-4,3-1/?2 ?21 0 0,0")
    at = opened("analysis", analysis_view="paste")
    for code in codes:
        box = next(field for field in at.text_input if field.label == t("analysis.code_label"))
        box.input(code)
        ok(list(at.get("form_submit_button"))[0].click())
        assert at.session_state["analysis_code"] == code
        assert texts(at.code) == [code]
        assert next(field for field in at.text_input if field.label == t("analysis.code_label")).value == code


def test_an_estimate_lists_the_moves_by_value() -> None:
    code = "5-5:5-2:5-3:: 6-4,3-1,2-2,3-3/?4 ?17 0 0,0"
    at = opened("analysis", analysis_code=code, analysis_view="paste", analysis_budget=2.0)
    ok(at.button(key="estimate").click())
    frame = at.table[0].value
    value_column = t("analysis.col.value")
    values = [float(str(v).split(" ± ")[0]) for v in frame[value_column]]
    assert values == sorted(values, reverse=True)


# ----- Puzzles -----
def test_an_endgames_best_reply_is_said_in_words() -> None:
    puzzle = next(p for p in shipped() if p.kind == "endgame" and len(p.moves) > 1)
    wrong = Move.parse(next(m.move for m in puzzle.moves if m.move not in puzzle.accepted))
    at = opened("puzzles", puzzle_id=puzzle.id)
    ok(at.button(key=f"ptile_{wrong.tile}").click())
    ok(at.button(key=f"pend_{wrong.side}").click())
    replies = [m for m in texts(at.markdown) if m.startswith("The opponent's best reply to ")]
    assert replies, "no reply shown"
    assert re.search(r"to \d-\d on the \w+ end \(\d-\d@[NESW]\) is \*\*\d-\d (on the \w+ end|as the lead) "
                     r"\(\d-\d(@[NESW])?\)\*\*", replies[0]), replies[0]


# ----- Drills: the review's boards one after another -----
def test_next_board_in_a_review_brings_the_second_due_board(db: Path) -> None:
    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.create_learner("Rui").id
        for seed in (5, 6):
            store.record_attempt(learner, "drill", f"total:1:{seed}", False, kind="total",
                                 when=datetime.now(UTC) - timedelta(days=2))
    at = opened("puzzles", learner="Rui", puzzle_mode="review")
    entry = next(b for b in at.button if b.key and b.key.startswith("review_open_")
                 and "2 boards due" in b.label)
    ok(entry.click())  # the app switches to the Drills page (AppTest is told so next)
    ok(at.switch_page("ui/drills.py"))
    shown = at.session_state["drill_review"]
    assert shown in ("total:1:5", "total:1:6")
    said = " ".join(texts(at.info))
    ok(at.button(key="drill_next").click())
    assert at.session_state["drill_review"] == ({"total:1:5", "total:1:6"} - {shown}).pop()
    assert tn("drills.review_more", 1) in said  # the first board said one more was due
    ok(at.button(key="drill_next").click())
    assert at.session_state["drill_review"] is None  # then the boards the seed counter gives


# ----- Play -----
def test_partners_end_of_hand_names_each_side_once() -> None:
    at = opened("play", play=PlaySession(PlaySettings("partners", 4, seed=9, opponent="greedy")))
    labels = [m.label for m in at.metric]
    for _ in range(40):
        if at.session_state["play"].match.results:
            break
        play_a_move(at)
    settlement = next(m for m in texts(at.markdown) if m.startswith("End-of-hand scoring"))
    changes = settlement.split(": ", 1)[1].split(". Match score now")[0]
    sides = changes.split("; ")  # a comma never separates two sides
    assert len(sides) == 2 and sides[0].startswith(labels[0]) and sides[1].startswith(labels[1])
    assert labels == [t("play.side_you", partner=3), t("play.side_others", players="2 and 4")]  # seats from 1


def test_quitting_a_match_asks_first() -> None:
    at = opened("play", play=PlaySession(PlaySettings(seed=4, opponent="random")))
    ok(at.button(key="play_quit").click())
    assert at.session_state["play"] is not None and t("play.quit_sure") in texts(at.warning)
    ok(at.button(key="play_quit_no").click())
    assert at.session_state["play"] is not None and not keys(at, "play_quit_yes")
    ok(at.button(key="play_quit").click())
    ok(at.button(key="play_quit_yes").click())
    assert at.session_state["play"] is None


# ----- Learn -----
def test_a_question_about_an_end_shows_which_end_is_which() -> None:
    item = lesson("scoring")
    question = next(q for q in item.questions if q.kind == "scoring_end")
    at = opened("learn", learn_lesson="scoring",
                learn_answers={q.id: q.right for q in item.questions if q.id != question.id})
    pictures = [h.proto.body for h in at.get("html") if "data:image/svg" in h.proto.body]
    from base64 import b64decode
    drawings = [b64decode(data).decode() for body in pictures
                for data in re.findall(r'base64,([^"]+)"', body)]
    named = [d for d in drawings if 'class="open-end named"' in d]
    assert named, "the quiz board does not name its ends"
    sides = {choice.value for choice in question.choices}
    assert sides <= set(re.findall(r'class="open-end named" data-side="([NESW])"', named[0]))
    assert "count" not in re.sub(r'aria-label="[^"]*"|<title>.*?</title>', "", named[0])  # still a quiz


# ----- a new learner's rated stream -----
def test_a_new_learners_rated_stream_starts_in_the_easy_band_and_says_his_rating_is_provisional(
        db: Path) -> None:
    from trainer.store.provisional import MAX_STEP, NEW_LEARNER
    with Store(str(db), catalogue=catalogue()) as store:
        store.create_learner("Ena")
    at = opened("puzzles", learner="Ena", puzzle_mode="rated")
    served = next(p for p in shipped() if p.id == at.session_state["puzzle_id"])
    assert served.rating <= 1100  # the easy band (0-1099) and its edge, not the bank's middle
    assert t("puzzles.rated_provisional") in texts(at.caption)
    if served.kind == "count":
        at.text_input(key="puzzle_count").input(str(int(served.accepted[0]) + 1))
        ok(list(at.get("form_submit_button"))[0].click())
    else:
        move = Move.parse(next(m.move for m in served.moves if m.move not in served.accepted))
        ok(at.button(key=f"ptile_{move.tile}").click())
        ok(at.button(key=f"pend_{move.side}").click())
    with Store(str(db), catalogue=catalogue()) as store:
        learner = store.find_learner("Ena")
        assert learner is not None and learner.rated_games == 1
        assert NEW_LEARNER.rating - MAX_STEP <= learner.rating.rating < NEW_LEARNER.rating  # a bounded step
    progress = ok(at.switch_page("ui/progress.py"))
    shown = next(m for m in progress.metric if m.label == t("progress.metric_rating"))
    assert str(shown.value) == f"{round(learner.rating.rating)}?"  # provisional, as lichess shows it
    assert shown.help == t("progress.metric_provisional")
