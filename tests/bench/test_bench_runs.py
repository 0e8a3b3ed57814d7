"""``python -m bench`` runs end to end with tiny durations and prints its one table.

Never a timed assertion: the figures depend on the machine; what is checked is that every section
ran and said what it measured.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.__main__ import chosen_sections
from bench.barricade import wilson
from bench.latency import Latencies, seconds_text
from bench.table import Figure, render
from games import available
from tests.postgres_server import Server

REPO = Path(__file__).resolve().parents[2]


def run_bench(tmp_path: Path, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--dir", str(tmp_path), *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_every_section_prints_its_lines_in_one_table(tmp_path: Path) -> None:
    out = run_bench(
        tmp_path,
        "--seconds",
        "0.02",
        "--durability-seconds",
        "0.3",
        "--tables",
        "3",
        "--rounds",
        "1",
        "--paced-seconds",
        "0",
        "--sessions",
        "20",
        "--after-restart-seconds",
        "1",
        "--click-tables",
        "1",
        "--click-rounds",
        "2",
        "--barricade-games",
        "1",
        "--no-warm-up",
    )
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("section"))
    rows = lines[header + 2 : -1]
    sections = {row.split()[0] for row in rows}
    assert sections == {
        "règles",
        "affichage",
        "durabilité",
        "réponses",
        "démarrage",
        "mémoire",
        "barricade",
        "clics",
    }
    for name in available():
        assert any(row.startswith("règles") and f" {name} : actions/s" in row for row in rows), name
        assert any(row.startswith("affichage") and f" {name} : table dessinée" in row for row in rows), name
    assert any("rapport gestionnaire / brut" in row and "%" in row for row in rows)
    counted = 0.0
    for name in available():
        [legal] = [r for r in rows if r.startswith("clics") and f" {name} (" in r and "legal_actions" in r]
        counted += float(legal.rsplit(" (", 1)[0].split()[-1].replace(",", "."))
        assert any(r.startswith("clics") and f" {name} (" in r and "CPU de la boucle" in r for r in rows)
    # The counted bot really counted. Not per game: a quick run may see a game's few clicks only
    # refused, or land on states whose legal actions were already computed (once per state).
    assert counted > 0, [r for r in rows if "legal_actions" in r]
    # The bare bot answered the same clicks (a game whose one table had nothing to click is left out).
    floors = [r for r in rows if r.startswith("clics") and "plancher, les mêmes requêtes" in r]
    assert floors and all(re.search(r"\d+,\d+ ms \(\d+ % du bot\)", r) for r in floors), floors
    assert any("3 tables : p99" in row and "ms" in row for row in rows)
    assert any("3 tables : plancher, les mêmes clics simultanés" in row and " ms / " in row for row in rows)
    assert any("20 tables : démarrage → 1re réponse" in row for row in rows)
    assert any("20 tables : /scores toutes les 0,5 s pendant 1 s après" in row for row in rows)
    assert any("20 tables actives : mémoire résidente par table" in row and "Ko" in row for row in rows)
    # Each figure with a target says whether it is met.
    assert all(("✓" in row) or ("✗" in row) for row in rows if "< 100 ms" in row or "≥ 50 %" in row)


def test_only_runs_the_sections_asked_for(tmp_path: Path) -> None:
    out = run_bench(tmp_path, "--only", "rules", "--games", "cabane", "--seconds", "0.02")
    rows = [
        line
        for line in out.splitlines()
        if line.startswith(("règles", "durabilité", "réponses", "démarrage"))
    ]
    assert [row.split(" : ")[0].split() for row in rows] == [["règles", "cabane"]] * 2
    assert "affichage" not in out


def test_the_barricade_section_gives_every_seat_its_share_and_each_table_its_game_length(
    tmp_path: Path,
) -> None:
    out = run_bench(tmp_path, "--only", "plateau", "--barricade-games", "3")
    rows = [line for line in out.splitlines() if line.startswith("barricade")]
    for policy in ("distance", "hasard"):
        for players in range(2, 7):
            head = f"{policy}, {players} joueurs : "
            seats = [row for row in rows if head + "victoires du siège" in row]
            assert len(seats) == players
            # A share, its 95 % interval and the fair share it is held to, met or not.
            fair = f"{100 / players:.1f}".replace(".", ",")
            assert all(" % [" in row and f"{fair} % ± 5 pts" in row for row in seats)
            assert all(("✓" in row) or ("✗" in row) for row in seats)
            [length] = [row for row in rows if head + "tours par joueur, médiane" in row]
            assert "(3 parties" in length
    [target] = [row for row in rows if "distance, 2 joueurs : tours par joueur" in row]
    assert "< 100" in target


def test_a_share_interval_holds_the_share_and_stays_within_0_and_1() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    low, high = wilson(500, 1000)
    assert low < 0.5 < high and high - low < 0.07
    assert wilson(10, 10)[1] == 1.0


def test_an_unknown_section_is_refused_by_name() -> None:
    assert chosen_sections("startup,memory,rules") == ["restart", "rules"]
    with pytest.raises(SystemExit, match="section inconnue : vitesse"):
        chosen_sections("rules,vitesse")


def test_late_answers_make_the_p99_and_the_max_late_rather_than_flattering() -> None:
    on_time = Latencies(times=[0.01] * 98, late=2, deferred=0, refused=0)
    assert on_time.quantile(0.5) == 0.01
    assert math.isinf(on_time.quantile(0.99))
    assert seconds_text(on_time.worst) == "> 3 s"
    all_fine = Latencies(times=[0.01] * 99 + [0.25], late=0, deferred=0, refused=0)
    assert seconds_text(all_fine.quantile(0.99)) == "10,0 ms"
    assert seconds_text(all_fine.worst) == "250,0 ms"


def test_a_missed_target_is_shown_as_missed() -> None:
    table = render(
        [
            Figure("réponses", "p99", "120,0 ms", "< 100 ms", False),
            Figure("mémoire", "par table", "12,0 Ko", "< 50 Ko", True),
            Figure("règles", "parties/s", "3,0"),
        ]
    )
    lines = table.splitlines()
    assert lines[2].endswith("< 100 ms ✗ MANQUÉE")
    assert lines[3].endswith("< 50 Ko ✓")
    assert lines[4].endswith("3,0")


def test_the_robots_section_runs_on_request_only(tmp_path: Path) -> None:
    out = run_bench(tmp_path, "--only", "robots", "--robot-games", "2", "--games", "ludicitude,cabane")
    rows = [line for line in out.splitlines() if line.startswith("robots")]
    for pairing in ("hasard", "débutant"):
        assert any(f"ludicitude : fort contre {pairing}, part gagnée (2 parties" in row for row in rows)
        assert any(f"cabane : fort contre {pairing}" in row for row in rows)
    assert any("ludicitude : temps de choix fort, max / p99" in row and "ms" in row for row in rows)
    # Targets say whether they are met; Cabane, pure chance, has none.
    assert all("≥ 75 %" in row for row in rows if "ludicitude : fort contre hasard" in row)
    assert not any("≥" in row for row in rows if row.startswith("robots   cabane : fort"))
    assert "chevre" not in out and "règles" not in out


def test_the_display_section_reports_each_dice_picture_cold_and_cached(tmp_path: Path) -> None:
    out = run_bench(tmp_path, "--only", "display", "--games", "culdechouette,cabane,ludicitude,chevre", "--seconds", "0.04")
    rows = [line for line in out.splitlines() if "image des dés" in line]
    assert [row.split(" : ")[0].split()[1] for row in rows] == ["culdechouette", "cabane", "ludicitude"]
    assert all("à froid" in row and "en cache" in row and "Ko" in row for row in rows)


def test_the_cold_and_shards_sections_run_on_request_and_say_what_they_measured(tmp_path: Path) -> None:
    out = run_bench(
        tmp_path, "--only", "cold,shards", "--cold-tables", "300", "--after-restart-seconds", "1",
        "--tables", "4", "--rounds", "1", "--games", "cabane", "--no-warm-up",
    )
    cold = [line for line in out.splitlines() if line.startswith("hors mémoire")]
    assert any("300 tables ouvertes, aucune jouée depuis 20 min : démarrage → 1re réponse" in r for r in cold)
    assert any("mémoire résidente du bot à la 1re réponse" in r and "Mo" in r for r in cold)
    # Where each start spent its time, as the bot's log says it (bot/startup.py), with and without tables.
    phases = [r for r in cold if "phases (journal du bot)" in r]
    assert len(phases) == 2 and all("modules " in r and "tables " in r and "READY " in r for r in phases), phases
    assert any("READY → 1re réponse" in r for r in cold)
    # The index of the tables not in memory, read beside the connection: when, as the bot says it
    # (299 when the first /scores loaded its table before the index was read).
    index = [r for r in cold if "index lu à côté de la connexion : " in r and "après le lancement" in r]
    assert len(index) == 1 and re.search(r"connexion : (300|299) table\(s\) hors mémoire", index[0]), index
    shards = [line for line in out.splitlines() if line.startswith("shards")]
    assert any("tables sur 4, 1 processus (2 shards)" in r and "clics/s" in r for r in shards)
    assert sum("CPU par clic" in r and " ms" in r for r in shards) == 3
    assert any("N processus d'un shard sur N cœurs" in r for r in shards)
    assert "règles" not in out


def test_the_postgres_section_runs_on_request_against_the_server_it_is_given(
    tmp_path: Path, postgres: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The run's server (a database of the bench's own is made on it), not a second throwaway one.
    monkeypatch.setenv("TAVERNE_BENCH_POSTGRES", postgres.url())
    out = run_bench(tmp_path, "--only", "postgres", "--durability-seconds", "0.3", "--games", "cabane")
    rows = [line for line in out.splitlines() if line.startswith("postgresql")]
    assert len(rows) == 6 and "asyncpg brut" in rows[2] and "≥ 50 %" in rows[3]
    assert "CPU du processus du banc par action" in rows[5] and " ms" in rows[5]
    assert postgres.password not in out
