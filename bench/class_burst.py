"""A class burst: 30 students submit an answer at the same moment; time-to-feedback and answers lost.

Each student is a Streamlit client on loopback speaking the browser's own protocol (protobuf over the
app's websocket): it opens the /join page with its token, picks a choice, and every student presses
Submit together. Time-to-feedback runs from sending the click to receiving the feedback element. Then the
database is counted: every submitted answer must be there (lost must be 0). Bounded: at most 200
students, every wait has a timeout, the run stops by itself.

    .venv/bin/python bench/class_burst.py                  # one app process (SQLite in a temp folder)
    .venv/bin/python bench/class_burst.py --processes 2    # two app processes behind a sticky balancer
    .venv/bin/python bench/class_burst.py --url http://127.0.0.1:8500 --db sqlite:///data/rules_tutor.sqlite

Target on the 2-core machine: p95 <= 1.0 s, lost = 0.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import websockets  # noqa: E402
from sqlalchemy import func, select  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402
from streamlit.proto.BackMsg_pb2 import BackMsg  # noqa: E402
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg  # noqa: E402

from tutor import store  # noqa: E402
from tutor.library import default_library  # noqa: E402
from tutor.questions import part_views  # noqa: E402
from tutor.quiz import service  # noqa: E402
from tutor.quiz.spec import QuizSpec, catalogue, resolve  # noqa: E402
from tutor.quiz.tables import Answer  # noqa: E402

MAX_STUDENTS = 200
TIMEOUT = 60.0


class Student:
    """One student's page over the websocket: the elements of the last run, by label."""

    def __init__(self, base: str, token: str) -> None:
        self.ws_url = base.replace("http", "ws", 1) + "/_stcore/stream"
        self.query = f"s={token}"
        self.radio: tuple[str, list[str]] | None = None  # (widget id, option labels)
        self.submit: str | None = None
        self.fragment: str = ""
        self.ws: websockets.ClientConnection | None = None

    async def open(self) -> None:
        self.ws = await websockets.connect(self.ws_url, subprotocols=["streamlit"], max_size=None,  # type: ignore[list-item]
                                           open_timeout=TIMEOUT)
        await self._send()
        await self._until(lambda fm: fm.WhichOneof("type") == "script_finished")
        if not (self.radio and self.submit):
            raise RuntimeError("the student's page shows no question (radio and Submit button)")

    async def _send(self, widgets: list[object] | None = None, fragment: str = "") -> None:
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string = self.query
        cs.page_name = "join"
        cs.fragment_id = fragment
        for w in widgets or []:
            cs.widget_states.widgets.append(w)  # type: ignore[arg-type]
        assert self.ws is not None
        await self.ws.send(msg.SerializeToString())

    async def _until(self, done) -> bool:  # type: ignore[no-untyped-def]
        assert self.ws is not None
        while True:
            fm = ForwardMsg()
            fm.ParseFromString(await asyncio.wait_for(self.ws.recv(), TIMEOUT))
            if fm.WhichOneof("type") == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                kind = el.WhichOneof("type")
                if kind == "radio":
                    self.radio = (el.radio.id, list(el.radio.options))
                    self.fragment = fm.delta.fragment_id
                elif kind == "button" and el.button.label == "Submit":
                    self.submit = el.button.id
            if done(fm):
                return True

    async def choose(self) -> None:
        """Pick the first choice (the page reruns and enables Submit, as in the browser)."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        assert self.radio
        self.choice = WidgetState(id=self.radio[0], string_value=self.radio[1][0])
        await self._send([self.choice], self.fragment)
        await self._until(lambda fm: fm.WhichOneof("type") == "script_finished")

    async def press_submit(self) -> float:
        """Press Submit; seconds until the feedback arrives."""
        from streamlit.proto.WidgetStates_pb2 import WidgetState

        assert self.submit
        button = WidgetState(id=self.submit, trigger_value=True)
        t0 = time.perf_counter()
        await self._send([self.choice, button], self.fragment)
        await self._until(lambda fm: fm.WhichOneof("type") == "delta"
                          and fm.delta.new_element.WhichOneof("type") == "html"
                          and "rt-feedback" in fm.delta.new_element.html.body)
        return time.perf_counter() - t0

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def make_session(url: str, students: int, questions: int = 3) -> tuple[int, list[str]]:
    lib = default_library()
    items = []
    for e in catalogue(lib, games=["marvel_champions"]):
        scn, q = resolve(lib, e.item)
        if q.parts is None and part_views(scn, q)[0].choices:
            items.append(e.item)
    spec = QuizSpec(title="Class burst", items=items[:questions], feedback="each")
    sess = service.start_session(service.save_quiz(spec, url), url)
    tokens = [service.join(sess.code, f"Student {i:02d}", [f"sid:bench{i}"], url).token for i in range(students)]
    assert all(tokens)
    return sess.id, [t for t in tokens if t]


async def burst(base: str, tokens: list[str]) -> list[float]:
    students = [Student(base, t) for t in tokens]
    try:
        for i in range(0, len(students), 10):  # open the pages ten at a time, as a class arrives
            await asyncio.gather(*(s.open() for s in students[i:i + 10]))
        for i in range(0, len(students), 10):
            await asyncio.gather(*(s.choose() for s in students[i:i + 10]))
        await asyncio.sleep(1.0)
        return list(await asyncio.wait_for(asyncio.gather(*(s.press_submit() for s in students)), TIMEOUT))
    finally:
        await asyncio.gather(*(s.close() for s in students), return_exceptions=True)


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(p * len(xs) + 0.5) - 1))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--processes", type=int, default=1, help="app processes behind the sticky balancer")
    ap.add_argument("--url", help="an app already running (then --db must name its database)")
    ap.add_argument("--db", help="the database URL (default: a SQLite file in a temporary folder)")
    ap.add_argument("--rounds", type=int, default=3, help="bursts in a row (one question each, at most 10)")
    args = ap.parse_args()
    n = min(args.students, MAX_STUDENTS)
    args.rounds = max(1, min(args.rounds, 10))
    with tempfile.TemporaryDirectory() as tmp:
        url = args.db or f"sqlite:///{tmp}/burst.sqlite"
        store.engine(url)
        cluster = None
        if args.url:
            base = args.url.rstrip("/")
        else:
            from tutor.quiz.scaled import Cluster

            cluster = Cluster(Path(tmp), args.processes, env={"RULES_TUTOR_DB": url}).start()
            base = cluster.url
        try:
            times: list[float] = []
            expected = 0
            session_id, tokens = make_session(url, n, args.rounds)
            for r in range(args.rounds):
                t = asyncio.run(burst(base, tokens))
                times += t
                expected += len(t)
                print(f"  round {r + 1}: {len(t)} answers, p50 {statistics.median(t):.2f} s, "
                      f"p95 {percentile(t, .95):.2f} s, max {max(t):.2f} s")
                for tok in tokens:  # everyone moves on to the next question (not timed)
                    view = service.student_view(tok, url)
                    assert view is not None
                    service.advance(tok, view.position, url)
            with Session(store.engine(url)) as s:
                stored = s.scalar(select(func.count()).select_from(Answer).where(Answer.session_id == session_id))
        finally:
            if cluster is not None:
                cluster.stop()
    lost = expected - int(stored or 0)
    print(f"class burst: {n} students x {args.rounds} rounds, {args.processes} app process(es): "
          f"time-to-feedback p50 {statistics.median(times):.2f} s, p95 {percentile(times, .95):.2f} s, "
          f"max {max(times):.2f} s; answers lost: {lost} (target: p95 <= 1.0 s, lost 0)")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
