"""The whole course in teaching order: the rules lessons, then the strategy course.

>>> COURSE_IDS[:2], course_lesson("count").id, course_lesson("setups").rule
(('deal', 'matching'), 'count', 'strategy')
>>> course_title("blocking")
'Blocking when it pays'
"""

from __future__ import annotations

from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.teach.lessons import LESSON_IDS, Lesson, lesson, lesson_title
from trainer.teach.strategy import STRATEGY_IDS, strategy_lesson, strategy_title

COURSE_IDS: tuple[str, ...] = (*LESSON_IDS, *STRATEGY_IDS)


def _unknown(lesson_id: str, lang: str) -> TrainerError:
    return TrainerError(t("lesson.unknown", lang, id=str(lesson_id)[:40], ids=", ".join(COURSE_IDS)))


def course_lesson(lesson_id: str, lang: str = "en", seed: int = 0) -> Lesson:
    """Any lesson of the course by id (attempt `seed`); raises TrainerError naming the
    lessons there are."""
    if lesson_id in LESSON_IDS:
        return lesson(lesson_id, lang, seed)
    if lesson_id in STRATEGY_IDS:
        return strategy_lesson(lesson_id, lang, seed)
    raise _unknown(lesson_id, lang)


def course_title(lesson_id: str, lang: str = "en") -> str:
    """A lesson's title without building the lesson (its boards need searching)."""
    if lesson_id in LESSON_IDS:
        return lesson_title(lesson_id, lang)
    if lesson_id in STRATEGY_IDS:
        return strategy_title(lesson_id, lang)
    raise _unknown(lesson_id, lang)


def course(lang: str = "en", seed: int = 0) -> tuple[Lesson, ...]:
    """Every lesson of the course, attempt `seed`."""
    return tuple(course_lesson(lesson_id, lang, seed) for lesson_id in COURSE_IDS)
