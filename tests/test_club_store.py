"""Club mode in the store, on SQLite and on PostgreSQL (ALLFIVES_TEST_PG_URL): accounts
and their passwords, sign-in with a wrong password, lock-out per name and per address,
sessions that expire and end, every role's reach (the scoped store), classes and their
codes, assignments and their results, the class report and its CSV."""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime, timedelta

import pytest
import sqlalchemy as sa

from trainer.puzzles.bank import shipped
from trainer.store import (
    AccessError,
    AccountError,
    AssignmentError,
    JoinWaitError,
    LearnerError,
    Store,
    Task,
)
from trainer.store.schema import accounts, sessions

T0 = datetime(2030, 3, 4, 9, 0, tzinfo=UTC)
ADDRESS = "192.0.2.10"


def teacher_with_class(store: Store, teacher: str = "Ms Lee", room: str = "Monday club",
                       names: tuple[str, ...] = ("Ann", "Ben")) -> tuple:
    t = store.create_account(teacher, "teacher", password="teacher-pass", when=T0)
    k = store.create_class(t.id, room, when=T0)
    made = store.add_learners(k.id, list(names), created_by=t.id, when=T0)
    return t, k, made


# ----- passwords and sign-in -----
def test_a_password_is_kept_only_as_an_argon2id_hash(store: Store) -> None:
    account = store.create_account("Ann", "learner", password="a long secret")
    with store._read() as conn:
        stored = conn.execute(sa.select(accounts.c.password_hash)).scalar_one()
    assert stored.startswith("$argon2id$") and "a long secret" not in stored
    assert store.sign_in("Ann", "a long secret", address=ADDRESS).account == account
    # the history file says nothing of passwords
    assert "argon2" not in store.export_learner(account.learner_id)


def test_sign_in_says_wrong_alike_for_a_wrong_password_and_an_unknown_name(store: Store) -> None:
    store.create_account("Ann", "learner", password="a long secret")
    wrong = store.sign_in("Ann", "not the secret", address=ADDRESS)
    unknown = store.sign_in("Nobody", "a long secret", address=ADDRESS)
    assert wrong.outcome == unknown.outcome == "wrong"
    assert wrong.account is None and wrong.token == "" and unknown.token == ""
    # names are matched as learners' names are: case and spaces ignored
    assert store.sign_in("  ann ", "a long secret", address=ADDRESS).outcome == "ok"


@pytest.mark.parametrize("password", ["short", " " * 12, "x" * 201])
def test_a_password_that_cannot_be_used_is_refused(store: Store, password: str) -> None:
    with pytest.raises(AccountError):
        store.create_account("Ann", "learner", password=password)
    assert store.find_account("Ann") is None and store.learners() == ()


def test_wrong_passwords_slow_the_name_with_growing_waits_never_a_lock(store: Store) -> None:
    """Past the free tries, each wrong password doubles the name's wait (from any
    address) up to a minute; the right password is refused while the wait runs, so
    that guessing faster gains nothing, and works as soon as it is over."""
    store.create_account("Ann", "learner", password="a long secret")
    policy = store.policy
    at = T0
    for n in range(policy.account_free):
        assert store.sign_in("Ann", f"guess {n}", address=f"198.51.100.{n}", when=at).outcome == "wrong"
    waits = []
    for n in range(10):  # a guesser who tries again the moment he may
        refused = store.sign_in("Ann", "a long secret", address="203.0.113.99", when=at)
        assert refused.outcome == "locked" and refused.token == ""
        waits.append(refused.wait)
        at += refused.wait
        assert store.sign_in("Ann", f"again {n}", address=f"198.51.100.{n}", when=at).outcome == "wrong"
    assert waits[:3] == [policy.first_delay, 2 * policy.first_delay, 4 * policy.first_delay]
    assert max(waits) == policy.longest_delay == waits[-1]  # growing, never past a minute
    # another name is not slowed
    store.create_account("Ben", "learner", password="ben's secret")
    assert store.sign_in("Ben", "ben's secret", address="203.0.113.99", when=at).outcome == "ok"
    # the owner gets in once the last wait is over, and the count starts again
    later = at + policy.longest_delay
    assert store.sign_in("Ann", "a long secret", address=ADDRESS, when=later).outcome == "ok"
    assert store.sign_in("Ann", "guess", address=ADDRESS, when=later).outcome == "wrong"
    assert store.sign_in("Ann", "a long secret", address=ADDRESS, when=later).outcome == "ok"


