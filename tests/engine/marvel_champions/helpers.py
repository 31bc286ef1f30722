"""Build small attack positions directly in engine terms (no files)."""

from __future__ import annotations

from engine import marvel_champions as mc


def position(*, attacker: str = "Rhino", kind: str = "villain", boost: tuple[tuple[str, int], ...] | None = None,
             p1_hand: tuple[str, ...] = (), p2_hand: tuple[str, ...] = (), p1_form: str = "hero",
             exhausted: tuple[str, ...] = (), keywords: frozenset[str] = frozenset()) -> mc.AttackState:
    """Player 1 (Spider-Man) is attacked; Player 2 has Black Panther and the ally Spider-Woman.

    ``boost`` is the top of the encounter deck (default: one 0-icon card, Assault); the engine deals
    from it as many boost cards as the attacker gets."""
    if boost is None:
        boost = (("Assault", 0),)
    chars = (
        mc.Character("Spider-Man", "Spider-Man", p1_form, "p1", atk=2, defense=3, hp=10,  # type: ignore[arg-type]
                     exhausted="Spider-Man" in exhausted),
        mc.Character("Black Panther", "Black Panther", "hero", "p2", atk=2, defense=2, hp=11,
                     exhausted="Black Panther" in exhausted, keywords=frozenset({"retaliate 1"})),
        mc.Character("Spider-Woman", "Spider-Woman", "ally", "p2", atk=2, hp=2, exhausted="Spider-Woman" in exhausted),
    )
    players = (mc.Player("p1", "Player 1", "Spider-Man", hand=p1_hand),
               mc.Player("p2", "Player 2", "Black Panther", hand=p2_hand))
    return mc.AttackState(
        attacker=mc.Enemy(attacker, kind, atk=2, hp=14,
                          keywords=keywords | ({"extra boost"} if attacker == "Klaw" else set())),  # type: ignore[arg-type]
        players=players, characters=chars, attacked_player="p1", target_player="p1", target="Spider-Man",
        encounter=tuple(mc.BoostCard(n, i) for n, i in boost))
