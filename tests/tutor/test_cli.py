from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from tutor.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_check_passes_on_the_library(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["check"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("ok: ") and "expectations matched" in out[0]


def test_check_reports_problems_and_exits_1(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: x\ngame: marvel_champions\ngame: again\n", encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "bad.yaml:3:1: game: duplicate key 'game' (first defined at line 2)" in out


def test_solve_json_shape() -> None:
    path = ROOT / "scenarios" / "marvel_champions" / "d1_lend_a_hand.yaml"
    res = subprocess.run([sys.executable, "-m", "tutor.cli", "solve", str(path), "--json"], capture_output=True,
                         text=True, check=True, cwd=ROOT)
    data = json.loads(res.stdout)
    assert data["scenario"] == "mc.d1.lend_a_hand"
    (q,) = data["questions"]
    assert q["answer"] == {"attacked_player": "p2", "target": "Spider-Woman"}
    assert q["ask"] == ["attacked_player", "target"]
    rules = [s["rule"] for s in q["explanation"]]
    assert rules.index("MC.def.ally") + 1 == rules.index("MC.def.retarget")


def test_solve_text_names_an_illegal_play(capsys) -> None:  # type: ignore[no-untyped-def]
    path = ROOT / "scenarios" / "marvel_champions" / "d1_taking_turns.yaml"
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert "answer: The play is illegal" in out
    decides = next(line for line in out.splitlines() if "decides:" in line)
    assert "[MC.def.label_one_player; Rules Reference v1.8, p. 15, Defend 4-5, 4-6" in decides
    assert "Our ruling (c)" in decides


def test_solve_json_gives_the_moment_and_marks_the_deciding_step(capsys) -> None:  # type: ignore[no-untyped-def]
    path = ROOT / "scenarios" / "marvel_champions" / "d2_two_boosts.yaml"
    assert main(["solve", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    atk = data["questions"][0]
    assert atk["at"] == "after step 4 (Calculate damage)" and atk["answer"] == 5
    deciding = [s for s in atk["explanation"] if s.get("deciding")]
    assert [s["rule"] for s in deciding] == ["MC.dmg.calc"]
    assert all({"rule", "text", "source"} <= set(s) for s in atk["explanation"])
    # nothing after the moment: the damage is computed at step 4 and taken only at step 5
    assert "MC.dmg.apply" not in [s["rule"] for s in atk["explanation"]]


def test_show_prints_the_board_at_the_moment_with_the_answer_masked(capsys) -> None:  # type: ignore[no-untyped-def]
    path = ROOT / "scenarios" / "marvel_champions" / "d2_two_boosts.yaml"
    assert main(["show", str(path), "--question", "atk"]) == 0
    out = capsys.readouterr().out
    assert "asked after step 4 (Calculate damage)" in out
    assert "boost card Shocker, 2 boost icons" in out and "boost card Under Fire, 3 boost icons" in out
    assert "ATK ? · ? damage" in out and "ATK 5" not in out
    assert "What is his ATK after both boost cards are revealed?" in out


def test_show_rejects_an_unknown_question(capsys) -> None:  # type: ignore[no-untyped-def]
    path = ROOT / "scenarios" / "marvel_champions" / "d2_two_boosts.yaml"
    assert main(["show", str(path), "--question", "nope"]) == 1
    assert "no question 'nope' (questions: atk, hp)" in capsys.readouterr().err


def test_show_works_on_every_library_file(capsys) -> None:  # type: ignore[no-untyped-def]
    from tutor.library import default_library

    lib = default_library()
    for sid, path in sorted(lib.paths.items()):
        if sid not in lib.scenarios:
            continue  # a lesson
        assert main(["show", str(ROOT / path)]) == 0, path
        out = capsys.readouterr().out
        for q in lib.scenarios[sid].questions:
            assert q.prompt in out, (path, q.id)
            if lib.asked(sid, q.id).mask:
                assert "?" in out, (path, q.id)


def test_generate_writes_items_that_check_accepts(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "items"
    assert main(["generate", "regicide", "--rule", "REG.suit.clubs", "--count", "3", "--seed", "2",
                 "--out", str(out)]) == 0
    files = sorted(out.glob("*.yaml"))
    assert len(files) == 3
    capsys.readouterr()
    assert main(["check", str(out)]) == 0
    assert "3 expectations matched" in capsys.readouterr().out
    assert main(["generate", "dungeon_mayhem", "--count", "2", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert len(items) == 2 and all(i["rule"].startswith("DM.") and i["scenario"]["id"] == i["id"] for i in items)
    assert main(["generate", "regicide", "--rule", "NOT.a.rule"]) == 2
    assert "unknown rule" in capsys.readouterr().err
    start = time.process_time()
    assert main(["generate", "regicide", "--count", "100000"]) == 2  # refused at once, with the limit
    assert time.process_time() - start < 1
    assert "--count must be from 1 to 1,000, not 100,000" in capsys.readouterr().err
    assert main(["generate", "regicide", "--count", "0"]) == 2
