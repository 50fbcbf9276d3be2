from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="FocusFilter")


@_attrs_define
class FocusFilter:
    """The app's Focus filter (`FocusFilterAppContext.notificationFilterPredicate`): a predicate over
    `content.filterCriteria`, exactly one of `equals`, `in`, `prefix`. A notification without `filterCriteria` never
    matches.

        Attributes:
            equals (str | Unset):
            in_ (list[str] | Unset):
            prefix (str | Unset):
    """

    equals: str | Unset = UNSET
    in_: list[str] | Unset = UNSET
    prefix: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        equals = self.equals

        in_: list[str] | Unset = UNSET
        if not isinstance(self.in_, Unset):
            in_ = self.in_

        prefix = self.prefix

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if equals is not UNSET:
            field_dict["equals"] = equals
        if in_ is not UNSET:
            field_dict["in"] = in_
        if prefix is not UNSET:
            field_dict["prefix"] = prefix

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        equals = d.pop("equals", UNSET)

        in_ = cast(list[str], d.pop("in", UNSET))

        prefix = d.pop("prefix", UNSET)

        focus_filter = cls(
            equals=equals,
            in_=in_,
            prefix=prefix,
        )

        return focus_filter