def test_a_new_password_clears_the_names_wait(store: Store) -> None:
    store.create_account("Ann", "learner", password="a long secret")
    for n in range(store.policy.account_free + 6):
        store.sign_in("Ann", f"guess {n}", address=ADDRESS, when=T0)
    assert store.sign_in("Ann", "a long secret", address=ADDRESS, when=T0).outcome == "locked"
    store.clear_failures("ann")
    assert store.sign_in("Ann", "a long secret", address=ADDRESS, when=T0).outcome == "ok"


def test_many_wrong_passwords_from_one_address_slow_that_address(store: Store) -> None:
    store.create_account("Ann", "learner", password="a long secret")
    for n in range(store.policy.address_free):
        store.sign_in(f"name {n}", "guess", address=ADDRESS, when=T0)
    slowed = store.sign_in("Ann", "a long secret", address=ADDRESS, when=T0)
    assert slowed.outcome == "locked" and slowed.wait == store.policy.first_delay
    assert store.sign_in("Ann", "a long secret", address="192.0.2.11", when=T0).outcome == "ok"
    assert store.sign_in("Ann", "a long secret", address=ADDRESS, when=T0 + slowed.wait).outcome == "ok"
    # each wrong try is kept twice, for its name and for its address, and each right one once,
    # until the window is over
    assert store.forget_failures(T0 + timedelta(hours=1)) == 2 * store.policy.address_free + 2


def test_a_classroom_behind_one_address_whose_pupils_mistype_all_get_in(store: Store) -> None:
    """30 pupils behind one router, each mistyping twice, then signing in: nobody waits."""
    pupils = {f"Pupil {n}": f"secret number {n}" for n in range(30)}
    for name, word in pupils.items():
        store.create_account(name, "learner", password=word)
    at = T0
    for name in pupils:
        for typo in ("oops", "oops again"):
            assert store.sign_in(name, typo, address=ADDRESS, when=at).outcome == "wrong"
            at += timedelta(milliseconds=200)
    for name, word in pupils.items():
        assert store.sign_in(name, word, address=ADDRESS, when=at).outcome == "ok", name
        at += timedelta(milliseconds=200)
    assert at - T0 < timedelta(seconds=20)


# ----- sessions -----
def test_a_session_ends_after_idling_and_after_its_lifetime(store: Store) -> None:
    account = store.create_account("Ann", "learner", password="a long secret")
    token = store.sign_in("Ann", "a long secret", address=ADDRESS, when=T0).token
    policy = store.policy
    assert store.session_account(token, when=T0 + policy.idle - timedelta(minutes=1)) == account
    # in use now and then, it lives until its lifetime is over
    moment = T0
    while moment + policy.idle / 2 < T0 + policy.lifetime:
        moment += policy.idle / 2
        assert store.session_account(token, when=moment) == account
    assert store.session_account(token, when=T0 + policy.lifetime + timedelta(minutes=1)) is None
    # and an idle one ends after `idle`
    other = store.sign_in("Ann", "a long secret", address=ADDRESS, when=T0).token
    assert store.session_account(other, when=T0 + policy.idle + timedelta(seconds=1)) is None
    with store._read() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(sessions)).scalar() == 0


def test_sign_out_and_a_new_password_end_sessions(store: Store) -> None:
    account = store.create_account("Ann", "learner", password="a long secret")
    first = store.sign_in("Ann", "a long secret", address=ADDRESS).token
    second = store.sign_in("Ann", "a long secret", address=ADDRESS).token
    store.sign_out(first)
    assert store.session_account(first) is None and store.session_account(second) == account
    store.set_password(account.id, "another secret")
    assert store.session_account(second) is None
    assert store.sign_in("Ann", "a long secret", address=ADDRESS).outcome == "wrong"
    assert store.sign_in("Ann", "another secret", address=ADDRESS).outcome == "ok"
    # a token is kept only as its hash
    with store._read() as conn:
        assert second not in {row[0] for row in conn.execute(sa.select(sessions.c.token_hash))}
    for junk in ("", "x" * 500, "no such token"):
        assert store.session_account(junk) is None


def test_an_identity_of_the_organisation_signs_in_one_account(store: Store) -> None:
    ann = store.create_account("Ann", "learner", identity="https://id.example|ann")
    assert not ann.has_password and store.sign_in("Ann", "", address=ADDRESS).outcome == "wrong"
    assert store.account_by_identity("https://id.example|ann") == ann
    with pytest.raises(AccountError):
        store.create_account("Ann B", "learner", identity="https://id.example|ann")
    assert store.find_learner("Ann B") is None


