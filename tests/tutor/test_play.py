"""tutor.play.live: a game is its set-up and moves; every move is ruled by the engine, every refusal names its rule."""

from __future__ import annotations

import pytest

from engine import regicide as rg
from engine.dungeon_mayhem import actions as dma
from tutor.play import codec
from tutor.play.live import Played, Refusal, Setup, attempt, replay, start, undo, undo_to

SOLO = Setup("regicide", 1, mine=(0,), level="heuristic", seed=11)
DUEL = Setup("dungeon_mayhem", 2, mine=(0,), level="heuristic", seed=5, characters=("Azzan", "Sutha"))


def _first_legal(p: Played) -> object:
    return p.legal()[0]


def test_a_legal_move_is_ruled_step_by_step_with_rule_and_source() -> None:
    p = start(SOLO)
    move = next(a for a in p.legal() if isinstance(a, rg.Play) and len(a.cards) == 1)
    after = attempt(p, move)
    assert isinstance(after, Played)
    entry = after.entries[0]
    assert entry.action == move and not entry.bot and entry.seat == 0
    assert entry.steps and all(s.rule and s.source for s in entry.steps)
    assert any(s.effects for s in entry.steps)  # what it changed, read from the table


def test_an_illegal_move_names_the_rule_it_breaks_with_its_citation() -> None:
    r = attempt(start(SOLO), rg.Yield())
    assert isinstance(r, Refusal)
    assert r.rule == "REG.solo.no_yield"
    assert r.step is not None and r.step.rule == "REG.solo.no_yield" and r.step.source
    assert "never yield" in str(r.reason)


def test_a_move_that_is_no_move_is_refused_without_a_rule() -> None:
    r = attempt(start(SOLO), rg.Play(()))
    assert isinstance(r, Refusal) and r.rule is None and "no cards" in str(r.reason)


def test_the_same_setup_and_moves_give_the_same_game() -> None:
    p = start(DUEL)
    for _ in range(6):
        if p.outcome is not None:
            break
        nxt = attempt(p, _first_legal(p))
        assert isinstance(nxt, Played)
        p = nxt
    again = replay(DUEL, p.records())
    assert again.state == p.state
    assert [e.reason for e in again.entries] == [e.reason for e in p.entries]  # bot reasons computed again
    assert [e.steps for e in again.entries] == [e.steps for e in p.entries]


def test_bots_move_until_it_is_your_turn_with_a_reason_each() -> None:
    p = start(Setup("regicide", 3, mine=(1,), level="random", seed=3))
    assert p.yours and p.deciding == 1
    assert p.entries and all(e.bot and e.reason is not None and e.seat != 1 for e in p.entries)


def test_not_your_turn_is_refused() -> None:
    p = start(DUEL)
    p = Played(Setup("dungeon_mayhem", 2, mine=(1,), seed=5, characters=("Azzan", "Sutha")), p.state)
    r = attempt(p, dma.PlayCard(0))
    assert isinstance(r, Refusal) and "not your turn" in str(r.reason)


def test_undo_takes_back_your_last_move_and_the_bots_replies() -> None:
    p = start(DUEL)
    first = attempt(p, _first_legal(p))
    assert isinstance(first, Played)
    back = undo(first)
    assert back.state == p.state and back.records() == p.records()
    assert undo(p).state == p.state  # nothing of yours to take back
    assert undo_to(first, 0).state == p.state


def test_a_dungeon_mayhem_target_is_asked_for_and_a_wrong_target_refused_by_rule() -> None:
    p = start(Setup("dungeon_mayhem", 2, mine=(0,), level="random", seed=2, characters=("Azzan", "Lia")))
    for _ in range(40):  # play until Azzan has to choose an attack target
        if p.outcome is not None:
            pytest.skip("game over before a target came up")
        if p.state.pending.kind == "target" and p.yours:
            break
        p2 = attempt(p, _first_legal(p))
        assert isinstance(p2, Played)
        p = p2
    else:
        pytest.fail("no target choice came up")
    r = attempt(p, dma.ChooseTarget(0))  # Azzan's own seat
    assert isinstance(r, Refusal) and r.rule is not None and r.rule.startswith("DM.")


