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
BONES_RULES = ("holder_attacks", "destroyer_takes", "attack_on_play")


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
    """E15 (open, no source). A ghost plays no card, so by default Clever Disguise does
    not protect Oriax from it. True: a disguised Oriax cannot be chosen by a ghost."""

    first_player_draws: bool = True
    """§3 (AM). The first player draws on the first turn too. False: the first turn
    skips the draw."""

    # ---- Expansion decks (digest §12). Where the sources print or read a card differently,
    # the default is ours and the docstring gives the reason; E1-E8 are this project's rulings.

    favored_frienemies_play_again: bool = True
    """E1. Favored Frienemies (Minsc & Boo) also has a Play Again symbol. The digest prints
    it only for FIX, but C4451 and NIK (the other two lists of the deck) print it too, so
    True is the reading of every source that lists the card's symbols. False: MP only."""

    bearnard_shields: int = 2
    """E2. Bearnard (Jaheira): 2 shields as FIX and NIK print it and the digest lists it;
    C4451 gives it 1 (``1``). The majority reading is the default."""

    cubes_play_again: int = 1
    """E3. Cubes Have Feelings Too (Blorp): H1 P1 as FIX and KU print it; C4451 prints
    H1 P2 (``2``). The majority reading is the default."""

    burped_up_bones: str = "holder_attacks"
    """E4. Burped-Up Bones (Blorp), an S3 Defense card. ``holder_attacks``: when it is
    destroyed, the player it protected makes a 2-damage attack on an opponent of their
    choice (C4451; KU's card text prints two swords under "when this card is destroyed",
    and swords are always an attack by the card's player). ``destroyer_takes``: the
    player whose card destroyed it takes 2 damage (KU's code). ``attack_on_play``: it is
    MP A2 S3, an attack of 2 when played and no effect when destroyed (FIX). The default
    follows the printed symbols."""

    primal_strike_optional: bool = True
    """E5. Primal Strike (Jaheira): "you *may* make an animal noise to deal 1 attack to each
    opponent" (digest, C4451), so the player chooses whether to strike. False: the strike
    always happens (FIX's text "You make an animal noise and attack each opponent")."""

    mind_blast_cap: int = 5
    """E6. Mind Blast (Dr. Tentaculous) deals at most this much damage (KU, C4451 and the
    digest cap it at 5; FIX's text has no cap: ``0``)."""

    liquidate_cap: int = 5
    """E6. Liquidate Assets (Lord Cinderpuff) deals at most this much damage (KU's card text
    and the digest: 5; FIX's text has no cap: ``0``)."""

    next_trick_respects_zone: bool = True
    """E7 (open, no source). For My Next Trick... makes Hoots' attacks hit every opponent;
    in a 5-6-player game with the Zone of Influence on, a regular card's attack still
    reaches only the players it could target (the Zone limits who a regular card affects).
    False: it hits every opponent at the table."""

    murders_repeat_own: bool = False
    """E8 (open, no source). Murders and Acquisitions: "each player must attack, heal or draw,
    starting with you and going right; you repeat all choices". False: Lord Cinderpuff makes
    his own choice once and repeats each other player's choice. True: he also repeats his
    own (he does it twice)."""

    mirror_copies_damage: bool = False
    """E12 (open, no source). Definitely Just a Mirror copies a Defense card as printed: the
    copy comes into play with all its shields, whatever damage the copied card has taken.
    True: the copy comes in with the copied card's damage already marked."""

    hostile_takeover_hits_defense: bool = True
    """E13 (open, no source). Hostile Takeover's damage (1 to each opponent, 2 to one, 1 to
    another) meets Defense cards first, as D3 rules for Fireball. False: it lowers HP
    directly."""

    next_trick_own_attack: bool = True
    """E14 (open, no source). For My Next Trick...'s own sword already hits every opponent:
    its Mighty Power is printed before the sword and resolves first. False: the effect
    starts once the card has resolved, so its own 1 damage goes to one target."""

    def __post_init__(self) -> None:
        for name, allowed in (
            ("overflow_order", OVERFLOW_ORDERS),
            ("discard_timing", DISCARD_TIMINGS),
            ("exhausted_play_again", EXHAUSTED_RULES),
            ("empty_hand_draw", EMPTY_HAND_DRAWS),
            ("neighbours", NEIGHBOUR_RULES),
            ("burped_up_bones", BONES_RULES),
        ):
            if getattr(self, name) not in allowed:
                raise ValueError(f"Settings.{name} must be one of {allowed}, not {getattr(self, name)!r}")
        if self.ghost_damage < 0 or self.ghost_min_target_hp < 1:
            raise ValueError("ghost_damage must be >= 0 and ghost_min_target_hp >= 1")
        if self.bearnard_shields not in (1, 2) or self.cubes_play_again not in (1, 2):
            raise ValueError("bearnard_shields and cubes_play_again must be 1 or 2 (the printings the sources give)")
        if self.mind_blast_cap < 0 or self.liquidate_cap < 0:
            raise ValueError("mind_blast_cap and liquidate_cap must be >= 0 (0: no cap)")


DEFAULT = Settings()
"""The project defaults (D1-D12, E1-E15)."""
