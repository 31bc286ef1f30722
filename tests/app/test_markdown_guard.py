"""No text reaches Streamlit's Markdown unescaped (issue 29): every argument of ``ui/``, ``serve.py`` and
``app.py`` that Streamlit renders as Markdown — the body of ``st.markdown``, ``st.caption``, ``st.info`` and
the other alerts, ``st.header``, a spinner's text; the label and ``help`` of every widget, an expander's, a
tab's, a page link's, a navigation page's and a metric's label; the options a radio, pills or a segmented control show — is built
at the call site from code literals and the escaping helpers of ``ui/html.py`` only. A player's or student's
name, a quiz or scenario title, a file's text and a translation (a ``.po`` file could hold Markdown) all pass
through ``md_escape`` (bodies) or ``label_escape`` (labels); a Markdown template stays in the code, with the
escaped texts put in it.

The check reads the source (``ast``), so a new call site that forgets cannot pass; ``ALLOWED`` names the few
places whose argument is escaped where it is built, each with the test that shows it. Selectbox and
multiselect options are plain text in Streamlit (escaping them would show backslashes), so only their labels
are checked."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted([*ROOT.joinpath("ui").rglob("*.py"), ROOT / "serve.py", ROOT / "app.py"])

# ui.html's escapes and Markdown builders (md_template keeps a template's bold and code spans only);
# ui.ruling_view.md is md_escape by another name
ESCAPES = {"md_escape", "label_escape", "md_template", "md_code", "md_link", "md"}
BODY = {"markdown", "caption", "info", "warning", "error", "success", "toast", "write", "spinner", "expander",
        "header", "subheader", "title", "status", "popover"}
WIDGET = {"button", "download_button", "link_button", "form_submit_button", "checkbox", "toggle", "radio",
          "selectbox", "multiselect", "text_input", "text_area", "number_input", "slider", "select_slider",
          "file_uploader", "pills", "segmented_control", "date_input", "time_input", "color_picker",
          "camera_input", "metric", "page_link", "chat_input"}
MARKDOWN_OPTIONS = {"radio", "pills", "segmented_control", "select_slider"}  # their options render Markdown
NOT_STREAMLIT = {"log", "logger", "logging", "sys", "warnings", "parser", "quiz_text", "h"}  # log.error(...) is not a page
# (file, call, argument): escaped where it is built; a test shows each on the page
ALLOWED = {
    ("ui/quiz_live.py", "table", "data"),  # the leaderboard: names and headers escaped in quiz_live._plain
    ("ui/nav.py", "page_link", "label"),  # an st.Page's title, escaped where app.py makes the page
}


def _receiver(func: ast.expr) -> str:
    value = func.value if isinstance(func, ast.Attribute) else func
    while isinstance(value, (ast.Attribute, ast.Subscript, ast.Call)):
        value = value.value if not isinstance(value, ast.Call) else value.func
    return value.id if isinstance(value, ast.Name) else ""


def safe(node: ast.expr | None) -> bool:
    """Whether ``node`` is Markdown-inert by construction: a literal of the code, an escaping call, or an
    f-string, ``+``, ``if … else`` or ``"literal".format(…)`` made of those."""
    if node is None:
        return True
    if isinstance(node, ast.Constant):
        return node.value is None or isinstance(node.value, (str, int, float, bool))
    if isinstance(node, ast.JoinedStr):
        return all(safe(v.value) if isinstance(v, ast.FormattedValue) else True for v in node.values)
    if isinstance(node, ast.BinOp):  # "a" + b, or a number: int(k) + 1
        return safe(node.left) and safe(node.right)
    if isinstance(node, ast.IfExp):
        return safe(node.body) and safe(node.orelse)
    if isinstance(node, (ast.List, ast.Tuple)):
        return all(safe(e) for e in node.elts)
    if isinstance(node, ast.Call):
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        if name in ESCAPES or name in {"int", "len"}:
            return True
        if name == "format" and isinstance(f, ast.Attribute) and isinstance(f.value, ast.Constant):
            return all(safe(a) for a in node.args) and all(safe(k.value) for k in node.keywords)
    return False


def safe_func(node: ast.expr) -> bool:
    """A ``format_func`` whose output is inert: an escaping helper itself, or a lambda returning a safe value."""
    if isinstance(node, ast.Name) and node.id in ESCAPES:
        return True
    if isinstance(node, ast.Attribute) and node.attr in ESCAPES:
        return True
    return isinstance(node, ast.Lambda) and safe(node.body)


PASSED_TO = {"_field"}  # ui.ruling_forms._field(widget, label, …) escapes the label itself
SHARED_NAMES = {"title", "header", "subheader", "status", "popover", "table", "caption", "info", "error", "warning",
                "success"}  # also the names of data attributes and loggers: only st.<name> counts as a value


def _called(node: ast.Call) -> list[ast.Attribute]:
    """The Streamlit functions a call calls: ``st.x(…)``, or ``(st.a if c else st.b)(…)``."""
    f = node.func
    branches = [f.body, f.orelse] if isinstance(f, ast.IfExp) else [f]
    return [b for b in branches if isinstance(b, ast.Attribute)]


def _passed_around(tree: ast.AST, rel: str) -> list[str]:
    """A Markdown-rendering function used as a value (``show = st.error``; ``f(c[0].button)``): its text cannot
    be checked where it is finally called, so it is refused, but for the helpers that escape it themselves."""
    called = {id(a) for n in ast.walk(tree) if isinstance(n, ast.Call) for a in _called(n)}
    passed = {id(a) for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
              and n.func.id in PASSED_TO for a in n.args[:1]}
    return [f"{rel}:{n.lineno}: {ast.unparse(n)} is used as a value: call it with escaped text instead"
            for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load) and n.attr in BODY | WIDGET
            and (n.attr not in SHARED_NAMES or _receiver(n) == "st")
            and _receiver(n) not in NOT_STREAMLIT and id(n) not in called | passed]


def unescaped(source: str, rel: str) -> list[str]:
    """Each call in ``source`` that hands Streamlit's Markdown a text not escaped at the call site."""
    tree = ast.parse(source)
    out = _passed_around(tree, rel)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and len(_called(node)) > 1:  # (st.a if c else st.b)(text)
            for branch in _called(node):
                out += [p.replace(f"{rel}:1:", f"{rel}:{node.lineno}:", 1)
                        for p in unescaped(ast.unparse(ast.Call(branch, node.args, node.keywords)), rel)]
            continue
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        call = node.func.attr
        if call == "Page" and _receiver(node.func) == "st":  # its title is a navigation link's label
            out += [f"{rel}:{node.lineno}: Page(title=…) is not escaped: {ast.unparse(k.value)[:90]}"
                    for k in node.keywords if k.arg == "title" and not safe(k.value)]
            continue
        if _receiver(node.func) in NOT_STREAMLIT or call not in BODY | WIDGET | {"tabs", "table"}:
            continue
        if call in {"title", "header", "subheader", "write", "status", "table"} and _receiver(node.func) != "st" \
                and call != "table":
            continue  # str.title() and friends; Streamlit's are always called on st here
        args: list[tuple[str, ast.expr]] = []
        first = "data" if call == "table" else "label" if call in WIDGET | {"expander", "popover", "status"} else "body"
        if call == "page_link":
            first = "page"  # its label is a keyword
        if node.args and call != "page_link":
            args.append((first, node.args[0]))
        if call == "write":
            args += [("body", a) for a in node.args[1:]]
        if call == "tabs" and node.args:
            args = [("tabs", node.args[0])]
        for kw in node.keywords:
            if kw.arg in {"label", "body", "help", "text", "captions"} or (kw.arg == "data" and call == "table"):
                args.append((kw.arg, kw.value))
            elif kw.arg == "format_func" and call in MARKDOWN_OPTIONS:
                if not safe_func(kw.value):
                    out.append(f"{rel}:{node.lineno}: {call}(format_func=…) is not escaped")
        for what, value in args:
            if (rel, call, what) in ALLOWED:
                continue
            if not safe(value):
                out.append(f"{rel}:{node.lineno}: {call}({what}=…) is not escaped: {ast.unparse(value)[:90]}")
    return out


