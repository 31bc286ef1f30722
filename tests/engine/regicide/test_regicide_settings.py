"""Each setting, under both readings (project default first)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalPlay
from engine.regicide import (
    DEFAULT,
    ChooseNext,
    Play,
    Settings,
    Yield,
    apply,
    from_position,
    legal_actions,
)


@pytest.mark.parametrize("cleared,can_yield", [(False, False), (True, True)])
def test_yield_flags_cleared_by_any_play(cleared: bool, can_yield: bool) -> None:
    """G2 / ruling #29: seats 0 and 1 yielded, seat 2 kills; may seat 2 yield on its new turn?"""
    st = Settings(yield_flags_cleared_by_any_play=cleared)
    s = from_position(3, enemy="JH", damage=15, hands=[["9S"], ["8S"], ["10C", "9C"]], current=2,
                      yielded=[True, True, False], settings=st)
    s2 = apply(s, Play.of("10C"))
    assert s2.current == 2 and s2.defeated == s.defeated + 1
    assert (Yield() in legal_actions(s2)) is can_yield


@pytest.mark.parametrize("cleared,can_yield", [(False, False), (True, True)])
def test_yield_flags_across_a_jester(cleared: bool, can_yield: bool) -> None:
    """G2 / ruling #28: A yields; B plays a Jester, names themselves, yields; may C yield?"""
    st = Settings(yield_flags_cleared_by_any_play=cleared)
    s = from_position(3, enemy="JH", hands=[["9S"], ["JOKER", "10S", "9D"], ["8C", "7C"]], current=1,
                      yielded=[True, False, False], settings=st)
    s = apply(s, Play.of("JOKER"))
    s = apply(s, ChooseNext(1))
    s = apply(s, Yield())
    s = apply(s, legal_actions(s)[0])  # seat 1 discards 10S (minimal)
    assert s.current == 2
    assert (Yield() in legal_actions(s)) is can_yield


@pytest.mark.parametrize("total,shield", [(True, 8), (False, 4)])
def test_retro_shield_uses_play_total(total: bool, shield: int) -> None:
    """G3 / ruling #30: 4♠4♥ blocked by the Jack of Spades, then a Jester."""
    st = Settings(retro_shield_uses_play_total=total)
    s = from_position(3, enemy="JS", hands=[["4S", "4H", "10D"], ["JOKER"], ["5C", "9C"]], tavern=10, settings=st)
    s = apply(s, Play.of("4S", "4H"))
    s = apply(s, legal_actions(s)[0])  # seat 0 discards
    assert s.current == 1 and s.blocked_spades == shield
    s = apply(s, Play.of("JOKER"))
    assert s.shield == shield and s.immunity_cancelled


@pytest.mark.parametrize("self_ok", [True, False])
def test_jester_may_choose_self(self_ok: bool) -> None:
    """G4 / ruling #15."""
    st = Settings(jester_may_choose_self=self_ok)
    s = from_position(3, enemy="JH", hands=[["JOKER"], ["2C"], ["3C"]], settings=st)
    s = apply(s, Play.of("JOKER"))
    assert (ChooseNext(0) in legal_actions(s)) is self_ok
    if not self_ok:
        with pytest.raises(IllegalPlay) as e:
            apply(s, ChooseNext(0))
        assert e.value.rule == "REG.jester.choose_next"


@pytest.mark.parametrize("may", [False, True])
def test_solo_may_yield(may: bool) -> None:
    """G6 / ruling #27."""
    s = from_position(1, enemy="JH", hands=[["9C"]], settings=Settings(solo_may_yield=may))
    assert (Yield() in legal_actions(s)) is may


@pytest.mark.parametrize("take_all,moved", [(True, 2), (False, 0)])
def test_hearts_takes_all_when_short(take_all: bool, moved: int) -> None:
    """G5 / ruling #7: Hearts for 5 with 2 cards in the discard pile."""
    st = Settings(hearts_takes_all_when_short=take_all)
    s = from_position(2, enemy="JS", hands=[["5H"], ["7S"]], discard=["2C", "3C"], settings=st)
    s2 = apply(s, Play.of("5H"))
    assert len(s.discard) - len(s2.discard) == moved


def test_default_is_the_project_rulings() -> None:
    assert DEFAULT == Settings()
    assert not DEFAULT.yield_flags_cleared_by_any_play and DEFAULT.retro_shield_uses_play_total
    assert DEFAULT.jester_may_choose_self and not DEFAULT.solo_may_yield and DEFAULT.hearts_takes_all_when_short
