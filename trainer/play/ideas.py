"""The idea behind a move, in one short sentence: what it does that the alternative
does not. The coach's hint and the review say it first, before any figure.

Each idea is read from the position and what the mover knows of the hidden hands (the
suits each player showed he lacks), and, where it is a matter of chance, from uniform
deals of the tiles he cannot see (the same deals for both moves). In order of weight:

- `goes_out`: the move plays the mover's last tile;
- `blocks`: the next player can hold no tile for the ends it leaves (each tile that fits
  has a suit he showed he lacks), and after the alternative he can; `blocks_often`: he
  holds none on most deals (the same deals for both moves), clearly more often;
- `keeps_out`: the mover keeps one tile, and it fits the ends the move leaves: he goes
  out next turn unless they change;
- `scores`: it scores 10 or more than the alternative now;
- `no_score`: no tile the next player may hold scores on the ends it leaves; after the
  alternative he could score;
- `sets_up`: a tile the mover keeps would score 10 or more on the ends it leaves, more
  than after the alternative;
- `sheds_double`: it plays a heavy double (8 pips or more: it fits one number only, and
  its pips count against the side at the end), and the alternative does not;
- `partner_count` (partners): a tile the partner may hold would score 10 or more on the
  ends it leaves, where the next player can score nothing;
- `scores` again, by any margin; `less_reply`: the next player could score less in reply.

>>> from trainer.engine.position import Position, size
>>> p = Position.from_code("5-5:5-2,2-0,0-6::: ?4/6-5,6-3,5-3,0-0/?9/?4 ?3 1 -35,40 partners")
>>> found = idea(p, Move.parse("6-5@E"), Move.parse("6-3@E"), {2: frozenset({5})})
>>> found.key, idea_words(found)
('blocks',
 'it blocks player 3: he holds no tile for these ends (he has shown he has none with a 5), so he must draw')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Optional

from trainer.engine.moves import Move
from trainer.engine.position import Position, size
from trainer.engine.seats import seat
from trainer.engine.tiles import ALL_TILES, Tile
from trainer.engine.voids import Voids
from trainer.i18n import either, t, tn
from trainer.search.dealing import Dealer

HEAVY = 8  # pips: a double this heavy is worth shedding
WORTH = 10  # points: a set-up, a reply denied, a partner's count worth naming
MOST = 0.5  # share of deals: "on most deals"
CLEARLY = 0.25  # a share this much above the alternative's is a difference worth naming
DEALS = 200  # deals behind a share


@dataclass(frozen=True)
class Idea:
    """One idea: its key (see the module's table) and what its sentence names."""

    key: str
    values: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Facts:
    """What one move leaves, as the mover can know it."""

    out: bool
    blocked: bool  # the next player can hold no tile for the ends left
    kept: Optional[Tile]  # the mover's one tile left, when it fits the ends left
    reply: int  # the most the next player could score next, with a tile he may hold
    setup: tuple[int, Optional[Tile]]  # the most a tile the mover keeps would score next
    heavy_double: bool
    partner: int  # the most the partner could score on the ends left (partners; else 0)
    points: int


def unseen(view: Position) -> tuple[Tile, ...]:
    """Tiles the mover of `view` cannot see: not on the table and not in his hand."""
    seen = set(view.layout.tiles()) | set(view.hand(view.turn))
    return tuple(x for x in ALL_TILES if x not in seen)


def may_hold(view: Position, player: int, voids: Optional[Voids]) -> tuple[Tile, ...]:
    """Tiles the mover cannot see that `player` may hold: none of a suit he showed he lacks."""
    lacks = (voids or {}).get(player, frozenset())
    return tuple(x for x in unseen(view) if not ({x.high, x.low} & lacks))


def most_scored(view: Position, move: Move, tiles: tuple[Tile, ...]) -> tuple[int, Optional[Tile]]:
    """The most any of `tiles` would score placed next on the table `move` leaves, and
    the first tile that does (None when none scores)."""
    layout = view.layout.place(move.tile, move.side)
    best, which = 0, None
    for tile in tiles:
        if tile == move.tile:
            continue
        for end in layout.open_ends():
            if tile.has(end.pip):
                points = layout.place(tile, end.side).points()
                if points > best:
                    best, which = points, tile
    return best, which


def reply_points(view: Position, move: Move, voids: Optional[Voids] = None) -> int:
    """The most the next player could score after `move`, with a tile he may hold."""
    nxt = (view.turn + 1) % view.players
    return most_scored(view, move, may_hold(view, nxt, voids))[0]


def _fits(tile: Tile, pips: set[int]) -> bool:
    return tile.high in pips or tile.low in pips


def facts(view: Position, move: Move, voids: Optional[Voids]) -> Facts:
    after = view.layout.place(move.tile, move.side)
    pips = {end.pip for end in after.open_ends()}
    kept = tuple(x for x in view.hand(view.turn) if x != move.tile)
    nxt = (view.turn + 1) % view.players
    blocked = not any(_fits(x, pips) for x in may_hold(view, nxt, voids))
    partner = 0
    if view.rules.partners:
        partner = most_scored(view, move, may_hold(view, (view.turn + 2) % view.players, voids))[0]
    return Facts(
        out=not kept,
        blocked=blocked and bool(kept),
        kept=kept[0] if len(kept) == 1 and _fits(kept[0], pips) else None,
        reply=reply_points(view, move, voids),
        setup=most_scored(view, move, kept),
        heavy_double=move.tile.is_double and move.tile.pips >= HEAVY,
        partner=partner,
        points=view.points(move),
    )


def block_shares(view: Position, moves: tuple[Move, ...], voids: Optional[Voids],
                 seed: int = 0) -> dict[Move, float]:
    """For each move, the share of `DEALS` deals (the same for every move) on which the
    next player holds no tile for the ends it leaves."""
    nxt = (view.turn + 1) % view.players
    if view.is_fully_known:
        hand = set(view.hand(nxt))
        return {m: float(not any(_fits(x, {e.pip for e in view.layout.place(m.tile, m.side).open_ends()})
                                 for x in hand)) for m in moves}
    dealer = Dealer(view, voids)
    rng = random.Random(seed)
    hands = [dealer.masks(rng)[0][nxt] for _ in range(DEALS)]
    out = {}
    for move in moves:
        pips = {e.pip for e in view.layout.place(move.tile, move.side).open_ends()}
        fitting = sum(1 << x.ordinal for x in ALL_TILES if _fits(x, pips))
        out[move] = sum(1 for hand in hands if not hand & fitting) / DEALS
    return out


def idea(view: Position, move: Move, other: Optional[Move], voids: Optional[Voids] = None,
         seed: int = 0) -> Optional[Idea]:
    """The first idea of the module's table that `move` has and `other` (the best
    alternative; None: there is none) has not, or None when nothing tells them apart
    but the figures."""
    moves = (move,) if other is None else (move, other)
    mine = facts(view, move, voids)
    theirs = facts(view, other, voids) if other is not None else None
    nxt = (view.turn + 1) % view.players
    lacks = sorted((voids or {}).get(nxt, frozenset()))
    if mine.out and (theirs is None or not theirs.out):
        return Idea("goes_out")
    if mine.blocked and (theirs is None or not theirs.blocked):
        return Idea("blocks", {"player": nxt, "lacks": lacks, "draws": size(view.boneyard) > 0})
    shares = block_shares(view, moves, voids, seed) if not mine.out else {}
    share = shares.get(move, 0.0)
    if share >= MOST and (other is None or share - shares[other] >= CLEARLY):
        return Idea("blocks_often", {"player": nxt, "tenths": min(9, round(share * 10))})
    if mine.kept is not None and (theirs is None or theirs.kept is None):
        return Idea("keeps_out", {"tile": mine.kept})
    if theirs is not None and mine.points >= theirs.points + WORTH:
        return Idea("scores", {"points": mine.points})
    if mine.reply == 0 and (theirs is None or theirs.reply > 0):
        return Idea("no_score", {"player": nxt, "other": other, "other_reply": theirs.reply if theirs else 0})
    if mine.setup[0] >= WORTH and (theirs is None or mine.setup[0] > theirs.setup[0]):
        return Idea("sets_up", {"points": mine.setup[0], "tile": mine.setup[1]})
    if mine.heavy_double and (theirs is None or not theirs.heavy_double):
        return Idea("sheds_double", {"tile": move.tile, "pip": move.tile.high})
    if mine.partner >= WORTH and mine.reply == 0 and (theirs is None or theirs.partner < mine.partner):
        return Idea("partner_count", {"points": mine.partner, "partner": (view.turn + 2) % view.players})
    if theirs is not None and mine.points > theirs.points:
        return Idea("scores", {"points": mine.points})
    if theirs is not None and mine.reply < theirs.reply:
        return Idea("less_reply", {"player": nxt, "reply": mine.reply, "other_reply": theirs.reply,
                                   "other": other})
    return None


def idea_words(found: Idea, lang: str = "en", seat: Callable[[int], int] = seat) -> str:
    """The idea as the second half of "Play 3-0 on the west end: ...": one clause.
    `seat` gives the number a player is shown by (as the page around it names him)."""
    v = dict(found.values)
    if "player" in v:
        v["player"] = seat(int(v["player"]))  # type: ignore[call-overload]
    for name in ("points", "other_reply", "reply"):
        if name in v:
            v[name] = tn("plural.points", int(v[name]), lang)  # type: ignore[call-overload]
    if "other" in v and v["other"] is not None:
        v["other"] = str(v["other"])  # the code alone: the sentence is long enough
    if found.key == "blocks":
        pips: list[int] = list(v.pop("lacks"))  # type: ignore[call-overload]
        lacks = either([t("ideas.suit", lang, pip=p) for p in pips], lang)
        key = ("ideas.blocks_draw" if v.pop("draws") else "ideas.blocks_pass") + ("" if pips else "_none")
        return t(key, lang, lacks=lacks, **v)
    return t(f"ideas.{found.key}", lang, **v)