def test_setup_problems_are_named() -> None:
    assert Setup("regicide", 5).problems() == ["regicide is for 1-4 players, not 5"]
    assert "characters ['Nobody'] cannot be dealt" in " ".join(
        Setup("dungeon_mayhem", 2, characters=("Azzan", "Nobody")).problems())
    assert Setup("chess", 2).problems()[0].startswith("no game")
    with pytest.raises(ValueError, match="players"):
        Setup.from_dict({"game": "regicide", "players": 9, "mine": [0], "level": "random", "seed": 1})


@pytest.mark.parametrize("bad", [None, {"type": "Castle"}, {"type": "Play", "cards": "AH"}, {"type": "Play", "x": 1},
                                 {"type": "Play", "cards": [{"a": 1}]}])
def test_stored_moves_are_read_bounded(bad: object) -> None:
    with pytest.raises(ValueError):
        codec.decode("regicide", bad)


def test_a_record_that_does_not_replay_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="move 1"):
        replay(SOLO, [{"a": {"type": "Yield"}, "bot": False}])


def test_codec_round_trips_every_legal_move() -> None:
    for setup in (SOLO, DUEL):
        p = start(setup)
        for a in p.legal():
            assert codec.decode(setup.game, codec.encode(a)) == a


@pytest.mark.parametrize("setup", [Setup("regicide", 2, mine=(0, 1), seed=4),
                                   Setup("dungeon_mayhem", 3, mine=(0, 1, 2), seed=4,
                                         characters=("Azzan", "Blorp", "Hoots"))], ids=lambda s: s.game)
def test_every_move_and_a_refused_one_open_as_a_scenario_the_ruling_page_rules_alike(setup: Setup) -> None:
    import random

    from tutor import ruling
    from tutor.play.scenario import line_to, scenario_text

    p = start(setup)
    while p.outcome is None and len(p.entries) < 40:
        nxt = attempt(p, random.Random(len(p.entries)).choice(p.legal()))
        assert isinstance(nxt, Played)
        p = nxt
    for n in range(1, len(p.entries) + 1):
        r = ruling.check(scenario_text(line_to(p, n), setup.game, "a game", "Legal?"))
        assert r.ok and r.answers[0].value is True, (n, r.problems)
    if setup.game == "regicide":  # a refused move: the ruling page refuses it too
        n, bad = 0, rg.Yield()
        p = Played(Setup("regicide", 1, seed=7), start(Setup("regicide", 1, seed=7)).state)
    else:  # an attack at oneself, refused
        from engine.dungeon_mayhem.rules import acting

        k = next(k for k, e in enumerate(p.entries) if e.before.pending.kind == "target")
        n, bad = k, dma.ChooseTarget(acting(p.entries[k].before))
    r = ruling.check(scenario_text(line_to(p, n, bad), setup.game, "a game", "Legal?"))
    assert r.ok and r.answers[0].value is False, r.problems


def test_a_record_stepped_through_move_by_move_shows_the_states_its_replay_makes() -> None:
    """at_move (the replay view's step) gives, after each number of moves, the very state that replaying that many
    stored moves from the deal makes, and the moves made up to it."""
    from tutor.play.live import at_move

    played = start(Setup("dungeon_mayhem", 2, (0,), "heuristic", 5, ("Lia", "Oriax")))
    for _ in range(6):  # a few of the learner's moves, the bot replying
        after = attempt(played, played.legal()[0])
        assert isinstance(after, Played), after
        played = after
    records = played.records()
    assert len(records) > 6
    for n in range(len(records) + 1):
        step = at_move(played, n)
        assert step.state == replay(played.setup, records[:n]).state
        assert [e.n for e in step.entries] == list(range(1, n + 1))
    assert at_move(played, len(records) + 5).state == played.state and at_move(played, -1).entries == ()
