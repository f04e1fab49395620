"""Hidden stays hidden, read off the wire: the app runs as a real server in club mode
and every message it sends over the websocket to a player's page is kept (as
benchmarks/stream_visitor.py reads them, with no browser). Through a whole hand at a
table, the page of one player never receives a tile of the other hand or of the
boneyard; the pages of a learner of another class and of a visitor who has not signed
in receive no tile of the hand at all. The moves are made through the store, as the
players' own pages make them (the clicks are AppTest's: tests/test_app_tables.py); a
page is read after every move."""

from __future__ import annotations

import asyncio
import re
import sys
from pathlib import Path

import pytest

from tests.test_e2e_play import served
from trainer.engine.tiles import Tile
from trainer.play.players import GreedyPlayer
from trainer.play.table import TableSettings, replay
from trainer.store import Store

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from stream_visitor import StreamSession  # noqa: E402

# a tile's name, "6-4" (or with a no-break hyphen), not a piece of an id or a pattern
TILE_NAME = re.compile(r"(?<![0-9A-Za-z\[-])([0-6])[-\u2011]([0-6])(?![0-9A-Za-z\]-])")
STYLE = b"background-image"  # the app's stylesheet: it draws each of the 28 tiles for the buttons


def tiles_named(sent: tuple[bytes, ...]) -> set[Tile]:
    """Every tile a name of which ("6-4" or "4-6") is in the messages, the stylesheet's
    message left out."""
    found: set[Tile] = set()
    for raw in sent:
        if STYLE in raw:
            continue
        for a, b in TILE_NAME.findall(raw.decode("utf-8", "replace")):
            found.add(Tile(int(a), int(b)))
    return found


async def signed_in(tab: StreamSession, name: str, password: str) -> None:
    opened = await tab.open()
    assert not opened.failed, opened.failed
    typed = {tab.widget("text_input", "Name"): name, tab.widget("text_input", "Password"): password}
    done = await tab.run(typed, click=tab.widget("button", "Sign in"))
    assert not done.failed and "Signed in as" in done.text, done.failed


def test_a_whole_hand_sends_no_hidden_tile_to_any_page(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    database = tmp_path / "club.db"
    with Store(str(database)) as store:
        tess = store.create_account("Tess", "teacher", identity="tess@example.org")
        otto = store.create_account("Otto", "teacher", identity="otto@example.org")
        ann = store.create_account("Ann", "learner", password="ann-password-1")
        ben = store.create_account("Ben", "learner", password="ben-password-1")
        eve = store.create_account("Eve", "learner", password="eve-password-1")
        store.join(store.create_class(tess.id, "Monday").id, ann.id)
        store.join(store.create_class(tess.id, "Monday2").id, ben.id)
        store.join(store.create_class(otto.id, "Other").id, eve.id)
        settings = TableSettings("standard", 2, seed=21)
        table = store.scoped(ann).open_table(settings.to_json(), 2)
        store.join_table(table.code, ben.learner_id)
    monkeypatch.setenv("ALLFIVES_DB", str(database))
    monkeypatch.setenv("ALLFIVES_MODE", "club")

    async def hand(url: str) -> tuple[int, int, set[Tile], set[Tile]]:
        async with StreamSession(url, "tables", "", timeout=60) as mine, \
                StreamSession(url, "tables", "", timeout=60) as other, \
                StreamSession(url, "tables", "", timeout=60) as visitor:
            await signed_in(mine, "Ann", "ann-password-1")
            await signed_in(other, "Eve", "eve-password-1")
            assert not (await visitor.open()).failed
            opened = await mine.run(click=mine.widget("button", "Open"))
            assert not opened.failed and table.code in opened.text
            bot, reads, moves = GreedyPlayer(4), 0, 0
            others_saw: set[Tile] = set()
            with Store(str(database)) as store:
                while True:
                    made = store.table_moves(table.id)
                    match = replay(settings, [(m.move, m.claim) for m in made])
                    if match.results:
                        break
                    position = match.position
                    hidden = {*position.hand(1), *position.boneyard}  # what Ann may not see now
                    shown = await mine.run()
                    assert not shown.failed, shown.failed
                    leaked = tiles_named(shown.sent) & hidden
                    assert not leaked, (len(made), sorted(map(str, leaked)))
                    assert set(position.hand(0)) <= tiles_named(shown.sent)  # her own tiles are there
                    reads += 1
                    for tab in (other, visitor):
                        seen = await tab.run()
                        assert not seen.failed, seen.failed
                        others_saw |= tiles_named(seen.sent)
                    move = bot.choose(position, match.voids())
                    store.add_move(table.id, len(made), position.turn, str(move), None, f"p{len(made)}")
                    moves += 1
                dealt = match.starts[0]
                every = {*dealt.hand(0), *dealt.hand(1), *dealt.boneyard}
            over = await mine.run()  # the hand is over: now every hand may be shown
            return reads, moves, others_saw & every, tiles_named(over.sent) & set(dealt.hand(1))

    with served(ROOT / "app.py") as url:
        reads, moves, others_saw, ben_shown = asyncio.run(hand(url))
    assert reads == moves >= 10
    assert not others_saw  # another class's learner and a visitor: nothing of the hand
    assert ben_shown  # after the hand, Ann's review shows Ben's tiles: the check can see tiles
