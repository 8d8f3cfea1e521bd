"""The AppTest page tests (``tests/pages``).

Each new ``AppTest`` scans the metadata of every installed distribution for
Streamlit components (``streamlit.components.v2.manifest_scanner``): about
0.25 s of a page run's 0.3 s here, with ~700 distributions in the test
environment.  The installed set does not change during a test session and
the app registers its own components from its source, so the scan is done
once per process.  Test-only: the app itself scans once per server start.
"""
import functools

from streamlit.components.v2 import manifest_scanner

manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)
