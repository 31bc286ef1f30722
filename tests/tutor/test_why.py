"""`rules-tutor why`: the chain of steps behind a question, read from the steps' effects (issue 23, item 5)."""

from __future__ import annotations

from pytest import CaptureFixture

from tutor.cli import main

RG = "scenarios/regicide/"
DM = "scenarios/dungeon_mayhem/"


def test_why_prints_each_step_that_changed_the_key_with_rule_and_source(capsys: CaptureFixture[str]) -> None:
    assert main(["why", RG + "combo_four_twos.yaml", "--question", "damage", "--key", "enemy", "damage"]) == 0
    out = capsys.readouterr().out
    assert "enemy damage: 0 at the start" in out
    assert "1. REG.suit.clubs: 2♣ 2♦ 2♥ 2♠ deal 8 × 2 = 16 damage" in out and "0 → 16   [Regicide official rules sheet (Badgers From Mars, Oct 2021), CLUBS]" in out
    assert "so 16 at the question's moment" in out


def test_why_on_an_illegal_line_gives_the_verdict(capsys: CaptureFixture[str]) -> None:
    assert main(["why", RG + "combo_mixed_ranks.yaml", "--question", "legal"]) == 0
    out = capsys.readouterr().out
    assert "play:1 legal: yes at the start" in out and "1. REG.play.combo: The play is illegal" in out


def test_why_says_when_nothing_changed_the_key(capsys: CaptureFixture[str]) -> None:
    assert main(["why", DM + "heal_cap.yaml", "--question", "hp", "--key", "player:2", "hp"]) == 0
    assert "player:2 hp: 10; no step up to this moment changes it" in capsys.readouterr().out


def test_why_shows_a_rule_that_kept_the_quantity(capsys: CaptureFixture[str]) -> None:
    assert main(["why", DM + "heal_cap.yaml", "--question", "hp"]) == 0
    out = capsys.readouterr().out
    assert "1. DM.heal.cap: HP cannot go above 10; 1 healing is lost." in out and "kept at 10" in out


def test_why_without_a_key_follows_what_the_question_reads(capsys: CaptureFixture[str]) -> None:
    assert main(["why", DM + "attack_basic.yaml", "--question", "hp"]) == 0
    out = capsys.readouterr().out
    assert "player:2 hp: 8 at the start" in out and "1. DM.attack.target: Sutha's Big Axe Is Best Axe deals 3 damage to Lia." in out


def test_why_on_a_question_that_reads_no_quantity_lists_what_the_line_changed(capsys: CaptureFixture[str]) -> None:
    assert main(["why", DM + "m_catalogue.yaml", "--question", "deck"]) == 0
    assert "reads no quantity of the table" in capsys.readouterr().out


def test_why_refuses_an_unknown_key_and_question(capsys: CaptureFixture[str]) -> None:
    assert main(["why", RG + "combo_four_twos.yaml", "--question", "damage", "--key", "enemy", "mood"]) == 0
    assert "enemy mood: not a quantity of this game" in capsys.readouterr().out
    assert main(["why", RG + "combo_four_twos.yaml", "--question", "nope"]) == 1
    assert "no question 'nope' (questions: kind, damage, shield, suffer)" in capsys.readouterr().err


def test_why_explains_in_the_readers_language(capsys: CaptureFixture[str]) -> None:
    from tutor import i18n

    assert main(["why", RG + "combo_four_twos.yaml", "--question", "damage", "--key", "enemy", "damage",
                 "--lang", "vi"]) == 0
    out = capsys.readouterr().out
    english = "so 16 at the question's moment"
    assert english not in out and "at the start" not in out
    assert i18n.gettext_in("vi", "{key}: {value} at the start").format(key="enemy damage", value=0) in out
    assert i18n.gettext_in("vi", "so {value} at the question's moment").format(value=16) in out
    assert "0 → 16" in out and "sát thương" in out  # the step's own sentence, from the engine's message


def test_why_reads_marvel_champions_too(capsys: CaptureFixture[str]) -> None:
    """Marvel Champions' steps carry effects as well: the damage's chain, and a rule that kept a quantity (kept)."""
    mc = "scenarios/marvel_champions/d3_steady.yaml"
    assert main(["why", mc, "--question", "hp", "--key", "character:She-Hulk", "damage"]) == 0
    out = capsys.readouterr().out
    assert "1. MC.dmg.apply: She-Hulk takes 3 damage: 15 → 12 hit points." in out and "0 → 3" in out
    assert main(["why", mc, "--question", "hp", "--key", "enemy:Rhino", "stunned"]) == 0
    out = capsys.readouterr().out
    assert "1. MC.status.stun_replaces_attack: Rhino holds a stun card, but it is steady" in out and "kept at 1" in out


MC = "scenarios/marvel_champions/"


def test_why_prints_a_sequence_in_words_never_a_python_tuple(capsys: CaptureFixture[str]) -> None:
    """The villain phase's order and the forced abilities that resolved are sequences: printed as a list, each
    activation as "enemy against player" (the player by name), the empty start as "none"."""
    assert main(["why", MC + "d5_order_each_player.yaml", "--question", "order"]) == 0
    out = capsys.readouterr().out
    order = ("Rhino against Player 1, Hydra Mercenary against Player 1, Rhino against Player 2 and Armored Guard "
             "against Player 2")
    assert "phase order: none at the start" in out and f"none → {order}" in out
    assert f"so {order} at the question's moment" in out and "('" not in out and "()" not in out
    assert main(["why", MC + "d5_forced_first.yaml", "--question", "forced"]) == 0
    out = capsys.readouterr().out
    assert "none → Retaliate 1 (Black Panther)   [" in out and "('" not in out and "()" not in out
    assert main(["why", MC + "d5_forced_first.yaml", "--question", "early"]) == 0
    assert "yes → no" in capsys.readouterr().out  # a truth in words too


def test_why_prints_a_sequence_in_the_readers_language(capsys: CaptureFixture[str]) -> None:
    from tutor import i18n

    assert main(["why", MC + "d5_order_each_player.yaml", "--question", "order", "--lang", "vi"]) == 0
    out = capsys.readouterr().out
    against = i18n.gettext_in("vi", "{enemy} against {player}", "marvel_champions")
    assert against != "{enemy} against {player}"
    first = against.format(enemy="Rhino", player="Player 1")
    last = against.format(enemy="Armored Guard", player="Player 2")
    assert first in out and f" và {last}" in out and "against" not in out and "('" not in out


def test_words_formats_a_value_by_its_type() -> None:
    from engine.core.message import Listing
    from tutor.i18n import render
    from tutor.why import words

    assert render(words(("A", "B", "C")), "en") == "A, B and C"
    assert render(words(()), "en", capitalise=False) == "none" and render(words(False), "en", capitalise=False) == "no"
    assert words(7) == 7
    assert isinstance(words(("A", ("B", "p1"))), Listing)
    assert render(words(("A", ("B", "p1"))), "en") == "A and B, p1"
