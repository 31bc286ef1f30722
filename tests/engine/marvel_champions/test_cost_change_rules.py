"""Generated resources, cost changes, playing an ally and an "after you play an event" response (issue 27 item 1:
MC.cost.generate, MC.cost.reduce, MC.ally.play, MC.ally.ms_marvel)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import marvel_champions as mc
from engine.core.errors import NotModelled
from engine.marvel_champions import cost, resources
from engine.marvel_champions import quantities as Q
from tests.engine.marvel_champions.helpers import ally, enemy, hero, position, table


def _turn(identity: str = "Cyclops", traits: frozenset[str] = frozenset({"X-Men"}), *, hand: tuple[str, ...] = (),
          upgrades: tuple[str, ...] = (), allies: tuple[mc.Character, ...] = (), form: str = "hero",
          confused: int = 0) -> mc.AttackState:
    """A player phase: Player 1's identity (with these traits), hand, upgrades and allies; Rhino is the villain."""
    me = replace(hero(identity, "p1", traits=traits), kind=form)
    return table(enemy("Rhino", confused=confused), chars=(me, *allies), hands={"p1": hand},
                 upgrades={"p1": upgrades}, attacker=None)


# -- MC.cost.reduce ---------------------------------------------------------------------------------------------------
def test_cost_reduce_applies_before_payment_and_is_recorded() -> None:
    state = _turn(hand=("Colossus", "Energy", "Backflip"))
    out = mc.resolve(state, [mc.PlayCard("p1", "Colossus", pay=("Energy", "Backflip"))])
    assert out.is_legal
    rules = out.trace.rules()
    assert rules.index("MC.cost.reduce") < rules.index("MC.cost.pay") < rules.index("MC.ally.play")
    step = next(s for s in out.trace.steps if s.rule == "MC.cost.reduce")
    assert (Q.player("p1", "costs"), (), (("Colossus", 3),)) in step.effects
    # the same payment is short without the change: the printed cost is 4
    plain = mc.resolve(_turn("Spider-Man", frozenset({"Avenger"}), hand=("Colossus", "Energy", "Backflip")),
                       [mc.PlayCard("p1", "Colossus", pay=("Energy", "Backflip"))])
    assert plain.illegal is not None and plain.illegal.rule == "MC.cost.pay"
    assert "costs 4" in str(plain.illegal)
    assert "does not apply" in next(s.text for s in plain.trace.steps if s.rule == "MC.cost.reduce")


def test_cost_reduce_mutant_trait_counts_and_never_below_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    mutant = _turn("Someone", frozenset({"Mutant"}), hand=("Angel",))
    assert cost.cost_to_play(mutant, "p1", "Angel") == 2
    monkeypatch.setitem(resources.REDUCED_FOR_TRAITS, "Angel", (5, frozenset({"Mutant"})))
    assert cost.cost_to_play(mutant, "p1", "Angel") == 0
    out = mc.resolve(mutant, [mc.PlayCard("p1", "Angel", pay=())])
    assert out.is_legal and out.state.player("p1").costs == (("Angel", 0),)


# -- MC.cost.generate -------------------------------------------------------------------------------------------------
def test_cost_generate_resource_cards_and_the_protection_doubling() -> None:
    assert cost.card_resources("Energy", "Colossus") == 2
    assert cost.card_resources("The Power of Protection", "Preemptive Strike") == 2  # a Protection card
    assert cost.card_resources("The Power of Protection", "Colossus") == 1  # a basic card
    state = position(p2_hand=("Preemptive Strike", "The Power of Protection"), boost=(("Shocker", 2),))
    out = mc.resolve(state, [mc.PlayCard("p2", "Preemptive Strike", pay=("The Power of Protection",))])
    assert out.is_legal and out.state.player("p2").paid == (("Preemptive Strike", 2),)
    assert out.state.player("p2").generated == (("The Power of Protection", 2),)
    assert [s.rule for s in out.trace.steps if "The Power of Protection" in s.text][-1] == "MC.cost.generate"


