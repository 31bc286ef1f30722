"""Practice items drill the computed deciding step's rule (issue 23, item 8): the step that changed what the item's
question reads, never one picked by a rule-id pattern."""

from __future__ import annotations

import pytest

from tutor.practice.generate import asks_for, generate
from tutor.practice.sources_dm import ASKS as DM_ASKS
from tutor.questions import is_unchanged_note, reads_of


@pytest.mark.parametrize("game", ["regicide", "dungeon_mayhem"])
def test_an_items_rule_is_the_step_that_changed_what_it_reads(game: str) -> None:
    items = generate(game, count=6, seed=7, wrong=False)
    assert len(items) == 6
    for item in items:
        asked = item.asked
        assert asked is not None
        step = asked.explanation.deciding_step
        assert step is not None and step.rule == item.rule and not is_unchanged_note(step)
        if asked.solution.is_legal and item.data["questions"][0]["ask"] not in ("legal_plays", "legal_play_count"):
            reads = reads_of(asked.scenario, asked.question, asked.solution)
            assert any(k in reads for k, _b, _a in step.effects), (item.rule, step, reads)


def test_a_drill_of_a_rule_draws_on_every_ask_when_the_steps_record_effects() -> None:
    assert asks_for("dungeon_mayhem", "DM.heal.cap") == list(DM_ASKS)
