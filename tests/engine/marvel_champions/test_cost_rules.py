"""Paying a card's cost during an enemy attack or a When Revealed ability (MC.cost.pay, issue 27 item 1)."""

from __future__ import annotations

from dataclasses import replace

from engine import marvel_champions as mc
from engine.marvel_champions import quantities as Q
from engine.marvel_champions.cards import CARDS
from engine.marvel_champions.cost import generated, printed_cost
from tests.engine.marvel_champions.helpers import enemy, hero, position, table


def test_cost_pay_every_player_card_has_its_printed_cost_and_resources() -> None:
    for card in CARDS:
        if card.type in ("event", "upgrade", "ally"):
            assert card.cost is not None and card.cost >= 0 and card.resources >= 1, card.key
        else:
            assert card.cost is None, card.key
    assert printed_cost("Preemptive Strike") == 1 and printed_cost("Wiggle Room") == 0
    assert generated(("Backflip", "Counter-Punch")) == 2


def test_cost_pay_discards_the_cards_paid_with() -> None:
    state = position(p2_hand=("Preemptive Strike", "Backflip"), boost=(("Shocker", 2),))
    out = mc.resolve(state, [mc.PlayCard("p2", "Preemptive Strike", pay=("Backflip",))])
    p2 = out.state.player("p2")
    assert out.is_legal and p2.hand == () and p2.paid == (("Preemptive Strike", 1),)
    step = next(s for s in out.trace.steps if s.rule == "MC.cost.pay")
    assert (Q.player("p2", "paid"), (), (("Preemptive Strike", 1),)) in step.effects


def test_cost_pay_short_is_illegal_before_the_card_resolves() -> None:
    state = position(p2_hand=("Preemptive Strike",), boost=(("Shocker", 2),))
    out = mc.resolve(state, [mc.PlayCard("p2", "Preemptive Strike", pay=())])
    assert out.illegal is not None and out.illegal.rule == "MC.cost.pay"
    assert out.state.enemy("Rhino").damage == 0  # nothing of the card resolved


def test_cost_pay_a_card_cannot_pay_for_itself_nor_with_a_card_not_held() -> None:
    state = position(p2_hand=("Preemptive Strike",), boost=(("Shocker", 2),))
    for pay in (("Preemptive Strike",), ("Backflip",)):
        out = mc.resolve(state, [mc.PlayCard("p2", "Preemptive Strike", pay=pay)])
        assert out.illegal is not None and out.illegal.rule == "MC.cost.pay"


def test_cost_pay_excess_is_lost_and_said() -> None:
    state = position(p2_hand=("Preemptive Strike", "Backflip", "Counter-Punch"), boost=(("Shocker", 2),))
    out = mc.resolve(state, [mc.PlayCard("p2", "Preemptive Strike", pay=("Backflip", "Counter-Punch"))])
    assert out.is_legal and out.state.player("p2").paid == (("Preemptive Strike", 2),)
    assert "the 1 beyond the cost is lost" in next(s.text for s in out.trace.steps if s.rule == "MC.cost.pay")


def test_cost_pay_left_out_is_not_checked() -> None:
    state = position(p2_hand=("Preemptive Strike",), boost=(("Shocker", 2),))
    out = mc.resolve(state, [mc.PlayCard("p2", "Preemptive Strike")])
    assert out.is_legal and "MC.cost.pay" not in out.trace.rules() and out.state.player("p2").paid == ()


def test_cost_pay_outside_an_attack() -> None:
    state = replace(table(chars=(hero("Spider-Man", "p1"),), hands={"p1": ("Jump Flip", "Wiggle Room")},
                          attacker=None), revealed="Shocker", revealed_by="p1")
    ok = mc.resolve(state, [mc.PlayCard("p1", "Jump Flip", pay=("Wiggle Room",))])
    assert ok.is_legal and ok.state.character("Spider-Man").damage == 0 and ok.state.player("p1").hand == ()
    short = mc.resolve(state, [mc.PlayCard("p1", "Jump Flip", pay=())])
    assert short.illegal is not None and short.illegal.rule == "MC.cost.pay"
    free = mc.resolve(state, [mc.PlayCard("p1", "Wiggle Room", pay=())])
    assert free.is_legal and free.state.player("p1").paid == (("Wiggle Room", 0),)


# -- resource types (a Hero Action that names them) -----------------------------------------------------------------
def _klaw(hand: tuple[str, ...], *, alter_ego: bool = False) -> mc.AttackState:
    panther = hero("Black Panther", "p1", hp=11)
    if alter_ego:
        panther = replace(panther, kind="alter_ego")
    return table(enemy("Klaw", atk=0, attachments=("Solid-Sound Body",)), chars=(panther,), hands={"p1": hand},
                 attacker=None)


def test_cost_resource_types_the_named_types_discard_the_attachment() -> None:
    hand = ("Backflip", "Wiggle Room", "Expert Defense", "Counter-Punch")
    out = mc.resolve(_klaw(hand), [mc.DiscardAttachment("p1", "Solid-Sound Body", hand[:3])])
    assert out.is_legal and out.state.enemy("Klaw").attachments == ()
    assert out.state.player("p1").hand == ("Counter-Punch",) and out.state.player("p1").discarded == hand[:3]
    assert out.trace.rules() == ["MC.cost.resource_types"]


def test_cost_resource_types_a_wrong_type_is_refused_and_wild_counts_as_any() -> None:
    hand = ("Backflip", "Wiggle Room", "Counter-Punch", "Hellcat")
    wrong = mc.resolve(_klaw(hand), [mc.DiscardAttachment("p1", "Solid-Sound Body", hand[:3])])
    assert wrong.illegal is not None and wrong.illegal.rule == "MC.cost.resource_types"
    assert "no [mental]" in str(wrong.illegal) and wrong.state.enemy("Klaw").attachments == ("Solid-Sound Body",)
    wild = mc.resolve(_klaw(hand), [mc.DiscardAttachment("p1", "Solid-Sound Body", ("Backflip", "Wiggle Room",
                                                                                    "Hellcat"))])
    assert wild.is_legal
    short = mc.resolve(_klaw(hand), [mc.DiscardAttachment("p1", "Solid-Sound Body", ("Hellcat",))])
    assert short.illegal is not None and short.illegal.rule == "MC.cost.resource_types"


def test_cost_resource_types_a_hero_action_needs_hero_form_and_the_players_turn() -> None:
    hand = ("Backflip", "Wiggle Room", "Expert Defense")
    out = mc.resolve(_klaw(hand, alter_ego=True), [mc.DiscardAttachment("p1", "Solid-Sound Body", hand)])
    assert out.illegal is not None and "alter-ego form" in str(out.illegal)
    attack = table(enemy("Klaw", atk=0, attachments=("Solid-Sound Body",)), chars=(hero("Black Panther", "p1"),),
                   hands={"p1": hand}, boost=(("Assault", 0), ("Assault", 0)))
    during = mc.resolve(attack, [mc.DiscardAttachment("p1", "Solid-Sound Body", hand)])
    assert during.illegal is not None and during.illegal.rule == "MC.cost.resource_types"
    assert "not during an enemy's attack" in str(during.illegal)
