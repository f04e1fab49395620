"""Puzzles in words for the learner: move codes spelled out, the endgame's best line,
the hint of every kind, the basis of a claim, both answers (the most points now and
the solver's best), what the learner knows besides the board (the others' tiles, the
suits a player showed he lacks, how values are counted with more players) and the
board a count puzzle shows before it is answered. Every sentence comes from the
catalogue.

>>> move_words("5-3@W")
'5-3 on the west end'
>>> basis(Puzzle("e1", "endgame", "6-4 6-6/?9 ?16 0 0,0", "standard", ("6-6@E",), ()))
'exact'
"""

from __future__ import annotations

from trainer.engine.movenames import end_words
from trainer.engine.movenames import move_words as named_move
from trainer.engine.moves import Move
from trainer.engine.position import size
from trainer.engine.seats import seat
from trainer.i18n import either, t, tn
from trainer.puzzles.kinds import Puzzle
from trainer.search.tile_questions import Question
from trainer.svg import describe, render_board


def move_words(move: str, lang: str = "en") -> str:
    """A move code in words: `5-3@W` is "5-3 on the west end"."""
    parsed = Move.parse(move)
    if parsed.side is None:
        return t("move.lead", lang, tile=str(parsed.tile))
    return t("move.on", lang, tile=str(parsed.tile), side=t(f"side.{parsed.side}", lang))


def move_label(move: str, lang: str = "en") -> str:
    """The words and the code: "5-3 on the west end (5-3@W)", as every page names a move."""
    return named_move(Move.parse(move), lang)


def role(puzzle: Puzzle, player: int) -> str:
    """Who a player is to the learner: "you", "opponent" (two players), "partner" (the
    partner under partners) or "player"."""
    position = puzzle.parsed()
    if player == position.turn:
        return "you"
    if position.players == 2:
        return "opponent"
    if puzzle.rules == "partners" and player == (position.turn + 2) % 4:
        return "partner"
    return "player"


def line_words(puzzle: Puzzle, lang: str = "en") -> list[str]:
    """An endgame's best line after its answer, one sentence a step, told as the solver
    of the puzzle sees it: "you", "the opponent" with two players, "your partner"."""
    out = []
    for step in puzzle.line:
        player, _, action = step.partition(":")
        who = role(puzzle, int(player))
        verb = action if action in ("draw", "pass") else "play"
        move = move_words(action, lang) if verb == "play" else ""
        out.append(t(f"puzzles.line_{verb}_{who}", lang, player=seat(int(player)), move=move))
    return out


def notes(puzzle: Puzzle, lang: str = "en") -> list[str]:
    """What the learner knows besides the board and his hand: (hidden tiles) how many
    tiles each other player holds and the boneyard, the suits a player showed he lacks;
    and with more than two players, how the values are counted."""
    position = puzzle.parsed()
    out = []
    if not position.is_fully_known:
        held = t("list.separator", lang).join(
            t(f"puzzles.held_{role(puzzle, p)}", lang, player=seat(p),
              tiles=tn("plural.tiles", size(position.hands[p]), lang))
            for p in range(position.players) if p != position.turn)
        out.append(t("puzzles.table_status", lang, others=held,
                     boneyard=tn("plural.tiles", size(position.boneyard), lang)))
        for player, pips in puzzle.voids:
            suits = t("puzzles.hint_or", lang).join(str(p) for p in pips)
            out.append(t(f"puzzles.void_{role(puzzle, player)}", lang, player=seat(player), pips=suits))
    if puzzle.kind in ("best-play", "endgame", "deny") and position.players > 2:
        out.append(t("puzzles.model_partners" if puzzle.rules == "partners" else "puzzles.model_alone", lang))
    return out


def basis(puzzle: Puzzle, lang: str = "en") -> str:
    """What the figures rest on: exact, or N deals of the unseen tiles (and, where the
    answer's margin rests on them, its re-check on fresh deals and the play-outs)."""
    if puzzle.deals == 0:
        return t("puzzles.basis_exact", lang)
    words = [tn("puzzles.basis_deals", puzzle.deals, lang)]
    if puzzle.check_deals:
        words.append(tn("puzzles.basis_checked", puzzle.check_deals, lang))
    if puzzle.playouts:
        words.append(tn("puzzles.basis_played", puzzle.playouts, lang))
    return t("list.separator", lang).join(words)


