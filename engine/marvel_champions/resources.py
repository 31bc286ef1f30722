"""What each Marvel Champions player card gives and costs beyond its printed record (:mod:`engine.marvel_champions.cards`):
the type of its resource icon, its aspect, the resources an upgrade generates, cost changes, and the attachments a
Hero Action pays to discard (MarvelCDB data at the digest's commit 8dbe3ab4). :mod:`engine.marvel_champions.cost`
computes with them."""

from __future__ import annotations

RESOURCE_TYPE: dict[str, str] = {
    "Spider-Woman": "wild", "Preemptive Strike": "energy", "Expert Defense": "mental", "Hellcat": "wild",
    "Jessica Jones": "energy", "Mockingbird": "physical", "Nick Fury": "mental", "Colossus": "physical",
    "Shadowcat": "wild", "Polaris": "energy", "Nightcrawler": "physical", "Armored Vest": "mental",
    "Indomitable": "energy", "Counter-Punch": "physical", "Backflip": "physical", "Wiggle Room": "energy",
    "Jump Flip": "physical", "Desperate Defense": "energy", "Never Back Down": "physical",
    "\"I Can Do This All Day\"": "mental", "Cuts Both Ways": "energy", "Mutant Protectors": "energy",
    "Aerial Agility": "physical", "Wolverine": "physical",
    "Berserker Frenzy": "mental", "\"I Got Better\"": "energy", "Adamantium Skeleton": "physical", "Jubilee": "wild",
}
"""The type of each player card's printed resource icon (MarvelCDB resource_energy / _mental / _physical / _wild);
a wild resource counts as any type."""
# Costs (issue 27): the new cards' resource types, every player card's aspect, and what generates or changes a cost
RESOURCE_TYPE.update({"Energy": "energy", "Genius": "mental", "Strength": "physical", "The Power of Protection": "wild",
                      "Biokinetic Polymer Suit": "mental", "Super-Soldier Serum": "physical", "Angel": "mental",
                      "Ms. Marvel (ally)": "physical"})
ASPECT: dict[str, str] = {
    "Spider-Woman": "hero", "Hellcat": "hero", "Backflip": "hero", "Wiggle Room": "hero", "Shadowcat": "hero",
    "Biokinetic Polymer Suit": "hero", "Super-Soldier Serum": "hero", "Ms. Marvel (ally)": "hero",
    "Jessica Jones": "justice",
    "Colossus": "basic", "Mockingbird": "basic", "Nick Fury": "basic", "Angel": "basic", "Energy": "basic",
    "Genius": "basic", "Strength": "basic", "Nightcrawler": "protection", "Polaris": "protection",
    "Mutant Protectors": "protection", "Counter-Punch": "protection", "Armored Vest": "protection",
    "Indomitable": "protection", "Jump Flip": "protection", "\"I Can Do This All Day\"": "protection",
    "Cuts Both Ways": "protection", "Never Back Down": "protection", "Desperate Defense": "protection",
    "Expert Defense": "protection", "Preemptive Strike": "protection", "The Power of Protection": "protection",
}
"""Each player card's aspect (MarvelCDB faction_code: a hero's own card, basic, or an aspect's colour)."""
GENERATES: dict[str, tuple[str, str, bool]] = {
    "Biokinetic Polymer Suit": ("wild", "event", True), "Super-Soldier Serum": ("physical", "", False),
}
"""Upgrades whose ability generates one resource when exhausted: (its type, the card type it may pay for ("" any),
whether it is a Hero Resource, used only in hero form)."""
DOUBLES_FOR: dict[str, str] = {"The Power of Protection": "protection"}
"""Resource cards that generate twice their resources while paying for a card of this aspect."""
REDUCED_FOR_TRAITS: dict[str, tuple[int, frozenset[str]]] = {
    "Colossus": (1, frozenset({"Mutant", "X-Men"})), "Angel": (1, frozenset({"Mutant", "X-Men"})),
}
"""Cards whose cost to play is reduced by N if the player's identity has one of these traits."""

SPEND: dict[str, tuple[str, ...]] = {
    "Charge": ("energy", "mental", "physical"), "Sonic Converter": ("energy", "mental", "physical"),
    "Solid-Sound Body": ("energy", "mental", "physical"),
}
"""Attachments with "Hero Action: spend [energy][mental][physical] resources → discard this card": the types."""
