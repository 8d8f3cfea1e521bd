"""Several app processes behind nginx (deploy/class_server.py): a browser
stays on one process (its websocket, uploads and media), new browsers
spread over the processes, and a real Streamlit session runs through the
proxy.  Needs Debian's nginx; `.ci/run` installs it and sets REQUIRE_NGINX."""
import os
import shutil
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "deploy"))

if shutil.which("nginx") is None:
    if os.environ.get("REQUIRE_NGINX"):
        raise RuntimeError("REQUIRE_NGINX is set but nginx is not installed")
    pytest.skip("nginx is not installed", allow_module_level=True)


@pytest.fixture(scope="module")
def cluster():
    from class_server import Cluster, free_port

    c = Cluster(2, free_port())
    yield c
    c.stop()
    assert not c.tmp.exists()


def fetch(url, cookie=None):
    req = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(req, timeout=30) as r:
        route = next(c.split(";", 1)[0] for c in r.headers.get_all("Set-Cookie") if c.startswith("lab_route="))
        return r.headers["X-Lab-Upstream"], route


def test_the_configuration_lives_outside_the_source_tree(cluster):
    assert ROOT not in cluster.tmp.parents
    conf = (cluster.tmp / "nginx.conf").read_text()
    assert "{{" not in conf and conf.count("server 127.0.0.1:") == 2


def test_a_browser_stays_on_one_process_and_new_browsers_spread(cluster):
    first, cookie = fetch(cluster.url + "/")
    for path in ("/", "/_stcore/health", "/confusion", "/_stcore/host-config"):
        assert fetch(cluster.url + path, cookie) == (first, cookie)
    seen = {fetch(cluster.url + "/")[0] for _ in range(24)}
    assert seen == {f"127.0.0.1:{p}" for p in cluster.app_ports}


def test_a_streamlit_session_runs_through_the_proxy(cluster):
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from websockets.sync.client import connect     # (the browser tests keep an event loop in this thread)

    _, cookie = fetch(cluster.url + "/")
    msg = BackMsg()
    msg.rerun_script.query_string = "lang=en"
    msg.rerun_script.page_name = "home"
    kinds = []
    with connect(cluster.url.replace("http", "ws") + "/_stcore/stream", origin=cluster.url,
                 subprotocols=["streamlit"], additional_headers={"Cookie": cookie}, open_timeout=30,
                 max_size=2**26) as ws:
        ws.send(msg.SerializeToString())
        while "delta" not in kinds or kinds[-1] != "script_finished":   # (a first run may rerun)
            fm = ForwardMsg()
            fm.ParseFromString(ws.recv(timeout=60))
            kinds.append(fm.WhichOneof("type"))
    assert "new_session" in kinds and "delta" in kinds


def test_each_process_has_run_a_page_before_the_link_is_given_out(cluster):
    """deploy/class_server.py's warm-up: each process's first run (the app's imports, the default data's
    facts, ui.protect.nodelay) is over before nginx takes the first student: a cold process kept a fresh
    browser's first screen waiting about 2 s longer."""
    assert len(cluster.warmed) == len(cluster.app_ports) == 2
    assert all(w is not None and w > 0 for w in cluster.warmed)


def test_a_warm_up_that_cannot_connect_says_so_and_returns_none(capsys):
    from class_server import free_port, warm

    assert warm(f"http://127.0.0.1:{free_port()}", timeout=5) is None        # nothing listens there
    assert "warm-up of" in capsys.readouterr().err
