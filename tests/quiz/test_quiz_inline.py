"""Quiz items that carry their situation inline (saved from the "Check a ruling" page), on SQLite and
PostgreSQL: saved and loaded, graded by the engine at submission, in the results and the CSV, refused
with their positioned problems when the situation does not load, added to a saved quiz."""

from __future__ import annotations

import csv
import io

import pytest

from tutor.library import default_library
from tutor.questions import label_of, part_views
from tutor.quiz import results, service
from tutor.quiz import spec as S
from tutor.quiz.spec import InvalidItem, Item, QuizSpec
from tutor.templates import template

LIB = default_library()
MC = template("marvel_champions")  # id my.ruling; questions who (multi), defender (choice), damage, instead, legal
# Player 1 basic-defends, then Player 2 plays Preemptive Strike: who is the target?
SITUATION = MC.replace("actions: []", "actions:\n  - {player: p1, defend: Spider-Man}").replace(
    "{id: p2, name: Player 2, identity: Black Panther}", "{id: p2, name: Player 2, identity: Black Panther, hand: [Preemptive Strike]}"
)


def _defender_item() -> Item:
    (item,) = S.inline_items(SITUATION, ["defender"])
    return item


def right_and_wrong(item: Item) -> tuple[object, object]:
    scn, q = S.resolve(LIB, item)
    right = S.asked(LIB, item).answer
    keys = [c.key for c in part_views(scn, q)[0].choices]
    return right, next(k for k in keys if k != right)


def test_the_situation_loads_and_the_engine_answers() -> None:
    item = _defender_item()
    assert item.inline and item.scenario == "my.ruling" and item.text is not None
    scn, q = S.resolve(LIB, item)
    assert q.id == "defender" and scn.title == "My ruling"
    assert S.asked(LIB, item).answer == "Spider-Man"
    assert S.asked(LIB, item) is S.asked(LIB, item)  # solved once, cached by the text's hash
    assert S.missing_items(LIB, QuizSpec(title="t", items=[item])) == []


def test_a_library_item_is_stored_as_before_and_an_inline_one_keeps_only_its_text() -> None:
    lib_item = Item(scenario="mc.def.basic", question="q")
    assert lib_item.model_dump(mode="json") == {"scenario": "mc.def.basic", "question": "q"}
    dumped = _defender_item().model_dump(mode="json")
    assert set(dumped) == {"scenario", "question", "text"}
    assert "expect" not in dumped["text"]


def test_an_inline_situation_wins_over_a_library_scenario_of_the_same_id() -> None:
    sid = next(iter(LIB.scenarios))
    text = MC.replace("id: my.ruling", f"id: {sid}")
    (item,) = S.inline_items(text, ["defender"])
    scn, _ = S.resolve(LIB, item)
    assert scn is not LIB.scenarios[sid] and scn.title == "My ruling"
    assert item.key != Item(scenario=sid, question="defender").key


def test_authors_expected_answers_are_dropped_before_saving() -> None:
    sid = "rg.turn.basic_attack"
    text = open(LIB.paths[sid], encoding="utf-8").read()
    assert "expect:" in text
    items = S.inline_items(text)
    assert len(items) == len(LIB.scenarios[sid].questions)
    assert all("expect" not in (it.text or "") for it in items)
    with pytest.raises(InvalidItem, match="must not hold 'expect'"):
        S.check_items([Item(scenario=sid, question=items[0].question, text=text)])


def test_invalid_text_is_refused_with_its_line(db_url: str) -> None:
    bad = MC.replace("attacker: Rhino", "attacker: Rhinoo")
    with pytest.raises(InvalidItem) as err:
        S.inline_items(bad)
    assert str(err.value).startswith("situation.yaml:10:") and "Rhinoo" in str(err.value)
    forged = Item(scenario="my.ruling", question="defender", text=bad)  # built by hand, bypassing inline_items
    with pytest.raises(InvalidItem, match=r"situation\.yaml:10:\d+: setup\.attack\.attacker"):
        service.save_quiz(QuizSpec(title="Bad", items=[forged]), db_url)
    assert service.list_quizzes(db_url) == []
    qid = service.save_quiz(QuizSpec(title="Good", items=[_defender_item()]), db_url)
    with pytest.raises(InvalidItem):
        service.add_item(qid, forged, db_url)
    with pytest.raises(InvalidItem, match="no question 'nope'"):
        service.add_item(qid, Item(scenario="my.ruling", question="nope", text=SITUATION), db_url)
    assert service.load_quiz(qid, db_url).items == [_defender_item()]
    assert S.missing_items(LIB, QuizSpec(title="t", items=[forged])) == [forged]  # and never served


