"""`allfives app`: start the Streamlit app that ships with the package.

The app (`app.py`, `ui/`) and its theme (`.streamlit/config.toml`) are found with
`trainer.shipped`, in the installed package or in the checkout. Streamlit reads a
config file only from the working folder, so the shipped settings are passed as
command-line options instead; options given to `allfives app` come after them and win.
This module never imports Streamlit: it runs `python -P -m streamlit run` (-P: the
working folder is not put on the import path, so a source tree there cannot stand in
for the installed package).

>>> command = app_command(["--server.port", "8600"])
>>> command[1:5], command[-3:-1], command[-1].endswith("app.py")
(['-P', '-m', 'streamlit', 'run'], ['--server.port', '8600'], True)
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from trainer.errors import TrainerError
from trainer.shipped import locate


class AppUnavailable(TrainerError):
    """The app cannot start: Streamlit or the app's files are missing."""


def config_options(config: Path) -> list[str]:
    """`--section.key=value` for each setting of a Streamlit config file (none if absent)."""
    try:
        with config.open("rb") as handle:
            settings = tomllib.load(handle)
    except FileNotFoundError:
        return []
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise AppUnavailable(f"{config}: {error}") from None
    options = []
    for section, values in settings.items():
        if isinstance(values, dict):
            options += [f"--{section}.{key}={text(value)}" for key, value in values.items()]
    return options


def text(value: Any) -> str:
    """A config value as Streamlit's command line spells it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def app_command(options: Sequence[str] = ()) -> list[str]:
    """The command that runs the shipped app with its settings, then `options`."""
    app = locate("app.py")
    if not app.is_file() or not (app.parent / "ui").is_dir():
        raise AppUnavailable(f"the app's files are missing: {app} and {app.parent / 'ui'}")
    return [sys.executable, "-P", "-m", "streamlit", "run",
            *config_options(locate(".streamlit/config.toml")), *options, str(app)]


def streamlit_installed() -> bool:
    return importlib.util.find_spec("streamlit") is not None


def run_app(options: Sequence[str] = ()) -> int:
    """Start the app (this process becomes Streamlit's, where the system allows);
    raises AppUnavailable, saying what to install, when Streamlit is missing."""
    if not streamlit_installed():
        raise AppUnavailable(
            "the app needs Streamlit, which comes with allfives-trainer but is missing here: "
            "pip install --force-reinstall allfives-trainer (or pip install streamlit)")
    command = app_command(options)
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execv(command[0], command)
    try:
        return subprocess.call(command)
    except KeyboardInterrupt:
        return 130
