"""The app's structure: one part per screen over shared services, with no import circle, and every ``data-nav``
command owned by exactly one part (two parts claiming one command would silently lose one of them)."""
import ast
import pathlib

from pyapp.ui import App, DictStorage

ROOT = pathlib.Path(__file__).resolve().parents[2]
UI = ROOT / "pyapp" / "ui"


def _module_name(path: pathlib.Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: pathlib.Path) -> set[str]:
    """Every ``pyapp.ui`` module ``path`` imports, at any depth of the file (inside functions and
    ``TYPE_CHECKING`` blocks too: a circle through a lazy import is still a circle)."""
    me = _module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [target] + [f"{target}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        out.update(n for n in names if n.startswith("pyapp.ui"))
    return out


def _graph() -> dict[str, set[str]]:
    files = {_module_name(p): p for p in UI.rglob("*.py")}
    return {name: {t for t in _imports(p) if t in files and t != name} for name, p in files.items()}


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph[n]):
            if state.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None
    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_app_parts_import_each_other_without_a_circle():
    graph = _graph()
    # the package's face imports the app, which imports every part: leave the face out, as a reader would
    graph = {n: {m for m in deps if m != "pyapp.ui"} for n, deps in graph.items() if n != "pyapp.ui"}
    assert {"pyapp.ui.app", "pyapp.ui.session", "pyapp.ui.store", "pyapp.ui.runner", "pyapp.ui.screens.table",
            "pyapp.ui.screens.setup", "pyapp.ui.screens.shelf", "pyapp.ui.sharing"} <= set(graph)
    assert _circle(graph) is None, f"import circle: {' -> '.join(_circle(graph) or [])}"
    # the session and the services never reach up to the screens or the app
    for low in ("pyapp.ui.session", "pyapp.ui.store", "pyapp.ui.runner", "pyapp.ui.text", "pyapp.ui.seats"):
        assert not {m for m in graph[low] if m.startswith(("pyapp.ui.screens", "pyapp.ui.app"))}, low


def test_a_circle_is_found_when_there_is_one():
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None


def test_every_nav_command_belongs_to_exactly_one_part():
    app = App(DictStorage(), {})
    parts = [app.shelf, app.setup_screen, app.table, app.rules, app.sharing, app.coach]
    owners: dict[str, list[str]] = {}
    for part in parts:
        for cmd in part.navs():
            owners.setdefault(cmd, []).append(type(part).__name__)
    assert {c: o for c, o in owners.items() if len(o) > 1} == {}
    # and each is routed to its part: the app's own table holds every one of them
    assert set(owners) <= set(app._navs)
    for cmd in ("replay", "share", "undo", "hint", "setup", "start", "load", "delsave", "rules", "back"):
        assert cmd in owners, cmd


def test_no_file_of_the_package_is_over_900_lines():
    """Issue 31: files small enough to read; a renderer is split by what it draws (a package per game)."""
    long = {str(p.relative_to(ROOT)): n for p in (ROOT / "pyapp").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 900}
    assert long == {}
