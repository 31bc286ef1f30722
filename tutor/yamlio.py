"""Strict YAML loading that remembers where every value came from.

- duplicate keys are errors;
- only ``true``/``false`` are booleans (YAML 1.2): ``yes``, ``no``, ``on``, ``off`` stay strings;
- every mapping key and value keeps its line and column, so a validation error on
  ``questions[0].ask`` can be reported as ``path:line:col``;
- bounded by construction, whatever the input: anchors, aliases and tags are refused (so no
  "billion laughs" expansion and no recursive structure can be built), and the file size, nesting depth,
  scalar length and digits of an integer are capped. Each refusal is a positioned :class:`Problem`,
  found by scanning the parser's events before any node is built.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

import yaml

if TYPE_CHECKING:
    _BaseLoader = yaml.SafeLoader
else:  # libyaml's loader when PyYAML was built with it, the same API
    _BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Path_ = tuple[str | int, ...]

# Bounds (a library file today: at most 4 KB, 6 levels deep, 130-character scalars, 2-digit numbers).
MAX_CHARS = 256_000  # characters in one file
MAX_DEPTH = 24  # nested mappings and lists
MAX_SCALAR = 5_000  # characters in one key or value
MAX_INT_DIGITS = 15  # digits in one integer (Python refuses to convert more than 4,300)
MAX_PROBLEMS = 50  # refusals reported per file before the scan stops


class StrictLoader(_BaseLoader):
    """SafeLoader with YAML 1.2 booleans."""


StrictLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a file, at a 1-based line and column."""

    path: str
    line: int
    col: int
    message: str
    field: str = ""

    def __str__(self) -> str:
        """One line, always: ``path:line:col: field: message``."""
        where = f"{self.path}:{self.line}:{self.col}"
        out = f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"
        return " ".join(out.split())


@dataclass
class Located:
    """Parsed data plus the position of every key and value in it."""

    data: Any
    keys: dict[Path_, tuple[int, int]]
    values: dict[Path_, tuple[int, int]]

    def position(self, loc: Path_, *, prefer_key: bool = False) -> tuple[int, int]:
        """The best position for ``loc``: itself if known, else its nearest known parent."""
        loc = tuple(loc)
        while True:
            table = (self.keys, self.values) if prefer_key else (self.values, self.keys)
            for t in table:
                if loc in t:
                    return t[loc]
            if not loc:
                return (1, 1)
            loc = loc[:-1]


_KIND = {yaml.SequenceNode: "list", yaml.MappingNode: "mapping"}


