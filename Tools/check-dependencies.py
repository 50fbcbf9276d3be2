#!/usr/bin/env python3
"""Every module a target imports is one of its declared dependencies, and every declared dependency is
imported: Package.swift says what each target really depends on (make lint runs this).

    swift package dump-package | Tools/check-dependencies.py
"""
import glob, json, os, re, sys

# Modules of the toolchain and the platform, never declared.
PLATFORM = {"Foundation", "FoundationEssentials", "FoundationNetworking", "Testing", "XCTest", "Glibc", "Musl", "Darwin",
            "Synchronization", "Dispatch", "_Concurrency", "CoreFoundation"}
# A macro's declaration names the module that implements it (`#externalMacro(module: "…"`): its use.
EXTERNAL_MACRO = re.compile(r'#externalMacro\(module: "(\w+)"')
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:package|public|internal)\s+)?import\s+(?:(?:struct|class|enum|func|protocol)\s+)?(\w+)")

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
package = json.load(sys.stdin)
problems = []
for target in package["targets"]:
    if target["type"] in ("system", "binary", "plugin"):
        continue
    path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
    imported = set()
    for file in glob.glob(os.path.join(root, path, "**", "*.swift"), recursive=True):
        with open(file) as handle:
            text = handle.read()
        imported |= {match.group(1) for match in map(IMPORT.match, text.splitlines()) if match}
        imported |= set(EXTERNAL_MACRO.findall(text))
    declared = {next(iter(dependency.values()))[0] for dependency in target["dependencies"]}
    undeclared = sorted(imported - declared - PLATFORM - {target["name"]})
    unused = sorted(declared - imported)
    if undeclared:
        problems.append(f"{target['name']} imports what Package.swift does not declare: {', '.join(undeclared)}")
    if unused:
        problems.append(f"{target['name']} declares what it never imports: {', '.join(unused)}")
print("\n".join(problems) or "Package.swift: every target's dependencies are the modules it imports")
sys.exit(1 if problems else 0)
