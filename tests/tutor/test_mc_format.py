"""The Marvel Champions file format beyond one attack: settings, several attacks, enemies in play, the new plays.
Each mistake is reported at its line and column, all at once (strict loading)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tutor.files import load_text

HEAD = "id: mc.t.f\ngame: marvel_champions\ntitle: F\nsource: test\n"
QUESTION = "questions:\n  - {id: q, prompt: Legal?, ask: is_legal}\n"


def problems(tmp_path: Path, body: str) -> list[str]:
    return [str(p) for p in load_text(tmp_path, HEAD + body + QUESTION).problems]


def one(tmp_path: Path, body: str, where: str, message: str) -> None:
    got = problems(tmp_path, body)
    assert any(where in p and message in p for p in got), got


P1 = "setup:\n  players:\n    - {id: p1, name: Player 1, identity: Black Panther, hand: [Cuts Both Ways]}\n"


@pytest.mark.parametrize("settings,message", [
    ("{label_then_basic: false}", "unknown setting 'label_then_basic'"),
    ("{label_then_basic_defense: 'no'}", "takes a bool"),
    ("{indirect_damage_def: sometimes}", "indirect_damage_def must be one of"),
    ("{amplify_with_preemptive_strike: true}", "takes a str"),
])
def test_settings_are_strictly_validated(tmp_path: Path, settings: str, message: str) -> None:
    one(tmp_path, P1 + f"  attack: {{attacker: Rhino, against: p1}}\n  settings: {settings}\n", ":9:", message)


def test_a_setting_changes_the_ruling(tmp_path: Path) -> None:
    body = P1 + ("  attack: {attacker: Rhino, against: p1, boost: [Shocker]}\n"
                 "  settings: {label_then_basic_defense: false}\n"
                 "actions:\n  - {player: p1, play: Cuts Both Ways}\n  - {player: p1, defend: Black Panther}\n")
    lib = load_text(tmp_path, HEAD + body + QUESTION)
    assert lib.problems == [] and lib.asked("mc.t.f", "q").answer is False
    lib2 = load_text(tmp_path, HEAD + body.replace("false", "true") + QUESTION, "other.yaml")
    assert lib2.asked("mc.t.f", "q").answer is True


def test_attack_and_attacks_exclude_each_other(tmp_path: Path) -> None:
    body = P1 + "  attack: {attacker: Rhino, against: p1}\n  attacks:\n    - {attacker: Rhino, against: p1}\n"
    one(tmp_path, body, "setup", "give either 'attack' (one attack) or 'attacks' (several)")


def test_during_must_name_an_attack_and_go_in_order(tmp_path: Path) -> None:
    body = P1 + ("  attacks:\n    - {attacker: Rhino, against: p1}\n    - {attacker: Hydra Mercenary, against: p1}\n"
                 "actions:\n  - {player: p1, defend: Black Panther, during: 2}\n"
                 "  - {player: p1, defend: Black Panther, during: 1}\n"
                 "  - {player: p1, defend: Black Panther, during: 3}\n")
    got = problems(tmp_path, body)
    assert any(":13:" in p and "during: 1 comes after a play in attack 2" in p for p in got), got
    assert any(":14:" in p and "during: 3, but the scenario has 2 enemy attacks" in p for p in got), got


def test_a_minion_attacks_the_player_it_is_engaged_with(tmp_path: Path) -> None:
    body = ("setup:\n  players:\n    - {id: p1, name: Player 1, identity: Spider-Man}\n"
            "    - {id: p2, name: Player 2, identity: Black Panther, engaged: [Vulture]}\n"
            "  attack: {attacker: Vulture, against: p1}\n")
    one(tmp_path, body, ":9:", "Vulture is engaged with p2: a minion attacks the player it is engaged with")


def test_an_attachment_goes_on_its_enemy(tmp_path: Path) -> None:
    one(tmp_path, P1 + "  attack: {attacker: Rhino, against: p1, attachments: [Sonic Converter]}\n", ":8:",
        "Sonic Converter attaches to Klaw, not to Rhino")


def test_quickstrike_needs_the_keyword(tmp_path: Path) -> None:
    one(tmp_path, P1 + "  attack: {attacker: Rhino, against: p1, cause: quickstrike}\n", ":8:",
        "Rhino has no quickstrike")


def test_an_enemy_state_is_given_once(tmp_path: Path) -> None:
    body = P1 + ("  villain: {card: Rhino, damage: 2}\n  attack:\n    attacker: {card: Rhino, stunned: 1}\n"
                 "    against: p1\n")
    one(tmp_path, body, ":10:", "Rhino's state is given twice")


def test_two_armored_vests_for_one_player(tmp_path: Path) -> None:
    body = ("setup:\n  players:\n    - {id: p1, name: Player 1, identity: Spider-Man, upgrades: [Armored Vest, "
            "Armored Vest]}\n  attack: {attacker: Rhino, against: p1}\n")
    one(tmp_path, body, ":7:", "Armored Vest: a player may control only one")


@pytest.mark.parametrize("action,where,message", [
    ("{player: p1, assign: {Hellcat: 2}}", ":10:", "p1 controls no character 'Hellcat'"),
    ("{player: p1, attack: Klaw}", ":10:", "unknown enemy 'Klaw'"),
    ("{player: p1, attack: Rhino, with: Hellcat}", ":10:", "p1 controls no character 'Hellcat'"),
    ("{player: p1, defend: Black Panther, use: Indomitable}", ":10:", "exactly one of"),
    ("{player: p1, use: Backflip}", ":10:", "use"),
    ("{player: p1, play: Cuts Both Ways, with: Hellcat}", ":10:", "'with' goes with 'attack'"),
])
def test_the_new_plays_are_checked(tmp_path: Path, action: str, where: str, message: str) -> None:
    one(tmp_path, P1 + "  attack: {attacker: Rhino, against: p1}\nactions:\n  - " + action + "\n", where, message)


def test_a_refused_card_is_refused_wherever_a_line_of_play_would_use_it(tmp_path: Path) -> None:
    body = ("setup:\n  players:\n    - {id: p1, name: Player 1, identity: Spider-Man}\n"
            "    - {id: p2, name: Player 2, identity: Black Panther}\n  attack: {attacker: Melter, against: p1}\n")
    one(tmp_path, body, ":9:22:", "Melter: the rule that his attacks must be defended by an ally is not modelled")


def test_a_question_cannot_ask_whether_an_enemy_is_attacked(tmp_path: Path) -> None:
    body = P1 + "  attack: {attacker: Rhino, against: p1}\n"
    got = [str(p) for p in load_text(tmp_path, HEAD + body + "questions:\n  - {id: q, prompt: A?, ask: is_attacked, "
                                                            "of: Rhino}\n").problems]
    assert any("is_attacked asks about a player's character, and Rhino is an enemy" in p for p in got), got
