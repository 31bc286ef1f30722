"""tutor.play.bots: legal moves only, seeded and deterministic, and seeded games that end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.registry import load_all
from tutor.play.bots import HeuristicBot, RandomBot, bot
from tutor.play.live import LEVELS, MAX_MOVES, Played, Setup, _apply, bot_rng, initial, move_rng

SETUPS = [
    Setup("regicide", 1, seed=1), Setup("regicide", 2, seed=2), Setup("regicide", 4, seed=3),
    Setup("dungeon_mayhem", 2, seed=4, characters=("Azzan", "Sutha")),
    Setup("dungeon_mayhem", 4, seed=5, characters=("Lia", "Oriax", "Minsc", "Jaheira")),
    Setup("dungeon_mayhem", 6, seed=6, characters=("Blorp", "Delilah", "Tentaculous", "Hoots", "Cinderpuff", "Azzan")),
]


def _bots_only(setup: Setup, level: str) -> Played:
    """A whole game where the bot of ``level`` plays every seat; checks each move was in the engine's list."""
    game = load_all()[setup.game]
    p = Played(setup, initial(setup))
    b = bot(setup.game, level)
    while p.outcome is None:
        assert len(p.entries) < MAX_MOVES
        legal = list(game.legal_actions(p.state))
        action, reason = b.choose(p.state, bot_rng(setup.seed, len(p.entries) + 1))
        assert action in legal, f"{level} bot chose {action}, not a legal move"
        assert str(reason)
        p = _apply(p, action, True, reason)
    return p


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: f"{s.game}-{s.players}")
def test_seeded_bot_games_are_legal_deterministic_and_end(setup: Setup, level: str) -> None:
    one = _bots_only(setup, level)
    two = _bots_only(setup, level)
    assert one.outcome is not None
    assert one.state == two.state and one.records() == two.records()


@pytest.mark.parametrize("cls", [RandomBot, HeuristicBot])
def test_same_position_and_seed_give_the_same_move(cls: Any) -> None:
    setup = SETUPS[3]
    state = initial(setup)
    b = cls(setup.game)
    assert b.choose(state, random.Random(9)) == b.choose(state, random.Random(9))


def test_random_bot_draws_different_moves_for_different_seeds() -> None:
    state = initial(SETUPS[0])
    b = RandomBot("regicide")
    assert len({b.choose(state, random.Random(s))[0] for s in range(30)}) > 1


def test_regicide_heuristic_defeats_an_enemy_with_exact_damage_when_it_can() -> None:
    from engine import regicide as rg

    state = rg.from_position(2, enemy="JC", damage=15, hands=[["5S", "6S", "2H"], ["3C", "4C"]])
    action, reason = HeuristicBot("regicide").choose(state, random.Random(0))
    assert action == rg.Play.of("5S")
    assert "exact damage" in str(reason)


def test_regicide_heuristic_keeps_its_solo_jesters_while_a_discard_pays() -> None:
    from engine import regicide as rg
    from engine.regicide.cards import card_value

    state = rg.from_position(1, enemy="QC", damage=0, hands=[["2H", "3S", "4D", "9C", "10H"]], need=15,
                             phase="discard")
    action, reason = HeuristicBot("regicide").choose(state, random.Random(0))
    assert isinstance(action, rg.Discard) and sum(card_value(c) for c in action.cards) >= 15
    assert "pays the attack of 15" in str(reason)
    poor = rg.from_position(1, enemy="QC", damage=0, hands=[["2H", "3S", "4D"]], need=15, phase="discard")
    action, reason = HeuristicBot("regicide").choose(poor, random.Random(0))
    assert action == rg.SoloJester()
    assert "no discard pays the attack of 15" in str(reason)


def test_regicide_heuristic_names_the_player_whose_hand_meets_the_enemy_best_after_a_jester() -> None:
    from engine import regicide as rg

    state = rg.from_position(3, enemy="JC", immunity_cancelled=True, table=["JOKER"], phase="jester_choice",
                             hands=[["3D"], ["2H", "3S"], ["10C", "9S", "8D"]])
    action, reason = HeuristicBot("regicide").choose(state, random.Random(0))
    assert action == rg.ChooseNext(2)
    assert "seat 3" in str(reason)


def _regicide_games(players: int, level: str, seeds: range) -> tuple[int, int]:
    """Whole games with every seat played by ``level`` on the engine's fast path (no log), seeded like the page:
    the games won and the enemies defeated."""
    from engine import regicide as rg

    b = bot("regicide", level)
    wins = defeated = 0
    for seed in seeds:
        state = initial(Setup("regicide", players, seed=seed))
        n = 0
        while rg.outcome(state) is None:
            n += 1
            action, _ = b.choose(state, bot_rng(seed, n))
            state = rg.apply(state, action, move_rng(seed, n))
        wins += rg.outcome(state).won
        defeated += state.defeated
    return wins, defeated


def test_regicide_heuristic_outlasts_random_play() -> None:
    """Over seeded solo games the heuristic defeats more enemies than random play (a real difference, not a tie)."""
    seeds = range(8)
    assert _regicide_games(1, "heuristic", seeds)[1] > _regicide_games(1, "random", seeds)[1] + 8


def test_regicide_heuristic_wins_games_that_random_play_loses() -> None:
    """Three-player games on fixed seeds: the heuristic wins some, random play none (issue 24: it must win clearly
    more often; bench/bots.py measures it on 200 games per player count)."""
    seeds = range(40)
    heuristic = _regicide_games(3, "heuristic", seeds)[0]
    assert heuristic >= 3 and heuristic > _regicide_games(3, "random", seeds)[0]


def test_regicide_heuristic_reasons_are_translated() -> None:
    """Every reason the Regicide heuristic gives in seeded games reads differently in vi and pa than in English."""
    from tutor.i18n import render

    seen: dict[str, Any] = {}
    for setup in (Setup("regicide", 1, seed=1), Setup("regicide", 3, seed=2)):
        for entry in _bots_only(setup, "heuristic").entries:
            seen.setdefault(entry.reason.template, entry.reason)
    assert len(seen) >= 5
    for reason in seen.values():
        english = render(reason, "en", "regicide")
        for lang in ("vi", "pa"):
            assert render(reason, lang, "regicide") != english, f"{english!r} is not translated into {lang}"


def test_dungeon_mayhem_heuristic_beats_random_in_duels() -> None:
    wins = 0
    for s in range(20):  # the heuristic bot takes each seat and each character in turn
        setup = Setup("dungeon_mayhem", 2, seed=100 + s, characters=("Azzan", "Sutha") if s % 4 < 2 else ("Sutha", "Azzan"))
        game = load_all()[setup.game]
        p = Played(setup, initial(setup))
        bots = {s % 2: HeuristicBot(setup.game), 1 - s % 2: RandomBot(setup.game)}
        from engine.dungeon_mayhem.rules import deciding
        while p.outcome is None:
            action, reason = bots[deciding(p.state)].choose(p.state, bot_rng(s, len(p.entries) + 1))
            assert game.is_legal(p.state, action)
            p = _apply(p, action, True, reason)
        wins += p.state.winner == s % 2
    assert wins >= 13  # an equal seat wins 10 of 20
