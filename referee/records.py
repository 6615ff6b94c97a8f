"""Typed records and the one way they become JSON and come back (issue 21, point 2).

Every value the game file and the `--json` outputs keep (moves, procedures, rulings, violations, citations, the
state) is a `Record`, frozen where it is a value (`class Damage(Move, frozen=True)`; `kw_only=True` makes a class's
own fields keyword-only). A record is declared as a dataclass is (annotated fields, defaults, `field(...)`), and
compares, hashes (frozen), prints and `replace`s as one does. `encode(record)` gives its JSON form (plain dicts,
lists, strings, numbers); `decode(Type, data)` makes it again, reading each field by its annotation: a tuple comes
back a tuple, a nested record a record. A family of records of several kinds names the field that tells them apart
on its base (`tagged_by = "type"` on Move, `"kind"` on Procedure); each kind's class attribute of that name is its
tag, written first, and `decode(Base, data)` picks the class by it (`Base.of_kind`). A field a record keeps in
memory but never writes is listed in its `unwritten` (a Ruling's effects: the log keeps them apart). A field written
under another name says so with `field(name=...)`; one written only when it holds a value is listed in
`unwritten_when_none`; a record whose fields changed meaning reads an older file's shape in its `upgraded`,
and one whose files keep a shape of their own writes it in its `written` (a Loot card, `state.Card`).

Why not dataclasses: `dataclass` writes and compiles each class's methods when the class is defined (about 1 ms a
class here, 40 ms for the moves alone, while a command builds one kind of move), which referee.deferred used to put
off until first use. A Record's methods are shared by every record, so defining one costs what defining a class
does. Why not msgspec (issue 21 weighed it): its Structs define as cheaply and build faster, but importing it costs
about what 20 dataclass definitions do (it loads decimal, uuid, typing_extensions and six submodules), more than a
cold `referee status --json` or `referee damage` ever made; measured side by side, both commands ran 10-18% slower
with it (bench/startup.py).
"""

from __future__ import annotations

import types
import typing

__all__ = ["Record", "encode", "decode", "field", "fields", "replace", "FrozenRecordError"]

_MISSING = object()


class FrozenRecordError(AttributeError):
    """A field of a frozen record was assigned."""


class Field:
    """One field of a record: its name, the name JSON writes it under, its default (or the factory that makes one),
    whether it is keyword-only, and its annotation (`type`, resolved when first asked)."""

    __slots__ = ("name", "encode_name", "default", "default_factory", "kw_only", "owner", "_type")

    def __init__(self, name, encode_name, default, default_factory, kw_only, owner):
        self.name, self.encode_name, self.default, self.default_factory = name, encode_name, default, default_factory
        self.kw_only, self.owner, self._type = kw_only, owner, _MISSING

    @property
    def required(self) -> bool:
        return self.default is _MISSING and self.default_factory is _MISSING

    @property
    def type(self):
        if self._type is _MISSING:
            import sys

            annotation = self.owner.__annotations__[self.name]
            if isinstance(annotation, str):
                annotation = eval(annotation, vars(sys.modules[self.owner.__module__]), dict(vars(self.owner)))
            self._type = annotation
        return self._type

    def __repr__(self) -> str:
        return f"Field({self.name!r})"


class _Spec:
    __slots__ = ("default", "default_factory", "name")

    def __init__(self, default, default_factory, name):
        self.default, self.default_factory, self.name = default, default_factory, name


def field(*, default=_MISSING, default_factory=_MISSING, name: str | None = None):
    """A field's default made by `default_factory` (a mutable one), or the name JSON writes it under."""
    return _Spec(default, default_factory, name)


def _is_class_var(annotation) -> bool:
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    return annotation is typing.ClassVar or typing.get_origin(annotation) is typing.ClassVar


