"""Files of the repository that ship inside the installed package: the puzzle bank
(`puzzles/`) and the Streamlit app (`app.py`, `ui/`, `.streamlit/config.toml`).

They live at the top of the repository; building the package copies them into
`trainer/_bundled/` (see setup.py). `locate` finds a file through importlib.resources
in the installed package, else in the source checkout this package runs from.

>>> locate("puzzles/bank.jsonl").name
'bank.jsonl'
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

BUNDLE = "_bundled"
CHECKOUT = Path(__file__).resolve().parent.parent


def locate(name: str) -> Path:
    """The file `name` (a path relative to the repository's top, with `/`): the copy
    installed with the package, else the checkout's. When neither exists, the installed
    place, so that an error names where the file should be."""
    packaged = files("trainer").joinpath(BUNDLE)
    for part in name.split("/"):
        packaged = packaged.joinpath(part)
    installed = Path(str(packaged))
    if installed.exists() or not (CHECKOUT / name).exists():
        return installed
    return CHECKOUT / name
