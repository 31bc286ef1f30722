"""Fuzz: mutants of every library file through ``rules-tutor check`` and the share link; each one is either ok
or positioned ``path:line:col`` problems, quickly, and never a traceback. Seeded and bounded (1,000 mutants,
a few seconds); ``bench/fuzz_loader.py`` runs 5,000 and prints the counts and times.
``RULES_TUTOR_FUZZ_SEED=N`` runs another seed."""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from tests.tutor.mutants import mutants, run

SEED = int(os.environ.get("RULES_TUTOR_FUZZ_SEED", "12"))
COUNT = 1000
CPU_LIMIT = 3.0  # seconds of CPU per mutant: the target is 1 s (bench: about 0.2 s at worst); a margin for slow boxes


def test_fuzzed_files_give_ok_or_positioned_problems_never_a_traceback(tmp_path: Path) -> None:
    kinds: Counter[str] = Counter()
    failures, slow, mutations = [], [], Counter()
    for name, text in mutants(SEED, COUNT):
        outcome = run(name, text, tmp_path)
        kinds[outcome.kind] += 1
        mutations.update(name.split(":")[2].split("+"))
        if outcome.kind == "failure":
            failures.append(f"{outcome.name}: {outcome.detail}")
        if outcome.cpu > CPU_LIMIT:
            slow.append(f"{outcome.name}: {outcome.cpu:.2f} s CPU")
    assert not failures, f"seed {SEED}: " + "\n".join(failures[:10])
    assert not slow, f"seed {SEED}: " + "\n".join(slow[:10])
    assert sum(kinds.values()) == COUNT and kinds["ok"] >= 50 and kinds["positioned"] >= 500, kinds
    assert mutations["bomb_in"] >= 30 and mutations["replace_value"] >= 150, mutations  # the hostile ones ran
