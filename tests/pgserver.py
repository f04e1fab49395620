"""A throwaway PostgreSQL server that a test may stop, start and restart, started as
.ci/run starts its own: Debian's server binaries, run as the postgres user, listening
on a Unix socket in a temporary folder only (no TCP port)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Optional


def why_not() -> Optional[str]:
    """Why no server can be started here, or None."""
    if not glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"):
        return "PostgreSQL's server binaries are not installed (/usr/lib/postgresql/*/bin)"
    if os.geteuid() != 0 or shutil.which("runuser") is None:
        return "starting PostgreSQL as its own user needs root and runuser"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the PostgreSQL driver psycopg is not installed"
    return None


class Server:
    """One server of its own, its data in a temporary folder removed by `remove`."""

    def __init__(self) -> None:
        self.bin = sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1]
        self.root = Path(tempfile.mkdtemp(prefix="allfives-faults-pg."))
        shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", f"{self.root}/data", "--auth=trust", "-U", "postgres")
        self.start()
        self._run("psql", "-h", str(self.root), "-U", "postgres", "-qc", "CREATE ROLE allfives LOGIN")
        self._run("createdb", "-h", str(self.root), "-U", "postgres", "-O", "allfives", "allfives_faults")
        self.url = f"postgresql+psycopg://allfives@/allfives_faults?host={self.root}"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", f"{self.bin}/{tool}", *args], cwd="/", check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)

    def _ctl(self, action: str) -> None:
        options = ["-o", f"-c listen_addresses='' -k {self.root} -p 5432"] if action != "stop" else []
        self._run("pg_ctl", "-D", f"{self.root}/data", "-l", f"{self.root}/server.log", "-m", "fast", "-w",
                  *options, action)

    def start(self) -> None:
        self._ctl("start")

    def stop(self) -> None:
        self._ctl("stop")

    def restart(self) -> None:
        self._ctl("restart")

    def remove(self) -> None:
        try:
            self.stop()
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)
