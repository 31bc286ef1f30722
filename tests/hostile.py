"""Hostile texts shared by the page tests (AppTest) and the browser tests (issue 29): Markdown and HTML that
would make a link, an image, a colour or a formula, all pointing at a host the browser must never reach, and
a situation in each game whose players, characters, seats, title, source and prompt hold them."""

from __future__ import annotations

import re

EVIL = "ev.il"
HOSTILE = f"Zed ![n](http://{EVIL}/n.png) [n](https://{EVIL}/n) :red[x] $x^2$ <img src=https://{EVIL}/i>"
NAME = HOSTILE.replace("'", "")  # as a YAML single-quoted scalar holds it

MC = f"""id: hostile.mc
game: marvel_champions
title: '{NAME}'
source: '{NAME}'
setup:
  players:
    - {{id: p1, name: '{NAME}', identity: Spider-Man}}
    - {{id: p2, name: 'Ann {NAME}', identity: Black Panther, allies: [Spider-Woman], hand: [Preemptive Strike]}}
  attack: {{attacker: Rhino, against: p1}}
actions:
  - {{player: p2, defend: Spider-Woman}}
questions:
  - id: who
    prompt: '{NAME} — who is the target?'
    ask: target
"""
DM = f"""id: hostile.dm
game: dungeon_mayhem
title: '{NAME}'
source: '{NAME}'
setup:
  players:
    - {{character: Sutha, name: '{NAME}', hand: [Big Axe Is Best Axe, Flex!]}}
    - {{character: Lia, name: 'Ben {NAME}', hp: 8, hand: 3, defense: [Fluffy]}}
actions:
  - {{play: Big Axe Is Best Axe}}
  - {{target: 'Ben {NAME}', defense: Fluffy}}
questions:
  - id: hp
    prompt: '{NAME} — how many hit points?'
    ask: hp_after
    of: 'Ben {NAME}'
"""
RG = f"""id: hostile.rg
game: regicide
title: '{NAME}'
source: '{NAME}'
setup:
  players: 2
  names: ['{NAME}', 'Bo {NAME}']
  enemy: KS
  hands:
    - [2C, 2D, 2H, 2S, 9C]
    - [3C]
actions:
  - {{seat: 1, play: [2C, 2D, 2H, 2S]}}
questions:
  - id: kind
    prompt: '{NAME} — what kind of play?'
    ask: play_kind
"""


def live(text: str) -> list[str]:
    """What Markdown would still read as markup in ``text``, once its backslash escapes are taken out."""
    bare = re.sub(r"\\.", "", text, flags=re.S)
    found = [c for c in "[]!$<" if c in bare]
    return found + (["://"] if "://" in bare else [])

# a quiz title (at most 80 characters) and student names (at most 24 each) holding the same
TITLE = f"Q [t](https://{EVIL}/t) ![i](https://{EVIL}/i) :red[x] $x^2$ <img src=//{EVIL}/t>"
STUDENTS = [f"[w](https://{EVIL}/a)", f"![i](https://{EVIL}/b)", ":red[x] $x^2$ **b**", f"<img src=//{EVIL}/c>",
            f"a@{EVIL}", f"www.{EVIL}"]
