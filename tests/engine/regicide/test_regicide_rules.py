"""One test (or more) per named Regicide rule; each cites its rule id."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.core.errors import GameOver, IllegalPlay, InvalidAction
from engine.regicide import (
    ChooseNext,
    Discard,
    Phase,
    Play,
    SoloJester,
    Yield,
    apply,
    apply_explained,
    from_position,
    legal_actions,
    new_game,
    outcome,
    parse_card,
    parse_cards,
)
from engine.regicide.cards import JOKER, card_value
from engine.regicide.menus import discard_options, play_options

C = parse_card


def two(hand0: str, hand1: str = "7S", **kw: object) -> object:
    """A 2-player position against the Jack of Spades unless told otherwise."""
    kw.setdefault("enemy", "JS")
    return from_position(2, hands=[hand0.split(), hand1.split()], **kw)  # type: ignore[arg-type]


def rules_of(steps: tuple) -> list[str]:  # type: ignore[type-arg]
    return [s.rule for s in steps]


# ------------------------------------------------------------------------ setup


@pytest.mark.parametrize("players,hand,tavern,jesters", [(1, 8, 32, 0), (2, 7, 26, 0), (3, 6, 23, 1), (4, 5, 22, 2)])
def test_setup_hand_size_tavern_and_jesters(players: int, hand: int, tavern: int, jesters: int) -> None:
    """REG.setup.hand_size, REG.setup.tavern, REG.setup.jesters."""
    s = new_game(players, random.Random(players))
    assert all(len(h) == hand for h in s.hands)
    assert len(s.tavern) == tavern
    in_play = Counter(s.tavern) + Counter(c for h in s.hands for c in h)
    assert in_play[JOKER] == jesters
    assert sum(in_play.values()) == 40 + jesters
    assert all(c >> 2 <= 10 for c in in_play)


def test_setup_castle_order() -> None:
    """REG.setup.castle: Jacks, then Queens, then Kings; the top is the enemy."""
    for seed in range(20):
        s = new_game(2, random.Random(seed))
        ranks = [s.enemy >> 2] + [c >> 2 for c in s.castle]
        assert ranks == [11] * 4 + [12] * 4 + [13] * 4
    enemies = {new_game(2, random.Random(seed)).enemy for seed in range(40)}
    assert len(enemies) == 4  # suits random within rank


def test_setup_first_player() -> None:
    """REG.setup.first_player: configurable first seat."""
    s = new_game(3, random.Random(0), first_seat=2)
    assert s.current == 2
    with pytest.raises(InvalidAction):
        new_game(3, random.Random(0), first_seat=3)
    with pytest.raises(InvalidAction):
        new_game(5, random.Random(0))


def test_solo_setup() -> None:
    """REG.solo.setup: two Jesters set aside, one 8-card hand, no Jester in the Tavern."""
    s = new_game(1, random.Random(0))
    assert s.aside == (JOKER, JOKER) and s.solo_jesters == 2 and len(s.hands[0]) == 8
    assert JOKER not in s.tavern


# ------------------------------------------------------------------------ plays


def test_play_single_and_attack_value() -> None:
    """REG.play.single, REG.play.attack_value."""
    s = two("7H 9C")
    assert Play.of("7H") in legal_actions(s)
    s2, steps = apply_explained(s, Play.of("9C"))
    assert s2.damage == 18 and "REG.play.single" in rules_of(steps)


def test_play_royal_value() -> None:
    """REG.play.royal_value: a King from hand is worth 20 and keeps its suit power."""
    assert [card_value(C(x)) for x in ("JH", "QH", "KH", "AH", "JOKER")] == [10, 15, 20, 1, 0]
    s = two("KC", enemy="QS")
    s2, steps = apply_explained(s, Play.of("KC"))
    assert s2.defeated == s.defeated + 1 and "REG.play.royal_value" in rules_of(steps)  # 40 >= 30


def test_play_companion() -> None:
    """REG.play.companion: Ace + any non-Jester card, uncapped; not Ace + Jester."""
    s = from_position(3, enemy="JS", hands=[["AC", "10H", "JOKER"], [], []])
    acts = legal_actions(s)
    assert Play.of("AC", "10H") in acts and Play.of("AC", "JOKER") not in acts
    s2 = apply(s, Play.of("AC", "10H"))
    assert s2.defeated == 1  # 11, doubled by clubs to 22, defeats the Jack
    with pytest.raises(IllegalPlay) as e:
        apply(s, Play.of("AC", "JOKER"))
    assert e.value.rule == "REG.jester.alone"
    s = two("AC AD 5H 6H")
    with pytest.raises(IllegalPlay) as e:
        apply(s, Play.of("AC", "AD", "5H"))
    assert e.value.rule == "REG.play.companion"


def test_play_combo() -> None:
    """REG.play.combo: 2-4 same-rank number cards totalling at most 10."""
    hand = parse_cards("2C 2D 2H 2S")
    assert len(play_options(tuple(c >> 2 for c in hand))) == 15
    hand = sorted(parse_cards("2H AS KS AH 3S 3D"))
    assert len(play_options(tuple(c >> 2 for c in hand))) == 16
    s = two("6C 6D 3C 3D 3H")
    with pytest.raises(IllegalPlay) as e:
        apply(s, Play.of("6C", "6D"))
    assert e.value.rule == "REG.play.combo"
    with pytest.raises(IllegalPlay):
        apply(s, Play.of("3C", "6D"))
    s2 = apply(s, Play.of("3C", "3D", "3H"), random.Random(0))
    assert s2.damage == 18


def test_jester_alone() -> None:
    """REG.jester.alone: the Jester is a legal single play but never part of a pair."""
    s = from_position(4, enemy="JS", hands=[["JOKER", "5C"], [], [], []])
    assert Play.of("JOKER") in legal_actions(s)
    with pytest.raises(IllegalPlay) as e:
        apply(s, Play.of("JOKER", "5C"))
    assert e.value.rule == "REG.jester.alone"


# ------------------------------------------------------------------------ suit powers


def test_suit_total_value_official_combo_example() -> None:
    """REG.suit.total_value: 3♦3♠3♣ draws 9, shields 9, deals 18 (official example)."""
    s = from_position(2, enemy="QH", hands=[["3D", "3S", "3C"], []], tavern=20)
    s2, steps = apply_explained(s, Play.of("3D", "3S", "3C"))
    assert s2.shield == 9 and s2.damage == 18
    assert len(s2.hands[0]) + len(s2.hands[1]) == 9
    assert "REG.suit.total_value" in rules_of(steps)


def test_suit_hearts_heals_under_the_tavern() -> None:
    """REG.suit.hearts: X cards from the discard pile go under the Tavern."""
    s = two("5H", discard=["2C", "3C", "4C", "5C", "6C", "7C"])
    s2 = apply(s, Play.of("5H"))  # rng=None: the top 5 of the discard, in order
    assert s2.tavern[:len(s.tavern)] == s.tavern and s2.tavern[-5:] == parse_cards("6C 5C 4C 3C 2C")
    assert s2.discard == (C("7C"),)
    s3 = apply(s, Play.of("5H"), random.Random(3))
    assert len(s3.tavern) == len(s.tavern) + 5 and len(s3.discard) == 1
    short = two("5H", discard=["2C"])
    assert len(apply(short, Play.of("5H")).discard) == 0  # G5: all of a short pile


def test_suit_diamonds_draws_round_robin() -> None:
    """REG.suit.diamonds: X draws from the current seat clockwise, skipping full hands."""
    s = from_position(3, enemy="JS", hands=[["4D"], ["2C", "3C", "4C", "5C", "6C", "7C"], ["8C"]],
                      tavern=10)
    s2 = apply(s, Play.of("4D"))
    assert [len(h) for h in s2.hands] == [2, 6, 3]  # seat 1 is full and skipped
    # Stops when the Tavern is empty (no penalty).
    s = two("8D", tavern=["2S", "3S"])
    s2 = apply(s, Play.of("8D"))
    assert len(s2.tavern) == 0 and sorted(s2.hands[0] + s2.hands[1]) == sorted(parse_cards("7S 2S 3S"))


def test_suit_order_hearts_before_diamonds() -> None:
    """REG.suit.order: healed cards can be drawn in the same play."""
    s = from_position(2, enemy="KS", hands=[["AH", "2D"], []], tavern=0)
    s2, steps = apply_explained(s, Play.of("AH", "2D"))
    healed = Counter(s.discard) - Counter(s2.discard)
    assert sum(healed.values()) == 3 and sorted(s2.hands[0] + s2.hands[1]) == sorted(healed.elements())
    assert rules_of(steps).index("REG.suit.hearts") < rules_of(steps).index("REG.suit.diamonds")
    assert "REG.suit.order" in rules_of(steps)


def test_suit_clubs_doubles_damage_only() -> None:
    """REG.suit.clubs: 8♦ + A♣ is worth 9: draws 9 and deals 18."""
    s = from_position(2, enemy="QS", hands=[["8D", "AC"], []], tavern=20)
    s2, steps = apply_explained(s, Play.of("8D", "AC"))
    assert s2.damage == 18 and sum(map(len, s2.hands)) == 9
    assert any("9 × 2 = 18" in st.text for st in steps)


def test_suit_spades_shield_lasts_until_defeat() -> None:
    """REG.suit.spades: the shield accumulates and lowers the attack until the enemy falls."""
    s = two("4S 9C", enemy="JH")
    s2 = apply(s, Play.of("4S"))
    assert s2.shield == 4 and s2.phase == Phase.DISCARD and s2.need == 6


def test_immunity_blocks_matching_suit_only() -> None:
    """REG.immunity: 8♦ + A♣ against J♣ draws 9 and deals 9; value still counts."""
    s = from_position(2, enemy="JC", hands=[["8D", "AC"], []], tavern=20)
    s2, steps = apply_explained(s, Play.of("8D", "AC"))
    assert s2.damage == 9 and sum(map(len, s2.hands)) == 9
    assert "REG.immunity" in rules_of(steps)
    s = two("5S 9C")  # spades vs J♠: no shield
    assert apply(s, Play.of("5S")).shield == 0


# ------------------------------------------------------------------------ jester


def _jester_position(**kw: object) -> object:
    kw.setdefault("enemy", "JS")
    return from_position(3, hands=[["JOKER", "5C"], ["2C"], ["3C"]], **kw)  # type: ignore[arg-type]


def test_jester_cancels_immunity_and_choose_next() -> None:
    """REG.jester.cancel_immunity, REG.jester.no_damage, REG.jester.choose_next."""
    s = _jester_position(damage=5)
    s2, steps = apply_explained(s, Play.of("JOKER"))
    assert s2.immunity_cancelled and s2.damage == 5 and s2.phase == Phase.JESTER_CHOICE
    assert {"REG.jester.cancel_immunity", "REG.jester.no_damage"} <= set(rules_of(steps))
    assert legal_actions(s2) == [ChooseNext(0), ChooseNext(1), ChooseNext(2)]
    s3 = apply(s2, ChooseNext(2))
    assert s3.current == 2 and s3.phase == Phase.PLAY
    with pytest.raises(IllegalPlay) as e:
        apply(s2, Yield())
    assert e.value.rule == "REG.jester.choose_next"
    with pytest.raises(IllegalPlay) as e:
        apply(s3, ChooseNext(1))
    assert e.value.rule == "REG.jester.choose_next"
    with pytest.raises(InvalidAction):
        apply(s2, ChooseNext(7))


def test_jester_retro_spades() -> None:
    """REG.jester.retro_spades: blocked spade play totals start to count (G3)."""
    s = _jester_position(damage=8, blocked_spades=8, table=["4S", "4H"])
    s2, steps = apply_explained(s, Play.of("JOKER"))
    assert s2.shield == 8 and s2.blocked_spades == 0
    assert "REG.jester.retro_spades" in rules_of(steps)
    # And after the Jester, spades against the spade enemy shield.
    s3 = apply(apply(s2, ChooseNext(0)), Play.of("5C"))
    assert s3.damage == 8 + 10
    # Blocked spades are recorded as the play's total.
    t = from_position(2, enemy="JS", hands=[["AS", "7D"], []], tavern=10)
    assert apply(t, Play.of("AS", "7D")).blocked_spades == 8


# ------------------------------------------------------------------------ damage


def test_damage_enemy_stats_and_deal() -> None:
    """REG.damage.enemy_stats, REG.damage.deal: official 9 + 12 = 21 >= 20 defeats a Jack."""
    for enemy, attack, health in (("JH", 10, 20), ("QH", 15, 30), ("KH", 20, 40)):
        s = from_position(2, enemy=enemy, hands=[["2C"], []])
        assert (s.attack, s.health) == (attack, health)
    s = two("6C 10S", enemy="JH", damage=9)
    s2, steps = apply_explained(s, Play.of("6C"))
    assert s2.defeated == 1 and "REG.damage.defeat" in rules_of(steps)


def test_damage_defeat_same_player_new_turn() -> None:
    """REG.damage.defeat: table to discard, next enemy revealed, same seat, no Step 4."""
    s = two("10C 2H", enemy="JH", damage=1, table=["AS"])
    s2 = apply(s, Play.of("10C"))
    assert s2.current == 0 and s2.phase == Phase.PLAY
    assert s2.enemy == s.castle[0] and s2.damage == 0 and s2.shield == 0 and not s2.immunity_cancelled
    assert set(parse_cards("JH 10C AS")) <= set(s2.discard) and s2.table == ()


def test_damage_exact_kill() -> None:
    """REG.damage.exact_kill: 14 + 3♣ doubled = 20 puts the Jack on top of the Tavern."""
    s = two("3C", enemy="JH", damage=14)
    s2, steps = apply_explained(s, Play.of("3C"))
    assert s2.tavern[0] == C("JH") and "REG.damage.exact_kill" in rules_of(steps)
    blocked = two("3C", enemy="JC", damage=14)
    assert apply(blocked, Play.of("3C")).damage == 17  # clubs immunity: no kill


# ------------------------------------------------------------------------ suffer


def test_suffer_discard() -> None:
    """REG.suffer.discard: discard at least attack - shield; overpaying allowed."""
    s = two("9C 5D 6H", phase="discard", shield=0)
    assert s.need == 10
    opts = legal_actions(s)
    assert Discard.of("5D", "6H") in opts and Discard.of("9C", "5D", "6H") not in opts
    assert apply(s, Discard.of("9C", "5D", "6H")).current == 1  # overpay is legal
    with pytest.raises(IllegalPlay) as e:
        apply(s, Discard.of("9C"))
    assert e.value.rule == "REG.suffer.discard"
    with pytest.raises(InvalidAction):
        apply(s, Discard.of("KC"))
    assert discard_options((1, 2, 3, 4), 5) == ((0, 3), (1, 2), (1, 3), (2, 3))


def test_suffer_shield_covers() -> None:
    """REG.suffer.shield_covers: shield >= attack means nothing to discard."""
    s = two("5S 2C", enemy="JH", shield=6)
    s2, steps = apply_explained(s, Play.of("5S"))
    assert s2.phase == Phase.PLAY and s2.current == 1
    assert "REG.suffer.shield_covers" in rules_of(steps)


def test_turn_steps_and_clockwise() -> None:
    """REG.turn.steps, REG.turn.clockwise."""
    s = two("9C 5D 6H", phase="discard")
    with pytest.raises(IllegalPlay) as e:
        apply(s, Play.of("9C"))
    assert e.value.rule == "REG.turn.steps"
    s = two("9C 5D 6H")
    with pytest.raises(IllegalPlay) as e:
        apply(s, Discard.of("9C"))
    assert e.value.rule == "REG.turn.steps"
    s2, steps = apply_explained(from_position(3, enemy="JH", hands=[["2C"], ["3C"], ["10C"]], current=2,
                                              phase="discard"), Discard.of("10C"))
    assert s2.current == 0 and "REG.turn.clockwise" in rules_of(steps)


# ------------------------------------------------------------------------ yield


def test_yield_skip() -> None:
    """REG.yield.skip: no power and no damage, straight to Step 4."""
    s = two("9C 5D")
    s2, steps = apply_explained(s, Yield())
    assert s2.damage == 0 and s2.phase == Phase.DISCARD and s2.yielded == (True, False)
    assert "REG.yield.skip" in rules_of(steps)


def test_yield_restriction() -> None:
    """REG.yield.restriction: not if every other seat yielded on its last turn."""
    s = from_position(3, enemy="JH", hands=[["9C"], ["8C"], ["7C"]], current=2, yielded=[True, True, False])
    assert Yield() not in legal_actions(s)
    with pytest.raises(IllegalPlay) as e:
        apply(s, Yield())
    assert e.value.rule == "REG.yield.restriction"
    ok = from_position(3, enemy="JH", hands=[["9C"], ["8C"], ["7C"]], current=2, yielded=[True, False, False])
    assert Yield() in legal_actions(ok)


# ------------------------------------------------------------------------ solo


def test_solo_no_yield() -> None:
    """REG.solo.no_yield (G6)."""
    s = from_position(1, enemy="JH", hands=[["9C"]])
    assert Yield() not in legal_actions(s)
    with pytest.raises(IllegalPlay) as e:
        apply(s, Yield())
    assert e.value.rule == "REG.solo.no_yield"


def test_solo_jester_refill() -> None:
    """REG.solo.jester_refill: discard the hand, refill to 8; also against a diamond enemy."""
    s = from_position(1, enemy="JD", hands=[["2C", "3C"]], tavern=20)
    s2, steps = apply_explained(s, SoloJester())
    assert len(s2.hands[0]) == 8 and s2.solo_jesters == 1 and len(s2.discard) == len(s.discard) + 2
    assert not s2.immunity_cancelled and "REG.solo.jester_refill" in rules_of(steps)
    short = from_position(1, enemy="JD", hands=[["2C"]], tavern=3)
    assert len(apply(short, SoloJester()).hands[0]) == 3
    multi = two("2C")
    with pytest.raises(IllegalPlay) as e:
        apply(multi, SoloJester())
    assert e.value.rule == "REG.solo.jester_refill"
    none_left = from_position(1, enemy="JD", hands=[["2C"]], solo_jesters=0)
    with pytest.raises(IllegalPlay):
        apply(none_left, SoloJester())


def test_solo_timing() -> None:
    """REG.solo.timing: offered at the start of Step 1 and of Step 4, nowhere else."""
    s = from_position(1, enemy="JH", hands=[["2C", "9C"]], tavern=20)
    assert SoloJester() in legal_actions(s)
    s2 = apply(s, Play.of("2C"))
    assert s2.phase == Phase.DISCARD and SoloJester() in legal_actions(s2)
    # Insufficient hand in Step 4: the refill is the only way out.
    poor = from_position(1, enemy="JH", hands=[["2C"]], tavern=20, phase="discard")
    assert legal_actions(poor) == [SoloJester()]
    rich = apply(poor, SoloJester())
    assert rich.phase == Phase.DISCARD and len(rich.hands[0]) == 8


def test_solo_medal_and_win() -> None:
    """REG.solo.medal, REG.end.win."""
    for left, grade in ((2, "gold"), (1, "silver"), (0, "bronze")):
        s = from_position(1, enemy="KH", castle=[], damage=39, hands=[["2S"]], solo_jesters=left)
        s2, steps = apply_explained(s, Play.of("2S"))
        out = outcome(s2)
        assert out is not None and out.won and out.detail == grade and out.rule == "REG.end.win"
        assert "REG.end.win" in rules_of(steps) and legal_actions(s2) == []
    assert outcome(two("2C")) is None


def test_end_loss_damage() -> None:
    """REG.end.loss_damage: a hand worth less than the requirement loses at once."""
    s = two("2C 3C")
    s2, steps = apply_explained(s, Play.of("2C"))
    out = outcome(s2)
    assert s2.phase == Phase.LOST and out is not None and out.rule == "REG.end.loss_damage"
    assert "REG.end.loss_damage" in rules_of(steps)


def test_end_loss_no_play_and_game_over() -> None:
    """REG.end.loss_no_play; after it, any action is refused naming the rule that ended the game."""
    s = from_position(2, enemy="JH", hands=[[], ["5C"]], yielded=[False, True])
    out = outcome(s)
    assert out is not None and out.rule == "REG.end.loss_no_play" and legal_actions(s) == []
    assert out.won is False and out.result == "lost"
    with pytest.raises(GameOver) as e:
        apply(s, Yield())
    assert e.value.rule == "REG.end.loss_no_play" and "the game is over (lost)" in str(e.value)
    # An empty hand that may still yield must yield.
    t = from_position(2, enemy="JH", hands=[[], ["5C"]])
    assert legal_actions(t) == [Yield()]
    solo = from_position(1, enemy="JH", hands=[[]], solo_jesters=0)
    assert outcome(solo) is not None
