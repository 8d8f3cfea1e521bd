"""A course larger than one process: several ``streamlit run app.py``
processes on 127.0.0.1 behind nginx (Debian's package) with sticky
sessions, started by one command and stopped by Ctrl+C.

    python deploy/class_server.py                         # one process per core, port 8501, this machine only
    python deploy/class_server.py --address 0.0.0.0       # the classroom network (see the README)
    python deploy/class_server.py --processes 4 --port 8080
    python deploy/class_server.py --store redis://10.0.0.5:6379/0   # class mode across machines (README)

The nginx configuration is ``deploy/nginx.conf`` filled in a temporary
folder (the source tree is never written).  ``bench/loadtest.py
--processes N`` runs the same set-up under load.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def upload_mb() -> int:
    """``ui/protect/limits.py``'s UPLOAD_MB, read without importing the app (and Streamlit)."""
    import runpy

    if str(ROOT) not in sys.path:            # limits.py reads its shared numbers from evalcore
        sys.path.insert(0, str(ROOT))
    return int(runpy.run_path(str(ROOT / "ui" / "protect" / "limits.py"))["UPLOAD_MB"])


WARM_PAGE = "confusion"      # the page a class is sent to first (a lecturer's link); its default data's facts


def warm(url: str, page: str = WARM_PAGE, query: str = "", timeout: float = 120.0) -> float | None:
    """One session without a browser opens ``page`` (with the link's ``query``) on the app process at ``url``
    and waits for its run's end; returns the seconds it took, or None when it could not (the process serves
    all the same).

    A process's first run imports the app (evalcore, plotly, pandas), computes the default data's facts and
    sets up its server (``ui.protect.nodelay``): a fresh browser on a cold process waited 4.0 s for its first
    screen where a warm one waits 2.1 s (measured here, ``bench/browser_latency.py``'s first screen).  Done
    here, before the link is given out, no student pays it."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from websockets.sync.client import connect

    msg = BackMsg()
    msg.rerun_script.query_string = query
    msg.rerun_script.page_name = page
    t0 = time.monotonic()
    try:
        with connect(url.replace("http", "ws", 1) + "/_stcore/stream", origin=url, subprotocols=["streamlit"],
                     open_timeout=30, max_size=2**26) as ws:
            ws.send(msg.SerializeToString())
            seen_delta = False
            while time.monotonic() - t0 < timeout:
                fm = ForwardMsg()
                fm.ParseFromString(ws.recv(timeout=max(1.0, timeout - (time.monotonic() - t0))))
                kind = fm.WhichOneof("type")
                seen_delta = seen_delta or kind == "delta"
                if kind == "script_finished" and seen_delta and fm.script_finished != 2:   # 2: stopped to rerun
                    return time.monotonic() - t0
    except Exception as err:      # noqa: BLE001  (refused, closed, timed out: the process serves all the same)
        print(f"warm-up of {url} failed: {type(err).__name__}: {err}", file=sys.stderr)
    return None


def nginx_config(tmp: Path, address: str, port: int, app_ports: list[int]) -> str:
    user = ""
    if hasattr(os, "geteuid") and os.geteuid() == 0:   # nginx's workers drop root; they need the temp folders
        user = "user www-data;"
        for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
            (tmp / sub).mkdir(exist_ok=True)
            shutil.chown(tmp / sub, "www-data")
        tmp.chmod(0o755)
    servers = "\n".join(f"        server 127.0.0.1:{p};" for p in app_ports)
    text = (ROOT / "deploy" / "nginx.conf").read_text(encoding="utf-8")
    for key, value in (("TMP", str(tmp)), ("USER", user), ("UPLOAD_MB", str(upload_mb())), ("SERVERS", servers),
                       ("ADDRESS", address), ("PORT", str(port))):
        text = text.replace("{{" + key + "}}", value)
    return text


def wait_healthy(url: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url + "/_stcore/health", timeout=2)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise RuntimeError(f"no server at {url}") from None
            time.sleep(0.3)


def start_app(port: int, quiet: bool = True, store: str | None = None, *, folder: Path | str = ROOT,
              env: dict | None = None) -> subprocess.Popen:
    """One ``streamlit run app.py`` on 127.0.0.1:``port`` (output discarded when ``quiet``); ``store``:
    class mode's store for it (``$EVALLAB_CLASS_STORE``: a SQLite file every process shares, or redis://);
    ``folder``: the checkout to run (this one by default); ``env``: more environment variables."""
    out = subprocess.DEVNULL if quiet else None
    extra = {**(env or {}), **({"EVALLAB_CLASS_STORE": store} if store else {})}
    return subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port),
                             "--server.address", "127.0.0.1", "--server.headless", "true",
                             "--browser.gatherUsageStats", "false"], cwd=folder, stdout=out, stderr=out,
                            env={**os.environ, **extra} if extra else None)


class Cluster:
    """N app processes and nginx; ``url`` is nginx's address."""

    def __init__(self, processes: int, port: int, address: str = "127.0.0.1", quiet: bool = True,
                 store: str | None = None, warm_up: bool = True):
        if shutil.which("nginx") is None:
            raise RuntimeError("nginx is not installed (Debian: apt-get install nginx)")
        self.tmp = Path(tempfile.mkdtemp(prefix="evallab-nginx-"))
        self.app_ports = [free_port() for _ in range(processes)]
        out = subprocess.DEVNULL if quiet else None
        self.apps = [start_app(p, quiet, store) for p in self.app_ports]
        (self.tmp / "nginx.conf").write_text(nginx_config(self.tmp, address, port, self.app_ports))
        self.nginx = None
        self.warmed: list[float | None] = []       # seconds each process's first run took (None: failed)
        try:
            for p in self.app_ports:
                wait_healthy(f"http://127.0.0.1:{p}")
            if warm_up:        # each process's first run before any student's (:func:`warm`), side by side
                with concurrent.futures.ThreadPoolExecutor(len(self.app_ports)) as pool:
                    self.warmed = list(pool.map(warm, [f"http://127.0.0.1:{p}" for p in self.app_ports]))
            self.nginx = subprocess.Popen(["nginx", "-p", str(self.tmp), "-c", str(self.tmp / "nginx.conf"),
                                           "-g", "daemon off;"], stdout=out, stderr=out)
            self.url = f"http://{'127.0.0.1' if address in ('0.0.0.0', '') else address}:{port}"
            wait_healthy(self.url, 20)
        except Exception:
            self.stop()
            raise

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.apps]

    def stop(self) -> None:
        stop_processes(([self.nginx] if self.nginx else []) + self.apps)
        shutil.rmtree(self.tmp, ignore_errors=True)


