"""Small things done in the browser, on every page (a component with no data):

- a tile or a move's code never breaks at its hyphen at the end of a line ("(6-" then
  "0@W)" on the next): in the page's text (not in code boxes or fields) the hyphen
  between two pips becomes a non-breaking hyphen, which looks the same (the Analysis
  page reads one back as a hyphen);
- choosing a page in the menu of a narrow window (the pages are then in the sidebar,
  over the page) closes the menu, as it closes on a phone;
- a screen reader says what changed on the board: the words of the last board drawn go
  into a live region (`role="status"`) that stays on the page;
- a file picker's button is named in the learner's language (Streamlit's own word,
  English, is hidden by `ui.widgets.uploader_style`)."""

from __future__ import annotations

import streamlit as st

JS = """
export default function (component) {
  window.__allfivesUpload = (component && component.data && component.data.upload) || "Upload";
  if (window.__allfivesHelpers) {
    window.__allfivesName();  // the learner's language may have changed: the buttons' names follow
    return;
  }
  window.__allfivesHelpers = true;
  // a screen reader hears what changed on the board: the words of the last board drawn
  // (a hidden .af-announce beside it) copied into one live region that stays on the page
  const live = document.createElement("div");
  live.id = "af-live";
  live.className = "af-sr-only";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  document.body.appendChild(live);
  const announce = () => {
    const marks = document.querySelectorAll('[data-testid="stMain"] .af-announce');
    const said = marks.length ? marks[marks.length - 1].textContent : "";
    if (said && said !== window.__allfivesSaid) {
      window.__allfivesSaid = said;
      live.textContent = said;
    }
  };
  // a file picker's button: its name in the learner's language (its own words are hidden)
  const name = () => {
    for (const b of document.querySelectorAll('[data-testid="stFileUploaderDropzone"] button')) {
      const word = window.__allfivesUpload;
      if (b.getAttribute("aria-label") !== word) b.setAttribute("aria-label", word);
    }
  };
  window.__allfivesName = name;
  // a tile or a move's code never breaks at its hyphen ("(6-" / "0@W)"): a non-breaking
  // hyphen, which looks the same, in the page's text (not in code boxes or fields)
  const skip = new Set(["CODE", "PRE", "TEXTAREA", "INPUT", "SCRIPT", "STYLE"]);
  const fix = node => {
    if (node.nodeType !== 3 || !/[0-6]-[0-6]/.test(node.nodeValue)) return;
    const parent = node.parentElement;
    if (parent && (skip.has(parent.tagName) || parent.closest("pre, code, textarea"))) return;
    node.nodeValue = node.nodeValue.replace(/([0-6])-(?=[0-6])/g, "$1\u2011");
  };
  const walk = root => {
    if (root.nodeType === 3) { fix(root); return; }
    if (root.nodeType !== 1) return;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) fix(node);
  };
  new MutationObserver(changes => {
    for (const change of changes) {
      if (change.type === "characterData") fix(change.target);
      for (const added of change.addedNodes) walk(added);
    }
    announce();
    name();
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  walk(document.body);
  announce();
  name();
  // a page chosen in the menu of a narrow window (the pages in the sidebar) closes the menu
  document.addEventListener("click", event => {
    const link = event.target.closest && event.target.closest('[data-testid="stSidebarNavLink"]');
    if (!link) return;
    setTimeout(() => {
      const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
      if (close) close.click();
    }, 60);
  }, true);
}

"""

_mount = st.components.v2.component("allfives_browser", js=JS)


def browser_helpers(upload: str = "Upload") -> None:
    """Mount the helpers (once a run; the browser installs them once a tab); `upload`
    is a file picker's button's name in the learner's language."""
    _mount(key="browser_helpers", data={"upload": upload}, height=0)
