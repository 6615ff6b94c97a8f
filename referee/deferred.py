"""Dataclasses whose methods are generated when the class is first used, not when it is imported.

`dataclasses.dataclass` writes and compiles a class's `__init__`, `__repr__`, `__eq__`, `__hash__`,
`__setattr__` and `__delattr__` as soon as the class is defined: about 1 ms a class here, over 40 ms
for the moves alone, while a command builds one kind of move. A class decorated with `@deferred(...)`
becomes the same dataclass, by the same `dataclass(...)` call, only later: when its first instance is
initialised, or when something asks the class what the dataclass would have given it
(`dataclasses.fields(Equip)`, `inspect.signature(Equip)`: its metaclass makes it the dataclass first), or when
`ready(cls)` is called. From then on it is a plain dataclass: nothing is added per instance. The first use is not
meant for several threads at once (the referee runs in one).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["deferred", "ready"]

_PENDING: dict[type, dict] = {}  # class -> its dataclass() parameters, until it is made a dataclass
_ASKED = ("__dataclass_fields__", "__dataclass_params__")  # what dataclasses.fields / is_dataclass read


class _Deferred(type):
    """The metaclass of a deferred class: asking the class for its dataclass fields or its signature before it is
    a dataclass makes it one first (a pending class never has a base that is already a dataclass: see `deferred`)."""

    def __getattr__(cls, name: str):
        if name in _ASKED and any(klass in _PENDING for klass in cls.__mro__):
            ready(cls)
            return getattr(cls, name)
        if name == "__signature__":  # inspect.signature: made a dataclass, the generated __init__ says it
            ready(cls)
            return None
        raise AttributeError(name)


def _first_init(self, *args, **kwargs) -> None:
    """A deferred class's `__init__` until it is ready; then the dataclass's own replaces it."""
    cls = ready(type(self))
    cls.__init__(self, *args, **kwargs)


def deferred(**params):
    """`@dataclass(**params)`, applied when the class is first used."""

    def wrap(cls):
        if "__init__" in vars(cls):
            raise TypeError(f"{cls.__name__} defines __init__: a deferred dataclass generates it")
        if not isinstance(cls, _Deferred):  # the same class, made again with the metaclass that readies it
            body = {k: v for k, v in vars(cls).items() if k not in ("__dict__", "__weakref__")}
            cls = _Deferred(cls.__name__, cls.__bases__, body)
        if any("__dataclass_fields__" in vars(base) for base in cls.__mro__[1:]):
            return dataclass(**params)(cls)  # its base is a dataclass already: it would read the base's fields
        _PENDING[cls] = params
        cls.__init__ = _first_init
        return cls

    return wrap


def ready(cls: type) -> type:
    """Make `cls` the dataclass it declares (its deferred bases first, as their definitions would have), and every
    deferred class already defined on it (so that no pending class has a base that is a dataclass)."""
    for klass in reversed(cls.__mro__):
        params = _PENDING.pop(klass, None)
        if params is not None:
            del klass.__init__
            dataclass(**params)(klass)
            for sub in klass.__subclasses__():
                if sub in _PENDING:
                    ready(sub)
    return cls
