"""Side lines of a game (issue 24 item 6): from a past position where the learner chose, another legal move is
played and the bots answer it, seeded as in the game; the game's own line over the same stretch is beside it."""

from __future__ import annotations

import random

from tutor.play.bots import bot
from tutor.play.live import Played, Refusal, Setup, attempt, start
from tutor.play.whatif import Fork, choice_points, choices, fork


def _game(setup: Setup, moves: int) -> Played:
    played = start(setup)
    for k in range(moves):
        if played.outcome is not None:
            break
        action, _ = bot(setup.game, "heuristic").choose(played.state, random.Random(k))
        got = attempt(played, action)
        assert not isinstance(got, Refusal), got
        played = got
    return played


def test_a_side_line_starts_where_the_learner_chose_and_the_bots_answer_it_seeded() -> None:
    game = _game(Setup("dungeon_mayhem", 2, (0,), "heuristic", 5, ("Sutha", "Azzan")), 8)
    points = choice_points(game)
    assert points and all(not game.entries[n].bot for n in points)
    n = next(k for k in points[1:] if len(choices(game, k)) > 1)
    other = next(a for a in choices(game, n) if a != game.entries[n].action)
    f = fork(game, n, other)
    assert isinstance(f, Fork)
    assert f.side.entries[:n] == game.entries[:n]  # the same game up to the fork
    assert f.side_line[0].action == other and not f.side_line[0].bot
    assert all(e.bot for e in f.side_line[1:])  # then the bots, up to the learner's next choice
    assert f.side.outcome is not None or f.side.yours
    assert f.actual_line[0].action == game.entries[n].action and all(e.bot for e in f.actual_line[1:])
    assert f.actual.outcome is not None or f.actual.yours
    again = fork(game, n, other)
    assert isinstance(again, Fork) and again.side.records() == f.side.records()  # seeded: the same side line
    assert any(s.kind != "same" for s in f.steps())


def test_the_same_move_gives_the_same_line_and_nothing_changes() -> None:
    game = _game(Setup("regicide", 1, seed=7), 3)
    f = fork(game, 1, game.entries[1].action)
    assert isinstance(f, Fork)
    assert f.side.records() == f.actual.records()
    assert all(s.kind == "same" for s in f.steps())


def test_a_move_that_is_not_legal_there_is_refused_with_its_rule() -> None:
    from engine import regicide as rg

    game = _game(Setup("regicide", 1, seed=7), 2)
    got = fork(game, 0, rg.Yield())
    assert isinstance(got, Refusal) and got.rule == "REG.solo.no_yield"


def test_no_side_line_where_a_bot_chose() -> None:
    game = _game(Setup("regicide", 2, (0,), "heuristic", 3), 3)
    bots = [e.n - 1 for e in game.entries if e.bot]
    assert bots and all(choices(game, n) == [] for n in bots)
