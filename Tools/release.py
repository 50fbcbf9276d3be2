#!/usr/bin/env python3
"""make release: a release's files from a built usernotifyd, and its image.

    python3 Tools/release.py --binary .build/release/usernotifyd [--out dist] [--image usernotifyd]

Into `--out` (dist/) it writes, for the binary's own version (`usernotifyd --version`) and this machine's
architecture:

- usernotifyd-VERSION-linux-ARCH.tar.gz: `bin/usernotifyd` stripped of its debug sections (its symbol
  table stays: the names a crash's backtrace shows), the resource
  bundles it reads beside itself (openapi.yaml, the console), Swift's static backtracer when the
  toolchain has it, and README.md, CHANGELOG.md, LICENSE and openapi.yaml;
- usernotifyd-VERSION.cdx.json: a CycloneDX 1.5 SBOM — the Swift packages linked in (Package.resolved's
  pins) and the Debian packages of the shared libraries the binary links;
- SHA256SUMS: both, as `sha256sum -c` reads it.

With `--image NAME` (docker, podman or buildah) it builds the image NAME:VERSION from the tarball's files with
deploy/Dockerfile's runtime stage as written (its base from `--runtime-image`), so the published image
runs exactly the released binary. A release binary is built with `--static-swift-stdlib` (make release);
`make test` packages its debug build the same way and runs the image (Tests/Deploy/container.py).
"""
import argparse, datetime, glob, hashlib, json, os, platform, re, shutil, subprocess, tarfile, tempfile, uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ARCHITECTURES = {"x86_64": "amd64", "aarch64": "arm64", "arm64": "arm64"}
DOCUMENTS = ("README.md", "CHANGELOG.md", "LICENSE", "openapi.yaml")


def version(binary):
    output = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    match = re.fullmatch(r"usernotifyd (\S+)", output)
    if not match:
        raise SystemExit(f"release: `{binary} --version` printed {output!r}")
    return match.group(1)


def backtracer():
    swift = shutil.which("swift")
    if not swift:
        return None
    path = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swift))), "libexec", "swift", "linux",
                        "swift-backtrace-static")
    return path if os.path.exists(path) else None


def stage(binary, directory):
    """The release's tree in `directory`: bin/ (the stripped binary, its resource bundles, the backtracer) and the documents."""
    bin_directory = os.path.join(directory, "bin")
    os.makedirs(bin_directory)
    target = os.path.join(bin_directory, "usernotifyd")
    subprocess.run(["strip", "--strip-debug", "-o", target, binary], check=True)
    for bundle in sorted(glob.glob(os.path.join(os.path.dirname(binary), "*.resources"))):
        shutil.copytree(bundle, os.path.join(bin_directory, os.path.basename(bundle)))
    if tracer := backtracer():
        shutil.copy(tracer, os.path.join(bin_directory, "swift-backtrace"))
    for document in DOCUMENTS:
        shutil.copy(os.path.join(ROOT, document), directory)


def debian_packages(binary):
    """(package, version) of each Debian package whose shared library the binary links."""
    output = subprocess.run(["ldd", binary], capture_output=True, text=True, check=True).stdout
    packages = set()
    for library in re.findall(r"=> (\S+) \(", output):
        owner = subprocess.run(["dpkg-query", "-S", os.path.realpath(library)], capture_output=True, text=True)
        if owner.returncode != 0:
            continue  # the Swift toolchain's, in a debug build; a release links them statically
        package = owner.stdout.split(":")[0].strip()
        installed = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package], capture_output=True, text=True)
        packages.add((package, installed.stdout.strip()))
    return sorted(packages)


