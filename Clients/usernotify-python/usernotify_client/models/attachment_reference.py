from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attachment_reference_thumbnail_clipping_rect import (
        AttachmentReferenceThumbnailClippingRect,
    )


T = TypeVar("T", bound="AttachmentReference")


@_attrs_define
class AttachmentReference:
    """Exactly one of `mediaID` (uploaded with uploadMedia) or `url`, which the service fetches at add
    (through the same SSRF guard as webhooks; no redirects) and stores like an upload: 422
    `attachmentInvalidURL` when it cannot, 422 `attachmentNotInDataStore` for an unknown media id, 413
    `attachmentInvalidFileSize`, 415 `attachmentUnrecognizedType`, 507 `attachmentMoveIntoDataStoreFailed`
    (quota). Stored, every attachment names its media; `type`, `contentType` and `size` are filled in from
    the content. An empty identifier gets a generated one.

        Attributes:
            identifier (str):
            media_id (str | Unset):
            url (str | Unset):
            type_hint (str | Unset): A UTI the content must be.
            type_ (str | Unset):
            content_type (str | Unset):
            size (int | Unset):
            thumbnail_hidden (bool | Unset):
            thumbnail_clipping_rect (AttachmentReferenceThumbnailClippingRect | Unset):
            thumbnail_time (float | Unset):
    """

    identifier: str
    media_id: str | Unset = UNSET
    url: str | Unset = UNSET
    type_hint: str | Unset = UNSET
    type_: str | Unset = UNSET
    content_type: str | Unset = UNSET
    size: int | Unset = UNSET
    thumbnail_hidden: bool | Unset = UNSET
    thumbnail_clipping_rect: AttachmentReferenceThumbnailClippingRect | Unset = UNSET
    thumbnail_time: float | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        identifier = self.identifier

        media_id = self.media_id

        url = self.url

        type_hint = self.type_hint

        type_ = self.type_

        content_type = self.content_type

        size = self.size

        thumbnail_hidden = self.thumbnail_hidden

        thumbnail_clipping_rect: dict[str, Any] | Unset = UNSET
        if not isinstance(self.thumbnail_clipping_rect, Unset):
            thumbnail_clipping_rect = self.thumbnail_clipping_rect.to_dict()

        thumbnail_time = self.thumbnail_time

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "identifier": identifier,
            }
        )
        if media_id is not UNSET:
            field_dict["mediaID"] = media_id
        if url is not UNSET:
            field_dict["url"] = url
        if type_hint is not UNSET:
            field_dict["typeHint"] = type_hint
        if type_ is not UNSET:
            field_dict["type"] = type_
        if content_type is not UNSET:
            field_dict["contentType"] = content_type
        if size is not UNSET:
            field_dict["size"] = size
        if thumbnail_hidden is not UNSET:
            field_dict["thumbnailHidden"] = thumbnail_hidden
        if thumbnail_clipping_rect is not UNSET:
            field_dict["thumbnailClippingRect"] = thumbnail_clipping_rect
        if thumbnail_time is not UNSET:
            field_dict["thumbnailTime"] = thumbnail_time

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attachment_reference_thumbnail_clipping_rect import (
            AttachmentReferenceThumbnailClippingRect,
        )

        d = dict(src_dict)
        identifier = d.pop("identifier")

        media_id = d.pop("mediaID", UNSET)

        url = d.pop("url", UNSET)

        type_hint = d.pop("typeHint", UNSET)

        type_ = d.pop("type", UNSET)

        content_type = d.pop("contentType", UNSET)

        size = d.pop("size", UNSET)

        thumbnail_hidden = d.pop("thumbnailHidden", UNSET)

        _thumbnail_clipping_rect = d.pop("thumbnailClippingRect", UNSET)
        thumbnail_clipping_rect: AttachmentReferenceThumbnailClippingRect | Unset
        if isinstance(_thumbnail_clipping_rect, Unset):
            thumbnail_clipping_rect = UNSET
        else:
            thumbnail_clipping_rect = (
                AttachmentReferenceThumbnailClippingRect.from_dict(
                    _thumbnail_clipping_rect
                )
            )

        thumbnail_time = d.pop("thumbnailTime", UNSET)

        attachment_reference = cls(
            identifier=identifier,
            media_id=media_id,
            url=url,
            type_hint=type_hint,
            type_=type_,
            content_type=content_type,
            size=size,
            thumbnail_hidden=thumbnail_hidden,
            thumbnail_clipping_rect=thumbnail_clipping_rect,
            thumbnail_time=thumbnail_time,
        )

        return attachment_reference
