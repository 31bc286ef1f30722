"""A weak teacher passcode is refused: ``python -m ui.serve`` (and ``make run-scaled``) stop at start-up with one
line offering a strong one; a server started another way keeps the teacher area locked and says why."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tutor.quiz import passcode
from ui.state import QuizKeys

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("weak", ["owl-42", "hawk", "Password2024!", "correct horse battery staple",
                                  "P@ssw0rd12345", "qwertyuiop12", "zzzzzzzzzzzzzz", "abcdefghijklmn",
                                  "choose-a-long-one", "Teacher-123456"])
def test_short_common_and_patterned_passcodes_are_weak(weak: str) -> None:
    assert passcode.weakness(weak) is not None


@pytest.mark.parametrize("strong", ["e2e-hostile-owl", "owl-42-heron-7", "Mrs Nguyen's kestrel 19",
                                    "ਕਲਾਸ-ਦਾ-ਪਾਸਕੋਡ-42"])
def test_long_uncommon_passcodes_pass(strong: str) -> None:
    assert passcode.weakness(strong) is None


def test_the_suggestion_is_strong_and_new_each_time() -> None:
    offered = {passcode.suggestion() for _ in range(50)}
    assert len(offered) == 50 and all(len(s) == 19 and passcode.weakness(s) is None for s in offered)


def test_the_common_list_is_shipped_and_of_a_few_hundred() -> None:
    assert 250 <= len(passcode.common()) <= 1000 and "password" in passcode.common()


def test_secrets_toml_is_read_as_streamlit_reads_it(tmp_path: Path) -> None:
    (tmp_path / ".streamlit").mkdir()
    (tmp_path / ".streamlit" / "secrets.toml").write_text('teacher_passcode = "owl"\n', encoding="utf-8")
    line = passcode.startup_refusal(tmp_path, env={})
    assert line is not None and "too weak: it has 3 characters" in line and "\n" not in line
    assert passcode.startup_refusal(tmp_path, env={passcode.ENV: "owl-42-heron-7"}) is None  # the environment wins
    assert passcode.startup_refusal(tmp_path / "nowhere", env={}) is None  # no passcode: the area stays locked


def test_the_server_will_not_start_with_a_weak_passcode(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), passcode.ENV: "owl-42", "RULES_TUTOR_DATA": str(tmp_path)}
    run = subprocess.run([sys.executable, "-m", "ui.serve", "--server.port", "1"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rules-tutor: the teacher passcode")
    offered = lines[0].rsplit("e.g. ", 1)[1]
    assert passcode.weakness(offered) is None
    assert not list(tmp_path.glob("*.sqlite"))  # stopped before anything was made


def test_the_teacher_page_stays_locked_with_a_weak_passcode(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULES_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv("RULES_TUTOR_DB", raising=False)
    monkeypatch.setenv(passcode.ENV, "owl-42")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.switch_page("ui/pages/teacher.py")
    at.run()
    assert not at.exception
    assert at.error and "too weak" in at.error[0].value and "restart the app" in at.error[0].value
    with pytest.raises(KeyError):
        at.text_input(key=QuizKeys.PASSCODE)  # no passcode box: "owl-42" unlocks nothing
