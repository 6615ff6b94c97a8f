"""Dataclasses whose methods are generated when the class is first used, not when it is imported.

`dataclasses.dataclass` writes and compiles a class's `__init__`, `__repr__`, `__eq__`, `__hash__`,
`__setattr__` and `__delattr__` as soon as the class is defined: about 1 ms a class here, over 40 ms
for the moves alone, while a command builds one kind of move. A class decorated with `@deferred(...)`
becomes the same dataclass, by the same `dataclass(...)` call, only later: when its first instance is
initialised, or when `ready(cls)` is called by code that reads the fields of a class it has no instance
of (`dataclasses.fields(ready(cls))`). From then on it is a plain dataclass: nothing is added per
instance. The first use is not meant for several threads at once (the referee runs in one).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["deferred", "ready"]

_PENDING: dict[type, dict] = {}  # class -> its dataclass() parameters, until it is made a dataclass


def _first_init(self, *args, **kwargs) -> None:
    """A deferred class's `__init__` until it is ready; then the dataclass's own replaces it."""
    cls = ready(type(self))
    cls.__init__(self, *args, **kwargs)


def deferred(**params):
    """`@dataclass(**params)`, applied when the class is first used."""

    def wrap(cls):
        if "__init__" in vars(cls):
            raise TypeError(f"{cls.__name__} defines __init__: a deferred dataclass generates it")
        _PENDING[cls] = params
        cls.__init__ = _first_init
        return cls

    return wrap


def ready(cls: type) -> type:
    """Make `cls` the dataclass it declares (its deferred bases first, as their definitions would have)."""
    for klass in reversed(cls.__mro__):
        params = _PENDING.pop(klass, None)
        if params is not None:
            del klass.__init__
            dataclass(**params)(klass)
    return cls
