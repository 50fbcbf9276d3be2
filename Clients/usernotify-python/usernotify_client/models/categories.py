from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.notification_category import NotificationCategory


T = TypeVar("T", bound="Categories")


@_attrs_define
class Categories:
    """
    Attributes:
        categories (list[NotificationCategory]):
    """

    categories: list[NotificationCategory]

    def to_dict(self) -> dict[str, Any]:
        categories = []
        for categories_item_data in self.categories:
            categories_item = categories_item_data.to_dict()
            categories.append(categories_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "categories": categories,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.notification_category import NotificationCategory

        d = dict(src_dict)
        categories = []
        _categories = d.pop("categories")
        for categories_item_data in _categories:
            categories_item = NotificationCategory.from_dict(categories_item_data)

            categories.append(categories_item)

        categories = cls(
            categories=categories,
        )

        return categories
