"""Property test of generated practice items: 1,000 per game pass every check of the generator, and every
fourth of them (250 per game, to keep the test to seconds) is checked again here from its file alone.

Every item, written as a scenario file and loaded back as `rules-tutor check` loads it, has exactly one
correct answer (its expect, which the engine reproduces, is among its choices once); its deciding step cites
the item's rule, which tags it; the board shown before the answer shows no key the question reads and hides
no input it needs (by key, as every lesson question's board: ``tutor.boards.keys``); no
two items are the same exercise; and the rule-blind guesses (first choice, 0, nothing) are wrong.
"""

from __future__ import annotations

import json

import pytest

from tutor.games import GAMES, plugin
from tutor.games.base import ILLEGAL
from tutor.library import parse_scenario_text
from tutor.practice.generate import Stats, generate, give_away
from tutor.questions import ask_question, is_correct, part_views

N = 1000


@pytest.fixture(scope="module", params=GAMES)
def generated(request: pytest.FixtureRequest) -> tuple[str, list, Stats]:  # type: ignore[type-arg]
    stats = Stats()
    items = generate(request.param, count=N, seed=7, stats=stats, wrong=False)
    return request.param, items, stats


def test_a_thousand_items_hold_every_check(generated) -> None:  # type: ignore[no-untyped-def]
    game, items, stats = generated
    assert len(items) == N, stats
    exercises = set()
    for item in items:
        assert item.rule in item.data["tags"] and 800 <= item.rating <= 2300
        exercises.add(json.dumps([item.data["setup"], item.data["actions"], item.data["questions"][0]["ask"],
                                  item.data["questions"][0].get("of")], sort_keys=True))
    for item in items[::4]:
        scn, problems = parse_scenario_text(item.yaml(), f"{item.id}.yaml")
        assert scn is not None and problems == [], (item.id, problems)
        q = scn.questions[0]
        asked = ask_question(scn, q)
        # exactly one correct answer: the engine's, written as the file's expect, among the choices once
        assert asked.answer != ILLEGAL and is_correct(asked.answer, q.expect) and is_correct(q.expect, asked.answer)
        view = part_views(scn, q, asked.solution)[0]
        keys = [c.key for c in view.choices]
        if view.kind == "choice":
            assert [k for k in keys if k == asked.answer and type(k) is type(asked.answer)] == [asked.answer]
        # the deciding step cites the item's rule, a rule of the game, and the item is tagged with it
        step = asked.explanation.deciding_step
        assert step is not None and step.rule == item.rule and item.rule in plugin(game).glossary
        assert item.rule in scn.tags and set(item.rules) <= set(scn.tags)
        # no give-away, no hidden input: the masked board shows no key the question reads, every input it needs
        assert give_away(asked) == [], (item.id, give_away(asked))
        # not trivial: the rule-blind guesses are wrong
        if view.kind == "number":
            assert asked.answer != 0
        elif view.kind in ("choice", "multi_select") and keys:
            assert not is_correct(keys[0], asked.answer) and asked.answer != []
    # no near-duplicates: distinct position hashes, so distinct files
    assert len({i.hash for i in items}) == N and len(exercises) == N
    # the items practise many rules, not one
    assert len({i.rule for i in items}) >= 8


def test_the_same_seed_gives_the_same_items() -> None:
    a = generate("regicide", count=5, seed=3)
    b = generate("regicide", count=5, seed=3)
    assert [i.yaml() for i in a] == [i.yaml() for i in b]
    assert [i.id for i in generate("regicide", count=5, seed=4)] != [i.id for i in a]


@pytest.mark.parametrize("game,rule", [("regicide", "REG.suit.clubs"), ("dungeon_mayhem", "DM.defense."),
                                       ("marvel_champions", "MC.def.label")])
def test_a_rule_picks_items_whose_deciding_step_cites_it(game: str, rule: str) -> None:
    items = generate(game, count=3, seed=1, rule=rule)
    assert len(items) == 3
    assert all(i.rule == rule or (rule.endswith(".") and i.rule.startswith(rule)) for i in items)


@pytest.mark.parametrize("game", GAMES)
def test_wrong_choices_come_from_misreadings_and_differ_from_the_answer(game: str) -> None:
    """Each wrong choice is the engine's answer on the position as a misreading plays it: it differs from the
    right answer, concerns a rule of the item's explanation, and its feedback names the misreading."""
    from tutor.practice.misreadings import misread, misreadings

    items = generate(game, count=120, seed=21)
    wrong = [(i, w) for i in items for w in i.wrong]
    assert wrong, "no item of 120 had a misreading"
    by_id = {m.id: m for m in misreadings(game)}
    for item, w in wrong:
        assert not is_correct(w.answer, item.answer) and w.rule in item.rules and w.feedback
        m = by_id[w.misreading]
        scn = load_scenario(game, misread(game, item.data, m))
        assert is_correct(ask_question(scn, scn.questions[0]).answer, w.answer)


def load_scenario(game: str, data: dict) -> object:  # type: ignore[type-arg]
    from tutor.practice.core import load

    return load(game, data)


def test_each_check_can_reject() -> None:
    """The checks are not vacuous: a board without its mask gives the answer away, the same candidate twice
    is a duplicate, an answer a blind guess gets is trivial, and another rule than the one asked is refused."""
    import dataclasses
    import itertools
    import random

    from tutor.practice import sources_rg
    from tutor.practice.core import ask, judge
    from tutor.practice.generate import give_away

    shield = next(i for i in generate("regicide", count=8, seed=2, rule="REG.suit.spades", wrong=False)
                  if i.data["questions"][0]["ask"] == "shield_after")
    asked = ask("regicide", shield.data)
    assert give_away(asked) == []
    assert give_away(dataclasses.replace(asked, mask=frozenset())) != []  # unmasked: "Shield N" in sight
    rng = random.Random(5)
    kept = None
    seen: set[str] = set()
    for cand in sources_rg.candidates(rng, ["damage_dealt"]):
        item, why = judge(cand, seen)
        if item is not None:
            kept = cand
            break
    assert kept is not None
    assert judge(kept, seen) == (None, "duplicate")
    zeros = [judge(c, set())[1] for c in itertools.islice(sources_rg.candidates(random.Random(9), ["discard_needed"]), 80)
             if ask("regicide", c.data).answer == 0]
    assert zeros and set(zeros) <= {"rule", "trivial"} and "trivial" in zeros  # "nothing to discard": a blind guess
    assert judge(kept, set(), rule="REG.solo.medal")[1] == "rule"
