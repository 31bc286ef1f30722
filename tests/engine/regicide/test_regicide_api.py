"""API shape: from_position, actions, traces, the Game wrapper, the simulator (the glossary and layering are
checked with the other games' in tests/engine/test_glossaries.py and test_layering.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core.errors import InvalidAction
from engine.regicide import (
    GLOSSARY,
    Discard,
    Phase,
    Play,
    PositionError,
    RegicideGame,
    Settings,
    Setup,
    apply,
    apply_explained,
    card_str,
    from_position,
    legal_actions,
    new_game,
    parse_card,
)
from engine.regicide.simulate import simulate

ROOT = Path(__file__).resolve().parents[3]
PKG = ROOT / "engine" / "regicide"
TESTS = Path(__file__).resolve().parent


def test_cards_round_trip() -> None:
    for text in ("7H", "10S", "AS", "KD", "JOKER", "QC"):
        assert card_str(parse_card(text)) == text
    with pytest.raises(InvalidAction):
        parse_card("1Z")
    assert Play.of("7H") == Play(("7H",)) == Play((parse_card("7H"),))
    with pytest.raises(InvalidAction):
        Play("7H")  # type: ignore[arg-type]


def test_from_position_fills_sizes_and_reports_every_problem() -> None:
    s = from_position(2, enemy="QH", hands=[["2C"], ["3C"]], castle=7, tavern=10, rng=random.Random(1))
    assert [c >> 2 for c in s.castle] == [12, 12, 12, 13, 13, 13, 13]
    assert len(s.tavern) == 10 and len(s.all_cards()) == 54 and s.defeated == 4
    with pytest.raises(PositionError) as e:
        from_position(2, enemy="QH", hands=[["2C", "2C"], ["3C"] * 8], castle=["KH", "QS"], damage=40)
    problems = " | ".join(e.value.problems)
    assert "2C" in problems and "maximum" in problems and "rank order" in problems and "damage" in problems
    with pytest.raises(PositionError):
        from_position(2, enemy="JH", hands=[["JOKER"], []])  # no Jesters with 2 players
    with pytest.raises(PositionError, match="immune to spades"):  # a spade enemy's shield needs a Jester first
        from_position(2, enemy="QS", hands=[["2C"], []], phase="discard", shield=4)
    assert from_position(2, enemy="QS", hands=[["2C"], []], phase="discard", shield=4, immunity_cancelled=True).shield == 4


def test_from_position_discard_phase_and_loss() -> None:
    s = from_position(2, enemy="KH", hands=[["10C", "5D"], []], phase="discard", shield=5)
    assert s.phase == Phase.DISCARD and s.need == 15
    assert legal_actions(s) == [Discard.of("5D", "10C")]
    lost = from_position(2, enemy="KH", hands=[["10C"], []], phase="discard")
    assert lost.phase == Phase.LOST


def test_trace_sentence_for_clubs() -> None:
    s = from_position(2, enemy="JS", hands=[["7C"], []])
    _, steps = apply_explained(s, Play.of("7C"))
    texts = [st.text for st in steps]
    assert "7♣ deals 7 × 2 = 14 damage to the Jack of Spades (20 health): 14 taken." in texts
    assert all(st.source == GLOSSARY[st.rule].source and st.phase in (1, 2, 3, 4) for st in steps)


def test_trace_sentences_number_seats_from_one() -> None:
    """People count seats from 1: index 0 is "Seat 1" in the trace (the API keeps 0-based indexes)."""
    s = from_position(2, enemy="JS", hands=[["7H"], ["2C"]])
    s, steps = apply_explained(s, Play.of("7H"))
    texts = [st.text for st in steps]
    assert "Seat 1 plays 7♥ (attack value 7)." in texts
    assert any(t.endswith("seat 1 must discard cards worth at least 10.") for t in texts)
    assert s.current == 0


def test_game_protocol_wrapper() -> None:
    g = RegicideGame(Settings(jester_may_choose_self=False))
    s = g.initial_state(Setup(3, first_seat=1), random.Random(0))
    assert s.current == 1 and not s.settings.jester_may_choose_self
    assert RegicideGame().initial_state(3, random.Random(0)) == new_game(3, random.Random(0))
    s2, steps = g.apply_explained(s, g.legal_actions(s)[0], random.Random(0))
    assert s2 != s and steps and g.outcome(s2) is None


def test_invalid_actions() -> None:
    s = new_game(2, random.Random(0))
    with pytest.raises(InvalidAction):
        apply(s, "play 7H")  # type: ignore[arg-type]
    with pytest.raises(InvalidAction):
        apply(s, Play(()))


def test_simulate_reports_figures() -> None:
    r = simulate(3, 200, seed=5, processes=2)
    assert r["games"] == 200 and r["games_per_second"] > 0 and 0 <= r["wins"] <= 200
    assert 0 <= r["mean_enemies_defeated"] <= 12
    assert simulate(3, 200, seed=5, processes=2)["mean_enemies_defeated"] == r["mean_enemies_defeated"]
