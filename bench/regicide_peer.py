"""Our Regicide beside the PyPI package `regicide` 0.1.5 (Rust, compiled), same machine, same run, one process each.

Both play uniformly random legal games: ours through `engine.regicide.simulate` (the compiled kernel, and
the pure-Python reference on fewer games), the peer through its own `RandomPlayer` in its Rust playout.
The peer lives in a throwaway virtualenv (created and filled by pip on first use, in the temp folder);
its code is never part of this project. The rounds alternate ours/peer so a busy neighbour slows both
alike; each games/s figure is the median of the rounds.

Decisions per game for the peer come from an untimed pass with a Python player that picks uniformly from
the peer's own `state.action_space()`, the same policy as its `RandomPlayer`.

    .venv/bin/python bench/regicide_peer.py [games] [rounds]
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.regicide.simulate import has_kernel, simulate  # noqa: E402

PEER = "regicide==0.1.5"
PEER_VENV = Path(tempfile.gettempdir()) / "rules-tutor-regicide-peer"

PEER_SCRIPT = r"""
import json, random, sys, time
import regicide
from regicide import players as P

def playout(game):
    # The result, or "panic": with no legal action left (a solo refill in Step 4 that cannot pay) the
    # peer's RandomPlayer unwraps an empty choice; such a game counts as lost.
    try:
        return str(game.playout())
    except BaseException as err:  # pyo3_runtime.PanicException is a BaseException
        if type(err).__name__ != "PanicException":
            raise
        return "panic"

def timed(n, games, seed):
    won = defeated = panics = 0
    t0 = time.perf_counter()
    for g in range(games):
        game = regicide.RegicideGame([P.RandomPlayer(seed * 1_000_003 + g * 4 + i) for i in range(n)], seed=seed + g)
        result = playout(game)
        won += "Won" in result
        panics += result == "panic"
        defeated += game.reward()
    return games / (time.perf_counter() - t0), won, defeated / games, panics

class Counting:  # uniform over the peer's own legal actions, as RandomPlayer
    def __init__(self, rng):
        self.rng, self.decisions = rng, 0
    def play(self, state):
        self.decisions += 1
        return self.rng.choice(state.action_space())

def counted(n, games, seed):
    rng, decisions, defeated = random.Random(seed), 0, 0
    for g in range(games):
        ps = [Counting(rng) for _ in range(n)]
        game = regicide.RegicideGame(ps, seed=seed + g)
        playout(game)
        decisions += sum(p.decisions for p in ps)
        defeated += game.reward()
    return decisions / games, defeated / games

n, games, seed, count_games = map(int, sys.argv[1:5])
rate, won, defeated, panics = timed(n, games, seed)
per_game, counted_defeated = counted(n, count_games, seed) if count_games else (None, None)
print(json.dumps({"games_per_second": rate, "wins": won, "mean_enemies_defeated": defeated, "panics": panics,
                  "decisions_per_game": per_game, "counted_mean_enemies_defeated": counted_defeated}))
"""

DIFFERENCES = """\
Rule differences that explain the means (read in the peer's source, src/game/state.rs and table.rs):
  1. Yield is always offered. Solo: the first yield loses the game at once (times_yielded 1 is not < 1
     players); ours never offers it (REG.solo.no_yield), so a random solo game lasts until the hand or
     the two solo Jesters run out. With N players the N-th yield in a row loses the game, where the
     rules forbid that yield and the player must play (REG.yield.restriction); ours does not offer it.
     The peer counts consecutive yields, reset by any play or Jester choice; ours keeps each seat's
     own flag (ruling G2).
  2. Its discard menu is every subset of the hand that covers the damage, overpaying included; ours
     lists the minimal discards (no card wasted beyond the smallest). Both are legal plays, but a
     uniform random player of the peer throws away far more cards, so its teams run dry sooner.
  3. Diamonds are dealt starting from the first seat, not from the current player (REG.suit.diamonds).
  4. Playing one Jester removes every Jester from the hand (4 players hold two), and a Jester's
     retro-active Spades count only the spade cards, not the whole play (ours: ruling G3).
  5. The game is won one decision after the last King falls (the next action ends it).
  6. A solo Jester flipped in Step 4 can draw a hand that cannot pay the damage; the peer then offers no
     action at all and its RandomPlayer panics (counted as a lost game; the count is printed above); ours
     ends the game there as lost (REG.end.loss_damage).
Items 1 and 2 move the means: fewer enemies defeated and fewer decisions per game for the peer."""


def peer_python() -> Path:
    """The peer's interpreter, installing it into the throwaway virtualenv when it is missing."""
    py = PEER_VENV / "bin" / "python"
    ok = py.exists() and subprocess.run([py, "-c", "import regicide"], capture_output=True).returncode == 0
    if not ok:
        print(f"installing {PEER} into {PEER_VENV} (pip, from PyPI) ...", flush=True)
        subprocess.run([sys.executable, "-m", "venv", "--clear", PEER_VENV], check=True)
        subprocess.run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", PEER], check=True)
    return py


def run_peer(py: Path, players: int, games: int, seed: int, count_games: int) -> dict[str, float]:
    out = subprocess.run([py, "-c", PEER_SCRIPT, str(players), str(games), str(seed), str(count_games)],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main(games: int = 40_000, rounds: int = 3) -> int:
    py = peer_python()
    if not has_kernel():
        print("note: the compiled kernel is not built; ours runs the Python reference only")
    print(f"{games} games per figure, {rounds} alternating rounds, one process each, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    head = (f"{'players':>7} | {'ours games/s':>12} {'(python ref)':>12} | {'peer games/s':>12} | {'ours/peer':>9} | "
            f"{'decisions/game ours peer':>24} | {'mean defeated ours peer':>23} | {'wins ours peer':>14}")
    print(head)
    print("-" * len(head))
    behind = panics = 0
    for players in (1, 2, 3, 4):
        ours, peer = [], []
        for r in range(rounds):
            ours.append(simulate(players, games, seed=r + 1, processes=1))
            peer.append(run_peer(py, players, games, r + 1, 3_000 if r == 0 else 0))
        reference = simulate(players, max(2_000, games // 20), seed=1, processes=1, compiled=False)
        o_rate = statistics.median(x["games_per_second"] for x in ours)
        p_rate = statistics.median(x["games_per_second"] for x in peer)
        behind += o_rate < p_rate
        panics += sum(x["panics"] for x in peer)
        o, p = ours[0], peer[0]
        print(f"{players:>7} | {o_rate:>12,.0f} {reference['games_per_second']:>12,.0f} | {p_rate:>12,.0f} | "
              f"{o_rate / p_rate:>8.1f}x | {o['decisions_per_game']:>12.1f} {p['decisions_per_game']:>11.1f} | "
              f"{o['mean_enemies_defeated']:>11.2f} {p['mean_enemies_defeated']:>11.2f} | "
              f"{o['wins']:>6} {p['wins']:>7}")
    print(f"\npeer games that panicked (no legal action): {panics}; "
          f"target: ours >= peer in one process at every player count: {'ok' if not behind else 'MISSED'}\n")
    print(DIFFERENCES)
    return 1 if behind else 0


if __name__ == "__main__":
    sys.exit(main(*(int(a) for a in sys.argv[1:3])))
