"""`rules-tutor generate` refuses what it cannot do before doing any work, in one line and a non-zero exit: a
``--count`` past the cap, an ``--out`` that is a file or cannot be written; a write failing midway is one line
too; a long run says how far it has got; no Streamlit warnings leak from drawing the boards."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor import cli
from tutor.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_generation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Generation must not start at all (the refusals come first)."""
    import tutor.practice.generate as gen

    def refuse(*a: object, **k: object) -> None:
        raise AssertionError("generate() ran")

    monkeypatch.setattr(gen, "generate", refuse)


@pytest.mark.parametrize("count", ["100000", "1001", "0", "-5"])
def test_count_outside_the_cap_is_refused_at_once(
        capsys: pytest.CaptureFixture[str], no_generation: None, count: str) -> None:
    start = time.process_time()
    assert main(["generate", "regicide", "--count", count]) == 2
    assert time.process_time() - start < 1.0
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    assert f"--count must be from 1 to {cli.MAX_COUNT:,}, not {int(count):,}" in err and "another --seed" in err


def test_the_cap_is_a_thousand() -> None:
    assert cli.MAX_COUNT == 1000


def test_out_that_is_a_file_or_under_one(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         no_generation: None) -> None:
    f = tmp_path / "items.yaml"
    f.write_text("keep me", encoding="utf-8")
    assert main(["generate", "regicide", "--count", "2", "--out", str(f)]) == 2
    _, err = capsys.readouterr()
    assert err.strip() == f"cannot write the items to {f}: it is a file, not a folder"
    assert main(["generate", "regicide", "--count", "2", "--out", str(f / "sub")]) == 2
    _, err = capsys.readouterr()
    assert err.strip() == f"cannot write the items to {f / 'sub'}: Not a directory"
    assert f.read_text(encoding="utf-8") == "keep me"


def test_out_that_cannot_be_written(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                    no_generation: None) -> None:
    """An unwritable folder (root writes anywhere, so the probe's refusal is simulated as the OS gives it)."""
    def denied(*a: object, **k: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(cli.tempfile, "NamedTemporaryFile", denied)
    assert main(["generate", "regicide", "--count", "2", "--out", str(tmp_path / "ro")]) == 2
    _, err = capsys.readouterr()
    assert err.strip() == f"cannot write the items to {tmp_path / 'ro'}: Permission denied"


@pytest.mark.skipif(not hasattr(__import__("os"), "geteuid") or __import__("os").geteuid() == 0,
                    reason="root can write into a read-only folder")
def test_out_in_a_read_only_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str], no_generation: None) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        assert main(["generate", "regicide", "--count", "2", "--out", str(ro)]) == 2
        _, err = capsys.readouterr()
        assert err.strip() == f"cannot write the items to {ro}: Permission denied"
    finally:
        ro.chmod(0o755)


def test_a_write_failing_midway_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    real = Path.write_text
    calls = []

    def full(self: Path, *a: object, **k: object) -> int:
        calls.append(self)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real(self, *a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "write_text", full)
    assert main(["generate", "dungeon_mayhem", "--count", "3", "--out", str(tmp_path / "o")]) == 1
    _, err = capsys.readouterr()
    assert err.strip() == f"cannot write {calls[1]}: No space left on device (1 of 3 file(s) written)"


def test_progress_lines_while_generating(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "PROGRESS_EVERY", 0.0)
    assert main(["generate", "dungeon_mayhem", "--count", "3", "--seed", "4"]) == 0
    err = capsys.readouterr().err.splitlines()
    progress = [x for x in err if x.startswith("... ")]
    assert progress and progress[0].startswith("... 0 of 3 item(s) so far, from 1 candidates"), err
    assert err[-1].startswith("3 item(s) from ")


def test_generate_prints_no_streamlit_warnings(tmp_path: Path) -> None:
    """The give-away check draws boards with the UI's code outside a Streamlit run: it used to log 80 lines of
    'missing ScriptRunContext' warnings."""
    res = subprocess.run([sys.executable, "-m", "tutor.cli", "generate", "regicide", "--count", "2", "--out",
                          str(tmp_path)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    said = [x for x in res.stderr.splitlines() if not x.startswith("... ")]  # progress lines on a slow machine
    assert said == [next(x for x in said if x.startswith("2 item(s) from "))], res.stderr
    assert res.stdout.strip() == f"wrote 2 file(s) to {tmp_path}"
