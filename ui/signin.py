"""The sign-in page of club mode: the only page anyone sees before signing in."""

from __future__ import annotations

from ui.club import sign_in_page
from ui.state import init_state

init_state()
sign_in_page()
