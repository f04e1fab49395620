"""How often each strategy lesson's idea holds in real play (`trainer.teach.idea_share`):
the shipped measure judged again on a sample of its hands, and stated in its lesson."""

from __future__ import annotations

import pytest

from trainer.i18n import percent, t
from trainer.teach.idea_share import MEASURED, first_entry, share
from trainer.teach.strategy import strategy_lesson

LESSONS = {"setups": "setups", "defence": "defence", "shedding": "shedding", "blocking": "blocking",
           "going_out": "going_out", "partners": "partners", "cincos": "cincos_play"}


@pytest.mark.parametrize("topic", MEASURED)
def test_the_shipped_measure_is_what_the_hands_give(topic: str) -> None:
    """Its first positions and a hand it found none in, judged again from scratch."""
    found = share(topic)
    assert found.positions == len(found.found) >= 20 and 0 <= found.idea_best <= found.positions
    seeds = [seed for seed, _ in found.found]
    assert seeds == sorted(set(seeds)) and all(found.seeds[0] <= s < found.seeds[1] for s in seeds)
    for seed, flag in found.found[:2]:
        entry = first_entry(topic, seed)
        assert entry is not None and entry.flag == flag
    none = next(s for s in range(found.seeds[0], found.seeds[1]) if s not in seeds)
    assert first_entry(topic, none) is None


@pytest.mark.parametrize("topic", MEASURED)
def test_each_lesson_states_how_often_its_idea_holds(topic: str) -> None:
    found = share(topic)
    for lang in ("en", "es"):
        lesson = strategy_lesson(LESSONS[topic], lang)
        said = t(f"strategy.share.{topic}", lang, n=found.positions, k=found.idea_best,
                 rest=found.positions - found.idea_best, percent=percent(found.percent, lang))
        assert said in lesson.stages[1].text
