"""Two small things done in the browser, on every page (a component with no data):

- a tile or a move's code never breaks at its hyphen at the end of a line ("(6-" then
  "0@W)" on the next): in the page's text (not in code boxes or fields) the hyphen
  between two pips becomes a non-breaking hyphen, which looks the same (the Analysis
  page reads one back as a hyphen);
- choosing a page in the menu of a narrow window (the pages are then in the sidebar,
  over the page) closes the menu, as it closes on a phone."""

from __future__ import annotations

import streamlit as st

JS = """
export default function () {
  if (window.__allfivesHelpers) return;
  window.__allfivesHelpers = true;
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
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  walk(document.body);
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


def browser_helpers() -> None:
    """Mount the helpers (once a run; the browser installs them once a tab)."""
    _mount(key="browser_helpers", height=0)