# ----- classes -----
def test_a_teacher_makes_a_class_of_managed_learners_and_resets_their_passwords(store: Store) -> None:
    store.create_account("Ann", "learner", password="the other ann")  # the name is taken already
    teacher, room, made = teacher_with_class(store)
    assert [a.name for a, _ in made] == ["Ann 2", "Ben"]
    assert [m.name for m in store.members(room.id)] == ["Ann 2", "Ben"]
    (ann, first), _ = made
    assert store.sign_in("Ann 2", first, address=ADDRESS).outcome == "ok"
    mine = store.scoped(teacher)
    new = mine.reset_password(room.id, ann.id)
    assert new != first and store.sign_in("Ann 2", first, address=ADDRESS).outcome == "wrong"
    assert store.sign_in("Ann 2", new, address=ADDRESS).outcome == "ok"
    # a pupil who mistyped his way into waits gets in at once with the password his teacher reset
    for n in range(store.policy.account_free + 6):
        store.sign_in("Ann 2", f"guess {n}", address=ADDRESS, when=T0)
    assert store.sign_in("Ann 2", new, address=ADDRESS, when=T0).outcome == "locked"
    newer = mine.reset_password(room.id, ann.id)
    assert store.sign_in("Ann 2", newer, address=ADDRESS, when=T0).outcome == "ok"
    with pytest.raises(LearnerError):
        store.add_learners(room.id, ["Cid", "\u0007bell"])
    assert store.find_learner("Cid") is None  # a bad name stops them all


def test_a_learner_joins_by_code_and_a_new_code_stops_the_old(store: Store) -> None:
    teacher, room, _ = teacher_with_class(store)
    dan = store.create_account("Dan", "learner", password="dan's secret")
    mine = store.scoped(dan)
    assert mine.join_by_code(" " + room.code.lower()[:4] + "-" + room.code[4:] + " ").id == room.id
    assert [k.id for k in mine.my_classes()] == [room.id]
    assert dan.learner_id in store.taught_learners(teacher.id)
    fresh = store.scoped(teacher).new_code(room.id)
    eve = store.create_account("Eve", "learner", password="eve's secret")
    with pytest.raises(AccountError, match="no class has that code"):
        store.scoped(eve).join_by_code(room.code)
    assert store.scoped(eve).join_by_code(fresh.code).id == room.id
    # a teacher cannot reset the password of a learner who joined by code: he is not offered
    assert dan.id not in {m.id for m in store.scoped(teacher).resettable(room.id)}
    assert {m.name for m in store.scoped(teacher).resettable(room.id)} == {"Ann", "Ben"}
    with pytest.raises(AccountError):
        store.scoped(teacher).reset_password(room.id, dan.id)


# ----- reach -----
def test_every_roles_reach(store: Store) -> None:
    lee, room, ((ann, _), (ben, _)) = teacher_with_class(store)
    kim, other, ((cid, _),) = teacher_with_class(store, "Mr Kim", "Friday club", ("Cid",))
    op = store.create_account("Olga", "operator", password="operator-pass")
    for learner in (ann, ben, cid):
        store.record_attempt(learner.learner_id, "drill", "total:1:1", True, kind="total",
                             answer=learner.name)
    attempt_of = {a.name: store.recent_attempts(a.learner_id)[0].id for a in (ann, ben, cid)}

    def reads(account, learner_id):
        s = store.scoped(account)
        try:
            s.counts(learner_id)
        except AccessError as error:
            assert str(error) == f"no learner has the id {learner_id}"
            return False
        return True

    # a learner: himself only, read and write
    assert reads(ann, ann.learner_id) and not reads(ann, ben.learner_id) and not reads(ann, cid.learner_id)
    assert not reads(ann, lee.learner_id) and not reads(ann, 10_000)
    # a teacher: his classes' learners (read), not the other class's, nor the other teacher
    assert reads(lee, ann.learner_id) and reads(lee, ben.learner_id)
    assert not reads(lee, cid.learner_id) and not reads(lee, kim.learner_id)
    assert reads(kim, cid.learner_id) and not reads(kim, ann.learner_id)
    # an operator reads no one's history but his own
    assert not any(reads(op, x.learner_id) for x in (ann, ben, cid, lee))
    # writes: only one's own, even for the teacher
    for who, target in ((ann, ben), (lee, ann), (op, ann)):
        s = store.scoped(who)
        with pytest.raises(AccessError):
            s.record_attempt(target.learner_id, "drill", "total:1:2", True)
        with pytest.raises(AccessError):
            s.record_lesson(target.learner_id, "deal", 3)
        with pytest.raises(AccessError):
            s.set_language(target.learner_id, "ru")
        with pytest.raises(AccessError):
            s.adopt(target.learner_id, [])
        with pytest.raises(AccessError):
            s.delete_learner(target.learner_id)
    # attempts by id, names and lists
    assert store.scoped(lee).attempt(attempt_of["Ann"]).answer == "Ann"
    for who, name in ((ann, "Ben"), (lee, "Cid"), (kim, "Ann"), (op, "Ann")):
        with pytest.raises(AccessError):
            store.scoped(who).attempt(attempt_of[name])
        assert store.scoped(who).find_learner(name) is None
        assert name not in [x.name for x in store.scoped(who).learners()]
    with pytest.raises(AccessError):
        store.scoped(ann).attempt(10_000)
    # creating, importing and exporting
    text = store.export_learner(ben.learner_id)
    for who in (ann, lee):
        with pytest.raises(AccountError):
            store.scoped(who).create_learner("Zed")
        with pytest.raises(AccountError):
            store.scoped(who).import_learner(text, name="Zed")
    with pytest.raises(AccessError):
        store.scoped(ann).export_learner(ben.learner_id)
    # classes: a teacher's own only, and only teachers'
    with pytest.raises(AccountError, match=f"no class has the id {other.id}"):
        store.scoped(lee).members(other.id)
    with pytest.raises(AccountError):
        store.scoped(lee).results_csv(other.id)
    with pytest.raises(AccountError):
        store.scoped(ann).class_report(room.id)
    with pytest.raises(AccountError):
        store.scoped(lee).reset_password(other.id, cid.id)
    with pytest.raises(AccountError):
        store.scoped(lee).reset_password(room.id, cid.id)
    with pytest.raises(AccountError):
        store.scoped(ann).accounts()
    assert [k.id for k in store.scoped(lee).classes()] == [room.id] and store.scoped(ann).classes() == ()
    # the operator manages accounts
    assert {a.name for a in store.scoped(op).accounts()} == {"Ann", "Ben", "Cid", "Ms Lee", "Mr Kim", "Olga"}
    store.scoped(op).delete_account(cid.id)
    assert store.find_account("Cid") is None and store.members(other.id) == ()


