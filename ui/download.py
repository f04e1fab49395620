"""A file handed to the signed-in person's browser only: made when he clicks, sent over
his session's own connection, and saved by his browser from memory.

Streamlit's download button serves its file at a `/media/<hash>` address that anyone who
has the address can fetch, without a cookie, until the server forgets it: no place for a
class's first passwords, its results or a learner's history. Here the click runs the
page again; that run builds the file and draws a small script with the file's text,
which saves it through the browser (a Blob and a link clicked by the script), once. No
address holds the file on the server, and the next run draws the script no more."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Optional

import streamlit as st

JS = """
export default function (component) {
  const data = (component && component.data) || {};
  if (!data.text || !data.name || !data.token) return;
  window.__allfivesSaved = window.__allfivesSaved || new Set();
  if (window.__allfivesSaved.has(data.token)) return;  // each file once, whatever redraws it
  window.__allfivesSaved.add(data.token);
  const blob = new Blob([data.text], { type: data.mime || "text/plain" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = data.name;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}
"""

_mount = st.components.v2.component("allfives_download", js=JS)


def private_download(label: str, make: Callable[[], str], file_name: str, key: str,
                     mime: str = "text/csv", icon: Optional[str] = ":material/download:") -> None:
    """A button that saves the text `make()` returns as `file_name` in this browser only.
    The file is made at the click, in this session, and never put at an address."""
    if st.button(label, key=key, icon=icon):
        _mount(key=f"{key}_file", height=0,
               data={"text": make(), "name": file_name, "mime": mime, "token": secrets.token_hex(8)})
