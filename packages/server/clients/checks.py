"""
The check harness shared by the Python client scripts: one `ok - name` / `not ok - name` line per
check (scripts/client-checks.mjs counts them), and on a failure the request the client sent and
Milepost's answer, indented under the line.
"""
import os
import sys
import traceback

URL = os.environ.get("MILEPOST_URL", "http://127.0.0.1:3207")
TOKEN = os.environ.get("MILEPOST_TOKEN", "")
USERNAME = os.environ.get("MILEPOST_USERNAME", "alice")
PASSWORD = os.environ.get("MILEPOST_PASSWORD", "")
# A suffix that keeps this run's groups apart from an earlier run's on the same server.
RUN = os.environ.get("MILEPOST_RUN", str(os.getpid()))

_failures = 0
_last = {}


def record(response, *args, **kwargs):
    """A `requests` response hook: remembers the last exchange, to print when a check fails."""
    request = response.request
    body = request.body
    if isinstance(body, bytes):
        body = body.decode("utf-8", "replace")
    _last["request"] = f"{request.method} {request.url}" + (f"\n      body: {body[:500]}" if body else "")
    _last["response"] = (
        f"{response.status_code} {response.headers.get('Content-Type')}\n      body: {response.text[:800]}"
    )
    return response


def check(name):
    """Decorator: runs the function now as one check; an exception or a false assert fails it."""

    def run(fn):
        global _failures
        _last.clear()
        try:
            fn()
            print(f"ok - {name}", flush=True)
        except Exception as error:  # noqa: BLE001 - every failure is reported, none stops the run
            _failures += 1
            print(f"not ok - {name}", flush=True)
            print(f"    error: {type(error).__name__}: {error}")
            if _last:
                print(f"    last request: {_last.get('request')}")
                print(f"    answer: {_last.get('response')}")
            tb = traceback.extract_tb(error.__traceback__)
            here = [f for f in tb if f.filename == sys.argv[0] or f.filename.endswith(os.path.basename(sys.argv[0]))]
            if here:
                print(f"    at line {here[-1].lineno}: {here[-1].line}")
            sys.stdout.flush()
        return fn

    return run


def expect(actual, expected, what=""):
    if actual != expected:
        raise AssertionError(f"{what or 'value'}: expected {expected!r}, got {actual!r}")


def finish():
    sys.exit(1 if _failures else 0)
