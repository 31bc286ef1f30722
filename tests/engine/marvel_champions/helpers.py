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
    enemy = mc.Enemy(attacker, kind, atk=2, hp=14,  # type: ignore[arg-type]
                     keywords=keywords | ({"extra boost"} if attacker == "Klaw" else set()))
    return mc.AttackState(
        enemies=(enemy,), attacker_name=enemy.name,
        players=players, characters=chars, attacked_player="p1", target_player="p1", target="Spider-Man",
        encounter=tuple(mc.BoostCard(n, i) for n, i in boost))


def hero(cid: str, owner: str, *, atk: int = 2, defense: int = 2, hp: int = 10, **kw: object) -> mc.Character:
    return mc.Character(cid, cid, "hero", owner, atk=atk, defense=defense, hp=hp, **kw)  # type: ignore[arg-type]


def ally(cid: str, owner: str, *, atk: int = 1, hp: int = 3, **kw: object) -> mc.Character:
    return mc.Character(cid, cid, "ally", owner, atk=atk, hp=hp, **kw)  # type: ignore[arg-type]


def enemy(name: str, kind: str = "villain", *, atk: int = 2, hp: int = 14, **kw: object) -> mc.Enemy:
    return mc.Enemy(name, kind, atk=atk, hp=hp, **kw)  # type: ignore[arg-type]


def table(*enemies: mc.Enemy, chars: tuple[mc.Character, ...] = (), hands: dict[str, tuple[str, ...]] | None = None,
          upgrades: dict[str, tuple[str, ...]] | None = None, against: str = "p1",
          boost: tuple[tuple[str, int], ...] = (),
          attacker: str | None = "", pending: tuple[mc.Pending, ...] = (), **kw: object) -> mc.AttackState:
    """A position from parts: players p1 (and p2 if a character of theirs is given), each identity the first
    character they control; the first enemy attacks ``against`` unless ``attacker`` is None (a player phase)."""
    owners = list(dict.fromkeys(c.controller for c in chars))
    players = tuple(mc.Player(p, f"Player {p[1:]}", next(c.id for c in chars if c.controller == p and c.is_identity),
                              hand=(hands or {}).get(p, ()), upgrades=(upgrades or {}).get(p, ()))
                    for p in owners)
    name = enemies[0].name if attacker == "" else attacker
    if name is None:
        return mc.AttackState(enemies=enemies, players=players, characters=chars, **kw)  # type: ignore[arg-type]
    ident = next(c.id for c in chars if c.controller == against and c.is_identity)
    return mc.AttackState(enemies=enemies, players=players, characters=chars, attacker_name=name,
                          attacked_player=against, target_player=against, target=ident,
                          encounter=tuple(mc.BoostCard(n, i) for n, i in boost), pending=pending,
                          **kw)  # type: ignore[arg-type]
