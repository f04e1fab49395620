"""Club mode's accounts: each signs in as one learner (his name is the sign-in name)
with a password hashed by argon2id (`argon2-cffi`), or through an organisation's
identity provider; sign-in attempts limited per account and per address; sessions
that expire.

Nothing here keeps a password in clear: `create_account` and `set_password` hash it
at once, `sign_in` compares it with the hash. A session's token is given to the
caller once and kept only as its SHA-256.

>>> import tempfile, os
>>> from trainer.store import Store
>>> folder = tempfile.TemporaryDirectory()
>>> store = Store(os.path.join(folder.name, "club.db"))
>>> ann = store.create_account("Ann", "teacher", password="dominoes-55")
>>> store.sign_in("ann", "wrong password", address="10.0.0.7").outcome
'wrong'
>>> signed = store.sign_in("Ann", "dominoes-55", address="10.0.0.7")
>>> signed.outcome, signed.account.name, signed.account.role
('ok', 'Ann', 'teacher')
>>> store.session_account(signed.token).id == ann.id
True
>>> store.sign_out(signed.token); store.session_account(signed.token) is None
True
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal, Optional

import argon2
import sqlalchemy as sa
from sqlalchemy.engine import Connection

from trainer.errors import TrainerError
from trainer.store.errors import LearnerError
from trainer.store.learners import LearnerStore, _name_key, clean_name
from trainer.store.schema import accounts, learners, sessions, sign_in_failures
from trainer.store.values import _read_time, _utc

Role = Literal["learner", "teacher", "operator"]
ROLES: tuple[Role, ...] = ("learner", "teacher", "operator")
PASSWORD_MIN = 8
PASSWORD_MAX = 200
IDENTITY_MAX = 200

# argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane): tens of milliseconds
# a hash here, so that a class signing in at once does not queue on the cores
HASHER = argon2.PasswordHasher(time_cost=2, memory_cost=19_456, parallelism=1)
# compared against when the name is unknown, so that an unknown name costs as long
_DUMMY_HASH = HASHER.hash("no account has this password")

# first passwords: two groups of four from letters and digits that no one misreads
_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


class AccountError(TrainerError):
    """An account that cannot be made or changed as asked; the message says why."""


class JoinWaitError(AccountError):
    """Too many wrong class codes of late: the next try must wait `wait`."""

    def __init__(self, wait: timedelta) -> None:
        super().__init__(f"too many wrong class codes: wait {math.ceil(wait.total_seconds())} s")
        self.wait = wait


class AccessError(LearnerError):
    """The signed-in account may not see or change what was asked. Its message is the
    one an unknown id gets, so that a refusal tells nothing of what exists."""


@dataclass(frozen=True)
class Policy:
    """How sign-in is slowed and how long a session lasts.

    Wrong passwords slow the next try, never lock it out: past `account_free` wrong
    tries for one name within `window` (from any address), or past `address_free` from
    one address, the next try of that name (or from that address) waits `first_delay`,
    doubled with each further wrong try, up to `longest_delay`, counted from the last
    wrong try. A guesser gets a try a minute at most; the owner, or a classroom behind
    one router whose pupils mistype, gets in after a minute at worst. A right password
    clears its name's count, as does a new password set by a teacher. A session ends
    after `idle` without use and in any case `lifetime` after signing in."""

    account_free: int = 3
    address_free: int = 100
    signin_free: int = 20  # right sign-ins of one name within the window before the next waits
    sweep_every: timedelta = timedelta(minutes=10)  # ended sessions and old tries removed this often
    join_free: int = 5  # wrong class codes an account may type before it is slowed
    join_address_free: int = 60  # and an address (a classroom joining behind one router)
    first_delay: timedelta = timedelta(seconds=1)
    longest_delay: timedelta = timedelta(minutes=1)
    window: timedelta = timedelta(minutes=15)
    idle: timedelta = timedelta(hours=2)
    lifetime: timedelta = timedelta(hours=12)
    touch: timedelta = timedelta(minutes=1)  # how often a session's last use is written

    def delay(self, failures: int, free: int) -> timedelta:
        """The wait after `failures` recent wrong tries of which `free` cost nothing.

        >>> [Policy().delay(n, 3).seconds for n in (2, 3, 4, 6, 9, 30)]
        [0, 1, 2, 8, 60, 60]
        """
        if failures < free:
            return timedelta(0)
        steps = min(failures - free, 32)
        return min(self.longest_delay, self.first_delay * (1 << steps))


@dataclass(frozen=True)
class Account:
    """A club account: its id, the learner it signs in as (his id and name), its role."""

    id: int
    learner_id: int
    name: str
    role: Role
    created_at: datetime
    has_password: bool
    identity: Optional[str]


@dataclass(frozen=True)
class SignIn:
    """What a sign-in did: "ok" (with the account and a new session's token), "wrong"
    (name or password: which, it does not say), or "locked" (wrong tries for that name
    or from that address: `wait` until it may try again, a minute at most)."""

    outcome: Literal["ok", "wrong", "locked"]
    account: Optional[Account] = None
    token: str = ""
    wait: timedelta = timedelta(0)


def first_password() -> str:
    """A password to hand out: two groups of four unambiguous letters and digits
    (about 40 bits).

    >>> word = first_password()
    >>> len(word), word[4], all(c in _ALPHABET for c in word.replace("-", ""))
    (9, '-', True)
    """
    letters = [secrets.choice(_ALPHABET) for _ in range(8)]
    return "".join(letters[:4]) + "-" + "".join(letters[4:])


def check_password(password: object) -> str:
    """The password, when it may be used: text of 8 to 200 characters, not only spaces.
    Raises AccountError.

    >>> check_password("short")
    Traceback (most recent call last):
    ...
    trainer.store.accounts.AccountError: a password has at least 8 characters
    """
    if not isinstance(password, str):
        raise AccountError(f"a password is text, not {type(password).__name__}")
    if len(password) < PASSWORD_MIN or not password.strip():
        raise AccountError(f"a password has at least {PASSWORD_MIN} characters")
    if len(password) > PASSWORD_MAX:
        raise AccountError(f"a password has at most {PASSWORD_MAX} characters")
    return password


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _account(row: sa.Row[Any]) -> Account:
    return Account(row.id, row.learner_id, row.name, row.role, _read_time(row.created_at),
                   row.password_hash is not None, row.identity)


_ACCOUNT_COLUMNS = (accounts.c.id, accounts.c.learner_id, learners.c.name, accounts.c.role,
                    accounts.c.created_at, accounts.c.password_hash, accounts.c.identity)


def _accounts_query() -> sa.Select[Any]:
    return sa.select(*_ACCOUNT_COLUMNS).join(learners, learners.c.id == accounts.c.learner_id)


class AccountStore(LearnerStore):
    """Accounts, sign-in and sessions of club mode."""

    policy: Policy = Policy()

    # ----- accounts -----
    def create_account(self, name: str, role: Role, *, password: Optional[str] = None,
                       identity: Optional[str] = None, created_by: Optional[int] = None,
                       when: Optional[datetime] = None) -> Account:
        """A new account and its learner, signing in as `name`, with a password (hashed
        here) or an identity of the organisation's provider, or both. Raises
        LearnerError for a bad or taken name, AccountError for a bad role, password or
        identity."""
        if role not in ROLES:
            raise AccountError(f"a role is one of {', '.join(ROLES)}, not {str(role)[:20]!r}")
        if password is None and identity is None:
            raise AccountError("an account needs a password or an identity to sign in with")
        hashed = HASHER.hash(check_password(password)) if password is not None else None
        identity = self._check_identity(identity) if identity is not None else None
        stamp = _utc(when)
        text = clean_name(name)
        self._not_lookalike(text)
        try:
            with self._write() as conn:
                learner_id = conn.execute(sa.insert(learners).returning(learners.c.id).values(
                    name=text, name_key=_name_key(text), created_at=stamp)).scalar_one()
                account_id = conn.execute(sa.insert(accounts).returning(accounts.c.id).values(
                    learner_id=learner_id, role=role, password_hash=hashed, identity=identity,
                    created_by=created_by, created_at=stamp,
                    password_at=stamp if hashed else None)).scalar_one()
        except sa.exc.IntegrityError:
            if identity is not None and self.account_by_identity(identity) is not None:
                raise AccountError("another account already signs in with that identity") from None
            raise LearnerError(f"there is already a learner named {text!r}") from None
        return self.account(int(account_id))

    @staticmethod
    def _check_identity(identity: object) -> str:
        if not isinstance(identity, str) or not identity.strip() or len(identity) > IDENTITY_MAX:
            raise AccountError(f"an identity is text of 1 to {IDENTITY_MAX} characters")
        return identity.strip()

    def account(self, account_id: int) -> Account:
        """One account by id; raises AccountError for an unknown one."""
        with self._read() as conn:
            row = conn.execute(_accounts_query().where(accounts.c.id == account_id)).first()
        if row is None:
            raise AccountError(f"no account has the id {account_id}")
        return _account(row)

    def find_account(self, name: str) -> Optional[Account]:
        """The account signing in as that name (case and spacing ignored), or None."""
        try:
            key = _name_key(clean_name(name))
        except LearnerError:
            return None
        with self._read() as conn:
            row = conn.execute(_accounts_query().where(learners.c.name_key == key)).first()
        return None if row is None else _account(row)

    def account_of_learner(self, learner_id: int) -> Optional[Account]:
        """The account that signs in as that learner, or None (a home-mode learner)."""
        with self._read() as conn:
            row = conn.execute(_accounts_query().where(accounts.c.learner_id == learner_id)).first()
        return None if row is None else _account(row)

    def account_by_identity(self, identity: str) -> Optional[Account]:
        """The account linked to an identity of the organisation's provider, or None."""
        with self._read() as conn:
            row = conn.execute(_accounts_query().where(accounts.c.identity == identity)).first()
        return None if row is None else _account(row)

    def accounts(self, role: Optional[Role] = None) -> tuple[Account, ...]:
        """Every account (of one role), by name."""
        query = _accounts_query().where(~learners.c.name_key.startswith(" "))
        if role is not None:
            query = query.where(accounts.c.role == role)
        with self._read() as conn:
            rows = conn.execute(query.order_by(learners.c.name_key)).all()
        return tuple(_account(row) for row in rows)

    def set_password(self, account_id: int, password: str, when: Optional[datetime] = None) -> None:
        """Give the account a new password (hashed here); every session it had ends, and
        the wrong tries of its name are forgotten (its next sign-in waits for nothing)."""
        hashed = HASHER.hash(check_password(password))
        name = self.account(account_id).name
        with self._write() as conn:
            changed = conn.execute(sa.update(accounts).where(accounts.c.id == account_id).values(
                password_hash=hashed, password_at=_utc(when))).rowcount
            if not changed:
                raise AccountError(f"no account has the id {account_id}")
            conn.execute(sa.delete(sessions).where(sessions.c.account_id == account_id))
        self.clear_failures(name)

    def set_identity(self, account_id: int, identity: Optional[str]) -> None:
        """Link the account to an identity of the organisation's provider (None unlinks)."""
        value = self._check_identity(identity) if identity is not None else None
        try:
            with self._write() as conn:
                changed = conn.execute(sa.update(accounts).where(accounts.c.id == account_id)
                                       .values(identity=value)).rowcount
        except sa.exc.IntegrityError:
            raise AccountError("another account already signs in with that identity") from None
        if not changed:
            raise AccountError(f"no account has the id {account_id}")

    def created_by(self, account_id: int) -> Optional[int]:
        """The account that made this one (a teacher for a managed learner), or None."""
        with self._read() as conn:
            value = conn.execute(sa.select(accounts.c.created_by).where(accounts.c.id == account_id)).scalar()
        return None if value is None else int(value)

    def delete_account(self, account_id: int) -> None:
        """Remove the account, its learner and everything kept for him."""
        self.delete_learner(self.account(account_id).learner_id)

    # ----- signing in -----
    def sign_in(self, name: str, password: str, *, address: str,
                when: Optional[datetime] = None) -> SignIn:
        """Check a name and password; on success a new session. A name or address still
        waiting after its wrong tries (`Policy`) is refused before the password is even
        looked at, so that guessing faster gains nothing; an unknown name costs as long
        as a known one and says the same ("wrong")."""
        now = _utc(when)
        self._sweep_now_and_then(now)
        name_key = self._failure_key(name)
        address = str(address)[:IDENTITY_MAX]
        wait = max(self._locked(name_key, address, now),  # many right ones cost the server too
                   self._wait((("signin", name_key, self.policy.signin_free),), now))
        if wait > timedelta(0):
            return SignIn("locked", wait=wait)
        account = self.find_account(name) if isinstance(name, str) else None
        with self._read() as conn:
            stored = None if account is None else conn.execute(
                sa.select(accounts.c.password_hash).where(accounts.c.id == account.id)).scalar()
        try:
            HASHER.verify(stored or _DUMMY_HASH, password if isinstance(password, str) else "")
            good = stored is not None
        except (argon2.exceptions.VerificationError, argon2.exceptions.InvalidHashError):
            good = False
        if not good or account is None:
            with self._write() as conn:
                conn.execute(sa.insert(sign_in_failures), [
                    {"scope": "account", "key": name_key, "at": now},
                    {"scope": "address", "key": address, "at": now}])
            return SignIn("wrong")
        if stored is not None and HASHER.check_needs_rehash(stored):
            self.set_password(account.id, password, when=now)
        with self._write() as conn:
            conn.execute(sa.delete(sign_in_failures).where(sign_in_failures.c.scope == "account",
                                                           sign_in_failures.c.key == name_key))
            conn.execute(sa.insert(sign_in_failures).values(scope="signin", key=name_key, at=now))
        return SignIn("ok", account, self.open_session(account.id, when=now))

    @staticmethod
    def _failure_key(name: object) -> str:
        text = " ".join(str(name).split()) if isinstance(name, str) else ""
        return _name_key(text)[:IDENTITY_MAX]

    def _locked(self, name_key: str, address: str, now: datetime) -> timedelta:
        """How long the name or the address must still wait (0 when neither must)."""
        return self._wait((("account", name_key, self.policy.account_free),
                           ("address", address, self.policy.address_free)), now)

    def _wait(self, counted: tuple[tuple[str, str, int], ...], now: datetime) -> timedelta:
        """How long the longest of these waits still runs: each a scope, a key and the
        wrong tries it gets free within the policy's window (0 when none must wait)."""
        since = now - self.policy.window
        f = sign_in_failures.c
        wait = timedelta(0)
        enough = 40  # past this many, the delay is the longest whatever the count
        with self._read() as conn:
            for scope, key, free in counted:
                recent = conn.execute(sa.select(f.at).where(f.scope == scope, f.key == key, f.at > since)
                                      .order_by(f.at.desc()).limit(free + enough)).scalars().all()
                delay = self.policy.delay(len(recent), free)
                if delay:
                    wait = max(wait, _read_time(recent[0]) + delay - now)
        return wait

    def clear_failures(self, name: str) -> None:
        """Forget the wrong tries of a name (a teacher has set its new password)."""
        with self._write() as conn:
            conn.execute(sa.delete(sign_in_failures).where(sign_in_failures.c.scope == "account",
                                                           sign_in_failures.c.key == self._failure_key(name)))

    _swept: Optional[datetime] = None

    def _sweep_now_and_then(self, now: datetime) -> None:
        """Sweep at most once a `policy.sweep_every` (a sign-in calls it)."""
        if self._swept is None or now - self._swept >= self.policy.sweep_every or now < self._swept:
            self._swept = now
            self.sweep_sessions(now)
            self.forget_failures(now)

    def sweep_sessions(self, now: Optional[datetime] = None) -> int:
        """Remove the sessions that have ended (idle or past their lifetime); returns how many."""
        now = _utc(now)
        s = sessions.c
        with self._write() as conn:
            gone = conn.execute(sa.delete(sessions).where(sa.or_(s.seen_at < now - self.policy.idle,
                                                                 s.created_at < now - self.policy.lifetime)))
            return int(gone.rowcount)

    def forget_failures(self, before: Optional[datetime] = None) -> int:
        """Remove the records of tries (wrong passwords and codes, right sign-ins) older
        than the window; returns how many."""
        limit = _utc(before) - self.policy.window
        with self._write() as conn:
            gone = conn.execute(sa.delete(sign_in_failures).where(sign_in_failures.c.at < limit))
            return int(gone.rowcount)

    # ----- sessions -----
    def open_session(self, account_id: int, when: Optional[datetime] = None) -> str:
        """A new session of the account: its token (kept only as a hash)."""
        token = secrets.token_urlsafe(32)
        stamp = _utc(when)
        with self._write() as conn:
            conn.execute(sa.insert(sessions).values(token_hash=_token_hash(token), account_id=account_id,
                                                    created_at=stamp, seen_at=stamp))
        return token

    def session_account(self, token: str, when: Optional[datetime] = None) -> Optional[Account]:
        """The account of a live session, or None (unknown, signed out or expired: an
        expired session is removed). Notes the use, at most once a `policy.touch`."""
        if not isinstance(token, str) or not token or len(token) > 100:
            return None
        now = _utc(when)
        key = _token_hash(token)
        s = sessions.c
        with self._read() as conn:
            row = conn.execute(sa.select(s.id, s.account_id, s.created_at, s.seen_at)
                               .where(s.token_hash == key)).first()
        if row is None:
            return None
        created, seen = _read_time(row.created_at), _read_time(row.seen_at)
        if now - seen > self.policy.idle or now - created > self.policy.lifetime:
            with self._write() as conn:
                conn.execute(sa.delete(sessions).where(s.id == row.id))
            return None
        if now - seen > self.policy.touch:
            with self._write() as conn:
                conn.execute(sa.update(sessions).where(s.id == row.id).values(seen_at=now))
        with self._read() as conn:
            account = conn.execute(_accounts_query().where(accounts.c.id == row.account_id)).first()
        return None if account is None else _account(account)

    def sign_out(self, token: str) -> None:
        """End that session (nothing happens for an unknown token)."""
        if isinstance(token, str) and token:
            with self._write() as conn:
                conn.execute(sa.delete(sessions).where(sessions.c.token_hash == _token_hash(token)))

    def sign_out_everywhere(self, account_id: int) -> None:
        """End every session of the account."""
        with self._write() as conn:
            conn.execute(sa.delete(sessions).where(sessions.c.account_id == account_id))

    def _account_row(self, conn: Connection, account_id: int) -> sa.Row[Any]:
        row = conn.execute(_accounts_query().where(accounts.c.id == account_id)).first()
        if row is None:
            raise AccountError(f"no account has the id {account_id}")
        return row
