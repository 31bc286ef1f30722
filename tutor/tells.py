"""Which board field displays an ask's answer, and how it reads there ("HP 5/", "Tavern 26", a "target" badge).

Known from the boards themselves, independently of the asks' own ``reveals`` declarations (which set the masks):
``tests/tutor/test_masks.py`` checks every library question's masks against this table, and practice generation
(``tutor/practice/generate.py``) rejects an item whose board, before the answer, shows it.
"""

from __future__ import annotations

from typing import Any, Callable

from tutor.questions import Asked

Tell = Callable[[Asked, "str | None", Any], tuple[str, str]]
"""``tell(asked, of, answer) -> (field, text)``: the field that would display ``answer``, and how it reads."""


def _mc_key(asked: Asked, of: str | None) -> str:
    """The board's key for a character (its id) or an enemy ('enemy:<printed name>'), from the file alone."""
    from engine.marvel_champions.cards import lookup

    card = lookup(of or "")
    return f"enemy:{card.name}" if card is not None and card.is_enemy else str(of)


def _dm_name(asked: Asked, of: str | None) -> str:
    """A Dungeon Mayhem player's name as the board keys it (the file may write it in another case)."""
    return next((n for n in asked.solution.outcome.names if n.lower() == (of or "").lower()), str(of))


# ask -> (the field that displays the answer, the text it shows for that answer)
TELLS: dict[tuple[str, str], Tell] = {
    ("marvel_champions", "target"): lambda a, of, v: ("role:target", "target"),
    ("marvel_champions", "defender"): lambda a, of, v: ("role:defender", "defender"),
    ("marvel_champions", "attacked_player"): lambda a, of, v: ("role:attacked_player", "attacked player"),
    ("marvel_champions", "atk_total"): lambda a, of, v: ("atk_total", f"ATK {v} ·"),
    ("marvel_champions", "damage_dealt"): lambda a, of, v: ("atk_total", f"· {v} damage"),
    ("marvel_champions", "hp_after"): lambda a, of, v: (f"hp:{_mc_key(a, of)}", f"HP {v}/"),
    ("marvel_champions", "is_exhausted"): lambda a, of, v: (f"exhausted:{of}", "exhausted") if v else ("", ""),
    ("marvel_champions", "defense_kind"): lambda a, of, v: (
        "role:defender", {"basic": "basic defense", "ally": "ally defense", "label": "(defense) label"}[v]),
    ("marvel_champions", "is_attacked"): lambda a, of, v: ("role:target", "target"),
    ("marvel_champions", "attack_keywords"): lambda a, of, v: (
        ("attack_keywords", "indirect damage" if v[0] == "indirect" else v[0]) if v else ("", "")),
    ("marvel_champions", "retaliate_value"): lambda a, of, v: (f"keywords:{_mc_key(a, of)}", f"retaliate {v}")
    if v else ("", ""),
    ("marvel_champions", "stun_cards"): lambda a, of, v: (f"status:{_mc_key(a, of)}", "stunned") if v else ("", ""),
    ("marvel_champions", "tough_cards"): lambda a, of, v: (f"status:{_mc_key(a, of)}", "tough") if v else ("", ""),
    ("regicide", "tavern_size"): lambda a, of, v: ("pile:tavern", str(v)),
    ("regicide", "max_hand"): lambda a, of, v: ("max_hand", str(v)),
    ("regicide", "discard_size"): lambda a, of, v: ("pile:discard", str(v)),
    ("regicide", "shield_after"): lambda a, of, v: ("enemy:shield", f"Shield {v}"),
    ("regicide", "need_left"): lambda a, of, v: ("need", f"at least {v}") if v else ("", ""),
    ("regicide", "solo_jesters_left"): lambda a, of, v: ("solo_jesters", str(v)),
    ("regicide", "enemy_in_play"): lambda a, of, v: ("enemy", ""),
    ("dungeon_mayhem", "hp_after"): lambda a, of, v: (f"hp:{_dm_name(a, of)}", f"{v}/10"),
    ("dungeon_mayhem", "hand_size"): lambda a, of, v: (f"hand_size:{_dm_name(a, of)}", str(v)),
    ("dungeon_mayhem", "deck_size"): lambda a, of, v: (f"deck:{_dm_name(a, of)}", str(v)),
    ("dungeon_mayhem", "discard_size"): lambda a, of, v: (f"discard:{_dm_name(a, of)}", str(v)),
    ("dungeon_mayhem", "defense_count"): lambda a, of, v: (f"defense:{_dm_name(a, of)}", str(v)),
    ("dungeon_mayhem", "whose_turn"): lambda a, of, v: ("turn", ""),
}