def _mark(node: yaml.Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def _event_mark(mark: Any) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _text_position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of the character at ``index``.

    >>> _text_position("ab\\ncd", 4)
    (2, 2)
    """
    index = max(0, min(index, len(text)))
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _syntax_problem(err: yaml.YAMLError, text: str, path: str) -> Problem:
    """A parser or reader error as one positioned line."""
    if isinstance(err, yaml.reader.ReaderError):
        char = err.character if isinstance(err.character, int) else ord(str(err.character)[:1] or "?")
        return Problem(path, *_text_position(text, err.position),
                       f"character U+{char:04X} is not allowed in a YAML file ({err.reason})")
    if isinstance(err, yaml.MarkedYAMLError):
        mark = err.problem_mark or err.context_mark
        msg = " ".join(x for x in (err.context, err.problem) if x) or "cannot parse"
        return Problem(path, *_event_mark(mark), f"YAML syntax error: {msg}")
    return Problem(path, 1, 1, f"YAML error: {type(err).__name__}")  # pragma: no cover - every error is one of the above


_INT_TAG = "tag:yaml.org,2002:int"


def _int_digits(value: str) -> int:
    """Digits in an integer as YAML writes it (sign, ``0x``/``0b`` prefix, ``_`` and ``:`` not counted).

    >>> _int_digits("-1_000"), _int_digits("0x1F")
    (4, 2)
    """
    body = value.lstrip("+-")
    if body[:2] in ("0x", "0b"):
        body = body[2:]
    return sum(1 for ch in body if ch not in "_:")


def scan(text: str, path: str) -> list[Problem]:
    """The refusals that keep loading bounded, found from the parser's events alone (nothing is built):
    anchors, aliases, tags, nesting deeper than MAX_DEPTH, scalars longer than MAX_SCALAR, integers of more
    than MAX_INT_DIGITS digits; or the syntax error that stops the parser."""
    if len(text) > MAX_CHARS:
        return [Problem(path, 1, 1, f"the file is too big ({len(text):,} characters; at most {MAX_CHARS:,})")]
    problems: list[Problem] = []
    anchors: dict[str, tuple[int, int]] = {}  # name -> where it is defined
    aliased: set[str] = set()  # an alias is reported once, at its first use; an anchor only if never used
    loader = StrictLoader(text)
    # PyYAML's stubs leave these two untyped: named here with the types its documentation gives them.
    next_event: Callable[[], yaml.Event] = loader.get_event
    resolve: Callable[[type[yaml.Node], str, tuple[bool, bool]], str] = loader.resolve
    depth = 0
    try:
        while loader.check_event() and len(problems) < MAX_PROBLEMS:
            ev = next_event()
            at = _event_mark(ev.start_mark)
            if isinstance(ev, yaml.AliasEvent):
                name = ev.anchor or ""
                if name not in aliased:
                    aliased.add(name)
                    defined = anchors.get(name)
                    where = f" (&{ev.anchor}, line {defined[0]})" if defined else ""
                    problems.append(Problem(path, *at, f"aliases (*{ev.anchor}) are not allowed: "
                                                       f"write out the value{where} here"))
                continue
            if not isinstance(ev, yaml.NodeEvent):
                if isinstance(ev, yaml.CollectionEndEvent):
                    depth -= 1
                continue
            if ev.anchor is not None:
                anchors.setdefault(ev.anchor, at)
            if isinstance(ev, (yaml.ScalarEvent, yaml.CollectionStartEvent)) and ev.tag is not None:
                problems.append(Problem(path, *at, f"tags ({ev.tag}) are not allowed: write the plain value"))
            if isinstance(ev, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    problems.append(Problem(path, *at, f"nested too deeply (more than {MAX_DEPTH} levels)"))
                    break
            elif isinstance(ev, yaml.ScalarEvent):
                if len(ev.value) > MAX_SCALAR:
                    problems.append(Problem(path, *at, f"a value of {len(ev.value):,} characters is too long "
                                                       f"(at most {MAX_SCALAR:,})"))
                elif (ev.tag is None and ev.implicit[0] and resolve(yaml.ScalarNode, ev.value, (True, False))
                      == _INT_TAG and _int_digits(ev.value) > MAX_INT_DIGITS):
                    problems.append(Problem(path, *at, f"a number of {_int_digits(ev.value):,} digits is too long "
                                                       f"(at most {MAX_INT_DIGITS})"))
    except yaml.YAMLError as err:
        problems.append(_syntax_problem(err, text, path))
    finally:
        loader.dispose()
    problems += [Problem(path, *at, f"anchors (&{name}) are not allowed: remove it")
                 for name, at in anchors.items() if name not in aliased]
    return sorted(problems, key=lambda p: (p.line, p.col))


def load(text: str, path: str) -> tuple[Located | None, list[Problem]]:
    """Parse ``text``; return the located data, or None and the problems found.

    Bounded: :func:`scan` refuses what could make building the data explode (aliases, depth, size) first."""
    refused = scan(text, path)
    if refused:
        return None, refused
    loader = StrictLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.YAMLError as err:
        return None, [_syntax_problem(err, text, path)]
    finally:
        loader.dispose()
    if node is None:
        return None, [Problem(path, 1, 1, "the file is empty")]
    keys: dict[Path_, tuple[int, int]] = {}
    values: dict[Path_, tuple[int, int]] = {}
    problems: list[Problem] = []
    constructor = StrictLoader("")

    def build(n: yaml.Node, at: Path_) -> Any:
        values[at] = _mark(n)
        if isinstance(n, yaml.MappingNode):
            out: dict[Any, Any] = {}
            for knode, vnode in n.value:
                if knode.tag == "tag:yaml.org,2002:merge":
                    problems.append(Problem(path, *_mark(knode), "merge keys (<<) are not allowed", _dotted(at)))
                    continue
                if not isinstance(knode, yaml.ScalarNode):
                    problems.append(Problem(path, *_mark(knode), f"a key must be text, not a {_KIND[type(knode)]}",
                                            _dotted(at)))
                    continue
                key = build_scalar(knode)
                if not isinstance(key, (str, int)):
                    problems.append(Problem(path, *_mark(knode), f"a key must be text, not {key!r}", _dotted(at)))
                    continue
                key = str(key)
                if key in out:
                    first = keys[at + (key,)]
                    problems.append(Problem(path, *_mark(knode),
                                            f"duplicate key {key!r} (first defined at line {first[0]})",
                                            _dotted(at + (key,))))
                    continue
                keys[at + (key,)] = _mark(knode)
                out[key] = build(vnode, at + (key,))
            return out
        if isinstance(n, yaml.SequenceNode):
            return [build(item, at + (i,)) for i, item in enumerate(n.value)]
        return build_scalar(n)

    def build_scalar(n: yaml.Node) -> Any:
        try:
            return constructor.construct_object(n, deep=True)
        except yaml.MarkedYAMLError as err:
            problems.append(Problem(path, *_mark(n), f"bad value: {err.problem or err.context}"))
        except (yaml.YAMLError, ValueError, OverflowError) as err:  # e.g. a date like 2001-13-45
            problems.append(Problem(path, *_mark(n), f"bad value {n.value!r}: {err}"))
        return None

    try:
        data = build(node, ())
    finally:
        constructor.dispose()
    return Located(data, keys, values), problems


def _dotted(loc: Path_) -> str:
    """``('questions', 0, 'ask')`` -> ``questions[0].ask``.

    >>> _dotted(("questions", 0, "ask"))
    'questions[0].ask'
    """
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def locate(data: Any, loc: tuple[Any, ...], kind: str = "missing") -> tuple[Path_, tuple[Path_, str] | None]:
    """Map a pydantic error location (of error type ``kind``) onto the data, dropping union tags and model
    names; also return the innermost union it passed through: (the path of the value that union validated,
    the member's name), or None.

    >>> locate({"a": [5]}, ("a", 0, "str"), "string_type")
    (('a', 0), (('a', 0), 'str'))
    """
    out: list[str | int] = []
    union = None
    cur = data
    for i, part in enumerate(loc):
        if isinstance(cur, dict) and isinstance(part, str) and part in cur:
            out.append(part)
            cur = cur[part]
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            out.append(part)
            cur = cur[part]
        elif isinstance(cur, dict) and i == len(loc) - 1 and kind in ("missing", "extra_forbidden"):
            out.append(part)  # a missing or extra key
        else:
            union = (tuple(out), str(part))  # a discriminator tag or a union member's name: skipped
    return tuple(out), union


def data_path(data: Any, loc: tuple[Any, ...]) -> Path_:
    """Map a pydantic error location onto the data, dropping union tags and model names."""
    return locate(data, loc)[0]


dotted = _dotted
