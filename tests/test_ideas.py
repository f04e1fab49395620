"""The idea the coach says first is true: every idea named at the decisions of seeded
games between computer players (2-player standard and partners, voids and all) is
checked here on its own terms, by the engine on deals of the hidden tiles; and each
idea of the table turns up in real play."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

import pytest

from trainer.engine.game import Match
from trainer.engine.moves import Move
from trainer.engine.position import Position
from trainer.engine.rules import PARTNERS, STANDARD
from trainer.engine.voids import Voids
from trainer.play.ideas import Idea, idea, idea_words
from trainer.play.players import GreedyPlayer, RandomPlayer, mover_view
from trainer.search.dealing import Dealer

KEYS = ("blocks", "blocks_often", "keeps_out", "scores", "no_score", "sets_up", "sheds_double",
        "partner_count", "less_reply")


def decisions() -> Iterator[tuple[Position, Voids, Position]]:
    """(the mover's view, the voids known, the true position) at each decision with a
    choice, from seeded matches of greedy and random players."""
    for seed in range(24):
        rules, players = (PARTNERS, 4) if seed % 3 == 0 else (STANDARD, 2)
        match = Match(rules, players, seed=seed, target=100_000)
        bots = [GreedyPlayer(seed + p) if (seed + p) % 2 else RandomPlayer(seed + p) for p in range(players)]
        while len(match.results) < 1:
            position = match.position
            if len(position.legal_moves()) > 1:
                yield mover_view(position), match.voids(), position
            match.play(bots[position.turn].choose(position))


@lru_cache(maxsize=1)
def found() -> tuple[tuple[Position, Voids, Move, Move, Idea], ...]:
    """Every idea named, each move against the greedy choice and the greedy choice
    against the others, at the decisions."""
    out = []
    for view, voids, _ in decisions():
        moves = view.legal_moves()
        greedy = GreedyPlayer(0).choose(view)
        for move in moves:
            if move == greedy:
                continue
            for a, b in ((move, greedy), (greedy, move)):
                named = idea(view, a, b, voids)
                if named is not None:
                    out.append((view, voids, a, b, named))
    return tuple(out)


def deals(view: Position, voids: Voids, count: int = 300, seed: int = 99) -> list[Position]:
    dealer = Dealer(view, voids)
    rng = random.Random(seed)
    return [dealer.deal(rng) for _ in range(count)]


def next_cannot_play(deal: Position, move: Move) -> bool:
    after = deal.play(move)
    return not after.legal_moves()


def best_reply(deal: Position, move: Move) -> int:
    after = deal.play(move)
    return max((after.points(m) for m in after.legal_moves()), default=0)


def check(view: Position, voids: Voids, move: Move, other: Move, named: Idea) -> None:
    """The idea's claim, checked on its own terms."""
    v = named.values
    if named.key == "blocks":  # on every deal the next player must draw or pass
        assert all(next_cannot_play(d, move) for d in deals(view, voids))
        assert not all(next_cannot_play(d, other) for d in deals(view, voids))
    elif named.key == "blocks_often":  # on most deals, clearly more than after the other
        fresh = deals(view, voids, 600, seed=7)
        share = sum(next_cannot_play(d, move) for d in fresh) / len(fresh)
        theirs = sum(next_cannot_play(d, other) for d in fresh) / len(fresh)
        assert share > 0.4 and share - theirs > 0.12 and abs(share * 10 - int(v["tenths"])) <= 1.5
    elif named.key == "keeps_out":  # one tile kept, and it fits the ends the move leaves
        kept = [t for t in view.hand(view.turn) if t != move.tile]
        layout = view.layout.place(move.tile, move.side)
        assert kept == [v["tile"]] and any(kept[0].has(e.pip) for e in layout.open_ends())
    elif named.key == "scores":
        assert view.points(move) == v["points"] and view.points(move) > view.points(other)
    elif named.key == "no_score":  # no deal lets the next player score after it
        assert all(best_reply(d, move) == 0 for d in deals(view, voids))
        assert max(best_reply(d, other) for d in deals(view, voids)) > 0
    elif named.key == "sets_up":  # the tile named, kept, scores the points named on the ends left
        layout = view.layout.place(move.tile, move.side)
        tile = v["tile"]
        assert tile in view.hand(view.turn) and tile != move.tile
        assert max(layout.place(tile, e.side).points() for e in layout.open_ends() if tile.has(e.pip)) \
            == v["points"] >= 10
    elif named.key == "sheds_double":
        assert move.tile.is_double and move.tile.pips >= 8 and move.tile == v["tile"]
        assert not (other.tile.is_double and other.tile.pips >= 8)
    elif named.key == "partner_count":  # the partner may score that much; the next player nothing
        assert view.rules.partners
        assert all(best_reply(d, move) == 0 for d in deals(view, voids))
        partner = (view.turn + 2) % 4
        layout = view.layout.place(move.tile, move.side)
        best = max((layout.place(t, e.side).points() for d in deals(view, voids) for t in d.hand(partner)
                    for e in layout.open_ends() if t.has(e.pip)), default=0)
        assert best == v["points"] >= 10
    elif named.key == "less_reply":
        assert max(best_reply(d, move) for d in deals(view, voids)) <= int(v["reply"])
        assert int(v["reply"]) < int(v["other_reply"])
    else:
        raise AssertionError(f"an idea this test does not check: {named.key}")


def test_every_idea_named_in_real_play_is_true() -> None:
    rng = random.Random(3)
    by_key: dict[str, list[tuple[Position, Voids, Move, Move, Idea]]] = {}
    for item in found():
        by_key.setdefault(item[4].key, []).append(item)
    for _, items in sorted(by_key.items()):
        for view, voids, move, other, named in rng.sample(items, min(6, len(items))):
            check(view, voids, move, other, named)
            words = idea_words(named)
            assert "{" not in words and "[" not in words, words


def test_each_idea_turns_up_in_real_play() -> None:
    counts = Counter(item[4].key for item in found())
    assert all(counts[key] for key in KEYS), counts


def test_a_block_names_the_suits_the_player_showed_he_lacks() -> None:
    view = Position.from_code("5-5:5-2,2-0,0-6::: ?4/6-5,6-3,5-3,0-0/?9/?4 ?3 1 -35,40 partners")
    named = idea(view, Move.parse("6-5@E"), Move.parse("6-3@E"), {2: frozenset({5})})
    assert named is not None and named.key == "blocks"
    assert idea_words(named) == ("it blocks player 3: he holds no tile for these ends (he has shown he "
                                 "has none with a 5), so he must draw")
    assert idea(view, Move.parse("6-5@E"), Move.parse("6-3@E"), {}) != named  # without the void, no block


@pytest.mark.parametrize("lang", ["es", "fi", "ru", "mk"])
def test_ideas_read_in_every_language(lang: str) -> None:
    for key in {item[4].key: item for item in found()}.values():
        words = idea_words(key[4], lang)
        assert words and "{" not in words and "[ideas." not in words
