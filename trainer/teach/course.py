"""The whole course in teaching order: the rules lessons, then the strategy course.

>>> COURSE_IDS[:2], course_lesson("count").id, course_lesson("setups").rule
(('deal', 'matching'), 'count', 'strategy')
"""

from __future__ import annotations

from trainer.errors import TrainerError
from trainer.i18n import t
from trainer.teach.lessons import LESSON_IDS, Lesson, lesson
from trainer.teach.strategy import STRATEGY_IDS, strategy_lesson

COURSE_IDS: tuple[str, ...] = (*LESSON_IDS, *STRATEGY_IDS)


def course_lesson(lesson_id: str, lang: str = "en", seed: int = 0) -> Lesson:
    """Any lesson of the course by id (attempt `seed`); raises TrainerError naming the
    lessons there are."""
    if lesson_id in LESSON_IDS:
        return lesson(lesson_id, lang, seed)
    if lesson_id in STRATEGY_IDS:
        return strategy_lesson(lesson_id, lang, seed)
    raise TrainerError(t("lesson.unknown", lang, id=str(lesson_id)[:40], ids=", ".join(COURSE_IDS)))


def course(lang: str = "en", seed: int = 0) -> tuple[Lesson, ...]:
    """Every lesson of the course, attempt `seed`."""
    return tuple(course_lesson(lesson_id, lang, seed) for lesson_id in COURSE_IDS)
