from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="BroadcastAudience")


@_attrs_define
class BroadcastAudience:
    """Exactly one of `topic`, `centers` and `all`.

    Attributes:
        topic (str | Unset): The topic's subscribers.
        centers (list[str] | Unset): These centers of the app (ids of no center are skipped).
        all_ (bool | Unset): Every center of the app.
    """

    topic: str | Unset = UNSET
    centers: list[str] | Unset = UNSET
    all_: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        topic = self.topic

        centers: list[str] | Unset = UNSET
        if not isinstance(self.centers, Unset):
            centers = self.centers

        all_ = self.all_

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if topic is not UNSET:
            field_dict["topic"] = topic
        if centers is not UNSET:
            field_dict["centers"] = centers
        if all_ is not UNSET:
            field_dict["all"] = all_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        topic = d.pop("topic", UNSET)

        centers = cast(list[str], d.pop("centers", UNSET))

        all_ = d.pop("all", UNSET)

        broadcast_audience = cls(
            topic=topic,
            centers=centers,
            all_=all_,
        )

        return broadcast_audience
