"""Club mode in the app (ALLFIVES_MODE=club), driven with AppTest, on SQLite and on
PostgreSQL (ALLFIVES_TEST_PG_URL): nothing but the sign-in form before signing in;
sign-in, a wrong password, the lock-out, sign-out and an expired session; a teacher's
class, learners and assignment, the learner's Start showing it first, the results.

The privacy rule: every page opened with another learner's name, id, puzzle attempt
or class in the address, as a learner, as a teacher of another class and as an
operator, shows nothing of the others (their names, their answers) and records
nothing for them."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, Optional

import pytest

pytest.importorskip("streamlit")
import sqlalchemy as sa  # noqa: E402
import streamlit as st  # noqa: E402
from google.protobuf.message import Message  # noqa: E402
from streamlit.testing.v1 import AppTest  # noqa: E402

from trainer.i18n import t, tn  # noqa: E402
from trainer.puzzles.bank import catalogue, shipped  # noqa: E402
from trainer.store import ENV, Store, StoreError, Task  # noqa: E402
from trainer.store.schema import sessions  # noqa: E402
from ui.state import MODE_ENV  # noqa: E402

APP = str(Path(__file__).resolve().parent.parent / "app.py")
PAGES = ("home", "learn", "practice", "drills", "puzzles", "play", "analysis", "progress", "classes",
         "accounts")
SECRET = "QQSECRET"  # in every answer the others gave


def ok(target: Any) -> AppTest:
    """Run the app (or the element clicked) and check it raised nothing."""
    at: AppTest = target.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def strings(at: AppTest) -> str:
    """Every string the page sent to the browser (tables' cells included: their bytes)."""
    found: list[str] = []

    def walk_message(message: Message) -> None:
        for _, value in message.ListFields():
            items = value if not isinstance(value, (str, bytes, Message)) and hasattr(value, "__iter__") \
                else [value]
            for item in items:
                if isinstance(item, Message):
                    walk_message(item)
                elif isinstance(item, str):
                    found.append(item)
                elif isinstance(item, bytes):
                    found.append(item.decode("utf-8", "ignore"))

    def walk(node: Any) -> None:
        proto = getattr(node, "proto", None)
        if isinstance(proto, Message):
            walk_message(proto)
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            for child in children.values():
                walk(child)

    walk(at._tree)
    return "\n".join(found)


def registered(at: AppTest) -> set[str]:
    """The pages the app's navigation offers this session (their file names; a page
    that is a function is named by it)."""
    names = set()
    for info in at._registered_pages.values():
        script = str(info.get("script_path") or "")
        names.add(Path(script).stem if script.endswith(".py") else str(info.get("page_name") or script))
    return names


def signed_in_app(store: Store, account_id: int, page: Optional[str] = None, **params: str) -> AppTest:
    """The app in a new browser session signed in as that account, on `page` with `params`
    (None: the page he lands on)."""
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["club_token"] = store.open_session(account_id)
    for key, value in params.items():
        at.query_params[key] = value
    ok(at)
    if page is not None:
        at.switch_page(str(Path(APP).parent / "ui" / f"{page}.py"))
        for key, value in params.items():
            at.query_params[key] = value
        ok(at)
    return at


def sign_in(at: AppTest, name: str, password: str) -> AppTest:
    at.text_input(key="club_name").input(name)
    at.text_input(key="club_password").input(password)
    return ok(list(at.get("form_submit_button"))[0].click())


def two_classes(store: Store) -> dict[str, Any]:
    """Ms Lee's class (Ann, Ben) and Mr Kim's (Cidonia), an operator; every learner has
    answers, a rating and stars, each answer marked with his name."""
    lee = store.create_account("Ms Lee", "teacher", password="teacher-pass")
    kim = store.create_account("Mr Kim", "teacher", password="teacher-pass")
    olga = store.create_account("Olga", "operator", password="operator-pass")
    monday = store.create_class(lee.id, "Monday club")
    friday = store.create_class(kim.id, "Fridayonly club")
    (ann, ann_pw), (ben, _) = store.add_learners(monday.id, ["Ann", "Benedikt"], created_by=lee.id)
    ((cid, _),) = store.add_learners(friday.id, ["Cidonia"], created_by=kim.id)
    puzzle = shipped()[0]
    attempts = {}
    for learner in (ann, ben, cid):
        lid = learner.learner_id
        store.record_attempt(lid, "drill", "total:1:3", False, kind="total", answer=f"{SECRET}{learner.name}")
        attempts[learner.name] = store.record_attempt(lid, "puzzle", puzzle.id, False, rated=True,
                                                      answer=f"{SECRET}{learner.name}").attempt_id
        store.record_lesson(lid, "deal", 2)
    store.assign(friday.id, "Fridayonly homework", Task("lessons", lessons=("deal",)), date(2030, 1, 1))
    return {"lee": lee, "kim": kim, "olga": olga, "ann": ann, "ann_pw": ann_pw, "ben": ben, "cid": cid,
            "monday": monday, "friday": friday, "attempts": attempts}


# ----- signed out -----
def test_signed_out_every_page_shows_only_the_sign_in_form(club: Store) -> None:
    world = two_classes(club)
    for params in ({"learner": "Ann"}, {"learner": str(world["ann"].learner_id)},
                   {"attempt": str(world["attempts"]["Ann"]), "class": str(world["monday"].id)}):
        at = AppTest.from_file(APP, default_timeout=120)
        for key, value in params.items():
            at.query_params[key] = value
        ok(at)
        # the sign-in page is the only page there is: no address opens another
        # (each page's address is there, and runs the sign-in form)
        assert {i.get("page_name") for i in at._registered_pages.values()} == {t("nav.sign_in")}
        with pytest.raises(ValueError):
            at.switch_page(str(Path(APP).parent / "ui" / "progress.py"))
        text = strings(at)
        assert at.text_input(key="club_password") is not None and at.session_state["learner_id"] is None
        for name in ("Ann", "Benedikt", "Cidonia", "Ms Lee", "Monday club", SECRET):
            assert name not in text, (params, name)


# ----- signing in -----
def test_sign_in_wrong_password_lock_out_and_sign_out(club: Store) -> None:
    world = two_classes(club)
    at = ok(AppTest.from_file(APP, default_timeout=120))
    at = sign_in(at, "Ann", "not her password")
    assert at.error[0].value == t("club.sign_in_wrong")
    assert at.session_state["club_account"] is None and "Ann" not in strings(at).replace("\"Ann\"", "")
    for _ in range(club.policy.account_free + 5):
        at = sign_in(at, "Ann", "still wrong")
    at = sign_in(at, "ann", world["ann_pw"])  # the right one, during the wait: refused, with the wait said
    assert at.session_state["club_account"] is None
    said = at.error[0].value
    waited = int(said.split("wait ")[1].split()[0])
    assert 1 <= waited <= 60 and said == tn("club.sign_in_wait", waited)
    # another learner signs in all the same, and signs out
    at = ok(AppTest.from_file(APP, default_timeout=120))
    ben_pw = club.reset_password(world["ben"].id)
    at = sign_in(at, "Benedikt", ben_pw)
    assert at.session_state["club_account"].name == "Benedikt"
    assert "Benedikt" in at.sidebar.markdown[0].value
    token = at.session_state["club_token"]
    at = ok(at.sidebar.button(key="club_sign_out").click())
    assert at.session_state["club_account"] is None and at.text_input(key="club_password") is not None
    assert club.session_account(token) is None


def test_an_expired_session_signs_out(club: Store) -> None:
    world = two_classes(club)
    at = signed_in_app(club, world["ann"].id)
    assert at.session_state["club_account"].name == "Ann"
    with club._write() as conn:
        conn.execute(sa.update(sessions).values(seen_at=datetime.now(UTC) - club.policy.idle - timedelta(1)))
    ok(at)
    assert at.session_state["club_account"] is None and at.session_state["learner_id"] is None
    assert "Ann" not in [m.value for m in at.sidebar.markdown]


# ----- the privacy rule -----
def others_of(world: dict[str, Any], viewer: str) -> tuple[list[str], list[dict[str, str]]]:
    """The names the viewer must never see, and the addresses to try."""
    everyone = {"ann": "Ann", "ben": "Benedikt", "cid": "Cidonia"}
    hidden = {"ann": ["Benedikt", "Cidonia"], "lee": ["Cidonia"], "kim": ["Ann", "Benedikt"],
              "olga": []}[viewer]
    target = {"ann": "ben", "lee": "cid", "kim": "ann", "olga": "ann"}[viewer]
    other = world[target]
    other_class = world["friday" if viewer in ("ann", "lee", "olga") else "monday"]
    tries = [{"learner": everyone[target], "attempt": str(world["attempts"][everyone[target]]),
              "class": str(other_class.id)},
             {"learner": str(other.learner_id), "attempt": str(world["attempts"]["Cidonia"])}]
    return hidden, tries


@pytest.mark.parametrize("viewer", ["ann", "lee", "kim", "olga"])
def test_no_address_reaches_another_learner(club: Store, viewer: str, store_url: str) -> None:
    world = two_classes(club)
    hidden, tries = others_of(world, viewer)
    me = world[viewer]
    before = {name: club.counts(world[key].learner_id) for key, name in (("ann", "Ann"), ("ben", "Benedikt"),
                                                                          ("cid", "Cidonia"))}
    pages = PAGES if "://" not in store_url else ("home", "progress", "classes", "puzzles")
    offered = registered(signed_in_app(club, me.id))
    assert ("classes" in offered) == (me.role == "teacher")
    assert ("accounts" in offered) == (me.role == "operator")
    assert "signin" not in offered
    for page in pages:
        if page not in offered:
            continue
        for params in tries:
            at = signed_in_app(club, me.id, page, **params)
            text = strings(at)
            for name in hidden:
                assert name not in text, (viewer, page, params, name)
                assert f"{SECRET}{name}" not in text, (viewer, page, params, name)
            if viewer in ("ann", "olga"):  # no one's answers but his own
                assert f"{SECRET}" not in text.replace(f"{SECRET}{me.name}", ""), (viewer, page, params)
            if viewer == "kim" or viewer == "lee":
                shown = "Fridayonly" in text
                assert shown == (viewer == "kim" and page == "classes"), (viewer, page, params)
            assert at.session_state["learner_id"] == me.learner_id
    after = {name: club.counts(world[key].learner_id) for key, name in (("ann", "Ann"), ("ben", "Benedikt"),
                                                                         ("cid", "Cidonia"))}
    assert after == before  # nothing recorded for anyone by opening pages


def test_the_progress_page_shows_the_signed_in_learner_and_offers_no_import(club: Store) -> None:
    world = two_classes(club)
    at = signed_in_app(club, world["ann"].id, "progress", learner="Benedikt")
    text = strings(at)
    rating = str(round(club.learner(world["ann"].learner_id).rating.rating))  # after her rated puzzle
    assert "Benedikt" not in text and "Ann" in text and rating in text  # her own rating
    assert not [u for u in at.get("file_uploader")]
    assert "learner" not in at.query_params


# ----- a teacher's class and a learner's Start -----
def test_a_teacher_makes_a_class_and_an_assignment_and_sees_the_result(club: Store) -> None:
    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    at = signed_in_app(club, lee.id, "classes")
    at.text_input(key="classes_new_name").input("Tuesday club")
    at = ok(list(at.get("form_submit_button"))[0].click())
    (room,) = club.classes_of(lee.id)
    assert room.name == "Tuesday club" and at.query_params["class"] == str(room.id)
    at.session_state["classes_tab"] = t("classes.tab.learners")
    ok(at)
    at.text_area(key="classes_names").input("Dora\nEmil")
    at = ok([b for b in at.get("form_submit_button") if b.proto.form_id == "classes_add"][0].click())
    handed = at.session_state["classes_passwords"]
    assert [name for name, _ in handed] == ["Dora", "Emil"]
    dora_pw = handed[0][1]
    # a drill with a target
    at.session_state["classes_tab"] = t("classes.tab.assign")
    ok(at)
    at.segmented_control(key="classes_kind").set_value("drill")
    ok(at)
    at.selectbox(key="classes_level").set_value(2)
    at.number_input(key="classes_target").set_value(3)
    at = ok(at.button(key="classes_assign").click())
    (homework,) = club.assignments_of(room.id)
    assert homework.task == Task("drill", drill="total", level=2, target=3)
    assert homework.title == "Total the ends, level 2: 3 right"
    for key, crafted in (("classes_drill", "zzz"),):  # no drill nobody can open
        at.segmented_control(key="classes_kind").set_value("drill")
        at.session_state[key] = crafted
        at = ok(at.button(key="classes_assign").click())
        assert len(club.assignments_of(room.id)) == 1
        at.session_state[key] = {"classes_drill": "total", "classes_level": 2}[key]

    # Dora signs in: her Start shows it first, and Go opens the drill at that level
    learner = sign_in(ok(AppTest.from_file(APP, default_timeout=120)), "Dora", dora_pw)
    assert learner.subheader[0].value == t("club.assigned")
    assert "Total the ends, level 2: 3 right" in strings(learner).replace("\\", "")
    learner = ok(learner.button(key="club_go_0").click())
    assert learner.session_state["drill_kind"] == "total" and learner.session_state["drill_level"] == 2
    dora = club.find_account("Dora")
    for seed in range(3):
        club.record_attempt(dora.learner_id, "drill", f"total:2:{seed}", True, kind="total", seconds=2)
    # the teacher's results: Dora done, Emil not
    at.session_state["classes_tab"] = t("classes.tab.results")
    at = ok(at)
    text = strings(at)
    assert "Dora" in text and "3 / 3" in text
    (dora_result, emil_result) = club.results(homework.id)
    assert dora_result.done and not emil_result.done
    assert "Dora,yes,3,3,3,3" in club.results_csv(room.id).replace("\r", "")


def test_a_teacher_assigns_practice_goals_and_a_learner_reaches_one(club: Store) -> None:
    from tests.test_app_practice import keeping
    from trainer.teach.practice import PracticeGame, practice_items

    first, second = (item.id for item in practice_items()[:2])
    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = club.create_class(lee.id, "Tuesday club")
    ((dora, _), (emil, _)) = club.add_learners(room.id, ["Dora", "Emil"], created_by=lee.id)
    kim = club.create_account("Mr Kim", "teacher", password="teacher-pass")
    ((cid, _),) = club.add_learners(club.create_class(kim.id, "Friday club").id, ["Cid"], created_by=kim.id)
    # the teacher picks two goals by name, with their game
    at = signed_in_app(club, lee.id, "classes")
    at.session_state["classes_tab"] = t("classes.tab.assign")
    ok(at)
    at.segmented_control(key="classes_kind").set_value("practice")
    at = ok(at)
    picker = at.multiselect(key="classes_goals")
    assert picker.options[0] == "1. Score at least 15 (cincos)"
    assert any("(cincos)" in o for o in picker.options) and any("(standard)" in o for o in picker.options)
    at = ok(at.button(key="classes_assign").click())  # nothing chosen: said, nothing assigned
    assert t("classes.need_goals") in [e.value for e in at.error] and club.assignments_of(room.id) == ()
    at.multiselect(key="classes_goals").set_value([first, second])
    at = ok(at)
    at = ok(at.button(key="classes_assign").click())
    (homework,) = club.assignments_of(room.id)
    assert homework.task == Task("practice", goals=(first, second)) and homework.title == "2 practice goals"
    assert homework.due == date.today() + timedelta(days=7)

    # Dora's Start: the assignment, a button per goal; one click opens it on Practice
    learner = signed_in_app(club, dora.id)
    assert learner.subheader[0].value == t("club.assigned")
    assert "0 of 2 practice goals reached" in strings(learner)
    learner = ok(learner.button(key=f"club_goal_{homework.id}_{first}").click())
    assert learner.session_state["practice_id"] == first and learner.query_params["goal"] == first
    captions = [c.value for c in learner.caption]
    assert any(c.startswith("Assigned to you: 2 practice goals, due") for c in captions), captions
    for _ in range(20):
        game: PracticeGame = learner.session_state["practice_game"]
        if game.over:
            break
        ok(learner.button(key=f"practice_{keeping(game).tile}").click())
        learner = ok(learner.button(key=f"practice_end_{keeping(game).side}").click())
    game = learner.session_state["practice_game"]
    assert game.status == "met" and game.stars() == 3
    assert "Counted for your assignment 2 practice goals: ★★★." in [c.value for c in learner.caption]
    learner = ok(learner.button(key="practice_next_assigned").click())  # on to the goal still to reach
    assert learner.session_state["practice_id"] == second
    dora_result, emil_result = club.results(homework.id)
    assert dora_result.stars == ((first, 3), (second, 0)) and not dora_result.done
    assert emil_result.stars == ((first, 0), (second, 0))
    back = signed_in_app(club, dora.id)
    assert "1 of 2 practice goals reached" in strings(back)

    # the teacher's results: each goal's stars, or not yet; the CSV says the same
    at.session_state["classes_tab"] = t("classes.tab.results")
    at = ok(at)
    (table,) = at.dataframe
    frame = table.value
    name_first = "1. Score at least 15 (cincos)"
    assert list(frame.columns) == ["Name", "Done", "Progress", "Stars", name_first,
                                   "2. Go out first (cincos)", "Late", "Minutes"]
    assert list(frame.iloc[0])[:4] == ["Dora", "", "1 / 2", "3 / 6"]
    assert frame.iloc[0][name_first] == "★★★" and frame.iloc[1][name_first] == t("club.not_yet")
    assert f"Dora,no,1,2,3,6,{dora_result.seconds:.1f},0,{first}: 3 stars; {second}: not yet" in \
        club.results_csv(room.id).replace("\r", "")

    # Cid, of another class: no assignment on his Start, none on the goal's page, and
    # reaching the goal there counts for no one in Dora's class
    other = signed_in_app(club, cid.id, "practice", goal=first)
    assert other.session_state["practice_id"] == first
    assert "practice goals" not in strings(other) and "Tuesday" not in strings(other)
    assert not any(c.value.startswith(("Assigned to you", "Counted for")) for c in other.caption)
    for _ in range(20):
        game = other.session_state["practice_game"]
        if game.over:
            break
        ok(other.button(key=f"practice_{keeping(game).tile}").click())
        other = ok(other.button(key=f"practice_end_{keeping(game).side}").click())
    assert other.session_state["practice_game"].status == "met"
    assert [r.stars for r in club.results(homework.id)] == [dora_result.stars, emil_result.stars]
    assert "Cid" not in club.results_csv(room.id)
    assert "practice goals" not in strings(signed_in_app(club, cid.id))


def test_a_practice_address_naming_no_goal_is_said_and_dropped(club: Store) -> None:
    ann = club.create_account("Ann", "learner", password="a long secret")
    at = signed_in_app(club, ann.id, "practice", goal="<b>zz</b>")
    (error,) = at.error  # the id as typed, shown as text (its Markdown escaped)
    assert error.value == "There is no practice position \\<b\\>zz\\</b\\>: choose one from the list below."
    assert "goal" not in at.query_params
    assert at.session_state["practice_id"] == at.session_state["practice_game"].item.id


# ----- in every language -----
@pytest.mark.parametrize("lang", ["es", "fi", "ru", "mk"])
def test_club_pages_in_every_language(lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sign-in page, a learner's Start with an assignment, a teacher's Classes page
    (every tab) and an operator's Accounts page: every word in the language."""
    from tests.test_i18n_languages import Lookups, check

    lookups = Lookups(monkeypatch)
    db = tmp_path / "club.db"
    monkeypatch.setenv(ENV, str(db))
    monkeypatch.setenv(MODE_ENV, "club")
    st.cache_resource.clear()
    with Store(str(db), catalogue=catalogue()) as store:
        world = two_classes(store)
        store.assign(world["monday"].id, "Homework", Task("drill", drill="total", level=1, target=5),
                     date(2030, 1, 1))
        store.assign(world["monday"].id, "S01 C04", Task("practice", goals=("s01", "c04")), date(2030, 1, 1))
        at = AppTest.from_file(APP, default_timeout=120)
        at.query_params["lang"] = lang
        check(ok(at), lang, "sign-in", lookups)
        for who, page, state in (("ann", "home", {}), ("lee", "classes", {}), ("olga", "accounts", {}),
                                 ("lee", "classes", {"classes_tab": t("classes.tab.assign", lang)}),
                                 ("lee", "classes", {"classes_tab": t("classes.tab.assign", lang),
                                                     "classes_kind": "practice"}),
                                 ("ann", "practice", {"practice_id": "s01"}),
                                 ("lee", "classes", {"classes_tab": t("classes.tab.learners", lang)})):
            at = AppTest.from_file(APP, default_timeout=120)
            at.query_params["lang"] = lang
            at.session_state["club_token"] = store.open_session(world[who].id)
            for key, value in state.items():
                at.session_state[key] = value
            ok(at)
            if page != "home":
                at.switch_page(str(Path(APP).parent / "ui" / f"{page}.py"))
                ok(at)
            check(at, lang, f"{who} {page} {state}", lookups)
    st.cache_resource.clear()


def submit(at: AppTest, form: str) -> Any:
    """The submit button of a sidebar form, clicked."""
    return [b for b in at.sidebar.get("form_submit_button") if b.proto.form_id == form][0].click()


def test_a_learner_joins_by_code_and_changes_his_password(club: Store) -> None:
    world = two_classes(club)
    dan = club.create_account("Dan", "learner", password="dan's first one")
    at = signed_in_app(club, dan.id)
    at.sidebar.text_input(key="club_code").input("wrong-code")
    at = ok(submit(at, "club_join_form"))
    assert at.sidebar.error[0].value == t("club.join_unknown") and club.classes_joined(dan.id) == ()
    code = world["monday"].code
    at.sidebar.text_input(key="club_code").input(f"{code[:4].lower()} {code[4:]}")
    at = ok(submit(at, "club_join_form"))
    assert "Monday club" in at.sidebar.success[0].value
    assert [k.name for k in club.classes_joined(dan.id)] == ["Monday club"]
    assert dan.learner_id in club.taught_learners(world["lee"].id)
    # leaving asks first, then takes him out of the class: his teacher no longer has him
    at = ok(submit(at, "club_leave_form"))
    assert at.sidebar.error[0].value == t("club.leave_confirm_first") and club.classes_joined(dan.id)
    at.sidebar.checkbox(key="club_leave_sure").check()
    at = ok(submit(at, "club_leave_form"))
    assert at.sidebar.success[0].value == t("club.left", name="Monday club")
    assert club.classes_joined(dan.id) == () and dan.learner_id not in club.taught_learners(world["lee"].id)
    at.sidebar.text_input(key="club_code").input(code)  # and may come back
    at = ok(submit(at, "club_join_form"))
    # a new password: the old one stops working, this browser stays signed in
    form = [b for b in at.sidebar.get("form_submit_button") if b.proto.form_id == "club_password_form"][0]
    at.sidebar.text_input(key="club_current").input("dan's first one")
    at.sidebar.text_input(key="club_new").input("dan's second one")
    at.sidebar.text_input(key="club_again").input("dan's second one")
    at = ok(form.click())
    assert at.sidebar.success[0].value == t("club.password_changed")
    assert club.sign_in("Dan", "dan's first one", address="192.0.2.1").outcome == "wrong"
    assert club.sign_in("Dan", "dan's second one", address="192.0.2.1").outcome == "ok"
    at = ok(at)
    assert at.session_state["club_account"].name == "Dan"


def test_a_classes_files_are_made_at_the_click_and_handed_to_the_teachers_browser_alone(
        club: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """No download button (whose file Streamlit serves at a /media address to anyone):
    the passwords and the results are made when the teacher clicks, named after the
    class, and handed to his page's script in that run only."""
    import ui.download

    handed: list[dict[str, str]] = []
    monkeypatch.setattr(ui.download, "_mount", lambda **kwargs: handed.append(kwargs["data"]))
    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    at = signed_in_app(club, lee.id, "classes")
    at.text_input(key="classes_new_name").input("Year 7/B: Tuesday's club")
    at = ok(list(at.get("form_submit_button"))[0].click())
    at.session_state["classes_tab"] = t("classes.tab.learners")
    ok(at)
    at.text_area(key="classes_names").input("Dora")
    ok([b for b in at.get("form_submit_button") if b.proto.form_id == "classes_add"][0].click())
    assert not handed and not at.get("download_button")  # nothing made, nothing at an address
    ok(at.button(key="classes_passwords_csv").click())
    (passwords,) = handed
    assert passwords["name"] == "Year-7-B-Tuesday-s-club-passwords.csv" and "Dora" in passwords["text"]
    ok(at)
    assert len(handed) == 1  # the next run hands nothing again
    at.session_state["classes_tab"] = t("classes.tab.results")
    ok(at)
    ok(at.button(key="classes_csv").click())
    assert handed[-1]["name"] == "Year-7-B-Tuesday-s-club-results.csv"
    assert handed[-1]["text"].startswith("class,assignment,")
    assert not at.get("download_button")


def test_a_learners_history_is_handed_to_his_browser_alone(club: Store,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """In club mode a learner's history file is made at his click and saved by his own
    page: no download button, whose file would wait at an address anyone may fetch."""
    import json

    import ui.download

    handed: list[dict[str, str]] = []
    monkeypatch.setattr(ui.download, "_mount", lambda **kwargs: handed.append(kwargs["data"]))
    ann = club.create_account("Ann", "learner", password="learner-pass")
    club.record_attempt(ann.learner_id, "drill", "total:1:1", True, kind="total", seconds=2.0)
    at = signed_in_app(club, ann.id, "progress")
    assert not at.get("download_button") and not handed
    ok(at.button(key="progress_export").click())
    (history,) = handed
    assert history["name"] == "allfives-Ann.json" and history["mime"] == "application/json"
    assert "total:1:1" in json.dumps(json.loads(history["text"]))


# ----- an assigned puzzle set, worked through on the Puzzles page -----
def set_of_five() -> tuple[str, ...]:
    """Five puzzles answered by a tile and an end, none of them today's."""
    from trainer.puzzles.daily import daily

    today = daily(shipped(), date.today()).id
    return tuple(p.id for p in shipped() if p.kind != "count" and p.id != today)[:5]


def answer(at: AppTest, right: bool) -> AppTest:
    """Answer the puzzle shown, right or wrong."""
    from tests.test_app_puzzles import a_wrong_move, click_move
    from trainer.engine.moves import Move
    from trainer.puzzles.bank import by_id

    puzzle = by_id(at.session_state["puzzle_id"])
    click_move(at, Move.parse(puzzle.accepted[0]) if right else a_wrong_move(puzzle))
    return at


def test_an_assigned_puzzle_set_carries_on_to_its_end(club: Store) -> None:
    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = club.create_class(lee.id, "Tuesday club")
    ((dora, _),) = club.add_learners(room.id, ["Dora"], created_by=lee.id)
    ids = set_of_five()
    homework = club.assign(room.id, "Five for Friday", Task("puzzles", puzzles=ids),
                           date.today() + timedelta(3))
    at = signed_in_app(club, dora.id)
    at = ok(at.button(key="club_go_0").click())
    assert at.session_state["puzzle_id"] == ids[0] and at.session_state["puzzle_set"] == homework.id
    assert "Puzzle 1 of 5 — Five for Friday" in [i.value for i in at.info]
    answer(at, right=False)  # wrong, then again: six answers in all
    at = ok(at.button(key="puzzle_retry").click())
    answer(at, right=True)
    for number in range(2, 6):
        at = ok(at.button(key="puzzle_set_next").click())
        assert at.session_state["puzzle_id"] == ids[number - 1]
        assert f"Puzzle {number} of 5 — Five for Friday" in [i.value for i in at.info]
        answer(at, right=True)
    assert "puzzle_set_next" not in [b.key for b in at.button]
    assert any("Five for Friday" in s.value and "done" in s.value for s in at.success)
    (result,) = club.results(homework.id)
    assert (result.progress, result.total, result.done) == (5, 5, True)
    at = ok(at.button(key="puzzle_set_home").click())
    assert at.session_state["puzzle_set"] is None
    assert "1 assignment done" in strings(signed_in_app(club, dora.id))


def test_an_assigned_set_skips_what_was_tried_and_survives_a_reload(club: Store) -> None:
    from ui.keep import restore, sections

    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = club.create_class(lee.id, "Tuesday club")
    ((dora, _),) = club.add_learners(room.id, ["Dora"], created_by=lee.id)
    ids = set_of_five()
    homework = club.assign(room.id, "Five", Task("puzzles", puzzles=ids), date.today() + timedelta(3))
    club.record_attempt(dora.learner_id, "puzzle", ids[1], True)  # the second, tried from elsewhere
    at = ok(signed_in_app(club, dora.id).button(key="club_go_0").click())
    answer(at, right=True)
    at = ok(at.button(key="puzzle_set_next").click())
    assert at.session_state["puzzle_id"] == ids[2]  # the second was tried: on to the third
    # a reload: the tab's kept work brings the set back
    kept = sections(at.session_state)
    fresh: dict[str, Any] = {}
    restore(fresh, __import__("json").dumps(kept))
    assert fresh["puzzle_set"] == homework.id and fresh["puzzle_id"] == ids[2]
    # another learner's (or an unknown) assignment in the state is dropped, nothing shown
    at.session_state["puzzle_set"] = homework.id + 99
    at = ok(at)
    assert at.session_state["puzzle_set"] is None and not [i for i in at.info if "Puzzle" in i.value]


def test_removing_an_assignment_asks_first(club: Store) -> None:
    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = club.create_class(lee.id, "Tuesday club")
    club.add_learners(room.id, ["Dora"], created_by=lee.id)
    homework = club.assign(room.id, "Total twice", Task("drill", drill="total", level=1, target=2),
                           date.today() + timedelta(3))
    at = signed_in_app(club, lee.id, "classes")
    at = ok(at.button(key=f"classes_drop_{homework.id}").click())
    assert club.assignments_of(room.id) == (homework,)  # asked, not removed
    assert any("Total twice" in w.value for w in at.warning)
    at = ok(at.button(key=f"classes_drop_no_{homework.id}").click())
    assert club.assignments_of(room.id) == (homework,) and not at.warning
    at = ok(at.button(key=f"classes_drop_{homework.id}").click())
    at = ok(at.button(key=f"classes_drop_yes_{homework.id}").click())
    assert club.assignments_of(room.id) == ()
    assert any("Total twice" in s.value for s in at.success)


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_a_due_day_out_of_range_is_said_and_nothing_is_assigned(club: Store, lang: str) -> None:
    from ui.assigned import DUE_DAYS

    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = club.create_class(lee.id, "Tuesday club")
    at = AppTest.from_file(APP, default_timeout=120)
    at.query_params["lang"] = lang
    at.session_state["club_token"] = club.open_session(lee.id)
    ok(at)
    at.switch_page(str(Path(APP).parent / "ui" / "classes.py"))
    at.session_state["classes_tab"] = t("classes.tab.assign", lang)
    ok(at)
    first, last = date.today(), date.today() + timedelta(days=DUE_DAYS)
    said = t("classes.due_range", lang, first=first.isoformat(), last=last.isoformat())
    at.segmented_control(key="classes_kind").set_value("drill")
    at = ok(at)
    for wrong in (first - timedelta(days=1), last + timedelta(days=1)):
        at.date_input(key="classes_due").set_value(wrong)
        at = ok(at)
        assert said in [e.value for e in at.error]  # said under the field, in his language
        at = ok(at.button(key="classes_assign").click())
        assert club.assignments_of(room.id) == ()
        assert said in [e.value for e in at.error] and not at.success
    at.date_input(key="classes_due").set_value(last)
    at = ok(at.button(key="classes_assign").click())
    assert not at.error, [e.value for e in at.error]
    (made,) = club.assignments_of(room.id)
    assert made.due == last


# ----- where a teacher and an operator land; what the Classes page says -----
def test_a_teacher_lands_on_classes_and_an_operator_on_accounts(club: Store) -> None:
    world = two_classes(club)
    assert signed_in_app(club, world["lee"].id).title[0].value == t("classes.heading")
    assert signed_in_app(club, world["olga"].id).title[0].value == t("accounts.heading")
    learner = signed_in_app(club, world["ann"].id)
    assert learner.title[0].value == t("home.title")
    start = signed_in_app(club, world["lee"].id, "home")  # his Start is a click away
    assert start.title[0].value == t("home.title")


def test_names_taken_are_said_when_learners_are_made(club: Store) -> None:
    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    club.create_account("Olga", "operator", password="operator-pass")
    room = club.create_class(lee.id, "Tuesday club")
    at = signed_in_app(club, lee.id, "classes")
    at.session_state["classes_tab"] = t("classes.tab.learners")
    ok(at)
    at.text_area(key="classes_names").input("Olga\nPia")
    at = ok([b for b in at.get("form_submit_button") if b.proto.form_id == "classes_add"][0].click())
    assert [n for n, _ in at.session_state["classes_passwords"]] == ["Olga 2", "Pia"]
    said = t("classes.renamed", names="Olga → Olga 2")
    assert said in [i.value for i in at.info], [i.value for i in at.info]
    assert [m.name for m in club.members(room.id)] == ["Olga 2", "Pia"]


def test_the_assign_form_is_cleared_and_results_say_what_was_assigned(club: Store) -> None:
    from trainer.teach.course import course_lesson
    from trainer.teach.practice import practice_items

    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = club.create_class(lee.id, "Tuesday club")
    club.add_learners(room.id, ["Dora"], created_by=lee.id)
    at = signed_in_app(club, lee.id, "classes")
    at.session_state["classes_tab"] = t("classes.tab.assign")
    ok(at)
    at.segmented_control(key="classes_kind").set_value("drill")
    at = ok(at)
    at.selectbox(key="classes_level").set_value(2)
    at.number_input(key="classes_target").set_value(3)
    at.text_input(key="classes_title").input("Homework")
    at.date_input(key="classes_due").set_value(date.today() + timedelta(days=2))
    at = ok(at.button(key="classes_assign").click())
    assert len(club.assignments_of(room.id)) == 1
    # the form starts again from its defaults
    assert at.segmented_control(key="classes_kind").value == "lessons"
    at.segmented_control(key="classes_kind").set_value("drill")
    at = ok(at)
    assert at.selectbox(key="classes_level").value == 1 and at.number_input(key="classes_target").value == 20
    assert at.text_input(key="classes_title").value == ""
    assert at.date_input(key="classes_due").value == date.today() + timedelta(days=7)
    club.assign(room.id, "Reading", Task("lessons", lessons=("deal", "count")), date.today() + timedelta(3))
    club.assign(room.id, "Puzzles", Task("puzzles", puzzles=set_of_five()[:3]), date.today() + timedelta(4))
    first_goal = practice_items()[0].id
    club.assign(room.id, "Goals", Task("practice", goals=(first_goal,)), date.today() + timedelta(5))
    at.session_state["classes_tab"] = t("classes.tab.results")
    text = strings(ok(at)).replace("\\", "")  # (Markdown's escapes)
    assert "Total the ends, level 2: 3 right" in text  # what "Homework" asks
    for lesson in ("deal", "count"):
        assert course_lesson(lesson, "en").title in text
    assert "3 puzzles" in text and set_of_five()[0] in text
    assert "1. Score at least 15 (cincos)" in text


# ----- a teacher's page of one learner, the class over weeks, late marks -----
def test_a_teacher_opens_a_learner_page_and_the_class_over_weeks(club: Store) -> None:
    world = two_classes(club)
    monday, ann = world["monday"], world["ann"]
    club.assign(monday.id, "Past homework", Task("drill", drill="total", level=1, target=3),
                date.today() - timedelta(days=2))
    at = signed_in_app(club, world["lee"].id, "class_learner",
                       **{"class": str(monday.id), "member": str(ann.id)})
    text = strings(at)
    assert "Ann" in text and "Past homework" in text and t("classes.overdue") in text
    assert "Cidonia" not in text and "Benedikt" not in text and SECRET not in text
    # the class over weeks: every learner, this week's answers
    at = signed_in_app(club, world["lee"].id, "classes", **{"class": str(monday.id)})
    at.session_state["classes_tab"] = t("classes.tab.weeks")
    at = ok(at)
    (table,) = at.dataframe
    frame = table.value
    assert list(frame.iloc[:, 0]) == ["Ann", "Benedikt"]
    assert str(frame.iloc[0, 1]).startswith("2 · ")  # her drill and puzzle answers of this week
    # the results mark who is late
    at.session_state["classes_tab"] = t("classes.tab.results")
    at = ok(at)
    assert t("classes.overdue") in strings(at)


@pytest.mark.parametrize("params", [("friday", "cid"), ("monday", "cid"), ("friday", "ann"), ("x", "ann")])
def test_a_learner_page_out_of_reach_is_refused_plainly(club: Store, params: tuple[str, str]) -> None:
    world = two_classes(club)
    klass = world[params[0]].id if params[0] != "x" else "12<b>"
    at = signed_in_app(club, world["lee"].id, "class_learner",
                       **{"class": str(klass), "member": str(world[params[1]].id)})
    assert [e.value for e in at.error] == [t("learner_page.refused")]
    text = strings(at)
    for hidden in ("Cidonia", "Fridayonly", "Ann", SECRET):
        assert hidden not in text, hidden
    # a learner is no teacher: the page is not his
    learner = signed_in_app(club, world["ann"].id)
    assert "class_learner" not in registered(learner)


def test_the_operators_flag_shows_where_the_database_is_to_operators_only(
        club: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """ALLFIVES_ADMIN=1 in club mode: the database's place (user, database, folder) is
    shown to a signed-in operator, never to a learner or a teacher."""
    people = two_classes(club)
    monkeypatch.setenv("ALLFIVES_ADMIN", "1")
    where = club.location
    for who, shown in (("ann", False), ("lee", False), ("olga", True)):
        at = signed_in_app(club, people[who].id, "progress")
        assert (where in " ".join(str(c.value) for c in at.code)) == shown, who


def test_names_split_at_line_ends_only_and_the_passwords_file_holds_no_formula(club: Store) -> None:
    """"Smith, Jo" is one learner; a cell that a spreadsheet would run as a formula
    (= + - @, a tab) is written as text in the first-passwords file."""
    from trainer.store.classes import passwords_csv

    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = club.create_class(lee.id, "Thursday")
    at = signed_in_app(club, lee.id, "classes", **{"class": str(room.id)})
    at.session_state["classes_tab"] = t("classes.tab.learners")
    ok(at)
    at.text_area(key="classes_names").input("Smith, Jo\nDora")
    at = ok([b for b in at.get("form_submit_button") if b.proto.form_id == "classes_add"][0].click())
    assert [name for name, _ in at.session_state["classes_passwords"]] == ["Smith, Jo", "Dora"]
    rows = [("@SUM(2+2)", "+1+2"), ("-3+4", "=A1"), ("\tx", "plain")]
    cells = [cell for line in passwords_csv(rows).splitlines()[1:] for cell in line.split(",")]
    assert cells == ["'@SUM(2+2)", "'+1+2", "'-3+4", "'=A1", "'\tx", "plain"]


def test_club_mode_says_the_answers_wait_while_the_database_is_away(
        club: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A signed-in learner answers while the database cannot be opened: the page says
    that his answers wait, as home mode does, and he stays signed in."""
    import ui.state
    from trainer.store.errors import StoreUnreachableError
    from trainer.teach.drills import make_item

    people = two_classes(club)
    at = signed_in_app(club, people["ann"].id, "drills")

    def away(setting: str) -> Store:
        raise StoreUnreachableError("the server is restarting")
    real = ui.state._shared_store
    monkeypatch.setattr(ui.state, "_shared_store", away)
    for key, value in (("drill_seed", 4), ("drill_kind", "total"), ("drill_level", 1)):
        at.session_state[key] = value
    at = ok(at)
    at.text_input(key="drill_count").input(str(make_item("total", 4, 1).answer))
    at = ok(at.button(key="drill_submit").click())
    assert at.session_state["club_account"] is not None
    said = " ".join(str(e.value) for e in at.info).replace("\\", "")
    assert "1 answer waits, saved once the database is back" in said, said
    # she signs out, the database comes back, Ben signs in in the same tab and answers: her
    # waiting answer is hers, written for her, never adopted by his session
    at = ok(at.sidebar.button(key="club_sign_out").click())
    monkeypatch.setattr(ui.state, "_shared_store", real)  # the database is back
    at.session_state["store_problem"] = None  # and the session's next try (REOPEN s later) is now
    at = sign_in(at, "Benedikt", club.reset_password(people["ben"].id))
    assert at.session_state["club_account"].name == "Benedikt"
    at.switch_page(str(Path(APP).parent / "ui" / "drills.py"))
    for key, value in (("drill_seed", 5), ("drill_kind", "total"), ("drill_level", 1)):
        at.session_state[key] = value
    at = ok(at)
    at.text_input(key="drill_count").input(str(make_item("total", 5, 1).answer))
    at = ok(at.button(key="drill_submit").click())
    from trainer.store.pending import RETRIER
    RETRIER.retry_now()
    assert club.counts(people["ann"].learner_id)["drill"] == (2, 1)  # one wrong before; hers, kept for her
    assert club.counts(people["ben"].learner_id)["drill"] == (2, 1)


def test_only_an_address_the_provider_verified_signs_in_by_the_organisation() -> None:
    from types import SimpleNamespace as User

    from ui.club import verified_email
    assert verified_email(User(email="ann@school.example", email_verified=True)) == "ann@school.example"
    ann = "ann@school.example"
    for unverified in (User(email=ann), User(email=ann, email_verified=False),
                       User(email=ann, email_verified="true"), User(email_verified=True)):
        assert verified_email(unverified) is None


def cookie_scripts(at: AppTest) -> list[str]:
    return [h.proto.body for h in at.get("html") if "document.cookie" in h.proto.body]


def test_the_sign_in_cookie_ends_with_the_browser_unless_kept(club: Store) -> None:
    """A shared computer's default: the cookie has no lifetime of its own (the browser's
    end is its end); "Keep me signed in" gives it 12 hours; signing out empties it."""
    world = two_classes(club)
    for keep in (False, True):
        at = ok(AppTest.from_file(APP, default_timeout=120))
        if keep:
            at.checkbox(key="club_keep").check()
        at = sign_in(at, "Ann", world["ann_pw"])
        (script,) = cookie_scripts(at)
        assert ("max-age=43200" in script) is keep and "max-age=0" not in script
        at = ok(at.sidebar.button(key="club_sign_out").click())
        assert any("max-age=0" in s for s in cookie_scripts(at))


def test_a_reload_while_the_database_is_away_keeps_the_sign_in(club: Store,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A new page whose session cannot be checked (the database away) says so and keeps
    the cookie: once the database is back, the same session signs in again."""
    world = two_classes(club)
    ann = club.find_account("Ann")
    token = club.open_session(ann.id)

    def away(self: Store, token: str, when: Any = None) -> None:
        raise StoreError("the progress database cannot be reached")

    monkeypatch.setattr(Store, "session_account", away)
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["club_token"] = token
    at = ok(at)
    assert at.error[0].value == t("club.session_unchecked") and not cookie_scripts(at)  # the cookie stays
    monkeypatch.undo()
    assert club.session_account(token) is not None and world["ann_pw"]


def test_the_operator_sets_how_long_an_idle_session_lives() -> None:
    from datetime import timedelta

    from ui.state import session_idle
    assert session_idle("30") == timedelta(minutes=30) and session_idle(" 1440 ") == timedelta(days=1)
    for refused in ("", None, "4", "1441", "ten", "-5", "3.5"):
        assert session_idle(refused) is None


def test_a_teacher_assigns_to_one_learner_then_changes_the_assignment(club: Store) -> None:
    """The assign form's "For" field sets it to Dora alone, said under the assignment;
    "Change it" opens its title, day and learners as they are; a day out of range is
    refused and nothing changes; saved, the new title, day and learners are kept."""
    lee = club.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = club.create_class(lee.id, "Tuesday club")
    ((dora, _), (eli, _)) = club.add_learners(room.id, ["Dora", "Eli"], created_by=lee.id)
    at = signed_in_app(club, lee.id, "classes")
    at.session_state["classes_tab"] = t("classes.tab.assign")
    at = ok(at)
    assert at.multiselect(key="classes_learners").options == ["Dora", "Eli"]
    at.segmented_control(key="classes_kind").set_value("drill")
    at = ok(at)
    at.text_input(key="classes_title").input("Dora's extra")
    at.multiselect(key="classes_learners").select(dora.id)
    at = ok(at.button(key="classes_assign").click())
    (made,) = club.assignments_of(room.id)
    assert made.learners == (dora.id,)
    assert [a for a, _ in club.scoped(eli).my_assignments()] == []
    at.session_state["classes_tab"] = t("classes.tab.results")
    at = ok(at)
    assert t("classes.for_some", names="Dora") in [c.value for c in at.caption]
    at = ok(at.button(key=f"classes_edit_{made.id}").click())
    assert at.text_input(key=f"classes_edit_title_{made.id}").value == "Dora's extra"
    assert at.multiselect(key=f"classes_edit_for_{made.id}").value == [dora.id]
    at.date_input(key=f"classes_edit_due_{made.id}").set_value(date.today() - timedelta(days=1))
    at = ok(at.button(key=f"FormSubmitter:classes_edit_form_{made.id}-{t('classes.edit_save')}").click())
    assert club.assignment(made.id) == made and at.error  # refused, said, nothing changed
    at.text_input(key=f"classes_edit_title_{made.id}").input("Extra for both")
    at.date_input(key=f"classes_edit_due_{made.id}").set_value(date.today() + timedelta(days=9))
    at.multiselect(key=f"classes_edit_for_{made.id}").select(eli.id)
    at = ok(at.button(key=f"FormSubmitter:classes_edit_form_{made.id}-{t('classes.edit_save')}").click())
    changed = club.assignment(made.id)
    assert (changed.title, changed.due, changed.learners) == (
        "Extra for both", date.today() + timedelta(days=9), tuple(sorted((dora.id, eli.id))))
    assert any("Extra for both" in s.value for s in at.success)
    assert t("classes.for_some", names="Dora and Eli") in [c.value for c in at.caption]
