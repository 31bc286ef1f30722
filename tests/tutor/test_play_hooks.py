"""The play hooks (tutor/games/<game>/play.py) as the Play page reads them: which games are playable, and for each,
through seeded games, its codec, its seats and its buttons agree with the engine."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tutor.games import RegistrationError, check, engine_game, play_hook, playable, plugin
from tutor.play.bots import RandomBot, levels
from tutor.play.codec import decode, encode
from tutor.play.live import Refusal, Setup, attempt, start


def test_the_games_with_a_play_hook_are_the_playable_ones() -> None:
    assert playable() == ("regicide", "dungeon_mayhem")  # the hooks' order: Regicide first, the page's default
    assert plugin("marvel_champions").play is None and play_hook("marvel_champions") is None
    assert Setup("marvel_champions", 2).problems()[0].startswith("no game 'marvel_champions' to play")
    assert levels("regicide") == ("random", "heuristic")


def test_a_play_hook_naming_no_module_is_refused_when_the_game_loads() -> None:
    broken = dataclasses.replace(plugin("regicide"), play="tutor.games.regicide.no_such_module:PLAY")
    with pytest.raises(RegistrationError, match=r"\.play: 'tutor\.games\.regicide\.no_such_module:PLAY'"):
        check(broken, "regicide", "tutor.games.regicide")


def _setup(game: str, seed: int) -> Setup:
    if game == "regicide":
        return Setup(game, 2, (0,), "random", seed)
    return Setup(game, 2, (0,), "random", seed, ("Azzan", "Lia"))


@pytest.mark.parametrize("game", ["regicide", "dungeon_mayhem"])
def test_each_legal_move_round_trips_and_has_a_button(game: str) -> None:
    """Along seeded games: every legal move encodes to JSON and decodes to itself; the hook names the seat the
    engine waits for; each legal move is one of the buttons (or, in Regicide, cards the learner can select)."""
    hook = play_hook(game)
    assert hook is not None
    for seed in range(3):
        played = start(_setup(game, seed))
        rng = random.Random(seed)
        while played.outcome is None and len(played.entries) < 60:
            seat = played.deciding
            assert seat is not None and seat == hook.deciding(played.state) and seat in played.setup.mine
            legal = played.legal()
            groups = hook.controls(played.state, seat, [], legal)
            actions = {b.action for g in groups for b in g.buttons if b.action is not None}
            hand = {b.select for g in groups for b in g.buttons if b.select is not None}
            for action in legal:
                assert decode(game, encode(action, game)) == action
                assert hook.move_text(played.state, action)
                cards = getattr(action, "cards", None)
                assert action in actions or (cards is not None and len(hand) == len(played.state.hands[seat])), action
            assert {b.action for g in groups for b in g.buttons if b.legal and b.action is not None} <= set(legal)
            after = attempt(played, rng.choice(legal))
            assert not isinstance(after, Refusal), after
            played = after


def test_the_random_bot_reads_the_engine_through_the_registry() -> None:
    played = start(Setup("regicide", 1, (0,), "random", 3))
    move, reason = RandomBot("regicide").choose(played.state, random.Random(1))
    assert move in engine_game("regicide").legal_actions(played.state) and "at random" in str(reason)


def test_a_game_whose_hook_writes_no_scenario_offers_no_link_to_the_ruling_page(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.play.scenario import line_to, scenario_text
    from ui.play_log import ruling_link

    first = start(Setup("regicide", 1, (0,), "heuristic", 7))
    played = attempt(first, first.legal()[0])
    assert not isinstance(played, Refusal)
    assert 'href="ruling?s=' in ruling_link(played, 1)
    monkeypatch.setattr(play_hook("regicide"), "scenario", None)
    assert ruling_link(played, 1) == ""
    with pytest.raises(ValueError, match="offers no export"):
        scenario_text(line_to(played, 1), "regicide", "A game", "Legal?")
