"""After the attack, the forced "after" abilities first, then the players' responses (issue 27 item 1)."""

from __future__ import annotations

from engine import marvel_champions as mc
from engine.marvel_champions import quantities as Q
from tests.engine.marvel_champions.helpers import enemy, hero, table


def _panther(hand: tuple[str, ...] = (), upgrades: tuple[str, ...] = (), retaliate: bool = True) -> mc.AttackState:
    kw = frozenset({"retaliate 1"}) if retaliate else frozenset()
    return table(enemy("Rhino", atk=3), chars=(hero("Black Panther", "p1", hp=11, keywords=kw),),
                 hands={"p1": hand}, upgrades={"p1": upgrades}, boost=(("Assault", 0),))


def test_atk_forced_first_is_a_step_that_records_the_forced_abilities() -> None:
    out = mc.resolve(_panther(("Counter-Punch",)), [mc.BasicDefend("p1"), mc.PlayCard("p1", "Counter-Punch")])
    rules = out.trace.rules()
    assert out.is_legal and rules.index("MC.kw.retaliate") < rules.index("MC.atk.forced_first")
    assert rules.index("MC.atk.forced_first") < rules.index("MC.card.counter_punch")
    step = next(s for s in out.trace.steps if s.rule == "MC.atk.forced_first")
    assert (Q.attack(1, "forced"), (), ("Retaliate 1 (Black Panther)",)) in step.effects
    assert out.state.enemy("Rhino").damage == 3  # retaliate 1, then Counter-Punch 2


def test_atk_forced_first_refuses_a_response_played_before_them() -> None:
    early = mc.PlayCard("p1", "Counter-Punch", before_forced=True)
    out = mc.resolve(_panther(("Counter-Punch",)), [mc.BasicDefend("p1"), early])
    assert out.illegal is not None and out.illegal.rule == "MC.atk.forced_first" and out.illegal_index == 1
    assert "Retaliate 1 (Black Panther) first" in str(out.illegal)
    ups = mc.resolve(_panther(upgrades=("Indomitable",)),
                     [mc.BasicDefend("p1"), mc.UseAbility("p1", "Indomitable", before_forced=True)])
    assert ups.illegal is not None and ups.illegal.rule == "MC.atk.forced_first"


def test_atk_forced_first_without_forced_abilities_a_response_may_come_at_once() -> None:
    quiet = _panther(("Counter-Punch",), retaliate=False)
    out = mc.resolve(quiet, [mc.BasicDefend("p1"), mc.PlayCard("p1", "Counter-Punch", before_forced=True)])
    assert out.is_legal and "MC.atk.forced_first" not in out.trace.rules()
    assert out.state.forced_done == ()