def hint(puzzle: Puzzle, lang: str = "en") -> str:
    """A hint that helps without giving the answer away: for a count, how to count
    this board; for a move, the tiles an answer plays, or else the ends it plays on,
    whichever rules some move out and still leaves a choice (else only what to think
    about)."""
    if puzzle.kind == "count":
        layout = puzzle.parsed().layout
        parts = len(layout.count_parts())
        text = [tn("puzzles.hint_count", parts, lang)]
        if any(arm and arm[-1][0] == arm[-1][1] for arm in layout.arms):
            text.append(t("puzzles.hint_count_double", lang))
        if layout.spinner is not None and not layout.arms_open:
            text.append(t("puzzles.hint_count_spinner", lang))
        return " ".join(text)
    if puzzle.kind == "read":
        asked = Question.parse(puzzle.question)
        if asked.tile is not None:
            suits = either([str(pip) for pip in sorted({asked.tile.high, asked.tile.low})], lang)
            return t("puzzles.hint_read_who", lang, tile=asked.tile, suits=suits)
        return t("puzzles.hint_read_can", lang, player=seat(asked.player or 0))
    legal = puzzle.parsed().legal_moves()
    accepted = [Move.parse(a) for a in puzzle.accepted]
    tiles = sorted({m.tile for m in accepted}, reverse=True)
    sides = sorted({m.side for m in accepted if m.side is not None})

    def leaves_a_choice(allowed: list[Move]) -> bool:
        """A wrong move among those it names, and a legal move it rules out (naming the
        only tile that can be played helps nothing)."""
        return any(m not in accepted for m in allowed) and len(allowed) < len(legal)

    if leaves_a_choice([m for m in legal if m.tile in tiles]):
        return t(f"puzzles.hint_kind.{puzzle.kind}", lang,
                 tiles=t("puzzles.hint_or", lang).join(str(tile) for tile in tiles))
    if sides and leaves_a_choice([m for m in legal if m.side in sides]):
        pips = {end.side: end.pip for end in puzzle.parsed().layout.open_ends()}
        ends = t("puzzles.hint_or", lang).join(end_words(side, pips[side], lang) for side in sides)
        return t(f"puzzles.hint_end.{puzzle.kind}", lang, ends=ends)
    return t(f"puzzles.hint_think.{puzzle.kind}", lang)


def both_answers(puzzle: Puzzle, lang: str = "en") -> list[str]:
    """The most points now and the solver's best, with both figures and the basis."""
    if not puzzle.moves:
        return []
    greedy, best = puzzle.most_points(), puzzle.best_by_value()
    first = puzzle.info(greedy[0])
    top = puzzle.info(best[0])
    assert first is not None and top is not None
    greedy_value = first.value if first.ev is None else first.ev
    best_value = top.value if top.ev is None else top.ev
    what = "exact" if puzzle.deals == 0 else "expected"
    solver = t(f"puzzles.solver_best_{what}", lang, move=move_label(best[0], lang),
               points=tn("plural.points", top.points, lang), value=signed(best_value))
    if first.points == 0:  # no "most points now" to set against the solver's move
        return [t("puzzles.nothing_now", lang), solver, t("puzzles.basis", lang, basis=basis(puzzle, lang))]
    lines = [t(f"puzzles.most_now_{what}", lang, move=move_label(greedy[0], lang),
               points=tn("plural.points", first.points, lang), value=signed(greedy_value)), solver]
    if set(greedy) & set(best):
        lines.append(t("puzzles.agree", lang))
    else:
        lines.append(t("puzzles.disagree", lang, now=first.points - top.points,
                       later=signed(best_value - greedy_value)))
    lines.append(t("puzzles.basis", lang, basis=basis(puzzle, lang)))
    return lines


COSTLY_NOW = 10.0  # points over the hand: a score-most answer that costs this much says so first


def cost_over_the_hand(puzzle: Puzzle) -> float:
    """How much the most points now loses over the hand against the solver's best (its
    expected value, or exact value), for a score-most puzzle; 0 for another kind or
    where they agree."""
    if puzzle.kind != "score-most" or not puzzle.moves:
        return 0.0
    first, top = puzzle.info(puzzle.most_points()[0]), puzzle.info(puzzle.best_by_value()[0])
    assert first is not None and top is not None
    now = first.value if first.ev is None else first.ev
    best = top.value if top.ev is None else top.ev
    return max(0.0, best - now)


def now_only_words(puzzle: Puzzle, lang: str = "en") -> str:
    """Said first after a score-most puzzle whose answer costs COSTLY_NOW or more over
    the hand: the question was about now only, and what the right answer costs ("" when
    it costs less)."""
    cost = cost_over_the_hand(puzzle)
    if cost < COSTLY_NOW:
        return ""
    return t("puzzles.now_only", lang, answer=move_label(puzzle.most_points()[0], lang),
             best=move_label(puzzle.best_by_value()[0], lang), cost=signed(-cost).lstrip("-"))


def signed(x: float) -> str:
    """A figure with its sign, as the answers write it: "+25" when whole, else "-9.4".

    >>> signed(25.0), signed(-9.45), signed(0)
    ('+25', '-9.4', '+0')
    """
    return f"{x:+.1f}" if not float(x).is_integer() else f"{int(x):+d}"


def header(puzzle: Puzzle, lang: str = "en", with_id: bool = False, themes: bool = True) -> str:
    """The line under a puzzle's title: its id (`with_id`, for citing it), rating, rules
    and, with `themes`, its themes by name (they give the answer away: only once it is
    answered)."""
    rules = t(f"rules.{puzzle.rules}", lang)
    game = t(f"puzzles.game.{puzzle.game}", lang)
    if not puzzle.tags or not themes:
        line = t("puzzles.info_game", lang, rating=puzzle.rating, game=game, rules=rules)
    else:
        named = t("list.separator", lang).join(t(f"puzzles.tag.{g}", lang) for g in puzzle.tags)
        line = t("puzzles.info_game_themes", lang, rating=puzzle.rating, game=game, rules=rules,
                 themes=named)
    return f'{t("puzzles.label", lang, id=puzzle.id)} · {line}' if with_id else line


def quiz_board(puzzle: Puzzle, lang: str = "en") -> tuple[str, str]:
    """The board a puzzle shows before it is answered, as SVG and its text
    alternative: the tiles alone, no count, no end markers, no total in words."""
    layout = puzzle.parsed().layout
    return (render_board(layout, unit=28, markers=False),
            describe(layout, with_count=False, lang=lang))