class Record:
    """Base of every typed record. Subclasses say `frozen=True` where the record is a value (the moves, rulings,
    procedures; inherited); the game state's own records change in place."""

    __record_fields__: typing.ClassVar[tuple[Field, ...]] = ()
    __record_frozen__: typing.ClassVar[bool] = False
    __record_positional__: typing.ClassVar[tuple[Field, ...]] = ()
    __record_names__: typing.ClassVar[frozenset] = frozenset()
    __record_init__: typing.ClassVar[tuple[tuple, ...]] = ()  # (name, default, default_factory) of each field

    def __init_subclass__(cls, *, frozen: bool | None = None, kw_only: bool = False, **kwargs):
        super().__init_subclass__(**kwargs)
        found = {f.name: f for f in cls.__record_fields__}
        for name, annotation in vars(cls).get("__annotations__", {}).items():
            if _is_class_var(annotation):
                continue
            value = vars(cls).get(name, _MISSING)
            spec = value if isinstance(value, _Spec) else _Spec(value, _MISSING, None)
            if spec.default_factory is not _MISSING or (spec is value and spec.default is _MISSING):
                delattr(cls, name)
            elif spec is value:
                setattr(cls, name, spec.default)
            found[name] = Field(name, spec.name or name, spec.default, spec.default_factory, kw_only, cls)
        cls.__record_fields__ = tuple(found.values())
        cls.__record_positional__ = tuple(f for f in cls.__record_fields__ if not f.kw_only)
        cls.__record_names__ = frozenset(found)
        cls.__record_init__ = tuple((f.name, f.default, f.default_factory) for f in cls.__record_fields__)
        after_default = False
        for f in cls.__record_positional__:
            if f.required and after_default:
                raise TypeError(f"{cls.__name__}: required field {f.name!r} follows a field with a default")
            after_default = after_default or not f.required
        if frozen is not None:
            cls.__record_frozen__ = frozen
        if cls.__record_frozen__:
            cls.__setattr__ = _frozen_setattr
            cls.__delattr__ = _frozen_setattr
            cls.__hash__ = _hash
        elif "__hash__" not in vars(cls) or vars(cls)["__hash__"] is None:
            cls.__hash__ = None  # a record that changes in place is not hashable (as a dataclass is not)

    def __init__(self, *args, **kwargs):
        cls = type(self)
        if args:
            positional = cls.__record_positional__
            if len(args) > len(positional):
                raise TypeError(f"{cls.__name__}() takes {len(positional)} positional arguments but {len(args)} were "
                                f"given")
            for f, value in zip(positional, args):
                if f.name in kwargs:
                    raise TypeError(f"{cls.__name__}() got multiple values for argument {f.name!r}")
                kwargs[f.name] = value
        values = self.__dict__
        missing = None
        take = kwargs.pop
        for name, default, default_factory in cls.__record_init__:  # in field order: hash and repr read it
            value = take(name, _MISSING)
            if value is _MISSING:
                if default is not _MISSING:
                    value = default
                elif default_factory is not _MISSING:
                    value = default_factory()
                elif missing is None:
                    missing = name
            values[name] = value
        if kwargs:
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {next(iter(kwargs))!r}")
        if missing is not None:
            raise TypeError(f"{cls.__name__}() missing required argument: {missing!r}")

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"

    tagged_by: typing.ClassVar[str] = ""  # on a family's base: the field naming each kind ("type", "kind")
    unwritten: typing.ClassVar[tuple[str, ...]] = ()  # fields kept in memory only
    unwritten_when_none: typing.ClassVar[tuple[str, ...]] = ()  # fields written only when they hold a value

    @classmethod
    def upgraded(cls, data: dict) -> dict:
        """`data` as an older referee wrote it, in this record's current shape (a record whose fields changed
        meaning overrides this; decode calls it before reading the fields)."""
        return data

    def written(self, data: dict) -> dict:
        """`data` (what `encode` made of this record's fields) in the shape its files keep (a record whose files keep
        an older shape overrides this, and reads it back in its `upgraded`)."""
        return data

    @classmethod
    def of_kind(cls, tag: str) -> type:
        """The class of this family whose tag is `tag` (a family whose kinds live in modules not yet imported
        overrides this to import them)."""
        found = _kinds(cls).get(tag)
        if found is None:
            raise ValueError(f"unknown {cls.__name__} {cls.tagged_by} {tag!r}")
        return found


