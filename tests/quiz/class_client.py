"""A class of students as Streamlit clients, without a browser: each speaks the browser's own protocol
(protobuf over the app's websocket) on loopback. Used by ``bench/class_burst.py`` and the burst tests.

A student opens the /join page with its token, picks a choice (the answer area reruns and enables Submit),
and presses Submit; time-to-feedback runs from sending the click to receiving the feedback element.
"""

from __future__ import annotations

import asyncio
import time
from typing import Callable

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

    async def open(self, question: bool = True) -> None:
        """Open the page and wait for its first run; with ``question``, it must show a question."""
        self.ws = await websockets.connect(self.ws_url, subprotocols=["streamlit"], max_size=None,  # type: ignore[list-item]
                                           open_timeout=TIMEOUT)
        await self._send()
        await self._until(lambda fm: fm.WhichOneof("type") == "script_finished")
        if question and not (self.radio and self.submit):
            raise RuntimeError("the student's page shows no question (radio and Submit button)")

    async def _send(self, widgets: list[WidgetState] | None = None, fragment: str = "") -> None:
        msg = BackMsg()
        cs = msg.rerun_script
        cs.query_string = self.query
        cs.page_name = self.page
        cs.fragment_id = fragment
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

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def arrive(students: list[Student]) -> None:
    """Open every page (ten at a time, as a class arrives) and pick a choice."""
    for i in range(0, len(students), 10):
        await asyncio.gather(*(s.open() for s in students[i:i + 10]))
    for i in range(0, len(students), 10):
        await asyncio.gather(*(s.choose() for s in students[i:i + 10]))


async def burst(students: list[Student]) -> list[float | None]:
    """The class arrives, then everyone presses Submit at once: each student's time-to-feedback (None: none)."""
    try:
        await arrive(students)
        await asyncio.sleep(1.0)  # the choices' reruns are done: only the clicks are timed
        return list(await asyncio.gather(*(s.press_submit() for s in students)))
    finally:
        await asyncio.gather(*(s.close() for s in students), return_exceptions=True)
