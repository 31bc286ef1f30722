"""`python -m ui.serve` warms the process before Streamlit opens its port: the pages then find the
library loaded and solved (their st.cache_resource hits) and the schema in place."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sqlite3, sys
from tutor import library as libmod
import ui.serve
ui.serve.warm()
def boom(*a, **k):
    raise AssertionError("the library was loaded again after the warm-up")
libmod.load = boom
from ui.session import library
lib = library()
assert lib.scenarios and all(sid in lib._solutions for sid in lib.scenarios), "not every scenario was solved"
assert "ui.ruling_view" in sys.modules and "ui.lesson_view" in sys.modules
tables = {r[0] for r in sqlite3.connect(sys.argv[1]).execute("select name from sqlite_master where type='table'")}
assert {"lesson_progress", "alembic_version"} <= tables, tables
print("warm ok")
"""


def test_warm_up_leaves_the_library_solved_and_cached_and_the_schema_upgraded(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "RULES_TUTOR_DATA": str(tmp_path)}
    res = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path / "rules_tutor.sqlite")], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and "warm ok" in res.stdout, res.stderr[-2000:]
