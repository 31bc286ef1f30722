"""``rules-tutor``: check the library, solve a scenario, start one from a template, write schemas, simulate games."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Sequence

from tutor.games import GAMES

# Each command imports what it needs when it runs: `simulate` needs no pydantic, and one scenario file
# loads its own game only (tests/tutor/test_cli_imports.py keeps Streamlit and SQLAlchemy out).


def cmd_check(args: argparse.Namespace) -> int:
    from tutor import library as libmod

    start = time.perf_counter()
    given = [Path(p) for p in args.paths]
    lib = libmod.load(given or None)
    problems = list(lib.problems) + libmod.check_next_links(lib)
    expect_problems, compared = libmod.check_expectations(lib)
    problems += expect_problems
    for p in sorted(problems, key=lambda p: (p.path, p.line, p.col)):
        print(p)
    elapsed = time.perf_counter() - start
    if problems:
        print(f"{len(problems)} problem(s) in {lib.files} file(s)", file=sys.stderr)
        return 1
    print(f"ok: {lib.files} files, {len(lib.scenarios)} scenarios, {lib.question_count} questions solved, "
          f"{compared} expectations matched, {len(lib.lessons)} lessons ({elapsed:.2f} s)")
    return 0


def solve_file(path: Path) -> tuple[dict[str, Any] | None, list[str]]:
    from tutor import library as libmod
    from tutor.games import plugin
    from tutor.questions import correct_answer, label_of

    lib = libmod.load([path])
    if lib.problems or not lib.scenarios:
        return None, [str(p) for p in lib.problems] or [f"{path}: no scenario in this file"]
    (sid, scn), = lib.scenarios.items()
    sol = lib.solution(sid)
    questions = []
    for q in scn.questions:
        answer = correct_answer(scn, q, sol)
        questions.append({
            "id": q.id,
            "ask": q.ask if q.ask is not None else [p.ask for p in q.parts or []],
            "prompt": q.prompt,
            "answer": answer,
            "answer_label": label_of(scn, q, answer),
            "explanation": [{"rule": s.rule, "text": s.text, "source": s.source} for s in sol.steps],
        })
    return {"scenario": sid, "caption": plugin(scn.game).caption(scn), "questions": questions}, []


def cmd_solve(args: argparse.Namespace) -> int:
    result, problems = solve_file(Path(args.file))
    if result is None:
        print("\n".join(problems), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"scenario": result["scenario"], "questions": [
            {k: q[k] for k in ("id", "ask", "answer", "explanation")} for q in result["questions"]]}, indent=2))
        return 0
    print(f"{result['scenario']}: {result['caption']}")
    for q in result["questions"]:
        print(f"\n{q['id']}: {q['prompt']}\n  answer: {q['answer_label']}")
        for i, step in enumerate(q["explanation"], start=1):
            print(f"  {i}. [{step['rule']}] {step['text']}")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from tutor.schema import SCHEMA_DIR, write

    for path in write(Path(args.out) if args.out else SCHEMA_DIR):
        print(f"wrote {path}")
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    import importlib

    try:
        module = importlib.import_module(f"engine.{args.game}.simulate")
    except ModuleNotFoundError:
        print(f"no simulator for {args.game!r}", file=sys.stderr)
        return 2
    result = module.simulate(players=args.players, games=args.games, seed=args.seed, processes=args.processes)
    if args.json:
        print(json.dumps(result, indent=2, default=str))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from tutor.templates import file_text

    out = Path(args.out) if args.out else None
    text = file_text(args.game, out)
    if out is None:
        print(text, end="")
        return 0
    if out.exists() and not args.force:
        print(f"{out} exists; pass --force to overwrite it", file=sys.stderr)
        return 1
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}: edit it, then run `rules-tutor check {out}` and `rules-tutor solve {out}`")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="rules-tutor", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check", help="load every scenario and lesson, solve every question, compare every expect:")
    p.add_argument("paths", nargs="*", help="files or folders (default: scenarios/ and lessons/)")
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("solve", help="print each question's computed answer and the explanation")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_solve)
    p = sub.add_parser("new", help="write a scenario template (an empty board) to start a ruling from")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--out", default=None, help="the file to write (default: print it)")
    p.add_argument("--force", action="store_true", help="overwrite --out if it exists")
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("schema", help="write the JSON Schemas for scenario and lesson files")
    p.add_argument("--out", default=None)
    p.set_defaults(func=cmd_schema)
    p = sub.add_parser("simulate", help="play random legal games and print figures")
    p.add_argument("game", choices=["dungeon_mayhem", "regicide"])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--processes", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)
    args = parser.parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
