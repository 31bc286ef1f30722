"""A phase of several attacks, minion attacks and quickstrike, and the players' attacks on enemies with tough,
retaliate or guard (issue 11, item 6)."""

from __future__ import annotations

from dataclasses import replace

from engine import marvel_champions as mc
from engine.core.trace import Mark
from tests.engine.marvel_champions.helpers import ally, enemy, hero, table

MERC = enemy("Hydra Mercenary", "minion", atk=1, hp=3, keywords=frozenset({"guard"}), engaged_with="p1")


def _villain_then_minion(hand: tuple[str, ...] = ()) -> mc.AttackState:
    chars = (hero("Black Panther", "p1", defense=2, hp=11, keywords=frozenset({"retaliate 1"})), ally("Hellcat", "p1"))
    rhino = enemy("Rhino", atk=3)
    return table(rhino, MERC, chars=chars, hands={"p1": hand}, boost=(("Shocker", 2),),
                 pending=(mc.Pending("Hydra Mercenary", "p1"),))


def test_atk_phase_what_the_first_attack_spent_stays_spent() -> None:
    out = mc.resolve(_villain_then_minion(), [mc.BasicDefend("p1"), mc.BasicDefend("p1", during=2)])
    assert out.illegal is not None and out.illegal.rule == "MC.def.ready" and out.illegal_index == 1
    ok = mc.resolve(_villain_then_minion(), [mc.BasicDefend("p1"), mc.AllyDefend("p1", "Hellcat", during=2)])
    s = ok.state
    assert ok.is_legal and s.attack_no == 2 and s.character("Black Panther").damage == 3  # 3 + 2 - DEF 2
    assert s.character("Hellcat").damage == 1 and "MC.atk.phase" in ok.trace.rules()
    assert [e.point for e in ok.events if isinstance(e, Mark)].count("after_attack") == 2


def test_atk_phase_gained_retaliate_lasts_until_the_end_of_the_phase() -> None:
    state = _villain_then_minion(hand=("Cuts Both Ways",))
    out = mc.resolve(state, [mc.PlayCard("p1", "Cuts Both Ways")])
    s = out.state
    # Rhino: 5 damage (label, no DEF) and retaliate 2; Hydra Mercenary: 1 damage and retaliate 2 again
    assert s.character("Black Panther").damage == 6 and s.enemy("Rhino").damage == 2
    assert s.enemy("Hydra Mercenary").damage == 2 and s.enemy("Hydra Mercenary").gone is False
    assert s.retaliate == 4


def test_atk_phase_plays_go_in_order() -> None:
    out = mc.resolve(_villain_then_minion(), [mc.AllyDefend("p1", "Hellcat", during=2), mc.BasicDefend("p1", during=1)])
    assert out.illegal is not None and out.illegal.rule == "MC.atk.sequence"


def test_atk_minion_gets_no_boost_and_no_spider_sense() -> None:
    chars = (hero("Spider-Man", "p1", keywords=frozenset({"spider-sense"})),)
    out = mc.resolve(table(MERC, chars=chars), [])
    assert out.state.boost == () and out.state.player("p1").drawn == 0
    assert "MC.atk.minion" in out.trace.rules() and out.state.character("Spider-Man").damage == 1


def test_kw_quickstrike_attacks_a_hero_at_once() -> None:
    vulture = enemy("Vulture", "minion", atk=3, hp=4, keywords=frozenset({"quickstrike"}), engaged_with="p1")
    out = mc.resolve(table(vulture, chars=(hero("Spider-Man", "p1"),), cause="quickstrike"), [])
    assert out.state.happened and out.state.character("Spider-Man").damage == 3
    assert out.trace.rules()[0] == "MC.kw.quickstrike"


def test_kw_quickstrike_does_not_attack_an_alter_ego() -> None:
    vulture = enemy("Vulture", "minion", atk=3, hp=4, keywords=frozenset({"quickstrike"}), engaged_with="p1")
    peter = mc.Character("Spider-Man", "Peter Parker", "alter_ego", "p1", hp=10)
    out = mc.resolve(table(vulture, chars=(peter,), cause="quickstrike"), [])
    assert not out.state.happened and out.state.skipped == "alter_ego" and peter.damage == 0
    assert out.trace.rules() == ["MC.kw.quickstrike"]


