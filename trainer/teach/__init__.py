"""Teaching: the rules lessons, the strategy course and its solver-proven positions,
the course's order, worked hands, the glossary and the drills.

It may import `trainer.play`, `trainer.search`, `trainer.engine` and `trainer.svg`.
"""