def test_a_learner_taken_out_of_the_class_is_out_of_reach_at_once(store: Store) -> None:
    lee, room, ((ann, _), _) = teacher_with_class(store)
    mine = store.scoped(lee)
    assert mine.counts(ann.learner_id) == {}
    mine.remove_member(room.id, ann.id)
    with pytest.raises(AccessError):
        mine.counts(ann.learner_id)


# ----- assignments -----
def test_assignments_and_their_results(store: Store) -> None:
    lee, room, ((ann, _), (ben, _)) = teacher_with_class(store)
    puzzles = [p.id for p in shipped() if p.tags][:3]  # puzzles with themes, for the report
    start = T0 + timedelta(hours=1)
    lessons = store.assign(room.id, "The first two lessons", Task("lessons", lessons=("deal", "matching")),
                           date(2030, 3, 11), when=start)
    drill = store.assign(room.id, "Total the ends, level 2: 3 right",
                         Task("drill", drill="total", level=2, target=3), date(2030, 3, 8), when=start)
    set_ = store.assign(room.id, "Three puzzles", Task("puzzles", puzzles=tuple(puzzles)), date(2030, 3, 9),
                        when=start)
    a, b = ann.learner_id, ben.learner_id
    later = start + timedelta(minutes=5)
    # before the assignment: does not count
    store.record_attempt(a, "drill", "total:2:1", True, kind="total", seconds=2, when=T0)
    for n, right in enumerate((True, False, True, True)):
        store.record_attempt(a, "drill", f"total:2:{n + 10}", right, kind="total", seconds=3, when=later)
    store.record_attempt(a, "drill", "total:1:5", True, kind="total", seconds=3, when=later)  # another level
    store.record_attempt(a, "drill", "run:total:2", True, kind="total", when=later)  # not that drill's key
    store.record_attempt(b, "drill", "total:2:5", True, kind="total", seconds=5, when=later)
    store.record_attempt(a, "lesson", "deal.size", True, seconds=4, when=later)
    store.record_attempt(a, "lesson", "matching.fits1", False, seconds=6, when=later)
    store.record_attempt(a, "lesson", "count.lead", False, seconds=60, when=later)  # not assigned
    store.record_lesson(a, "deal", 3, when=later)
    store.record_lesson(a, "matching", 2, when=later)
    store.record_lesson(b, "deal", 1, when=later)
    store.record_attempt(a, "puzzle", puzzles[0], False, seconds=10, when=later)
    store.record_attempt(a, "puzzle", puzzles[0], True, seconds=10, when=later)  # a second try: not first
    store.record_attempt(a, "puzzle", puzzles[1], True, seconds=20, helped=True, when=later)
    store.record_attempt(a, "puzzle", puzzles[2], True, seconds=30, when=later)
    store.record_attempt(b, "puzzle", puzzles[2], True, seconds=7, when=later)

    by = {(r.assignment_id, r.name): r for x in (lessons, drill, set_) for r in store.results(x.id)}
    r = by[(drill.id, "Ann")]
    assert (r.done, r.progress, r.total, r.right, r.out_of, r.seconds) == (True, 3, 3, 3, 4, 12.0)
    r = by[(drill.id, "Ben")]
    assert (r.done, r.progress, r.right, r.out_of) == (False, 1, 1, 1)
    r = by[(lessons.id, "Ann")]
    assert (r.done, r.progress, r.total, r.right, r.out_of, r.seconds) == (True, 2, 2, 5, 6, 10.0)
    r = by[(lessons.id, "Ben")]
    assert (r.done, r.progress, r.right) == (False, 1, 1)
    r = by[(set_.id, "Ann")]
    assert (r.done, r.progress, r.total, r.right, r.seconds, r.helped) == (True, 3, 3, 2, 70.0, 1)
    r = by[(set_.id, "Ben")]
    assert (r.done, r.progress, r.right, r.helped) == (False, 1, 1, 0)

    # the learner's own list: first due first, with his result
    mine = store.scoped(ann).my_assignments()
    assert [x.id for x, _ in mine] == [drill.id, set_.id, lessons.id] and all(res.done for _, res in mine)

    report = store.scoped(lee).class_report(room.id)
    assert [m.name for m in report.members] == ["Ann", "Ben"]
    assert report.lessons[0].lesson in ("matching", "count")  # answered wrong: weakest
    assert {s.lesson for s in report.lessons} == {"deal", "matching", "count"}
    weakest_first = tuple(sorted(report.themes, key=lambda s: (s.accuracy, -s.attempts, s.tag)))
    assert report.themes and report.themes == weakest_first
    rows = list(csv.DictReader(io.StringIO(store.scoped(lee).results_csv(room.id))))
    assert len(rows) == 6
    row = next(x for x in rows if x["learner"] == "Ann" and x["kind"] == "drill")
    assert row == {"class": "Monday club", "assignment": "Total the ends, level 2: 3 right", "kind": "drill",
                   "due": "2030-03-08", "learner": "Ann", "done": "yes", "progress": "3", "total": "3",
                   "right": "3", "out_of": "4", "seconds": "12.0", "helped": "0", "goals": ""}
    # another teacher sees none of it
    kim, _, _ = teacher_with_class(store, "Mr Kim", "Friday club", ("Cid",))
    with pytest.raises(AssignmentError):
        store.scoped(kim).results(drill.id)
    with pytest.raises(AccountError):
        store.scoped(kim).assign(room.id, "Mine now", Task("lessons", lessons=("deal",)), date(2030, 3, 9))


