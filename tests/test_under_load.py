"""The load harness behind `make test-loaded` really holds the cores and hands back the command's result."""

from __future__ import annotations

import sys

from tests.under_load import run_loaded


def test_busy_processes_spin_while_the_command_runs_and_stop_after() -> None:
    run = run_loaded([sys.executable, "-c", "import time; time.sleep(1.5); raise SystemExit(7)"], busy=2)
    assert run.code == 7  # the command's own exit code
    assert len(run.spins) == 2 and all(n > 0 for n in run.spins)  # each spun through the command
    assert run.left_running == 0