def test_cost_generate_an_upgrade_exhausts_once_per_use() -> None:
    state = _turn("Captain America", frozenset({"Avenger"}), hand=("Hellcat", "Jessica Jones", "Energy", "Genius"),
                  upgrades=("Super-Soldier Serum",))
    first = mc.PlayCard("p1", "Hellcat", pay=("Super-Soldier Serum", "Energy"))
    out = mc.resolve(state, [first])
    assert out.is_legal and out.state.player("p1").exhausted == ("Super-Soldier Serum",)
    assert out.state.player("p1").paid == (("Hellcat", 3),) and out.state.player("p1").hand == ("Jessica Jones",
                                                                                                 "Genius")
    gen = next(s for s in out.trace.steps if s.rule == "MC.cost.generate" and "exhausts" in s.text)
    assert (Q.player("p1", "exhausted"), (), ("Super-Soldier Serum",)) in gen.effects
    again = mc.resolve(state, [first, mc.PlayCard("p1", "Jessica Jones", pay=("Super-Soldier Serum", "Genius"))])
    assert again.illegal is not None and again.illegal.rule == "MC.cost.generate" and again.illegal_index == 1


def test_cost_generate_hero_resource_needs_hero_form_and_an_event() -> None:
    suit = ("Biokinetic Polymer Suit",)
    for_ally = _turn("Ms. Marvel", frozenset(), hand=("Colossus", "Energy", "Genius"), upgrades=suit)
    out = mc.resolve(for_ally, [mc.PlayCard("p1", "Colossus", pay=("Energy", "Genius", suit[0]))])
    assert out.illegal is not None and out.illegal.rule == "MC.cost.generate"
    assert "only for an event" in str(out.illegal)
    kamala = replace(table(chars=(replace(hero("Ms. Marvel", "p1"), kind="alter_ego"),), hands={"p1": ("Jump Flip",)},
                           upgrades={"p1": suit}, attacker=None), revealed="Shocker", revealed_by="p1")
    verdict = cost.can_generate(kamala, mc.PlayCard("p1", "Jump Flip", pay=suit), suit[0])
    assert verdict is not None and verdict[0] == "MC.cost.generate" and "alter-ego" in str(verdict[1])
    shocker = replace(kamala, characters=(hero("Ms. Marvel", "p1"),))
    ok = mc.resolve(shocker, [mc.PlayCard("p1", "Jump Flip", pay=suit)])
    assert ok.is_legal and ok.state.player("p1").paid == (("Jump Flip", 1),)


# -- MC.ally.play -----------------------------------------------------------------------------------------------------
def test_ally_play_enters_play_with_toughness_and_is_unique() -> None:
    out = mc.resolve(_turn(hand=("Colossus", "Strength", "Backflip")),
                     [mc.PlayCard("p1", "Colossus", pay=("Strength", "Backflip"))])
    colossus = out.state.character("Colossus")
    assert out.is_legal and colossus.kind == "ally" and colossus.controller == "p1" and colossus.tough == 1
    assert not colossus.exhausted and out.state.player("p1").hand == ()
    twice = mc.resolve(_turn(hand=("Colossus", "Strength", "Backflip"), allies=(ally("Colossus", "p1"),)),
                       [mc.PlayCard("p1", "Colossus", pay=("Strength", "Backflip"))])
    assert twice.illegal is not None and twice.illegal.rule == "MC.ally.play"


def test_ally_play_refuses_what_it_does_not_model() -> None:
    full = _turn(hand=("Angel", "Genius"), allies=tuple(ally(n, "p1") for n in ("Hellcat", "Nick Fury", "Polaris")))
    with pytest.raises(NotModelled):
        mc.apply(full, mc.PlayCard("p1", "Angel", pay=("Genius",)))
    with pytest.raises(NotModelled, match="Mockingbird"):
        mc.apply(_turn(hand=("Mockingbird", "Genius", "Energy")), mc.PlayCard("p1", "Mockingbird",
                                                                              pay=("Genius", "Energy")))
    unpaid = mc.resolve(_turn(hand=("Angel",)), [mc.PlayCard("p1", "Angel")])
    assert unpaid.illegal is not None and unpaid.illegal.rule == "MC.cost.pay"


