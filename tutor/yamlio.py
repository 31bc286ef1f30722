"""Strict YAML loading that remembers where every value came from.

- duplicate keys are errors;
- only ``true``/``false`` are booleans (YAML 1.2): ``yes``, ``no``, ``on``, ``off`` stay strings;
- every mapping key and value keeps its line and column, so a validation error on
  ``questions[0].ask`` can be reported as ``path:line:col``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Path_ = tuple[str | int, ...]


class StrictLoader(_BaseLoader):  # type: ignore[misc, valid-type]
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
        where = f"{self.path}:{self.line}:{self.col}"
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


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


def _mark(node: yaml.Node) -> tuple[int, int]:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def load(text: str, path: str) -> tuple[Located | None, list[Problem]]:
    """Parse ``text``; return the located data, or None and the problems found."""
    loader = StrictLoader(text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        msg = " ".join(x for x in (err.context, err.problem) if x) or str(err)
        return None, [Problem(path, line, col, f"YAML syntax error: {msg}")]
    except yaml.YAMLError as err:  # pragma: no cover - non-marked errors are rare
        return None, [Problem(path, 1, 1, f"YAML error: {err}")]
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
        if isinstance(n, yaml.ScalarNode):
            try:
                return constructor.construct_object(n, deep=True)
            except yaml.YAMLError as err:
                problems.append(Problem(path, *_mark(n), f"bad value: {err}"))
                return None
        return build(n, ())  # complex keys: reported by the caller

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


def data_path(data: Any, loc: tuple[Any, ...]) -> Path_:
    """Map a pydantic error location onto the data, dropping union tags and model names."""
    out: list[str | int] = []
    cur = data
    last = len(loc) - 1
    for i, part in enumerate(loc):
        if isinstance(cur, dict) and isinstance(part, str) and part in cur:
            out.append(part)
            cur = cur[part]
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            out.append(part)
            cur = cur[part]
        elif isinstance(cur, dict) and isinstance(part, str) and i == last:
            out.append(part)  # a missing or extra key
        # else: a discriminator tag or union member name: skip it
    return tuple(out)


dotted = _dotted
