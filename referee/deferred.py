"""Dataclasses whose methods are generated when the class is first used, not when it is imported.

`dataclasses.dataclass` writes and compiles a class's `__init__`, `__repr__`, `__eq__`, `__hash__`,
`__setattr__` and `__delattr__` as soon as the class is defined: about 1 ms a class here, over 40 ms
for the moves alone, while a command builds one kind of move. A class decorated with `@deferred(...)`
and deriving from `Deferred` becomes the same dataclass, by the same `dataclass(...)` call, only later:
just before its first instance is created, or when `ready(cls)` is called by code that reads the
fields of a class it has no instance of (`dataclasses.fields(ready(cls))`).
"""

from __future__ import annotations

import _thread
from dataclasses import dataclass

__all__ = ["Deferred", "deferred", "ready"]

_PENDING: dict[type, dict] = {}  # class -> its dataclass() parameters, until it is made a dataclass
_LOCK = _thread.allocate_lock()


def deferred(**params):
    """`@dataclass(**params)`, applied when the class is first used."""

    def wrap(cls):
        _PENDING[cls] = params
        return cls

    return wrap


def ready(cls: type) -> type:
    """Make `cls` the dataclass it declares (its deferred bases first, as their definitions would have)."""
    if _PENDING:
        with _LOCK:
            for klass in reversed(cls.__mro__):
                params = _PENDING.get(klass)
                if params is not None:
                    dataclass(**params)(klass)
                    del _PENDING[klass]
    return cls


class Deferred:
    """Base of deferred dataclasses: creating an instance first makes its class ready."""

    __slots__ = ()

    def __new__(cls, *args, **kwargs):
        ready(cls)
        return object.__new__(cls)
