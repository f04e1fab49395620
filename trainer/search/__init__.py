"""Search over positions: the C core and its pure-Python twin (and the choice between
them), fast play-outs, the exact solver, sampled deals of the hidden tiles, finishing
lines, play-out estimates and the paired evidence the coach and review rest on.

It may import `trainer.engine` (and what the engine may import).
"""