# -- the players' attacks ----------------------------------------------------------------------------
def _player_phase(*enemies: mc.Enemy, stunned: int = 0) -> mc.AttackState:
    chars = (hero("Black Panther", "p1", atk=2, hp=11, stunned=stunned), ally("Jessica Jones", "p1", atk=2, hp=3,
                                                                            atk_cons=1))
    return table(*enemies, chars=chars, attacker=None)


def test_patk_basic_exhausts_the_hero_and_deals_its_atk() -> None:
    out = mc.resolve(_player_phase(enemy("Rhino", atk=2, hp=14)), [mc.PlayerAttack("p1", "Rhino")])
    s = out.state
    assert out.is_legal and s.enemy("Rhino").damage == 2 and s.character("Black Panther").exhausted
    assert out.trace.rules()[:2] == ["MC.patk.basic", "MC.patk.damage"]
    again = mc.resolve(_player_phase(enemy("Rhino")), [mc.PlayerAttack("p1", "Rhino")] * 2)
    assert again.illegal is not None and again.illegal.rule == "MC.patk.basic"


def test_patk_basic_only_in_the_player_phase() -> None:
    state = table(enemy("Rhino"), chars=(hero("Black Panther", "p1"),))
    out = mc.resolve(state, [mc.PlayerAttack("p1", "Rhino")])
    assert out.illegal is not None and out.illegal.rule == "MC.atk.sequence"


def test_patk_damage_tough_prevents_all_of_it() -> None:
    out = mc.resolve(_player_phase(enemy("Rhino", tough=1)), [mc.PlayerAttack("p1", "Rhino")])
    assert out.state.enemy("Rhino").damage == 0 and "Rhino" in out.state.tough_used


def test_patk_retaliate_hits_the_attacking_character() -> None:
    klaw = enemy("Klaw", atk=0, hp=12, attachments=("Solid-Sound Body",))
    out = mc.resolve(_player_phase(klaw), [mc.PlayerAttack("p1", "Klaw", "Jessica Jones")])
    s = out.state
    # Jessica Jones deals 2; Klaw's retaliate 1 (Solid-Sound Body) hits her; then her consequential damage 1
    assert s.enemy("Klaw").damage == 2 and s.character("Jessica Jones").damage == 2
    assert out.trace.rules().count("MC.kw.retaliate") == 1 and "MC.patk.consequential" in out.trace.rules()


def test_patk_retaliate_not_if_the_enemy_is_defeated() -> None:
    klaw = enemy("Klaw", atk=0, hp=2, attachments=("Solid-Sound Body",))
    out = mc.resolve(_player_phase(klaw), [mc.PlayerAttack("p1", "Klaw")])
    assert "Klaw" in out.state.defeated and out.state.character("Black Panther").damage == 0


def test_kw_guard_keeps_the_villain_out_of_reach() -> None:
    out = mc.resolve(_player_phase(enemy("Rhino"), MERC), [mc.PlayerAttack("p1", "Rhino")])
    assert out.illegal is not None and out.illegal.rule == "MC.kw.guard"
    minion = mc.resolve(_player_phase(enemy("Rhino"), MERC), [mc.PlayerAttack("p1", "Hydra Mercenary")])
    assert minion.is_legal and minion.state.enemy("Hydra Mercenary").damage == 2


def test_minion_shocker_stun_stuns_the_attacking_character() -> None:
    shocker = enemy("Shocker", "minion", atk=2, hp=5, keywords=frozenset({"stuns attacker"}), engaged_with="p1")
    out = mc.resolve(_player_phase(shocker), [mc.PlayerAttack("p1", "Shocker")])
    assert out.state.character("Black Panther").stunned == 1 and "MC.minion.shocker_stun" in out.trace.rules()


def test_status_stun_a_stunned_hero_discards_the_stun_instead_of_attacking() -> None:
    out = mc.resolve(_player_phase(enemy("Rhino"), stunned=1), [mc.PlayerAttack("p1", "Rhino")])
    s = out.state
    assert s.enemy("Rhino").damage == 0 and s.character("Black Panther").stunned == 0
    assert s.character("Black Panther").exhausted  # the cost stays paid


