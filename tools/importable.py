"""Every stdlib module a Pyodide start offers, imported or importable: the modules of the stdlib zip on
``sys.path`` and those held imported from it already (a memory-snapshot start's zip lacks those); not the ones
that act when imported (run tests, open a browser, print).

Run inside Pyodide, not here: tools/pycompile.mjs's exercise (its ``importable`` mode, for the normal start) and
tests/runtime/test_stdlib_pruned.py's snapshot start both load this file and call :func:`list_importable`, so the
two lists that test compares are made by the same code."""


def list_importable() -> list[str]:
    import importlib
    import sys
    import zipfile
    zip_dir = next(p for p in sys.path if p.endswith(".zip"))

    def module(rel: str) -> str:
        return rel.rsplit(".", 1)[0].replace("/", ".").removesuffix(".__init__")

    with zipfile.ZipFile(zip_dir) as zf:
        offered = {module(n) for n in zf.namelist() if n.endswith((".py", ".pyc"))}
    offered |= {n for n, m in list(sys.modules.items())
                if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(zip_dir + "/")}
    importable = []
    for name in sorted(offered):
        if name in ("this", "antigravity") or name.endswith("__main__"):
            continue
        try:
            importlib.import_module(name)
            importable.append(name)
        except Exception:
            pass
    return importable
