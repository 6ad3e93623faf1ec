"""The package's own promises: one import root, no sys.path changes, no
import circle between its modules."""

import ast
import unittest
from pathlib import Path

from harness import paths

PACKAGE = paths.SRC / "harness"


def modules():
    """Every module of the package, as (dotted name, path)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(paths.SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield ".".join(parts), path


def imported(name, path):
    """The package's modules that NAME imports at its top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in tree.body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {module for module in found if module.split(".")[0] == "harness"}


class PackageTest(unittest.TestCase):
    def test_no_sys_path_changes(self):
        for name, path in modules():
            tree = ast.parse(path.read_text(encoding="utf-8"))
            uses = [node.lineno for node in ast.walk(tree)
                    if isinstance(node, ast.Attribute) and node.attr == "path"
                    and isinstance(node.value, ast.Name) and node.value.id == "sys"]
            with self.subTest(module=name):
                self.assertEqual(uses, [], f"{path}: sys.path used on line(s) {uses}")

    def test_no_import_circle(self):
        names = dict(modules())
        graph = {name: {m for m in imported(name, path) if m in names and m != name}
                 for name, path in names.items()}
        state = {}

        def visit(node, trail):
            state[node] = "open"
            for nxt in sorted(graph[node]):
                if state.get(nxt) == "open":
                    self.fail("import circle: " + " -> ".join(trail[trail.index(nxt):] + [nxt]))
                if nxt not in state:
                    visit(nxt, trail + [nxt])
            state[node] = "done"

        for node in sorted(graph):
            if node not in state:
                visit(node, [node])

    def test_package_under_src(self):
        self.assertTrue((PACKAGE / "__init__.py").is_file())
        self.assertEqual(Path(__file__).resolve().parents[2], paths.SRC)
