"""What an installed trainer relies on: the files bundled into the package (puzzle bank,
app, theme) found installed or in the checkout, the `allfives` command and its `app`
subcommand, and the build settings that put them there."""

from __future__ import annotations

import ast
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path

import pytest

from trainer import cli, launcher, shipped
from trainer.launcher import AppUnavailable, app_command, config_options
from trainer.puzzles import bank

ROOT = Path(__file__).resolve().parent.parent


def bundled_patterns() -> tuple[str, ...]:
    """BUNDLED of setup.py, read without running it."""
    found = re.search(r"^BUNDLED = (\(.*?\))$", (ROOT / "setup.py").read_text(encoding="utf-8"), re.M | re.S)
    assert found is not None
    patterns = ast.literal_eval(found.group(1))
    assert isinstance(patterns, tuple)
    return patterns


def bundled_files() -> set[str]:
    return {str(p.relative_to(ROOT)) for pattern in bundled_patterns() for p in ROOT.glob(pattern)
            if p.is_file() and "__pycache__" not in p.parts}


def test_everything_the_app_needs_is_bundled() -> None:
    bundled = bundled_files()
    for pattern in bundled_patterns():
        assert list(ROOT.glob(pattern)), pattern
    assert {"puzzles/bank.jsonl", "app.py", "ui/__init__.py", ".streamlit/config.toml"} <= bundled
    # every page app.py names, and every ui module, is bundled
    pages = re.findall(r'st\.Page\("([^"]+)"', (ROOT / "app.py").read_text(encoding="utf-8"))
    assert pages
    assert set(pages) <= bundled
    assert {str(p.relative_to(ROOT)) for p in (ROOT / "ui").rglob("*.py")} <= bundled


def test_the_sdist_manifest_takes_the_whole_project() -> None:
    lines = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    grafted = {line.split()[1] for line in lines if line.startswith("graft ")}
    assert {"trainer", "puzzles", "ui", "tests", "docs", "benchmarks", ".ci", ".streamlit"} <= grafted
    included = {word for line in lines if line.startswith("include ") for word in line.split()[1:]}
    assert {"README.md", "pyproject.toml", "setup.py", "app.py", "mkdocs.yml"} <= included


def test_the_console_command_is_declared() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"] == {"allfives": "trainer.cli:console"}
    # the app is the main job: Streamlit is core, so that `pip install allfives-trainer` then
    # `allfives app` works (plotly draws its charts); the [app] extra stays (empty) for older
    # install commands
    core = {r.split(">")[0].split("[")[0] for r in project["dependencies"]}
    assert {"streamlit", "argon2-cffi"} <= core
    assert project["optional-dependencies"]["app"] == []
    assert any(r.startswith("psycopg") for r in project["optional-dependencies"]["postgresql"])


def test_in_the_checkout_the_files_are_the_repository_s(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    monkeypatch.setattr(shipped, "files", lambda package: tmp_path / package)
    assert shipped.locate("puzzles/bank.jsonl") == ROOT / "puzzles" / "bank.jsonl"
    assert shipped.locate("app.py") == ROOT / "app.py"


def test_installed_copies_come_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    installed = tmp_path / "trainer" / shipped.BUNDLE / "puzzles" / "bank.jsonl"
    installed.parent.mkdir(parents=True)
    installed.write_text("", encoding="utf-8")
    monkeypatch.setattr(shipped, "files", lambda package: tmp_path / package)
    assert shipped.locate("puzzles/bank.jsonl") == installed


def test_a_missing_file_is_named_where_it_should_be_installed(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    monkeypatch.setattr(shipped, "files", lambda package: tmp_path / package)
    monkeypatch.setattr(shipped, "CHECKOUT", tmp_path / "nowhere")
    expected = tmp_path / "trainer" / "_bundled" / "puzzles" / "bank.jsonl"
    assert shipped.locate("puzzles/bank.jsonl") == expected


def test_the_bank_is_read_from_the_located_file() -> None:
    assert bank.BANK == shipped.locate("puzzles/bank.jsonl")
    assert bank.BANK.is_file() and len(bank.shipped()) > 0


def test_the_app_command_passes_the_theme_and_then_the_user_s_options() -> None:
    command = app_command(["--server.port", "8600"])
    assert command[:5] == [sys.executable, "-P", "-m", "streamlit", "run"]
    assert "--theme.primaryColor=#1f6f50" in command and "--browser.gatherUsageStats=false" in command
    assert command[-3:-1] == ["--server.port", "8600"]
    app = Path(command[-1])
    assert app == shipped.locate("app.py") and (app.parent / "ui" / "home.py").is_file()


def test_config_options(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('top = 1\n[server]\nheadless = true\nport = 8600\n[theme]\nfont = "serif"\n',
                      encoding="utf-8")
    assert config_options(config) == ["--server.headless=true", "--server.port=8600", "--theme.font=serif"]
    assert config_options(tmp_path / "absent.toml") == []
    config.write_text("[server\n", encoding="utf-8")
    with pytest.raises(AppUnavailable, match="config.toml"):
        config_options(config)


def test_app_without_streamlit_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(launcher, "streamlit_installed", lambda: False)
    monkeypatch.setattr(sys, "argv", ["allfives", "app"])
    assert cli.console() == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "Streamlit" in err and "pip install --force-reinstall allfives-trainer" in err


def test_the_command_is_named_allfives(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "argv", ["allfives", "count", "5-5:5-2:::", "--bogus"])
    assert cli.console() == 2
    assert capsys.readouterr().err == "error: allfives: unrecognized arguments: --bogus\n"
    monkeypatch.setattr(sys, "argv", ["allfives", "count", "5-5:5-2:::", "--json"])
    assert cli.console() == 0
    assert capsys.readouterr().out == '{"layout": "5-5:5-2:::", "count": 12, "points": 0}\n'


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_python_dash_m_trainer_app_serves_the_app(tmp_path: Path) -> None:
    """Started from another folder, the app answers Streamlit's health check."""
    pytest.importorskip("streamlit")
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ALLFIVES_DB": str(tmp_path / "progress.db")}
    child = subprocess.Popen(
        [sys.executable, "-m", "trainer", "app", "--server.headless", "true",
         "--server.address", "127.0.0.1", "--server.port", str(port)],
        cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        answer = b""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and child.poll() is None and answer != b"ok":
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                    answer = r.read()
            except OSError:
                time.sleep(0.3)
        assert answer == b"ok", child.stderr.read().decode() if child.poll() is not None else "no answer"
    finally:
        os.killpg(child.pid, signal.SIGTERM)
        child.wait(timeout=20)
