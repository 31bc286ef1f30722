"""Regicide: a fresh game dealt from a seed (``setup.deal``), the asks about what the table holds, and the
errors a malformed deal gives at its line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine import regicide as rg
from engine.regicide.cards import MAX_HAND, card_symbol
from tests.tutor.files import load_text
from tutor import library

DEALT = """\
id: t.rg.dealt
game: regicide
title: Dealt
source: test
setup:
  deal: {players: 4, seed: 11}
questions:
  - {id: enemy, prompt: Which enemy?, ask: enemy_in_play, at: start}
  - {id: size, prompt: How many?, ask: hand_size, of: seat4, at: start}
  - {id: cards, prompt: Which cards?, ask: hand_cards, of: seat2, at: start}
  - {id: top, prompt: Top?, ask: tavern_top, at: start}
  - {id: immune, prompt: Immune?, ask: immunity, at: start}
  - {id: solo, prompt: Solo Jester?, ask: solo_jester_now, at: start}
"""


def lead(lib: library.Library, sid: str, qid: str) -> str:
    """The rule of the step that leads the question's explanation (its deciding step)."""
    step = lib.asked(sid, qid).explanation.deciding_step
    assert step is not None
    return step.rule


def _answers(tmp_path: Path, text: str) -> tuple[library.Library, dict[str, object]]:
    lib = load_text(tmp_path, text, "dealt.yaml")
    assert lib.problems == []
    scn = next(iter(lib.scenarios.values()))
    return lib, {q.id: lib.asked(scn.id, q.id).answer for q in scn.questions}


def test_a_deal_is_the_engines_game_from_that_seed(tmp_path: Path) -> None:
    _, got = _answers(tmp_path, DEALT)
    game = rg.new_game(4, random.Random(11))
    assert got["enemy"] == card_symbol(game.enemy) and game.enemy >> 2 == 11  # a Jack: the Castle's top layer
    assert got["size"] == MAX_HAND[4] == 5
    assert sorted(got["cards"]) == sorted(card_symbol(c) for c in game.hands[1])  # type: ignore[arg-type]
    assert got["top"] == card_symbol(game.tavern[0])
    assert got["immune"] == "in_force" and got["solo"] is False


@pytest.mark.parametrize("players, jesters", [(1, 0), (2, 0), (3, 1), (4, 2)])
def test_the_deal_follows_the_setup_rules(players: int, jesters: int) -> None:
    s, steps = rg.new_game_explained(players, random.Random(5))
    assert [c >> 2 for c in s.castle] == sorted(c >> 2 for c in s.castle)  # J, Q, K layers, in order
    assert len(s.castle) == 11 and s.enemy >> 2 == 11
    assert all(len(h) == MAX_HAND[players] for h in s.hands)
    assert sum(1 for c in s.tavern + sum(s.hands, ()) if c == 0) == jesters
    assert len(s.tavern) == 40 + jesters - players * MAX_HAND[players]
    assert s.solo_jesters == (2 if players == 1 else 0)
    rules = [st.rule for st in steps]
    assert rules[0] == "REG.setup.castle" and "REG.setup.tavern" in rules and "REG.setup.hand_size" in rules
    hand_step = next(st for st in steps if st.rule == "REG.setup.hand_size")
    changed = {e[0]: (e[1], e[2]) for e in hand_step.effects}  # the step records what it changed
    assert changed[("pile:tavern", "size")] == (40 + jesters, len(s.tavern)) and changed[("hand:1", "size")][1] > 0


def test_the_same_seed_deals_the_same_game_and_another_seed_another(tmp_path: Path) -> None:
    _, a = _answers(tmp_path, DEALT)
    _, b = _answers(tmp_path, DEALT)
    _, c = _answers(tmp_path, DEALT.replace("seed: 11", "seed: 12"))
    assert a == b and (a["cards"], a["top"]) != (c["cards"], c["top"])


def test_the_deal_leads_the_explanation(tmp_path: Path) -> None:
    lib, _ = _answers(tmp_path, DEALT)
    assert lead(lib, "t.rg.dealt", "enemy") == "REG.setup.castle"
    # the deal takes the hands off the shuffled Tavern: the last step that changed its top card (computed)
    assert lead(lib, "t.rg.dealt", "top") == "REG.setup.hand_size"
    assert lead(lib, "t.rg.dealt", "solo") == "REG.solo.jester_refill"


def _problems(tmp_path: Path, text: str) -> list:
    return load_text(tmp_path, text).problems


def test_a_position_field_beside_deal_is_reported_at_its_line(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, DEALT.replace("  deal: {players: 4, seed: 11}\n",
                                             "  deal: {players: 4, seed: 11}\n  enemy: JS\n"))
    assert (p.line, p.col, p.field) == (7, 10, "setup.enemy") and "a dealt game places every card itself" in p.message


