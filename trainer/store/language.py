"""Each learner's language: the app opens in it when he is chosen."""

from __future__ import annotations

import re

import sqlalchemy as sa

from trainer.store.errors import LearnerError
from trainer.store.learners import LearnerStore
from trainer.store.schema import learners

LANGUAGE = re.compile(r"[a-z]{2,3}")


class LanguageStore(LearnerStore):
    """A language code kept per learner ("" when he has not chosen one)."""

    def language(self, learner_id: int) -> str:
        """The learner's language code, "" if none is kept; LearnerError for an unknown id."""
        with self._read() as conn:
            value = conn.execute(sa.select(learners.c.language)
                                 .where(learners.c.id == learner_id)).scalar()
        if value is None:
            raise LearnerError(f"no learner has the id {learner_id}")
        return str(value)

    def set_language(self, learner_id: int, code: str) -> None:
        """Keep the learner's language: a code of two or three lowercase letters."""
        if not isinstance(code, str) or not LANGUAGE.fullmatch(code):
            raise LearnerError(f"a language is a code such as en or ru, not {str(code)[:20]!r}")
        with self._write() as conn:
            self._require(conn, learner_id)
            conn.execute(sa.update(learners).where(learners.c.id == learner_id).values(language=code))
