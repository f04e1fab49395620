"""English: the reference catalogue. Every key lives here; other languages may leave
keys out and fall back to these. Fields in braces are filled by the code."""

from __future__ import annotations

from typing import Union

NAME = "English"

MESSAGES: dict[str, Union[str, dict[str, str]]] = {
    # ----- plurals: read with tn(key, count); {n} is the count -----
    "plural.days": {"one": "{n} day", "other": "{n} days"},
    "plural.points": {"one": "{n} point", "other": "{n} points"},
    "plural.deals": {"one": "{n} deal", "other": "{n} deals"},
    "plural.moves": {"one": "{n} move", "other": "{n} moves"},
    "plural.tables": {"one": "{n} table", "other": "{n} tables"},
    "plural.boards": {"one": "{n} board", "other": "{n} boards"},
    "plural.rounds": {"one": "{n} round", "other": "{n} rounds"},
    "plural.learners": {"one": "{n} learner", "other": "{n} learners"},
    "plural.tiles": {"one": "{n} tile", "other": "{n} tiles"},
    "plural.puzzles": {"one": "{n} puzzle", "other": "{n} puzzles"},
    # ----- lists -----
    "list.separator": ", ",
    "list.last": "{head} and {last}",
    "list.or": "{head} or {last}",
    "list.semicolon": "; ",
    # ----- the table's ends -----
    "side.E": "east",
    "side.W": "west",
    "side.N": "north",
    "side.S": "south",
    "end.E": "East end",
    "end.W": "West end",
    "end.N": "North end",
    "end.S": "South end",
    "arm.E": "East arm",
    "arm.W": "West arm",
    "arm.N": "North arm",
    "arm.S": "South arm",
    # short names of the numbers that make a count, as in "E 2 + W 3 = 5"
    "part.lead": "lead",
    "part.spinner": "spinner",
    "part.E": "E",
    "part.W": "W",
    "part.N": "N",
    "part.S": "S",
    "move.on": "{tile} on the {side} end",
    "move.lead": "{tile} as the lead",
    "hand_of": "player {player} holds {tiles}",
    # ----- the count, end by end -----
    "count.empty": "The table is empty: the count is 0.",
    "count.lead": "Lone lead {tile}: both halves count, {value}.",
    "count.line_end": "{end} shows {pip}: it adds {value}.",
    "count.spinner_open": "Spinner {tile}: a side is still open, so it counts its full pips, {value}.",
    "count.spinner_closed": "Spinner {tile}: both sides hold a tile, so it counts nothing.",
    "count.arm_end": "{arm} ends in {pip}: it adds {value}.",
    "count.arm_double": "{arm} ends in the double {tile}: both halves count, {value}.",
    "count.end_empty": "{end} is open but holds no tile yet: it adds nothing.",
    "count.sum": "Count: {equation}.",
    # ----- typed and clicked answers -----
    "answer.empty": "Type a number, for example 15.",
    "answer.negative": "“{text}” is below zero: type a whole number from 0 to {max}.",
    "answer.too_large": "“{text}” is too large: type a whole number from 0 to {max}.",
    "answer.digits_only": (
        "Type a whole number with digits only, no commas, points or spaces: “{text}” is not one."
    ),
    "answer.not_number": "“{text}” is not a whole number: type digits 0 to 9, for example 15.",
    "answer.bad_side": "“{text}” is not an end: pick from E, W, N and S.",
    "answer.bad_tile": "“{text}” is not a tile: write it as two numbers 0 to 6, for example 6-4.",
    "answer.bad_pip": "“{text}” is not a number from 0 to 6.",
    # ----- drills -----
    "drill.total.title": "Total the ends",
    "drill.total.intro": "Add up the open ends and type the count.",
    "drill.score.title": "Does it score?",
    "drill.score.intro": "A tile has just been played: pick the points it scores, 0 if none.",
    "drill.round.title": "Round the hand",
    "drill.round.intro": "The hand is over: pick what these tiles take off the score.",
    "drill.where.title": "Where can this tile go?",
    "drill.where.intro": "Pick every open end the tile fits, or none.",
    "drill.tiles.title": "Which of your tiles scores?",
    "drill.tiles.intro": "Pick every tile of your hand that scores now on some open end, or none.",
    "drill.need.title": "What does the end need?",
    "drill.need.intro": (
        "Pick every number that a tile played on the marked end may show there for the count to score, or "
        "none."
    ),
    "drill.read.title": "Read the hand",
    "drill.read.intro": (
        "From the board, your tiles and every draw and pass so far: say where a tile most likely lies, or "
        "whether a player can score."
    ),
    "level.read.1": "Level 1: two players",
    "level.read.2": "Level 2: three players",
    "level.read.3": "Level 3: four players, partners",
    "read.who_question": (
        "You are player {player}. Where is {tile} most likely: in which hand, or in the boneyard?"
    ),
    "read.can_question": (
        "You are player {player}. Does player {other} hold a tile that would score on this board now?"
    ),
    "read.player": "Player {player}",
    "read.player_in_list": "player {player}",
    "read.boneyard": "The boneyard",
    "read.boneyard_in_list": "the boneyard",
    "read.band.no": "No, he cannot",
    "read.band.unlikely": "Unlikely: under half",
    "read.band.likely": "Likely: half or more",
    "read.band.sure": "Yes, certainly",
    "read.sizes": "Tiles you cannot see: {sizes}.",
    "read.size": {"one": "{place}, {n} tile", "other": "{place}, {n} tiles"},
    "read.none_shown": "Nobody has drawn or passed yet.",
    "read.shown_passed": "Player {player} passed with {ends} open.",
    "read.shown_drew": {"one": "Player {player} drew {n} tile with {ends} open.",
                        "other": "Player {player} drew {n} tiles with {ends} open."},
    "read.shown_drew_passed": {"one": "Player {player} drew {n} tile with {ends} open, then passed.",
                               "other": "Player {player} drew {n} tiles with {ends} open, then passed."},
    "read.who_right": "Right: {place} most likely holds {tile} ({chance}).",
    "read.who_wrong": "Not quite: {place} most likely holds {tile} ({chance}).",
    "read.who_line": "{place}: {chance}; {reason}.",
    "read.holds": {"one": "{n} tile there", "other": "{n} tiles there"},
    "read.lacks": "player {player} has shown he has no tile with a {suit}, and {tile} has one",
    "read.no_room": "no deal that fits puts {tile} there: the numbers the others lack leave it elsewhere",
    "read.can_right": "Right. {answer} ({chance}).",
    "read.can_wrong": "Not quite. The answer is “{answer}” ({chance}).",
    "read.can_scoring": {"one": "{n} tile you cannot see would score now: {tiles}.",
                         "other": "{n} tiles you cannot see would score now: {tiles}."},
    "read.can_lacks": {
        "one": ("Player {player} has shown he has no tile with a {suits}: of those tiles he may hold only "
                "{tiles}."),
        "other": ("Player {player} has shown he has no tile with a {suits}: of those tiles he may hold "
                  "{tiles}."),
    },
    "read.can_lacks_none": (
        "Player {player} has shown he has no tile with a {suits}: he holds none of those tiles."
    ),
    "read.can_holds": {
        "one": "He holds {n} tile; the chance that it is none of those is {none}.",
        "other": "He holds {n} tiles; the chance that none of them is one of those is {none}.",
    },
    "read.exact": (
        "Exact: every deal of the tiles you cannot see that fits what you know counts alike (how many "
        "each hand holds, and the numbers each player has shown he lacks)."
    ),
    "answer.bad_read": "“{text}” is not one of the answers: pick one of {choices}.",
    "tiles.question": "Which of your tiles score now? Pick every one, or none.",
    "tiles.right": {"one": "Right: {tiles} scores now.", "other": "Right: {tiles} score now."},
    "tiles.right_none": "Right: none of your tiles scores now.",
    "tiles.wrong": {"one": "Not quite: only {tiles} scores now.",
                    "other": "Not quite: the tiles that score now are {tiles}."},
    "tiles.wrong_none": "Not quite: none of your tiles scores now.",
    "tiles.no_fit": "{tile} fits no open end.",
    "tiles.end": "{end}: count {count}, scores {points}",
    "tiles.line": "{tile}: {ends}.",
    "need.question": (
        "The count is {count}. A tile not played yet goes on the {end} end ({pip}): which numbers may it "
        "show there for the count to score? Pick every one, or none."
    ),
    "need.right": "Right: {numbers}.",
    "need.right_none": "Right: no number makes this end score.",
    "need.wrong": "Not quite: {numbers}.",
    "need.wrong_none": "Not quite: no number makes this end score.",
    "need.now": "The count is {count}; the {end} end adds {adds} to it now.",
    "need.line": "{tile} there: count {count}, scores {points}.",
    "drill.bad_kind": "There is no drill “{kind}”: choose one of {kinds}.",
    "drill.bad_level": "There is no level {level}: choose 1, 2 or 3.",
    "level.1": "Level 1: no spinner yet, a lone lead or a line",
    "level.2": "Level 2: a spinner with fewer than four arms",
    "level.3": "Level 3: four arms",
    "level.round.1": "Level 1: one or two tiles left",
    "level.round.2": "Level 2: three or four tiles left",
    "level.round.3": "Level 3: five to seven tiles left",
    "level.run.1": "Level 1: easy boards and small hands",
    "level.run.2": "Level 2: the spinner and middle-sized hands",
    "level.run.3": "Level 3: four arms and big hands",
    "total.question": "Total the open ends: what is the count?",
    "total.right": "Right: the count is {count}.",
    "total.wrong": "Not quite: you typed {answer}, the count is {count}.",
    "score.question": "{tile} has just been played on the {side} end. Does it score, and how much?",
    "score.question_lead": "{tile} has just been led. Does it score, and how much?",
    "score.right_scores": "Right: the count is {count}, a multiple of five, so it scores {points}.",
    "score.right_nothing": "Right: the count is {count}, not a multiple of five, so it scores nothing.",
    "score.right_zero": "Right: the count is 0, and only a positive multiple of five scores: nothing.",
    "score.wrong_scores": (
        "Not quite: you picked {answer}. The count is {count}, a multiple of five, so it scores {points}."
    ),
    "score.wrong_nothing": (
        "Not quite: you picked {answer}. The count is {count}, not a multiple of five, so it scores nothing."
    ),
    "score.wrong_zero": (
        "Not quite: you picked {answer}. The count is 0, and only a positive multiple of five "
        "scores: nothing."
    ),
    "round.question": (
        "The hand is over and you are left with {tiles}. What comes off your score? "
        "Total the pips and round to the nearest five."
    ),
    "round.question_cincos": (
        "Cincos: you have gone out, and your opponent is left with {tiles}. What do you score? "
        "Total the pips and round to the nearest five."
    ),
    "round.right": "Right: {pips} pips round to {value}.",
    "round.right_cincos": "Right: {pips} pips round to {value}, and you score them.",
    "round.wrong_cincos": (
        "Not quite: you picked {answer}. The tiles hold {pips} pips, which round to {value}: "
        "you score {value}."
    ),
    "round.wrong": "Not quite: you picked {answer}. The tiles hold {pips} pips, which round to {value}.",
    "round.sum": "Pips: {equation}.",
    "round.rule_down": "{pips} is {over} over {low}: 0, 1 or 2 over rounds down, to {value}.",
    "round.rule_exact": "{pips} is a multiple of five already.",
    "round.rule_up": "{pips} is {over} over {low}: 3 or 4 over rounds up, to {value}.",
    "where.question": "Where can {tile} go? Pick every open end it fits, or none.",
    "where.right": "Right: {tile} fits these ends: {ends}.",
    "where.right_none": "Right: {tile} fits no open end.",
    "where.wrong": "Not quite: {tile} fits these ends: {ends}.",
    "where.wrong_none": "Not quite: {tile} fits no open end.",
    "where.missed": "You did not pick: {ends}.",
    "where.extra": "You picked {ends}, where {tile} does not fit.",
    "where.end_fits": "{end} shows {pip}: {tile} has a {pip}, so it fits.",
    "where.end_not": "{end} shows {pip}: {tile} has no {pip}.",
    "where.not_open": "{end} is not open: north and south open once both sides of the spinner hold a tile.",
    # ----- the timed run -----
    "run.title": "Timed run",
    "run.intro": "As many boards as you can in {seconds} seconds.",
    "run.over": "Time is up: this answer was not counted.",
    "run.no_item": "There is no board to answer yet.",
    "run.summary": "{right} right out of {answered} in {seconds} seconds ({percent}%).",
    "run.score": "Score {score}; best streak {best_streak}.",
    "run.per_kind": "“{kind}”: {right} of {answered}.",
    "run.streak": "Streak: {streak}",
    "run.remaining": "{seconds}\u00a0s left",
    "run.bad_index": "A timed run has no board number {index}: the boards are numbered 0 to {max}.",
    # ----- lessons: shared -----
    "lesson.right": "Right: {answer}.",
    "lesson.wrong": "Not quite: the answer is {answer}.",
    "learn.figures": "The figures, what they rest on, and the lines of play",
    "lesson.not_a_choice": "“{text}” is not one of the choices.",
    "lesson.unknown": "There is no lesson “{id}”: the lessons are {ids}.",
    "choice.yes": "Yes",
    "choice.no": "No",
    "choice.nowhere": "nowhere",
    "choice.player": "Player {player}",
    "action.play": "Play a tile",
    "action.draw": "Draw from the boneyard",
    "action.pass": "Pass",
    "hand_end.domino": "A player has dominoed (gone out)",
    "hand_end.blocked": "It is blocked",
    "hand_end.on": "It is not over",
    "wins.now": "He wins at once, in the middle of the hand",
    "wins.end": "He wins when the hand is over",
    "wins.none": "Nobody wins yet",
    "lead_rule.any": "Any of his tiles",
    "lead_rule.double": "Only a double",
    "lead_rule.highest": "His highest tile",
    "lead_rule.scoring": "Only a tile that scores",
    "next_lead.out": "Player {player}, who went out",
    "next_lead.random": "A player chosen at random",
    "next_lead.after": "The player after the one who played last",
    "next_lead.fewest": "The player with the fewest pips left",
    "next_lead.last": "The player who played last",
    "blocked_rule.blocked": "The hand ends: it is blocked",
    "blocked_rule.draw": "The next player draws",
    "blocked_rule.again": "The player who played last plays again",
    "lies.across": "Crosswise, across the line",
    "lies.along": "Along the line, like any tile",
    "lies.upright": "Standing on its end",
    "cincos_blocked.lowest": "The player with the fewest pips scores the others' pips, rounded",
    "cincos_blocked.nobody": "Nobody scores, whatever the pips",
    "cincos_blocked.each": "Each player loses his own pips",
    "cincos_blocked.last": "The player who played last scores the others' pips",
    # ----- the board in words (trainer.svg.describe), for screen readers -----
    "board.describe.separator": "; ",
    "board.describe.sentence": "{text}.",
    "board.describe.sentence_count": "{text}; {count}.",
    "board.describe.count": "count {total}",
    "board.describe.count_sum": "count {terms} = {total}",
    "board.describe.empty": "The table is empty",
    "board.describe.lead": "Lead {tile} alone",
    "board.describe.lead_both": "both halves count",
    "board.describe.line": "Line of {tiles} tiles, no spinner yet",
    "board.describe.line_end_w": "west end {pip}",
    "board.describe.line_end_e": "east end {pip}",
    "board.describe.spinner": "Spinner {tile}",
    "board.describe.arm_end": "{side} arm ends in {pip}",
    "board.describe.arm_double": "{side} arm ends in {pip} (double {tile}, counts {value})",
    "board.describe.arm_double_quiz": "{side} arm ends in {pip} (double {tile})",
    "board.describe.side_empty": "{side} side empty, open on {pip}",
    "board.describe.spinner_counts": "the spinner counts {value} while a side is empty",
    "board.describe.across_open": "north and south are open on {pip} and add nothing yet",
    "board.describe.one_across_open": "{side} is open on {pip} and adds nothing yet",
    # ----- lessons: boards -----
    "board.deal": "Two players, {size} tiles each: player {player} has led {tile}. His hand is below.",
    "board.left_with": "The hand is over: player {player} is left with the tiles below.",
    "board.line": "A line of tiles: the west end shows {west}, the east end {east}.",
    "board.hand": "Player {player} to move; his hand is below.",
    "board.stopped": "Play has stopped. Boneyard: {left} tiles. Hands: {hands}.",
    "board.ends_only": "Player {player} to move. The open ends show {ends}; his hand is below.",
    "board.double_at_end": "The double {tile} lies crosswise at the end of an arm.",
    "board.double_inside": "The double {tile} is covered: the line goes on through it.",
    "board.before_spinner": "A line, no double played yet.",
    "board.spinner_new": "{tile} on the east end: the first double, so it is the spinner.",
    "board.spinner_sides": "Both sides of the spinner {tile} now hold a tile.",
    "board.lead": "A lone lead tile.",
    "board.line_plain": "A line with no spinner.",
    "board.spinner_one_side": "The spinner with one side covered.",
    "board.spinner_later": "The first double, played on the east end of a line.",
    "board.spinner_both_sides": "The spinner with both sides covered.",
    "board.arms_doubles": {
        "one": "{arms} arms, {n} of them ending in a double: the largest play there is.",
        "other": "{arms} arms, {n} of them ending in a double: the largest play there is.",
    },
    "board.partners_end": "A partnership hand, just dominoed.",
    "board.match": "A match to {target}; the scores are {scores}.",
    "board.cincos_deal": "A cincos deal, seven tiles each.",
    "board.cincos_out": "Player {player} has just played his last tile.",
    # ----- lessons: questions -----
    "q.count": "What is the count of this board?",
    "q.points": "The last tile was {move}. How much does it score?",
    "q.part": "How many pips does the {end} end show?",
    "q.fits": "Where can {tile} go?",
    "q.open_ends": "Which ends are open now?",
    "q.second_double": "Now {move}. Does that double become a second spinner?",
    "q.legal_tile": "Player {player} holds {tiles}. Which tile can he play?",
    "q.scoring_move": "Which of your moves scores?",
    "q.draws": (
        "Player {player} holds {hand} and cannot play. The boneyard's next tiles, in order, are "
        "{tiles}. How many does he draw?"
    ),
    "q.action": "Player {player} holds {hand}; {left} tiles are left in the boneyard. What must he do?",
    "q.hand_end": "What has happened to this hand?",
    "q.round": "The hand is over and you are left with {tiles}. What comes off your score?",
    "q.opens": "Which of your moves opens the spinner's north and south ends?",
    "q.scoring_end": "Where should {tile} go to score? Click the end.",
    "q.settle_partners": (
        "The hand is over: {hands}. What happens to the score of players {players}, partners?"
    ),
    # a number of players where a sentence says "with {players} players" (Macedonian counts
    # people with its own numerals: двајца, тројца, четворица)
    "players.number.2": "2",
    "players.number.3": "3",
    "players.number.4": "4",
    "q.hand_size": "With {players} players, how many tiles does each player draw?",
    "q.boneyard": "With two players, how many tiles are left in the boneyard after the deal?",
    "q.partner": "Four players in partnerships: who is player {player}'s partner?",
    "q.lead_rule": "Player {player} starts the hand. Which tile may he lead?",
    "q.next_lead_out": "Player {player} went out and the hand is over. Who leads the next hand?",
    "q.next_lead_blocked": "The hand ended blocked: nobody could play. Who leads the next hand?",
    "q.blocked_rule": "The boneyard is empty and no player's tile fits an open end. What happens?",
    "q.is_double": "Which of these tiles is a double?",
    "q.lies": "How does a double lie on the table?",
    "q.double_counts": "A double {tile} lies crosswise at an open end. How many pips does that end show?",
    "q.which_spinner": "Which of the doubles on the table is the spinner?",
    "q.cincos_cost": (
        "Under cincos another player has gone out and you are left with {tiles}. What comes off your score?"
    ),
    "q.cincos_blocked": "A cincos hand ends blocked. Who scores?",
    "q.target": "With {players} players, what total usually wins?",
    "q.wins": (
        "Player {player} has {score} points and plays {move}, which scores {points}. "
        "The match is to {target}. What happens?"
    ),
    "q.cincos_lead": "Under cincos, {hands}. Which tile is led?",
    "q.cincos_out": (
        "Under cincos, player {player} has gone out; player {other} is left with {tiles}. "
        "How does player {player}'s score change?"
    ),
    "q.target_cincos": "What target does cincos play to unless another is agreed?",
    # ----- lessons: explanations after a wrong answer -----
    "explain.count": "Take the open ends one by one. {equation}",
    "explain.points_scores": "{count} is a positive multiple of five, so the tile scores {points}.",
    "explain.points_nothing": "{count} is not a multiple of five, so the tile scores nothing.",
    "explain.points_zero": "A count of 0 scores nothing: only a positive multiple of five scores.",
    "explain.part_double": (
        "The arm ends in the double {tile}, lying crosswise: both its halves face out, {value} in all."
    ),
    "explain.part_single": (
        "The arm ends in {tile}: only its outer half faces out, showing {value}. A double the line goes on "
        "through shows nothing at the end."
    ),
    "explain.open_ends_sides": (
        "The spinner {tile} takes tiles on its two sides first; its ends across open only once "
        "both sides hold a tile."
    ),
    "explain.open_ends_all": (
        "Both sides of the spinner {tile} hold a tile, so its two ends across, north and south, are open too."
    ),
    "explain.second_double": (
        "Only the first double of the hand is the spinner: {spinner} stays the spinner and {tile} is an "
        "ordinary tile, lying crosswise at the end of its arm."
    ),
    "explain.legal_tile": "The open ends show {ends}. Only {tile} has one of those numbers.",
    "explain.scoring_move": "After {move} the count is {count}, a multiple of five: it scores {points}.",
    "explain.draws": (
        "The open ends show {ends}. He draws one tile at a time until one fits: {tile} is the first "
        "that does, so he draws {count} and plays it at once."
    ),
    "explain.action_play": "He can play ({move}), so he must: a player who can play may not draw.",
    "explain.action_pass": (
        "None of his tiles fits the ends ({ends}) and the boneyard is empty, so he passes."
    ),
    "explain.blocked": "Nobody can play and the boneyard is empty: the hand is blocked.",
    "explain.dominoed": "Player {player} has no tile left: he has dominoed, and the hand is over.",
    "explain.opens": (
        "{move} covers the spinner {tile}'s last open side; with both sides covered, its north "
        "and south ends open."
    ),
    "explain.hand_size": (
        "Each player draws {two} tiles with two players, {three} with three and {four} with four."
    ),
    "explain.boneyard": "Two hands of {each} take {each} + {each} of the 28 tiles: {left} are left.",
    "explain.partner": "Partners sit opposite: players {player} and {partner} play together.",
    "explain.lead_rule": "The start player may lead any tile he holds (under cincos, the highest double).",
    "explain.next_lead_out": "The player who went out leads the next hand: player {player}.",
    "explain.next_lead_blocked": (
        "After a blocked hand nobody went out, so the next start player is chosen at random again."
    ),
    "explain.is_double": "{tile} shows the same number on both halves: it is a double.",
    "explain.lies": "A double is placed crosswise, across the line, as {tile} is here.",
    "explain.double_counts": (
        "A double at an open end lies crosswise, both halves facing out: {tile} shows {value}."
    ),
    "explain.which_spinner": (
        "{tile} was the first double played in the hand, so it is the spinner: it has tiles on its sides. "
        "The other doubles lie in the arms like any tile."
    ),
    "explain.action_draw": (
        "None of his tiles fits the ends ({ends}) and the boneyard still has tiles, so he draws until one "
        "fits."
    ),
    "explain.wins_not": (
        "That brings him to {score}: he has not reached {target} yet, so the game goes on."
    ),
    "explain.cincos_cost": (
        "Nothing: under cincos nobody loses his own pips. The player who went out scores them instead: "
        "{gain}."
    ),
    "explain.cincos_blocked": (
        "In a blocked cincos hand the player with the lowest pip total scores the others' pips, rounded to "
        "five; if the lowest total is shared, nobody scores."
    ),
    "explain.target": "The usual target is {two} with two players and {more} with three or four.",
    "explain.wins": (
        "That brings him to {score}, so he reaches {target}: the game ends the moment a side reaches the "
        "target, even in the middle of a hand."
    ),
    "explain.settle_partners": (
        "Each partner's pips are rounded to five ({remainders}) and both come off the side's score: "
        "{change}."
    ),
    "explain.cincos_lead": (
        "Under cincos the holder of the highest double leads it: player {player} leads {tile}, "
        "and it is the spinner."
    ),
    "explain.cincos_out": (
        "The opponent's tiles hold {pips} pips, rounded to five: the player who went out scores "
        "{value}. Nobody subtracts anything."
    ),
    "explain.target_cincos": "Cincos plays to {target} unless the players agree another target.",
    # ----- lessons: titles and texts -----
    "lesson.deal.title": "Players, the deal and the lead",
    "lesson.deal.body": "Who plays, how many tiles each, and who starts.",
    "lesson.deal.stage1": (
        "All Fives is played with the 28 tiles of a double-six set by two, three or four players, who sit "
        "round the table as players 1, 2, 3 and 4 and take turns in that order. Shuffle the tiles face "
        "down; each player draws {two} tiles with two players, {three} with three and {four} with four. The "
        "tiles nobody drew stay face down as the boneyard. On a board, the last tile played has an orange "
        "edge."
    ),
    "lesson.deal.stage2": (
        "The first hand's start player is chosen at random and leads any tile. A later hand is started by "
        "the player who went out in the hand before; after a blocked hand, when nobody went out, the start "
        "player is chosen at random again."
    ),
    "lesson.deal.stage3": (
        "With four players the usual game is two partnerships, partners sitting opposite: players 1 and 3 "
        "against 2 and 4. A partnership scores as one side."
    ),
    "lesson.matching.title": "Matching",
    "lesson.matching.body": "How a tile is added to the layout.",
    "lesson.matching.stage1": (
        "Players take turns. On your turn you add one tile to an open end of the layout, and the "
        "touching halves must show the same number: a 4 goes against a 4. A line has two open ends, "
        "west and east; a tile that matches both may go on either."
    ),
    "lesson.matching.stage2": (
        "Look at each open end, then at your tiles: only a tile with one of those numbers can go."
    ),
    "lesson.drawing.title": "Drawing, passing and the end of a hand",
    "lesson.drawing.body": "What to do when you cannot play, and how a hand ends.",
    "lesson.drawing.stage1": (
        "If you cannot play, draw from the boneyard, one tile at a time, until you draw one that fits; "
        "play it at once."
    ),
    "lesson.drawing.stage2": (
        "If you can play, you must: you may not draw instead. If you cannot play and the boneyard is "
        "empty, you pass."
    ),
    "lesson.drawing.stage3": (
        "The hand ends when a player plays his last tile (he has dominoed), or when nobody can play "
        "and the boneyard is empty (the hand is blocked)."
    ),
    "lesson.doubles.title": "Doubles",
    "lesson.doubles.body": "How a double lies, and what it shows at an end.",
    "lesson.doubles.stage1": (
        "A double shows one number on both halves and is placed crosswise. When a double lies at an open "
        "end, both its halves face out: 4-4 at an end shows 8. Two lessons on, the count adds up what the "
        "open ends show. (The first double of a hand is the spinner, in the middle of these boards, with "
        "rules of its own: the next lesson.)"
    ),
    "lesson.doubles.stage2": (
        "Once the next tile is put against a double, the line goes on through it, and that end shows "
        "only the new tile's outer half."
    ),
    "lesson.spinner.title": "The spinner",
    "lesson.spinner.body": "The first double of a hand, and its four arms.",
    "lesson.spinner.stage1": (
        "The first double played in the hand is the spinner, whether it is the lead or comes later "
        "at the end of the line. Tiles go first on its two sides, east and west, along the line."
    ),
    "lesson.spinner.stage2": (
        "Once both sides of the spinner hold a tile, its two ends across the line open too, north "
        "and south: it can have four arms."
    ),
    "lesson.spinner.stage3": "Only the first double is the spinner: later doubles are ordinary tiles.",
    "lesson.count.title": "Taking the count",
    "lesson.count.body": "The count is the total of the open ends. Here is how each end is taken.",
    "lesson.count.stage1": (
        "A lone lead counts both halves. A line with no spinner counts its two end pips. From this lesson "
        "on, an answered board shows its marks: the count at the top; a green disc at each open end, what "
        "that end adds; a blue disc by a lone lead or by the spinner, what it counts itself; a dashed ring, "
        "an open end with no tile yet, which adds nothing."
    ),
    "lesson.count.stage2": (
        "The spinner counts its full pips while at least one of its sides is still open: "
        "add it to the end that is covered."
    ),
    "lesson.count.stage3": "Once both sides of the spinner hold a tile, the spinner counts nothing.",
    "lesson.count.stage4": (
        "Each arm counts the outer pip of its last tile, both halves if that tile is a double. "
        "The spinner's ends across count only once a tile is on them."
    ),
    "lesson.scoring.title": "Scoring multiples of five",
    "lesson.scoring.body": "When a tile scores, and how much.",
    "lesson.scoring.stage1": (
        "After each tile, total the open ends. If the count is a positive multiple of five (5, 10, 15, "
        "...), the player who added the tile scores that many points. Any other count, 0 included, "
        "scores nothing."
    ),
    "lesson.scoring.stage2": "Before you play, try each end: which one leaves a multiple of five?",
    "lesson.rounding.title": "The end of a hand: rounding",
    "lesson.rounding.body": "What the tiles left in your hand cost you.",
    "lesson.rounding.stage1": (
        "When the hand ends, each player totals the pips left in his hand and rounds it to the "
        "nearest five: 0, 1 or 2 over a multiple of five round down, 3 or 4 round up (7 becomes "
        "{seven}, 8 becomes {eight}). That is taken off his score, and a score may go below zero."
    ),
    "lesson.rounding.stage2": "Two more hands: round each to the nearest five.",
    "lesson.rounding.stage3": "Partners lose both their remainders from the side's score.",
    "lesson.winning.title": "Winning",
    "lesson.winning.body": "When the game is won.",
    "lesson.winning.stage1": (
        "The first side to reach the agreed total wins: usually {two} with two players and {more} "
        "with three or four."
    ),
    "lesson.winning.stage2": (
        "The game ends the moment a side reaches the target, even in the middle of a hand."
    ),
    "lesson.cincos.title": "What changes under cincos",
    "lesson.cincos.body": "Cincos counts and scores the ends the same way, with these differences.",
    "lesson.cincos.stage1": (
        "Each player takes {size} tiles. The player holding the highest double leads it, and that "
        "double is the spinner (no double dealt: deal again)."
    ),
    "lesson.cincos.stage2": (
        "The player who goes out scores the pips left in the opponents' hands, rounded to five; "
        "nobody subtracts. In a blocked hand the player with the lowest pip total scores the others' "
        "pips, rounded; a shared lowest total scores nothing."
    ),
    "lesson.cincos.stage3": "Cincos plays to {target} unless the players agree another target.",
    # ----- lessons: the strategy course (trainer.teach.strategy), worked hands, glossary, legend -----
    # who is who, seen from the player to move
    # in the middle of a sentence (trainer.teach.bestmove.seat_word): "Pips left: you 5 (costs 5), ..."
    "seat.you": "you",
    "seat.opponent": "your opponent",
    "seat.left": "Left",
    "seat.partner": "Partner",
    "seat.right": "Right",
    "seat.across": "Across",
    # a solved line in words (trainer.teach.bestmove)
    "line.plays": "{who}: {drew}{move}",
    "line.scores": "{who}: {drew}{move} (+{points})",
    "line.pass": "{who}: {drew}no move, pass",
    "line.drew": {"one": "{n} tile drawn, ", "other": "{n} tiles drawn, "},
    "line.drew_last": {"one": "{who}: the last tile drawn", "other": "{who}: the last {n} tiles drawn"},
    "line.out": "{who}: out",
    "line.blocked": "nobody can play: blocked",
    "line.arrow": " → ",
    "line.pips": "{who} {pips} (costs {rounded})",
    "line.whole": "{line}. Pips left: {left}. Result for you: {value}.",
    "line.whole_none": "{line}. Result for you: {value}.",
    "board.you": "You are player {player}, to move; your hand is below.",
    "board.you_partners": (
        "Partners: you and your partner against Left and Right. You are player {player}, to move; your "
        "hand is below."
    ),
    "board.known": {
        "one": (
            "You are player {player}, to move; your hand is below. The boneyard is empty, so the {n} tile "
            "you cannot see is your opponent's: {tiles}."
        ),
        "other": (
            "You are player {player}, to move; your hand is below. The boneyard is empty, so the {n} tiles "
            "you cannot see are your opponent's: {tiles}."
        ),
    },
    "board.holds": "{who} holds {n}",
    "board.lacks": "{who} has shown he has no {suits}.",
    "board.hidden": (
        "You are player {player}, to move; your hand is below. You cannot see {unseen} tiles: {held}, and "
        "{bone} lie in the boneyard. {lacks}"
    ),
    "board.hidden_partners": (
        "Partners: you and your partner against Left and Right. You are player {player}, to move; your hand "
        "is below. You cannot see {unseen} tiles: {held}. {lacks}"
    ),
    "board.your_deal": "A new hand: player {player} leads. His hand is below.",
    "board.table": "The table.",
    "board.just_scored": "The last play scored {points}.",
    "board.after_draw": (
        "Player {player} has just drawn from the boneyard when the open ends showed {ends}, then played. "
        "You are player {viewer}; your hand is below."
    ),
    "board.drew_here": (
        "Your opponent could not play on this table and drew from the boneyard. Your hand is below."
    ),
    "board.after_pass": (
        "Player {player} has just passed when the open ends showed {ends}. You are player {viewer}; your "
        "hand is below."
    ),
    "board.muggins": "Player {player} has just played the highlighted tile.",
    "strategy.value_line": "{move}: scores {points} now; worth {value} by the end of the hand.",
    "strategy.mean_line": (
        "{move}: scores {points} now; worth {value} on average by the end of the hand; the best move in "
        "{best_in} of the {deals} deals."
    ),
    "strategy.solved": (
        "Solved exactly, with every tile known to you: {best} is the best move, worth {value} to you by the "
        "end of the hand."
    ),
    "strategy.solved_deals": (
        "Judged on what you can see: the {unseen} tiles you cannot see can lie in {deals} ways that fit what "
        "you know, and each was solved exactly. {best} is the best move: worth {value} on average by the end "
        "of the hand, and the best in {best_in} of the {deals} deals."
    ),
    "strategy.solved_sampled": (
        "Judged on what you can see, two ways. Over {deals} deals of the {unseen} tiles you cannot see, "
        "drawn at random among those that fit what you know, each solved with every tile known, {best} is "
        "worth {value} on average by the end of the hand; played out {playouts} times with every player "
        "choosing only on what he can see, {played} on average. By both, it beats every other choice here "
        "beyond the 95% margin."
    ),
    "strategy.sampled_line": (
        "{move}: scores {points} now; over the {deals} deals worth {value} on average, the best move in "
        "{best_in} of them; played out, {played} on average."
    ),
    "strategy.sampled_lead": (
        "{best} is ahead of it by {lead} ± {margin} over the deals and by {played_lead} ± {played_margin} "
        "played out (95% margins)."
    ),
    "strategy.example_deal": (
        "One of the {deals} deals, for example: {who} holds {hand}; the boneyard, from the top: {bone}. On "
        "that deal, best play after {best}: {line} That is one deal only: the figures above are over all "
        "{deals}."
    ),
    "strategy.example_yours": (
        "On the same example deal, after {move}, best play: {line} One deal only: over all {deals}, {move} "
        "is worth {value} on average and {best} {best_value}."
    ),
    "strategy.fact_opens": "{best} opens the spinner: north and south become open ends.",
    "strategy.fact_keeps": "{best} keeps the spinner's north and south closed; {other} would open them.",
    "strategy.fact_closed": "The spinner's north and south stay closed after {best}.",
    "strategy.best_line": "Best play after it: {line}",
    "strategy.your_line": "After {move}, best play: {line}",
    "why.block_less": (
        "It blocks the hand: nobody can play. You keep {mine} pips and lose {my_loss}; your opponent keeps "
        "{theirs} and loses {their_loss}."
    ),
    "why.block_even": (
        "It blocks the hand: nobody can play. You keep {mine} pips and lose {my_loss}; your opponent keeps "
        "{theirs} and loses {their_loss}: on pips the block gains you nothing. It is best for what the other "
        "moves let happen: {other} is worth {other_value}."
    ),
    "why.out": (
        "After it, along best play, you go out first and your opponent is left holding {pips} pips ({cost})."
    ),
    "why.reply": (
        "{other} scores {other_points} now, but your opponent answers with {reply_move} for {reply}; after "
        "{best} his reply along best play scores {best_reply}."
    ),
    "why.partner": (
        "It scores {best_points} now, but along best play your partner then scores {partner}, against "
        "{other_partner} after {other}."
    ),
    "why.setup": (
        "It scores {best_points} now and {other} {other_points}, but it sets up {next_move} for "
        "{next_points} on your next turn."
    ),
    "why.grab": (
        "Take the points: it scores {best_points} now and is worth {value} by the end of the hand; {other} "
        "scores {other_points} and is worth {other_value}."
    ),
    "why.whole": (
        "It scores {best_points} now and {other} {other_points}; over the rest of the hand it is worth "
        "{value} and {other} {other_value}: see the lines below."
    ),
    "why.partner_mean": (
        "It scores {best_points} now; along best play your partner then scores {partner} on average, against "
        "{other_partner} after {other}."
    ),
    "why.reply_mean": (
        "After {other} the next player's reply scores {reply} on average along best play; after {best}, "
        "{best_reply}."
    ),
    "why.mean": "{best} is worth {value} on average and {other} {other_value}.",
    "why.shed_more": (
        "It sheds the heavier tile: {pips} pips out of your hand, against {other_pips} with {other}."
    ),
    "why.shed_not_here": (
        "Shedding the heaviest tile is not the play this time: {other} sheds {other_pips} pips and {best} "
        "{pips}, yet {best} does better over the rest of the hand, for what each leaves on the table."
    ),
    "why.no_rule": "No simple rule tells these two moves apart here; the hand played out does:",
    "why.sampled_reply": (
        "After {other}, the most the next player could score at once with a tile from his hand is {reply} "
        "on average over the deals; after {best}, {best_reply}."
    ),
    "why.sampled_grab": (
        "It scores {best_points} now and {other} {other_points}, and it stays ahead over the rest of the "
        "hand: worth {value} on average over the deals, {other} {other_value}."
    ),
    "why.sampled_later": (
        "{other} scores {other_points} now and {best} {best_points}, but over the rest of the hand {best} is "
        "worth {value} on average and {other} {other_value}: see an example deal below."
    ),
    "strategy.loses": "{who}: {pips} pips left, {value} off",
    "strategy.claims_nothing": "claims nothing",
    "strategy.claims": "claims {claim}",
    "strategy.settles": "he scores {claimer}, the next side {next_side}",
    "strategy.allows": "{tile} {points}",
    "strategy.change": "{count} − {old} + {new} = {after}",
    "strategy.move_change": "{move}: {change}.",
    "q.best_move": "You are player {player}: which move is best?",
    "q.scores_most": "Which of your moves scores the most now?",
    "q.lead_points": "Which of your tiles scores as the lead?",
    "explain.lead_points": "{tile} has {points} pips: led alone, both halves count, a multiple of five.",
    "q.lead_score": "How much does {tile} score as the lead?",
    "explain.lead_score": "Led alone, {tile} counts both halves, {pips}, which scores {points}.",
    "q.lead_reply": "You lead {tile}. What is the most your opponent's reply can score, whatever he holds?",
    "explain.lead_reply": "{reply} makes the count {count}: {points}. No reply to {tile} scores more.",
    "q.safe_lead": "Which of these leads lets no reply score at once?",
    "explain.safe_lead": (
        "No tile played on {tile} makes a multiple of five. The most a reply scores after each lead: {each}."
    ),
    "q.count_after": "The count is {count}. What is it after {move}?",
    "explain.count_after": (
        "{move} covers an end worth {old} with one worth {new}: the count becomes {change}."
    ),
    "q.scoring_move_count": "The count is {count}. Which of your moves scores?",
    "q.on_double": (
        "The {end} arm ends in the double {double}, which counts {value}; the count is {count}. What is the "
        "count if {tile} is played on it?"
    ),
    "explain.on_double": (
        "On a double the old end counts both halves: {double} counts {value}, and the new end {new}: "
        "{change}."
    ),
    "q.answer_rule": (
        "Which of these tiles scores on any end after a play that scored (unless that end is 6-6 or 1-1)?"
    ),
    "explain.answer_rule": (
        "{tile} changes an end by 0 or 5 wherever it fits, so a count that was a multiple of five stays one "
        "(and scores unless it falls to 0). Each of the others changes some end by 1 to 4."
    ),
    "q.answer_tile": (
        "The count is {count}: the last play scored. Which of these tiles, on the {end} end ({pip}), "
        "scores too?"
    ),
    "explain.answer_tile": "{tile} keeps the count a multiple of five: {change}.",
    "q.answer_double": (
        "The {end} arm ends in the double {double}; the count is {count}. Which of these tiles, played on "
        "it, scores?"
    ),
    "explain.answer_double": "On {double} the old end counts {value}: {tile} makes the count {change}.",
    "q.reply": "If you play {move}, what is the most your opponent can score with his reply?",
    "explain.reply": "After {move}, {said}",
    "explain.reply_move": "{reply} scores {points}: his best reply at once.",
    "explain.reply_none": "none of his replies scores.",
    "q.unseen": "How many tiles with a {suit} can you not see (in your opponent's hand or the boneyard)?",
    "explain.unseen": (
        "A suit has 7 tiles. You see {seen} tiles with a {suit}, on the table and in your hand, so {unseen} "
        "are out of sight."
    ),
    "q.dead_end": "Which open end can no other player play on?",
    "explain.dead_end": (
        "All seven tiles with a {suit} are in sight: {table} on the table and {hand} in your hand. Nobody "
        "else can hold one."
    ),
    "q.most_suit": (
        "Your opponent holds {held} tiles and the boneyard {bone}. At most how many tiles with a {suit} "
        "can he hold?"
    ),
    "explain.most_suit": (
        "{unseen} tiles with a {suit} are out of your sight, and he holds {held} tiles: at most {most}."
    ),
    "q.cost": "If the hand were blocked now, what would your tiles take off your score?",
    "q.cost_out": "If your opponent went out now, what would your tiles take off your score?",
    "explain.cost": "Pips: {equation}, rounded to the nearest five: {cost}.",
    "q.blocks": "Which of your moves blocks the hand (nobody can play after it)?",
    "explain.blocks": (
        "After {move} no tile fits any open end and the boneyard is empty: the hand is blocked. Each "
        "player loses his own pips: {lost}."
    ),
    "q.lacks": "Which of these tiles can player {player} not be holding?",
    "explain.lacks_draw": (
        "A player draws only when none of his tiles fits: player {player} had no {ends} when he drew, and "
        "the tiles he drew and kept have none either. So he cannot hold {tile}."
    ),
    "explain.lacks_pass": (
        "A player passes only when none of his tiles fits: player {player} holds no {ends}, so not {tile}."
    ),
    "q.lacks_suit": "Which of these numbers can your opponent not hold?",
    "explain.lacks_suit": (
        "He drew when the open ends showed {ends}: he had no {suit} then, and the tiles he drew and kept "
        "have none either."
    ),
    "q.cincos_gain": (
        "Under cincos, if you went out now, what would you score for your opponent's tiles ({tiles})?"
    ),
    "explain.cincos_gain": "Going out scores the others' pips, rounded to five: {equation}, rounded {gain}.",
    "q.muggins": (
        "Muggins is on. Player {player} plays {move} and {claimed}. What does each side score for the play?"
    ),
    "explain.muggins_right": (
        "The play makes {points} (count {count}) and he {claimed}: a right claim keeps them. He scores "
        "{claimer}, the next side nothing."
    ),
    "explain.muggins_short": (
        "The play makes {points} (count {count}) and he {claimed}: a short claim scores nothing for him, and "
        "the play's {points} go to the next side."
    ),
    "explain.muggins_missing": (
        "The play makes {points} (count {count}) and he {claimed}: a missing claim scores nothing for him, "
        "and the play's {points} go to the next side."
    ),
    "explain.muggins_over": (
        "The play makes {points} (count {count}) and he {claimed}: an over-claim scores nothing for him; the "
        "next side gets the play's {points} and the {over} claimed beyond them: {next_side}."
    ),
    # the lessons of the strategy course
    "strategy.leads.title": "Choosing the lead",
    "strategy.leads.body": "The first tile of a hand can score at once, and it shapes the reply.",
    "strategy.leads.stage1": (
        "Led alone, a tile counts both halves. 5-0, 4-1 and 3-2 count 5 and score 5; 6-4 and 5-5 count 10 "
        "and score 10. Any other lead scores nothing."
    ),
    "strategy.leads.stage2": (
        "Look at the reply a lead allows: a tile on either end changes the count, and some leads let the "
        "next player score more than you did."
    ),
    "strategy.ends.title": "What a tile adds",
    "strategy.ends.body": "The new end less the old one.",
    "strategy.ends.stage1": (
        "A tile on an end changes the count by its new end less the old one: 4-1 on a 4 turns a 4 into a "
        "1, so the count falls by 3. Add the difference to the count you see, and you know what a move "
        "scores without counting the whole board again."
    ),
    "strategy.ends.stage2": (
        "A double at an end counts both halves, so a tile on it takes away twice the double's number."
    ),
    "strategy.answers.title": "Answering a score",
    "strategy.answers.body": "Tiles that score after a score.",
    "strategy.answers.stage1": (
        "When the count is a multiple of five, a tile that changes its end by 0 or 5 keeps it one: 0-0 on a "
        "0, 0-5 on a 0 or a 5, 5-5 on a 5, 6-1 on a 6 or a 1. So after your opponent scores, these tiles "
        "score too, unless the end is the double 6-6 or 1-1."
    ),
    "strategy.answers.stage2": (
        "A double at an end counts both halves: a tile played on it must make up twice its number."
    ),
    "strategy.setups.title": "Set-ups",
    "strategy.setups.body": "Points now against points later.",
    "strategy.setups.stage1": (
        "The tile that scores most now is often best, but not always: a tile that scores less can leave a "
        "count you reach next turn, or keep back the tile that makes it. Weigh both: each answer here is "
        "worked out to the end of the hand, on the tiles you can see and on the ways the others can lie."
    ),
    "strategy.setups.stage2": "Two more: grab, or set up?",
    "strategy.share.setups": (
        "How often does taking the points win? In {n} positions from real hands where one move scored more "
        "now than another, the move that scored the most was best in {k} ({percent}); in the other {rest} a "
        "set-up, a safer end or the tiles kept were worth more, as each explanation below says."
    ),
    "strategy.share.defence": (
        "How often is leaving the least to the reply best? In {n} positions from real hands where the moves "
        "left the next player different scores, the move that left him the least was best in {k} "
        "({percent}); in the other {rest} your own points now, or what came later, mattered more, as each "
        "explanation below says."
    ),
    "strategy.share.shedding": (
        "How often is shedding a double or your heaviest tile best? In {n} positions from real hands where "
        "one move shed it and another did not, shedding was best in {k} ({percent}); in the other {rest} "
        "the points or the ends mattered more, as each explanation below says."
    ),
    "strategy.share.blocking": (
        "How often is blocking best? In {n} positions from real hands where one move blocked the hand and "
        "another did not, blocking was best in {k} ({percent}); in the other {rest} playing on was worth "
        "more, as each explanation below says."
    ),
    "strategy.share.going_out": (
        "How often is the way out best? In {n} positions from real hands where one move led to going out "
        "and another did not, the way out was best in {k} ({percent}); in the other {rest} the points on "
        "the way were worth more, as each explanation below says."
    ),
    "strategy.share.partners": (
        "How often does taking the points win with partners? In {n} positions from partners' hands where "
        "one move scored more now than another, the move that scored the most was best in {k} ({percent}); "
        "in the other {rest} what your partner or the next player could do mattered more, as each "
        "explanation below says."
    ),
    "strategy.share.cincos": (
        "How often does taking the points win under cincos? In {n} positions from hands of cincos where one "
        "move scored more now than another, the move that scored the most was best in {k} ({percent}); in "
        "the other {rest} something else mattered more, as each explanation below says."
    ),
    "strategy.defence.title": "Defending the count",
    "strategy.defence.body": "What your opponent can score after you.",
    "strategy.defence.stage1": (
        "Before you play, look at the ends you leave: what can your opponent make with his reply? Sometimes "
        "the points now are worth his reply, sometimes not."
    ),
    "strategy.defence.stage2": "Two more: count his best reply before you choose.",
    "strategy.counting.title": "Counting a suit",
    "strategy.counting.body": "Seven tiles of each number.",
    "strategy.counting.stage1": (
        "Each number is on seven tiles. Those on the table and in your hand are out of everyone else's "
        "reach: count them, and you know how many the others can hold."
    ),
    "strategy.counting.stage2": (
        "The tiles you cannot see are shared by your opponent's hand and the boneyard."
    ),
    "strategy.shedding.title": "Shedding heavy tiles and doubles",
    "strategy.shedding.body": "The tiles you are left with cost you.",
    "strategy.shedding.stage1": (
        "Every pip left in your hand at the end comes off your score, and a double fits only one number. "
        "Getting rid of them matters, but not always more than the points on the table."
    ),
    "strategy.shedding.stage2": "Two more: shed, or play for points?",
    "strategy.spinner_play.title": "Opening or closing the spinner",
    "strategy.spinner_play.body": "Two more ends, for both players.",
    "strategy.spinner_play.stage1": (
        "Covering the spinner's last open side ends its count and opens north and south: more places to "
        "play, for you and for your opponent. Whether that helps depends on who holds the tiles. These "
        "positions come from the middle of real hands: you cannot see your opponent's tiles nor the "
        "boneyard, so each answer is judged over many deals of them, and by playing the hand out."
    ),
    "strategy.spinner_play.stage2": "Two more: open it, or leave it closed?",
    "strategy.blocking.title": "Blocking when it pays",
    "strategy.blocking.body": "Ending the hand yourself.",
    "strategy.blocking.stage1": (
        "If nobody can play after your tile and the boneyard is empty, the hand is blocked, and each "
        "player loses his own pips, rounded to five."
    ),
    "strategy.blocking.stage2": (
        "A block pays when you lose less than your opponent and he had points to come; rounding can make "
        "the losses equal. Two more."
    ),
    "strategy.reading.title": "Reading draws and passes",
    "strategy.reading.body": "What the other player's draws and passes tell you.",
    "strategy.reading.stage1": (
        "A player draws only when none of his tiles fits an open end: from then on he lacks those "
        "numbers, until he draws again."
    ),
    "strategy.reading.stage2": "A pass says the same: none of his tiles fits any open end.",
    "strategy.going_out.title": "Scoring or going out",
    "strategy.going_out.body": "Decide early what your hand is for.",
    "strategy.going_out.stage1": (
        "A hand ends when someone goes out or nobody can play, and the tiles left cost their pips. Some "
        "hands are for scoring, holding back the tiles that make a count; others are for going out first, "
        "keeping a tile for every end."
    ),
    "strategy.going_out.stage2": "Two more: race to go out, or score on the way?",
    "strategy.partners.title": "Partner play",
    "strategy.partners.body": "Your partner's points are yours.",
    "strategy.partners.stage1": (
        "With partners, the points your partner scores count for your side: play for the side, not for "
        "yourself. You cannot see how the other hands lie, so these positions are judged over every way "
        "they can."
    ),
    "strategy.partners.stage2": "Two more partnership positions.",
    "strategy.cincos_play.title": "The race to go out under cincos",
    "strategy.cincos_play.body": "Going out scores the others' pips.",
    "strategy.cincos_play.stage1": (
        "Under cincos the highest double leads and is the spinner, and nobody loses pips: the player who "
        "goes out scores the pips left in the others' hands. Going out first can be worth more than a "
        "score on the way."
    ),
    "strategy.cincos_play.stage2": "Two more cincos endings.",
    "strategy.muggins.title": "Muggins",
    "strategy.muggins.body": "Claim your points, or lose them.",
    "strategy.muggins.stage1": (
        "With Muggins on, each player claims the points of his play himself, in fives. A right claim, 0 "
        "included, keeps them. A short or missing claim scores nothing for him, and the play's points go "
        "to the next side. An over-claim scores nothing for him either: the next side gets the play's "
        "points and the points claimed beyond them."
    ),
    "strategy.muggins.stage2": "Two more claims: check the count before you claim.",
    # ----- puzzles of your own: moves graded mistake or blunder (trainer.play.mistakes) -----
    "mine.kind": "your own",
    "mine.title": "A move from your game: find the better move",
    "mine.intro": (
        "In a game you played {played} here, and the review of the hand graded it a mistake or a blunder. "
        "Find the better move. The board is as you saw it then: the tiles you could not see are hidden."
    ),
    "mine.review_button": "Your own puzzle from a game: find the better move",
    "mine.judging": "The coach is judging your move…",
    "mine.right_best": "Right: {move} is the coach's move here.",
    "mine.same_again": (
        "{move} is the move you played in the game, and the review proved it worse: {best} is better."
    ),
    "mine.worse": "Not this one: {move} loses {loss} points against {best} ({basis}).",
    "mine.as_good": "Right: {move} is as good as {best} on this evidence ({basis}), not significantly worse.",
    "mine.unclear": (
        "No deal of the hidden tiles could be solved in time to judge {move}; the coach's move is {best}."
    ),
    "mine.not_legal": "{move} is not a legal move here.",
    "mine.filed": {
        "one": "{n} move of this hand goes to your review queue as a puzzle of your own.",
        "other": "{n} moves of this hand go to your review queue as puzzles of your own.",
    },
    "mine.need_learner": (
        "Choose or create a learner in the sidebar, and the moves graded mistake or blunder will come back "
        "in your review queue as puzzles of your own."
    ),
    "mine.bad_card": "This puzzle of your own could not be read ({error}); it is left out.",
    # ----- practice against the solver (trainer.teach.practice, ui/practice.py) -----
    "practice.goal.score": (
        "Score at least {amount} from here (by the end of the hand, your pips left count against you)."
    ),
    "practice.goal.out": "Go out first.",
    "practice.goal.score_cincos": (
        "Score at least {amount} from here (by the end of the hand: your plays, and the others' pips if "
        "you go out or hold the fewest)."
    ),
    "practice.goal.hold_cincos": (
        "Hold your opponent under {amount} from here (his plays by the end of the hand, and your pips if he "
        "goes out or holds the fewest)."
    ),
    "practice.goal_short.score": "Score at least {amount}",
    "practice.goal_short.out": "Go out first",
    "practice.goal_short.hold": "Hold your opponent under {amount}",
    "practice.goal.hold": (
        "Hold your opponent under {amount} from here (his points by the end of the hand, less his pips left)."
    ),
    "practice.unknown": "There is no practice position {id}: choose one from the list below.",
    "practice.title": "Practice against the solver",
    "practice.intro": (
        "A position from a real hand and a goal: play it to the end of the hand against the perfect player, "
        "who sees every tile and stops you whenever he can. Every goal here is proven reachable. Three stars "
        "at the first try, two at the second, one after that."
    ),
    "practice.pick": "Position",
    "practice.option": "{number}. {goal} ({rules})",
    "practice.goal": "Goal: {goal}",
    "practice.known": (
        "Rules: {rules}. The boneyard is empty, so you know every tile: your opponent holds {tiles}."
    ),
    "practice.opponent_holds": "Your opponent's tiles now: {tiles}.",
    "practice.you": "You",
    "practice.opponent": "The perfect player",
    "practice.passed": "{who}: cannot play, passes.",
    "practice.scored": "{who}: {move}, scores {points}.",
    "practice.played": "{who}: {move}.",
    "practice.your_move": "Your move: pick a tile, then its end.",
    "practice.met": "Goal met! {stars} {earned} of {most} stars.",
    "practice.lost": (
        "After {move} the goal can no longer be reached: the perfect player now stops you whatever you do. "
        "What would have kept it: {kept}. Retry, or play on to see how."
    ),
    "practice.failed": "The hand is over and the goal was missed. Retry?",
    "practice.lost_over": (
        "After {move} the goal could no longer be reached: the perfect player stopped you whatever you did. "
        "What would have kept it: {kept}."
    ),
    "practice.end_out_you": (
        "How the hand ended: you went out. Points in this hand, the end of the hand counted: "
        "you {mine}, the perfect player {theirs}."
    ),
    "practice.end_out_them": (
        "How the hand ended: the perfect player went out. Points in this hand, the end of the hand counted: "
        "you {mine}, the perfect player {theirs}."
    ),
    "practice.end_blocked": (
        "How the hand ended: it was blocked. Points in this hand, the end of the hand counted: "
        "you {mine}, the perfect player {theirs}."
    ),
    "practice.retry": "Retry",
    "practice.next": "Next position",
    "practice.next_assigned": "Next assigned goal",
    "practice.assigned": "Assigned to you: {title}, due {day}. Reaching the goal counts for it.",
    "practice.counted": "Counted for your assignment {title}: {stars}.",
    "practice.thinking": "The perfect player is thinking…",
    "worked.title": "Worked hands",
    "worked.intro": (
        "Whole hands of two computer players who take the most points they can at once. You take the "
        "seat of the player who leads: at each of your turns, say what you would play, then see the "
        "verdict, what it rests on, and why."
    ),
    "worked.hand": "Hand {number}",
    "worked.pick": "Which hand",
    "worked.deal": (
        "You play as player {player}, who leads, with {tiles}; player {other}'s tiles and the boneyard "
        "are hidden. Each verdict is weighed on what the player to move could know then: {deals} deals "
        "of the tiles he could not see, each solved with every tile known, and {playouts} played out "
        "with every player choosing on what he can see."
    ),
    "worked.drew": {"one": "Player {player} draws {n} tile.", "other": "Player {player} draws {n} tiles."},
    "worked.pass": "Player {player} cannot play and the boneyard is empty: he passes.",
    "worked.play": "Player {player} plays {move}.",
    "worked.play_scores": "Player {player} plays {move} and scores {points}.",
    "worked.forced": "It is his only move.",
    "worked.either": "Only one tile fits, and either end comes to the same.",
    "worked.basis": (
        "Basis: what player {player} could know: {deals} deals of the tiles he could not see, each "
        "solved exactly, and {playouts} played out on what each player can see, with 95% margins."
    ),
    "worked.basis_exact": "Basis: exact: the tiles could lie only one way.",
    "worked.verdict_best": "{move} is the best choice: {idea}.",
    "worked.verdict_best_close": {
        "one": (
            "{move} does best on these deals: {idea}; {n} other move comes as close as the deals can tell."
        ),
        "other": (
            "{move} does best on these deals: {idea}; {n} other moves come as close as the deals can tell."
        ),
    },
    "worked.verdict_close": (
        "{move} is as good as the deals can tell: {best} does best on them, but not beyond their margin."
    ),
    "worked.verdict_worse_played": (
        "{best} is better than {move} by {played} ± {played_margin}, played out on what each player can "
        "see: {idea}. (With every tile known, the deals put it {diff} ± {margin} ahead.)"
    ),
    "worked.though_scores": "{idea}, though {move} scores {points} now",
    "worked.verdict_exact_worse": "{best} is better than {move} by {diff}, exactly: {idea}.",
    "worked.verdict_unclear": (
        "Unclear: with every tile known, {exact} does better; played out on what each player can see, "
        "{played} does as well or better."
    ),
    "worked.left": "player {player} holds {tiles} ({pips} pips)",
    "worked.domino": "Player {player} has dominoed: {left}.",
    "worked.blocked": "Nobody can play: the hand is blocked; {left}.",
    "worked.scores": "The scores once the pips left are settled: {scores}.",
    "worked.your_turn": "Your turn (player {player}). What would you play?",
    "worked.their_turn": "Player {player}'s turn.",
    "worked.table": "Player {player} holds {tiles}; the boneyard holds {bone}.",
    "worked.you_chose": "Your move:",
    "worked.you_chose_too": "Your move, the one played in the hand too:",
    "worked.in_hand": "In the hand, player {player} played {move}.",
    "worked.next": "Next turn",
    "worked.see_end": "See how the hand ends",
    "worked.again": "Start this hand again",
    "worked.story": "The hand so far, turn by turn",
    "worked.step": "Turn {n} of {total}",
    "glossary.title": "Glossary and board marks",
    "glossary.tile.name": "Tile",
    "glossary.tile.text": "one domino, two halves with 0 to 6 pips each, written high half first: 6-4.",
    "glossary.double.name": "Double",
    "glossary.double.text": "a tile with the same number on both halves, such as 4-4; it lies crosswise.",
    "glossary.spinner.name": "Spinner",
    "glossary.spinner.text": "the first double played in a hand; it can take tiles on four sides.",
    "glossary.side.name": "Side",
    "glossary.side.text": (
        "the spinner's east and west, along the line: they take tiles first."
    ),
    "glossary.arm.name": "Arm",
    "glossary.arm.text": "the row of tiles that grows out of the spinner in one direction.",
    "glossary.end.name": "End",
    "glossary.end.text": (
        "the spinner's north and south, across the line, open once both sides hold a tile; and, for any "
        "line or arm, its outer tip."
    ),
    "glossary.open_end.name": "Open end",
    "glossary.open_end.text": (
        "a place where the next tile may be added; its number is what a tile must match."
    ),
    "glossary.count.name": "Count",
    "glossary.count.text": (
        "the total of the open ends; a positive multiple of five scores that many points."
    ),
    "glossary.boneyard.name": "Boneyard",
    "glossary.boneyard.text": "the tiles nobody was dealt, face down; you draw from it when you cannot play.",
    "glossary.domino.name": "Domino",
    "glossary.domino.text": "to play your last tile and go out, ending the hand.",
    "glossary.block.name": "Block",
    "glossary.block.text": "a hand ends blocked when nobody can play and the boneyard is empty.",
    "glossary.muggins.name": "Muggins",
    "glossary.muggins.text": (
        "a way to play where you claim the points of each play yourself, in fives. A right claim keeps them; "
        "a short or missing claim gives them to the next player's side; an over-claim gives that side the "
        "points and the excess too."
    ),
    # the players' other names for each word of the game, shown after its meaning as
    # "Also called ...": the names as a phrase ("bone, stone or piece"), or "—" for none
    "glossary.aka": "Also called {names}.",
    "glossary.tile.aka": "bone, stone or piece",
    "glossary.double.aka": "doublet",
    "glossary.spinner.aka": "—",
    "glossary.side.aka": "—",
    "glossary.arm.aka": "line or branch",
    "glossary.end.aka": "—",
    "glossary.open_end.aka": "—",
    "glossary.count.aka": "—",
    "glossary.boneyard.aka": "stock, bank or pile",
    "glossary.domino.aka": "go out or chip out",
    "glossary.block.aka": "lock or locked game",
    "glossary.muggins.aka": "—",
    "glossary.value.name": "Value",
    "glossary.value.text": (
        "what a move is worth from now to the end of the hand: the points your side scores minus the "
        "points the other side scores, the pips at the end included. Exact when every tile is known; "
        "otherwise the mean over deals of the tiles you cannot see."
    ),
    "glossary.deals.name": "Deals",
    "glossary.deals.text": (
        "ways the tiles you cannot see may lie, drawn at random from what you know (the hand sizes, and "
        "the suits a player showed he lacks). Each deal is solved exactly, and the same deals judge "
        "every move."
    ),
    "glossary.margin.name": "Margin (±)",
    "glossary.margin.text": (
        "how far a mean over the deals may be from the true figure: 9.6 ± 3.2 lies between 6.4 and 12.8, "
        "19 times in 20 (a 95% interval). More deals, a smaller margin."
    ),
    "glossary.grades.name": "Grades",
    "glossary.grades.text": (
        "by the points a move loses against the best: best (under 0.5), good (under 3), inaccuracy "
        "(3 to 8), mistake (8 to 25), blunder (25 or more). A move is called worse than an inaccuracy "
        "only when its whole margin lies above 0, and unclear when too few deals were solved or the "
        "margin is too wide to tell."
    ),
    "glossary.board": (
        "Spinner 5-5: its sides, east (5-2) and west (5-3), lie along the line; its ends, north (5-0) and "
        "south (still empty), lie across it."
    ),
    "legend.title": "Marks on the board",
    "legend.count": "“{label}” at the top: the total of the open ends.",
    "legend.adds": "A green disc at an open end: what that end adds to the count.",
    "legend.side": "A letter by an open end: which end it is ({sides}).",
    "legend.spinner": (
        "A blue disc by the spinner: what the spinner itself counts while a side is open (by a lone lead, "
        "what the tile counts)."
    ),
    "legend.empty": "A dashed ring with a number: an open end with no tile yet; it adds nothing.",
    "legend.last": "An orange edge: the last tile played.",
    # ----- the app: the Learn page -----
    "learn.title": "Learn",
    "learn.intro": (
        "Short lessons on the rules, then a strategy course and worked hands. Read each step, then answer "
        "by clicking: each mistake costs one of the lesson's three stars."
    ),
    "learn.pick": "Lesson",
    "learn.option": "{number}. {title}",
    "learn.option_stars": "{number}. {title} {stars}",
    "learn.stage": "Step {number} of {total}",
    "learn.strategy_title": "Strategy: {title}",
    "learn.stars": "{stars} {earned} of {most} stars: one is lost for each mistake.",
    "learn.example": "Example",
    "learn.check": "Check yourself",
    "learn.question": "Question {number} of {total}",
    "learn.progress": "{right} of {total} answered right",
    "learn.complete": "Lesson complete: every question answered right.",
    "learn.again": "Try this lesson again",
    "learn.next": "Next lesson: {title}",
    "learn.last": "That was the last lesson. Now drill the count until it is instant.",
    "learn.to_drills": "Go to the drills",
    "learn.to_guided": "Now play your first hand, guided: every step explained as it comes",
    # ----- the app: the Drills page -----
    "drills.title": "Drills",
    "drills.pick": "Drill",
    "drills.level": "Level",
    "drills.explain": "{drill} {level}.",
    "drills.level_short.1": "1 · no spinner",
    "drills.level_short.2": "2 · spinner",
    "drills.level_short.3": "3 · four arms",
    "drills.level_short.round.1": "1 · 1–2 tiles",
    "drills.level_short.round.2": "2 · 3–4 tiles",
    "drills.level_short.round.3": "3 · 5–7 tiles",
    "drills.level_short.read.1": "1 · two players",
    "drills.level_short.read.2": "2 · three players",
    "drills.level_short.read.3": "3 · partners",
    "drills.your_hand": "Your tiles (player {player}):",
    "drills.level_short.run.1": "1 · easy",
    "drills.level_short.run.2": "2 · medium",
    "drills.level_short.run.3": "3 · hard",
    "drills.run.title": "Timed run",
    "drills.session": "This session: {right} of {answered} drill answers right.",
    "drills.count_label": "Count",
    "drills.count_placeholder": "Type the count, for example 15",
    "drills.submit": "Check",
    "drills.next": "Next board",
    "drills.tile": "The tile:",
    "drills.hand": "The hand left over:",
    "drills.table": "The table it was held over",
    "drills.tiles_alt": "Tiles: {tiles}",
    "drills.end_button": "{end} ({pip})",
    "drills.where_check": "Check",
    "drills.pick_hint": "Tap every one that does (tap again to undo), then Check; none is an answer too.",
    "drills.where_hint": ("Tap every end the tile fits (tap again to undo), then Check. "
                          "Pick none if it fits nowhere."),
    "drills.breakdown": "End by end:",
    "drills.picked": "You picked: {ends}.",
    "drills.bad_link": "This drill link does not work ({link}): here is the usual board instead.",
    "drills.review_item": "A board from your review queue: answer it again.",
    "drills.review_more": {
        "one": "One more board is due after it: “Next board” brings it.",
        "other": "{n} more boards are due after it: “Next board” brings them one by one.",
    },
    "run.start": "Start the {seconds}-second run",
    "run.again": "Run again",
    "run.status": "Score **{score}** · streak **{streak}** · {answered} answered",
    "run.skip": "Skip this board",
    "run.finished": "Time is up!",
    "run.best": "Best score this session: {best}.",
    "run.new_best": "A new best for this session: {best}!",
    "run.level": {"one": "Boards of level {level}, of one drill.",
                  "other": "Boards of level {level}, all {n} drills mixed."},
    "run.best_kept": "Your best kept score at level {level}: {best}.",
    # ----- names shared by several pages -----
    "rules.standard": "standard",
    "rules.partners": "partners",
    "rules.cincos": "cincos",
    "date.weekday.0": "Monday",
    "date.weekday.1": "Tuesday",
    "date.weekday.2": "Wednesday",
    "date.weekday.3": "Thursday",
    "date.weekday.4": "Friday",
    "date.weekday.5": "Saturday",
    "date.weekday.6": "Sunday",
    "date.month.1": "January",
    "date.month.2": "February",
    "date.month.3": "March",
    "date.month.4": "April",
    "date.month.5": "May",
    "date.month.6": "June",
    "date.month.7": "July",
    "date.month.8": "August",
    "date.month.9": "September",
    "date.month.10": "October",
    "date.month.11": "November",
    "date.month.12": "December",
    # ----- the app: shared widgets -----
    "widgets.opening": "Opening the page… If it stays like this, reload it.",
    "widgets.hand_alt": "Hand: {tiles}",
    "widgets.upload": "Choose a file",
    "widgets.upload_drop": "Drop the file here",  # shown while a file is dragged over a file picker
    "widgets.hand_empty": "empty",
    "widgets.end_button": "{side} ({pip})",
    "widgets.side.E": "East",
    "widgets.side.W": "West",
    "widgets.side.N": "North",
    "widgets.side.S": "South",
    "widgets.language": "Language",
    # moves named the same way on every page (trainer.engine.movenames)
    "move.with_code": "{words} ({code})",
    "move.end": "the {side} end ({pip})",
    "widgets.tile_alt": "tile {tile}",
    "widgets.tile_cannot": "{tile} does not fit any open end now",
    # the learner picker (sidebar), the store's troubles, when a review falls due
    "widgets.learner": "Learner",
    "widgets.learner_none": "Guest (not saved)",
    # the review queue, grouped (trainer.store.queue): a drill's due boards are one entry
    "queue.drill_group": {
        "one": "Drill: “{drill}”, level {level} ({n} board due)",
        "other": "Drill: “{drill}”, level {level} ({n} boards due)",
    },
    "queue.more": {
        "one": "…and {n} more puzzle: it comes up as you clear these.",
        "other": "…and {n} more puzzles: they come up as you clear these.",
    },
    "widgets.learner_carried": {
        "one": "Welcome, {name}: the {n} answer you gave before is kept under your name.",
        "other": "Welcome, {name}: the {n} answers you gave before are kept under your name.",
    },
    "widgets.learner_help": (
        "Your answers, ratings and review queue are kept under this name. The name is in the "
        "page's address, so a refresh or a bookmark keeps it."
    ),
    "widgets.learner_new": "New learner",
    "widgets.learner_name": "Name",
    "widgets.learner_placeholder": "Your name, up to 40 characters",
    "widgets.learner_create": "Create",
    "widgets.learner_empty": "Type a name first: it cannot be empty.",
    "widgets.learner_too_long": "That name has {length} characters: a name has at most {limit}.",
    "widgets.learner_taken": (
        "There is already a learner named {name}: pick that name in the list above, or type another."
    ),
    "widgets.learner_bad": "That name cannot be used: {error}.",
    "widgets.learner_lookalike": (
        "{name} looks too much like {other}, who is in the list above: pick {other} there if that is you, "
        "or type a name that looks different."
    ),
    "widgets.learner_limit_visitor": {
        "one": "You have made many new learners in a short time: one more can be made in {n}\u00a0min.",
        "other": "You have made many new learners in a short time: one more can be made in {n}\u00a0min.",
    },
    "widgets.learner_limit_server": {
        "one": "Many new learners were made on this server lately: one more can be made in {n}\u00a0min.",
        "other": "Many new learners were made on this server lately: one more can be made in {n}\u00a0min.",
    },
    "widgets.learner_offline": "Progress cannot be saved right now: answers are kept for this visit only.",
    "widgets.learner_hint": "Choose or create a learner to keep your answers, ratings and review queue.",
    "widgets.store_problem": (
        "**Your progress cannot be saved right now:** {error}. Nothing was overwritten or deleted; "
        "a chosen learner's answers wait and are saved once the database is back."
    ),
    "widgets.learner_waiting": (
        "The progress database is away: your answers wait and are saved once it is back."
    ),
    # ----- the progress database's faults, in plain words (never where it is) -----
    "store.fault.failed": "the progress database did not answer as it should",
    "store.fault.locked": "the progress database is busy: another program holds it locked",
    "store.fault.missing": "the progress database is not where it was",
    "store.fault.damaged": "the progress database is damaged",
    "store.fault.read_only": "the progress database cannot be written",
    "store.fault.full": "the progress database's disk is full",
    "store.fault.unreachable": "the progress database cannot be reached",
    "store.fault.driver": "the progress database cannot be opened by this server",
    "widgets.answers_waiting": {
        "one": "{n} answer waits, saved once the database is back ({why}).",
        "other": "{n} answers wait, saved once the database is back ({why}).",
    },
    "widgets.answers_written": {
        "one": "The database is back: the answer that waited is saved.",
        "other": "The database is back: the {n} answers that waited are saved.",
    },
    "widgets.answers_lost": {
        "one": "{n} answer could not be kept: {items}.",
        "other": "{n} answers could not be kept: {items}.",
    },
    "widgets.answers_restart_kept": {
        "one": "The server restarted while {n} answer waited for the database: the server kept it on "
               "its disk and writes it as soon as the database is back.",
        "other": "The server restarted while {n} answers waited for the database: the server kept them "
                 "on its disk and writes them as soon as the database is back.",
    },
    "widgets.answers_left_other": {
        "one": "{n} answer of {name} still waits for the database: it will be kept for {name}, not for you.",
        "other": "{n} answers of {name} still wait for the database: they will be kept for {name}, not "
                 "for you.",
    },
    "widgets.store_where": "(The database: {where}.)",
    "widgets.store_failed": "The progress database could not be read: {error}.",
    "widgets.due_now": "now",
    "widgets.due_minutes": "in {minutes}\u00a0min",
    "widgets.due_hours": "in {hours}\u00a0h",
    "widgets.due_days": "in {days} days",
    # ----- costly searches: the server's fair share (trainer.search.admission) -----
    "search.queued": {
        "one": "Waiting for a free place on the server: {n} search before yours (about {seconds}\u00a0s).",
        "other": "Waiting for a free place on the server: {n} searches before yours "
                 "(about {seconds}\u00a0s).",
    },
    "search.busy": {
        "one": "The server is busy with other searches ({n} waiting, about {seconds}\u00a0s): try again "
               "in a minute.",
        "other": "The server is busy with other searches ({n} waiting, about {seconds}\u00a0s): try again "
                 "in a minute.",
    },
    "search.busy_mine": "A search of yours is still under way on the server: once it is done, try again.",
    "search.failed": "The search stopped on the server before it was done: try again.",
    # ----- the app: the start page -----
    "home.title": "All Fives trainer",
    "home.daily": "Today's puzzle: {kind}",
    "home.daily_solve": "Solve today's puzzle",
    "home.daily_done": "You have answered today's puzzle: a new one comes tomorrow.",
    "home.daily_again": "See today's puzzle again",
    "home.count_title": "How the count works",
    "home.intro": (
        "All Fives is played with a double-six set: match the open ends, and whenever the "
        "ends add up to a multiple of five, you score that many points. Here is a board "
        "from a real game:"
    ),
    "home.count": "The ends show {ends}: the count is **{count}**, so the last tile scored **{points}**.",
    "home.next": "Everything else",
    "home.step_first": "Start the first lesson: {title}",
    "home.why_first": (
        "New to All Fives? The lessons teach the rules one at a time, each with boards to read "
        "and a few questions to click. It takes a few minutes."
    ),
    "home.step_review": {
        "one": "Review the {n} item you missed",
        "other": "Review the {n} items you missed",
    },
    "home.why_review": "Welcome back. What you missed comes back when it is due: {what} to review now.",
    "home.due_puzzles": {"one": "{n} puzzle", "other": "{n} puzzles"},
    "home.due_boards": {"one": "{n} drill board", "other": "{n} drill boards"},
    "home.step_daily": "Solve today's puzzle",
    "home.why_daily": "Today's puzzle is waiting for you.",
    "home.step_lesson": "Go on with the lesson: {title}",
    "home.why_lesson": "You have a lesson half done.",
    "home.step_next_lesson": "The next lesson: {title}",
    "home.why_next_lesson": "Your next lesson is waiting.",
    "home.step_guided": "Play your first hand, guided",
    "home.why_guided": (
        "You know how a hand is dealt, played and drawn from: play a whole hand against the computer, "
        "every step explained as it comes."
    ),
    "home.step_play": "Play a game against the computer",
    "home.why_play": "Nothing is due: today's puzzle is done. A game puts it all together.",
    "home.to_learn": "Learn the rules",
    "home.to_drills": "Drill the count",
    "home.to_analysis": "Analyse a position",
    "home.to_play": "Play the computer",
    "home.to_puzzles": "More puzzles",
    "home.to_progress": "Your progress",
    # ----- the app: the Analysis page -----
    "analysis.title": "Analysis board",
    "analysis.tab_paste": "Paste a position code",
    "analysis.tab_build": "Build one by clicking",
    "analysis.view": "How to set up the position",
    "analysis.code_placeholder": "e.g. 5-5:5-2:5-3:: 6-6,2-0/?5 ?18 0 0,0",
    "analysis.table_label": "The table:",
    "analysis.pick_table": (
        "Click a tile to put it on the table (where it fits more than one end, choose the end above):"
    ),
    "analysis.pick_hand": "Click a tile to put it in your hand:",
    "analysis.my_hand_count": {
        "one": "Your hand ({n} tile): you are to move.",
        "other": "Your hand ({n} tiles): you are to move.",
    },
    "analysis.opponent_help": (
        "How many tiles your opponent holds (hidden). The rest of the set is the boneyard."
    ),
    "analysis.boneyard_left": {
        "one": "The boneyard holds the {n} tile left (hidden).",
        "other": "The boneyard holds the {n} tiles left (hidden).",
    },
    "analysis.need_hand": "Put at least one tile in your hand to analyse the position.",
    "analysis.hand_label": (
        "Hand of the player to move, player {player} (number {code} in the position code, which counts "
        "from 0):"
    ),
    "analysis.over_why": "The hand is over: a player has no tiles left.",
    "analysis.value_exact": (
        "Value: how many points player {player} ends the hand ahead from here if both sides play "
        "their best: the points he scores from now on, pips at the end of the hand included, "
        "minus his opponent's. Exact: every tile is known and every line was searched."
    ),
    "analysis.value_estimate": (
        "Value: how many points player {player} ends the hand ahead from here if both sides play "
        "their best, averaged over {samples} deals of the hidden tiles (± the spread between deals). "
        "An estimate, not a certainty: moves whose values are within the spread are unclear."
    ),
    "analysis.code_label": "Position code",
    "analysis.code_help": "LAYOUT HANDS BONEYARD TURN SCORES [RULES]",
    "analysis.analyse": "Analyse",
    "analysis.example": "Try the worked endgame of the rules",
    "analysis.mode": "Clicking a tile",
    "analysis.mode.table": "puts it on the table",
    "analysis.mode.hand": "adds it to my hand",
    "analysis.lead": "Lead {tile}",
    "analysis.fits_nowhere": "{tile} fits no open end: choose another tile.",
    "analysis.where": "Where does {tile} go?",
    "analysis.my_hand": "My hand (the player to move):",
    "analysis.my_hand_empty": "My hand is empty: pick tiles for it.",
    "analysis.rules": "Rules",
    "analysis.rules_help": "Two players; the opponent's tiles and the boneyard stay hidden.",
    "analysis.opponent_tiles": "Tiles in the opponent's hand",
    "analysis.undo": "Undo",
    "analysis.clear": "Clear",
    "analysis.go": "Analyse this position",
    "analysis.empty": "Paste a position code above, or build one by clicking, to see its moves.",
    "analysis.bad_code": "This position code cannot be read: {error}",
    "analysis.bad_code_empty": (
        "Nothing was read from it, so the table below is empty: paste another code, or build a "
        "position by clicking."
    ),
    "analysis.position": "The position",
    "analysis.count": "Count",
    "analysis.hidden": "Player {player}'s hand is hidden, so his moves are unknown.",
    "analysis.over": "The hand is over: nobody has a move.",
    "analysis.must_draw": "Player {player} cannot play: he must draw.",
    "analysis.must_pass": "Player {player} cannot play: he must draw or pass.",
    "analysis.solving": "Solving to the end of the hand...",
    "analysis.exact": "Exact value for player {player}: **{value}**; best: {best}",
    "analysis.estimate": "Estimate values by sampling ({samples} deals of the hidden tiles)",
    "analysis.sampling": "Dealing the hidden tiles and solving each deal...",
    "analysis.where_title": "Where are the tiles player {player} cannot see?",
    "analysis.where_basis": {
        "one": (
            "Every deal of the tiles player {player} cannot see that fits the tile counts, counted alike: "
            "{n} deal, so the figures are exact. A position holds no history of plays: the suits a player "
            "showed he lacks and the moves made earlier are not weighed here."
        ),
        "other": (
            "Every deal of the tiles player {player} cannot see that fits the tile counts, counted alike: "
            "{n} deals, so the figures are exact. A position holds no history of plays: the suits a player "
            "showed he lacks and the moves made earlier are not weighed here."
        ),
    },
    "analysis.where_alt": (
        "The chance of each of the {n} tiles player {player} cannot see to be in each place."
    ),
    "analysis.where_tile": "Tile",
    "analysis.moves": "Moves",
    "analysis.col.move": "move",
    "analysis.col.points": "points now",
    "analysis.col.after": "layout after",
    "analysis.col.value": "value",
    # ----- the app: Tables (club mode) -----
    "tables.title": "Tables",
    "tables.home_mode": (
        "Tables are for a club's server, where each player signs in on his own device. On one device, "
        "play together instead."
    ),
    "tables.sign_in": "Sign in to sit at a table.",
    "tables.intro": (
        "Play other learners of the club, each on his own device: open a table and give its code to the "
        "others, or join a table with the code you were given. Seats nobody takes can go to the computer."
    ),
    "tables.yours": "Your tables",
    "tables.none": "You sit at no table yet.",
    "tables.row": "Table {code}: {rules}, {players} players; you are player {seat}.",
    "tables.go": "Open",
    "tables.join_title": "Join a table",
    "tables.code": "The table's code",
    "tables.code_help": (
        "Six letters and digits, as the table's owner gave them; spaces and dashes are ignored."
    ),
    "tables.join": "Join",
    "tables.bad_code": "That is not a table's code: it has six letters and digits, such as ABC234.",
    "tables.new_title": "Open a table",
    "tables.target": "Points to win the match (empty: the rules' usual target)",
    "tables.target_help": "From 5 to 1,000 points, in fives.",
    "tables.seat_pick": "Player {player}",
    "tables.for_learner": "A learner, who joins with the code",
    "tables.strength.random": "Computer: Beginner",
    "tables.strength.greedy": "Computer: Greedy",
    "tables.strength.expert": "Computer: Expert",
    "tables.new_note": "Rules: {rules}. You are player 1; the deal is drawn when the table opens.",
    "tables.open": "Open the table",
    "tables.bad": "That did not work: {error}.",
    "tables.taken": "Another move was made at the table a moment before yours: here is the table now.",
    "tables.table_title": "Table {code} · {rules} · {players} players · to {target}",
    "tables.code_line": "Code {code}. Seats: {seats}.",
    "tables.seat_you": "you (player {player})",
    "tables.seat_learner": "player {player}",
    "tables.seat_open": "player {player} (seat open)",
    "tables.seat_computer": "player {player}: the computer ({strength})",
    "tables.seat_away": "{seat}, played by the computer while away ({strength})",
    "tables.scores": "Match score: {scores} (to {target})",
    "tables.last": "Last move: {player}, {move}.",
    "tables.waiting": "Waiting for {player} to move; the table shows the move as soon as it is made.",
    "tables.waiting_open": "Waiting for a learner to take the open seat: give them the code {code}.",
    "tables.your_tiles": "Your tiles:",
    "tables.your_turn": "Your turn: click a tile, then an end.",
    "tables.not_seated": "You do not sit at this table.",
    "tables.hand_over": "Hand {number} is over: {how}",
    "tables.hand_points": "Points of the hand, side by side: {points}.",
    "tables.review": "Review my moves in hand {number}",
    "tables.won": "Your side wins the match.",
    "tables.lost": "The match is over: the other side wins.",
    "tables.seats_title": "Seats",
    "tables.hand_over_seat": "Let the computer play for {seat}",
    "tables.take_back": "Give {seat} back to its player",
    "tables.seats_note": (
        "The table's owner can let the computer play for a player who is away; the player, or the owner, "
        "gives the seat back."
    ),
    "tables.back": "Back to your tables",
    "tables.muggins": "Muggins: each player claims his own points",
    "tables.coach": "Allow the coach's hints at this table",
    "tables.coach_help": (
        "Each player may then ask the coach for a hint on his turn, on what he can see; the others are "
        "not told."
    ),
    "tables.watch_title": "Your learners' tables",
    "tables.watch_row": "Table {code}: {rules}, {players} players.",
    "tables.watch": "Watch",
    "tables.watching": (
        "You are watching: you see the table as its players do, and every hand as it was dealt once "
        "that hand is over."
    ),
    "tables.dealt": "Hand {number}: every hand as it was dealt",
    "tables.over": "The match is over.",
    "tables.tiles_held": "{seat}: {tiles}",
    "tables.boneyard_held": "boneyard: {tiles}",
    "tables.board_title": "{event} · deal {deal} · table {table} · one hand",
    "tables.board_over": "This deal is over. The event's page compares it with the other tables.",
    "tables.board_row": "{event}: deal {deal} at table {table}, you are player {seat}.",
    # ----- the app: duplicate events -----
    "events.title": "Events",
    "events.club_only": "Duplicate events are for a club server, where a teacher runs them for a class.",
    "events.intro": (
        "In a duplicate event every table plays the same deals, so each result is compared with the "
        "players who held the same tiles at the other tables: what counts is how you played them."
    ),
    "events.none": "No event yet. Your teacher makes one for your class.",
    "events.pick": "Event",
    "events.new_title": "New event",
    "events.no_class": "Make a class first (Classes page): an event is played by a class's learners.",
    "events.class": "Class",
    "events.name": "Name",
    "events.default_name": "Class event",
    "events.count": "Deals",
    "events.per_round": "Deals a round",
    "events.per_round_help": "After each round the players may move on one seat.",
    "events.deals": "Deal numbers (optional)",
    "events.deals_help": (
        "Numbers such as 12, 40, 7 to play known deals again; left empty, {count} deals are drawn at random."
    ),
    "events.learners": "Learners who play",
    "events.learners_help": "In the order you pick them: the first sits in seat 1 of table A, and so on.",
    "events.placing": "Seating",
    "events.placing.order": "In the order picked",
    "events.placing.random": "At random",
    "events.computer": "The computer, in the seats left over",
    "events.rotate": "Players move on one seat after each round",
    "events.rotate_help": "So that each learner holds other seats, and other tiles, in the next round.",
    "events.shape": "{rules}: {tables}, {boards}.",
    "events.make": "Make the event",
    "events.made": "The event {name} is ready: each learner finds his deals on this page and on Tables.",
    "events.reading": "Reading the tables…",
    "events.about": "{rules} · {deals} · {rounds} · {tables}",
    "events.yours": "Your deals",
    "events.my_board": "Deal {deal} at table {table}, player {seat}: {state}",
    "events.done": "played",
    "events.to_play": "to play",
    "events.go": "Open deal {deal}",
    "events.standings": "Standings",
    "events.no_results": "No deal is finished yet.",
    "events.round_pick": "Standings of",
    "events.overall": "All rounds",
    "events.round": "Round {round}",
    "events.col_place": "Place",
    "events.col_player": "Player",
    "events.col_score": "Score",
    "events.col_points": "Matchpoints",
    "events.col_boards": "Deals",
    "events.matchpoints": (
        "Matchpoints: for each deal, your seat's result (your side's points less the other side's) earns 2 "
        "for each other table where the same seat did worse and 1 for each tie. Your score is your share of "
        "the most you could earn. The computer's seats count for the comparison but are not ranked."
    ),
    "events.class_line": "Class {name}: {score} on average, {learners}.",
    "events.boards": "Deals at the tables",
    "events.board_done": "table {table} {points}",
    "events.board_playing": "table {table} playing ({moves})",
    "events.deal_line": "Deal {deal} (round {round}): {boards}",
    "events.compare": "Each deal at every table",
    "events.compare_deal": "Deal {deal}: how {tables} played it",
    "events.dealt": "The hands as dealt, the same at every table:",
    "events.seat_tiles": "Player {player}:",
    "events.table": "Table {table}",
    "events.seat": "player {player}: {name}",
    "events.table_points": "Points of the hand: {points}.",
    # ----- the app: the Puzzles page -----
    "puzzles.title": "Puzzles",
    "puzzles.kind.count": "Count",
    "puzzles.kind.score-most": "Score the most",
    "puzzles.kind.deny": "Deny",
    "puzzles.kind.best-play": "Best play",
    "puzzles.kind.endgame": "Endgame",
    "puzzles.kind.read": "Read the hand",
    "puzzles.question.count": "What is the count of this board?",
    "puzzles.question.score-most": (
        "Play the move that scores the most points now. The question is about now only: the best play over "
        "the hand may be another move."
    ),
    "puzzles.question.deny": (
        "No move scores now. Play the tile that leaves the next player the least: the "
        "fewest points any tile you cannot see could make on the next play."
    ),
    "puzzles.question.best-play": (
        "The other hands are hidden. Find the best move over the whole hand, not just the "
        "most points now: the one with the best result on average over every way the tiles "
        "you cannot see may lie."
    ),
    "puzzles.question.read": (
        "Read the hand from what the table has shown: every deal of the tiles you cannot see that fits "
        "what you have seen is as likely as any other."
    ),
    "puzzles.question.endgame": (
        "Every hand is shown and the boneyard is empty. Find the move with the best "
        "result to the end of the hand (points now, later and the pips left)."
    ),
    "puzzles.bad_link": "This puzzle link does not work: {error}. Here is today's puzzle instead.",
    "puzzles.choose": "Choose a puzzle",
    "puzzles.kind": "Kind",
    "puzzles.any_kind": "Any kind",
    "puzzles.theme": "Theme",
    "puzzles.difficulty": "Difficulty",
    "puzzles.any": "any",
    "puzzles.band.easy": "easy",
    "puzzles.band.medium": "medium",
    "puzzles.band.hard": "hard",
    "puzzles.tag.greedy-trap": "greedy trap",
    "puzzles.tag.set-up": "set-up",
    "puzzles.tag.deny": "deny the count",
    "puzzles.tag.domino": "domino",
    "puzzles.tag.block": "block",
    "puzzles.tag.shed-heavy": "shed the heavy tile",
    "puzzles.tag.hold-answer": "hold the answering tile",
    "puzzles.tag.partner-count": "partner's count",
    "puzzles.tag.read-void": "read the void",
    "puzzles.tag.open-spinner": "open the spinner (a retired theme)",
    "puzzles.tag.double-at-end": "double at an end (a retired theme)",
    "puzzles.tag.four-arms": "four arms (a retired theme)",
    "puzzles.tag.count-tiles": "count the tiles (a retired theme)",
    "puzzles.tag.shed-pips": "shed pips (a retired theme)",
    "puzzles.tag.big-score": "big score (a retired theme)",
    "puzzles.tag.cincos": "cincos rules (a retired theme)",
    "puzzles.tag.spinner": "spinner (a retired theme)",
    "puzzles.tag.deny-count": "deny the count (a retired theme)",
    # each theme's definition: "in most lines" is in most of the solved lines (best play by
    # everyone after the answer, on the puzzle's deals of the hidden tiles)
    "puzzles.tag_def.greedy-trap": "The move that scores the most now is not the best.",
    "puzzles.tag_def.set-up": (
        "The answer scores nothing now, and with best play your next tile then scores, more often "
        "than after the tempting move."
    ),
    "puzzles.tag_def.deny": (
        "After the answer the next player mostly scores nothing on his turn, and less than after "
        "the tempting move."
    ),
    "puzzles.tag_def.domino": (
        "After the answer your side mostly goes out, more often than after the tempting move."
    ),
    "puzzles.tag_def.block": (
        "After the answer the hand mostly ends with nobody able to play, more often than after the "
        "tempting move."
    ),
    "puzzles.tag_def.shed-heavy": (
        "The answer plays your heaviest tile, so that fewer pips are left in your hand when the hand ends."
    ),
    "puzzles.tag_def.hold-answer": (
        "The answer keeps the tile the tempting move would play: played next, it mostly scores."
    ),
    "puzzles.tag_def.partner-count": "The answer gives your partner a count: his next tile mostly scores.",
    "puzzles.tag_def.read-void": (
        "A player showed by drawing or passing that he lacks a number; after the answer he mostly "
        "has to draw or pass again."
    ),
    "puzzles.game": "Game",
    "puzzles.game.2-players": "2 players",
    "puzzles.game.3-players": "3 players",
    "puzzles.game.4-players": "4 players, each alone",
    "puzzles.game.partners": "partners",
    "puzzles.game.cincos": "cincos",
    "puzzles.board": "Board",
    "puzzles.feature.double-at-end": "a double at an end",
    "puzzles.feature.four-arms": "four arms",
    "puzzles.feature.no-spinner": "no spinner yet",
    "puzzles.feature.spinner-open": "the spinner still open",
    "puzzles.matching": {"one": "{n} puzzle matches.", "other": "{n} puzzles match."},
    "puzzles.none_match": "No puzzle matches this choice.",
    "puzzles.nearest": {"one": "Try {filter}: {n} puzzle.", "other": "Try {filter}: {n} puzzles."},
    "puzzles.nearest_apply": "Use {filter}",
    "puzzles.filter_any_kind": "any kind",
    "puzzles.filter_any_theme": "any theme",
    "puzzles.filter_any_band": "any difficulty",
    "puzzles.filter_any_board": "any board",
    "puzzles.filter_any_game": "any game",
    "puzzles.seen_all": {
        "one": "You have seen the only puzzle of this choice; it starts again.",
        "other": "You have seen all {n} puzzles of this choice; they start again.",
    },
    "puzzles.line_play_you": "you play {move}",
    "puzzles.line_draw_you": "you draw",
    "puzzles.line_pass_you": "you pass",
    "puzzles.line_play_opponent": "the opponent plays {move}",
    "puzzles.line_draw_opponent": "the opponent draws",
    "puzzles.line_pass_opponent": "the opponent passes",
    "puzzles.line_play_player": "player {player} plays {move}",
    "puzzles.line_draw_player": "player {player} draws",
    "puzzles.line_pass_player": "player {player} passes",
    "puzzles.line_play_partner": "your partner plays {move}",
    "puzzles.line_draw_partner": "your partner draws",
    "puzzles.line_pass_partner": "your partner passes",
    "puzzles.basis_exact": "exact",
    "puzzles.basis_deals": {
        "one": "{n} deal of the tiles you cannot see, the same deal for every move",
        "other": "{n} deals of the tiles you cannot see, the same deals for every move",
    },
    "puzzles.basis_checked": {
        "one": "the answer's margin found again on {n} fresh deal",
        "other": "the answer's margin found again on {n} fresh deals",
    },
    "puzzles.basis_played": {
        "one": "and {n} deal played out with every player choosing on what he can see",
        "other": "and {n} deals played out with every player choosing on what he can see",
    },
    "puzzles.basis": "Basis: {basis}.",
    "puzzles.hint_count": {
        "one": "Hint: {n} end counts; add what it shows.",
        "other": "Hint: {n} ends count; add what each shows.",
    },
    "puzzles.hint_count_double": "A double at an end counts both halves.",
    "puzzles.hint_count_spinner": "While a side of the spinner is empty, the spinner counts both halves.",
    "puzzles.hint_kind.score-most": "Hint: play {tiles}.",
    "puzzles.hint_kind.deny": "Hint: play {tiles}; look at what each move leaves on the ends.",
    "puzzles.hint_kind.best-play": "Hint: play {tiles}; think past this turn.",
    "puzzles.hint_kind.endgame": "Hint: play {tiles}; read the hands to the end.",
    "puzzles.hint_end.score-most": "Hint: play on {ends}.",
    "puzzles.hint_end.deny": "Hint: play on {ends}; look at what each move leaves on the ends.",
    "puzzles.hint_end.best-play": "Hint: play on {ends}; think past this turn.",
    "puzzles.hint_end.endgame": "Hint: play on {ends}; read the hands to the end.",
    "puzzles.hint_think.score-most": "Hint: total the open ends after each move you could make.",
    "puzzles.hint_think.deny": "Hint: look at what each move leaves on the ends.",
    "puzzles.hint_think.best-play": "Hint: think past this turn.",
    "puzzles.hint_think.endgame": "Hint: read the hands to the end.",
    "puzzles.hint_read_who": (
        "Hint: a player who showed he lacks {suits} cannot hold {tile}; share it among the other "
        "places by how many tiles each holds."
    ),
    "puzzles.hint_read_can": (
        "Hint: list the tiles you cannot see that would score now, strike those of a suit player {player} "
        "showed he lacks, then think how many tiles he holds."
    ),
    "puzzles.most_now_exact": (
        "Most points now: {move}, {points}; exact value to the end of the hand {value}."
    ),
    "puzzles.most_now_expected": "Most points now: {move}, {points}; expected value over the hand {value}.",
    "puzzles.solver_best_exact": "Best by the solver: {move}, {points} now; exact value {value}.",
    "puzzles.solver_best_expected": "Best by the solver: {move}, {points} now; expected value {value}.",
    "puzzles.agree": "Here the most points now is also the best play.",
    "puzzles.now_only": (
        "This puzzle asks for the most points now, and that is {answer}; but over the hand it costs {cost} "
        "against {best}. In a game, play {best}."
    ),
    "puzzles.nothing_now": "No move scores now: the choice is all about what comes later.",
    "puzzles.disagree": (
        "They differ: the solver's move gives up {now} points now and comes out {later} "
        "better over the hand."
    ),
    "puzzles.col.ev": "expected value",
    "puzzles.col.exact": "exact value",
    "puzzles.col.leaves": "most the next player scores",
    "puzzles.line_words": "The best line after {move}: {steps}.",
    "puzzles.count_hidden": "The board is shown without the count until you answer.",
    "puzzles.next": "Next puzzle",
    "puzzles.set_place": "Puzzle {number} of {total} — {title}",
    "puzzles.set_next": "Next puzzle of the assignment",
    "puzzles.set_done": "You have tried every puzzle of {title}: the assignment is done.",
    "puzzles.set_home": "Back to Start",
    "puzzles.past": "Past daily puzzles:",
    "puzzles.archive_day": "{weekday} {day} {month}",
    "puzzles.today_label": "Today's puzzle",
    "puzzles.label": "Puzzle {id}",
    "puzzles.heading": "{label}: {kind}",
    "puzzles.info_game": "Rating {rating} · {game} · rules {rules}",
    "puzzles.info_game_themes": "Rating {rating} · {game} · rules {rules} · themes: {themes}",
    "puzzles.count_right": "Right: the count is {count}.",
    "puzzles.count_part": "{value} ({name})",
    "puzzles.count_wrong": "Not quite: you said {answer}; the count is {parts} = {count}.",
    "puzzles.right": "Right: {answer}.",
    "puzzles.right_hint": "Right (with a hint): {answer}.",
    "puzzles.right_shown": (
        "Right: {answer}. You had seen the answer, so this try counts as helped: not as a solve, "
        "nor for the daily streak."
    ),
    "puzzles.count_right_shown": (
        "Right: the count is {count}. You had seen it, so this try counts as helped: not as a solve, "
        "nor for the daily streak."
    ),
    "puzzles.wrong": "Not the answer: {answer}. Accepted: {accepted}.",
    "puzzles.after_yours": "The table after your move, {move}:",
    "puzzles.after_best": "The table after {move}",
    "puzzles.every_move": "Every move:",
    "puzzles.col.move": "move",
    "puzzles.col.points_now": "points now",
    "puzzles.col.accepted": "accepted",
    "puzzles.yes": "yes",
    "puzzles.finding_reply": "Finding the best reply...",
    "puzzles.reply": "The opponent's best reply to {answer} is **{reply}**:",
    "puzzles.count_label": "The count",
    "puzzles.check": "Check",
    "puzzles.opponent_hand": "Your opponent's hand:",
    "puzzles.gone": "That puzzle is no longer in the bank: here is today's puzzle instead.",
    "puzzles.player_hand": "Hand of player {player}:",
    "puzzles.partner_hand": "Your partner's hand (player {player}):",
    "puzzles.held_opponent": "the opponent: {tiles}",
    "puzzles.held_partner": "your partner (player {player}): {tiles}",
    "puzzles.held_player": "player {player}: {tiles}",
    "puzzles.table_status": "{others} · boneyard: {boneyard}",
    "puzzles.void_opponent": "The opponent has no {pips}: he drew or passed when they were open.",
    "puzzles.void_partner": "Your partner has no {pips}: he drew or passed when they were open.",
    "puzzles.void_player": "Player {player} has no {pips}: he drew or passed when they were open.",
    "puzzles.model_alone": (
        "With three or four players each alone, a value is your points from now on less the others' "
        "together, counted as if they all played against you."
    ),
    "puzzles.model_partners": (
        "A value is your side's: your points and your partner's, less the other side's."
    ),
    "puzzles.your_hand": "Your hand:",
    "puzzles.hint_or": " or ",
    "puzzles.where": "Where does {tile} go?",
    "puzzles.hint": "Hint",
    "puzzles.retry": "Try again",
    "puzzles.today": "Today's puzzle",
    "puzzles.link": "Link to this puzzle: {link}",
    "puzzles.mode": "Mode",
    "puzzles.mode.browse": "Browse",
    "puzzles.mode.rated": "Rated",
    "puzzles.mode.review": "Review",
    "puzzles.mode.streak": "Streak",
    "puzzles.mode.storm": "Storm",
    # ----- the Puzzles page: Streak and Storm, runs of puzzles -----
    "puzzles.streak_intro": (
        "Puzzles one after another, each a little harder than the one before, starting a little "
        "below your level. No clock: take your time. The streak ends at the first miss."
    ),
    "puzzles.storm_intro": (
        "Solve as many puzzles as you can in {minutes} minutes. They start easy and get harder. A "
        "wrong answer costs {penalty} seconds; right answers in a row win time: {bonuses}, and 10\u00a0s "
        "more at every 10 after that."
    ),
    "puzzles.storm_bonus_at": "{combo} in a row +{seconds}\u00a0s",
    "puzzles.run_no_best": "No result kept yet: this will be your first.",
    "puzzles.streak_best": {"one": "Your best streak: {n} puzzle.",
                            "other": "Your best streak: {n} puzzles."},
    "puzzles.storm_best": {"one": "Your best storm: {n} puzzle solved.",
                           "other": "Your best storm: {n} puzzles solved."},
    "puzzles.run_guest": "Create your profile in the sidebar to keep your best results.",
    "puzzles.streak_start": "Start a streak",
    "puzzles.streak_again": "New streak",
    "puzzles.storm_start": "Start a storm",
    "puzzles.storm_again": "New storm",
    "puzzles.streak_now": {"one": "Streak: {n} puzzle solved", "other": "Streak: {n} puzzles solved"},
    "puzzles.streak_next": "Next puzzle",
    "puzzles.run_stop": "Stop here",
    "puzzles.storm_clock": "{time} left · {score} solved · {combo} in a row",
    "puzzles.storm_right": "Right: {score} solved.",
    "puzzles.storm_bonus": "Right, {combo} in a row: {seconds} more seconds.",
    "puzzles.storm_wrong": "Not that one: the answer was {accepted}. {penalty} seconds off the clock.",
    "puzzles.storm_over": "Time! {score} solved of {answered}; best run {combo} in a row.",
    "puzzles.storm_stopped": "Stopped: {score} solved of {answered}; best run {combo} in a row.",
    "puzzles.streak_over": {"one": "The streak ends at {n} puzzle solved.",
                            "other": "The streak ends at {n} puzzles solved."},
    "puzzles.run_new_best": "A new personal best: {score}!",
    "puzzles.run_list": "The puzzles of this run:",
    "puzzles.run_right": "solved",
    "puzzles.run_missed": "missed",
    "puzzles.run_line": "{number}. {result}: puzzle {link}, rating {rating}; your answer {answer}",
    "puzzles.replay_misses": {"one": "Replay my miss", "other": "Replay my {n} misses"},
    "puzzles.replaying": "Replaying your misses: {number} of {total}.",
    "puzzles.replay_next": "Next miss",
    "puzzles.replay_done": "Done: back to today's puzzle",
    "puzzles.bad_mode": "This link asks for a mode the page does not have ({mode}): the modes are {modes}.",
    "puzzles.bad_tag": "No puzzle has the theme {tag}: this link does not work.",
    "puzzles.practising": {
        "one": "Practising the theme {theme} ({n} puzzle has it): {definition}",
        "other": (
            "Practising the theme {theme} ({n} puzzles have it): {definition} For another, open "
            "Choose a puzzle and press Next puzzle."
        ),
    },
    "puzzles.need_learner": (
        "Choose or create a learner in the sidebar first: rated puzzles and the review queue are "
        "kept for each learner."
    ),
    "puzzles.rated_intro": (
        "Your rating: {rating} ± {rd}. Each puzzle is near your rating and new to you; a hint makes "
        "the attempt unrated."
    ),
    "puzzles.rated_provisional": (
        "Your rating is provisional until the ± is under 110 (about a dozen rated puzzles): a new "
        "learner starts at 1000, among the easy puzzles, and one answer moves it by 100 at most."
    ),
    "puzzles.rating_change": "Rating {before} → {after} ({change}).",
    "puzzles.helped_unrated": "With a hint the attempt is not rated.",
    "puzzles.next_rated": "Next rated puzzle",
    "puzzles.review_open": {
        "one": "A puzzle from your review queue ({n} due): answer it again.",
        "other": "A puzzle from your review queue ({n} due): answer it again.",
    },
    "puzzles.review_later": {
        "one": "Nothing is due for review. {n} item waits in your queue; it comes back {when}.",
        "other": "Nothing is due for review. {n} items wait in your queue; the next comes back {when}.",
    },
    "puzzles.review_empty": (
        "Your review queue is empty: puzzles and drill boards you miss come back here on a schedule."
    ),
    "puzzles.review_due": {
        "one": "{n} item is due for review:",
        "other": "{n} items are due for review, the longest waiting first:",
    },
    "puzzles.review_puzzle": "Puzzle {id} · {kind}",
    "puzzles.review_drill": "Drill: “{drill}”, level {level}",
    "puzzles.review_next": "This puzzle comes back for review {when}.",
    "puzzles.review_back": "Back to the review list",
    "puzzles.streak": "Daily streak: {current} (best {best}).",
    # ----- the coach: hints and the review of a hand (trainer.play.coach) -----
    "coach.basis": "Basis: {basis}.",
    "coach.basis_exact": "exact, every tile's place is known",
    "coach.basis_deals": {
        "one": "{n} deal of the tiles you cannot see, with a 95% margin",
        "other": "{n} deals of the tiles you cannot see, the same deals for every move, with a 95% margin",
    },
    "coach.basis_none": (
        "No deal could be solved in the time, so this rests on points now and what the move "
        "leaves, not on the solver."
    ),
    "coach.only_move": "It is your only legal move.",
    "coach.wins_now": (
        "{move} scores {points} and takes your side to {target}: the game ends the moment a side "
        "reaches the target, so it wins the game at once, whatever the rest of the hand would bring."
    ),
    "coach.missed_win": "{move} does not reach the target.",
    "coach.basis_target": "certain: the game ends the moment a side reaches the target",
    "coach.forced": "Forced: it was your only legal move.",
    "coach.compare_better": (
        "{move} scores {points} now, expected {value} over the hand; the best alternative, {other}, "
        "scores {other_points} now, expected {other_value}: {move} is better by {diff} ± {margin}."
    ),
    "coach.compare_worse": (
        "{move} scores {points} now, expected {value} over the hand; {other} scores {other_points} "
        "now, expected {other_value}: {move} is worse by {diff} ± {margin}."
    ),
    "coach.compare_close": (
        "{move} scores {points} now, expected {value} over the hand; {other} scores {other_points} "
        "now, expected {other_value}: the difference, {diff} ± {margin}, is within the margin of "
        "the deals, so either may be best."
    ),
    "coach.compare_bounded": (
        "{move} scores {points} now; {other} scores {other_points} now. On some deals one of them "
        "is so far below that deal's best move that only a bound on its value was worked out, so "
        "how the two compare is unclear."
    ),
    "coach.compare_better_bound": (
        "{move} scores {points} now, expected {value} over the hand; the best alternative, {other}, "
        "scores {other_points} now, expected at most {other_value} (on some deals it is so far "
        "below that deal's best move that only a bound on its value was worked out): {move} is "
        "better by {diff} ± {margin} or more."
    ),
    "coach.compare_close_bound": (
        "{move} scores {points} now, expected {value} over the hand; {other} scores {other_points} "
        "now, expected at most {other_value} (on some deals only a bound on its value was worked "
        "out): {move} leads by {diff} ± {margin} or more, which is within the margin of the deals, "
        "so either may be best."
    ),
    "coach.compare_exact_better": (
        "{move} scores {points} now, exact value {value} to the end of the hand; the best "
        "alternative, {other}, scores {other_points} now, exact value {other_value}: {move} is "
        "better by {diff}."
    ),
    "coach.compare_exact_worse": (
        "{move} scores {points} now, exact value {value} to the end of the hand; {other} scores "
        "{other_points} now, exact value {other_value}: {move} is worse by {diff}."
    ),
    "coach.compare_exact_tie": (
        "{move} scores {points} now, exact value {value}; {other} scores {other_points} now, "
        "exact value {other_value}: they tie."
    ),
    "coach.leaves": (
        "After it the count is {count}; the most player {player} could score next, with a tile he "
        "may hold, is {reply}."
    ),
    "coach.leaves_nothing": (
        "After it the count is {count}; no tile player {player} may hold scores on the next play."
    ),
    "coach.out": "Tiles you cannot see for the open ends ({ends}): {suits}.",
    "coach.out_voids": {
        "one": "Player {player} has shown he has no tile with {lacks}: of these tiles he may hold only {n}.",
        "other": (
            "Player {player} has shown he has no tile with {lacks}: of these tiles he may hold only {n}."
        ),
    },
    "coach.say_only_move": "{move} is your only move.",
    "coach.say_twins": "Only {tile} fits, and either end comes to the same: play it on either.",
    "coach.say_guess": "A first guess, with no deal solved in the time: play {move}: {idea}.",
    "coach.idea_points": "it scores the most now and leaves the least",
    "coach.idea_value": "it does best over the hand on these deals",
    "coach.say_same": "{move} and {other} come to the same on every deal: either will do.",
    "coach.say_play": "Play {move}: {idea}.",
    "coach.say_play_close": "Play {move}: {idea}; {other} may be as good.",
    "coach.say_first_guess": "A first guess: play {move}: {idea}.",
    "coach.compare_one_deal": (
        "{move} scores {points} now, {value} on the one deal solved; {other} scores {other_points} "
        "now, {other_value}: one deal cannot tell them apart."
    ),
    "coach.say_unclear": "Unclear between {move} and {other}: {why}.",
    "coach.disagree": (
        "with every tile known, {exact} does better; played out on what each player can see, "
        "{played} does as well or better"
    ),
    "coach.figures_exact": (
        "With every tile known on each deal ({n} deals): {move} {value}, {other} {other_value}, a "
        "difference of {diff} ± {margin}."
    ),
    "coach.played_out": (
        "Played out on what each player can see ({n} deals): {move} {value}, {other} {other_value}, a "
        "difference of {diff} ± {margin}."
    ),
    "coach.forced_twins": "Forced in effect: only {tile} fitted, and either end came to the same.",
    "coach.unclear_disagree": "Unclear: {why}.",
    "coach.unclear_bounded": (
        "Unclear: on some deals only a bound on this move's value could be worked out in the time."
    ),
    "coach.review_best": "Best: {idea}.",
    "coach.review_best_played": "Best: no move does better played out on what each player can see.",
    "coach.read_basis": {
        "one": "Read from the others' plays, as if each plays like {model}: {n} deal weighed by how likely "
               "their moves this hand were ({effective} effective), with a 95% margin.",
        "other": "Read from the others' plays, as if each plays like {model}: {n} deals weighed by how "
                 "likely their moves this hand were ({effective} effective), with a 95% margin.",
    },
    "coach.read_same": "Read that way, the best move is the same: {move}.",
    "coach.read_differs": (
        "Read that way, {move} comes out better than {other} by {diff} ± {margin} points, while with every "
        "deal that fits equally likely {other} is better: the two readings disagree, each beyond its margin."
    ),
    "coach.read_close": (
        "Read that way, {move} comes out ahead of {other} by {diff} ± {margin} points: not beyond the "
        "margins of both readings, so this does not change the advice."
    ),
    "coach.basis_played": {
        "one": "the rest of the hand played out on {n} deal, every player choosing on what he can see, with "
               "a 95% margin",
        "other": "the rest of the hand played out on {n} deals, every player choosing on what he can see, "
                 "the same deals for every move, with a 95% margin",
    },
    "coach.exact_parts": (
        "With every tile known, {exact} looks better, but that rests on where tiles lie that nobody at the "
        "table can see: this judgement rests on the play-outs, and calls nothing a mistake."
    ),
    "coach.exact_few": {
        "one": "Only {n} deal could be solved exactly in the time: this judgement rests on the play-outs, "
               "and calls nothing a mistake.",
        "other": "Only {n} deals could be solved exactly in the time: this judgement rests on the "
                 "play-outs, and calls nothing a mistake.",
    },
    "coach.review_best_plain": "Best: no move does better on these deals.",
    "coach.review_good": "Good: {best} was a little better: {idea}.",
    "coach.review_better": "Better was {best}: {idea}.",
    "coach.out_suit": {"one": "{n} tile with a {pip}", "other": "{n} tiles with a {pip}"},
    "coach.unclear_none": (
        "Unclear: no deal could be solved in the time, so there is no evidence to grade this move."
    ),
    "coach.hint_few": {
        "one": "Only {n} deal could be solved in the time, too few to be sure: take this as a first guess.",
        "other": (
            "Only {n} deals could be solved in the time, too few to be sure: take this as a first guess."
        ),
    },
    "coach.unclear_few": {
        "one": "Unclear: only {n} deal could be solved in the time, too few to grade.",
        "other": "Unclear: only {n} deals could be solved in the time, too few to grade.",
    },
    "coach.unclear_wide": (
        "Unclear: the deals disagree; the loss lies somewhere between {low} and {high} points."
    ),
    # ----- the idea behind a move, said first (trainer.play.ideas) -----
    "ideas.suit": "a {pip}",
    "ideas.goes_out": "it plays your last tile: you go out",
    "ideas.blocks_draw": (
        "it blocks player {player}: he holds no tile for these ends (he has shown he has none with "
        "{lacks}), so he must draw"
    ),
    "ideas.blocks_pass": (
        "it blocks player {player}: he holds no tile for these ends (he has shown he has none with "
        "{lacks}), and with the boneyard empty he must pass"
    ),
    "ideas.blocks_draw_none": (
        "it blocks player {player}: no tile you cannot see fits these ends, so he must draw"
    ),
    "ideas.blocks_pass_none": (
        "it blocks player {player}: no tile you cannot see fits these ends, and with the boneyard "
        "empty he must pass"
    ),
    "ideas.blocks_often": "it leaves player {player} no tile for these ends on about {tenths} deals in 10",
    "ideas.keeps_out": "it keeps {tile}, which fits the ends it leaves: you can go out next turn",
    "ideas.no_score": (
        "it leaves player {player} no score: no tile he may hold makes a multiple of five on these "
        "ends (after {other} he could score up to {other_reply})"
    ),
    "ideas.sets_up": "it sets up {points} next turn: {tile} scores them on these ends if they stay",
    "ideas.sheds_double": (
        "it sheds {tile}, a heavy double that fits only where a {pip} is open and counts against you "
        "when the hand ends"
    ),
    "ideas.partner_count": (
        "it gives your partner a count: player {partner} could score up to {points} on these ends, "
        "and the next player nothing"
    ),
    "ideas.scores": "it scores {points} now",
    "ideas.less_reply": (
        "it leaves player {player} at most {reply} to score, against {other_reply} after {other}"
    ),
    "play.grade.unclear": "unclear",
    "play.grade.forced": "forced",
    "play.grade.missed_win": "missed win",
    "play.grade_title.unclear": "Unclear",
    "play.grade_title.forced": "Forced",
    "play.grade_title.missed_win": "Missed win",
    # ----- the app: the Progress page -----
    "progress.title": "Progress",
    "progress.for_learner": "Everything kept for {name}.",
    "progress.not_saved": "This answer was kept for this visit only: {error}.",
    "progress.no_store": (
        "Progress cannot be kept right now (see the warning above), so there is no history to show; "
        "this visit's answers are kept until the page is closed."
    ),
    "progress.no_learner": (
        "Choose or create a learner in the sidebar: from then on every answer is kept, and this page "
        "shows your rating, your drills, your puzzle themes and the days you practised."
    ),
    "progress.session": {
        "one": "This visit so far: {right} of {n} answer right (not kept).",
        "other": "This visit so far: {right} of {n} answers right (not kept).",
    },
    "progress.empty": (
        "Nothing kept for {name} yet. Answer lesson checks, drills and puzzles: every answer is kept, "
        "and this page fills with your rating over time, your drill accuracy and speed, the puzzle "
        "themes to work on and a calendar of the days you practised."
    ),
    "progress.to_learn": "Learn",
    "progress.to_drills": "Drills",
    "progress.to_puzzles": "Puzzles",
    "progress.to_rated": "Play rated puzzles",
    "progress.to_review": "Review: {due} due now, {count} in the queue",
    "progress.metric_answers": "Answers",
    "progress.metric_right": "{percent}% right",
    "progress.metric_none": "none yet",
    "progress.metric_rating": "Puzzle rating",
    "progress.metric_rd": "± {rd} · {games} rated",
    "progress.metric_provisional": (
        "The ? says the rating is still provisional: its ± is 110 or more, as it is for about a dozen "
        "rated puzzles."
    ),
    "progress.metric_streak": "Daily streak",
    "progress.metric_best": "best {best}",
    "progress.metric_review": "Due for review",
    "progress.metric_queue": "{count} in the queue",
    "progress.streak_caption": {
        "one": "Daily streak: {n} day in a row answering today's puzzle (best {best}).",
        "other": "Daily streak: {n} days in a row answering today's puzzle (best {best}).",
    },
    "progress.col.part": "part",
    "progress.col.answers": "answers",
    "progress.col.right": "right",
    "progress.col.percent": "% right",
    "progress.col.score": "score",
    "progress.col.level": "level",
    "progress.col.when": "when",
    "progress.col.item": "item",
    "progress.col.result": "result",
    "progress.col.seconds": "seconds",
    "progress.part.lesson": "lesson checks",
    "progress.part.drill": "drills",
    "progress.part.puzzle": "puzzles",
    "progress.part.play": "moves in play",
    "progress.right_mark": "right",
    "progress.wrong_mark": "wrong",
    "progress.charts_title": "Charts",
    "progress.tab.summary": "In short",
    "progress.tab.rating": "Rating",
    "progress.summary.rating": (
        "Rating: {rating} ± {rd} after {count} rated puzzles ({first} at the end of {day}, your first "
        "day of them)."
    ),
    "progress.summary.drills": (
        "Drills: {count} answers, {percent} right; strongest {best} ({best_percent}), weakest {weakest} "
        "({weakest_percent})."
    ),
    "progress.summary.themes": "Puzzle themes: the weakest is {weakest}, {percent} right.",
    "progress.summary.queue": "Review queue: {due} due now, {total} in all.",
    "progress.summary.open_tab": (
        "Open a tab for its chart: point at a point to read it, drag across the days to zoom in."
    ),
    "progress.tab.drills": "Drills",
    "progress.tab.themes": "Puzzle themes",
    "progress.tab.queue": "Review queue",
    # the charts' range buttons (zoom to the last month, three months, everything)
    "progress.plot.month": "1 month",
    "progress.plot.months": "3 months",
    "progress.plot.all": "All",
    # how a chart's date axis writes a day (d3's time format: %b the month's short name in
    # English only, %-d the day, %-m the month's number): languages other than English use numbers
    "progress.plot.tick_day": "%b %-d",
    "progress.plot.accuracy_panel": "Right answers",
    "progress.plot.speed_panel": "Mean answer time",
    "progress.plot.cards_axis": "cards",
    "progress.plot.today": "today",
    "progress.hover.rating_attempt": (
        "Rated puzzle {n}, {day}: {puzzle} (the puzzle's rating {level}); your rating after it "
        "{rating} ± {rd}"
    ),
    "progress.hover.rating_day": {
        "one": "{day}: rating {rating} ± {rd}, after {n} rated puzzle that day",
        "other": "{day}: rating {rating} ± {rd}, after {n} rated puzzles that day",
    },
    "progress.hover.mean_time": ", mean time {time}",
    "progress.hover.drill_block": (
        "{drill}, answers {first} to {last}: {right} of {n} right so far ({percent})"
    ),
    "progress.hover.drill_day": "{drill}, {when}: {right} of {n} right ({percent})",
    "progress.hover.week_of": "week of {day}",
    "progress.hover.theme": "{theme}: {right} of {n} right ({percent})",
    "progress.hover.queue_puzzle": {"one": "{day}: {n} puzzle", "other": "{day}: {n} puzzles"},
    "progress.hover.queue_drill": {"one": "{day}: {n} drill board", "other": "{day}: {n} drill boards"},
    "progress.queue.puzzle": "puzzles",
    "progress.queue.drill": "drill boards",
    "progress.queue_empty": (
        "Your review queue is empty: a puzzle you miss, or a drill board you get wrong, comes back "
        "here to be asked again a few days later."
    ),
    "progress.queue_summary": (
        "Bar chart of the review cards falling due each of the next {days} days: {due} due now, "
        "{coming} more in that time, {total} in the queue in all."
    ),
    "progress.drills_summary": (
        "Above, each drill's share of right answers per {period}; below, its mean answer time. "
        "{count} answers in all, {percent} right. Click a drill's name to hide it."
    ),
    "progress.drills_summary_so_far": (
        "Above, each drill's share of right answers so far, {period} at a time; below, the mean "
        "answer time of those answers. {count} answers in all, {percent} right. Click a drill's name "
        "to hide it."
    ),
    "progress.rating": "rating",
    "progress.rating_band": "± rating deviation",
    "progress.rating_empty": (
        "No rated puzzles yet. Rated puzzles are picked near your rating; each one moves it, and "
        "this chart shows how."
    ),
    "progress.rating_alt": (
        "Line chart of the rating after each of {count} rated puzzles, from {first} to {rating}."
    ),
    "progress.rating_key": "The line is the rating; the shaded band around it is its ± rating deviation.",
    "progress.rating_caption": {
        "one": "{n} rated puzzle; rating now {rating} ± {rd}.",
        "other": "{n} rated puzzles; rating now {rating} ± {rd}.",
    },
    "progress.drills_empty": (
        "No drill answers yet. Once you answer drills, their accuracy and your answer time, day by "
        "day and drill by drill, show here."
    ),
    "progress.period.day": "day",
    "progress.period.week": "week",
    "progress.period.block": {"one": "answer", "other": "{n} answers"},
    "progress.answers_axis": "answers",
    "progress.rating_axis_attempt": "rated puzzles",
    "progress.rating_alt_days": (
        "Line chart of the rating at the end of each of {days} days, from {first} to {rating}, "
        "with its ± band."
    ),
    "progress.accuracy_axis": "% right",
    "progress.speed_value": "{seconds}\u00a0s",  # a point's answer time on the chart
    "progress.speed_empty": "No drill answer was timed yet.",
    "progress.tags_empty": (
        "No puzzles answered yet. Each puzzle has themes (spinner, set-up, block...): your right "
        "answers per theme show here, the weakest first, each with a link to practise it."
    ),
    "progress.tags_alt": (
        "Bar chart of right answers per puzzle theme; the weakest is {weakest}, {percent}% right."
    ),
    "progress.practise_intro": "Practise a theme:",
    "progress.practise": "{tag}: {percent}% right ({right}/{attempts}){lost}",
    "progress.tag_lost": ", {points} points lost on average",
    "progress.parts_title": "Answers by part",
    "progress.calendar_title": "Days practised",
    "progress.calendar_empty": "No day practised yet: each day you answer something lights up a square here.",
    "progress.calendar_alt": "Calendar of the last {weeks} weeks: {days} days practised.",
    "progress.calendar_caption": {
        "one": "{n} day practised in the last {weeks} weeks; {total} in all.",
        "other": "{n} days practised in the last {weeks} weeks; {total} in all.",
    },
    "progress.weekday.0": "Mon",
    "progress.weekday.1": "Tue",
    "progress.weekday.2": "Wed",
    "progress.weekday.3": "Thu",
    "progress.weekday.4": "Fri",
    "progress.weekday.5": "Sat",
    "progress.weekday.6": "Sun",
    "progress.month.1": "Jan",
    "progress.month.2": "Feb",
    "progress.month.3": "Mar",
    "progress.month.4": "Apr",
    "progress.month.5": "May",
    "progress.month.6": "Jun",
    "progress.month.7": "Jul",
    "progress.month.8": "Aug",
    "progress.month.9": "Sep",
    "progress.month.10": "Oct",
    "progress.month.11": "Nov",
    "progress.month.12": "Dec",
    "progress.runs_title": "Best timed runs",
    "progress.runs_empty": "No timed run finished yet: the best scores of your 60-second runs show here.",
    "progress.recent_one": "The latest answer",
    "progress.recent_title": {"one": "The latest {n} answer", "other": "The latest {n} answers"},
    "progress.settings": "Settings",
    "progress.location": (
        "Progress is kept in this database (set another with the environment variable {env}, "
        "a file path or a PostgreSQL URL):"
    ),
    "progress.export": "Export this learner's history",
    "progress.export_help": (
        "One JSON file with every answer, rating, timed run and review card: a backup, or the way "
        "to move to another machine."
    ),
    "progress.import_file": "Import a history file",
    "progress.import_note": "A history exported from this page (.json)",
    "progress.import_name": "Import under the name",
    "progress.import_name_placeholder": "empty: the name in the file",
    "progress.import": "Import",
    "progress.imported": {
        "one": "Imported {name}: {n} answer. {name} is now chosen.",
        "other": "Imported {name}: {n} answers. {name} is now chosen.",
    },
    "progress.import_not_text": "This file is not text (UTF-8): nothing was imported.",
    "progress.import_bad": "This file cannot be imported, and nothing was changed: {error}.",
    "progress.import_refused": "Nothing was imported: {error}.",
    "progress.import_taken": (
        "Nothing was imported: there is already a learner named {name}. Type another name under "
        "“Import under the name” and import again."
    ),
    "progress.import_failed": "The import failed and nothing was changed: {error}.",
    # ----- the app: the Play page -----
    "play.title": "Play",
    "play.intro": (
        "Play whole matches against the computer. Deals are numbered: play the same "
        "deal again to try a better line."
    ),
    "play.you": "You",
    "play.partner": "Partner (player {seat})",
    "play.computer": "Computer (player {seat})",
    "play.rules": "Rules",
    "play.rules_help": (
        "standard: each for himself, 9 tiles each with two players, 7 with three, 5 with four; "
        "the first double played is the spinner.\n\n"
        "partners: four players, you and player 2 against 1 and 3.\n\n"
        "cincos: 7 tiles each; the highest double leads and is the spinner; going out scores the "
        "pips left in the others' hands, and nobody loses any."
    ),
    "play.players": "Players",
    "play.players_help": "partners always has four",
    "play.strength": "Computer strength",
    "play.strength.random": "Beginner",
    "play.strength.greedy": "Greedy",
    "play.strength.expert": "Expert",
    "play.strength_line.random": "Beginner: plays any tile that fits, without a plan.",
    "play.strength_line.greedy": (
        "Greedy: takes the most points it can each turn, without looking ahead."
    ),
    "play.strength_line.expert": (
        "Expert: looks ahead to the end of the hand over many deals of the tiles it cannot see, "
        "weighed by what the other players' moves show."
    ),
    "play.target": "Points to win the match",
    "play.target_help": (
        "The first side to reach this score wins. Left empty, the rules' usual score: {usual}."
    ),
    "play.target_placeholder": "the rules' usual score",
    "play.over_claim_nothing": (
        "You claimed {claim} but {move} scored nothing: the next player's side gets {penalty} for claiming "
        "too much."
    ),
    "play.judged_deals": {"one": "{n} deal of the hidden tiles", "other": "{n} deals of the hidden tiles"},
    "play.judged_points": "no deal solved in time",
    "play.forced_why": "your only legal move",
    "play.target_usual": "{rules} {target}",
    "play.target_for": "{target} with {players} players",
    "play.muggins_rule": (
        "Muggins: with each play you claim the points it made, in fives (0, 5, 10, ...). A right claim, "
        "0 included, keeps them. A short or missing claim scores nothing for you, and the play's points go "
        "to the next player's side. Claim too much and you score nothing either: the next player's side "
        "gets the play's points and the points you claimed beyond them."
    ),
    "play.player": "Player {seat}",
    "play.story_drew": {"one": "drew {n} ({tiles}) and ", "other": "drew {n} ({tiles}) and "},
    "play.story_drew_unseen": {"one": "drew {n} tile and ", "other": "drew {n} tiles and "},
    "play.story_passed": "{who} {drew}passed.",
    "play.story_played": "{who} {drew}played {move}: count {count}.",
    "play.story_scored": "{who} {drew}played {move}: count {count}, scores {points}.",
    "play.final_board": "The board as the hand ended",
    "play.last_moves": "The last moves",
    "play.whole_hand": "Every move of the hand",
    "play.forced_mark": "forced",
    "play.over_claim": (
        "You claimed {claim} but {move} scored {points}: you score nothing; the next player's side gets the "
        "{points} points and {penalty} more for claiming too much."
    ),
    "play.claim_in_fives": "Points come in fives: claim 0, 5, 10, 15, ...",
    "play.bad_file_head": "This file could not be loaded as a saved game: {problem}.",
    "play.bad_file_detail": "What the trainer read: {error}",
    "play.file_not_text": "it is not a text file",
    "play.file_too_big": "it is {size}\u00a0KB, and a saved game is at most {limit}\u00a0KB",
    "play.file_not_game": "it is not a game saved from this page, or it was changed after saving",
    "play.file_sealed_elsewhere": (
        "it is a match saved while it was under way, sealed so that the tiles not yet seen stay hidden, and "
        "it opens only on the server that saved it (or it was changed after saving)"
    ),
    "play.file_no_seed": "the deal number is missing",
    "play.muggins": "Muggins: claim your own points",
    "play.coach": "Coach: allow hints",
    "play.seed": "Deal number (empty: a new random deal)",
    "play.start": "Start the game",
    "play.bad_seed": (
        "“{text}” is not a deal number: type a whole number of up to {digits} digits, for example 12345."
    ),
    "play.load": "Or load a saved game",
    "play.load_note": "A game saved from this page (.txt), at most {kb}\u00a0KB",
    "play.bad_file": "This file is not a saved game: {error}",
    "play.side_you": "You and your partner (player {partner})",
    "play.side_others": "The computers (players {players})",
    "play.side_separator": "; ",
    "play.status": (
        "Hand {hand} · rules {rules} · target {target} · deal number {seed} · computer: {opponent}"
    ),
    "play.status_muggins": (
        "Hand {hand} · rules {rules} · target {target} · deal number {seed} · computer: {opponent} · Muggins"
    ),
    "play.went_out": "{player} went out",
    "play.blocked": "the hand is blocked",
    "play.hand_over": "Hand {number} is over: {how}",
    "play.match_ended": "Hand {number} ended the match: a side reached {target}.",
    "play.col.player": "player",
    "play.col.pips": "pips left",
    "play.col.rounded": "rounded",
    "play.settlement": "End-of-hand scoring ({rules}): {changes}. Match score now: {scores}.",
    "play.review": "Review my moves",
    "play.reviewing": "Judging each of your moves against the best...",
    "play.next_hand": "Next hand",
    "play.see_result": "See the result",
    "play.no_choice": "You had no choice to make this hand: every move was forced.",
    "play.grade.best": "best",
    "play.grade.good": "good",
    "play.grade.inaccuracy": "inaccuracy",
    "play.grade.mistake": "mistake",
    "play.grade.blunder": "blunder",
    "play.grade_title.best": "Best",
    "play.grade_title.good": "Good",
    "play.grade_title.inaccuracy": "Inaccuracy",
    "play.grade_title.mistake": "Mistake",
    "play.grade_title.blunder": "Blunder",
    "play.review_head": "**{n}. {move}** · :{colour}[**{grade}**]",
    "play.review_detail": "Best: {best} · points lost: {lost} · judged on: {judged}",
    "play.review_link": "{grade}: {move} (best {best}, −{loss}, judged on {judged}) — open in Analysis",
    "play.drew": "You could not play and drew {tiles}.",
    "play.your_hand": "Your hand:",
    "play.lead": "Lead {tile}",
    "play.claim_question": "Playing {move}: how many points do you claim? (0 if none)",
    "play.claim_label": "Points",
    "play.claim_submit": "Play and claim",
    "play.bad_claim": "Claim a whole number of points, 0 to 999.",
    "play.hint": "Hint",
    "play.where": "Where are the tiles?",
    "hands.title": "Your own hands",
    "hands.intro": (
        "A hand you played anywhere (at a club's table, online), written down as you saw it: the rules, "
        "your seat and tiles, then a line a turn. The coach checks every turn as it is read, then judges "
        "each of your moves on what you could see then."
    ),
    "hands.example": "Fill in an example",
    "hands.file": "Open a record (a text or JSON file)",
    "hands.file_note": "A hand's record, {kb}\u00a0KB at most",
    "hands.paste": "The hand, as text or JSON",
    "hands.too_big": "That file is too big for a hand's record: {most} characters at most.",
    "hands.not_text": "That file is not text: a hand's record is a text or JSON file.",
    "hands.bad": "This record cannot be read: {error}",
    "hands.record": "The hand",
    "hands.summary": {
        "one": "Rules: {rules}; {n} player; you are player {player}; turns written down: {turns}.",
        "other": "Rules: {rules}; {n} players; you are player {player}; turns written down: {turns}.",
    },
    "hands.dealt": "Player {player}'s tiles as dealt:",
    "hands.review": "Review my moves",
    "hands.reviewing": "The coach is judging each of your moves on what you could see then…",
    "hands.review_title": "Player {player}'s moves, judged on what he could see",
    "hands.no_moves": "You made no move in this record: there is nothing to judge.",
    "hands.keep_need_learner": (
        "Choose or create a learner in the sidebar to keep your hands in Progress, and your mistakes as "
        "puzzles of your own."
    ),
    "hands.open_need_learner": (
        "Choose the learner whose hand it is in the sidebar, then open it again from Progress."
    ),
    "hands.open_missing": "No kept hand of this learner has the number {hand}: it may have been removed.",
    "hands.where": "Where were the tiles you could not see?",
    "play.reading": "Reading the hand from the moves before this one…",
    "hands.where_unread": "The tiles cannot be read here: {error}.",
    "hands.where_none": "You could see every tile: none was hidden from you.",
    "hands.kept": "Kept in your Progress, under Your own hands, with this review.",
    "progress.hands_title": "Your own hands",
    "progress.empty_hands": (
        "No answers kept for {name} yet: lesson checks, drills and puzzles fill this page with your rating "
        "over time, your drill accuracy and speed and a calendar of the days you practised. Your own hands "
        "are below."
    ),
    "progress.hands_none": (
        "No hand of yours is kept yet: hands you review on the Your hands page are kept here."
    ),
    "progress.hands_col.when": "When",
    "progress.hands_col.rules": "Rules",
    "progress.hands_col.players": "Players",
    "progress.hands_col.turns": "Turns",
    "progress.hands_col.moves": "Your moves judged",
    "progress.hands_col.mistakes": "Mistakes",
    "progress.hands_col.lost": "Points lost",
    "progress.hands_pick": "A kept hand",
    "progress.hands_open": "Open it on Your hands",
    "progress.hands_remove": "Remove it",
    "progress.hands_sure": "Yes, remove this hand from my progress",
    "progress.hands_removed": "The hand is removed.",
    "hands.how": "How will you write the hand down?",
    "hands.how.click": "By clicking the tiles",
    "hands.how.text": "As text or a file",
    "hands.enter.refused": "That entry was not kept: {why}.",
    "hands.enter.fits_nowhere": "{tile} fits no open end: it cannot have been played now.",
    "hands.enter.rules": "Rules",
    "hands.enter.players": "Players",
    "hands.enter.seat": "You were",
    "hands.enter.player": "Player {player}",
    "hands.enter.scores": "Scores before the hand (leave them at 0 for the first hand of a match)",
    "hands.enter.side_score": "Side {side}",
    "hands.enter.player_score": "Player {player}",
    "hands.enter.pick": "Click the {size} tiles player {player} was dealt, in any order.",
    "hands.enter.picked": {
        "one": "{n} of {size} tiles picked:",
        "other": "{n} of {size} tiles picked:",
    },
    "hands.enter.unpick": "Take back the last tile",
    "hands.enter.start": "Start the hand",
    "hands.enter.over": "The hand is over. Review your moves below, or undo the last turn to change it.",
    "hands.enter.leader": "Who led?",
    "hands.enter.your_turn": (
        "Turn {turn}: your turn (player {player}). Click the tile you played, or say you drew or "
        "passed."
    ),
    "hands.enter.you_drew": "You drew this turn: {tiles}.",
    "hands.enter.draw": "I drew a tile",
    "hands.enter.draw_which": "Click the tile you drew:",
    "hands.enter.pass": "I passed",
    "hands.enter.their_turn": (
        "Turn {turn}: player {player}. How many tiles he drew, then the tile he played or his pass."
    ),
    "hands.enter.they_drew": "Tiles player {player} drew this turn",
    "hands.enter.their_tile": "The tile player {player} played:",
    "hands.enter.they_passed": "Player {player} passed",
    "hands.enter.which_end": "Which end did {tile} go on?",
    "hands.enter.undo": "Undo",
    "hands.enter.again": "Start again",
    "hands.enter.as_text": (
        "The record so far, as text (copy it to keep the hand, or paste it later under “As text or "
        "a file”):"
    ),
    "hands.enter.fix_text": (
        "The record in the text box cannot be carried on by clicking: {error}. Fix it under “As "
        "text or a file”, or start again."
    ),
    "hands.enter.must_play_draw": (
        "Player {player} cannot draw: {tile} fits on the {side} end. A player who can play must "
        "play."
    ),
    "hands.enter.must_play_pass": (
        "Player {player} cannot pass: {tile} fits on the {side} end. A player who can play must "
        "play."
    ),
    "hands.enter.must_draw": (
        "Player {player} cannot pass while the boneyard holds {count} tiles: he draws until a tile "
        "fits."
    ),
    "hands.enter.too_many": "Player {player} cannot draw more tiles than the boneyard holds ({count}).",
    "hands.enter.lacks": (
        "Player {player} showed earlier that he has no {pip} (he drew or passed on it and has not "
        "drawn since), so he cannot play {tile} now."
    ),
    "play.where_title": "Where are the tiles you cannot see?",
    "play.where_uniform": {
        "one": (
            "Every deal that fits what you have seen (the tile counts, the suits a player showed he lacks) "
            "counted alike: {n} deal, so the figures are exact."
        ),
        "other": (
            "Every deal that fits what you have seen (the tile counts, the suits a player showed he lacks) "
            "counted alike: {n} deals, so the figures are exact."
        ),
    },
    "play.where_model": (
        "Each deal that fits what you have seen is weighed by how likely the others' moves this hand were "
        "for {model}: {deals} deals drawn, worth {effective} equal ones; each figure within ± {margin} "
        "percentage points."
    ),
    "play.where_fallback": (
        "Read as {asked} the weights rested on too few deals, so these are the figures with every deal that "
        "fits counted alike."
    ),
    "play.model.uniform": "any player",
    "play.model.greedy": "a player who takes the most points now",
    "play.model.guarded": "a player who takes points but guards the next reply",
    "play.model.club": "a club player",
    "play.model.expert": "a club player",
    "play.coach_thinking": "The coach is thinking...",
    "play.undo": "Undo",
    "play.coach_says": "**Coach:** {headline}",
    "play.figures": "The figures and what they rest on",
    "play.wrong_claim": (
        "You claimed {claim} but {move} scored {points}: you score nothing, and the {points} points go to "
        "the next player's side."
    ),
    "play.you_win": "You win the match! You reached {target} first. Final match score: {scores}.",
    "play.computer_wins": (
        "The computer wins the match: it reached {target} first. Final match score: {scores}."
    ),
    "play.again": "Play this deal again",
    "play.new": "New game",
    "play.tiles_held": "{name}: {tiles}",
    "play.table_status": "{others} · boneyard: {boneyard} tiles",
    "play.thinking": "{name} is thinking...",
    "play.save_title": "Save, load or quit",
    "play.save": "Save this game",
    "play.quit": "Quit this game",
    "play.quit_sure": "Quit this match? It is gone once you quit, unless you saved it above.",
    "play.quit_yes": "Yes, quit the match",
    "play.quit_no": "Keep playing",
    # ----- the guided first hand (trainer.teach.guided, ui/guided.py) -----
    "guided.title": "Your first hand, guided",
    "guided.intro": (
        "A whole hand against the computer at its easiest (it plays any tile that fits), told step "
        "by step: whose turn it is, which of your tiles fit which end and what each would score, "
        "drawing and passing, every score and why, and at the end the pips left and their rounding. "
        "You choose every move: click a tile, then an end."
    ),
    "guided.deal": (
        "The 28 tiles were shuffled face down and each of you drew {hand}; the other {boneyard} are "
        "the boneyard, face down."
    ),
    "guided.first_you": "The first hand's starter is drawn at random, and it is you: lead any tile you like.",
    "guided.first_computer": "The first hand's starter is drawn at random, and it is the computer: it leads.",
    "guided.your_turn": "Your turn.",
    "guided.lead_any": (
        "The table is empty: lead any tile. A lone lead counts both halves: 5-0, 4-1 and 3-2 score 5 "
        "at once, 6-4 and 5-5 score 10."
    ),
    "guided.lead_scores": "Leading {tile} would score {points} at once.",
    "guided.lead_none": (
        "None of your tiles scores as a lead: lead any, and keep in mind the count it leaves for the "
        "computer (its two halves added up)."
    ),
    "guided.spinner_closed": (
        "Both sides of the spinner {tile} now hold a tile: it no longer counts, and its two ends "
        "(north and south) are open for tiles too."
    ),
    "guided.ends": "The open ends are {ends}: a tile must show the same number to go there.",
    "guided.fits_scores": "{move} would make the count {count}, a multiple of five: it scores {points}.",
    "guided.fits_nothing": "{move} would make the count {count}: no points.",
    "guided.no_fit": {
        "one": "{tiles} fits no open end, so it is greyed.",
        "other": "{tiles} fit no open end, so they are greyed.",
    },
    "guided.pick": "Click the tile you want to play, then the end.",
    "guided.you_drew_now": {
        "one": "None of your tiles fitted, so you drew from the boneyard: {tiles}. {last} fits: play it now.",
        "other": (
            "None of your tiles fitted, so you drew from the boneyard until one did: {tiles}. The last, "
            "{last}, fits: play it now."
        ),
    },
    "guided.you_drew": {
        "one": "You had no tile for {ends}, so you drew one from the boneyard: {tiles}.",
        "other": "You had no tile for {ends}, so you drew {n} from the boneyard until one fitted: {tiles}.",
    },
    "guided.you_drew_none": {
        "one": (
            "You had no tile for {ends}, so you drew the last tile of the boneyard: {tiles}. It does not fit."
        ),
        "other": (
            "You had no tile for {ends}, so you drew the last {n} tiles of the boneyard: {tiles}. None fits."
        ),
    },
    "guided.computer_drew": {
        "one": (
            "The computer had no tile for {ends}, so it drew one from the boneyard (you do not see which)."
        ),
        "other": (
            "The computer had no tile for {ends}, so it drew {n} from the boneyard until one fitted "
            "(you do not see which)."
        ),
    },
    "guided.computer_drew_none": {
        "one": (
            "The computer had no tile for {ends}, so it drew the last tile of the boneyard. It does not fit."
        ),
        "other": (
            "The computer had no tile for {ends}, so it drew the last {n} tiles of the boneyard. None fits."
        ),
    },
    "guided.you_passed": "You cannot play on {ends} and the boneyard is empty: you pass.",
    "guided.computer_passed": "The computer cannot play on {ends} and the boneyard is empty: it passes.",
    "guided.you_played": "You played {move}.",
    "guided.computer_played": "The computer played {move}.",
    "guided.spinner": (
        "{tile} is the first double of the hand, so it is the spinner, placed crosswise: tiles go on "
        "its two sides first, and once both hold a tile its two ends take tiles too."
    ),
    "guided.double": (
        "{tile} is a double: it lies crosswise, and while it is at an open end it counts both halves, "
        "{value}."
    ),
    "guided.scores_you": "{count} is a multiple of five: you score {points}.",
    "guided.scores_computer": "{count} is a multiple of five: the computer scores {points}.",
    "guided.no_score": "{count} is not a multiple of five: no points.",
    "guided.no_count": "The count is 0: no points.",
    "guided.out_you": "You played your last tile: you went out, and the hand is over.",
    "guided.out_computer": "The computer played its last tile: it went out, and the hand is over.",
    "guided.blocked": "Nobody can play and the boneyard is empty: the hand is blocked, and it is over.",
    "guided.empty_you": "You have no tiles left: nothing comes off your score.",
    "guided.empty_computer": "The computer has no tiles left: nothing comes off its score.",
    "guided.pips_you": "You are left with {tiles}: {pips} pips. {rule}",
    "guided.pips_computer": "The computer is left with {tiles}: {pips} pips. {rule}",
    "guided.settle": (
        "Each player's rounded pips come off his own score: you {you}, the computer {computer}. "
        "Scores now: you {you_score}, the computer {computer_score}."
    ),
    "guided.ahead": "You end the hand ahead, {you} to {computer}. A match goes on hand after hand to 250.",
    "guided.behind": (
        "The computer ends the hand ahead, {computer} to {you}. A match goes on hand after hand to 250."
    ),
    "guided.level": "The hand ends level, {you} each. A match goes on hand after hand to 250.",
    "guided.latest": "What just happened",
    "guided.story": "The whole hand, turn by turn",
    "guided.you": "You",
    "guided.computer": "Computer",
    "guided.status": "Standard rules · two players · the computer plays any tile that fits · deal {seed}",
    "guided.boneyard": {"one": "Boneyard: {n} tile", "other": "Boneyard: {n} tiles"},
    "guided.computer_holds": {"one": "The computer holds {n} tile", "other": "The computer holds {n} tiles"},
    "guided.over": "The hand is over",
    "guided.again": "Another guided hand",
    "guided.restart": "Start this hand again",
    "guided.to_play": "Play a whole match",
    "guided.final_board": "The table as the hand ended:",
    "guided.lost": "The guided hand kept in this tab could not be read back, so a new one has been dealt.",
    # ----- the app: positions too big to solve on the Analysis page -----
    "analysis.too_big": (
        "This position is too big to solve exactly here: the search was stopped after {seconds}\u00a0s. "
        "Below is a rough estimate from random play-outs instead."
    ),
    "analysis.playing_out": "Playing the hand out at random after each move...",
    "analysis.value_playout": (
        "Value: a rough guide, not best play. After each move the hand was played out to the end "
        "with every player choosing at random ({playouts}); the value is how many points player "
        "{player} then ended ahead on average (his points from now on minus the others'; ± the "
        "spread). Random play is not good play: a move that does well here may do badly against "
        "good play, so treat close values as unclear."
    ),
    "plural.playouts": {"one": "{n} play-out", "other": "{n} play-outs"},
    # ----- languages: the navigation (app.py) -----
    "nav.home": "Start",
    "nav.learn": "Learn",
    "nav.practice": "Practice",
    "nav.drills": "Drills",
    "nav.puzzles": "Puzzles",
    "nav.play": "Play",
    "nav.analysis": "Analysis",
    "nav.hands": "Your hands",
    "nav.together": "Play together",
    "nav.tables": "Tables",
    "nav.events": "Events",
    "together.title": "Play together",
    "together.intro": (
        "Two to four people at one device: each plays in his turn, then passes the device on. Between turns "
        "the tiles are covered, and each player shows his own when the device reaches him."
    ),
    "together.name": "Player {player}'s name",
    "together.default_name": "Player {player}",
    "together.start": "Start the match",
    "together.bad": "The match cannot start: {error}.",
    "together.and": "{first} and {second}",
    "together.scores": "Score: {scores} (the match is to {target})",
    "together.pass_to": "Pass the device to {name} (player {player}). Everyone else, look away.",
    "together.show": "Show my tiles, {name}",
    "together.drew": "You drew from the boneyard before you could play: {tiles}.",
    "together.your_turn": "{name}, your turn: click a tile, then where it goes.",
    "together.last": "Last move: {name} played {move}.",
    "together.hand_over": "Hand {number} is over: {how}.",
    "together.col.side": "Player",
    "together.col.hand": "This hand",
    "together.col.score": "Score",
    "together.next": "Next hand",
    "together.reviews": "Each player's moves judged on what he could see, when he asks:",
    "together.review": "Review {name}'s moves",
    "together.records": "This player's record of the hand",
    "together.records_how": (
        "Copy a player's record and paste it on Your hands (As text or a file) to have his moves reviewed on "
        "what he could see."
    ),
    "together.won": "{names} won the match.",
    "together.again": "A new match",
    "together.quit": "End this match",
    "nav.progress": "Progress",
    "nav.sign_in": "Sign in",
    "nav.classes": "Classes",
    "nav.accounts": "Accounts",
    # ----- club mode: signing in, the account's panel, assignments on Start (ui.club) -----
    "club.sign_in_intro": "Sign in with the name and password your teacher or club gave you.",
    "club.name": "Name",
    "club.password": "Password",
    "club.sign_in": "Sign in",
    "club.sign_in_empty": "Type your name and your password.",
    "club.sign_in_wrong": "That name and password do not match. Check both and try again.",
    "club.sign_in_wait": {
        "one": "Several wrong tries: wait {n} second, then try again.",
        "other": "Several wrong tries: wait {n} seconds, then try again.",
    },
    "club.sign_in_failed": "Signing in did not work: {error}.",
    "club.store_away": (
        "Signing in cannot work right now: the server cannot open its database ({error}). Nothing is lost; "
        "try again in a minute."
    ),
    "club.sign_in_identity": "Sign in with your school or club account",
    "club.identity_unknown": (
        "No account here is linked to {email}. Ask your teacher or the club's operator to link it."),
    "club.signed_in_as": "Signed in as **{name}** ({role})",
    "club.role.learner": "learner",
    "club.role.teacher": "teacher",
    "club.role.operator": "operator",
    "club.sign_out": "Sign out",
    "club.join": "Join a class",
    "club.code": "Class code",
    "club.code_placeholder": "The 8 letters and digits your teacher gave you",
    "club.join_button": "Join",
    "club.join_unknown": "No class has that code: check it with your teacher.",
    "club.join_failed": "That did not work: {error}.",
    "club.joined": "You are in the class {name} now.",
    "club.join_wait": {
        "one": "Several wrong codes: wait {n} second, then try again.",
        "other": "Several wrong codes: wait {n} seconds, then try again.",
    },
    "classes.need_drill": "Choose one of the drills, one of its levels and a target.",
    "club.identity_unverified": (
        "Your organisation's sign-in did not confirm this e-mail address, so it cannot open an account "
        "here. Ask your teacher or the operator."
    ),
    "club.keep_signed_in": "Keep me signed in on this computer",
    "club.keep_signed_in_help": (
        "Only on your own computer. Unticked, closing the browser signs you out, so that the next "
        "person at a shared computer does not find your account open."
    ),
    "club.session_unchecked": (
        "The database cannot be reached, so your sign-in cannot be checked now. Try again in a "
        "moment: you stay signed in on this computer."
    ),
    "club.leave": "Leave a class",
    "club.leave_pick": "Class",
    "club.leave_sure": "Yes, I want to leave this class",
    "club.leave_note": "Its teacher will no longer see your work; what you did stays yours.",
    "club.leave_button": "Leave the class",
    "club.leave_confirm_first": "Tick “Yes, I want to leave this class” first.",
    "club.left": "You have left the class {name}.",
    "club.change_password": "Change your password",
    "club.password_current": "Your password now",
    "club.password_new": "New password",
    "club.password_again": "New password again",
    "club.password_button": "Change it",
    "club.password_differ": "The two new passwords differ: type the same one twice.",
    "club.password_short": "A password has at least {n} characters.",
    "club.password_wrong": "Your password now is not that one: nothing was changed.",
    "club.password_changed": "Your password is changed. Other devices signed in as you are signed out.",
    "club.assigned": "Assigned to you",
    "club.assigned_go": "Go",
    "club.assigned_done": {
        "one": "{n} assignment done.",
        "other": "{n} assignments done.",
    },
    "club.due": "due {day}",
    "club.due_late": "was due {day}",
    "club.goal_drill": {
        "one": "{kind}, level {level}: {n} right answer ({right} so far)",
        "other": "{kind}, level {level}: {n} right answers ({right} so far)",
    },
    "club.goal_lessons": {
        "one": "{done} of {n} lesson finished",
        "other": "{done} of {n} lessons finished",
    },
    "club.goal_practice": {
        "one": "{done} of {n} practice goal reached",
        "other": "{done} of {n} practice goals reached",
    },
    "club.not_yet": "not yet",
    "club.goal_puzzles": {
        "one": "{done} of {n} puzzle tried",
        "other": "{done} of {n} puzzles tried",
    },
    # ----- club mode: the Classes page (teachers) -----
    "classes.heading": "Classes",
    "classes.teachers_only": "This page is for teachers.",
    "classes.pick": "Class",
    "classes.new": "New class",
    "classes.name": "The class's name",
    "classes.make": "Make the class",
    "classes.made": "The class {name} is made: add its learners under Learners.",
    "classes.refused": "That did not work: {error}.",
    "classes.tab.results": "Results",
    "classes.tab.assign": "Assign",
    "classes.tab.learners": "Learners",
    "classes.no_members": "No learners in this class yet: add them under Learners.",
    "classes.no_assignments": "Nothing assigned yet: set something under Assign.",
    "classes.done_by": {
        "one": "done by {n} of {total}",
        "other": "done by {n} of {total}",
    },
    "classes.col.learner": "Name",
    "classes.col.done": "Done",
    "classes.col.progress": "Progress",
    "classes.col.right": "Right",
    "classes.col.stars": "Stars",
    "classes.col.minutes": "Minutes",
    "classes.col.helped": "Hints",
    "classes.col.theme": "Theme",
    "classes.col.answers": "Answers",
    "classes.col.accuracy": "Right",
    "classes.col.lesson": "Lesson",
    "classes.col.finished": "Finished",
    "classes.col.password": "First password",
    "classes.remove_assignment": "Remove this assignment",
    "classes.for": "For",
    "classes.for_everyone": "The whole class",
    "classes.for_help": "Nobody chosen: the whole class, learners who join later included.",
    "classes.for_all": "For the whole class.",
    "classes.for_some": "For {names} only.",
    "classes.edit": "Change it",
    "classes.edit_help": "Its title, due day and learners. What it asks stays: to ask something else, set "
                         "a new assignment.",
    "classes.edit_save": "Save the changes",
    "classes.edit_cancel": "Cancel",
    "classes.edited": "{title} is changed: due {day}.",
    "classes.remove_sure": "Remove {title}? Its results are no longer shown here; the learners' answers "
                           "stay theirs.",
    "classes.remove_yes": "Yes, remove it",
    "classes.remove_no": "Keep it",
    "classes.assignment_removed": "{title} is removed.",
    "classes.weak_themes": "The class's weakest puzzle themes",
    "classes.weak_lessons": "The class's weakest lessons",
    "classes.csv": "Download the results (CSV)",
    "classes.new_assignment": "A new assignment",
    "classes.kind": "What to do",
    "classes.kind.lessons": "Lessons",
    "classes.kind.drill": "A drill",
    "classes.kind.puzzles": "Puzzles",
    "classes.kind.practice": "Practice",
    "classes.goals": "Practice goals",
    "classes.goals_placeholder": "Choose one or more goals",
    "classes.goals_help": (
        "Each goal is played to the end of the hand against the perfect player, as on the Practice "
        "page. A goal counts once it is reached; its stars (three at the first try) are the result."),
    "classes.need_goals": "Choose at least one practice goal.",
    "classes.practice_title": {
        "one": "{n} practice goal",
        "other": "{n} practice goals",
    },
    "classes.lessons": "Lessons",
    "classes.target": "Right answers to reach",
    "classes.puzzle_way": "Which puzzles",
    "classes.by_theme": "By theme and difficulty",
    "classes.by_id": "By id",
    "classes.ids": "Puzzle ids",
    "classes.ids_placeholder": "The ids shown under each puzzle, separated by spaces",
    "classes.theme": "Theme",
    "classes.any_theme": "any theme",
    "classes.band": "Puzzle rating",
    "classes.count": "How many puzzles",
    "classes.title": "Title (as the learners will read it)",
    "classes.due": "Due by",
    "classes.assign": "Assign it",
    "classes.assigned": "Assigned: {title}, due {day}.",
    "classes.due_range": "The due day must be between {first} and {last}.",
    "classes.task.lessons": "Lessons: {lessons}",
    "classes.task.goals": "Practice goals: {goals}",
    "classes.task.puzzles": {"one": "{n} puzzle: {ids}", "other": "{n} puzzles: {ids}"},
    "classes.tab.weeks": "Weeks",
    "classes.weeks_help": "Each week: answers · share right · assignments due that week done.",
    "classes.col.week_of": "Week of {day}",
    "classes.col.week": "Week",
    "classes.col.late": "Late",
    "classes.overdue": "not done, overdue",
    "classes.open_learner": "A learner's page:",
    "learner_page.heading": "Learner",
    "learner_page.refused": "There is no such learner in your classes.",
    "learner_page.back": "Back to {name}",
    "learner_page.assignments": "Assignments",
    "learner_page.col.assignment": "Assignment",
    "learner_page.col.asks": "What it asks",
    "learner_page.weeks": "Week by week",
    "learner_page.themes": "Weakest puzzle themes",
    "learner_page.no_themes": "No puzzles answered yet.",
    "classes.renamed": "These names were taken already, so a number was added: {names}.",
    "classes.need_lessons": "Choose at least one lesson.",
    "classes.need_ids": "Type at least one puzzle id.",
    "classes.unknown_ids": "No puzzle has these ids: {ids}.",
    "classes.too_many": {
        "one": "An assignment holds at most {n} puzzle.",
        "other": "An assignment holds at most {n} puzzles.",
    },
    "classes.no_puzzles": (
        "No puzzle has that theme within that rating: widen the rating or choose another theme."),
    "classes.drill_title": "{drill}, level {level}: {target} right",
    "classes.puzzles_title": {
        "one": "{n} puzzle",
        "other": "{n} puzzles",
    },
    "classes.theme_title": {
        "one": "{n} puzzle: {theme}, rating {low} to {high}",
        "other": "{n} puzzles: {theme}, rating {low} to {high}",
    },
    "classes.code": "Learners who have an account already join this class with the code {code}.",
    "classes.new_code": "New code (the old one stops working)",
    "classes.names": "New learners, one name a line",
    "classes.names_placeholder": "Lena\nOmar\nSofia",
    "classes.add": "Make their accounts",
    "classes.passwords": (
        "Hand each learner his name and first password. They are shown only now: download or note them "
        "before you close this box."),
    "classes.passwords_csv": "Download names and passwords (CSV)",
    "classes.passwords_done": "I have noted them: close",
    "classes.reset_pick": "Learner",
    "classes.reset": "New password",
    "classes.remove_pick": "Learner",
    "classes.remove": "Take out of the class",
    "classes.removed": "Taken out of the class. His history stays his.",
    # ----- club mode: the Accounts page (operators) -----
    "accounts.heading": "Accounts",
    "accounts.operators_only": "This page is for the club's operators.",
    "accounts.role": "Role",
    "accounts.identity": "Organisation sign-in",
    "accounts.new": "A new account",
    "accounts.create": "Make the account",
    "accounts.password": "The first password of {name} is {password}. It is shown only now: hand it over.",
    "accounts.manage": "An account",
    "accounts.pick": "Account",
    "accounts.reset": "New password",
    "accounts.sure": "Yes, remove it with its whole history",
    "accounts.sure_first": "Tick the box first: removing an account removes its whole history.",
    "accounts.remove": "Remove the account",
    "accounts.removed": "The account and its history are removed.",
    # ----- languages: the engine's error messages, as it writes them in English -----
    # trainer.i18n.errortext matches a message against these patterns (a field may hold
    # any text; {error} holds a message said in turn) and says it with the translation.
    "error.in_layout": "field LAYOUT: {error}",
    "error.in_hand": "field HANDS, hand {hand}: {error}",
    "error.in_boneyard": "field BONEYARD: {error}",
    "error.in_rules": "field RULES: {error}",
    "error.in_layout_text": "layout {layout}: {error}",
    "error.in_line": "line: {error}",
    "error.in_arm": "arm {side}: {error}",
    "error.in_tile": "tile {tile}: {error}",
    "error.fields": (
        "a position code has 5 or 6 fields (LAYOUT HANDS BONEYARD TURN SCORES [RULES]) separated by "
        "spaces; found {count}"
    ),
    "error.code_text": "a position code is text",
    "error.code_long": "a position code is at most {most} characters long; this one has {length}",
    "error.scores_numbers": "field SCORES: {text} is not a list of whole numbers",
    "error.scores_players": "field SCORES: {count} score(s) for {sides} players (one per player)",
    "error.scores_partners": "field SCORES: {count} score(s) for {sides} partnerships (one per partnership)",
    "error.hands_count": (
        "field HANDS: {count} hand(s); rules {rules} take {low} to {high} players, hands separated by /"
    ),
    "error.turn_index": "field TURN: {text} is not a player index 0 to {high}",
    "error.all_tiles": "the position accounts for {total} tiles ({parts}); it must hold all 28",
    "error.tile_twice_where": "tile {tile} appears twice ({places})",
    "error.tile_twice": "tile {tile} appears twice",
    "error.lead_double": "field LAYOUT: under {rules} the lead is a double, so the layout has a spinner",
    "error.highest_none": (
        "field TURN: under {rules} the holder of the highest double leads; player {player} holds no double"
    ),
    "error.highest_holds": (
        "field TURN: under {rules} the holder of the highest double leads; player {player} holds {tiles}"
    ),
    "error.hidden_count": "{text} is not a hidden count: write ?N, N from 0 to 28",
    "error.not_tile": "{text} is not a tile: write two pips 0-6 as a-b, e.g. 6-4",
    "error.pips_range": "pips run from 0 to {high}",
    "error.lone_double": "a lone double is the spinner; write {code}",
    "error.double_inside": (
        "double {tile} inside a line (the first double played is the spinner: write d-d:E:W:N:S)"
    ),
    "error.spinner_parts": "a spinner layout has five parts d-d:E:W:N:S, found {count}",
    "error.spinner_double": "the spinner {tile} must be a double",
    "error.arms_across": "arms N and S open only once both E and W hold a tile",
    "error.touch_spinner": "{tile} does not touch the spinner {spinner} (write the inner pip first)",
    "error.touch": "{first} does not touch {second} ({a} against {b})",
    "error.unknown_rules": "unknown rules preset {name}: choose one of {names}",
    "error.rules_players": "rules {rules}: {count} players; this preset takes {low} to {high}",
    "error.hand_sizes": "hand sizes {option}: choose one of {options}",
    "error.no_puzzle": "no puzzle has the id {id}",
    "error.name_empty": "a learner's name cannot be empty",
    "error.name_long": "a learner's name has at most {limit} characters; {text}... has {length}",
    "error.name_control": "a learner's name cannot hold control or invisible characters: {text}",
    "error.name_taken": "there is already a learner named {name}",
    "error.no_learner": "no learner has the id {id}",
    # a chart's day ticks, as a d3 time format: %b is an English month name, so other
    # languages write the day and month in figures
    "progress.day_format": "%b %d",
    # history files (trainer.store.history) and imports
    "error.history_text": "a history file is text",
    "error.history_json": "the file is not JSON: {reason}",
    "error.history_object": "the file: expected a JSON object, got {kind}",
    "error.history_format": (
        "the file is not an All Fives trainer history (its format is {kind}, expected {expected})"
    ),
    "error.history_version_missing": "the file: the field 'version' is missing",
    "error.history_version": "the file's version is {kind}; this trainer reads version {version}",
    "error.import_taken": (
        "there is already a learner named {name}: import under another name, or replace him"
    ),
}