def test_ally_play_is_judged_legal_before_what_follows_is_refused() -> None:
    """A refused entering ability (Mockingbird) or a fourth ally is refused only once the play is known to be legal:
    an unaffordable one is illegal, naming the payment rule, never "not modelled" (which counts as legal)."""
    short = mc.resolve(_turn(hand=("Mockingbird", "Backflip")), [mc.PlayCard("p1", "Mockingbird", pay=("Backflip",))])
    assert short.illegal is not None and short.illegal.rule == "MC.cost.pay"
    assert not mc.is_legal(_turn(hand=("Mockingbird", "Backflip")), mc.PlayCard("p1", "Mockingbird", pay=("Backflip",)))


def test_a_player_phase_lists_each_ally_in_hand_paid_with_all_the_player_could_pay() -> None:
    state = _turn(hand=("Colossus", "Wolverine", "Energy"), upgrades=("Biokinetic Polymer Suit",))
    plays = [a for a in mc.candidate_plays(state) if isinstance(a, mc.PlayCard)]
    assert [(a.card, a.pay) for a in plays] == [("Colossus", ("Wolverine", "Energy")), ("Wolverine", ("Colossus", "Energy"))]
    # Colossus costs 3 for Cyclops (an X-Man) and 3 resources are there; Wolverine costs 4: no payment reaches it
    legal = [a.card for a in mc.legal_actions(state) if isinstance(a, mc.PlayCard)]
    assert legal == ["Colossus"]
    # a ready resource ability is part of the most the player could pay (the Suit pays for an event only)
    serum = _turn(hand=("Wolverine", "Energy", "Backflip"), upgrades=("Super-Soldier Serum",))
    assert [a.pay for a in mc.candidate_plays(serum) if isinstance(a, mc.PlayCard)] == [
        ("Super-Soldier Serum", "Energy", "Backflip")]


# -- MC.ally.ms_marvel ------------------------------------------------------------------------------------------------
def _kamala_ally(hand: tuple[str, ...] = ("Backflip",), **kw: object) -> mc.AttackState:
    return table(enemy("Rhino"), chars=(hero("Captain America", "p1", hp=11),
                                        ally("Ms. Marvel (ally)", "p1", **kw)),
                 hands={"p1": hand}, boost=(("Shocker", 2),))


def test_ms_marvel_ally_returns_the_event_after_it_resolves() -> None:
    out = mc.resolve(_kamala_ally(), [mc.PlayCard("p1", "Backflip", pay=()), mc.UseAbility("p1", "Ms. Marvel (ally)")])
    assert out.is_legal
    rules = out.trace.rules()
    assert rules.index("MC.prevent.interrupt") < rules.index("MC.ally.ms_marvel")
    kamala = out.state.character("Ms. Marvel (ally)")
    assert kamala.exhausted and kamala.damage == 1 and out.state.player("p1").hand == ("Backflip",)
    step = next(s for s in out.trace.steps if s.rule == "MC.ally.ms_marvel")
    assert (Q.character("Ms. Marvel (ally)", "damage"), 0, 1) in step.effects


def test_ms_marvel_ally_needs_an_event_just_played_once_and_refuses_what_it_does_not_model() -> None:
    use = mc.UseAbility("p1", "Ms. Marvel (ally)")
    first = mc.resolve(_kamala_ally(), [use])
    assert first.illegal is not None and first.illegal.rule == "MC.ally.ms_marvel"
    twice = mc.resolve(_kamala_ally(), [mc.PlayCard("p1", "Backflip", pay=()), use, use])
    assert twice.illegal is not None and twice.illegal.rule == "MC.ally.ms_marvel" and twice.illegal_index == 2
    tired = mc.resolve(_kamala_ally(exhausted=True), [mc.PlayCard("p1", "Backflip", pay=()), use])
    assert tired.illegal is not None and "already exhausted" in str(tired.illegal)
    with pytest.raises(NotModelled):
        state, _ = mc.apply(_kamala_ally(damage=2), mc.PlayCard("p1", "Backflip", pay=()))
        mc.apply(state, use)
