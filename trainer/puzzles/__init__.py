"""Puzzles: their kinds and checks, the generator, their words, themes, the rating
model, the daily schedule and the shipped bank.

It may import `trainer.play`, `trainer.search`, `trainer.engine`, `trainer.svg` and
`trainer.shipped`.
"""
