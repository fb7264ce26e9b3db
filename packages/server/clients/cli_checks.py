#!/usr/bin/python3
"""
The python-gitlab command line (Debian's gitlab-cli, `python-gitlab`) against a running Milepost:
common commands with a config file pointing at the server, as a user sets it up. A failed command
is run again with `-d`, which prints each HTTP request and Milepost's answer.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import RUN, TOKEN, URL, USERNAME, check, expect, finish  # noqa: E402

CLI = "/usr/bin/python-gitlab"
config = os.path.join(os.environ.get("MILEPOST_CONFIG_DIR", "/tmp"), f"python-gitlab-{RUN}.cfg")
with open(config, "w", encoding="utf-8") as f:
    f.write(
        "[global]\ndefault = milepost\ntimeout = 30\n\n"
        f"[milepost]\nurl = {URL}\nprivate_token = {TOKEN}\napi_version = 4\nper_page = 50\n"
    )


def cli(*args):
    """Runs one command with JSON output; on failure, shows the same command's HTTP exchange."""
    command = [CLI, "-c", config, "-o", "json", *args]
    res = subprocess.run(command, capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        debug = subprocess.run([CLI, "-c", config, "-d", *args], capture_output=True, text=True, timeout=60)
        trace = "\n".join(
            line for line in (debug.stdout + debug.stderr).splitlines() if line.startswith(("send:", "reply:", "DEBUG"))
        )
        raise AssertionError(
            f"`python-gitlab {' '.join(args)}` exited {res.returncode}: {res.stderr.strip()[-600:]}\n    {trace[-1500:]}"
        )
    return json.loads(res.stdout) if res.stdout.strip() else None


state = {}


@check("cli: current-user get")
def _():
    expect(cli("current-user", "get")["username"], USERNAME, "username")


@check("cli: project list --membership true --search")
def _():
    projects = cli("project", "list", "--membership", "true", "--search", "web")
    assert "acme/platform/web" in [p["path_with_namespace"] for p in projects], projects


@check("cli: group get and group-epic list (search, labels)")
def _():
    group = cli("group", "get", "--id", "acme")
    expect(group["full_path"], "acme", "full_path")
    epics = cli("group-epic", "list", "--group-id", "acme", "--order-by", "title", "--sort", "asc")
    assert len(epics) > 10, len(epics)
    title = epics[0]["title"]
    found = cli("group-epic", "list", "--group-id", "acme", "--search", title)
    assert title in [e["title"] for e in found], found


@check("cli: project-issue create with labels (one new), then list by label")
def _():
    issue = cli(
        "project-issue", "create", "--project-id", "acme/website", "--title", f"CLI issue {RUN}",
        "--labels", f"cli-{RUN},Documentation",
    )
    state["iid"] = issue["iid"]
    listed = cli("project-issue", "list", "--project-id", "acme/website", "--labels", f"cli-{RUN}", "--state", "opened")
    expect([i["iid"] for i in listed], [issue["iid"]], "issues with the new label")


@check("cli: project-issue update (close) and get")
def _():
    cli("project-issue", "update", "--project-id", "acme/website", "--iid", str(state["iid"]), "--state-event", "close")
    expect(cli("project-issue", "get", "--project-id", "acme/website", "--iid", str(state["iid"]))["state"], "closed", "state")


@check("cli: group-label list and group-milestone list")
def _():
    labels = cli("group-label", "list", "--group-id", "acme", "--get-all")
    assert len(labels) >= 5, labels
    milestones = cli("group-milestone", "list", "--group-id", "acme/platform", "--state", "active")
    assert milestones and all(m["state"] == "active" for m in milestones), milestones


@check("cli: project-issue-note create and list")
def _():
    iid = str(state["iid"])
    cli("project-issue-note", "create", "--project-id", "acme/website", "--issue-iid", iid, "--body", "From the CLI")
    notes = cli("project-issue-note", "list", "--project-id", "acme/website", "--issue-iid", iid)
    assert "From the CLI" in [n["body"] for n in notes], notes


@check("cli: project-issue delete (an empty JSON body)")
def _():
    cli("project-issue", "delete", "--project-id", "acme/website", "--iid", str(state["iid"]))
    issues = cli("project-issue", "list", "--project-id", "acme/website", "--labels", f"cli-{RUN}")
    expect(issues, [], "after delete")


os.remove(config)
finish()
