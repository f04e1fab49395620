"""Classes of club mode: a teacher's class, its learners as managed accounts (names
and first passwords made for him to hand out) or as existing learners who join by the
class's code.

>>> import tempfile, os
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "club.db"))
>>> teacher = store.create_account("Ms Lee", "teacher", password="teacher-pass")
>>> room = store.create_class(teacher.id, "Monday club")
>>> made = store.add_learners(room.id, ["Ann", "Ben"], created_by=teacher.id)
>>> [(account.name, len(password)) for account, password in made]
[('Ann', 9), ('Ben', 9)]
>>> [m.name for m in store.members(room.id)]
['Ann', 'Ben']
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import csv
import io
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Optional

import sqlalchemy as sa

from trainer.store.accounts import (
    _ALPHABET,
    Account,
    AccountError,
    AccountStore,
    JoinWaitError,
    _account,
    _accounts_query,
    first_password,
)
from trainer.store.errors import LearnerError
from trainer.store.learners import NAME_LIMIT, clean_name
from trainer.store.schema import accounts, assignments, class_members, classes, learners, sign_in_failures
from trainer.store.values import _read_time, _utc

CLASS_NAME_LIMIT = 60
CLASS_SIZE_LIMIT = 200  # learners made at once, and members of a class
CODE_LENGTH = 8


@dataclass(frozen=True)
class Klass:
    """A class: its id, name, teacher (an account id), the code learners join it by."""

    id: int
    name: str
    teacher_id: int
    code: str
    created_at: datetime


def spreadsheet_text(value: object) -> str:
    """A CSV cell that a spreadsheet shows as text: one starting with = + - @ (a
    formula there) or a tab gets a leading apostrophe.

    >>> spreadsheet_text("=HYPERLINK(1)"), spreadsheet_text(12)
    ("'=HYPERLINK(1)", '12')
    """
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def passwords_csv(rows: Sequence[tuple[str, str]]) -> str:
    """The first passwords handed out, as CSV (name, first password), each cell text
    in a spreadsheet.

    >>> passwords_csv([("+Ann", "x")]).splitlines()
    ['name,first password', "'+Ann,x"]
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["name", "first password"])
    writer.writerows([spreadsheet_text(name), spreadsheet_text(word)] for name, word in rows)
    return out.getvalue()


def file_stem(name: str, fallback: str = "class") -> str:
    """A class's name made safe as the start of a file's name: its letters and digits (in
    any script), every run of other characters one hyphen, at most 60 characters;
    `fallback` when nothing is left.

    >>> file_stem("Year 7/B: Tuesday's club"), file_stem("7-Б класс"), file_stem(" ../ ")
    ('Year-7-B-Tuesday-s-club', '7-Б-класс', 'class')
    """
    words = "".join(c if c.isalnum() else " " for c in name).split()
    return "-".join(words)[:CLASS_NAME_LIMIT].strip("-") or fallback


def clean_class_name(name: object) -> str:
    """A class's name as kept: spaces trimmed, 1 to 60 characters, no control
    characters. Raises AccountError.

    >>> clean_class_name("  Year 5   Tuesday ")
    'Year 5 Tuesday'
    """
    if not isinstance(name, str) or not " ".join(name.split()):
        raise AccountError("a class needs a name")
    text = " ".join(name.split())
    if len(text) > CLASS_NAME_LIMIT:
        raise AccountError(f"a class's name has at most {CLASS_NAME_LIMIT} characters")
    if any(not c.isprintable() for c in text):
        raise AccountError("a class's name cannot hold control or invisible characters")
    return text


def _code() -> str:
    return "".join(secrets.choice(_ALPHABET) for _ in range(CODE_LENGTH)).upper()


def read_code(text: object) -> str:
    """A class code as typed (spaces, dashes and case ignored); "" when it cannot be one.

    >>> read_code(" abcd-efgh ")
    'ABCDEFGH'
    """
    if not isinstance(text, str) or len(text) > 40:
        return ""
    code = "".join(c for c in text if c.isalnum()).upper()
    return code if len(code) == CODE_LENGTH and code.isascii() else ""