def _kinds(base: type) -> dict[str, type]:
    kinds: dict[str, type] = {}
    todo = list(base.__subclasses__())
    while todo:
        cls = todo.pop(0)
        kinds.setdefault(vars(cls).get(base.tagged_by), cls)
        todo.extend(cls.__subclasses__())
    kinds.pop(None, None)
    return kinds


_PLAN: dict[type, tuple] = {}  # record class -> ((field name, JSON name, annotation), ...) and its tag


def _plan(cls: type) -> tuple:
    plan = _PLAN.get(cls)
    if plan is None:
        skip = cls.unwritten
        plan = _PLAN[cls] = (tuple((f.name, f.encode_name, f) for f in fields(cls) if f.name not in skip),
                             cls.tagged_by and (cls.tagged_by, getattr(cls, cls.tagged_by)),
                             cls.written is not Record.written)
    return plan


def encode(value):
    """The JSON form of a record (or of a tuple, list or dict of them): plain dicts, lists, strings, numbers."""
    if isinstance(value, Record):
        names, tag, written = _plan(type(value))
        data = {tag[0]: tag[1]} if tag else {}
        for name, key, _ in names:
            field_value = getattr(value, name)
            if field_value is not None or name not in value.unwritten_when_none:
                data[key] = encode(field_value)
        return value.written(data) if written else data
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {k: encode(v) for k, v in value.items()}
    return value


def decode(kind, data):
    """`data` (what `encode` wrote) read as `kind`: a record class (a family's base picks the kind by its tag), or an
    annotation (`tuple[Citation, ...]`, `Move | None`, `dict`). Fields missing from `data` take their defaults and
    names it does not know are ignored (a file of an older or newer referee)."""
    if data is None:
        return None
    if isinstance(kind, type) and issubclass(kind, Record):
        if kind.tagged_by and kind.tagged_by in data and vars(kind).get(kind.tagged_by) != data[kind.tagged_by]:
            kind = kind.of_kind(data[kind.tagged_by])
        names = _plan(kind)[0]
        data = kind.upgraded(data)
        return kind(**{name: decode(f.type, data[key]) for name, key, f in names if key in data})
    origin = typing.get_origin(kind)
    if origin is tuple or kind is tuple:
        args = typing.get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v) for v in data)
        if args:
            return tuple(decode(a, v) for a, v in zip(args, data))
        return tuple(data)
    if origin in (typing.Union, types.UnionType):
        arms = [a for a in typing.get_args(kind) if a is not type(None)]
        return decode(arms[0], data) if len(arms) == 1 else data
    if origin is list:
        (arg,) = typing.get_args(kind) or (object,)
        return [decode(arg, v) for v in data]
    if origin is dict:
        args = typing.get_args(kind)
        return {k: decode(args[1], v) for k, v in data.items()} if args else data
    return data


def _frozen_setattr(self, name, value=None):
    raise FrozenRecordError(f"{type(self).__name__} is frozen: cannot assign to field {name!r}")


def _hash(self) -> int:
    return hash(tuple(self.__dict__.values()))


def fields(record) -> tuple[Field, ...]:
    """The fields of a record or record class, in order (its bases' first)."""
    return record.__record_fields__


def replace(record, **changes):
    """A copy of `record` with `changes` (a frozen record's way to change; with none, a copy)."""
    cls = type(record)
    for name in changes:
        if name not in cls.__record_names__:
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument {name!r}")
    copy = object.__new__(cls)  # every field is set already: no defaults to make
    copy.__dict__.update(record.__dict__)
    copy.__dict__.update(changes)
    return copy