def sbom(binary, release_version):
    """A CycloneDX 1.5 SBOM of the binary."""
    with open(os.path.join(ROOT, "Package.resolved")) as handle:
        pins = json.load(handle)["pins"]
    components = []
    for pin in sorted(pins, key=lambda pin: pin["identity"]):
        location = pin["location"].removesuffix(".git")
        owner_name = "/".join(location.split("/")[-2:])
        pinned = pin["state"].get("version") or pin["state"]["revision"]
        components.append({
            "type": "library", "bom-ref": f"swift:{pin['identity']}", "name": pin["identity"], "version": pinned,
            "purl": f"pkg:swift/github.com/{owner_name}@{pinned}",
            "externalReferences": [{"type": "vcs", "url": pin["location"]}],
            "hashes": [{"alg": "SHA-1", "content": pin["state"]["revision"]}],
        })
    for package, installed in debian_packages(binary):
        components.append({"type": "library", "bom-ref": f"deb:{package}", "name": package, "version": installed,
                           "purl": f"pkg:deb/debian/{package}@{installed}"})
    return {
        "bomFormat": "CycloneDX", "specVersion": "1.5", "serialNumber": f"urn:uuid:{uuid.uuid4()}", "version": 1,
        "metadata": {
            "timestamp": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "component": {"type": "application", "bom-ref": "usernotifyd", "name": "usernotifyd", "version": release_version,
                          "licenses": [{"license": {"id": "Apache-2.0"}}]},
        },
        "components": components,
        "dependencies": [{"ref": "usernotifyd", "dependsOn": [component["bom-ref"] for component in components]}],
    }


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def release(binary, out):
    """The release's files in `out`; the tarball's path and the release's version."""
    release_version = version(binary)
    name = f"usernotifyd-{release_version}-linux-{ARCHITECTURES.get(platform.machine(), platform.machine())}"
    os.makedirs(out, exist_ok=True)
    tarball = os.path.join(out, name + ".tar.gz")
    with tempfile.TemporaryDirectory() as work:
        stage(binary, os.path.join(work, name))
        with tarfile.open(tarball, "w:gz") as archive:
            archive.add(os.path.join(work, name), arcname=name)
    bill = os.path.join(out, f"usernotifyd-{release_version}.cdx.json")
    with open(bill, "w") as handle:
        json.dump(sbom(binary, release_version), handle, indent=2)
    with open(os.path.join(out, "SHA256SUMS"), "w") as handle:
        for path in (tarball, bill):
            handle.write(f"{sha256(path)}  {os.path.basename(path)}\n")
    return tarball, release_version


def runtime_dockerfile():
    """deploy/Dockerfile's runtime stage with its global ARG, the staged files read from the build context."""
    with open(os.path.join(ROOT, "deploy", "Dockerfile")) as handle:
        text = handle.read()
    runtime_argument = re.search(r"^ARG RUNTIME_IMAGE=.*$", text, re.M).group(0)
    stage_text = text[text.index("FROM ${RUNTIME_IMAGE} AS runtime"):]
    copy = "COPY --from=build /staging/ "
    if stage_text.count(copy) != 1 or "--from=" in stage_text.replace(copy, ""):
        raise SystemExit("deploy/Dockerfile: the runtime stage should copy one thing from the build stage, /staging/ "
                         "(the binary and its resource bundles); update Tools/release.py if that changed")
    return runtime_argument + "\n" + stage_text.replace(copy, "COPY staging/ ")


def image_context(tarball, context):
    """A build context for the runtime stage: its Dockerfile and the tarball's bin/ as staging/."""
    with tarfile.open(tarball) as archive:
        archive.extractall(context, filter="data")
    (release_directory,) = [entry for entry in os.listdir(context) if entry.startswith("usernotifyd-")]
    os.rename(os.path.join(context, release_directory, "bin"), os.path.join(context, "staging"))
    shutil.rmtree(os.path.join(context, release_directory))
    with open(os.path.join(context, "Dockerfile"), "w") as handle:
        handle.write(runtime_dockerfile())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--out", default=os.path.join(ROOT, "dist"))
    parser.add_argument("--image", help="also build the image NAME:VERSION")
    parser.add_argument("--runtime-image", default="ubuntu:noble")
    arguments = parser.parse_args()
    tarball, release_version = release(arguments.binary, arguments.out)
    tag = f"{arguments.image}:{release_version}" if arguments.image else None
    print(f"release: {os.path.relpath(tarball, ROOT)}, its SBOM and SHA256SUMS", flush=True)
    if arguments.image:
        engine = next((tool for tool in ("docker", "podman") if shutil.which(tool)), None)
        with tempfile.TemporaryDirectory() as context:
            image_context(tarball, context)
            if engine:
                subprocess.run([engine, "build", "--build-arg", f"RUNTIME_IMAGE={arguments.runtime_image}", "-t",
                                tag, context], check=True)
            elif shutil.which("buildah"):
                subprocess.run(["buildah", "bud", "--build-arg", f"RUNTIME_IMAGE={arguments.runtime_image}", "-t",
                                tag, context], check=True)
            else:
                raise SystemExit("release: --image needs docker, podman or buildah")
        print(f"release: image {tag}", flush=True)


if __name__ == "__main__":
    main()