def _klass(row: sa.Row[Any]) -> Klass:
    return Klass(row.id, row.name, row.teacher_id, row.code, _read_time(row.created_at))


class ClassStore(AccountStore):
    """Classes, their learners and codes."""

    def create_class(self, teacher_id: int, name: str, when: Optional[datetime] = None) -> Klass:
        """A new class of that teacher, with a fresh code. Raises AccountError when the
        account is not a teacher or the name cannot be used."""
        text = clean_class_name(name)
        if self.account(teacher_id).role != "teacher":
            raise AccountError("only a teacher makes classes")
        for _ in range(5):  # a code already taken (1 in 10^11): draw again
            try:
                with self._write() as conn:
                    new_id = conn.execute(sa.insert(classes).returning(classes.c.id).values(
                        name=text, teacher_id=teacher_id, code=_code(),
                        created_at=_utc(when))).scalar_one()
                return self.klass(int(new_id))
            except sa.exc.IntegrityError:
                continue
        raise AccountError("no free class code was found: try again")

    def klass(self, class_id: int) -> Klass:
        """One class by id; raises AccountError for an unknown one."""
        with self._read() as conn:
            row = conn.execute(sa.select(classes).where(classes.c.id == class_id)).first()
        if row is None:
            raise AccountError(f"no class has the id {class_id}")
        return _klass(row)

    def rename_class(self, class_id: int, name: str) -> Klass:
        text = clean_class_name(name)
        with self._write() as conn:
            changed = conn.execute(sa.update(classes).where(classes.c.id == class_id).values(name=text))
            if not changed.rowcount:
                raise AccountError(f"no class has the id {class_id}")
        return self.klass(class_id)

    def delete_class(self, class_id: int) -> None:
        """Remove a class and its assignments (its learners and their histories stay)."""
        with self._write() as conn:
            conn.execute(sa.delete(assignments).where(assignments.c.class_id == class_id))
            conn.execute(sa.delete(class_members).where(class_members.c.class_id == class_id))
            conn.execute(sa.delete(classes).where(classes.c.id == class_id))

    def classes_of(self, teacher_id: int) -> tuple[Klass, ...]:
        """The teacher's classes, by name."""
        with self._read() as conn:
            rows = conn.execute(sa.select(classes).where(classes.c.teacher_id == teacher_id)
                                .order_by(classes.c.name, classes.c.id)).all()
        return tuple(_klass(row) for row in rows)

    def classes_joined(self, account_id: int) -> tuple[Klass, ...]:
        """The classes the account is a learner of, by name."""
        query = (sa.select(classes).join(class_members, class_members.c.class_id == classes.c.id)
                 .where(class_members.c.account_id == account_id).order_by(classes.c.name, classes.c.id))
        with self._read() as conn:
            return tuple(_klass(row) for row in conn.execute(query))

    def members(self, class_id: int) -> tuple[Account, ...]:
        """The class's learners, by name."""
        query = (_accounts_query().join(class_members, class_members.c.account_id == accounts.c.id)
                 .where(class_members.c.class_id == class_id).order_by(learners.c.name_key))
        with self._read() as conn:
            return tuple(_account(row) for row in conn.execute(query))

    def taught_learners(self, teacher_id: int) -> frozenset[int]:
        """The learner ids of every member of the teacher's classes."""
        query = (sa.select(accounts.c.learner_id)
                 .join(class_members, class_members.c.account_id == accounts.c.id)
                 .join(classes, classes.c.id == class_members.c.class_id)
                 .where(classes.c.teacher_id == teacher_id))
        with self._read() as conn:
            return frozenset(int(i) for i in conn.execute(query).scalars())

    def add_learners(self, class_id: int, names: Sequence[str], *, created_by: Optional[int] = None,
                     when: Optional[datetime] = None) -> list[tuple[Account, str]]:
        """Managed learner accounts for the class, one per name, each with a first
        password to hand out (returned once, kept only hashed). A name already taken
        gets the first free number after it ("Ann 2"). Raises LearnerError for a name
        that cannot be used (none is made then), AccountError for too many."""
        cleaned = [clean_name(name) for name in names]
        if not cleaned:
            raise AccountError("type at least one name")
        if len(cleaned) + len(self.members(class_id)) > CLASS_SIZE_LIMIT:
            raise AccountError(f"a class has at most {CLASS_SIZE_LIMIT} learners")
        self.klass(class_id)
        made = []
        for text in cleaned:
            password = first_password()
            account = self._create_numbered(text, password, created_by, when)
            self.join(class_id, account.id, when=when)
            made.append((account, password))
        return made

    def _create_numbered(self, text: str, password: str, created_by: Optional[int],
                         when: Optional[datetime]) -> Account:
        for number in range(1, 1000):
            suffix = "" if number == 1 else f" {number}"
            name = text[:NAME_LIMIT - len(suffix)].rstrip() + suffix
            try:
                return self.create_account(name, "learner", password=password, created_by=created_by,
                                           when=when)
            except LearnerError:
                continue
        raise AccountError(f"every name from {text!r} to {text!r} 999 is taken")

    def reset_password(self, account_id: int, when: Optional[datetime] = None) -> str:
        """A new first password for the account (returned once); its sessions end."""
        password = first_password()
        self.set_password(account_id, password, when=when)
        return password

    def join(self, class_id: int, account_id: int, when: Optional[datetime] = None) -> None:
        """Make the account a learner of the class (again: nothing changes)."""
        with self._write() as conn:
            found = conn.execute(sa.select(class_members.c.account_id).where(
                class_members.c.class_id == class_id, class_members.c.account_id == account_id)).first()
            if found is None:
                conn.execute(sa.insert(class_members).values(class_id=class_id, account_id=account_id,
                                                             joined_at=_utc(when)))

    def join_by_code(self, account_id: int, code: str, when: Optional[datetime] = None,
                     address: str = "local") -> Klass:
        """The account joins the class of that code; raises AccountError for a code that
        is no class's (the same message whatever was typed). Wrong codes slow the next
        try as wrong passwords do (per account and per address, `Policy`): JoinWaitError
        says how long, before the code is even looked at."""
        now = _utc(when)
        address = str(address)[:200]
        wait = self._wait((("join", str(account_id), self.policy.join_free),
                           ("joinaddr", address, self.policy.join_address_free)), now)
        if wait > timedelta(0):
            raise JoinWaitError(wait)
        text = read_code(code)
        with self._read() as conn:
            row = conn.execute(sa.select(classes).where(classes.c.code == text)).first() if text else None
        if row is None:
            with self._write() as conn:
                conn.execute(sa.insert(sign_in_failures), [
                    {"scope": "join", "key": str(account_id), "at": now},
                    {"scope": "joinaddr", "key": address, "at": now}])
            raise AccountError("no class has that code: check it with your teacher")
        if int(row.teacher_id) == account_id:
            raise AccountError("a teacher does not join his own class")
        self.join(int(row.id), account_id, when=when)
        return _klass(row)

    def leave(self, class_id: int, account_id: int) -> None:
        """Take the account out of the class (his history stays his)."""
        with self._write() as conn:
            conn.execute(sa.delete(class_members).where(class_members.c.class_id == class_id,
                                                        class_members.c.account_id == account_id))

    def new_code(self, class_id: int) -> Klass:
        """Give the class a fresh code (the old one stops working)."""
        for _ in range(5):
            try:
                with self._write() as conn:
                    changed = conn.execute(sa.update(classes).where(classes.c.id == class_id)
                                           .values(code=_code())).rowcount
                if not changed:
                    raise AccountError(f"no class has the id {class_id}")
                return self.klass(class_id)
            except sa.exc.IntegrityError:
                continue
        raise AccountError("no free class code was found: try again")
