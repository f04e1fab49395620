"""How much memory a big history file takes to import and to export.

    python benchmarks/history_memory.py [--attempts 280000] [--url URL]

1. A history file of `--attempts` answers over a year, made as `store_speed.py` makes
   them (drills, puzzles of which a third rated, lessons, moves from play, a daily
   puzzle most days, timed runs, review cards), written to a temporary folder by a
   process of its own: 280,000 answers make about 100 MB.
2. In a new Python process each (so that each peak is its own, `resource.getrusage`'s
   maxrss): a process that only opens the store (the baseline); one that imports the
   file from disk into a new SQLite file (or the empty database of `--url`); one that
   exports the learner again to a file; and one that imports the file's text from
   memory (as a caller holding the text would; the app's upload is held by Streamlit
   as bytes).
3. Printed: the file's size, each process's peak against the file's size and above the
   baseline, and whether the exported file equals the imported one (apart from the
   time of export). Target: both at most 200 MB for a 115 MB history.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

CHILD = r"""
import json, pathlib, resource, sys, time
from trainer.store import Store
job, url, path, out = sys.argv[1:5]
began = time.perf_counter()
if job.startswith("make"):
    from store_speed import history
    pathlib.Path(path).write_text(history("Big", int(job.split(":")[1]), 1), encoding="utf-8")
    print(json.dumps({"seconds": time.perf_counter() - began}))
    raise SystemExit
with Store(url) as store:
    if job == "import":
        with open(path, "rb") as source:
            learner = store.import_learner(source)
    elif job == "import-text":
        with open(path, encoding="utf-8") as source:
            learner = store.import_learner(source.read(), name="Copy")
    elif job == "export":
        learner = store.learners()[0].id
        with open(out, "wb") as target:
            store.export_to(learner, target)
    else:
        learner = 0
print(json.dumps({"peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
                  "seconds": time.perf_counter() - began, "learner": learner}))
"""


def child(job: str, url: str, path: Path, out: Path) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(HERE.parent), str(HERE)))}
    done = subprocess.run([sys.executable, "-c", CHILD, job, url, str(path), str(out)], env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{job} failed:\n{done.stderr}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--attempts", type=int, default=280_000)
    parser.add_argument("--url", help="an empty database to use instead of a new SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path, out = Path(folder) / "history.json", Path(folder) / "exported.json"
        url = args.url or str(Path(folder) / "progress.db")
        made = child(f"make:{args.attempts}", url, path, out)  # in a process of its own: a child's
        size = path.stat().st_size  # maxrss starts from its parent's size where it was started
        print(f"history file: {args.attempts:,} answers, {size / 1e6:.1f} MB "
              f"(made in {made['seconds']:.0f} s); store: {args.url or 'a new SQLite file'}")
        base = child("nothing", url, path, out)
        print(f"baseline (a process that opens the store): {base['peak'] / 1e6:.0f} MB")
        for job, what in (("import", "import from the file"), ("export", "export to a file"),
                          ("import-text", "import of the text held in memory")):
            figure = child(job, url, path, out)
            over = (figure["peak"] - base["peak"]) / 1e6
            print(f"{what}: peak {figure['peak'] / 1e6:.0f} MB = {figure['peak'] / size:.2f}x the file, "
                  f"{over:+.0f} MB over the baseline ({figure['seconds']:.0f} s)")
        first, second = (json.loads(p.read_text(encoding="utf-8")) for p in (path, out))
        for data in (first, second):
            data.pop("exported_at")
            data["learner"].setdefault("language", "")
            data.setdefault("lessons", [])
        print(f"the exported file: {out.stat().st_size / 1e6:.1f} MB; equal to the imported one: "
              f"{first == second}")


if __name__ == "__main__":
    main()
