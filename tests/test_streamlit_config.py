"""The app's Streamlit settings: no e-mail prompt on a first run, no usage statistics,
and every setting one that Streamlit knows (a misspelt one would be silently ignored)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from streamlit import config

CONFIG = Path(__file__).resolve().parent.parent / ".streamlit" / "config.toml"


def test_no_email_prompt_and_no_usage_statistics() -> None:
    settings = tomllib.loads(CONFIG.read_text(encoding="utf-8"))
    assert settings["server"]["showEmailPrompt"] is False
    assert settings["browser"]["gatherUsageStats"] is False
    assert settings["client"]["showErrorDetails"] == "none"  # no traceback or server path to a visitor
    known = config._config_options_template
    for section, values in settings.items():
        for key in values:
            assert f"{section}.{key}" in known, f"{section}.{key} is not a Streamlit setting"