def test_inline_items_round_trip_through_save_and_load(db_url: str) -> None:
    items = S.inline_items(SITUATION)
    spec = QuizSpec(title="Game night", items=[Item(scenario="mc.def.basic", question="q"), *items])
    qid = service.save_quiz(spec, db_url)
    assert service.load_quiz(qid, db_url) == spec
    assert service.list_quizzes(db_url) == [(qid, "Game night", 1 + len(items))]
    sess = service.start_session(qid, db_url)
    assert sess.spec == spec


def test_adding_questions_to_a_saved_quiz_leaves_running_sessions_alone(db_url: str) -> None:
    first, *rest = S.inline_items(SITUATION)
    qid = service.save_quiz(QuizSpec(title="Rulings", items=[first], feedback="end"), db_url)
    running = service.start_session(qid, db_url)
    added = service.add_items(qid, [first, *rest, *rest], db_url)  # repeats are not added twice
    n = 1 + len(rest)
    assert (added.added, added.already, added.total, added.title) == (len(rest), 1 + len(rest), n, "Rulings")
    spec = service.load_quiz(qid, db_url)
    assert spec.items == [first, *rest] and spec.feedback == "end"  # options kept
    assert service.session_info(running.id, db_url).spec.items == [first]  # type: ignore[union-attr]
    assert service.start_session(qid, db_url).spec.items == [first, *rest]
    with pytest.raises(service.QuizError, match="no quiz"):
        service.add_item(qid + 100, first, db_url)


def test_a_quiz_holds_at_most_a_hundred_questions(db_url: str) -> None:
    many = [Item(scenario="mc.def.basic", question=f"q{i}") for i in range(service.MAX_ITEMS)]
    qid = service.save_quiz(QuizSpec(title="Full", items=many), db_url)
    with pytest.raises(service.QuizError, match="at most 100"):
        service.add_item(qid, _defender_item(), db_url)


def test_inline_items_are_graded_at_submission_and_shown_in_results_and_csv(db_url: str) -> None:
    item = _defender_item()
    right, wrong = right_and_wrong(item)
    qid = service.save_quiz(QuizSpec(title="Rulings", items=[item]), db_url)
    sess = service.start_session(qid, db_url)
    ana = service.join(sess.code, "Ana", ["ip:1"], db_url).token
    ben = service.join(sess.code, "Ben", ["ip:1"], db_url).token
    assert ana and ben
    assert service.submit(LIB, ana, 0, right, db_url).correct
    assert not service.submit(LIB, ben, 0, wrong, db_url).correct
    fb = S.grade_item(LIB, item, wrong)
    scn, q = S.resolve(LIB, item)
    assert not fb.correct and fb.answer_label == label_of(scn, q, right) and fb.steps

    res = results.load(LIB, sess.id, db_url)
    (summary,) = res.items
    assert (summary.title, summary.prompt, summary.answered, summary.right) == ("My ruling", q.prompt, 2, 1)
    assert summary.answer_label == label_of(scn, q, right)
    assert summary.misconception == label_of(scn, q, wrong) and summary.percent == 50.0
    assert [r["Q1"] for r in results.grid(res)] == ["✓", "✗"]
    rows = list(csv.DictReader(io.StringIO(results.to_csv(LIB, res))))
    assert [(r["student"], r["scenario"], r["question_id"], r["correct"]) for r in rows] == [
        ("Ana", "my.ruling", "defender", "yes"), ("Ben", "my.ruling", "defender", "no")]
    assert rows[0]["answer"] == label_of(scn, q, right) and rows[1]["answer"] == label_of(scn, q, wrong)
    assert rows[0]["prompt"] == q.prompt
