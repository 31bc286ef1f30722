"""Practice that mixes: rules interleaved (never the same rule three times in a row while another is in the
scope), yes/no answers balanced, trivial and tedious items dropped, misreadings offered on most items of the
rules that have one, and rule titles unique per game.

The interleaving is a property over a simulated learner: seeded learners who miss a share of their answers
practise for a simulated session (the clock moving a minute or a day at a time), through the scheduler alone
(many seeds, fast) and through the store and the item pool (the app's path)."""

from __future__ import annotations

import random
from collections import Counter
from datetime import datetime, timedelta, timezone

import pytest

from tutor.games import plugin
from tutor.practice import service, store
from tutor.practice.core import COUNT_CAP, COUNTS, plain_yes_no
from tutor.games import GAMES
from tutor.practice.generate import generate
from tutor.practice.schedule import next_rule, review

T0 = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)



def runs(rules: list[str]) -> int:
    """The longest run of one rule in a row."""
    best = cur = 0
    for i, r in enumerate(rules):
        cur = cur + 1 if i and rules[i - 1] == r else 1
        best = max(best, cur)
    return best


@pytest.mark.parametrize("seed", range(40))
def test_a_simulated_learner_never_gets_one_rule_three_times_in_a_row(seed: int) -> None:
    rng = random.Random(seed)
    order = [f"R{k}" for k in range(rng.randint(2, 7))]
    miss = rng.choice((0.1, 0.4, 0.8))  # a strong, an average and a struggling learner
    mems: dict = {}  # type: ignore[type-arg]
    now = T0
    served: list[str] = []
    for _ in range(60):
        rule = next_rule(mems, order, now, recent=served[-2:])
        assert rule in order
        served.append(rule)
        mems[rule] = review(mems.get(rule), rng.random() >= miss, now)
        now += timedelta(minutes=rng.choice((1, 1, 2, 30))) if rng.random() > 0.05 else timedelta(days=1)
    assert runs(served) <= 2, served


def test_before_the_fix_a_missed_rule_looped() -> None:
    """The scheduler this replaces served the weakest rule again and again (seven Piercing items in a row): a
    learner who keeps missing one rule, the others answered, is still interleaved."""
    order = ["A", "B", "C"]
    mems = {r: review(None, True, T0) for r in order}
    served = []
    now = T0 + timedelta(minutes=1)
    for _ in range(12):
        rule = next_rule(mems, order, now, recent=served[-2:])
        served.append(rule)
        mems[rule] = review(mems[rule], rule != "A", now)
        now += timedelta(minutes=1)
    assert runs(served) <= 2 and served.count("A") >= 4, served
    # the only rule asked for is still served
    assert next_rule({}, ["A"], T0, recent=["A", "A"]) == "A"


def test_the_app_path_interleaves_twenty_items(db_url: str) -> None:
    """Twenty items in a row through the store (the learner misses every other one): no rule three times."""
    rng = random.Random(3)
    scope = service.Scope("marvel_champions")
    served: list[str] = []
    now = T0
    for k in range(20):
        item = service.next_item("sim", scope, now=now, url=db_url)
        assert item is not None
        served.append(item.rule)
        from tutor.practice.core import ask

        answer = ask(item.game, item.data).answer if rng.random() < 0.5 else "surely wrong"
        service.grade("sim", item.id, answer, now=now, url=db_url)
        now += timedelta(minutes=1)
    assert runs(served) <= 2, served
    assert len(set(served)) >= 3


def test_yes_no_answers_are_balanced_when_served() -> None:
    class Row:
        def __init__(self, expect: object) -> None:
            self.data = {"questions": [{"expect": expect}]}

    pool = [Row(True), Row(True), Row(False), Row(3)]
    assert all(service._expect(r) is not True for r in service.balanced(pool, [True, True]))
    assert service.balanced(pool, [False, True]) == pool
    assert service.balanced([Row(True)], [True, True]) != []  # nothing else: still served


@pytest.mark.parametrize("game", GAMES)
def test_generated_items_mix(game: str) -> None:
    items = generate(game, count=100, seed=0)
    # yes/no answers balanced per ask (within the slack of two)
    tally = Counter((i.data["questions"][0]["ask"], i.answer) for i in items if isinstance(i.answer, bool))
    for ask in {a for a, _ in tally}:
        assert abs(tally[ask, True] - tally[ask, False]) <= 2, tally
    # no count of one, no count past the cap
    for i in items:
        if i.data["questions"][0]["ask"] in COUNTS:
            assert 1 < i.answer <= COUNT_CAP, (i.id, i.answer)
    # no item of one choice: a multiple-choice item has another choice than its answer
    from tutor.questions import part_views

    for i in items:
        view = part_views(i.asked.scenario, i.asked.question, i.asked.solution)[0]
        if view.kind == "choice":
            assert len(view.choices) >= 2


def test_plain_yes_no_is_the_nothing_happens_answer() -> None:
    items = generate("regicide", count=60, seed=2)
    legal = [i for i in items if i.data["questions"][0]["ask"] == "is_legal"]
    assert {i.answer for i in legal} == {True, False}
    assert all(plain_yes_no(i.asked) == (i.answer is True) for i in legal)


# the share of items offering a misreading's wrong choice, 100 seeded items per game: measured before this
# change at 11% (Regicide), 0% (Dungeon Mayhem), 15% (Marvel Champions); after the misreadings of issue 26 at
# 63%, 80% and 78% (issue 26 asks for at least 60% in every game)
FLOORS = {"regicide": 0.6, "dungeon_mayhem": 0.6, "marvel_champions": 0.6}


@pytest.mark.parametrize("game", GAMES)
def test_most_items_offer_a_misreading(game: str) -> None:
    items = generate(game, count=100, seed=0)
    share = sum(1 for i in items if i.wrong) / len(items)
    assert share >= FLOORS[game], share


@pytest.mark.parametrize("game", GAMES)
def test_rule_titles_are_unique_per_game(game: str) -> None:
    g = plugin(game).glossary
    titles = Counter(g[r].title for r in g.ids())
    assert [t for t, n in titles.items() if n > 1] == []