def test_every_text_streamlit_renders_as_markdown_is_escaped_at_its_call_site() -> None:
    problems = [p for path in SOURCES
                for p in unescaped(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code, ok", [
    ('st.markdown(f"{k + 1}. {describe(scn, act)}")', False),  # the hole of issue 29
    ('st.markdown(f"{int(k) + 1}. {h.md_escape(describe(scn, act))}")', True),
    ('st.button(_("Back"))', False),  # a translation is not trusted
    ('st.button(h.label_escape(_("Back")))', True),
    ('st.radio(label_escape(x), opts, format_func=names.get)', False),
    ('st.radio(label_escape(x), opts, format_func=lambda o: md_escape(names[o]))', True),
    ('st.selectbox(label_escape(x), opts, format_func=names.get)', True),  # plain-text options
    ('st.caption(_("{n} s").format(n=md_escape(n)))', False),  # the template is a translation
    ('st.markdown("**{t}**".format(t=md_escape(x)))', True),
    ('c[0].expander(title)', False),
    ('st.tabs([label_escape(_("Form")), _("YAML")])', False),
    ('st.page_link("p.py", label=title)', False),
    ('log.error("fault %s", ref)', True),
    ('(st.success if ok else st.error)(msg)', False),  # issue 29: the quiz manager's message
    ('(st.success if ok else st.error)(md_escape(msg))', True),
    ('show = st.warning\nshow(text)', False),
    ('_field(c[0].multiselect, _("Allies"), "k", [])', True),  # _field escapes its label
    ('st.Page("p.py", title=_("Lessons"))', False),
    ('st.Page("p.py", title=label_escape(_("Lessons")))', True),
])
def test_the_guard_tells_escaped_from_unescaped(code: str, ok: bool) -> None:
    assert (not unescaped(code, "ui/probe.py")) is ok
