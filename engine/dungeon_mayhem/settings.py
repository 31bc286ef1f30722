"""Engine settings: one field per disputed ruling (digest "Rulings this project adopts").

Every field's default is the project's adopted ruling; the docstring under each field
names the ruling (D1-D12) and the alternative reading.
"""

from __future__ import annotations

from dataclasses import dataclass

OVERFLOW_ORDERS = ("attacker", "played_order", "newest_first")
DISCARD_TIMINGS = ("end_of_turn", "on_resolve")
EXHAUSTED_RULES = ("end_turn", "reshuffle_played")
EMPTY_HAND_DRAWS = ("after_card", "immediately")
NEIGHBOUR_RULES = ("nearest_living", "seated")


@dataclass(frozen=True, slots=True)
class Settings:
    """Switches for the rulings the public rules text leaves open."""

    attack_split_per_sword: bool = False
    """D1/Q1. False: all swords on one card go to one target (a player or one of their
    Defense cards) and overflow stays with that player. True: each sword is a separate
    1-damage attack with its own target."""

    overflow_order: str = "attacker"
    """D2. Who orders overflow damage among a player's remaining Defense cards:
    ``attacker`` (the attacker chooses each next card), ``played_order`` (oldest first),
    ``newest_first``. Also decides which card area damage hits first."""

    area_damage_hits_defense: bool = True
    """D3/Q2. True: Fireball, Whirling Axes (and a ghost, see ``ghost_hits_defense``)
    damage goes through Defense cards like an attack. False: it lowers HP directly."""

    discard_timing: str = "end_of_turn"
    """D4/Q3. ``end_of_turn``: played cards wait in a "played this turn" zone and reach
    their owner's discard when the turn ends. ``on_resolve``: each goes there as soon
    as it has resolved."""

    exhausted_play_again: str = "end_turn"
    """D5/Q4. Plays still owed with hand, deck and discard empty: ``end_turn`` (the owed
    plays are lost) or ``reshuffle_played`` (the played-this-turn cards go to the
    discard, which is reshuffled to draw the 2 cards; only if that is empty too does
    the turn end)."""

    empty_hand_draw: str = "after_card"
    """D6/Q5. When the empty-hand "draw 2" happens: ``after_card`` (once the card that
    emptied the hand has resolved, its own Draw symbols included) or ``immediately``
    (as soon as the card leaves the hand, before it resolves)."""

    destroy_own_defense: bool = True
    """D7/Q6. May Mighty Toss and Sneak Attack! destroy the player's own Defense card."""

    disguise_blocks_battle_roar: bool = True
    """D8/Q7. A disguised Oriax neither discards nor draws for an opponent's Battle Roar."""

    disguise_counts_for_axes_heal: bool = True
    """D8/Q7. A disguised Oriax still counts as an opponent for Whirling Axes' heal
    (he never takes its damage)."""

    pick_pocket_reshuffles: bool = True
    """D9/Q8. Pick Pocket against an empty deck: the victim first shuffles their
    discard into a new deck. False: a player with an empty deck cannot be picked."""

    stolen_defense_protects_oriax: bool = True
    """D10/Q9. A Defense card taken with Pick Pocket stays in front of Oriax and
    protects him (when destroyed it goes to its owner's discard). False: its shield
    does nothing for Oriax and it goes to its owner's discard like any played card."""

    zone_of_influence: bool = True
    """§8. In games that started with 5-6 players, regular cards may only target a
    neighbour (Mighty Powers ignore this)."""

    zone_off_at_or_below: int = 4
    """D11/Q10. The Zone of Influence stops applying once this many players or fewer
    are still in (0: it never switches off)."""

    neighbours: str = "nearest_living"
    """D11/Q10. ``nearest_living``: your neighbours are the nearest players still in on
    each side (the gap closes). ``seated``: only the players seated next to you, and a
    knocked-out neighbour leaves that side empty."""

    vengeful_ghosts: bool = True
    """§8. In games that started with 5-6 players, knocked-out players take ghost turns."""

    ghost_damage: int = 1
    """D12. Damage a ghost deals on its turn."""

    ghost_min_target_hp: int = 2
    """D12. A ghost may only choose a living player with at least this much HP (a ghost
    cannot deal lethal damage)."""

    ghost_hits_defense: bool = True
    """D12. True: the ghost's damage goes through Defense cards like an attack (the
    ghost chooses the card). False: it lowers HP directly."""

    disguise_blocks_ghost: bool = False
    """Open (not in the digest). A ghost plays no card, so by default Clever Disguise does
    not protect Oriax from it. True: a disguised Oriax cannot be chosen by a ghost."""

    first_player_draws: bool = True
    """§3 (AM). The first player draws on the first turn too. False: the first turn
    skips the draw."""

    def __post_init__(self) -> None:
        for name, allowed in (
            ("overflow_order", OVERFLOW_ORDERS),
            ("discard_timing", DISCARD_TIMINGS),
            ("exhausted_play_again", EXHAUSTED_RULES),
            ("empty_hand_draw", EMPTY_HAND_DRAWS),
            ("neighbours", NEIGHBOUR_RULES),
        ):
            if getattr(self, name) not in allowed:
                raise ValueError(f"Settings.{name} must be one of {allowed}, not {getattr(self, name)!r}")
        if self.ghost_damage < 0 or self.ghost_min_target_hp < 1:
            raise ValueError("ghost_damage must be >= 0 and ghost_min_target_hp >= 1")


DEFAULT = Settings()
"""The project defaults (D1-D12)."""
