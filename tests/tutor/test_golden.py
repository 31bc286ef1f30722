"""Every scenario's answers and explanations match tests/golden/ (written by `rules-tutor golden --update`), so a
change of wording or of a ruling is reviewed as a diff of what learners read; a golden file that belongs to no
scenario fails too."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor import golden
from tutor.library import default_library

LIB = default_library()


@pytest.mark.parametrize("sid", sorted(LIB.scenarios))
def test_explanation_matches_its_golden_file(sid: str) -> None:
    path = golden.path_of(sid)
    assert path.exists(), f"no {path.name}: run `rules-tutor golden --update` and review the new file"
    want = golden.render(LIB, sid)
    diff = golden.differences(LIB).get(path.name) if path.read_text(encoding="utf-8") != want else None
    assert diff is None, f"{path.name} differs from what the engine explains now:\n{diff}"


def test_no_golden_file_without_a_scenario() -> None:
    stale = sorted(p.stem for p in golden.GOLDEN.glob("*.txt") if p.stem not in LIB.scenarios)
    assert stale == [], f"golden files for scenarios that are gone: {stale}"


def test_a_changed_explanation_is_reported_as_a_diff(tmp_path: Path) -> None:
    sid = sorted(LIB.scenarios)[0]
    (tmp_path / f"{sid}.txt").write_text(golden.render(LIB, sid).replace("answer:", "answer was:", 1),
                                         encoding="utf-8")
    (tmp_path / "gone.scenario.txt").write_text("old\n", encoding="utf-8")
    diffs = golden.differences(LIB, tmp_path)
    assert "-  answer was:" in diffs[f"{sid}.txt"] and "+  answer:" in diffs[f"{sid}.txt"]
    assert "no scenario 'gone.scenario'" in diffs["gone.scenario.txt"]
    assert len(diffs) == len(LIB.scenarios) + 1  # every other scenario's file is missing there
    changed = golden.update(LIB, tmp_path)
    assert f"{sid}.txt" in changed and not (tmp_path / "gone.scenario.txt").exists()
    assert golden.differences(LIB, tmp_path) == {}
