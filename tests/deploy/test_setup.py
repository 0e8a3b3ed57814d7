"""``scripts/setup`` on a fresh machine: a Python without venv gets the exact package named, a Python
too old gets told what to install, and a ``.venv/`` left half-made (no pip, as Debian leaves it
without python3-venv) is rebuilt by itself — nothing to delete by hand.

Each case runs the real script in a copy of the repository's skeleton with a small lock (one tiny
package) and a PATH holding only a stand-in ``python3`` and the tools the script calls.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("bash", "env", "dirname", "rm", "tail", "touch", "cat", "sh")


def small_lock() -> str:
    """iniconfig (a few kB), pinned with its hashes as in the real lock."""
    text = (ROOT / "requirements" / "dev.txt").read_text()
    block = re.search(r"^iniconfig==.*?(?=^\S)", text, flags=re.S | re.M)
    assert block is not None
    return block.group(0)


def skeleton(tmp_path: Path) -> Path:
    repo = tmp_path / "taverne"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "setup", repo / "scripts" / "setup")
    (repo / "requirements").mkdir()
    (repo / "requirements" / "bot.txt").write_text(small_lock())
    (repo / "pyproject.toml").write_text(
        '[build-system]\nrequires = []\nbuild-backend = "backend"\nbackend-path = ["."]\n'
        '[project]\nname = "taverne-essai"\nversion = "0"\n'
    )
    (repo / "backend.py").write_text(BACKEND)
    return repo


# A build backend of a few lines, so that `pip install -e .` downloads nothing (setuptools would be).
BACKEND = '''
import zipfile

NAME = "taverne_essai-0"


def get_requires_for_build_editable(config_settings=None):
    return []


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    wheel = f"{NAME}-py3-none-any.whl"
    files = {
        f"{NAME}.dist-info/METADATA": "Metadata-Version: 2.1\\nName: taverne-essai\\nVersion: 0\\n",
        f"{NAME}.dist-info/WHEEL": "Wheel-Version: 1.0\\nGenerator: essai\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n",
    }
    files[f"{NAME}.dist-info/RECORD"] = "".join(f"{name},,\\n" for name in [*files, f"{NAME}.dist-info/RECORD"])
    with zipfile.ZipFile(f"{wheel_directory}/{wheel}", "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return wheel
'''


def stand_in_python(bin_dir: Path, *, version: str | None = None, without_venv: bool = False) -> None:
    """``python3`` on PATH: this Python, made to lack venv/ensurepip or to claim an older version."""
    bin_dir.mkdir(exist_ok=True)
    for tool in TOOLS:
        found = shutil.which(tool)
        if found and not (bin_dir / tool).exists():
            (bin_dir / tool).symlink_to(found)
    real = sys.base_exec_prefix + f"/bin/python{sys.version_info[0]}.{sys.version_info[1]}"
    if not Path(real).exists():
        real = shutil.which(f"python{sys.version_info[0]}.{sys.version_info[1]}") or sys.executable
    lines = ["#!/bin/sh"]
    if without_venv:
        lines.append('case "$*" in *ensurepip*) echo "No module named ensurepip" >&2; exit 1;; esac')
    if version is not None:
        lines.append(f'case "$*" in *version_info*) exec "{real}" -c "import sys; sys.version_info = ({version}, 0); exec(sys.argv[1])" "$2";; esac')
    lines.append(f'exec "{real}" "$@"')
    script = bin_dir / "python3"
    script.write_text("\n".join(lines) + "\n")
    script.chmod(0o755)


def setup(repo: Path, bin_dir: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": str(bin_dir), "HOME": str(repo), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    for key in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS", "PIP_CERT", "PIP_CONFIG_FILE"):
        if key in os.environ:
            env[key] = os.environ[key]
    return subprocess.run(
        ["bash", str(repo / "scripts" / "setup")], cwd=repo, env=env, capture_output=True, text=True, timeout=300,
        check=False,
    )


def test_a_python_without_venv_gets_its_package_named_then_a_half_made_venv_is_rebuilt(tmp_path: Path) -> None:
    repo, bin_dir = skeleton(tmp_path), tmp_path / "bin"
    stand_in_python(bin_dir, without_venv=True)
    refused = setup(repo, bin_dir)
    minor = f"{sys.version_info[0]}.{sys.version_info[1]}"
    assert refused.returncode == 1
    assert f"sudo apt-get install python{minor}-venv" in refused.stderr, refused.stderr
    # What `python3 -m venv .venv` leaves on Debian without python3-venv: a .venv with no pip.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(repo / ".venv")], check=True)
    (bin_dir / "python3").unlink()
    stand_in_python(bin_dir)  # python3-venv installed
    done = setup(repo, bin_dir)
    assert done.returncode == 0, done.stderr + (repo / ".venv" / "install.log").read_text(errors="replace")[-2000:]
    assert "inutilisable (sans Python ou sans pip) : il est refait" in done.stderr
    pip = subprocess.run([repo / ".venv" / "bin" / "python", "-m", "pip", "--version"], capture_output=True, check=False)
    assert pip.returncode == 0
    imported = subprocess.run([repo / ".venv" / "bin" / "python", "-c", "import iniconfig"], check=False)
    assert imported.returncode == 0
    again = setup(repo, bin_dir)  # installed and unchanged: quiet
    assert again.returncode == 0 and again.stderr == ""


def test_a_python_older_than_3_11_is_told_what_to_install(tmp_path: Path) -> None:
    repo, bin_dir = skeleton(tmp_path), tmp_path / "bin"
    stand_in_python(bin_dir, version="3, 9")
    refused = setup(repo, bin_dir)
    assert refused.returncode == 1
    assert "Taverne a besoin de Python 3.11 ou plus récent" in refused.stderr
    assert "sudo apt-get install python3.11 python3.11-venv" in refused.stderr
    assert not (repo / ".venv").exists()
