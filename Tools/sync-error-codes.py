"""Writes openapi.yaml's `ErrorCode` schema from the server's catalogue (Sources/ErrorCodes/ErrorCode.swift):
every case, in order, with its meaning. `make generate` runs it before the clients are generated, and
`ErrorCatalogueTests` fails if the two ever differ."""
import os, re, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.path.join(ROOT, "Sources", "ErrorCodes", "ErrorCode.swift")
OPENAPI = os.path.join(ROOT, "Sources", "API", "Resources", "openapi.yaml")


def catalogue():
    source = open(SWIFT).read()
    cases = [(m.group(1), m.group(2) or m.group(1)) for m in re.finditer(r'^    case (\w+)(?: = "(\w+)")?$', source, re.M)]
    meanings = {m.group(1): m.group(2) for m in re.finditer(r'^        case \.(\w+):\s*\n?\s*"((?:[^"\\]|\\.)*)"', source, re.M)}
    missing = [name for name, _ in cases if name not in meanings]
    if missing or len(meanings) != len(cases):
        sys.exit(f"sync-error-codes: cannot read the meaning of {missing or 'some case'} in {SWIFT}")
    return [(raw, meanings[name].replace('\\"', '"')) for name, raw in cases]


def main():
    document = open(OPENAPI).read()
    start = document.index("    ErrorCode:\n")
    lines = document[start:].split("\n")
    end = next(i for i, line in enumerate(lines[1:], 1) if line.startswith("    ") and not line.startswith("     "))
    head = lines[:lines.index("      enum:")]
    codes = catalogue()
    block = head + ["      enum:"] + [f"        - {raw}" for raw, _ in codes] + ["      x-enumDescriptions:"]
    block += ["        %s: '%s'" % (raw, meaning.replace("'", "''")) for raw, meaning in codes]
    updated = document[:start] + "\n".join(block + lines[end:])
    if updated != document:
        open(OPENAPI, "w").write(updated)
        print(f"sync-error-codes: openapi.yaml's ErrorCode now lists {len(codes)} codes")


if __name__ == "__main__":
    main()