def stop_processes(procs: list[subprocess.Popen], wait: float = 10) -> None:
    """Ask every process to end, then wait for each (``wait`` seconds at most) and kill what has not ended."""
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(wait)
        except subprocess.TimeoutExpired:
            p.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 2, help="app processes (default: cores)")
    ap.add_argument("--port", type=int, default=8501)
    ap.add_argument("--address", default="127.0.0.1", help="0.0.0.0 to serve the classroom network")
    ap.add_argument("--store", default=None,
                    help="class mode's store: a SQLite file shared by the processes (default: "
                         "~/.local/share/evallab/class.sqlite3) or redis://host:port/db for several machines")
    args = ap.parse_args()
    cluster = Cluster(max(1, min(args.processes, 32)), args.port, args.address, quiet=False, store=args.store)
    warmed = ", ".join("failed" if w is None else f"{w:.1f} s" for w in cluster.warmed)
    print(f"\n  {len(cluster.apps)} app processes behind nginx: {cluster.url}  (Ctrl+C stops all)"
          f"\n  each process's first run done before any student's: {warmed}\n", flush=True)
    stop = lambda *_: (_ for _ in ()).throw(KeyboardInterrupt)  # noqa: E731
    signal.signal(signal.SIGTERM, stop)
    try:
        while all(p.poll() is None for p in cluster.apps) and cluster.nginx.poll() is None:
            time.sleep(1)
        print("a process ended; stopping the others", file=sys.stderr)
    except KeyboardInterrupt:
        pass
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
