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
from dataclasses import dataclass, field

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ClientState_pb2 import ClientState
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

FINISHED = (ForwardMsg.FINISHED_SUCCESSFULLY, ForwardMsg.FINISHED_WITH_COMPILE_ERROR)
LARGEST = 200 * 1024 * 1024  # bytes: a message of the server's own size limit


@dataclass
class Visit:
    """What one page visit took and showed: its seconds (from connecting until the run
    that drew the page had finished), the script's runs, and the text the page sent."""

    seconds: float = 0.0
    runs: int = 0
    text: str = ""
    failed: str = ""
    parts: list[str] = field(default_factory=list)


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
    return message.SerializeToString()


def strings(message: ForwardMsg) -> list[str]:
    """Every text a delta carries (markdown, headings, alerts, captions, tables' cells as
    their bytes hold them), enough to tell what a page showed."""
    if message.WhichOneof("type") != "delta":
        return []
    raw = message.delta.SerializeToString()
    return [raw.decode("utf-8", "replace")]


async def visit(url: str, page: str, query: str, timeout: float = 120.0) -> Visit:
    """Open `page` of the app at `url` with `query`, as a new tab would, and read every
    message until the run that draws the page has finished (or `timeout` seconds)."""
    shown = Visit()
    began = time.perf_counter()
    try:
        async with asyncio.timeout(timeout):
            async with websockets.connect(stream_url(url), subprotocols=["streamlit"],  # type: ignore[list-item]
                                          max_size=LARGEST, open_timeout=timeout) as socket:
                await socket.send(rerun(page, query, []))
                keep_id, answered = "", False
                async for raw in socket:
                    message = ForwardMsg()
                    message.ParseFromString(raw if isinstance(raw, bytes) else raw.encode())
                    kind = message.WhichOneof("type")
                    if kind == "delta" and message.delta.WhichOneof("type") == "new_element":
                        element = message.delta.new_element
                        if element.WhichOneof("type") == "bidi_component" and "allfives_keep" in \
                                element.bidi_component.component_name:
                            keep_id = element.bidi_component.id
                    shown.parts += strings(message)
                    if kind != "script_finished":
                        continue
                    if message.script_finished == ForwardMsg.FINISHED_EARLY_FOR_RERUN:
                        continue  # the script asked for another run: the server starts it itself
                    shown.runs += 1
                    if message.script_finished not in FINISHED:
                        continue
                    if keep_id and not answered:  # the tab keeps nothing: now the page is drawn
                        answered = True
                        shown.parts = []
                        state = WidgetState(id=keep_id, json_value=json.dumps({"stored": "{}"}))
                        await socket.send(rerun(page, query, [state]))
                        continue
                    break
    except (TimeoutError, OSError, websockets.WebSocketException) as error:
        shown.failed = f"{type(error).__name__}: {str(error)[:120]}"
    shown.seconds = time.perf_counter() - began
    shown.text = "\n".join(shown.parts)
    return shown
