"""The distribution installs one import package, ``kifu`` (issue 14): ``replays``,
``service`` and ``web`` keep their folders in the repository but land in site-packages
only as ``kifu.replays``, ``kifu.service`` and ``kifu.web``, and nothing imports them
under their bare names."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BARE = ("replays", "service", "web")


def test_the_wheel_holds_only_the_kifu_package_and_its_entry_points_name_it(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, symlinks=True,
                    ignore=shutil.ignore_patterns(".venv", ".git", "var", "build", "*.egg-info", "__pycache__",
                                                  "test-artifacts", ".hypothesis", ".schemathesis"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "-w", str(tmp_path / "dist"), str(source)], check=True, capture_output=True)
    wheel = zipfile.ZipFile(next((tmp_path / "dist").glob("kifu-*.whl")))
    names = wheel.namelist()
    tops = {n.split("/")[0] for n in names if ".dist-info/" not in n}
    assert tops == {"kifu"}
    info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/top_level.txt"))
    assert wheel.read(f"{info}/top_level.txt").decode().split() == ["kifu"]
    points = wheel.read(f"{info}/entry_points.txt").decode()
    assert "kifu = kifu.service.cli:main" in points and "web = kifu.web:init_app" in points
    # the parts' data travel with them: Lua scripts, card sets, templates, vendored htmx
    for wanted in ("kifu/service/lua/append.lua", "kifu/replays/games/holodelive/cardsets/demo.json",
                   "kifu/web/templates/base.html", "kifu/web/static/vendor/htmx-2.0.11.min.js"):
        assert wanted in names, wanted


def test_nothing_is_imported_under_a_bare_top_level_name(tmp_path):
    # from another directory, so that the repository's folders are not on the path
    code = ("import sys; import kifu.service.app as a, kifu.service.cli, kifu.web, kifu.replays.registry as r; "
            "r.all(); a.create_app({'REDIS_URL': 'redis://127.0.0.1:1/0', 'SECRET_KEY': 'x', 'KIFU_GAMES': r.all}); "
            f"print(sorted({{m.split('.')[0] for m in sys.modules}} & set({BARE!r})))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
