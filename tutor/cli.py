"""``rules-tutor``: check the library, solve a scenario, keep the golden explanations, start a scenario from a
template, write schemas, simulate games."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
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
    problems += lib.translation_problems(args.lang)
    if not given:  # the guided first games (tutorials/): loaded strictly and replayed to a game won
        from tutor.play.tutorial import check_all

        problems += check_all()
    if args.lang:  # the interface and engine catalogs too: no entry that could not be formatted safely
        from tutor.i18n_catalogs import unsafe_entries

        problems += unsafe_entries(args.lang)
    for p in sorted(problems + lib.warnings, key=lambda p: (p.path, p.line, p.col)):
        print(p)
    elapsed = time.perf_counter() - start
    if problems:
        print(f"{len(problems)} problem(s) in {lib.files} file(s)", file=sys.stderr)
        return 1
    done = f", every text translated into {args.lang}" if args.lang else ""
    warned = f", {len(lib.warnings)} warning(s)" if lib.warnings else ""
    print(f"ok: {lib.files} files, {len(lib.scenarios)} scenarios, {lib.question_count} questions solved, "
          f"{compared} expectations matched, {len(lib.lessons)} lessons{done}{warned} ({elapsed:.2f} s)")
    return 0


def solve_file(path: Path) -> tuple[Any, dict[str, Any] | None, list[str]]:
    """The file's library, its scenario solved, and its problems. A question the engine refuses is a problem of
    its own (``path:line:col: reason``) and an entry with ``refused``: the other questions are still answered."""
    from tutor import library as libmod
    from tutor.golden import solved

    lib = libmod.load([path])
    if not lib.scenarios:
        return lib, None, [str(p) for p in lib.problems] or [f"{path}:1:1: no scenario in this file"]
    (sid, _), = lib.scenarios.items()
    return lib, solved(lib, sid), [str(p) for p in lib.problems]


_JSON_KEYS = ("id", "ask", "at", "answer", "explanation")


def cmd_solve(args: argparse.Namespace) -> int:
    from tutor.cli_text import solve_text

    lib, result, problems = solve_file(Path(args.file))
    if problems:
        print("\n".join(problems), file=sys.stderr)
    if result is None:
        return 1
    if args.json:
        print(json.dumps({"scenario": result["scenario"], "questions": [
            {k: q[k] for k in (("id", "ask", "refused") if "refused" in q else _JSON_KEYS)}
            for q in result["questions"]]}, indent=2))
    else:
        print(solve_text(lib, result["scenario"], args.lang), end="")
    return 1 if problems else 0


def cmd_i18n(args: argparse.Namespace) -> int:
    """extract: refresh locale/*.pot and merge them into each language's .po; compile: write the .mo files;
    status: how much of each language is translated."""
    from tutor import i18n_catalogs as cats

    if args.action == "extract":
        from tutor.i18n import translated

        counts = cats.extract()
        print("templates: " + ", ".join(f"{d} {n}" for d, n in counts.items()) + " messages; merged into "
              + ", ".join(translated()))
        return 0
    if args.action == "compile":
        print(f"{cats.compile_all()} catalog(s) compiled")
        return 0
    if args.action == "scaffold":
        from tutor import library as libmod, translations

        if not args.lang or not args.paths:
            print("scaffold needs --lang and the files or folders to translate", file=sys.stderr)
            return 2
        lib = libmod.load([Path(p) for p in args.paths])
        for shown, located in sorted(lib.located.items()):
            path, added = translations.scaffold(Path(shown), located, args.lang)
            print(f"{path}: {added} text(s) to translate added")
        return 0
    from tutor.i18n import translated

    bad = 0
    for lang in translated():
        gaps = cats.missing(lang)
        bad += len(gaps)
        print(f"{lang}: {len(gaps)} message(s) missing or broken")
        for domain, mid, why in gaps[: args.limit]:
            print(f"  [{domain}] {mid[:90]!r}: {why}")
    return 1 if bad else 0


def cmd_golden(args: argparse.Namespace) -> int:
    """Diff (or with --update, rewrite) tests/golden/<scenario>.txt against what the engine explains now."""
    from tutor import golden
    from tutor import library as libmod

    lib = libmod.load(None)
    if lib.problems:
        print("\n".join(str(p) for p in lib.problems), file=sys.stderr)
        return 1
    if args.update:
        changed = golden.update(lib)
        print(f"{len(changed)} golden file(s) rewritten or removed, {len(lib.scenarios)} scenarios"
              + "".join(f"\n  {name}" for name in changed))
        return 0
    diffs = golden.differences(lib)
    for text in diffs.values():
        print(text, end="")
    if diffs:
        print(f"{len(diffs)} golden file(s) differ; review the diff, then `rules-tutor golden --update`",
              file=sys.stderr)
        return 1
    print(f"ok: {len(lib.scenarios)} golden explanations match")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """What a learner sees before answering: the caption, the board at the moment (masked parts as ?),
    the prompt and the choices."""
    from tutor import library as libmod
    from tutor.cli_text import show_text
    from tutor.boards import board, question_view
    from tutor.boards.text import board_text
    from tutor.speaking import speaking

    lib = libmod.load([Path(args.file)])
    if lib.problems:  # a refused question is one of them; the other questions are still shown
        print("\n".join(str(p) for p in lib.problems), file=sys.stderr)
    if not lib.scenarios:
        if not lib.problems:
            print(f"{args.file}: no scenario in this file", file=sys.stderr)
        return 1
    (sid, scn), = lib.scenarios.items()
    chosen = [q for q in scn.questions if args.question in (None, q.id)]
    if not chosen:
        print(f"{args.file}: no question {args.question!r} (questions: {', '.join(q.id for q in scn.questions)})",
              file=sys.stderr)
        return 1
    with speaking(args.lang):  # the board's words in the reader's language too
        print(show_text(lib, sid, chosen, args.lang,
                        lambda asked: board_text(board(scn, question_view(asked, masked=True)))), end="")
    return 1 if lib.problems else 0


def cmd_why(args: argparse.Namespace) -> int:
    """The chain of steps behind a question: each step that changed the quantity, with its rule and source."""

    from engine.core.effects import legal
    from tutor import library as libmod
    from tutor.games import plugin
    from engine.core.message import msg
    from tutor.i18n import gettext_in, render
    from tutor.questions import reads_of
    from tutor.why import changed, quantities_of, render_chain, state_at, words

    lib = libmod.load([Path(args.file)])
    if lib.problems or not lib.scenarios:
        print("\n".join(str(p) for p in lib.problems) or f"{args.file}: no scenario in this file", file=sys.stderr)
        return 1
    (sid, scn), = lib.scenarios.items()
    ids = [q.id for q in scn.questions]
    if args.question not in ids:
        print(f"{args.file}: no question {args.question!r} (questions: {', '.join(ids)})", file=sys.stderr)
        return 1
    quantities = quantities_of(scn.game)
    asked = lib.asked(sid, args.question)
    steps = asked.solution.steps
    lang = args.lang

    def say(text: Any) -> str:  # a message or a fixed phrase in the reader's language (English: as written)
        return gettext_in(lang, text, scn.game) if isinstance(text, str) else render(text, lang, scn.game, False)

    title = scn.title
    if lang != "en" and sid in (default := libmod.default_library()).scenarios:  # a library scenario's translation
        title = default.scenario_in(sid, lang).title
    print(say(msg("{title} · {question} · asked {moment}", title=title, question=args.question, moment=asked.at)))
    if args.key:
        keys = [(args.key[0], args.key[1])]
    elif asked.solution.illegal is not None:
        keys = [k for step in steps for k, _b, _a in step.effects if k[1] == legal()[1]]
    else:
        keys = sorted(reads_of(scn, scn.question(args.question), asked.solution))
    if not keys:
        print(say(msg("This question reads no quantity of the table (a printed value or a fact of the set-up); give "
                      "one with --key THING QUANTITY. The quantities its line changed up to the moment (steps):")))
        for key, n in changed(steps).items():
            print(f"  --key {key[0]} {key[1]}   ({n})")
        return 0
    now = quantities.snapshot(state_at(scn.game, asked.solution.outcome))
    sources = plugin(scn.game).sources
    phrases = plugin(scn.game).why  # its values in words, as the app's "why?" shows them

    def shown(key: Any, value: Any) -> Any:
        return phrases.value(scn, key, value) if phrases is not None else words(value)

    def cite(source: str) -> str:  # the documents by title, as the golden explanations cite them
        return "; ".join(say(c.label) for c in sources.cite(source)) or source

    for key in keys:
        print()
        print("\n".join(render_chain(steps, key, quantities.VOCABULARY.knows(key), now.get(key), cite, say,
                                      lambda step: render(step.message or step.text, lang, scn.game), shown)))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    from tutor.schema import SCHEMA_DIR, write

    for path in write(Path(args.out) if args.out else SCHEMA_DIR):
        print(f"wrote {path}")
    return 0


MAX_COUNT = 1000  # items per `generate` run: each costs a simulated position and its checks (about 0.1-0.5 s)
PROGRESS_EVERY = 2.0  # seconds between `generate` progress lines on stderr


def _out_folder_problem(out: Path) -> str | None:
    """Why ``generate --out`` cannot write into ``out`` (creating it if needed), or None: checked before any work."""
    if out.exists() and not out.is_dir():
        return "it is a file, not a folder"
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=out, prefix=".rules-tutor-probe-"):
            pass
    except OSError as err:
        return err.strerror or type(err).__name__
    return None


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate practice items as scenario files (each passes `check`); see tutor/practice/generate.py."""
    from tutor.games import plugin
    from tutor.practice.generate import Stats, generate

    if not 1 <= args.count <= MAX_COUNT:
        print(f"--count must be from 1 to {MAX_COUNT:,}, not {args.count:,} (the cap keeps one run within minutes); "
              "for more items, run again with another --seed", file=sys.stderr)
        return 2
    glossary = plugin(args.game).glossary
    if args.rule and args.rule not in glossary and not any(r.startswith(args.rule) for r in glossary.ids()):
        print(f"unknown rule {args.rule!r} for {args.game} (see docs/rules/{args.game}.md)", file=sys.stderr)
        return 2
    if args.out and (why := _out_folder_problem(Path(args.out))):
        print(f"cannot write the items to {args.out}: {why}", file=sys.stderr)
        return 2
    stats = Stats()
    shown = [time.perf_counter()]

    def progress(kept: int, st: Stats) -> None:
        if time.perf_counter() - shown[0] >= PROGRESS_EVERY:
            shown[0] = time.perf_counter()
            print(f"... {kept} of {args.count} item(s) so far, from {st.candidates} candidates", file=sys.stderr)

    items = generate(args.game, count=args.count, seed=args.seed, rule=args.rule, stats=stats, progress=progress)
    summary = (f"{len(items)} item(s) from {stats.candidates} candidates in {stats.seconds:.1f} s; rejected: "
               + (", ".join(f"{k} {v}" for k, v in sorted(stats.rejected.items())) or "none"))
    if args.json:
        print(json.dumps([{"id": i.id, "rule": i.rule, "rules": list(i.rules), "rating": i.rating, "answer": i.answer,
                           "wrong": [{"answer": w.answer, "rule": w.rule, "misreading": w.misreading,
                                      "feedback": w.feedback} for w in i.wrong],
                           "scenario": i.data} for i in items], indent=2, default=str))
    elif args.out:
        out = Path(args.out)
        for n, i in enumerate(items):
            target = out / f"{i.id.split('.', 1)[1].replace('.', '_')}.yaml"
            try:
                target.write_text(i.yaml(), encoding="utf-8")
            except OSError as err:  # e.g. the disk filled up, or the folder went away, while generating
                print(f"cannot write {target}: {err.strerror or type(err).__name__} ({n} of {len(items)} file(s) "
                      "written)", file=sys.stderr)
                return 1
        print(f"wrote {len(items)} file(s) to {out}")
    else:
        print("---\n".join(i.yaml() for i in items), end="")
    print(summary, file=sys.stderr)
    if len(items) < args.count:
        print(f"only {len(items)} of {args.count} items found for this rule; try another seed", file=sys.stderr)
    return 0 if items else 1


def cmd_simulate(args: argparse.Namespace) -> int:
    """Seeded random self-play of a registered game, through the engine's registry: its engine package's
    ``simulate`` (a game that declares none is refused by name). Options the game's simulator does not take are
    refused when given."""
    import inspect

    from engine.registry import package_of, simulator
    from tutor.games import engine_game

    game = engine_game(args.game)
    simulate = simulator(game)
    if simulate is None:
        print(f"{args.game} declares no simulator (no module {package_of(game)}.simulate)", file=sys.stderr)
        return 2
    takes = inspect.signature(simulate).parameters
    kwargs: dict[str, Any] = {"players": args.players, "games": args.games, "seed": args.seed,
                              "processes": args.processes, "decks": args.decks, "path": args.path}
    unused = [f"--{k}" for k in ("decks", "path") if k not in takes and kwargs[k] is not None]
    if unused:
        print(f"{args.game}'s simulator takes no {', '.join(unused)}", file=sys.stderr)
        return 2
    result = simulate(**{k: v for k, v in kwargs.items() if k in takes and v is not None})
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
    p.add_argument("--lang", default=None, help="also require every text of the games this language covers to be "
                                                "translated (a language code: a folder of locale/)")
    p.set_defaults(func=cmd_check, languages="translated")
    p = sub.add_parser("solve", help="print each question's computed answer and the explanation")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.add_argument("--lang", default="en", help="the language to print in (en, or a folder of locale/; not --json's "
                                                "fields)")
    p.set_defaults(func=cmd_solve, languages="all")
    p = sub.add_parser("i18n", help="translations: extract (refresh the catalogs from the code), compile, status, "
                                    "scaffold (start or extend translation files of lessons and scenarios)")
    p.add_argument("action", choices=["extract", "compile", "status", "scaffold"])
    p.add_argument("paths", nargs="*", help="scaffold: lesson and scenario files or folders")
    p.add_argument("--lang", default=None, help="scaffold: the language (a folder of locale/)")
    p.add_argument("--limit", type=int, default=20, help="status: list at most this many gaps per language")
    p.set_defaults(func=cmd_i18n, languages="translated")
    p = sub.add_parser("golden", help="diff tests/golden/ (every scenario's answers and explanations) against the "
                                      "engine; --update rewrites it")
    p.add_argument("--update", action="store_true", help="rewrite the golden files that differ")
    p.set_defaults(func=cmd_golden)
    p = sub.add_parser("show", help="print what a learner sees before answering: caption, board at the moment "
                                    "(masked parts as ?), prompt and choices")
    p.add_argument("file")
    p.add_argument("--question", default=None, help="one question's id (default: every question)")
    p.add_argument("--lang", default="en", help="the language to print in (en, or a folder of locale/)")
    p.set_defaults(func=cmd_show, languages="all")
    p = sub.add_parser("why", help="print the chain of steps behind a question: every step that changed the "
                                   "quantity it reads, up to its moment, with rule and source")
    p.add_argument("file")
    p.add_argument("--question", required=True, help="the question's id")
    p.add_argument("--key", nargs=2, metavar=("THING", "QUANTITY"), default=None,
                   help="the quantity, e.g. --key enemy damage or --key player:2 hp")
    p.add_argument("--lang", default="en", help="the language to explain in (en, or a folder of locale/)")
    p.set_defaults(func=cmd_why, languages="all")
    p = sub.add_parser("new", help="write a scenario template (an empty board) to start a ruling from")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--out", default=None, help="the file to write (default: print it)")
    p.add_argument("--force", action="store_true", help="overwrite --out if it exists")
    p.set_defaults(func=cmd_new)
    p = sub.add_parser("schema", help="write the JSON Schemas for scenario and lesson files")
    p.add_argument("--out", default=None)
    p.set_defaults(func=cmd_schema)
    p = sub.add_parser("generate", help="generate practice items (scenario files of one question each) from "
                                        "simulated positions or sampled attacks; each passes `check`")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--rule", default=None, help="only items whose deciding step cites this rule id (a prefix "
                                                "ending in '.' names a family, e.g. REG.suit.)")
    p.add_argument("--count", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--json", action="store_true", help="print the items as JSON (rule, rating, answer, scenario)")
    g.add_argument("--out", default=None, help="write one scenario file per item into this folder")
    p.set_defaults(func=cmd_generate)
    p = sub.add_parser("simulate", help="play random legal games and print figures")
    p.add_argument("game", choices=GAMES, help="any registered game whose engine declares a simulator")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--processes", type=int, default=1, help="worker processes (default 1; same results for any number)")
    p.add_argument("--decks", choices=["base", "all"], default=None,
                   help="dungeon_mayhem: the four base characters (default) or random tables of every modelled deck")
    p.add_argument("--path", choices=["fast", "pure", "reference"], default=None,
                   help="dungeon_mayhem: the fast path (compiled if built with `make fast`, default), the pure-Python "
                        "fast path, or the reference engine (legal_actions + step)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_simulate)
    args = parser.parse_args(argv)
    if getattr(args, "lang", None) is not None:  # the languages are read here, for the commands that take one
        from tutor.i18n import LANGUAGES, translated

        allowed = list(LANGUAGES) if args.languages == "all" else list(translated())
        if args.lang not in allowed:
            parser.error(f"argument --lang: invalid choice: {args.lang!r} (choose from {', '.join(allowed)})")
    for stream in (sys.stdout, sys.stderr):  # text from a file can hold anything: never fail printing it
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    try:
        return int(args.func(args))
    except BrokenPipeError:  # `rules-tutor solve FILE | head`: the reader has gone; stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so closing stdout at exit is quiet too
        return 141  # as a tool killed by SIGPIPE
    except KeyboardInterrupt:
        return 130
    except Exception as err:  # never a traceback for a user: one line, and how to get the details
        if os.environ.get("RULES_TUTOR_DEBUG"):
            raise
        print(f"rules-tutor: internal error ({type(err).__name__}): {str(err)[:200]}. "
              "Run again with RULES_TUTOR_DEBUG=1 for the details, and please report it.", file=sys.stderr)
        return 3


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