def practised(store: Store, learner_id: int, goal: str, stars: int, when: datetime,
              seconds: float = 30.0) -> None:
    """A practice goal finished as the Practice page records it: stars 1-3 when the goal
    was met, 0 when it was missed."""
    store.record_attempt(learner_id, "lesson", f"practice-{goal}", stars > 0, kind="practice",
                         answer=str(stars), seconds=seconds, when=when)
    store.record_lesson(learner_id, f"practice-{goal}", stars, when=when)


def test_practice_goals_assigned_and_each_goals_best_stars_since_it_was_set(store: Store) -> None:
    lee, room, ((ann, _), (ben, _)) = teacher_with_class(store)
    start = T0 + timedelta(hours=1)
    later = start + timedelta(minutes=5)
    a, b = ann.learner_id, ben.learner_id
    practised(store, a, "s01", 3, T0)  # before the assignment: does not count
    homework = store.assign(room.id, "Three goals", Task("practice", goals=("s01", "c04", "s02", "s01")),
                            date(2030, 3, 11), when=start)
    assert homework.task == Task("practice", goals=("s01", "c04", "s02"))  # each goal once, in order
    assert store.assignment(homework.id).task == homework.task  # as kept
    practised(store, a, "s01", 0, later)  # missed, then met at the second try: two stars
    practised(store, a, "s01", 2, later + timedelta(minutes=1))
    practised(store, a, "s01", 1, later + timedelta(minutes=2))  # a worse finish later: the best is kept
    practised(store, a, "c04", 3, later)
    practised(store, a, "s03", 3, later)  # not assigned
    practised(store, b, "s02", 0, later)  # tried, not reached
    store.record_attempt(a, "lesson", "deal.size", True, seconds=4, when=later)  # a lesson, not practice
    ann_result, ben_result = store.results(homework.id)
    assert ann_result.stars == (("s01", 2), ("c04", 3), ("s02", 0))
    assert (ann_result.done, ann_result.progress, ann_result.total, ann_result.right, ann_result.out_of,
            ann_result.seconds) == (False, 2, 3, 5, 9, 120.0)
    assert ben_result.stars == (("s01", 0), ("c04", 0), ("s02", 0))
    assert (ben_result.done, ben_result.progress, ben_result.right) == (False, 0, 0)
    practised(store, a, "s02", 3, later + timedelta(minutes=3))
    (ann_result, _) = store.results(homework.id)
    assert ann_result.done and (ann_result.progress, ann_result.right) == (3, 8)
    # the learner's own list has it, with his result; practice is no lesson in the class's weakest
    ((mine, result),) = store.scoped(ann).my_assignments()
    assert mine.id == homework.id and result.stars == (("s01", 2), ("c04", 3), ("s02", 3))
    report = store.scoped(lee).class_report(room.id)
    assert [s.lesson for s in report.lessons] == ["deal"]
    # the CSV: each goal's stars, or not yet
    rows = {r["learner"]: r for r in csv.DictReader(io.StringIO(store.scoped(lee).results_csv(room.id)))}
    assert rows["Ann"]["kind"] == "practice" and rows["Ann"]["done"] == "yes"
    assert rows["Ann"]["goals"] == "s01: 2 stars; c04: 3 stars; s02: 3 stars"
    assert (rows["Ann"]["right"], rows["Ann"]["out_of"]) == ("8", "9")
    assert rows["Ben"]["goals"] == "s01: not yet; c04: not yet; s02: not yet" and rows["Ben"]["done"] == "no"


