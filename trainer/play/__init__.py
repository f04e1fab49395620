"""Playing: the computer players, the coach and its hand review, the play session
(a match against the computer, with Muggins claims), and reading the hand: play models
and where the unseen tiles are.

It may import `trainer.search` and `trainer.engine`.
"""
