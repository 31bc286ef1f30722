"""More positions as a misreading plays them (see :mod:`tutor.practice.misreadings`).

Each function takes scenario data (a deep copy, edited in place) and returns it as the learner misread the
rule, or None where the misreading does not apply (so it offers no wrong choice). The engine then resolves
the edited position: the wrong answer is computed by the rules, never written down.
"""

from __future__ import annotations

from typing import Any, Callable

Data = dict[str, Any]


def _setup(data: Data) -> Data:
    setup: Data = data["setup"]
    return setup


def _ask(data: Data) -> str:
    return str((data.get("questions") or [{}])[0].get("ask") or "")


# -- Regicide ------------------------------------------------------------------------------------
def rg_jester_as_yield(data: Data) -> Data | None:
    """The Jester played as if it were a yield: Steps 2 and 3 skipped, but the enemy still attacks in Step 4
    (REG.jester.no_damage skips Step 4 too). Only for what Step 4 decides (who goes next after a yield is
    another rule)."""
    acts = data.get("actions", [])
    if _ask(data) != "discard_needed" or not acts or acts[0].get("play") != ["JOKER"]:
        return None
    data["actions"] = [{"seat": acts[0]["seat"], "yield": True}]
    return data


def rg_yield_skips_attack(data: Data) -> Data | None:
    """A yield read as skipping the enemy's attack too: the position with a shield that covers the attack
    (REG.suffer.shield_covers), so that Step 4 asks nothing, as the misreading has it."""
    from engine.regicide.cards import ENEMY_ATTACK, parse_card, rank

    acts = data.get("actions", [])
    if _ask(data) != "discard_needed" or not acts or not acts[0].get("yield"):
        return None
    s = _setup(data)
    attack = ENEMY_ATTACK[rank(parse_card(str(s["enemy"])))]
    if s.get("shield", 0) >= attack:
        return None
    s["shield"] = attack
    return data


def rg_clubs_not_doubled(data: Data) -> Data | None:
    """A play of Clubs only, its damage not doubled: the same position against the Clubs royal of the enemy's
    rank (immune to Clubs, so the engine does not double), the two royals' suits swapped wherever they lie.
    Only for the asks that read the damage (the swap could change a later reveal)."""
    if _ask(data) not in ("damage_dealt", "enemy_defeated", "enemy_destination"):
        return None
    acts = data.get("actions", [])
    play = acts[0].get("play") if acts else None
    s = _setup(data)
    enemy = str(s["enemy"])
    clubs = enemy[:-1] + "C"
    if not play or enemy.endswith("C") or clubs in play or not all(str(c).endswith("C") for c in play):
        return None

    def swap(card: Any) -> Any:
        return clubs if card == enemy else enemy if card == clubs else card

    for pile in ("castle", "tavern", "discard", "table"):
        if pile in s:
            s[pile] = [swap(c) for c in s[pile]]
    s["hands"] = [[swap(c) for c in h] for h in s["hands"]]
    s["enemy"] = clubs
    s.pop("immunity_cancelled", None)
    return data


# -- Dungeon Mayhem ------------------------------------------------------------------------------------
def _dm_player(data: Data, name: str) -> Data | None:
    for p in _setup(data)["players"]:
        if (p.get("name") or p["character"]) == name:
            found: Data = p
            return found
    return None


def _dm_turn(data: Data) -> str:
    """The name of the player whose turn it is (the first player unless the setup says)."""
    s = _setup(data)
    first = s["players"][0]
    return str(s.get("turn") or first.get("name") or first["character"])


def _unmarked(ref: Any) -> Any:
    """A card reference without its damage marks (a plain name when nothing else is left)."""
    if not isinstance(ref, dict):
        return ref
    rest = {k: v for k, v in ref.items() if k != "damage"}
    return rest if len(rest) > 1 else rest["card"]


def _card(ref: Any) -> str:
    return str(ref["card"] if isinstance(ref, dict) else ref)


def dm_defense_replaced(data: Data) -> Data | None:
    """A new Defense card read as replacing the player's Defense cards in play (they go to the discard)."""
    from engine.dungeon_mayhem.cards import card_type

    acts = data.get("actions", [])
    p = _dm_player(data, _dm_turn(data))
    if not acts or "play" not in acts[0] or p is None or not p.get("defense"):
        return None
    try:
        if not card_type(p["character"], str(acts[0]["play"])).shields:
            return None
    except ValueError:
        return None
    p["discard"] = list(p.get("discard", [])) + [_unmarked(r) for r in p.pop("defense")]
    return data


def dm_marks_forgotten(data: Data) -> Data | None:
    """Damage marked on Defense cards read as gone (each card back at its printed shields)."""
    changed = False
    for p in _setup(data)["players"]:
        new = []
        for ref in p.get("defense", []):
            changed = changed or (isinstance(ref, dict) and bool(ref.get("damage")))
            new.append(_unmarked(ref))
        if new:
            p["defense"] = new
    return data if changed else None


