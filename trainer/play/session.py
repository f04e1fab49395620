"""A game against the computer, as the Play page drives it: the learner's seat, the
computer players, Muggins claims, undo, and saving and loading.

Muggins (rules.md, "Muggins"; settled by `trainer.engine.muggins`): with each play the
learner claims the points it scored, in fives. A right claim (0 included) keeps them. A
short or missing claim scores nothing for him and gives the play's points to the next
side ("Muggins!"). An over-claim scores nothing for him either: the next side gets the
play's points and, as a penalty, the points claimed beyond them. The claim is settled
before the target is checked, so a wrong claim never wins the game.

>>> s = PlaySession(PlaySettings(seed=4, opponent="random"))
>>> while not s.learner_to_move and not s.over:
...     _ = s.computer_step()
>>> s.learner_to_move
True
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import Optional

from trainer.engine import muggins
from trainer.engine.game import Match
from trainer.engine.movenames import move_words
from trainer.engine.moves import Move
from trainer.engine.numbers import SCORE_LIMIT, whole
from trainer.engine.position import Position
from trainer.engine.record import Record, Turn
from trainer.engine.rules import preset
from trainer.engine.seats import seat
from trainer.errors import IllegalMoveError, NotationError
from trainer.i18n import t, tn
from trainer.play.hand_history import hand_so_far
from trainer.play.players import Player, make_player
from trainer.play.sealed import SealError, seal, unseal

MAX_BUDGET = 10.0  # the expert's seconds a move, at most
READS_BY = "club"  # the expert reads the hand from the others' plays as if they play like club players
STRENGTHS = ("random", "greedy", "expert")  # saved games keep these; people read play.strength.*


@dataclass(frozen=True)
class PlaySettings:
    rules: str = "standard"
    players: int = 2
    target: Optional[int] = None
    seed: int = 0
    opponent: str = "greedy"
    learner: int = 0
    muggins: bool = False
    budget: float = 1.0  # the expert's seconds a move

    def header(self) -> str:
        """The settings a record does not hold, as a comment line of the saved game."""
        return (f"# play: opponent={self.opponent} learner={self.learner} "
                f"muggins={'yes' if self.muggins else 'no'} budget={self.budget}")


@dataclass(frozen=True)
class Claim:
    """A Muggins claim: in which hand and turn, what was claimed, what the play scored."""

    hand: int
    turn: int
    claimed: int
    points: int

    @property
    def right(self) -> bool:
        return self.claimed == self.points

    @property
    def penalty(self) -> int:
        """The points claimed beyond what the play scored (0 if none).

        >>> Claim(1, 0, 15, 10).penalty, Claim(1, 0, 5, 10).penalty, Claim(1, 0, 5, 0).penalty
        (5, 0, 5)
        """
        return muggins.penalty(self.points, self.claimed)

    @property
    def settlement(self) -> muggins.Settlement:
        """What the claimer and the next side scored for the play.

        >>> Claim(1, 0, 15, 10).settlement, Claim(1, 0, 0, 10).settlement
        (Settlement(claimer=0, next_side=15), Settlement(claimer=0, next_side=10))
        """
        return muggins.settle(self.points, self.claimed)


@dataclass
class PlaySession:
    settings: PlaySettings
    match: Match = field(init=False)
    bots: dict[int, Player] = field(init=False)
    claims: list[Claim] = field(default_factory=list)

    def __post_init__(self) -> None:
        s = self.settings
        if s.opponent not in STRENGTHS:
            raise NotationError(f"unknown opponent {s.opponent!r}: choose {', '.join(STRENGTHS)}")
        self.match = Match(preset(s.rules), s.players, s.seed, s.target)
        self.settings = s = replace(s, target=self.match.target)
        if not 0 <= s.learner < s.players:
            raise NotationError(f"seat {s.learner}: choose 0 to {s.players - 1}")
        self.bots = {}
        for index in range(s.players):
            if index != s.learner:
                self.bots[index] = make_player(s.opponent, s.seed * 31 + index, self.match.target, s.budget,
                                               model=READS_BY)

    # ----- state -----
    @property
    def over(self) -> bool:
        return self.match.over

    @property
    def learner_to_move(self) -> bool:
        return not self.over and self.match.position.turn == self.settings.learner

    @property
    def learner_side(self) -> int:
        return self.match.rules.side_of(self.settings.learner)

    # ----- moves -----
    def computer_step(self) -> tuple[int, Move]:
        """The computer player to move plays one move (forced draws and passes that
        follow happen at once); returns his seat and move."""
        if self.over or self.learner_to_move:
            raise IllegalMoveError("it is not a computer player's turn")
        seat = self.match.position.turn
        move = self.bots[seat].choose(self.match.position, self.match.voids(), hand_so_far(self.match))
        self.match.play(move)
        return seat, move

    def play(self, move: Move, claim: Optional[int] = None) -> int:
        """The learner plays `move`; returns the points it scored. In Muggins mode the
        learner claims the points himself (`claim`, in fives), and the play is settled
        by the claim (`trainer.engine.muggins.settle`); raises NotationError for a claim
        that is not in fives."""
        if not self.learner_to_move:
            raise IllegalMoveError("it is not your turn")
        if self.settings.muggins and claim is None:
            raise IllegalMoveError("in Muggins mode, claim your points with the move")
        points = self.match.position.points(move) if move in self.match.legal_moves() else 0
        hand, turn = len(self.match.hands), len(self.match.hands[-1])
        if self.settings.muggins:
            assert claim is not None
            self.match.play(move, claim, muggins=True)
            self.claims.append(Claim(hand, turn, claim, points))
        else:
            self.match.play(move)
        return points

    def hand_record(self, number: int, seat: Optional[int] = None) -> str:
        """Hand `number` (from 1) as one player saw it, in the text form of
        `trainer.engine.seatview` (the learner's seat unless `seat` is given)."""
        return self.match.seat_record(number, self.settings.learner if seat is None else seat).text()

    # ----- undo, save, load -----
    def undo(self) -> None:
        """Take back the learner's last move and the computer moves after it."""
        if self.settings.muggins:
            raise IllegalMoveError("there is no undo in Muggins mode")
        record = self.match.record()
        hands = [list(h) for h in record.hands]
        for h in range(len(hands) - 1, -1, -1):
            for i in range(len(hands[h]) - 1, -1, -1):
                turn = hands[h][i]
                if turn.player == self.settings.learner and turn.move is not None:
                    kept = tuple(tuple(x) for x in hands[:h]) + (tuple(hands[h][:i]),)
                    self.match = Match.replay(replace(record, hands=kept))
                    return
        raise IllegalMoveError("there is no move of yours to take back")

    def save(self) -> str:
        """The game as its record, with the play settings and any Muggins claims."""
        lines = [self.settings.header()]
        lines += [f"# claim: {c.hand} {c.turn} {c.claimed} {c.points}" for c in self.claims]
        return "\n".join(lines) + "\n" + self.match.record().text()

    def save_file(self, key: Optional[bytes] = None) -> str:
        """The game as a file for the learner to keep: its record once the match is over;
        before, sealed (`trainer.play.sealed`), since the record holds the tiles not yet
        seen and the seed that deals the hands to come. A sealed file opens on the
        server that saved it (`load_file`)."""
        if self.over:
            return self.save()
        return f"{SEALED_NOTE}\n{SEALED_LINE}{seal(self.save(), key)}\n"

    @classmethod
    def load(cls, text: str, budget: Optional[float] = None) -> PlaySession:
        """A saved game, replayed; raises NotationError naming what is wrong. `budget`
        (seconds), when given, is the expert's thinking time whatever the file says: a
        page that offers no other keeps its own (a file is not the server's clock)."""
        record = Record.parse(text)
        options: dict[str, str] = {}
        claims: dict[tuple[int, int], int] = {}
        for line in text.splitlines():
            if line.startswith("# play:"):
                options = dict(part.split("=", 1) for part in line[7:].split() if "=" in part)
            elif line.startswith("# claim:"):
                parts = line[8:].split()
                if len(parts) != 4:
                    raise NotationError(f"saved game: bad claim line {line[:60]!r}")
                where = "saved game: a claim's"
                number = whole(parts[0], f"{where} hand", 1, 10**5)
                place = whole(parts[1], f"{where} turn", 0, 10**3)
                claims[(number, place)] = whole(parts[2], f"{where} points claimed", 0, SCORE_LIMIT)
                if claims[(number, place)] % 5:
                    raise NotationError(f"saved game: a claim of {claims[(number, place)]} is not in fives")
                whole(parts[3], f"{where} points scored", 0, SCORE_LIMIT)
        budget_cap = budget
        try:
            budget = float(options.get("budget", "1.0"))
        except ValueError:
            budget = -1.0
        if not 0 < budget <= MAX_BUDGET:  # also NaN and infinity
            raise NotationError(f"saved game: the expert's budget is a number of seconds above 0 up to "
                                f"{MAX_BUDGET:g}, not {options.get('budget', '')[:20]!r}")
        settings = PlaySettings(record.rules.name, record.players, record.target, record.seed,
                                options.get("opponent", "greedy"),
                                whole(options.get("learner", "0"), "saved game: the learner's seat", 0,
                                      record.players - 1),
                                options.get("muggins", "no") == "yes",
                                budget if budget_cap is None else budget_cap)
        session = cls(settings)
        if session.match.rules != record.rules:
            session.match = Match(record.rules, record.players, record.seed, record.target)
        for number, turns in enumerate(record.hands, 1):
            for index, turn in enumerate(turns):
                if turn.move is None:
                    continue
                where = f"saved game, hand {number}, turn '{turn}'"
                if session.over or session.match.position.turn != turn.player:
                    raise NotationError(f"{where}: it is not that player's turn")
                try:
                    if turn.player == settings.learner:
                        claim = claims.get((number, index)) if settings.muggins else None
                        if settings.muggins and claim is None:
                            claim = session.match.position.points(turn.move)
                        session.play(turn.move, claim)
                    else:
                        session.match.play(turn.move)
                except IllegalMoveError as error:
                    raise NotationError(f"{where}: {error}") from None
        if session.match.record().hands[:len(record.hands)] != record.hands[:len(session.match.hands)]:
            Match.replay(record)  # raises with the first turn that disagrees
        return session


FILE_LIMIT = 200  # KB: a saved game is a few KB; anything bigger is not one
SEALED_NOTE = ("# All Fives: a match under way, sealed so that the tiles not yet seen stay hidden. "
               "It opens on the server that saved it; the record is written out in full once the match "
               "is over.")
SEALED_LINE = "# sealed: "


class SaveFileError(NotationError):
    """A file that is not a saved game: `problem` says so in the learner's words,
    `detail` what the reader met (shown as text, never as Markdown)."""

    def __init__(self, problem: str, detail: str = "") -> None:
        super().__init__(problem)
        self.problem, self.detail = problem, detail


def load_file(data: bytes, lang: str = "en", budget: Optional[float] = None,
              key: Optional[bytes] = None) -> PlaySession:
    """A saved game from an uploaded file's bytes, plain or sealed (`save_file`); raises
    SaveFileError saying why not, after bounded work (a file over FILE_LIMIT KB is not
    read). `budget`: as `load`; `key`: the sealing key (the server's when None).

    >>> try:
    ...     load_file(b"\\xff\\xfe")
    ... except SaveFileError as error:
    ...     print(error.problem)
    it is not a text file
    """
    if len(data) > FILE_LIMIT * 1024:
        raise SaveFileError(t("play.file_too_big", lang, size=len(data) // 1024, limit=FILE_LIMIT))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveFileError(t("play.file_not_text", lang)) from None
    lines = text.splitlines()
    sealed = next((line[len(SEALED_LINE):] for line in lines if line.startswith(SEALED_LINE)), None)
    if sealed is not None:
        try:
            text = unseal(sealed.strip(), key)
        except SealError:
            raise SaveFileError(t("play.file_sealed_elsewhere", lang)) from None
    try:
        return PlaySession.load(text, budget)
    except NotationError as error:
        raise SaveFileError(t("play.file_not_game", lang), str(error)[:300]) from None


def narrate(start: Position, turns: tuple[Turn, ...], names: dict[int, str], lang: str = "en",
            shown: Optional[Collection[int]] = None) -> list[str]:
    """Each turn of a hand in words: draws, the move (in words and code), the count and
    the score. The tiles drawn are named for the seats in `shown` (every seat when None:
    the hand is over); the others' draws are a count, as the table sees them.

    >>> from trainer.engine.position import Position
    >>> p = Position.from_code("5-0 5-5,6-5/6-6,4-4 ?23 0 0,0")
    >>> narrate(p, (Turn(0, (), Move.parse("5-5@W")),), {0: "You"})
    ['You played 5-5 on the west end (5-5@W): count 10, scores 10.']
    """
    lines = []
    position = start
    for turn in turns:
        who = names.get(turn.player, t("play.player", lang, seat=seat(turn.player)))
        for _ in turn.draws:
            position = position.draw()
        if not turn.draws:
            drew = ""
        elif shown is None or turn.player in shown:
            drew = tn("play.story_drew", len(turn.draws), lang,
                      tiles=t("list.separator", lang).join(str(x) for x in turn.draws))
        else:
            drew = tn("play.story_drew_unseen", len(turn.draws), lang)
        if turn.move is None:
            lines.append(t("play.story_passed", lang, who=who, drew=drew))
            if not position.is_over and position.must_pass:
                position = position.pass_turn()
            continue
        points = position.points(turn.move)
        position = position.play(turn.move)
        key = "play.story_scored" if points else "play.story_played"
        lines.append(t(key, lang, who=who, drew=drew, move=move_words(turn.move, lang),
                       count=position.layout.count(), points=points))
    return lines


def hand_end(start: Position, turns: tuple[Turn, ...]) -> Position:
    """The position after the turns of a hand: the board as the hand ended.

    >>> from trainer.engine.position import Position
    >>> p = Position.from_code("5-0 5-5,6-5/6-6,4-4 ?23 0 0,0")
    >>> str(hand_end(p, (Turn(0, (), Move.parse("5-5@W")),)).layout)
    '5-5:5-0:::'
    """
    position = start
    for turn in turns:
        for _ in turn.draws:
            position = position.draw()
        if turn.move is None:
            if not position.is_over and position.must_pass:
                position = position.pass_turn()
            continue
        position = position.play(turn.move)
    return position
