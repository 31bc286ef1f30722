"""One test per misreading added for issue 26: on a position where it matters, the position as the misreading
plays it gives the engine a different answer, that answer is offered as the wrong choice with the misreading's
feedback, and where the misreading does not apply it offers nothing."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tutor.practice.core import ask
from tutor.games import GAMES
from tutor.practice.misreadings import misread, misreadings, wrong_answers


def _q(ask_name: str, of: str | None = None) -> list[dict[str, Any]]:
    q: dict[str, Any] = {"id": "q", "prompt": "?", "ask": ask_name}
    if of is not None:
        q["of"] = of
    return [q]


def _rg(enemy: str, hands: list[list[str]], action: dict[str, Any], ask_name: str, of: str | None = None,
        **setup: Any) -> dict[str, Any]:
    return {"setup": {"players": len(hands), "enemy": enemy, "hands": hands, **setup}, "actions": [action],
            "questions": _q(ask_name, of)}


def _dm(players: list[dict[str, Any]], actions: list[dict[str, Any]], ask_name: str, of: str | None = None,
        **setup: Any) -> dict[str, Any]:
    return {"setup": {"players": players, **setup}, "actions": actions, "questions": _q(ask_name, of)}


def _mc(players: list[dict[str, Any]], attack: dict[str, Any], actions: list[dict[str, Any]], ask_name: str,
        of: str | None = None) -> dict[str, Any]:
    return {"setup": {"players": players, "attack": attack}, "actions": actions, "questions": _q(ask_name, of)}


# (game, misreading id, position, right answer, the answer under the misreading)
CASES: list[tuple[str, str, dict[str, Any], Any, Any]] = [
    ("regicide", "rg.clubs_not_doubled",
     _rg("JH", [["7C", "3D"], ["4S"]], {"seat": 1, "play": ["7C"]}, "damage_dealt"), 14, 7),
    ("regicide", "rg.earlier_damage_forgotten_deal",
     _rg("JH", [["7C", "3D"], ["4S"]], {"seat": 1, "play": ["7C"]}, "enemy_defeated", damage=10), True, False),
    ("regicide", "rg.shield_reset",
     _rg("KH", [["4S", "3D"], ["4C"]], {"seat": 1, "play": ["4S"]}, "shield_after", shield=5), 9, 4),
    ("regicide", "rg.shield_forgotten_loss",
     _rg("JH", [["3C", "2D"], ["4C"]], {"seat": 1, "play": ["3C"]}, "discard_needed", shield=6), 4, 10),
    ("regicide", "rg.jester_attack_kept",
     _rg("JH", [["JOKER", "5C"], ["4S"], ["3D"]], {"seat": 1, "play": ["JOKER"]}, "discard_needed"), 0, 10),
    ("regicide", "rg.yield_skips_attack",
     _rg("QH", [["5C", "9D"], ["4S"]], {"seat": 1, "yield": True}, "discard_needed"), 15, 0),
    ("regicide", "rg.yields_cleared_by_play",  # seat 1 defeats the Jack and goes again; seat 2 yielded last
     _rg("JH", [["10C", "3D"], ["4S"]], {"seat": 1, "play": ["10C"]}, "can_yield", "seat1", damage=15,
         yielded=[False, True]), False, True),
    ("dungeon_mayhem", "dm.defense_replaced",
     _dm([{"character": "Lia", "hand": ["Fluffy", "High Charisma"], "defense": ["Spinning Parry"]},
          {"character": "Azzan", "hand": 3}], [{"play": "Fluffy"}], "defense_count", "Lia"), 2, 1),
    ("dungeon_mayhem", "dm.marks_forgotten.overflow",
     _dm([{"character": "Sutha", "hand": ["Big Axe Is Best Axe", "Flex!"]},
          {"character": "Lia", "hand": 3, "defense": [{"card": "Divine Shield", "damage": 2}]}],
         [{"play": "Big Axe Is Best Axe"}, {"target": "Lia", "defense": "Divine Shield"}], "hp_after", "Lia"), 8, 10),
    ("dungeon_mayhem", "dm.marks_forgotten.destroyed",  # two swords on a three-shield card with one marked
     _dm([{"character": "Sutha", "hand": ["Brutal Punch", "Flex!"]},
          {"character": "Lia", "hand": 3, "defense": [{"card": "Divine Shield", "damage": 1}]}],
         [{"play": "Brutal Punch"}, {"target": "Lia", "defense": "Divine Shield"}], "destroyed_defense",
         "Lia: Divine Shield"), True, False),
    ("dungeon_mayhem", "dm.play_not_used.play_again",
     _dm([{"character": "Oriax", "hand": ["Cunning Action", "Two Thrown Daggers", "Stolen Potion"]},
          {"character": "Sutha", "hand": 3}], [{"play": "Cunning Action"}], "plays_left"), 2, 3),
    ("dungeon_mayhem", "dm.no_reshuffle",  # Cure Wounds draws 2 from a deck of one: the discard is shuffled in
     _dm([{"character": "Lia", "hand": ["Cure Wounds", "For Justice!"], "deck": ["High Charisma"],
           "discard": ["Fluffy", "Divine Shield"]}, {"character": "Sutha", "hand": 3}],
         [{"play": "Cure Wounds"}], "hand_size", "Lia"), 3, 2),
    ("dungeon_mayhem", "dm.area_skips_defense",
     _dm([{"character": "Azzan", "hand": ["Fireball", "Burning Hands"]},
          {"character": "Lia", "hand": 3, "defense": ["Divine Shield"]}], [{"play": "Fireball"}], "hp_after", "Lia"),
     10, 7),
    ("marvel_champions", "mc.ally_def_counted",
     _mc([{"id": "p1", "name": "Player 1", "identity": "She-Hulk", "allies": ["Mockingbird"]}],
         {"attacker": "Rhino", "against": "p1", "boost": [{"card": "Hydra Mercenary", "icons": 0}]},
         [{"player": "p1", "defend": "Mockingbird"}], "damage_dealt"), 2, 0),
    ("marvel_champions", "mc.undefended_def_counted",
     _mc([{"id": "p1", "name": "Player 1", "identity": "Spider-Man"}],
         {"attacker": "Rhino", "against": "p1", "boost": [{"card": "Hydra Mercenary", "icons": 0}]},
         [], "damage_taken", "Spider-Man"), 2, 0),
]


def _misreading(game: str, mid: str) -> Any:
    return next(m for m in misreadings(game) if m.id == mid)


@pytest.mark.parametrize(("game", "mid", "data", "right", "wrong"), CASES, ids=[c[1] for c in CASES])
def test_the_misreading_gives_another_answer_where_it_matters(game: str, mid: str, data: dict[str, Any],
                                                            right: Any, wrong: Any) -> None:
    m = _misreading(game, mid)
    assert ask(game, data).answer == right
    new = misread(game, data, m)
    assert new is not None and ask(game, new).answer == wrong
    offered = [w for w in wrong_answers(game, data, [m.rule], right) if w.misreading == mid]
    assert len(offered) == 1 and offered[0].answer == wrong
    assert "{" not in offered[0].feedback and offered[0].template == m.feedback


@pytest.mark.parametrize(("game", "mid", "data", "right", "wrong"), CASES, ids=[c[1] for c in CASES])
def test_the_misreading_leaves_the_position_asked_untouched(game: str, mid: str, data: dict[str, Any],
                                                          right: Any, wrong: Any) -> None:
    before = copy.deepcopy(data)
    misread(game, data, _misreading(game, mid))
    assert data == before


NOT_APPLYING = [
    # Clubs never doubles against a Clubs enemy: no doubling to forget
    ("regicide", "rg.clubs_not_doubled", _rg("JC", [["7C", "3D"], ["4S"]], {"seat": 1, "play": ["7C"]}, "damage_dealt")),
    # a play, not a Jester
    ("regicide", "rg.jester_attack_kept", _rg("JH", [["5C", "3D"], ["4S"]], {"seat": 1, "play": ["5C"]},
                                              "discard_needed")),
    # the player has no Defense card in play to replace
    ("dungeon_mayhem", "dm.defense_replaced",
     _dm([{"character": "Lia", "hand": ["Fluffy", "High Charisma"]}, {"character": "Azzan", "hand": 3}],
         [{"play": "Fluffy"}], "defense_count", "Lia")),
    # the deck holds enough for Cure Wounds' two draws: no reshuffle to forget
    ("dungeon_mayhem", "dm.no_reshuffle",
     _dm([{"character": "Lia", "hand": ["Cure Wounds", "For Justice!"], "deck": ["High Charisma", "Fluffy"],
           "discard": ["Divine Shield"]}, {"character": "Sutha", "hand": 3}], [{"play": "Cure Wounds"}],
         "hand_size", "Lia")),
    # a hero defends: a basic defense, where DEF does count
    ("marvel_champions", "mc.ally_def_counted",
     _mc([{"id": "p1", "name": "Player 1", "identity": "She-Hulk", "allies": ["Mockingbird"]}], {"attacker": "Rhino", "against": "p1"},
         [{"player": "p1", "defend": "She-Hulk"}], "damage_dealt")),
]


@pytest.mark.parametrize(("game", "mid", "data"), NOT_APPLYING, ids=[c[1] for c in NOT_APPLYING])
def test_a_misreading_that_does_not_apply_offers_nothing(game: str, mid: str, data: dict[str, Any]) -> None:
    assert misread(game, data, _misreading(game, mid)) is None


@pytest.mark.parametrize("game", list(GAMES))
def test_every_misreading_names_a_rule_of_its_game(game: str) -> None:
    from tutor.games import plugin

    glossary = plugin(game).glossary
    assert [m.id for m in misreadings(game) if m.rule not in glossary] == []
    assert len({m.id for m in misreadings(game)}) == len(misreadings(game))


def test_the_immunity_misreading_names_the_suit_by_its_symbol() -> None:
    """The feedback is translated from its template; the suit it names must not stay an English word."""
    data = _rg("JS", [["10S", "3D"], ["4C"]], {"seat": 1, "play": ["10S"]}, "discard_needed")
    m = _misreading("regicide", "rg.immunity_ignored")
    offered = [w for w in wrong_answers("regicide", data, [m.rule], ask("regicide", data).answer)
               if w.misreading == m.id]
    assert len(offered) == 1 and offered[0].params["suit"] == "♠"
    assert offered[0].feedback.startswith("You used the ♠ power")
