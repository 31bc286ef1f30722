"""Regicide: the documents our rules rest on, and the rulings we adopt (G1–G6).

The official rules sheet (Badgers From Mars, October 2021) is canonical (G1). Every
glossary rule's ``source`` must resolve here; a test checks it.
"""

from __future__ import annotations

from engine.core.sources import Ruling, Source, Sources

SOURCES = Sources("regicide", (
    Source("OR", "Regicide official rules sheet", "(Badgers From Mars, Oct 2021)", kind="rules",
           url="https://www.regicidegame.com/site_files/33132/upload_files/RegicideRulesA4.pdf", prefixes=("OR",)),
    Source("BGA", "Board Game Arena, Regicide help page", "(19 Jul 2022)", kind="faq",
           url="https://en.doc.boardgamearena.com/Gamehelpregicide", prefixes=("BGA",),
           note="The licensed online version; community-edited, so secondary."),
    Source("VID", "Regicide: Learn to Play (official video)", kind="walkthrough",
           url="https://www.youtube.com/watch?v=7XoRlKzLobk", prefixes=("VID",)),
    Source("INF", "Our reading of the official rules sheet", "(the sheet does not say it in words)",
           kind="rules", prefixes=("INF",),
           note="An inference from the official text; every open-source implementation we checked agrees."),
), (
    Ruling("G1", "The October 2021 rules sheet is canonical",
           "The official two-page sheet of October 2021 is the rule text for 1–4 players, solo included.",
           "It is the publisher's current sheet; earlier printings had no solo rules.",
           "An earlier 2–4-player printing, Kickstarter-era solo drafts and fan pages differ in places.",
           prefixes=("G1",)),
    Ruling("G2", "The yield restriction is kept per seat",
           "Each seat remembers whether its most recent turn was a yield; only that seat's next turn changes it. "
           "A seat may yield only if some other seat did not yield on its most recent turn.",
           "The sheet says a player may not yield if every other player yielded \"on their last turn\": read "
           "literally, that is each player's own last turn, whatever happened in between.",
           "RegicideRL clears every flag whenever anyone plays a card (a Jester included) or an enemy falls.",
           "yield_flags_cleared_by_any_play = false", prefixes=("G2",)),
    Ruling("G3", "A Jester's retroactive shield counts whole plays",
           "When a Jester cancels a spade enemy's immunity, every earlier play against it that held a spade adds "
           "its total attack value to the shield (4♠ 4♥ adds 8).",
           "Suit powers work at the play's total value; the Jester only switches the spade power on.",
           "Kautiontape's parked multiplayer code counts only the spade cards' own values.",
           "retro_shield_uses_play_total = true", prefixes=("G3",)),
    Ruling("G4", "The Jester's player may name themselves",
           "After a Jester, its player may choose any player, themselves included, to take the next turn.",
           "The sheet says the Jester's player chooses \"any player\".",
           setting="jester_may_choose_self = true", prefixes=("G4",)),
    Ruling("G5", "Hearts with a short discard pile moves all of it",
           "If the discard pile holds fewer cards than the Hearts value, all of them go under the Tavern.",
           "Every implementation does so, and the sheet sets no penalty for a short pile.",
           setting="hearts_takes_all_when_short = true", prefixes=("G5",)),
    Ruling("G6", "No yield in solo",
           "A solo player can never yield; one who can neither play nor flip a Jester loses.",
           "\"Every other player yielded\" is vacuously true with no other player; Board Game Arena says so.",
           "Some solo drafts and fan pages let a solo player yield.",
           "solo_may_yield = false", prefixes=("G6",)),
))
