"""A record the browser keeps but cannot read. A match under way holds what the learner
has not seen (the computer's hand, the boneyard's order, and the seed that deals the
hands to come), so what leaves the server with it (the tab's session storage, the save
file of an unfinished match) is sealed with the server's key: Fernet, authenticated
encryption from `cryptography`. The browser holds an opaque token; the server alone
opens it, and a token altered or sealed by another key is refused.

The key: `ALLFIVES_SECRET` (any text; every process of one site sets the same), or
else a random key kept in `secret.key` beside the default database, made on first use
(readable by its owner only).

>>> key = key_of("example")
>>> token = seal("0 6-6,6-5/5-5 - 0 0,0", key)
>>> "6-6" in token, unseal(token, key)
(False, '0 6-6,6-5/5-5 - 0 0,0')
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import os
from functools import lru_cache
from pathlib import Path
from typing import Optional

from cryptography.fernet import Fernet, InvalidToken

from trainer.errors import TrainerError

SECRET_ENV = "ALLFIVES_SECRET"
KEY_FILE = "secret.key"
PREFIX = "sealed1:"  # the format, so that a later one can be told apart


class SealError(TrainerError):
    """A sealed record that does not open: altered, cut short, or sealed by another key."""


def key_of(secret: str) -> bytes:
    """A Fernet key from any text (its SHA-256).

    >>> len(key_of("x"))
    44
    """
    return base64.urlsafe_b64encode(hashlib.sha256(secret.encode("utf-8")).digest())


def key_file() -> Path:
    """Where the server keeps its own key when `ALLFIVES_SECRET` is not set."""
    import platformdirs

    return Path(platformdirs.user_data_path("allfives", appauthor=False)) / KEY_FILE


def _file_key(path: Path) -> bytes:
    """The key in `path`, made there (owner-only) if there is none yet. Two processes
    starting at once agree: the file is created exclusively, the loser reads it."""
    try:
        key = path.read_bytes().strip()
        if key:
            return key
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = Fernet.generate_key()
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_bytes().strip()
    with os.fdopen(handle, "wb") as out:
        out.write(key)
    return key


@lru_cache(maxsize=4)
def _server_key(secret: Optional[str], path: str) -> bytes:
    return key_of(secret) if secret else _file_key(Path(path))


def server_key() -> bytes:
    """This server's key: from `ALLFIVES_SECRET`, or its key file."""
    return _server_key(os.environ.get(SECRET_ENV) or None, str(key_file()))


def seal(text: str, key: Optional[bytes] = None) -> str:
    """`text` sealed: an opaque token of URL-safe characters."""
    token = Fernet(key or server_key()).encrypt(text.encode("utf-8"))
    return PREFIX + token.decode("ascii")


def is_sealed(text: str) -> bool:
    """Whether `text` is a sealed token (by its form; not whether it opens)."""
    return text.startswith(PREFIX)


def unseal(token: str, key: Optional[bytes] = None) -> str:
    """The text sealed in `token`; raises SealError if it does not open with the key."""
    if not is_sealed(token):
        raise SealError("not a sealed record")
    try:
        sealed = token[len(PREFIX):].strip().encode("ascii")
        if base64.urlsafe_b64encode(base64.urlsafe_b64decode(sealed)) != sealed:  # one spelling only
            raise SealError("a sealed record with characters added")
        return Fernet(key or server_key()).decrypt(sealed).decode("utf-8")
    except (InvalidToken, UnicodeError, ValueError, binascii.Error) as error:
        raise SealError("a sealed record that does not open with this server's key") from error
