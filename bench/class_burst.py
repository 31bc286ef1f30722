"""A class burst: every student of a class presses Submit at the same moment; time-to-feedback, clicks that got
no feedback, and answers lost. Classes of 30, 60 and 120 by default, each beside a bare Streamlit app measured
the same way in the same run.

Each student is a Streamlit client on loopback speaking the browser's own protocol (protobuf over the app's
websocket, ``tests/quiz/class_client.py``): it opens the /join page with its token, picks a choice (the answer area reruns and enables
Submit), and then every student presses Submit together. Time-to-feedback runs from sending the click to
receiving the feedback element. A click whose feedback does not come within 60 s is counted as not
acknowledged (it must be 0). Then the database is counted: every acknowledged answer must be stored (lost
must be 0).

The baseline is the cost of a bare Streamlit rerun on the same machine at the same moment: a one-fragment
script (a radio, a Submit button, a feedback element on click) served with the same number of processes,
driven by the same clients in the same way. What the app adds is the difference.

    .venv/bin/python bench/class_burst.py                         # 30, 60, 120 students; one app process
    .venv/bin/python bench/class_burst.py --processes 2           # two processes behind HAProxy (make run-scaled)
    .venv/bin/python bench/class_burst.py --students 30 --rounds 5
    .venv/bin/python bench/class_burst.py --url http://127.0.0.1:8501 --db sqlite:///data/rules_tutor.sqlite

Targets (issue 13): 30 students on 1 process p95 <= 0.5 s; 120 students with run-scaled p95 <= 1 s; every click
acknowledged, 0 lost. Bounded: at most 200 students, every wait has a timeout, the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402

from tests.quiz.class_client import FEEDBACK, Student, burst  # noqa: E402
from tutor import store  # noqa: E402
from tutor.library import default_library  # noqa: E402
from tutor.questions import part_views  # noqa: E402
from tutor.quiz import service  # noqa: E402
from tutor.quiz.spec import QuizSpec, catalogue, resolve  # noqa: E402
from tutor.quiz.tables import Answer  # noqa: E402

MAX_STUDENTS = 200

BARE_SCRIPT = f'''"""The floor: one fragment with a radio and a Submit button, as bare as Streamlit gets."""
import streamlit as st


@st.fragment
def answer():
    st.html("<p>Question 1 of 1</p>")
    choice = st.radio("Pick one", ["a", "b", "c"], index=None)
    if st.button("Submit", type="primary", disabled=choice is None):
        st.html('<div class="{FEEDBACK}" role="status">Answer saved.</div>')


answer()
'''


def quiz_items(questions: int) -> list:  # type: ignore[type-arg]
    """Single-answer choice questions (a radio on the page)."""
    lib = default_library()
    items = []
    for e in catalogue(lib, games=["marvel_champions"]):
        scn, q = resolve(lib, e.item)
        if q.parts is None and part_views(scn, q)[0].choices:
            items.append(e.item)
    return items[:questions]


def make_session(url: str, students: int, questions: int = 3) -> tuple[int, list[str]]:
    spec = QuizSpec(title="Class burst", items=quiz_items(questions), feedback="each")
    sess = service.start_session(service.save_quiz(spec, url), url)
    tokens = [service.join(sess.code, f"Student {i:03d}", [f"sid:bench{i}"], url).token for i in range(students)]
    assert all(tokens)
    return sess.id, [t for t in tokens if t]


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(p * len(xs) + 0.5) - 1))]


@dataclass
class Figures:
    times: list[float]
    clicks: int

    @property
    def unacknowledged(self) -> int:
        return self.clicks - len(self.times)

    def p(self, q: float) -> float:
        return percentile(self.times, q) if self.times else float("nan")


def run_app(base: str, url: str, n: int, rounds: int) -> tuple[Figures, int]:
    """``rounds`` bursts of ``n`` students on the app (one question each); (figures, answers lost)."""
    session_id, tokens = make_session(url, n, rounds)
    fig = Figures([], 0)
    for _ in range(rounds):
        got = asyncio.run(burst([Student(base, f"s={t}", "join") for t in tokens]))
        fig.clicks += len(got)
        fig.times += [t for t in got if t is not None]
        for tok in tokens:  # everyone moves on to the next question (not timed)
            view = service.student_view(tok, url)
            assert view is not None
            service.advance(tok, view.position, url)
    with Session(store.engine(url)) as s:
        stored = int(s.scalar(select(func.count()).select_from(Answer).where(Answer.session_id == session_id)) or 0)
    return fig, len(fig.times) - stored


def run_bare(base: str, n: int, rounds: int) -> Figures:
    fig = Figures([], 0)
    for _ in range(rounds):
        got = asyncio.run(burst([Student(base, "", "") for _ in range(n)]))
        fig.clicks += len(got)
        fig.times += [t for t in got if t is not None]
    return fig


def rss_mb(cluster: object) -> float:
    """The app processes' resident memory (MB): Streamlit's gc.collect after every run is off (the project's
    .streamlit/config.toml), so this shows that memory does not build up from class to class."""
    total = 0
    for p in getattr(cluster, "procs", []):
        try:
            status = Path(f"/proc/{p.pid}/status").read_text()
        except OSError:
            continue
        if "haproxy" not in Path(f"/proc/{p.pid}/cmdline").read_text():
            total += int(next(ln.split()[1] for ln in status.splitlines() if ln.startswith("VmRSS:")))
    return total / 1024


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--students", type=int, nargs="+", default=[30, 60, 120], help="class sizes (default 30 60 120)")
    ap.add_argument("--processes", type=int, default=1, help="app processes behind HAProxy (as make run-scaled)")
    ap.add_argument("--url", help="an app already running (then --db must name its database)")
    ap.add_argument("--db", help="the database URL (default: a SQLite file in a temporary folder)")
    ap.add_argument("--rounds", type=int, default=3, help="bursts per class size (one question each, at most 10)")
    args = ap.parse_args()
    sizes = [max(1, min(n, MAX_STUDENTS)) for n in args.students]
    rounds = max(1, min(args.rounds, 10))
    from tutor.quiz.scaled import Cluster

    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{tmp}/burst.sqlite"
        store.engine(url)
        bare_script = Path(tmp) / "bare.py"
        bare_script.write_text(BARE_SCRIPT, encoding="utf-8")
        (Path(tmp) / "bare").mkdir()
        bare = Cluster(Path(tmp) / "bare", args.processes, script=bare_script).start()
        cluster = None
        try:
            if args.url:
                base = args.url.rstrip("/")
            else:
                cluster = Cluster(Path(tmp), args.processes, env={"RULES_TUTOR_DB": url}).start()
                base = cluster.url
            print(f"class burst: {args.processes} process(es), {rounds} round(s) per class, on {os.cpu_count()} cores; "
                  f"time from pressing Submit to the feedback (s); the app beside a bare Streamlit rerun, same run")
            print(f"  {'students':>8}  {'app p50':>7} {'p95':>5} {'max':>5}   {'bare p50':>8} {'p95':>5} {'max':>5}"
                  f"   {'app-bare p95':>12}  {'no feedback':>11}  {'lost':>4}  load  app MB")
            for n in sizes:
                b = run_bare(bare.url, n, rounds)
                a, lost = run_app(base, url, n, rounds)
                load = os.getloadavg()[0]
                failed |= bool(lost or a.unacknowledged)
                print(f"  {n:>8}  {statistics.median(a.times):7.2f} {a.p(.95):5.2f} {max(a.times):5.2f}"
                      f"   {statistics.median(b.times):8.2f} {b.p(.95):5.2f} {max(b.times):5.2f}"
                      f"   {a.p(.95) - b.p(.95):+12.2f}  {a.unacknowledged:>5} of {a.clicks:<3}  {lost:>4}  {load:4.1f}"
                      f"  {rss_mb(cluster) if cluster else float('nan'):6.0f}",
                      flush=True)
        finally:
            if cluster is not None:
                cluster.stop()
            bare.stop()
    print("targets (issue 13): 30 students, 1 process: p95 <= 0.5 s; 120 students, make run-scaled: p95 <= 1 s; "
          "every click acknowledged; 0 lost")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
