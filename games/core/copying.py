"""A state's deep copy, planned once per model from its fields' types.

``Game.apply`` copies the state before every action (the rules mutate the copy). The copy used to be
the state dumped and validated back (pydantic's own, in Rust): a fifth to a third of a step of
random play, and of the bot's ``act``. A state's fields are of few kinds — numbers and words, which
are shared; lists and dicts of them, copied at C speed; nested models, copied the same way — so the
copy of each model is planned once from its annotations: which fields to share and how to copy the
others. A model with a field whose type the plan does not know (``Any``, a union of several
mutable types…), or with extra or private values, is copied as before, dumped and validated back:
never shared.
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
Copy = Callable[[Any], Any]

_SHARED = (int, str, bool, float, bytes, type(None))
_UNION_TYPE = type(int | None)  # types.UnionType, without importing types (games/ imports little)


class _Unplanned(Exception):
    """A field type the plan does not know how to copy."""


def deep_copy(model: M) -> M:
    """A copy of ``model`` sharing no mutable list, dict or model with it (frozen models and
    immutable values are shared)."""
    copied: M = _copier(type(model))(model)
    return copied


_PLANS: dict[type[BaseModel], Copy] = {}


def _copier(cls: type[BaseModel]) -> Copy:
    known = _PLANS.get(cls)
    if known is not None:
        return known
    fields: list[tuple[str, Copy]] = []

    def copied(source: BaseModel) -> BaseModel:
        if source.__pydantic_extra__ or source.__pydantic_private__:
            return _revalidated(source)
        values = source.__dict__.copy()
        for name, copy_value in fields:
            value = values[name]
            if value is not None:
                values[name] = copy_value(value)
        new = cls.__new__(cls)
        object.__setattr__(new, "__dict__", values)
        object.__setattr__(new, "__pydantic_fields_set__", set(source.__pydantic_fields_set__))
        object.__setattr__(new, "__pydantic_extra__", None if source.__pydantic_extra__ is None else {})
        object.__setattr__(new, "__pydantic_private__", None if source.__pydantic_private__ is None else {})
        return new

    # Registered before planning the fields: a model that nests itself finds its own copier.
    _PLANS[cls] = copied
    try:
        fields.extend(_field_plans(cls))
    except _Unplanned:
        _PLANS[cls] = _revalidated
    return _PLANS[cls]


def _field_plans(cls: type[BaseModel]) -> list[tuple[str, Copy]]:
    """The fields of ``cls`` that must be copied, and how (``_Unplanned`` for a type unknown)."""
    hints = typing.get_type_hints(cls)
    return [(name, how) for name in cls.model_fields if (how := _plan(hints[name])) is not None]


def _revalidated(source: BaseModel) -> Any:
    """The copy as it was made before the plans: the model dumped and validated back (pydantic)."""
    model = type(source)
    return model.__pydantic_validator__.validate_python(model.__pydantic_serializer__.to_python(source, round_trip=True))


def _immutable(cls: type[BaseModel]) -> bool:
    try:
        return not _field_plans(cls)
    except _Unplanned:
        return False


def _plan(annotation: Any) -> Copy | None:
    """How to copy a value of this type; None when it is immutable and may be shared."""
    if annotation in _SHARED:
        return None
    origin = get_origin(annotation)
    if origin is Literal:
        return None
    if origin is typing.Annotated:
        return _plan(get_args(annotation)[0])
    if origin in (Union, _UNION_TYPE):
        # None is handled by the caller (a None value is never copied): X | None is X.
        plans = [_plan(arg) for arg in get_args(annotation) if arg is not type(None)]
        if all(p is None for p in plans):
            return None
        if len(plans) == 1:
            return plans[0]
        raise _Unplanned(annotation)
    if isinstance(annotation, type):
        if issubclass(annotation, Enum):
            return None
        if issubclass(annotation, BaseModel):
            # A frozen model is shared only when nothing in it can change either.
            if annotation.model_config.get("frozen") and _immutable(annotation):
                return None
            return _copier(annotation)
    if origin is tuple:
        items = [arg for arg in get_args(annotation) if arg is not Ellipsis]
        if all(_plan(arg) is None for arg in items):
            return None
        raise _Unplanned(annotation)
    if origin is list:
        each = _plan(get_args(annotation)[0])
        return list.copy if each is None else _each_of_list(each)
    if origin is dict:
        each = _plan(get_args(annotation)[1])
        return dict.copy if each is None else _each_of_dict(each)
    if origin in (set, frozenset) and _plan(get_args(annotation)[0]) is None:
        return None if origin is frozenset else set.copy
    raise _Unplanned(annotation)


def _each_of_list(each: Copy) -> Copy:
    return lambda values: [None if v is None else each(v) for v in values]


def _each_of_dict(each: Copy) -> Copy:
    return lambda values: {k: None if v is None else each(v) for k, v in values.items()}
