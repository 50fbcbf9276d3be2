from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="APNsPayloadApsAlertType1")


@_attrs_define
class APNsPayloadApsAlertType1:
    """
    Attributes:
        title (str | Unset):
        subtitle (str | Unset):
        body (str | Unset):
        launch_image (str | Unset):
        title_loc_key (str | Unset):
        title_loc_args (list[str] | Unset):
        subtitle_loc_key (str | Unset):
        subtitle_loc_args (list[str] | Unset):
        loc_key (str | Unset):
        loc_args (list[str] | Unset):
    """

    title: str | Unset = UNSET
    subtitle: str | Unset = UNSET
    body: str | Unset = UNSET
    launch_image: str | Unset = UNSET
    title_loc_key: str | Unset = UNSET
    title_loc_args: list[str] | Unset = UNSET
    subtitle_loc_key: str | Unset = UNSET
    subtitle_loc_args: list[str] | Unset = UNSET
    loc_key: str | Unset = UNSET
    loc_args: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        title = self.title

        subtitle = self.subtitle

        body = self.body

        launch_image = self.launch_image

        title_loc_key = self.title_loc_key

        title_loc_args: list[str] | Unset = UNSET
        if not isinstance(self.title_loc_args, Unset):
            title_loc_args = self.title_loc_args

        subtitle_loc_key = self.subtitle_loc_key

        subtitle_loc_args: list[str] | Unset = UNSET
        if not isinstance(self.subtitle_loc_args, Unset):
            subtitle_loc_args = self.subtitle_loc_args

        loc_key = self.loc_key

        loc_args: list[str] | Unset = UNSET
        if not isinstance(self.loc_args, Unset):
            loc_args = self.loc_args

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if title is not UNSET:
            field_dict["title"] = title
        if subtitle is not UNSET:
            field_dict["subtitle"] = subtitle
        if body is not UNSET:
            field_dict["body"] = body
        if launch_image is not UNSET:
            field_dict["launch-image"] = launch_image
        if title_loc_key is not UNSET:
            field_dict["title-loc-key"] = title_loc_key
        if title_loc_args is not UNSET:
            field_dict["title-loc-args"] = title_loc_args
        if subtitle_loc_key is not UNSET:
            field_dict["subtitle-loc-key"] = subtitle_loc_key
        if subtitle_loc_args is not UNSET:
            field_dict["subtitle-loc-args"] = subtitle_loc_args
        if loc_key is not UNSET:
            field_dict["loc-key"] = loc_key
        if loc_args is not UNSET:
            field_dict["loc-args"] = loc_args

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        title = d.pop("title", UNSET)

        subtitle = d.pop("subtitle", UNSET)

        body = d.pop("body", UNSET)

        launch_image = d.pop("launch-image", UNSET)

        title_loc_key = d.pop("title-loc-key", UNSET)

        title_loc_args = cast(list[str], d.pop("title-loc-args", UNSET))

        subtitle_loc_key = d.pop("subtitle-loc-key", UNSET)

        subtitle_loc_args = cast(list[str], d.pop("subtitle-loc-args", UNSET))

        loc_key = d.pop("loc-key", UNSET)

        loc_args = cast(list[str], d.pop("loc-args", UNSET))

        ap_ns_payload_aps_alert_type_1 = cls(
            title=title,
            subtitle=subtitle,
            body=body,
            launch_image=launch_image,
            title_loc_key=title_loc_key,
            title_loc_args=title_loc_args,
            subtitle_loc_key=subtitle_loc_key,
            subtitle_loc_args=subtitle_loc_args,
            loc_key=loc_key,
            loc_args=loc_args,
        )

        ap_ns_payload_aps_alert_type_1.additional_properties = d
        return ap_ns_payload_aps_alert_type_1

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