def test_a_bad_player_count_or_seed_is_reported_inside_deal(tmp_path: Path) -> None:
    problems = _problems(tmp_path, DEALT.replace("{players: 4, seed: 11}", "{players: 5, seed: -1}"))
    assert sorted((p.line, p.field) for p in problems) == [(6, "setup.deal.players"), (6, "setup.deal.seed")]


def test_players_twice_and_a_position_without_enemy(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, DEALT.replace("  deal:", "  players: 4\n  deal:"))
    assert p.line == 6 and "gives its player count in 'deal' only" in p.message
    (p,) = _problems(tmp_path, DEALT.replace("  deal: {players: 4, seed: 11}", "  players: 4"))
    assert p.line == 6 and p.message.endswith("a position needs enemy, hands (or 'deal: {players: N, seed: S}' "
                                              "for a fresh game)")


def test_an_unknown_seat_in_a_hand_ask_is_reported(tmp_path: Path) -> None:
    (p,) = _problems(tmp_path, DEALT.replace("of: seat4", "of: seat5"))
    assert p.line == 9 and p.field == "questions[1].of" and p.message.startswith("unknown seat 'seat5'")


POSITION = """\
id: t.rg.table
game: regicide
title: Table
source: test
setup:
  players: 3
  enemy: JH
  damage: 12
  hands: [[JOKER, 3D], [8D, 4S, 2H], [5C]]
  yielded: [false, true, false]
actions:
  - {seat: 1, play: [JOKER]}
  - {seat: 1, next: 2}
questions:
  - {id: immune, prompt: Immune?, ask: immunity}
  - {id: flag, prompt: Flag?, ask: yielded, of: seat2}
  - {id: damage, prompt: Damage?, ask: enemy_damage, then: [{seat: 2, play: [4S]}]}
  - {id: flag2, prompt: Flag?, ask: yielded, of: seat2, then: [{seat: 2, play: [4S]}]}
  - {id: top, prompt: Top?, ask: tavern_top, then: [{seat: 2, play: [8D]}]}
  - {id: hand, prompt: Hand?, ask: hand_cards, of: seat1, then: [{seat: 2, play: [8D]}]}
"""


def test_the_table_asks_read_the_engines_position(tmp_path: Path) -> None:
    lib, got = _answers(tmp_path, POSITION)
    assert got["immune"] == "cancelled" and got["flag"] is True and got["flag2"] is False
    assert got["damage"] == 16  # 12 + 4: the Spades' value is damage too
    assert got["top"] == "J♥"  # an exact kill: the enemy goes face down on top of the Tavern
    assert "3♦" in got["hand"] and len(got["hand"]) == 3  # type: ignore[arg-type]  # 3♦ and 2 drawn by Diamonds
    assert lead(lib, "t.rg.table", "immune") == "REG.jester.cancel_immunity"
    assert lead(lib, "t.rg.table", "top") == "REG.damage.exact_kill"


def test_a_solo_jester_verdict_names_its_rule(tmp_path: Path) -> None:
    solo = POSITION.replace("players: 3", "players: 1").replace(
        "  hands: [[JOKER, 3D], [8D, 4S, 2H], [5C]]\n  yielded: [false, true, false]\n",
        "  hands: [[3D, 8D]]\n  solo_jesters: 0\n").split("actions:")[0] + (
        "questions:\n  - {id: solo, prompt: Solo?, ask: solo_jester_now}\n")
    lib, got = _answers(tmp_path, solo)
    assert got["solo"] is False
    step = lib.asked("t.rg.table", "solo").explanation.deciding_step
    assert step is not None
    assert step.rule == "REG.solo.jester_refill" and "both solo Jesters have been used" in step.text


def test_the_table_asks_read_the_quantities_they_answer_from() -> None:
    from engine.regicide import quantities as Q
    from tutor.questions import reads_of

    lib = library.load()
    seen = set()
    for sid, scn in lib.scenarios.items():
        if scn.game != "regicide":
            continue
        for q in scn.questions:
            if q.ask not in ("hand_size", "hand_cards", "tavern_top", "immunity", "enemy_damage"):
                continue
            asked = lib.asked(sid, q.id)
            seen.add(q.ask)
            keys = reads_of(scn, q, asked.solution)
            want = {"hand_size": "size", "hand_cards": "cards"}.get(q.ask)
            if want is not None:
                assert any(k[0].startswith("hand:") and k[1] == want for k in keys), (sid, q.id, keys)
            elif q.ask == "tavern_top":
                assert keys == {Q.pile("tavern", "cards")}
            elif q.ask == "immunity":
                assert Q.ENEMY_IMMUNE in keys
            else:
                assert Q.ENEMY_DAMAGE in keys
    assert seen == {"hand_size", "hand_cards", "tavern_top", "immunity", "enemy_damage"}, seen
