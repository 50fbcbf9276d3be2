"""The Python client as an app installs it: a wheel built from Clients/usernotify-python, installed with its
dependencies into a fresh virtual environment, runs facade_flow.py against the real server.
"""
import glob, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Scripts"))
from harness import ROOT, start_server  # noqa: E402

ADMIN = "python-facade-admin-token"


def main():
    with tempfile.TemporaryDirectory() as work:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", os.path.join(work, "wheels"),
                        os.path.join(ROOT, "Clients", "usernotify-python")], check=True)
        wheel = glob.glob(os.path.join(work, "wheels", "usernotify_client-*.whl"))[0]
        environment = os.path.join(work, "venv")
        subprocess.run([sys.executable, "-m", "venv", environment], check=True)
        python = os.path.join(environment, "bin", "python")
        subprocess.run([python, "-m", "pip", "install", "-q", wheel], check=True)
        print(f"python facade: {os.path.basename(wheel)} installed in a fresh environment", flush=True)
        server, base = start_server(os.path.join(work, "data"), "--admin-token", ADMIN, "--rate-limit-send", "1")
        try:
            subprocess.run([python, os.path.join(ROOT, "Tests", "Clients", "facade_flow.py"), base, ADMIN], cwd=work, check=True)
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
