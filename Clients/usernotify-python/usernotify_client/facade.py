"""A small face over the generated client: every operation as a method, errors raised, retries, events.

    from usernotify_client.facade import UserNotify, UserNotifyError

    app = UserNotify("http://127.0.0.1:8080", "unk_…")
    app.add_notification_request("phone-1", body={"identifier": "tea", "content": {"title": "Tea is ready"}})
    try:
        app.get_center("nobody")
    except UserNotifyError as error:
        print(error.status, error.code, error.detail)    # 404 centerNotFound …

    user = UserNotify("http://127.0.0.1:8080", "unc_…")
    for event in user.events():                          # the center's events as they come
        print(event.name, event.data)

Each method is the generated operation of that name (`usernotify_client.api.<tag>.<operation_id>`), called
with the same arguments; a body may be a model or a plain dict. It returns the parsed answer and raises
`UserNotifyError` (with the problem's `code`) for an error. 429 and 503 are tried again after their
`Retry-After` (at most `retries` times, with growing waits otherwise), and so is a connection that failed
before an answer when the call is safe to repeat: a GET, PUT or DELETE, or a call that takes an
`Idempotency-Key` — the facade gives each such call a key of its own and sends the same key on every try,
so the server does the work once and replays its answer.

This file is written by hand; `make generate` keeps it.
"""
from __future__ import annotations

import functools
import importlib
import json
import pkgutil
import time
import types
import typing
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx
from httpx_sse import connect_sse

from . import api
from .client import AuthenticatedClient
from .models.problem import Problem
from .types import UNSET


class UserNotifyError(Exception):
    """An error answer: its HTTP status and its problem (`code`, `title`, `detail`)."""

    def __init__(self, status: int, problem: dict[str, Any]):
        self.status = status
        self.problem = problem
        self.code: str | None = problem.get("code")
        self.title: str | None = problem.get("title")
        self.detail: str | None = problem.get("detail")
        super().__init__(f"{status} {self.code}: {self.detail or self.title}")


@dataclass(frozen=True)
class Event:
    """One event of a stream: its id (for `last_event_id`), its name and its data, parsed."""

    id: str
    name: str
    data: Any


@functools.cache
def _operations() -> dict[str, types.ModuleType]:
    """Every generated operation module, by its name (found once per process)."""
    found = {}
    for tag in pkgutil.iter_modules(api.__path__):
        package = importlib.import_module(f"{api.__name__}.{tag.name}")
        for operation in pkgutil.iter_modules(package.__path__):
            found[operation.name] = importlib.import_module(f"{package.__name__}.{operation.name}")
    return found


class UserNotify:
    """The API with one credential: the operator's admin token, an app key (`unk_…`) or a center token (`unc_…`)."""

    _RETRIED_STATUSES = (429, 503)

    def __init__(self, base_url: str, token: str, *, retries: int = 4, backoff: float = 0.5, timeout: float = 30.0,
                 on_retry: Callable[[int, int | None], None] | None = None, httpx_args: dict[str, Any] | None = None):
        """`retries`: tries after the first; `backoff`: the first wait when the answer names none (doubled
        each time); `on_retry(attempt, status)`: told before each new try (status None: no answer came)."""
        self.token = token
        self.retries = retries
        self.backoff = backoff
        self.on_retry = on_retry
        self.timeout = timeout
        self.client = AuthenticatedClient(base_url=base_url, token=token, timeout=httpx.Timeout(timeout),
                                          httpx_args=httpx_args or {})
        self._operations = _operations()

    def __getattr__(self, name: str) -> Callable[..., Any]:
        operations = self.__dict__.get("_operations", {})
        if name not in operations:
            raise AttributeError(f"usernotifyd has no operation {name!r}")
        module = operations[name]
        return lambda *arguments, **options: self.call(module, *arguments, **options)

    def close(self) -> None:
        self.client.get_httpx_client().close()

    def __enter__(self) -> UserNotify:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def call(self, operation: types.ModuleType, *arguments: Any, **options: Any) -> Any:
        """Calls a generated operation module; the parsed answer, or UserNotifyError."""
        detailed = operation.sync_detailed
        hints = typing.get_type_hints(detailed)
        if isinstance(options.get("body"), dict):
            options["body"] = self._model(hints["body"], options["body"])
        if "idempotency_key" in hints and options.get("idempotency_key", UNSET) is UNSET:
            options["idempotency_key"] = str(uuid.uuid4())
        method = operation._get_kwargs(*arguments, **options)["method"].upper()
        repeatable = method in ("GET", "HEAD", "PUT", "DELETE") or "idempotency_key" in options
        attempt = 0
        while True:
            try:
                response = detailed(*arguments, client=self.client, **options)
            except httpx.TransportError:
                if not repeatable or attempt >= self.retries:
                    raise
                self._wait(attempt := attempt + 1, None, None)
                continue
            status = int(response.status_code)
            if status in self._RETRIED_STATUSES and attempt < self.retries:
                self._wait(attempt := attempt + 1, status, response.headers.get("Retry-After"))
                continue
            if status >= 400:
                raise UserNotifyError(status, self._problem(response))
            return response.parsed

    def events(self, last_event_id: str | None = None) -> Iterator[Event]:
        """The stream of events this credential may read (a center token: its center's, from after
        `last_event_id` or from now; an app key: its app's, live only), as they come; heartbeats are left
        out. It ends when the server closes the stream; break out of the loop to stop reading."""
        path = "/v1/me/events" if self.token.startswith("unc_") else "/v1/events"
        headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
        # No read time-out: a quiet stream gets a heartbeat every 15 s, and waits for events for good.
        with connect_sse(self.client.get_httpx_client(), "GET", path, headers=headers,
                         timeout=httpx.Timeout(self.timeout, read=None)) as source:
            if source.response.status_code >= 400:
                source.response.read()
                raise UserNotifyError(source.response.status_code, self._problem(source.response))
            for sse in source.iter_sse():
                # A frame with only an id (where the stream starts) dispatches no event, as in EventSource.
                if sse.data:
                    yield Event(id=sse.id, name=sse.event, data=json.loads(sse.data))

    def _wait(self, attempt: int, status: int | None, retry_after: str | None) -> None:
        if self.on_retry:
            self.on_retry(attempt, status)
        seconds = self.backoff * 2 ** (attempt - 1)
        if retry_after and retry_after.isdigit():
            seconds = int(retry_after)
        time.sleep(seconds)

    @staticmethod
    def _problem(response: Any) -> dict[str, Any]:
        parsed = getattr(response, "parsed", None)
        if isinstance(parsed, Problem):
            return parsed.to_dict()
        try:
            return json.loads(response.content)
        except ValueError:
            return {"title": response.content.decode(errors="replace")[:200]}

    @staticmethod
    def _model(annotation: Any, value: dict[str, Any]) -> Any:
        """The body model `annotation` names (one of a union's: the first that keeps every key) made of `value`."""
        candidates = typing.get_args(annotation) if typing.get_origin(annotation) in (typing.Union, types.UnionType) \
            else (annotation,)
        for candidate in candidates:
            from_dict = getattr(candidate, "from_dict", None)
            if from_dict is None:
                continue
            try:
                model = from_dict(dict(value))
            except (KeyError, TypeError, ValueError):
                continue
            if set(model.to_dict()) >= set(value):
                return model
        raise TypeError(f"the body does not fit {annotation}: {value}")