# -- the order of the villain phase (issue 27 item 1) -----------------------------------------------------------
def _phase(*attacks: tuple[str, str], causes: dict[int, str] | None = None) -> mc.AttackState:
    """Player 1 (Black Panther, Hellcat) and Player 2 (Spider-Man); Rhino, and a Hydra Mercenary engaged with each."""
    chars = (hero("Black Panther", "p1"), ally("Hellcat", "p1"), hero("Spider-Man", "p2"))
    merc2 = enemy("Merc 2", "minion", atk=1, hp=3, engaged_with="p2")
    causes = causes or {}
    first, *rest = attacks
    blank = (mc.BoostCard("Assault", 0),)  # a boost card with no icons for each villain attack
    pending = tuple(mc.Pending(a, p, encounter=blank if a == "Rhino" else (), cause=causes.get(i, ""))
                    for i, (a, p) in enumerate(rest, start=2))
    enemies = {e.name: e for e in (enemy("Rhino", atk=3), MERC, merc2)}
    order = (enemies[first[0]],) + tuple(e for n, e in enemies.items() if n != first[0])
    return table(*order, chars=chars, against=first[1], pending=pending, cause=causes.get(1, ""),
                 boost=(("Assault", 0),) if first[0] == "Rhino" else ())


def test_atk_phase_order_a_minion_before_the_villain_is_illegal() -> None:
    out = mc.resolve(_phase(("Hydra Mercenary", "p1"), ("Rhino", "p1")), [mc.AllyDefend("p1", "Hellcat")])
    assert out.illegal is not None and out.illegal.rule == "MC.atk.phase_order" and out.illegal_index == 0
    assert out.trace.rules() == ["MC.atk.phase_order"]  # refused before anything resolves
    assert out.state.character("Hellcat").exhausted is False
    assert "before the villain, Rhino" in str(out.illegal)


def test_atk_phase_order_villain_then_its_player_minions_is_legal() -> None:
    out = mc.resolve(_phase(("Rhino", "p1"), ("Hydra Mercenary", "p1"), ("Rhino", "p2"), ("Merc 2", "p2")), [])
    assert out.is_legal and out.state.attack_no == 4


def test_atk_phase_order_goes_in_player_order() -> None:
    out = mc.resolve(_phase(("Rhino", "p2"), ("Rhino", "p1")), [])
    assert out.illegal is not None and out.illegal.rule == "MC.atk.phase_order"
    assert "player order" in str(out.illegal)
    # the first player's minion may not wait until after the villain's activation against the second player
    late = mc.resolve(_phase(("Rhino", "p1"), ("Rhino", "p2"), ("Hydra Mercenary", "p1")), [])
    assert late.illegal is not None and late.illegal.rule == "MC.atk.phase_order"


def test_atk_phase_order_leaves_attacks_a_card_causes_alone() -> None:
    out = mc.resolve(_phase(("Hydra Mercenary", "p1"), ("Rhino", "p1"), causes={1: "quickstrike"}), [])
    assert out.is_legal and "MC.atk.phase_order" not in out.trace.rules()


def test_atk_phase_order_a_legal_order_is_a_step_that_records_it() -> None:
    acts = (("Rhino", "p1"), ("Hydra Mercenary", "p1"), ("Rhino", "p2"), ("Merc 2", "p2"))
    out = mc.resolve(_phase(*acts), [])
    first = out.trace.steps[0]
    assert first.rule == "MC.atk.phase_order" and out.state.order == acts
    assert (("phase", "order"), (), acts) in first.effects  # its effect: what a question on the order reads
    assert "Rhino against Player 1, Hydra Mercenary against Player 1" in str(first.message)
    # a stunned villain's activation keeps its place in the order: the step comes before its stun is discarded
    state = _phase(("Rhino", "p1"), ("Hydra Mercenary", "p1"))
    stunned = mc.resolve(state.with_enemy(replace(state.enemy("Rhino"), stunned=1)), [])
    assert stunned.trace.rules()[:2] == ["MC.atk.phase_order", "MC.status.stun_replaces_attack"]


def test_atk_phase_order_one_activation_has_no_order_step() -> None:
    out = mc.resolve(_phase(("Rhino", "p1")), [])
    assert out.is_legal and out.state.order == () and "MC.atk.phase_order" not in out.trace.rules()
