"""schemathesis hooks for the conformance run: strategies for formats openapi.yaml defines itself, fresh
idempotency keys, and no positive case with a path parameter its own schema refuses."""
import uuid
from urllib.parse import unquote

from hypothesis import strategies as st
import schemathesis

# A sample of real IANA names, including zones with half-hour offsets, DST and the southern hemisphere.
schemathesis.openapi.format("iana-time-zone", st.sampled_from([
    "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Chatham",
    "America/Sao_Paulo", "Africa/Casablanca",
]))


@schemathesis.hook
def before_call(context, case, kwargs):
    """A fresh `Idempotency-Key` for every call that has a valid one, in every phase (a `map_headers`
    hook reaches only the generated phases, not coverage's fixed values): the generator reuses its
    values across operations and bodies — coverage sends `0` to each — which would replay an earlier
    answer (a center created and deleted since) or answer 422 idempotencyKeyReused: correct, but not
    what these checks are about. Invalid keys are kept, so that their 400 is still checked; replays are
    tested in RouterInProcessTests. A negative case keeps its key: any edit makes schemathesis revalidate
    the headers, which turns "Authorization is missing" into a positive case that sends it after all."""
    if case.meta is not None and case.meta.generation.mode.is_negative:
        return
    # A positive case must hold path parameters its schema admits. schemathesis 4.32's stateful phase
    # sends, now and then, a topic with C1 control characters as positive data (U+0081; `%C2%9B…`, which
    # it holds percent-encoded, so that the encoded text passes the pattern that the decoded one fails) —
    # not a value the parameter's pattern yields — and ST202 calls the server's 400 a failure. Such a case
    # says nothing about the server (its 400 for control characters is checked in negative mode and in
    # RequestTargetTests). It is mended, not rejected: this hook's exceptions reach schemathesis as hook
    # errors, not as Hypothesis' rejections. The value loses its control characters.
    for parameter in case.operation.path_parameters:
        value = (case.path_parameters or {}).get(parameter.name)
        if not isinstance(value, str) or (parameter.is_valid(value) and parameter.is_valid(unquote(value))):
            continue
        mended = "".join(c for c in unquote(value) if not (ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F)) or "x"
        if parameter.is_valid(mended):
            case.path_parameters[parameter.name] = mended
    headers = case.headers or {}
    for name in list(headers):
        value = headers[name]
        if name.lower() == "idempotency-key" and isinstance(value, str) and 1 <= len(value) <= 255 \
                and all(0x21 <= ord(c) <= 0x7E for c in value):
            headers[name] = uuid.uuid4().hex
