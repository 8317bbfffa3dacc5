"""The container's start, checked on SQLite and on PostgreSQL (a step of .ci/run).

Where a container engine answers (``docker info``), the image is built and run. Elsewhere (CI
machines without an engine) its install and start are replayed as the image would do them,
read from the Dockerfile itself: the files of its COPY lines in a folder of their own (the
image's /app, owned by root and not writable by the service), a non-editable install of the
pinned versions, its ENV with /data and /app moved under a temporary root, its CMD run as
its numeric USER when this runs as root, and its HEALTHCHECK command. In each case the
service must answer /readyz with 200 and the HEALTHCHECK must pass, with no setting beyond
DATABASE_URL.

Usage: python .ci/container.py [postgresql://…]   (SQLite always; PostgreSQL when given)
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, rest), continuation lines joined."""
    found: list[tuple[str, str]] = []
    pending = ""
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        whole = (pending + line).strip()
        pending = ""
        keyword, _, rest = whole.partition(" ")
        found.append((keyword.upper(), rest.strip()))
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_ready(base: str, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the service stopped (exit {process.returncode}) before it was ready")
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.5)
    raise SystemExit(f"{base}/readyz did not answer 200 within {seconds:.0f} s")


def as_user(user: str | None) -> list[str]:
    """The prefix that runs a command as the image's numeric USER (when this runs as root)."""
    if user is None or os.geteuid() != 0:
        return []
    return ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups"]


def interpreter(user: str | None) -> str:
    """A Python 3.11+ that the image's user can run (this one may sit in root's home)."""
    for candidate in (sys.executable, "/usr/local/bin/python3", "/usr/bin/python3"):
        real = os.path.realpath(candidate)
        if Path(real).exists() and subprocess.run(
                [*as_user(user), "test", "-x", real], capture_output=True).returncode == 0 \
                and subprocess.run(
                    [*as_user(user), real, "-c",
                     "import sys, venv; sys.exit(sys.version_info < (3, 11))"],
                    capture_output=True).returncode == 0:
            return real
    raise SystemExit(f"no Python 3.11+ that user {user} can run")


def docker_engine() -> bool:
    if shutil.which("docker") is None:
        return False
    return subprocess.run(["docker", "info"], capture_output=True).returncode == 0


def with_docker(databases: list[str]) -> None:
    subprocess.run(["docker", "build", "-t", "referee-ci", str(ROOT)], check=True)
    for url in databases:
        port = free_port()
        settings = ["--network", "host", "-e", f"BIND=127.0.0.1:{port}"]
        if url:
            settings += ["-e", f"DATABASE_URL={url}"]
        name = f"referee-ci-{port}"
        subprocess.run(["docker", "run", "-d", "--name", name, *settings, "referee-ci"],
                       check=True)
        try:
            deadline = time.monotonic() + 90
            while True:
                state = subprocess.run(
                    ["docker", "inspect", "-f", "{{.State.Health.Status}}", name],
                    capture_output=True, text=True).stdout.strip()
                if state == "healthy":
                    break
                if time.monotonic() > deadline:
                    raise SystemExit(f"the container never became healthy ({state})")
                time.sleep(2)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as answer:
                assert answer.status == 200
            print(f"container on {url or 'SQLite'}: healthy, /readyz 200")
        finally:
            subprocess.run(["docker", "rm", "-f", name], capture_output=True)


