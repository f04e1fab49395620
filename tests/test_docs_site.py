"""The README is a front door and the documentation a site (mkdocs.yml): the README stays
short and opens with the install commands CI runs, the site's nav has its five parts and
names pages that exist, and every link and picture of the README and the pages is there.
The site itself is built by `mkdocs build --strict` in CI, not here."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
MKDOCS = ROOT / "mkdocs.yml"

COMMANDS = (
    'python -m pip install -e ".[app]" && streamlit run app.py          # install and start the app',
    'python -m pip install -e ".[test]" && python -m pytest -q          # install and run every test',
)
PARTS = ["Learners", "Teachers and clubs", "Operators", "Rules and notation", "Developers"]

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)")


def pages() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


def without_fences(text: str) -> str:
    return re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)


def without_code(text: str) -> str:
    """The Markdown text with its fenced blocks and inline code taken out."""
    return re.sub(r"`[^`\n]*`", "", without_fences(text))


def local(target: str) -> bool:
    return not re.match(r"[a-z][a-z0-9+.-]*:", target) and not target.startswith("#")


def slug(heading: str) -> str:
    """A heading's anchor as the site (Python-Markdown's toc) and GitHub both make it."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode()
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(page: Path) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", without_fences(page.read_text(encoding="utf-8")), re.M)
    return {slug(h.replace("`", "")) for h in headings}


def nav_text() -> str:
    text = MKDOCS.read_text(encoding="utf-8")
    assert "\nnav:\n" in text
    return text.split("\nnav:\n", 1)[1]


def nav_parts() -> list[str]:
    """The nav's top-level entries that hold pages of their own, read from the text."""
    return [name.strip().strip('"') for name in re.findall(r"^  - ([^:\n]+):\s*$", nav_text(), re.M)]


def nav_pages() -> list[str]:
    return re.findall(r"([\w./-]+\.md)\s*$", nav_text(), re.M)


# ----- the README -----

def test_the_readme_is_short() -> None:
    assert len(README.read_bytes()) <= 12_000


def test_the_readme_opens_with_the_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    first = re.search(r"^```sh\n(.*?)^```", text, re.M | re.S)
    assert first is not None
    assert first.group(1).splitlines() == list(COMMANDS)
    # nothing but the title and one paragraph before them
    before = text[: first.start()].strip().split("\n\n")
    assert before[0].startswith("# All Fives trainer") and len(before) <= 2


def test_the_readme_says_how_to_build_the_docs() -> None:
    text = README.read_text(encoding="utf-8")
    assert 'pip install -e ".[docs]" && mkdocs build --strict' in text and "mkdocs serve" in text


def test_every_relative_link_of_the_readme_exists() -> None:
    targets = [t for t in LINK.findall(without_code(README.read_text(encoding="utf-8"))) if local(t)]
    assert targets
    for target in targets:
        path, _, anchor = target.partition("#")
        file = ROOT / path
        assert file.exists(), target
        if anchor and file.suffix == ".md":
            assert anchor in anchors(file), target


def test_the_readme_shows_a_screenshot() -> None:
    images = IMAGE.findall(README.read_text(encoding="utf-8"))
    assert any(i.startswith("docs/") and i.endswith(".png") for i in images)


# ----- the site -----

def test_the_nav_has_the_five_parts() -> None:
    assert [p for p in nav_parts() if p in PARTS] == PARTS


def test_the_nav_read_as_yaml_has_the_five_parts() -> None:
    yaml = pytest.importorskip("yaml")
    config = yaml.safe_load(MKDOCS.read_text(encoding="utf-8"))
    assert config["docs_dir"] == "docs"
    names = [next(iter(entry)) for entry in config["nav"] if isinstance(entry, dict)]
    assert [n for n in names if n in PARTS] == PARTS


def test_every_page_of_the_nav_exists_and_every_page_is_in_the_nav() -> None:
    listed = nav_pages()
    assert len(listed) == len(set(listed))
    for page in listed:
        assert (DOCS / page).is_file(), page
    assert {str(p.relative_to(DOCS)) for p in pages()} == set(listed)


def test_the_pages_the_tests_and_links_know_stay_in_place() -> None:
    for name in ("deploy.md", "records.md", "puzzles.md", "course.md",
                 "glossary-es.md", "glossary-fi.md", "glossary-mk.md", "glossary-ru.md"):
        assert (DOCS / name).is_file(), name


def test_every_link_and_image_of_the_pages_exists_inside_the_docs() -> None:
    for page in pages():
        for target in LINK.findall(without_code(page.read_text(encoding="utf-8"))):
            if not local(target):
                continue
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve()
            assert file.is_relative_to(DOCS), (page.name, target)
            assert file.exists(), (page.name, target)
            if anchor and file.suffix == ".md":
                assert anchor in anchors(file), (page.name, target)


def test_every_api_reference_page_names_modules_that_exist() -> None:
    reference = sorted((DOCS / "reference").glob("*.md"))
    assert reference
    for page in reference:
        for module in re.findall(r"^::: ([\w.]+)", page.read_text(encoding="utf-8"), re.M):
            path = ROOT / Path(*module.split("."))
            assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), module


def test_the_sdist_keeps_the_site_s_configuration() -> None:
    lines = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    included = {word for line in lines if line.startswith("include ") for word in line.split()[1:]}
    assert "mkdocs.yml" in included
