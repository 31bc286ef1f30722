"""A class of students as Streamlit clients, without a browser: each speaks the browser's own protocol
(protobuf over the app's websocket) on loopback. Used by ``bench/class_burst.py`` and the burst tests.

A student opens the /join page with its token, picks a choice (the answer area reruns and enables Submit),
and presses Submit; time-to-feedback runs from sending the click to receiving the feedback element.

A teacher-paced page follows the teacher by a fragment that reruns itself every half second
(``st.fragment(run_every=…)``). The server does not run it by itself: it sends the browser an ``auto_rerun``
message (the fragment's id and interval), and the browser's timer asks for each rerun. A client that ignores
that message never polls, so it never sees a reveal (what the first teacher-paced bench did). :meth:`Student.watch`
does what the browser does: it keeps every auto-rerun fragment it was told of running at its interval
(flagged ``is_auto_rerun``, as the browser flags them) until the next question arrives, each timer in its own
phase, from when its message came, as ``setInterval`` runs it (a class whose timers all fired together, at the
moment of the reveal, measured the luck of that one instant). Like the browser, every
message after the first names the page the server ran (``page_script_hash``): without it, the full rerun that
the fragment asks for (``st.rerun``) ran the app's default page, the home page, not the student's. And like
the browser, a full run drops the timers of the runs before it (their fragments are gone); kept, they piled up
polls for dead fragments, round after round.
"""

from __future__ import annotations

import asyncio
import time
from typing import Awaitable, Callable

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

TIMEOUT = 60.0  # a click whose feedback has not come by then is not acknowledged
FEEDBACK = "rt-feedback"  # the class of the feedback element


