"""A visitor without a browser: one page of the app asked for and read over Streamlit's
own websocket protocol, as a browser's page would, with nothing drawn.

The server does all of its work (a session, the script's runs, every element sent), and
the client only reads the messages, so that a benchmark's visitors stand for browsers on
their own machines and take none of this machine's cores to draw.

    >>> import asyncio
    >>> asyncio.run(visit("http://127.0.0.1:8501", "analysis", "position=...")).seconds  # doctest: +SKIP
    3.2

The app's first run in a session a browser opened asks the tab for the work it keeps
(ui/keep.py) and draws no page; like a new tab, the visitor answers that it keeps
nothing, and the page is drawn by the next run.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any, Optional

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

FINISHED = (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_WITH_COMPILE_ERROR)
LARGEST = 200 * 1024 * 1024  # bytes: a message of the server's own size limit


@dataclass
class Visit:
    """What one visit or run took and showed: its seconds (until the run that drew the
    page had finished), the script's runs, the elements' texts as their messages hold
    them (markdown, alerts, captions, tables' cells: enough to tell what the page
    showed), and why it failed, if it did."""

    seconds: float = 0.0
    runs: int = 0
    text: str = ""
    failed: str = ""
    sent: tuple[bytes, ...] = ()  # every message the server sent in the visit, as sent


def stream_url(url: str) -> str:
    """The websocket address of the app at `url`.

    >>> stream_url("http://127.0.0.1:8501")
    'ws://127.0.0.1:8501/_stcore/stream'
    """
    return url.replace("http://", "ws://", 1).replace("https://", "wss://", 1).rstrip("/") + "/_stcore/stream"


def rerun(page: str, query: str, states: list[WidgetState]) -> bytes:
    """The message a browser sends to run the script for `page` with `query`."""
    message = BackMsg(rerun_script=ClientState(query_string=query, page_name=page))
    message.rerun_script.widget_states.widgets.extend(states)
    return bytes(message.SerializeToString())


class StreamSession:
    """One tab's session of the app over the websocket: open a page, then run the
    script again with widgets set or clicked, as the browser's page would; each run's
    seconds are from the message sent until the run that drew the page had finished.

    >>> async def one_answer() -> float:  # doctest: +SKIP
    ...     async with StreamSession("http://127.0.0.1:8501", "drills", "learner=Ann") as tab:
    ...         await tab.open()
    ...         count, check = tab.widget("text_input", "Count"), tab.widget("button", "Check")
    ...         return (await tab.run({count: "15"}, click=check)).seconds
    """

    def __init__(self, url: str, page: str, query: str, timeout: float = 120.0) -> None:
        self.url, self.page, self.query, self.timeout = url, page, query, timeout
        self.widgets: dict[tuple[str, str], str] = {}  # (kind, label) -> id, of the last run
        self.keep = ""  # the id of the component that asks the tab for its kept work
        self.socket: Any = None

    async def __aenter__(self) -> StreamSession:
        self.socket = await websockets.connect(stream_url(self.url), subprotocols=["streamlit"],  # type: ignore[list-item]
                                               max_size=LARGEST, open_timeout=self.timeout)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.socket.close()

    def widget(self, kind: str, label: str) -> str:
        """The id of the widget of `kind` (button, text_input, ...) labelled `label` on the page."""
        return self.widgets[(kind, label)]

    async def open(self) -> Visit:
        """The page's first runs: the tab says it keeps nothing, and the page is drawn."""
        shown = await self._run([])
        if self.keep and not shown.failed:
            again = await self.run()
            again.seconds += shown.seconds
            again.runs += shown.runs
            return again
        return shown

    async def run(self, values: Optional[dict[str, str]] = None, click: str = "") -> Visit:
        """Run the script with text widgets set to `values` and the button `click` clicked."""
        states = [WidgetState(id=self.keep, json_value=json.dumps({"stored": "{}"}))] if self.keep else []
        states += [WidgetState(id=id_, string_value=text) for id_, text in (values or {}).items()]
        if click:
            states.append(WidgetState(id=click, trigger_value=True))
        return await self._run(states)

    async def _run(self, states: list[WidgetState]) -> Visit:
        shown = Visit()
        parts: list[str] = []  # the texts of the run that draws the page
        sent: list[bytes] = []
        began = time.perf_counter()
        try:
            async with asyncio.timeout(self.timeout):
                await self.socket.send(rerun(self.page, self.query, states))
                self.widgets = {}
                async for raw in self.socket:
                    sent.append(raw if isinstance(raw, bytes) else raw.encode())
                    message = ForwardMsg()
                    message.ParseFromString(raw if isinstance(raw, bytes) else raw.encode())
                    kind = message.WhichOneof("type")
                    if kind == "page_info_changed":  # the address the script set, as a browser keeps it
                        self.query = message.page_info_changed.query_string
                    elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                        self._saw(message.delta.new_element)
                        parts.append(message.delta.new_element.SerializeToString().decode("utf-8", "replace"))
                    elif kind == "script_finished":
                        if message.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                            self.widgets, parts = {}, []  # the script runs again by itself
                            continue
                        shown.runs += 1
                        if message.script_finished in FINISHED:
                            break
        except (TimeoutError, OSError, websockets.WebSocketException) as error:
            shown.failed = f"{type(error).__name__}: {str(error)[:120]}"
        shown.seconds = time.perf_counter() - began
        shown.text = "\n".join(parts)
        shown.sent = tuple(sent)
        return shown

    def _saw(self, element: Any) -> None:
        kind = element.WhichOneof("type")
        if kind == "bidi_component" and "allfives_keep" in element.bidi_component.component_name:
            self.keep = element.bidi_component.id
        elif kind is not None:
            body = getattr(element, kind)
            if getattr(body, "label", "") and getattr(body, "id", ""):  # a widget (an element has no id)
                self.widgets[(kind, body.label)] = body.id


async def visit(url: str, page: str, query: str, timeout: float = 120.0) -> Visit:
    """Open `page` of the app at `url` with `query`, as a new tab would, and read every
    message until the run that draws the page has finished (or `timeout` seconds)."""
    began = time.perf_counter()
    try:
        async with StreamSession(url, page, query, timeout) as tab:
            shown = await tab.open()
    except (TimeoutError, OSError, websockets.WebSocketException) as error:
        shown = Visit(failed=f"{type(error).__name__}: {str(error)[:120]}")
    shown.seconds = time.perf_counter() - began
    return shown