class Replay:
    """The image built in a temporary root: one method per Dockerfile instruction."""

    def __init__(self, steps: list[tuple[str, str]]) -> None:
        self.steps = steps
        self.runs_as = next((rest for keyword, rest in steps if keyword == "USER"), None)
        self.top = Path(tempfile.mkdtemp(prefix="referee-image-"))
        self.top.chmod(0o755)
        self.folders = [rest for keyword, rest in steps if keyword == "WORKDIR"]
        self.volumes = [f for keyword, rest in steps if keyword == "VOLUME"
                        for f in json.loads(rest)]
        self.env = {"PATH": f"{self.top}/venv/bin:/usr/bin:/bin",
                    "HOME": str(self.top / "home")}
        self.workdir = self.top
        self.user: str | None = None
        self.health: list[str] = []
        self.command: list[str] = []

    def here(self, text: str) -> str:
        """The image's own folders (WORKDIR, VOLUME) moved under the temporary root."""
        for folder in [*self.folders, *self.volumes]:
            text = text.replace(folder, str(self.top) + folder)
        return text

    def build(self) -> None:
        for keyword, rest in self.steps:
            getattr(self, f"do_{keyword.lower()}", self.do_other)(rest)
        assert self.user is not None and self.user.isdigit(), \
            f"USER must be a number, not {self.user!r}"
        assert self.health and self.command, "the Dockerfile needs a HEALTHCHECK and a CMD"
        (self.top / "home").mkdir(exist_ok=True)
        if as_user(self.user):
            for writable in (*[Path(self.here(f)) for f in self.volumes], self.top / "home"):
                os.chown(writable, int(self.user), int(self.user))
        else:
            print("(replay) not root: the service runs as this user, not as USER", self.user)

    def do_env(self, rest: str) -> None:
        for pair in shlex.split(rest):
            name, _, value = pair.partition("=")
            self.env[name] = self.here(value)

    def do_workdir(self, rest: str) -> None:
        self.workdir = Path(self.here(rest))
        self.workdir.mkdir(parents=True, exist_ok=True)

    def do_copy(self, rest: str) -> None:
        *sources, target = shlex.split(rest)
        into = Path(self.here(target)) if target.startswith("/") else self.workdir / target
        for source in sources:  # Docker's rules: a folder's contents go into the target
            origin = ROOT / source
            if origin.is_dir():
                shutil.copytree(origin, into, dirs_exist_ok=True, symlinks=True)
            elif target.endswith("/") or len(sources) > 1:
                into.mkdir(parents=True, exist_ok=True)
                shutil.copy2(origin, into / origin.name)
            else:
                into.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(origin, into)

    def do_run(self, rest: str) -> None:
        if "pip install" not in rest:
            print(f"(replay) left to the image: RUN {rest}")
            return
        venv = self.top / "venv"
        subprocess.run([interpreter(self.runs_as), "-m", "venv", str(venv)], check=True)
        line = rest.replace("pip install", f"{venv}/bin/python -m pip install --quiet")
        subprocess.run(line, shell=True, cwd=self.workdir, check=True)

    def do_user(self, rest: str) -> None:
        self.user = rest

    def do_volume(self, rest: str) -> None:
        for folder in json.loads(rest):
            Path(self.here(folder)).mkdir(parents=True, exist_ok=True)

    def do_healthcheck(self, rest: str) -> None:
        self.health = json.loads(rest[rest.index("CMD") + 3:].strip())

    def do_cmd(self, rest: str) -> None:
        self.command = json.loads(rest)

    def do_other(self, rest: str) -> None:
        """FROM, EXPOSE and the like: nothing to replay."""

    def start(self, url: str) -> None:
        """The image's CMD as its USER against ``url`` (SQLite when empty): /readyz, then
        the HEALTHCHECK command."""
        prefix = as_user(self.user)
        port = free_port()
        run_env = dict(self.env, BIND=f"127.0.0.1:{port}")
        if url:
            run_env["DATABASE_URL"] = url
        log_path = self.top / f"service-{port}.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen([*prefix, *self.command], cwd=self.workdir, env=run_env,
                                       stdout=log, stderr=subprocess.STDOUT)
            try:
                wait_ready(f"http://127.0.0.1:{port}", process)
                checked = subprocess.run([*prefix, *self.health], cwd=self.workdir, env=run_env)
                if checked.returncode != 0:
                    raise SystemExit("the HEALTHCHECK command failed")
                print(f"image replay on {url or 'SQLite'}: /readyz 200, HEALTHCHECK passed"
                      f" (as user {self.user if prefix else os.geteuid()})")
            except BaseException:
                log.flush()
                sys.stdout.write(log_path.read_text()[-4000:])
                raise
            finally:
                process.terminate()
                process.wait(timeout=20)


def replay(databases: list[str]) -> None:
    image = Replay(instructions())
    image.build()
    for url in databases:
        image.start(url)
    shutil.rmtree(image.top, ignore_errors=True)


def main() -> None:
    databases = ["", *sys.argv[1:2]]
    if docker_engine():
        with_docker(databases)
    else:
        print("no container engine answers (docker info): replaying the Dockerfile's install "
              "and start")
        replay(databases)


if __name__ == "__main__":
    main()
