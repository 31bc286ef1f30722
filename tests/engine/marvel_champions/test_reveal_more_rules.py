"""More cards revealed outside an attack (issue 27 item 1): Rhino (III) stuns each hero, Under Fire reveals the top
card of the encounter deck, then surge reveals another; on a boost card neither is active."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import marvel_champions as mc
from engine.core.errors import NotModelled
from engine.core.trace import Mark
from engine.marvel_champions import quantities as Q
from engine.marvel_champions.reveal import begin, finish
from tests.engine.marvel_champions.helpers import ally, enemy, hero, table


def _reveal(card: str, deck: tuple[str, ...] = (), hand: tuple[str, ...] = (), **p1: object) -> mc.AttackState:
    """Player 1 (Ms. Marvel) reveals ``card``; Player 2 has Black Panther and Hellcat."""
    chars = (hero("Ms. Marvel", "p1", defense=1, **p1), hero("Black Panther", "p2", hp=11), ally("Hellcat", "p2"))
    state = table(chars=chars, hands={"p1": hand}, attacker=None)
    return replace(state, revealed=card, revealed_by="p1",
                   encounter=tuple(mc.BoostCard(k, 2, key=k) for k in deck))


def test_enc_stun_each_hero_stuns_heroes_only_and_deals_no_damage() -> None:
    state = _reveal("Rhino (III)")
    state = state.with_character(replace(state.character("Black Panther"), kind="alter_ego"))
    out = mc.resolve(state, [])
    s = out.state
    assert out.is_legal and s.character("Ms. Marvel").stunned == 1
    assert s.character("Black Panther").stunned == 0 and s.character("Hellcat").stunned == 0
    assert all(c.damage == 0 for c in s.characters)
    first = out.trace.steps[0]
    assert first.rule == "MC.enc.stun_each_hero" and (Q.character("Ms. Marvel", "stunned"), 0, 1) in first.effects
    assert (Q.character("Hellcat", "stunned"), 0, 0) in first.effects  # an ally is not a hero: kept


def test_status_stun_a_stunned_hero_gets_no_second_stun_card() -> None:
    out = mc.resolve(_reveal("Rhino (III)", stunned=1), [])
    assert out.state.character("Ms. Marvel").stunned == 1 and out.state.character("Black Panther").stunned == 1
    kept = next(st for st in out.trace.steps if st.rule == "MC.status.stun")
    assert (Q.character("Ms. Marvel", "stunned"), 1, 1) in kept.effects


def test_enc_stun_each_hero_leaves_nothing_to_prevent() -> None:
    out = mc.resolve(_reveal("Rhino (III)", hand=("Wiggle Room",)), [mc.PlayCard("p1", "Wiggle Room")])
    assert out.illegal is not None and out.illegal.rule == "MC.prevent.interrupt"


def test_enc_reveal_top_resolves_the_top_card_with_its_interrupts() -> None:
    state = _reveal("Under Fire", deck=("Shocker",), hand=("Wiggle Room",))
    started, events = begin(state)
    assert started.revealed == "Shocker" and started.incoming_to("Ms. Marvel") == 1 and started.surge == 1
    steps = [e for e in events if not isinstance(e, Mark)]
    assert [s.rule for s in steps][:3] == ["MC.enc.reveal_top", "MC.enc.minion_engages", "MC.enc.when_revealed"]
    out = mc.resolve(state, [mc.PlayCard("p1", "Wiggle Room")])
    last = [e for e in out.events if isinstance(e, Mark)][-1]  # the line stops at the surge: its last moment
    assert last.point == "after_reveal"
    assert last.state.character("Ms. Marvel").damage == 0 and last.state.character("Black Panther").damage == 1
    assert out.unresolved is not None and "surge" in str(out.unresolved)  # the next card is not named: by name


def test_enc_reveal_top_needs_the_top_card_named() -> None:
    with pytest.raises(NotModelled, match="does not say which card"):
        begin(_reveal("Under Fire"))


def test_kw_surge_reveals_the_next_named_card_and_resolves_it() -> None:
    started, _ = begin(_reveal("Under Fire", deck=("Shocker", "Rhino (III)")))
    done, events = finish(started)
    assert done.over and done.surge == 0 and done.revealed == "Rhino (III)"
    assert done.character("Ms. Marvel").damage == 1 and done.character("Ms. Marvel").stunned == 1
    rules = [e.rule for e in events if not isinstance(e, Mark)]
    assert rules.index("MC.kw.surge") < rules.index("MC.enc.stun_each_hero")
    assert [e.point for e in events if isinstance(e, Mark)] == ["after_reveal", "after_surge"]


def test_kw_surge_is_not_active_on_a_boost_card() -> None:
    state = table(enemy("Rhino"), chars=(hero("She-Hulk", "p1", hp=15),), boost=(("Under Fire", 3),))
    state = replace(state, encounter=(mc.BoostCard("Under Fire", 3, key="Under Fire"),))
    out = mc.resolve(state, [])
    assert out.state.character("She-Hulk").damage == 5 and len(out.state.boost) == 1
    note = next(st for st in out.trace.steps if st.rule == "MC.kw.surge")
    assert (Q.attack(1, "boost_cards"), ("Under Fire",), ("Under Fire",)) in note.effects
