"""`python -m ui.serve` warms the process before Streamlit opens its port: the pages then find the
library built (their st.cache_resource hits), the page modules imported and the schema in place."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sqlite3, sys
import tutor.library as libmod
import ui.serve
ui.serve.warm()
def fail(*args, **kwargs):
    raise AssertionError("the pages built the library again after the warm-up")
libmod.load = libmod.default_library = fail
import ui.session
ui.session.default_library = fail
lib = ui.session.library()  # what every page calls
assert lib.scenarios and lib.lessons
assert "ui.ruling_view" in sys.modules and "ui.lesson_view" in sys.modules and "ui.teacher_view" in sys.modules
tables = {r[0] for r in sqlite3.connect(sys.argv[1]).execute("select name from sqlite_master where type='table'")}
assert {"lesson_progress", "alembic_version"} <= tables, tables
print("warm ok")
"""


def test_warm_up_leaves_the_library_cached_the_pages_imported_and_the_schema_upgraded(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "RULES_TUTOR_DATA": str(tmp_path)}
    res = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path / "rules_tutor.sqlite")], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and "warm ok" in res.stdout, res.stderr[-2000:]
