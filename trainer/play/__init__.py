"""Playing: the computer players, the coach and its hand review, and the play session
(a match against the computer, with Muggins claims).

It may import `trainer.search` and `trainer.engine`.
"""