def dm_marks_params(data: Data) -> dict[str, Any]:
    marked = [(_card(r), r["damage"]) for p in _setup(data)["players"] for r in p.get("defense", [])
              if isinstance(r, dict) and r.get("damage")]
    card, damage = marked[0] if marked else ("the Defense card", 0)
    return {"card": card, "damage": damage}


def dm_play_not_used(data: Data) -> Data | None:
    """The card just played read as not using up a play (as if one more play were owed before it)."""
    if not any("play" in a for a in data.get("actions", [])):
        return None
    s = _setup(data)
    s["plays_owed"] = s.get("plays_owed", 1) + 1
    return data


def dm_no_reshuffle(data: Data) -> Data | None:
    """Drawing from an empty deck read as drawing nothing (the discard pile not shuffled into a new deck): the
    position with the player's discard pile empty. Only for a card whose symbols are plain (no Mighty Power that
    could read the discard pile) and that draws more cards than the deck holds."""
    from engine.dungeon_mayhem.cards import DRAW, POWER, card_type

    acts = data.get("actions", [])
    p = _dm_player(data, _dm_turn(data))
    if _ask(data) != "hand_size" or not acts or "play" not in acts[0] or p is None:
        return None
    deck, discard = p.get("deck", []), p.get("discard", [])
    try:
        effects = card_type(p["character"], str(acts[0]["play"])).effects
    except ValueError:
        return None
    draws = sum(n for code, n in effects if code == DRAW)
    if (not isinstance(deck, list) or not discard or any(code == POWER for code, _ in effects)
            or draws <= len(deck)):
        return None
    p["discard"] = []
    return data


def dm_turn_params(data: Data) -> dict[str, Any]:
    acts = data.get("actions", [])
    return {"player": _dm_turn(data), "card": next((a["play"] for a in acts if "play" in a), "the card")}


def dm_defense_params(data: Data) -> dict[str, Any]:
    p = _dm_player(data, _dm_turn(data)) or {}
    old = [_card(r) for r in p.get("defense", [])]
    return {"player": _dm_turn(data), "defense": old[0] if old else "the Defense card"}


# -- Marvel Champions --------------------------------------------------------------------------------
def _mc_hero_def(data: Data, player: str) -> tuple[str, int] | None:
    """The name and DEF of ``player``'s hero, if their identity is in hero form with a DEF above 0."""
    from engine.marvel_champions.cards import lookup

    for p in _setup(data)["players"]:
        if p["id"] != player:
            continue
        ident = p["identity"]
        hero = lookup(ident if isinstance(ident, str) else ident["card"])
        if hero is None or (isinstance(ident, dict) and ident.get("form", "hero") != "hero"):
            return None
        value = ident.get("defense") if isinstance(ident, dict) else None
        value = hero.defense if value is None else value
        return (hero.name, value) if value else None
    return None


def _mc_def_taken_off(data: Data, player: str) -> Data | None:
    """The hero's DEF taken off the attack (as a modifier of this attack's ATK, as a scenario may write it)."""
    found = _mc_hero_def(data, player)
    if found is None:
        return None
    att = _setup(data)["attack"]
    att["atk_modifier"] = att.get("atk_modifier", 0) - found[1]
    return data


def _mc_defender(data: Data) -> tuple[str, str] | None:
    """The player who declared a defender and the defending card, if any."""
    return next(((a["player"], a["defend"]) for a in data.get("actions", []) if "defend" in a), None)


def mc_def_with_ally(data: Data) -> Data | None:
    """An ally defense read as a basic defense: the controller's hero DEF taken off the damage."""
    found = _mc_defender(data)
    if found is None:
        return None
    player, card = found
    hero = _mc_hero_def(data, player)
    if hero is None or card == hero[0] or any(
            _card(p["identity"]) == card for p in _setup(data)["players"]):
        return None  # a hero defends (a basic defense), or the hero has no DEF to misuse
    return _mc_def_taken_off(data, player)


def mc_def_undefended(data: Data) -> Data | None:
    """An undefended attack read as if the attacked hero's DEF still counted."""
    if _mc_defender(data) is not None or any(a.get("play") for a in data.get("actions", [])):
        return None  # someone defends, or a card is played (a label or a declared defender)
    return _mc_def_taken_off(data, str(_setup(data)["attack"]["against"]))


def mc_ally_params(data: Data) -> dict[str, Any]:
    found = _mc_defender(data)
    player = found[0] if found else str(_setup(data)["attack"].get("against", ""))
    hero = _mc_hero_def(data, player)
    return {"hero": hero[0] if hero else "", "ally": found[1] if found else ""}


MUTATIONS: dict[str, Callable[[Data], Data | None]] = {
    f.__name__: f for f in (rg_jester_as_yield, rg_yield_skips_attack, rg_clubs_not_doubled, dm_defense_replaced,
                            dm_marks_forgotten, dm_play_not_used, dm_no_reshuffle, mc_def_with_ally,
                            mc_def_undefended)}
