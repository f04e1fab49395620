from collections.abc import Sequence

def simulate(hands: int, seed: int, players: int, size: int, rules: str) -> tuple[int, int]: ...
def playout(
    hands: tuple[int, ...],
    bone: tuple[int, ...],
    layout: tuple[int, int, int, tuple[int, int, int, int], tuple[int, int, int, int]],
    turn: int,
    scores: tuple[int, ...],
    rules: str,
    seed: int,
) -> tuple[list[tuple[int, int, int]], tuple[int, ...], int]: ...
def moves(
    hands: tuple[int, ...],
    bone: tuple[int, ...],
    layout: tuple[int, int, int, tuple[int, int, int, int], tuple[int, int, int, int]],
    turn: int,
    scores: tuple[int, ...],
    rules: str,
) -> list[tuple[int, int]]: ...
def solve(
    hands: tuple[int, ...],
    bone: tuple[int, ...],
    layout: tuple[int, int, int, tuple[int, int, int, int], tuple[int, int, int, int]],
    turn: int,
    rules: str,
    table_bits: int,
    node_limit: int,
    time_limit: float = ...,
    mode: int = ...,
    cancel: bytearray | None = ...,
    threads: int = ...,
    near: int = ...,
    exact: Sequence[tuple[int, int]] | None = ...,
    capped: Sequence[tuple[int, int]] | None = ...,
    cap: int = ...,
) -> tuple[int, list[tuple[int, ...]], int, int, int, int]: ...
def policy_playouts(
    deals: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
    layout: tuple[int, int, int, tuple[int, int, int, int], tuple[int, int, int, int]],
    turn: int,
    scores: tuple[int, ...],
    rules: str,
    moves: Sequence[tuple[int, int]] | None,
    policies: tuple[int, ...],
    lacks: tuple[int, ...],
    seed: int,
) -> tuple[tuple[int, ...], ...]: ...