def test_a_learner_of_another_class_neither_sees_nor_records_a_practice_assignment(store: Store) -> None:
    lee, room, ((ann, _),) = teacher_with_class(store, names=("Ann",))
    kim, other, ((cid, _),) = teacher_with_class(store, "Mr Kim", "Friday club", ("Cid",))
    homework = store.assign(room.id, "Go out first", Task("practice", goals=("s02",)), date(2030, 3, 11),
                            when=T0)
    later = T0 + timedelta(minutes=5)
    cid_store = store.scoped(cid)
    assert cid_store.my_assignments() == ()
    with pytest.raises(AssignmentError):
        cid_store.results(homework.id)
    with pytest.raises(AccountError):
        cid_store.class_report(room.id)
    # he cannot record for Ann; his own goal reached counts for no one in Ann's class
    with pytest.raises(AccessError):
        cid_store.record_attempt(ann.learner_id, "lesson", "practice-s02", True, kind="practice", answer="3")
    with pytest.raises(AccessError):
        cid_store.record_lesson(ann.learner_id, "practice-s02", 3)
    cid_store.record_attempt(cid.learner_id, "lesson", "practice-s02", True, kind="practice", answer="3",
                             when=later)
    (ann_result,) = store.scoped(lee).results(homework.id)
    assert ann_result.name == "Ann" and ann_result.stars == (("s02", 0),) and not ann_result.done
    assert "Cid" not in store.scoped(lee).results_csv(room.id)
    # nor does his teacher see Ann's assignment; Ann's own goal reached is hers
    with pytest.raises(AssignmentError):
        store.scoped(kim).results(homework.id)
    store.scoped(ann).record_attempt(ann.learner_id, "lesson", "practice-s02", True, kind="practice",
                                     answer="3", when=later)
    ((_, mine),) = store.scoped(ann).my_assignments()
    assert mine.done and mine.stars == (("s02", 3),)
    assert store.scoped(cid).my_assignments() == ()


def test_a_csv_cell_never_becomes_a_formula(store: Store) -> None:
    lee = store.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = store.create_class(lee.id, "=1+1")
    store.add_learners(room.id, ["@SUM(A1)"])
    store.assign(room.id, "-2+3", Task("lessons", lessons=("deal",)), date(2030, 1, 1))
    (row,) = list(csv.DictReader(io.StringIO(store.results_csv(room.id))))
    assert (row["class"], row["assignment"], row["learner"]) == ("'=1+1", "'-2+3", "'@SUM(A1)")


@pytest.mark.parametrize("task", [
    Task("lessons"), Task("lessons", lessons=("no spaces allowed",)), Task("puzzles"),
    Task("drill", drill="total", level=0, target=5), Task("drill", drill="total", level=2, target=501),
    Task("drill", drill="", level=1, target=1), Task("puzzles", puzzles=("not-in-the-bank",)),
    Task("practice"), Task("practice", goals=("s 01",)), Task("practice", goals=("s01",) * 0),
    Task("practice", goals=tuple(f"g{n}" for n in range(51))),
])
def test_an_assignment_that_does_not_fit_its_kind_is_refused(store: Store, task: Task) -> None:
    lee = store.create_account("Ms Lee", "teacher", password="teacher-pass")
    room = store.create_class(lee.id, "Monday club")
    with pytest.raises(AssignmentError):
        store.assign(room.id, "Homework", task, date(2030, 1, 1))
    assert store.assignments_of(room.id) == ()


