"""The deciding step is computed in every game (issue 23, item 3): no ask names the rules that decide it, and every
Marvel Champions library question leads with the last step that changed (or kept) what it reads, the verdict on its
play, or the rule that fixed what no step changed."""

from __future__ import annotations

import dataclasses
import importlib.util

import pytest

from engine.core.effects import is_of_play
from tutor import library
from tutor.games import GAMES, plugin
from tutor.games.base import Ask, Unaskable
from tutor.questions import Asked, is_unchanged_note, reads_of


@pytest.fixture(scope="module")
def lib() -> library.Library:
    return library.load()


def _asked(lib: library.Library, sid: str, qid: str) -> Asked:
    return lib.asked(sid, qid)


def test_no_ask_names_the_rules_that_decide_it() -> None:
    assert "decides" not in {f.name for f in dataclasses.fields(Ask)}
    assert importlib.util.find_spec("tutor.legacy_decides") is None
    for game in GAMES:
        assert not [name for name, ask in plugin(game).asks.items() if hasattr(ask, "decides")]


def test_every_marvel_champions_question_has_a_computed_deciding_step(lib: library.Library) -> None:
    checked, bad = 0, []
    for sid, scn in sorted(lib.scenarios.items()):
        if scn.game != "marvel_champions":
            continue
        game = plugin(scn.game)
        for q in scn.questions:
            try:
                asked = lib.asked(sid, q.id)
            except Unaskable:
                continue
            checked += 1
            expl, step = asked.explanation, asked.explanation.deciding_step
            reads = reads_of(scn, q, asked.solution)
            parts = q.parts if q.parts is not None else [q]
            origins = {r for p in parts for r in game.asks[p.ask or ""].origins(scn, p.of)}
            if step is None:
                bad.append((sid, q.id, "no deciding step"))
            elif not asked.solution.is_legal:
                continue  # the verdict on the refused play
            elif any(game.asks[p.ask or ""].explain is not None for p in parts):
                continue  # the engine's verdict on each candidate play (legal plays) leads
            elif any(k in reads for k, _b, _a in step.effects):
                continue  # the step changed (or kept) what the question reads
            elif not (is_unchanged_note(step) or step.rule in origins):
                bad.append((sid, q.id, f"{step.rule} changes nothing the question reads"))
            elif any(k in reads for s in expl.steps for k, _b, _a in s.effects if not is_of_play(k)):
                bad.append((sid, q.id, "said unchanged, but a step changed what it reads"))
    assert checked >= 200 and not bad, bad[:20]


def test_every_origin_a_library_question_names_is_a_rule(lib: library.Library) -> None:
    for sid, scn in lib.scenarios.items():
        game = plugin(scn.game)
        for q in scn.questions:
            for p in q.parts if q.parts is not None else [q]:
                assert all(r in game.glossary for r in game.asks[p.ask or ""].origins(scn, p.of)), (sid, q.id)


@pytest.mark.parametrize("sid, qid, rule", [
    ("mc.m.overkill_ally", "hulk", "MC.kw.overkill"),  # the rule that moved the excess, not "She-Hulk takes 5"
    ("mc.d3.steady", "happens", "MC.status.stun_replaces_attack"),  # one stun card does not stop a steady enemy
    ("mc.d4.quickstrike", "happens", "MC.kw.quickstrike"),
    ("mc.d4.villain_then_minion", "bp", "MC.def.retarget"),  # Hellcat became the target: Black Panther takes none
    ("mc.d3.no_overkill", "bp", "MC.dmg.apply"),  # without overkill the excess is lost where the ally is defeated
    ("mc.d3.tough_kept", "tough", "MC.status.tough"),
    ("mc.d4.all_day", "kind", "MC.def.declared"),  # the card that declares the defender makes it a basic defense
    ("mc.d4.indirect_tough", "all_on_cyclops", "MC.dmg.indirect"),  # assigned nothing, Colossus keeps his tough card
    ("mc.d4.sonic_tough", "stun", "MC.card.sonic_converter"),  # it damaged nobody, so it stuns nobody
    ("mc.m.spider_sense", "which", "MC.hero.spider_sense"),
    ("mc.d2.which_step", "ps_step", "MC.card.preemptive_strike"),  # "in which step": the rule's own step
])
def test_the_rule_that_settled_it_leads(lib: library.Library, sid: str, qid: str, rule: str) -> None:
    step = _asked(lib, sid, qid).explanation.deciding_step
    assert step is not None and step.rule == rule, step


def test_a_quantity_nothing_changed_says_so_under_the_table_as_set_out(lib: library.Library) -> None:
    step = _asked(lib, "mc.m.statuses", "confused").explanation.deciding_step  # Rhino's confused card, untouched
    assert step is not None and is_unchanged_note(step) and step.rule == "MC.setup.position"


@pytest.mark.parametrize("sid, qid, rule", [
    ("dm.ruling.next_trick_own", "azzan", "DM.power.next_trick_own"),  # E14: the card's own sword hits everyone
    ("dm.ruling.next_trick_own", "lia", "DM.power.next_trick_own"),
    ("dm.ruling.hostile_defense", "azzan", "DM.power.hostile_defense"),  # E13: the Mirror Image keeps his HP
    ("dm.ruling.hostile_defense", "lia", "DM.attack.target"),  # no Defense card: E13 does not decide Lia's
])
def test_a_ruling_leads_the_questions_it_decides(lib: library.Library, sid: str, qid: str, rule: str) -> None:
    step = _asked(lib, sid, qid).explanation.deciding_step
    assert step is not None and step.rule == rule, step
