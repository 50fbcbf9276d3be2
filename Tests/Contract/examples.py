"""Every example in openapi.yaml is valid against its schema, and every webhook and the main writes have one.

A request body, a response body or a webhook whose example does not fit its schema teaches a client the
wrong thing; schemathesis sends request examples but never reads those of responses and webhooks.
"""
import sys
from pathlib import Path

import jsonschema
import yaml
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = Path(__file__).resolve().parents[2]
# The operations whose request a newcomer writes first: each must show one.
MAIN_WRITES = {
    "createApp", "updateApp", "setClock", "setNotificationCategories", "createCenter", "requestAuthorization",
    "addNotificationRequest", "removePendingNotificationRequests", "removeDeliveredNotifications", "setBadgeCount",
    "answerAuthorizationPrompt", "updateNotificationSettings", "updateCenterState", "updateLocation",
    "respondToNotification", "setWebhookSettings", "enableWebhookEndpoint", "setDefaultLocale", "setStringTable",
    "sendPush", "subscribeToWebPush", "respondToWebPush",
}


def media_types(operation):
    """(where, media type object) for the request body and every response of an operation."""
    body = operation.get("requestBody", {})
    for name, media in body.get("content", {}).items():
        yield "request " + name, media
    for status, response in operation.get("responses", {}).items():
        for name, media in response.get("content", {}).items() if "content" in response else []:
            yield f"response {status} {name}", media


def main():
    document = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    registry = Registry().with_resource("urn:usernotifyd", Resource(contents=document, specification=DRAFT202012))
    failures, checked = [], 0

    def check(where, schema, example):
        nonlocal checked
        checked += 1
        validator = jsonschema.Draft202012Validator(
            {"$ref": "urn:usernotifyd#" + schema["$ref"][1:]} if "$ref" in schema else schema, registry=registry)
        for error in validator.iter_errors(example):
            failures.append(f"{where}: {error.message} at {'/'.join(map(str, error.absolute_path))}")

    operations = [(f"{method.upper()} {path}", op) for path, ops in document["paths"].items()
                  for method, op in ops.items() if method in ("get", "post", "put", "patch", "delete")]
    operations += [(f"webhook {name}", op) for name, hooks in document["webhooks"].items() for op in hooks.values()]
    for where, operation in operations:
        for part, media in media_types(operation):
            if "example" in media and "schema" in media:
                check(f"{where} {part}", media["schema"], media["example"])
        request = operation.get("requestBody", {}).get("content", {})
        has_example = any("example" in media or "examples" in media for media in request.values())
        if where.startswith("webhook") and not has_example:
            failures.append(f"{where}: its body has no example")
        if operation.get("operationId") in MAIN_WRITES and not has_example:
            failures.append(f"{where}: its request body has no example")
    for name, schema in document["components"]["schemas"].items():
        if "example" in schema:
            check(f"schema {name}", {"$ref": f"#/components/schemas/{name}"}, schema["example"])
    for failure in failures:
        print("openapi example:", failure)
    print(f"openapi examples: {checked} checked, {len(failures)} failures")
    sys.exit(1 if failures or checked < 30 else 0)


if __name__ == "__main__":
    main()