class Student:
    """One student's page over the websocket: the elements of the last run, by label."""

    def __init__(self, base: str, query: str, page: str = "join") -> None:
        self.ws_url = base.replace("http", "ws", 1) + "/_stcore/stream"
        self.query, self.page = query, page
        self.radio: tuple[str, list[str]] | None = None  # (widget id, option labels)
        self.submit: str | None = None
        self.fragment: str = ""  # the answer area's fragment id
        self.choice: WidgetState | None = None
        self.ws: websockets.ClientConnection | None = None
        self.html: list[str] = []  # the HTML elements received, in order
        self.runs: list[str] = []  # how each script run ended: "fragment" (only the answer area reran) or "full"
        self.page_hash = ""  # the page the server ran (a browser names it in every later message)
        self.auto: dict[str, float] = {}  # the page's auto-rerun fragments: id -> seconds between reruns
        self.tick: dict[str, float] = {}  # when each one's timer last fired (it starts when its message came)

    async def open(self, question: bool = True) -> None:
        """Open the page and wait for its first run; with ``question``, it must show a question."""
        self.ws = await websockets.connect(self.ws_url, subprotocols=["streamlit"], max_size=None,  # type: ignore[list-item]
                                           open_timeout=TIMEOUT)
        await self._send()
        await self._until(lambda fm: fm.WhichOneof("type") == "script_finished")
        if question and not (self.radio and self.submit):
            raise RuntimeError("the student's page shows no question (radio and Submit button)")

    async def _send(self, widgets: list[WidgetState] | None = None, fragment: str = "", auto: bool = False) -> None:
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string = self.query
        cs.page_name = self.page
        cs.fragment_id = fragment
        cs.is_auto_rerun = auto
        cs.page_script_hash = self.page_hash  # else a rerun the page asks for (st.rerun) runs the home page
        for w in widgets or []:
            cs.widget_states.widgets.append(w)
        assert self.ws is not None
        await self.ws.send(msg.SerializeToString())

    async def _until(self, done: Callable[[ForwardMsg], bool]) -> None:
        assert self.ws is not None
        while True:
            fm = ForwardMsg()
            fm.ParseFromString(await asyncio.wait_for(self.ws.recv(), TIMEOUT))
            kind = fm.WhichOneof("type")
            if kind == "script_finished":
                fragment = fm.script_finished == ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY
                self.runs.append("fragment" if fragment else "full")
            elif kind == "new_session":  # a run starts; a full one (no fragment ids): drop the old runs' timers
                if not fm.metadata.run.fragment_ids:
                    self.auto.clear()
                    self.tick.clear()
                self.page_hash = fm.new_session.page_script_hash or self.page_hash
            elif kind == "navigation" and fm.navigation.page_script_hash:
                self.page_hash = fm.navigation.page_script_hash
            elif kind == "auto_rerun":  # the browser starts a timer for this fragment (kept if it has one already)
                fid = fm.auto_rerun.fragment_id
                if self.auto.get(fid) != fm.auto_rerun.interval:
                    self.auto[fid] = fm.auto_rerun.interval
                    self.tick[fid] = time.perf_counter()
            elif kind == "stop_auto_rerun":
                for fid in fm.stop_auto_rerun.fragment_ids:
                    self.auto.pop(fid, None)
                    self.tick.pop(fid, None)
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                what = el.WhichOneof("type")
                if what == "radio":
                    self.radio = (el.radio.id, list(el.radio.options))
                    self.fragment = fm.delta.fragment_id
                elif what == "button" and el.button.label == "Submit":
                    self.submit = el.button.id
                elif what == "html":
                    self.html.append(el.html.body)
            if done(fm):
                return

    async def choose(self, option: int = 0) -> None:
        """Pick a choice (the answer area reruns and enables Submit, as in the browser)."""
        assert self.radio
        self.choice = WidgetState(id=self.radio[0], string_value=self.radio[1][option])
        await self._send([self.choice], self.fragment)
        await self._until(lambda fm: fm.WhichOneof("type") == "script_finished")

    async def press_submit(self) -> float | None:
        """Press Submit; seconds until the feedback arrives, None if it never does (not acknowledged)."""
        assert self.submit and self.choice
        button = WidgetState(id=self.submit, trigger_value=True)
        t0 = time.perf_counter()
        await self._send([self.choice, button], self.fragment)
        try:
            await self._until(lambda fm: fm.WhichOneof("type") == "delta"
                              and fm.delta.new_element.WhichOneof("type") == "html"
                              and FEEDBACK in fm.delta.new_element.html.body)
        except (asyncio.TimeoutError, websockets.ConnectionClosed):
            return None
        return time.perf_counter() - t0

    async def watch(self, stop_at: float) -> float | None:
        """Run the page's auto-rerun fragments as the browser does, each at its interval, until a question other
        than the one on screen is drawn (a new radio, and the end of that run); when (``time.perf_counter``),
        None if not by ``stop_at``."""
        old = self.radio[0] if self.radio else None
        shown: list[float] = []

        def drawn(fm: ForwardMsg) -> bool:
            if self.radio is not None and self.radio[0] != old and fm.WhichOneof("type") == "script_finished":
                shown.append(time.perf_counter())
                return True
            return False

        reader = asyncio.create_task(self._until(drawn))
        try:
            while not reader.done() and time.perf_counter() < stop_at:
                now = time.perf_counter()
                for fid, every in list(self.auto.items()):
                    last = self.tick.setdefault(fid, now)
                    if now - last >= every:  # as setInterval: every interval from when the timer was set
                        self.tick[fid] = last + every * int((now - last) / every)
                        await self._send(fragment=fid, auto=True)
                await asyncio.wait([reader], timeout=0.02)
            if reader.done():
                reader.result()
                return shown[0]
            return None
        except (asyncio.TimeoutError, websockets.ConnectionClosed):
            return None
        finally:
            if not reader.done():
                reader.cancel()
                await asyncio.gather(reader, return_exceptions=True)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def arrive(students: list[Student]) -> None:
    """Open every page (ten at a time, as a class arrives) and pick a choice."""
    for i in range(0, len(students), 10):
        await asyncio.gather(*(s.open() for s in students[i:i + 10]))
    for i in range(0, len(students), 10):
        await asyncio.gather(*(s.choose() for s in students[i:i + 10]))


async def follow(students: list[Student], reveal: Callable[[], Awaitable[None]], rounds: int,
                 settle: float = 1.0) -> list[float | None]:
    """Teacher-paced rounds: the class opens its pages, then for each round everyone watches while the teacher
    reveals the next question (``reveal``) once their pages are idle; each student's seconds from the reveal to
    the question on their page (None: it never came, within ``TIMEOUT``)."""
    out: list[float | None] = []
    try:
        for i in range(0, len(students), 10):
            await asyncio.gather(*(s.open(question=False) for s in students[i:i + 10]))
        for _ in range(rounds):
            stop_at = time.perf_counter() + settle + TIMEOUT
            watching = [asyncio.create_task(s.watch(stop_at)) for s in students]
            await asyncio.sleep(settle)  # every page idle, polling: only the reveal is timed
            t0 = time.perf_counter()
            await reveal()
            arrived = await asyncio.gather(*watching)
            out += [None if t is None else max(0.0, t - t0) for t in arrived]
        return out
    finally:
        await asyncio.gather(*(s.close() for s in students), return_exceptions=True)


async def burst(students: list[Student]) -> list[float | None]:
    """The class arrives, then everyone presses Submit at once: each student's time-to-feedback (None: none)."""
    try:
        await arrive(students)
        await asyncio.sleep(1.0)  # the choices' reruns are done: only the clicks are timed
        return list(await asyncio.gather(*(s.press_submit() for s in students)))
    finally:
        await asyncio.gather(*(s.close() for s in students), return_exceptions=True)