def test_only_a_teacher_makes_classes(store: Store) -> None:
    ann = store.create_account("Ann", "learner", password="a long secret")
    with pytest.raises(AccountError):
        store.create_class(ann.id, "Mine")
    with pytest.raises(AccountError):
        store.scoped(ann).create_class("Mine")


# ----- allfives admin -----
def test_the_admin_command_makes_resets_links_lists_and_removes(tmp_path, capsys, monkeypatch) -> None:
    import io as _io
    import json

    from trainer import cli

    db = str(tmp_path / "club.db")
    assert cli.main(["admin", "add", "Ms Lee", "--role", "teacher", "--db", db, "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert made["name"] == "Ms Lee" and made["role"] == "teacher" and len(made["password"]) == 9
    monkeypatch.setattr("sys.stdin", _io.StringIO("operator's own secret\n"))
    assert cli.main(["admin", "add", "Olga", "--role", "operator", "--password-stdin", "--db", db]) == 0
    out = capsys.readouterr().out
    assert out.startswith("made operator Olga") and "secret" not in out
    assert cli.main(["admin", "reset", "ms lee", "--db", db]) == 0
    new = capsys.readouterr().out.rsplit("first password: ", 1)[1].split()[0]
    assert cli.main(["admin", "link", "Olga", "--identity", "olga@club.example", "--db", db]) == 0
    assert cli.main(["admin", "list", "--db", db]) == 0
    listed = capsys.readouterr().out
    assert "teacher   Ms Lee" in listed and "operator  Olga  (olga@club.example)" in listed
    with Store(db) as store:
        assert store.sign_in("Ms Lee", made["password"], address=ADDRESS).outcome == "wrong"
        assert store.sign_in("Ms Lee", new, address=ADDRESS).outcome == "ok"
        assert store.sign_in("Olga", "operator's own secret", address=ADDRESS).outcome == "ok"
    # refusals: one line on stderr, status 2, nothing changed
    for argv in (["admin", "add", "Ann", "--db", db], ["admin", "reset", "Nobody", "--db", db],
                 ["admin", "add", "Ms Lee", "--role", "learner", "--db", db],
                 ["admin", "remove", "--db", db]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1
    monkeypatch.setattr("sys.stdin", _io.StringIO("short\n"))
    assert cli.main(["admin", "add", "Zed", "--role", "learner", "--password-stdin", "--db", db]) == 2
    assert "at least 8 characters" in capsys.readouterr().err
    assert cli.main(["admin", "remove", "Olga", "--db", db]) == 0
    with Store(db) as store:
        assert [a.name for a in store.accounts()] == ["Ms Lee"] and store.find_learner("Zed") is None


def test_wrong_class_codes_slow_the_next_try_and_a_learner_can_leave(store: Store) -> None:
    """A code guesser is slowed as a password guesser is (not locked: the right code works
    once the wait is over); a classroom behind one address joining with a few typos is
    not slowed; a learner leaves a class and its teacher no longer has him."""
    teacher, room, _ = teacher_with_class(store)
    dan = store.create_account("Dan", "learner", password="dan's secret")
    policy = store.policy
    for n in range(policy.join_free):
        with pytest.raises(AccountError, match="no class has that code"):
            store.join_by_code(dan.id, f"ZZZZ{n:04d}", when=T0, address=ADDRESS)
    with pytest.raises(JoinWaitError) as waiting:  # even the right code waits: guessing gains nothing
        store.join_by_code(dan.id, room.code, when=T0, address=ADDRESS)
    assert timedelta(0) < waiting.value.wait <= policy.first_delay
    later = T0 + policy.longest_delay
    assert store.join_by_code(dan.id, room.code, when=later, address=ADDRESS).id == room.id
    # thirty pupils behind one router, each mistyping once: nobody waits
    pupils = [store.create_account(f"Pupil {n}", "learner", password=f"secret {n:04d}") for n in range(30)]
    for pupil in pupils:
        with pytest.raises(AccountError, match="no class has that code"):
            store.join_by_code(pupil.id, "WRONG-CODE", when=T0, address="192.0.2.1")
        assert store.join_by_code(pupil.id, room.code, when=T0, address="192.0.2.1").id == room.id
    # leaving: his teacher no longer has him; another's class cannot be left by id
    mine = store.scoped(dan)
    assert dan.learner_id in store.taught_learners(teacher.id)
    other_teacher, other_room, _ = teacher_with_class(store, "Mr Roe", "Tuesday club", ("Eli",))
    with pytest.raises(AccountError):
        mine.leave_class(other_room.id)
    assert mine.leave_class(room.id).id == room.id
    assert mine.my_classes() == () and dan.learner_id not in store.taught_learners(teacher.id)


def test_ended_sessions_and_old_tries_are_swept_and_many_right_sign_ins_wait(store: Store) -> None:
    """Sessions past their idle time or lifetime are removed (a sign-in sweeps now and
    then); one name signed in again and again, right each time, is slowed as a guesser is."""
    store.create_account("Ann", "learner", password="a long secret")
    policy = store.policy
    for n in range(policy.signin_free):
        assert store.sign_in("Ann", "a long secret", address=f"198.51.100.{n}", when=T0).outcome == "ok"
    again = store.sign_in("Ann", "a long secret", address=ADDRESS, when=T0)
    assert again.outcome == "locked" and again.wait == policy.first_delay  # no password checked: no cost
    assert store.sign_in("Ann", "a long secret", address=ADDRESS, when=T0 + again.wait).outcome == "ok"
    with store._engine.connect() as conn:
        kept = conn.execute(sa.select(sa.func.count()).select_from(sessions)).scalar()
    assert kept == policy.signin_free + 1
    later = T0 + policy.lifetime + timedelta(minutes=1)
    assert store.sweep_sessions(later) == policy.signin_free + 1  # all past their lifetime
    fresh = store.sign_in("Ann", "a long secret", address=ADDRESS, when=later)
    assert fresh.outcome == "ok" and store.session_account(fresh.token, when=later) is not None
    assert store.sweep_sessions(later + policy.idle - timedelta(minutes=1)) == 0  # still in use: kept
    assert store.sweep_sessions(later + policy.idle + timedelta(minutes=1)) == 1  # idle too long: gone


def test_an_assignment_for_some_learners_only_and_changed_later(store: Store) -> None:
    """Set to Ann alone: only Ann sees it, answers for it and has a result; Ben does not,
    whatever id he asks for. Changed to Ben: the title and day move, the results follow
    the learners; a teacher of another class cannot change it; a learner outside the
    class cannot be chosen."""
    lee, room, ((ann, _), (ben, _)) = teacher_with_class(store)
    kim, other, ((cid, _),) = teacher_with_class(store, "Mr Kim", "Friday club", ("Cid",))
    teacher = store.scoped(lee)
    task = Task("drill", drill="total", level=1, target=1)
    due = date.today() + timedelta(days=7)
    made = teacher.assign(room.id, "Ann's extra", task, due, learners=[ann.id])
    assert made.learners == (ann.id,)
    assert [a.id for a, _ in store.scoped(ann).my_assignments()] == [made.id]
    assert store.scoped(ben).my_assignments() == ()
    with pytest.raises(AssignmentError, match=f"no assignment has the id {made.id}"):
        store.scoped(ben).my_assignment(made.id)
    assert store.scoped(ann).my_assignment(made.id).id == made.id
    assert [r.name for r in teacher.results(made.id)] == ["Ann"]
    assert [r.name for r in teacher.class_report(room.id).results[made.id]] == ["Ann"]
    whole = teacher.assign(room.id, "Everyone", task, due)
    assert whole.learners == () and sorted(r.name for r in teacher.results(whole.id)) == ["Ann", "Ben"]
    with pytest.raises(AssignmentError, match=f"no learner of this class has the account id {cid.id}"):
        teacher.assign(room.id, "Cid too", task, due, learners=[ann.id, cid.id])
    assert len(teacher.assignments_of(room.id)) == 2  # nothing made by the refused one

    later = due + timedelta(days=3)
    changed = teacher.edit_assignment(made.id, "  Ben's   extra ", later, [ben.id])
    assert (changed.title, changed.due, changed.learners) == ("Ben's extra", later, (ben.id,))
    assert changed.task == task
    assert changed.created_at == made.created_at  # its results are still read from when it was set
    assert [a.id for a, _ in store.scoped(ann).my_assignments()] == [whole.id]
    assert [r.name for r in teacher.results(made.id)] == ["Ben"]
    assert teacher.edit_assignment(made.id, "Back to all", later, []).learners == ()
    assert sorted(r.name for r in teacher.results(made.id)) == ["Ann", "Ben"]
    with pytest.raises(AssignmentError, match=f"no assignment has the id {made.id}"):
        store.scoped(kim).edit_assignment(made.id, "Taken", later, [])
    with pytest.raises(AssignmentError, match="no assignment has the id"):
        store.scoped(ann).edit_assignment(made.id, "Mine now", later, [])
    with pytest.raises(AssignmentError, match="title"):
        teacher.edit_assignment(made.id, "   ", later, [])
    assert teacher.assignment(made.id).title == "Back to all"
    teacher.edit_assignment(made.id, "Ann again", later, [ann.id])
    teacher.remove_assignment(made.id)
    assert [a.id for a in teacher.assignments_of(room.id)] == [whole.id]
