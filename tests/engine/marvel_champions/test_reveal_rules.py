"""Damage from outside an attack: an encounter card's When Revealed ability (Shocker: 1 damage to each hero), and
which defense abilities answer it (issue 27 item 2)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import marvel_champions as mc
from engine.marvel_champions import quantities as Q
from engine.marvel_champions.reveal import begin
from tests.engine.marvel_champions.helpers import ally, hero, table


def _reveal(hand: tuple[str, ...] = (), *, p1: dict[str, object] | None = None,
            upgrades: tuple[str, ...] = ()) -> mc.AttackState:
    """Player 1 (Ms. Marvel) reveals Shocker; Player 2 has Black Panther and Hellcat."""
    chars = (hero("Ms. Marvel", "p1", defense=1, keywords=frozenset({"morphogenetics"}), **(p1 or {})),
             hero("Black Panther", "p2", hp=11, keywords=frozenset({"retaliate 1"})), ally("Hellcat", "p2"))
    state = table(chars=chars, hands={"p1": hand}, upgrades={"p1": upgrades}, attacker=None)
    return replace(state, revealed="Shocker", revealed_by="p1")


def test_enc_when_revealed_deals_damage_to_each_hero_not_an_attack() -> None:
    out = mc.resolve(_reveal(), [])
    s = out.state
    assert out.is_legal and s.character("Ms. Marvel").damage == 1 and s.character("Black Panther").damage == 1
    assert s.character("Hellcat").damage == 0  # an ally is not a hero
    assert s.retaliate == 0 and s.enemy("Shocker").damage == 0  # retaliate answers an attack only
    assert out.trace.rules()[:2] == ["MC.enc.minion_engages", "MC.enc.when_revealed"]


def test_enc_when_revealed_spares_an_alter_ego() -> None:
    state = _reveal()
    state = state.with_character(replace(state.character("Ms. Marvel"), kind="alter_ego"))
    out = mc.resolve(state, [])
    assert out.state.character("Ms. Marvel").damage == 0 and out.state.character("Black Panther").damage == 1
    assert out.trace.steps[0].rule == "MC.enc.minion_engages"  # Shocker is a minion: it enters play first
    assert (Q.revealed("Ms. Marvel", "incoming"), None, 0) in out.trace.steps[1].effects  # set to none at once
    assert "Ms. Marvel and Hellcat are not heroes" in out.trace.steps[1].text


def test_status_tough_prevents_it_before_any_interrupt() -> None:
    state = _reveal(("Wiggle Room",), p1={"tough": 1})
    out = mc.resolve(state, [])
    assert out.state.character("Ms. Marvel").damage == 0 and out.state.character("Ms. Marvel").tough == 0
    late = mc.resolve(state, [mc.PlayCard("p1", "Wiggle Room")])
    assert late.illegal is not None and late.illegal.rule == "MC.prevent.interrupt"


def test_prevent_interrupt_wiggle_room_applies_and_makes_no_defender() -> None:
    out = mc.resolve(_reveal(("Wiggle Room",)), [mc.PlayCard("p1", "Wiggle Room")])
    s = out.state
    assert out.is_legal and s.character("Ms. Marvel").damage == 0 and s.player("p1").drawn == 1
    assert s.defender is None and s.hero_defended == ()
    rules = out.trace.rules()
    assert rules.index("MC.def.label_outside_attack") < rules.index("MC.prevent.interrupt")
    step = next(st for st in out.trace.steps if st.rule == "MC.prevent.interrupt")
    assert (Q.revealed("Ms. Marvel", "incoming"), 1, 0) in step.effects
    assert (Q.player("p1", "drawn"), 0, 1) in step.effects  # the draw is the prevention step's own


def test_prevent_interrupt_jump_flip_prevents_what_there_is() -> None:
    out = mc.resolve(_reveal(("Jump Flip",)), [mc.PlayCard("p1", "Jump Flip")])
    assert out.is_legal and out.state.character("Ms. Marvel").damage == 0
    assert out.state.reveal_prevented == (("Ms. Marvel", 1),)


def test_prevent_interrupt_backflip_prevents_attack_damage_only() -> None:
    out = mc.resolve(_reveal(("Backflip",)), [mc.PlayCard("p1", "Backflip")])
    assert out.illegal is not None and out.illegal.rule == "MC.prevent.interrupt"
    assert "from an attack" in str(out.illegal)


@pytest.mark.parametrize("play", [mc.BasicDefend("p1"), mc.AllyDefend("p2", "Hellcat"),
                                  mc.PlayCard("p1", "Expert Defense"), mc.PlayCard("p1", "Counter-Punch"),
                                  mc.PlayCard("p1", "Cuts Both Ways"), mc.UseAbility("p1", "Indomitable")])
def test_enc_no_attack_refuses_what_answers_an_attack(play: mc.Action) -> None:
    hand = ("Expert Defense", "Counter-Punch", "Cuts Both Ways")
    out = mc.resolve(_reveal(hand, upgrades=("Indomitable",)), [play])
    assert out.illegal is not None and out.illegal.rule == "MC.enc.no_attack"


def test_hero_morphogenetics_answers_an_event_played_outside_an_attack() -> None:
    plays = [mc.PlayCard("p1", "Wiggle Room"), mc.UseAbility("p1", "Morphogenetics")]
    out = mc.resolve(_reveal(("Wiggle Room",)), plays)
    assert out.is_legal and out.state.player("p1").hand == ("Wiggle Room",)
    assert out.state.character("Ms. Marvel").exhausted
    again = mc.resolve(_reveal(("Wiggle Room",)), plays + [mc.PlayCard("p1", "Wiggle Room")])
    assert again.illegal is not None and again.illegal.rule == "MC.prevent.interrupt"  # nothing left to prevent


def test_reveal_legal_actions_list_only_the_preventions() -> None:
    state, _ = begin(_reveal(("Wiggle Room", "Backflip", "Expert Defense")))  # the damage is coming
    legal = mc.legal_actions(state)
    assert legal == [mc.PlayCard("p1", "Wiggle Room")]
