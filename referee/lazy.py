"""A package's names loaded on first use (PEP 562): `import referee` and the rule packages cost nothing a command
does not need."""

from __future__ import annotations

import sys

__all__ = ["exports"]


def exports(package: str, names: dict[str, str]):
    """The module `__getattr__` of `package` that loads each of `names` ({name: module}) from its module the first
    time it is asked for; a module without a dot is a submodule of `package`."""

    def __getattr__(name: str):
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        from importlib import import_module

        value = getattr(import_module(module if "." in module else f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
