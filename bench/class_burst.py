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

**The teacher-paced round** (issue 25): the class sits on a teacher-paced session's page (the lobby, then a
question); the teacher reveals the next question; each student's time runs from the reveal to the question on
their page. The page follows the teacher by a fragment that reruns every half second, run by the client as a
browser runs it (``Student.watch``), so the figure includes up to one polling interval. The baseline is a bare
script following a step in a file with the same half-second fragment, driven the same way.

    .venv/bin/python bench/class_burst.py --round paced --students 30
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

from tests.quiz.class_client import FEEDBACK, Student, burst, follow  # noqa: E402
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


BARE_PACED = '''"""The floor for following a teacher: a half-second fragment polls a step (a file); a change reruns the page."""
import os
import streamlit as st

STEP = os.environ["BURST_STEP_FILE"]


def step():
    try:
        with open(STEP) as f:
            return f.read().strip()
    except OSError:
        return ""


shown = st.session_state["shown"] = step()


@st.fragment(run_every=0.5)
def watch():
    if step() != st.session_state.get("shown"):
        st.rerun()


if shown:
    st.radio(f"Question {shown}", ["a", "b", "c"], index=None)
else:
    st.html("<p>Wait for your teacher</p>")
watch()
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


def run_paced(base: str, url: str, n: int, rounds: int) -> Figures:
    """Teacher-paced: ``rounds`` reveals to ``n`` students on the app; seconds from each reveal to the question."""
    from tutor.quiz import paced

    spec = QuizSpec(title="Class burst, teacher-paced", items=quiz_items(rounds), feedback="each")
    sess = paced.start(service.save_quiz(spec, url), 60, url)
    tokens = [service.join(sess.code, f"Student {i:03d}", [f"sid:paced{i}"], url).token for i in range(n)]
    step = [-1]

    async def reveal() -> None:
        await asyncio.to_thread(paced.reveal, sess.id, step[0], url)
        step[0] += 1

    got = asyncio.run(follow([Student(base, f"s={t}", "join") for t in tokens if t], reveal, rounds))
    return Figures([t for t in got if t is not None], len(got))


def run_bare_paced(base: str, step_file: Path, n: int, rounds: int) -> Figures:
    step_file.write_text("", encoding="utf-8")
    step = [0]

    async def reveal() -> None:
        step[0] += 1
        step_file.write_text(str(step[0]), encoding="utf-8")

    got = asyncio.run(follow([Student(base, "", "") for _ in range(n)], reveal, rounds))
    return Figures([t for t in got if t is not None], len(got))


def _paced_table(bare_url: str, step_file: Path, base: str, url: str, sizes: list[int], rounds: int) -> bool:
    print(f"teacher-paced: {rounds} reveal(s) per class; time from the teacher's reveal to the question on each "
          f"student's page (s); the app beside a bare half-second poll, same run")
    print(f"  {'students':>8}  {'app p50':>7} {'p95':>5} {'max':>5}   {'bare p50':>8} {'p95':>5} {'max':>5}"
          f"   {'app-bare p95':>12}  {'never shown':>11}  load")
    failed = False
    for n in sizes:
        b = run_bare_paced(bare_url, step_file, n, rounds)
        a = run_paced(base, url, n, rounds)
        failed |= bool(a.unacknowledged) or not a.times
        print(f"  {n:>8}  {statistics.median(a.times):7.2f} {a.p(.95):5.2f} {max(a.times):5.2f}"
              f"   {statistics.median(b.times):8.2f} {b.p(.95):5.2f} {max(b.times):5.2f}"
              f"   {a.p(.95) - b.p(.95):+12.2f}  {a.unacknowledged:>5} of {a.clicks:<3}  {os.getloadavg()[0]:4.1f}",
              flush=True)
    print("target (issue 25): 30 students follow a reveal within 1 s (p95); every student shown the question")
    return failed


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
    ap.add_argument("--round", choices=("submit", "paced", "both"), default="both",
                    help="the Submit burst, the teacher-paced reveal, or both (default)")
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
        paced_script, step_file = Path(tmp) / "bare_paced.py", Path(tmp) / "step.txt"
        paced_script.write_text(BARE_PACED, encoding="utf-8")
        (Path(tmp) / "bare_paced").mkdir()
        bare_paced = Cluster(Path(tmp) / "bare_paced", args.processes, script=paced_script,
                             env={"BURST_STEP_FILE": str(step_file)}).start() if args.round != "submit" else None
        cluster = None
        try:
            if args.url:
                base = args.url.rstrip("/")
            else:
                cluster = Cluster(Path(tmp), args.processes, env={"RULES_TUTOR_DB": url}).start()
                base = cluster.url
            if bare_paced is not None:
                failed |= _paced_table(bare_paced.url, step_file, base, url, sizes, rounds)
            if args.round == "paced":
                return 1 if failed else 0
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
            if bare_paced is not None:
                bare_paced.stop()
    print("targets (issue 13): 30 students, 1 process: p95 <= 0.5 s; 120 students, make run-scaled: p95 <= 1 s; "
          "every click acknowledged; 0 lost")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
