"""No confident wrong answers (issue 11, item 7): every Marvel Champions catalogue card says what the engine does
with each of its abilities, and each claim is checked here.

- modelled: its rule is in the glossary, and a library scenario that uses the card has a trace step of that rule
  that names the card (the ability really resolves somewhere we teach);
- refused: a scenario that puts the card where the ability would resolve is refused at load, by name, at the card;
- never: it says why, and a scenario may use the card without a refusal.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.marvel_champions import GLOSSARY
from engine.marvel_champions.cards import CARDS, Ability, Card, Placement
from tests.tutor.files import load_text
from tutor.library import default_library
from tutor.games.marvel_champions.models import Scenario
from tutor.games.marvel_champions.position import enemy_specs

LIB = default_library()
VANILLA = {"Rhino"}  # printed with no ability at all


def cards_in(scn: Scenario) -> set[str]:
    """Every catalogue card a scenario puts on the table, in any placement."""
    s = scn.setup
    out = {e.card for _, e, _, _ in enemy_specs(scn)} | ({s.reveal.card} if s.reveal is not None else set())
    for a in s.all_attacks:
        out |= set(a.attachments) | {b if isinstance(b, str) else b.card for b in a.boost}
    for _, e, _, _ in enemy_specs(scn):
        out |= set(e.attachments)
    for p in s.players:
        out |= {p.identity if isinstance(p.identity, str) else p.identity.card}
        out |= {a if isinstance(a, str) else a.card for a in p.allies} | set(p.hand) | set(p.upgrades)
    return out


def _traces() -> dict[str, list[tuple[str, str]]]:
    """Per card key: the (rule, text) of every step of every library line of play that uses it."""
    out: dict[str, list[tuple[str, str]]] = {}
    for sid, scn in LIB.scenarios.items():
        if scn.game != "marvel_champions":
            continue
        steps = [(s.rule, s.text) for s in LIB.line(sid).steps]
        for q in scn.questions:
            steps += [(s.rule, s.text) for s in LIB.asked(sid, q.id).timeline.steps]
        for key in cards_in(scn):  # type: ignore[arg-type]
            out.setdefault(key, []).extend(steps)
    return out


TRACES = _traces()
ABILITIES = [(c, a) for c in CARDS for a in c.abilities]


def _params(keep: str) -> list[object]:
    return [pytest.param(c, a, id=f"{c.key}: {a.name}") for c, a in ABILITIES if getattr(a, keep)]


def test_every_card_states_its_abilities() -> None:
    assert [c.key for c in CARDS if not c.abilities] == sorted(VANILLA)


@pytest.mark.parametrize("card,ability", _params("rule"))
def test_a_modelled_ability_resolves_in_a_library_scenario(card: Card, ability: Ability) -> None:
    assert ability.rule in GLOSSARY
    steps = TRACES.get(card.key, [])
    assert steps, f"no library scenario uses {card.key}"
    named = [text for rule, text in steps if rule == ability.rule and (card.name in text or ability.name in text)]
    assert named, f"no step of {ability.rule} names {card.name} in the scenarios that use {card.key}"


def _placed(card: Card, where: Placement) -> tuple[str, str]:
    """A minimal scenario with ``card`` at ``where``, and the text of the line that names it."""
    players = ("    - {id: p1, name: Player 1, identity: Spider-Man}\n"
               "    - {id: p2, name: Player 2, identity: Black Panther}\n")
    attack = "  attack: {attacker: Rhino, against: p1}\n"
    if where == "attacker":
        attack = f"  attack: {{attacker: {card.key}, against: p1}}\n"
    elif where == "boost":
        attack = f"  attack: {{attacker: Rhino, against: p1, boost: [{card.key}]}}\n"
    elif where == "attachment":
        attack = f"  attack: {{attacker: {card.attaches_to}, against: p1, attachments: [{card.key}]}}\n"
    elif where == "enemy":
        attack = f"  villain: {card.key}\n" if card.type == "villain" else (
            f"  attack: {{attacker: {card.key}, against: p1}}\n")
    else:
        field = {"identity": "identity", "ally": "allies", "hand": "hand", "upgrade": "upgrades"}[where]
        key = f"'{card.key}'" if '"' in card.key else card.key  # a printed name in quotes ("I Got Better")
        value = key if where == "identity" else f"[{key}]"
        extra = "identity: Spider-Man, " if where != "identity" else ""
        players = f"    - {{id: p1, name: Player 1, {extra}{field}: {value}}}\n"
    text = ("id: mc.t.placed\ngame: marvel_champions\ntitle: Placed\nsource: test\nsetup:\n  players:\n" + players
            + attack + "questions:\n  - {id: q, prompt: Is it legal?, ask: is_legal}\n")
    return text, next(line for line in text.splitlines() if card.key in line)


@pytest.mark.parametrize("card,ability,where", [pytest.param(c, a, w, id=f"{c.key}: {a.name} as {w}")
                                                for c, a in ABILITIES for w in a.where])
def test_a_refused_ability_is_refused_at_load_by_name(tmp_path: Path, card: Card, ability: Ability,
                                                      where: Placement) -> None:
    text, line = _placed(card, where)
    problems = [str(p) for p in load_text(tmp_path, text).problems]
    want = f"{card.name}: {ability.refused}"
    row = text.splitlines().index(line) + 1
    assert any(want in p and f":{row}:" in p for p in problems), problems


@pytest.mark.parametrize("card,ability", _params("never"))
def test_an_ability_that_never_resolves_says_why_and_refuses_nothing(tmp_path: Path, card: Card,
                                                                     ability: Ability) -> None:
    assert len(ability.never) > 20
    where: Placement = {"villain": "enemy", "minion": "attacker", "hero": "identity", "ally": "ally",
                        "event": "hand", "upgrade": "upgrade", "attachment": "attachment", "treachery": "boost"}[
        card.type]  # type: ignore[assignment]
    text, _ = _placed(card, where)
    problems = [str(p) for p in load_text(tmp_path, text).problems]
    assert not [p for p in problems if f"{card.name}: " in p and "not modelled" in p], problems


def test_the_library_uses_no_refused_card_where_it_is_refused() -> None:
    assert [str(p) for p in LIB.problems if "not modelled" in str(p)] == []
