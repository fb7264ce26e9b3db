#!/usr/bin/python3
"""
python-gitlab (Debian's python3-gitlab) against a running Milepost with the demo, unmodified: the
calls GitLab automation makes every day. Run by scripts/client-checks.mjs, which passes
MILEPOST_URL, MILEPOST_TOKEN (alice's personal access token), MILEPOST_USERNAME and MILEPOST_PASSWORD.
"""
import os
import sys

import gitlab
import requests

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import PASSWORD, RUN, TOKEN, URL, USERNAME, check, expect, finish, record  # noqa: E402


def client(**auth):
    gl = gitlab.Gitlab(URL, per_page=20, **auth)
    gl.session.hooks["response"].append(record)
    return gl


gl = client(private_token=TOKEN)
state = {}


@check("auth with a private token, current user")
def _():
    gl.auth()
    expect(gl.user.username, USERNAME, "username")
    state["me"] = gl.user


@check("auth with an OAuth token from the password grant")
def _():
    res = requests.post(f"{URL}/oauth/token", data={"grant_type": "password", "username": USERNAME, "password": PASSWORD})
    res.raise_for_status()
    oauth = client(oauth_token=res.json()["access_token"])
    oauth.auth()
    expect(oauth.user.username, USERNAME, "username")


@check("a wrong token is GitlabAuthenticationError")
def _():
    try:
        client(private_token="glpat-not-a-real-token").auth()
    except gitlab.GitlabAuthenticationError as error:
        expect(error.response_code, 401, "status")
        return
    raise AssertionError("no error")


@check("version")
def _():
    version, revision = gl.version()
    assert version != "unknown" and version, version
    assert revision, revision


@check("users: list by username, get")
def _():
    bob = gl.users.list(username="bob")[0]
    expect(bob.name, "Bob Brown", "name")
    expect(gl.users.get(bob.id).username, "bob", "username")
    state["bob"] = bob
    state["carol"] = gl.users.list(username="carol")[0]


@check("groups: create a group and a subgroup")
def _():
    top = gl.groups.create({"name": f"Py {RUN}", "path": f"py-{RUN}", "visibility": "private"})
    sub = gl.groups.create({"name": "Team", "path": "team", "parent_id": top.id})
    expect(sub.full_path, f"py-{RUN}/team", "full_path")
    state["group"], state["sub"] = top, sub


@check("groups: get by path, list subgroups and descendants, search")
def _():
    acme = gl.groups.get("acme")
    subgroups = {g.path for g in acme.subgroups.list(get_all=True)}
    assert {"platform", "secret-lab"} <= subgroups, subgroups
    found = gl.groups.list(search=f"py-{RUN}", get_all=True)
    assert any(g.id == state["group"].id for g in found), found
    descendants = state["group"].descendant_groups.list(get_all=True)
    expect([g.path for g in descendants], ["team"], "descendants")
    expect(gl.groups.get(f"py-{RUN}/team").id, state["sub"].id, "subgroup id")


@check("groups: all_available=True, owned=True (Python's booleans)")
def _():
    mine = gl.groups.list(owned=True, all_available=True, get_all=True)
    assert any(g.id == state["group"].id for g in mine)


@check("projects: create, get by path, list with membership=True")
def _():
    project = gl.projects.create({"name": "Service", "path": "service", "namespace_id": state["sub"].id})
    expect(project.path_with_namespace, f"py-{RUN}/team/service", "path_with_namespace")
    other = gl.projects.create({"name": "Other", "namespace_id": state["group"].id})
    state["project"], state["other"] = project, other
    expect(gl.projects.get(f"py-{RUN}/team/service").id, project.id, "id")
    mine = gl.projects.list(membership=True, get_all=True)
    assert {project.id, other.id} <= {p.id for p in mine}
    deep = state["group"].projects.list(include_subgroups=True, get_all=True)
    expect(sorted(p.path for p in deep), ["Other", "service"], "group projects with subgroups")


@check("members: add, list, list all (inherited), edit, remove")
def _():
    group = state["group"]
    group.members.create({"user_id": state["bob"].id, "access_level": gitlab.const.DEVELOPER_ACCESS})
    group.members.create({"user_id": state["carol"].id, "access_level": gitlab.const.REPORTER_ACCESS})
    expect(len(group.members.list(get_all=True)), 3, "direct members")
    inherited = state["sub"].members_all.list(get_all=True)
    assert {m.username for m in inherited} >= {"alice", "bob", "carol"}, inherited
    member = group.members.get(state["carol"].id)
    member.access_level = gitlab.const.DEVELOPER_ACCESS
    member.save()
    expect(group.members.get(state["carol"].id).access_level, 30, "access_level")
    extra = gl.users.list(username="dave")[0]
    group.members.create({"user_id": extra.id, "access_level": gitlab.const.GUEST_ACCESS})
    group.members.delete(extra.id)
    expect(len(group.members.list(get_all=True)), 3, "after removal")
    project_member = state["project"].members.create({"user_id": extra.id, "access_level": 20})
    expect(project_member.access_level, 20, "project member")


@check("group labels: create, list, update by name, subscribe, unsubscribe")
def _():
    group = state["group"]
    label = group.labels.create({"name": "kind::bug", "color": "#d9534f", "description": "Bugs"})
    group.labels.create({"name": "team", "color": "#5cb85c"})
    names = {l.name for l in group.labels.list(get_all=True)}
    assert {"kind::bug", "team"} <= names, names
    label.description = "Real bugs"
    label.save()
    expect(group.labels.get("kind::bug").description, "Real bugs", "description")
    label.subscribe()
    expect(group.labels.get("kind::bug").subscribed, True, "subscribed")
    label.unsubscribe()
    expect(group.labels.get("kind::bug").subscribed, False, "subscribed after unsubscribe")


@check("project labels: create, list with inherited group labels, subscribe")
def _():
    project = state["project"]
    label = project.labels.create({"name": "backend", "color": "#0033cc"})
    names = {l.name for l in project.labels.list(get_all=True, include_ancestor_groups=True)}
    assert {"backend", "kind::bug", "team"} <= names, names
    label.subscribe()
    expect(project.labels.get("backend").subscribed, True, "subscribed")
    label.unsubscribe()


@check("milestones: group and project milestones, list by state, update, close")
def _():
    gm = state["group"].milestones.create({"title": "Sprint 1", "due_date": "2030-01-31", "start_date": "2030-01-01"})
    pm = state["project"].milestones.create({"title": "v1.0"})
    state["gm"], state["pm"] = gm, pm
    expect([m.title for m in state["group"].milestones.list(state="active", get_all=True)], ["Sprint 1"], "active")
    pm.description = "First release"
    pm.save()
    expect(state["project"].milestones.get(pm.id).description, "First release", "description")
    closing = state["project"].milestones.create({"title": "v0.9"})
    closing.state_event = "close"
    closing.save()
    closed = state["project"].milestones.list(state="closed", get_all=True)
    expect([m.title for m in closed], ["v0.9"], "closed milestones")


@check("issues: create with labels (creating a missing one), assignees, milestone, due date")
def _():
    project = state["project"]
    issue = project.issues.create(
        {
            "title": "Login fails",
            "description": "Steps: …",
            "labels": ["kind::bug", "brand-new"],
            "assignee_ids": [state["bob"].id],
            "milestone_id": state["pm"].id,
            "due_date": "2030-02-01",
        }
    )
    expect(sorted(issue.labels), ["brand-new", "kind::bug"], "labels")
    expect([a["username"] for a in issue.assignees], ["bob"], "assignees")
    expect(issue.milestone["title"], "v1.0", "milestone")
    expect(issue.due_date, "2030-02-01", "due_date")
    expect(project.labels.get("brand-new").name, "brand-new", "the created project label")
    state["issue"] = issue
    for n in range(1, 6):
        project.issues.create({"title": f"Chore {n}", "labels": "team", "milestone_id": state["pm"].id})


@check("issues: update title, labels (add/remove), assignees, milestone")
def _():
    issue = state["project"].issues.get(state["issue"].iid)
    issue.title = "Login fails on Safari"
    issue.assignee_ids = [state["bob"].id, state["carol"].id]
    issue.save()
    expect(issue.title, "Login fails on Safari", "title")
    expect(sorted(a["username"] for a in issue.assignees), ["bob", "carol"], "assignees")
    issue.add_labels = "team"
    issue.remove_labels = "brand-new"
    issue.save()
    expect(sorted(issue.labels), ["kind::bug", "team"], "labels")
    issue.milestone_id = state["gm"].id
    issue.save()
    expect(issue.milestone["title"], "Sprint 1", "milestone")


@check("issues: close and reopen")
def _():
    issue = state["project"].issues.get(state["issue"].iid)
    issue.state_event = "close"
    issue.save()
    expect(issue.state, "closed", "state")
    assert issue.closed_at, issue.closed_at
    issue.state_event = "reopen"
    issue.save()
    expect(issue.state, "opened", "state")


@check("issues: filters (state, labels, milestone, assignee, search, iids, not)")
def _():
    project = state["project"]
    expect(len(project.issues.list(state="opened", get_all=True)), 6, "opened")
    expect(len(project.issues.list(labels=["team"], get_all=True)), 6, "labels=team")
    expect(len(project.issues.list(labels="kind::bug,team", get_all=True)), 1, "labels=kind::bug,team")
    expect(len(project.issues.list(milestone="v1.0", get_all=True)), 5, "milestone")
    expect(len(project.issues.list(assignee_username="carol", get_all=True)), 1, "assignee")
    expect(len(project.issues.list(search="Safari", get_all=True)), 1, "search")
    expect(len(project.issues.list(iids=[1, 2], get_all=True)), 2, "iids[]")
    expect(len(project.issues.list(**{"not[labels]": "kind::bug"}, get_all=True)), 5, "not[labels]")
    ordered = project.issues.list(order_by="created_at", sort="asc", get_all=True)
    expect(ordered[0].iid, 1, "first by created_at asc")
    group_wide = state["group"].issues.list(labels="kind::bug", get_all=True)
    expect([i.iid for i in group_wide], [state["issue"].iid], "group issues")
    expect(len(gl.issues.list(scope="assigned_to_me", get_all=True)) >= 0, True, "scope")


@check("issues: pagination with get_all, iterator and page/per_page")
def _():
    acme = gl.groups.get("acme")
    everything = acme.issues.list(get_all=True, per_page=50)
    total = len(everything)
    assert total > 100, total
    seen = [i.id for i in acme.issues.list(iterator=True, per_page=40)]
    expect(len(seen), total, "iterated issues")
    expect(len(set(seen)), total, "distinct iterated issues")
    page2 = acme.issues.list(page=2, per_page=7)
    expect(len(page2), 7, "page 2")
    lazy = acme.issues.list(iterator=True, per_page=25)
    expect(lazy.total, total, "X-Total")
    expect(lazy.total_pages, -(-total // 25), "X-Total-Pages")


@check("milestone issues (group and project)")
def _():
    expect(len(state["pm"].issues(get_all=True)), 5, "project milestone issues")
    expect([i.title for i in state["gm"].issues(get_all=True)], ["Login fails on Safari"], "group milestone issues")


@check("issue links: create, list, delete")
def _():
    project = state["project"]
    source = project.issues.get(state["issue"].iid)
    target = state["other"].issues.create({"title": "Upstream fix"})
    _, linked = source.links.create(
        {"target_project_id": state["other"].id, "target_issue_iid": target.iid, "link_type": "blocks"}
    )
    expect(linked.iid, target.iid, "target iid")
    links = source.links.list()
    expect([(l.iid, l.link_type) for l in links], [(target.iid, "blocks")], "links")
    source.links.delete(links[0].issue_link_id)
    expect(source.links.list(), [], "after delete")


@check("award emoji on issues: create, list, get, delete")
def _():
    issue = state["project"].issues.get(state["issue"].iid)
    award = issue.awardemojis.create({"name": "thumbsup"})
    expect(award.name, "thumbsup", "name")
    expect(award.user["username"], USERNAME, "user")
    issue.awardemojis.create({"name": "tada"})
    expect(sorted(a.name for a in issue.awardemojis.list()), ["tada", "thumbsup"], "awards")
    expect(issue.awardemojis.get(award.id).name, "thumbsup", "get")
    expect(state["project"].issues.get(issue.iid).upvotes, 1, "upvotes")
    issue.awardemojis.delete(award.id)
    expect([a.name for a in issue.awardemojis.list()], ["tada"], "after delete")


@check("issue subscriptions: subscribe, subscribed, unsubscribe, 304 when unchanged")
def _():
    issue = state["project"].issues.get(state["issue"].iid)
    issue.unsubscribe()
    expect(state["project"].issues.get(issue.iid).subscribed, False, "after unsubscribe")
    issue.subscribe()
    expect(state["project"].issues.get(issue.iid).subscribed, True, "after subscribe")
    try:
        issue.subscribe()
    except gitlab.GitlabSubscribeError as error:
        expect(error.response_code, 304, "already subscribed")
        return
    raise AssertionError("subscribing twice did not answer 304")


@check("epics: create with labels (creating a missing group label), child with parent_id, update")
def _():
    group = state["group"]
    parent = group.epics.create({"title": "Launch", "labels": "team,roadmap", "start_date": "2030-01-01"})
    expect(sorted(parent.labels), ["roadmap", "team"], "labels")
    expect(group.labels.get("roadmap").name, "roadmap", "the created group label")
    child = group.epics.create({"title": "Beta", "parent_id": parent.id})
    expect(child.parent_id, parent.id, "parent_id")
    child.title = "Public beta"
    child.description = "Invite-only first"
    child.save()
    expect(group.epics.get(child.iid).title, "Public beta", "title")
    state["epic"], state["child"] = parent, child


@check("epics: filters (labels, state, search, order) in a demo group")
def _():
    acme = gl.groups.get("acme")
    every = acme.epics.list(get_all=True)
    assert len(every) >= 40, len(every)
    opened = acme.epics.list(state="opened", get_all=True)
    assert 0 < len(opened) < len(every), (len(opened), len(every))
    label = acme.labels.list(get_all=True)[0].name
    labelled = acme.epics.list(labels=label, get_all=True)
    assert all(label in e.labels for e in labelled), label
    titled = acme.epics.list(order_by="title", sort="asc", get_all=True)
    titles = [e.title for e in titled]
    expect(titles, sorted(titles, key=str.lower) if titles != sorted(titles) else sorted(titles), "sorted titles")
    found = acme.epics.list(search=every[0].title, get_all=True)
    assert any(e.id == every[0].id for e in found)
    own = state["group"].epics.list(include_descendant_groups=False, get_all=True)
    expect(sorted(e.title for e in own), ["Launch", "Public beta"], "own epics")


@check("epic issues: assign, list, reorder, remove")
def _():
    epic = state["group"].epics.get(state["child"].iid)
    first = state["project"].issues.get(state["issue"].iid)
    second = state["project"].issues.list(search="Chore 1", get_all=True)[0]
    link = epic.issues.create({"issue_id": first.id})
    epic.issues.create({"issue_id": second.id})
    expect(sorted(i.iid for i in epic.issues.list(get_all=True)), sorted([first.iid, second.iid]), "epic issues")
    expect(state["project"].issues.get(first.iid).epic["iid"], epic.iid, "issue's epic")
    epic.issues.delete(link.epic_issue_id)
    expect([i.iid for i in epic.issues.list(get_all=True)], [second.iid], "after remove")


@check("child epics: list, and parent_id update")
def _():
    group = state["group"]
    parent = state["epic"]
    children = gl.http_list(f"/groups/{group.id}/epics/{parent.iid}/epics", get_all=True)
    expect([c["title"] for c in children], ["Public beta"], "child epics")
    other = group.epics.create({"title": "Docs"})
    other.parent_id = parent.id
    other.save()
    children = gl.http_list(f"/groups/{group.id}/epics/{parent.iid}/epics", get_all=True)
    expect(sorted(c["title"] for c in children), ["Docs", "Public beta"], "after parent_id update")
    state["docs"] = other


@check("related epics: link, list, unlink")
def _():
    group = state["group"]
    source = state["docs"]
    link = gl.http_post(
        f"/groups/{group.id}/epics/{source.iid}/related_epics",
        post_data={"target_group_id": group.id, "target_epic_iid": state["child"].iid, "link_type": "relates_to"},
    )
    expect(link["target_epic"]["iid"], state["child"].iid, "target epic")
    related = gl.http_list(f"/groups/{group.id}/epics/{source.iid}/related_epics", get_all=True)
    expect([(r["iid"], r["link_type"]) for r in related], [(state["child"].iid, "relates_to")], "related epics")
    gl.http_delete(f"/groups/{group.id}/epics/{source.iid}/related_epics/{related[0]['related_epic_link_id']}")
    expect(gl.http_list(f"/groups/{group.id}/epics/{source.iid}/related_epics", get_all=True), [], "after unlink")


@check("award emoji on epics and epic subscriptions")
def _():
    group = state["group"]
    epic = group.epics.get(state["epic"].iid)
    awards = gl.http_post(f"/groups/{group.id}/epics/{epic.iid}/award_emoji", post_data={"name": "rocket"})
    listed = gl.http_list(f"/groups/{group.id}/epics/{epic.iid}/award_emoji", get_all=True)
    expect([a["name"] for a in listed], ["rocket"], "epic awards")
    gl.http_delete(f"/groups/{group.id}/epics/{epic.iid}/award_emoji/{awards['id']}")
    gl.http_post(f"/groups/{group.id}/epics/{epic.iid}/subscribe")
    expect(group.epics.get(epic.iid).subscribed, True, "subscribed")
    gl.http_post(f"/groups/{group.id}/epics/{epic.iid}/unsubscribe")
    expect(group.epics.get(epic.iid).subscribed, False, "unsubscribed")


@check("issue notes: create, list, get, update, delete; award emoji on a note")
def _():
    issue = state["project"].issues.get(state["issue"].iid)
    note = issue.notes.create({"body": "Reproduced on **Safari 17**"})
    expect(note.author["username"], USERNAME, "author")
    issue.notes.create({"body": "Second thought"})
    bodies = [n.body for n in issue.notes.list(get_all=True, sort="asc", order_by="created_at") if not n.system]
    expect(bodies, ["Reproduced on **Safari 17**", "Second thought"], "notes")
    fetched = issue.notes.get(note.id)
    fetched.body = "Reproduced on Safari 17 and 18"
    fetched.save()
    expect(issue.notes.get(note.id).body, "Reproduced on Safari 17 and 18", "edited body")
    award = fetched.awardemojis.create({"name": "eyes"})
    expect([a.name for a in fetched.awardemojis.list()], ["eyes"], "note awards")
    fetched.awardemojis.delete(award.id)
    issue.notes.delete(note.id)
    try:
        issue.notes.get(note.id)
        raise AssertionError("the note is still there")
    except gitlab.GitlabGetError as error:
        expect(error.response_code, 404, "deleted note")


@check("discussions: start a thread on an issue, reply")
def _():
    issue = state["project"].issues.get(state["issue"].iid)
    discussion = issue.discussions.create({"body": "Should we ship the fix behind a flag?"})
    discussion.notes.create({"body": "Yes, for a week."})
    again = issue.discussions.get(discussion.id)
    expect([n["body"] for n in again.attributes["notes"]], ["Should we ship the fix behind a flag?", "Yes, for a week."], "thread")


@check("epic notes: create and list (by the epic's id)")
def _():
    epic = state["group"].epics.get(state["epic"].iid)
    epic.notes.create({"body": "Kick-off on Monday"})
    expect([n.body for n in epic.notes.list(get_all=True) if not n.system], ["Kick-off on Monday"], "epic notes")


@check("errors: 404 for missing things, 400 for a bad parameter, 403 for a guest")
def _():
    try:
        gl.projects.get("acme/no-such-project")
        raise AssertionError("no error")
    except gitlab.GitlabGetError as error:
        expect(error.response_code, 404, "missing project")
        expect(error.error_message, "404 Project Not Found", "message")
    try:
        state["project"].issues.list(state="sideways", get_all=True)
        raise AssertionError("no error")
    except gitlab.GitlabListError as error:
        expect(error.response_code, 400, "bad state")


@check("out of scope: merge requests and pipelines are 404s, not 500s")
def _():
    for call in (lambda: state["project"].mergerequests.list(get_all=True), lambda: state["project"].pipelines.list()):
        try:
            call()
            raise AssertionError("no error")
        except gitlab.GitlabListError as error:
            expect(error.response_code, 404, "status")


@check("delete: issue, epic, label, milestone, project, group (empty JSON bodies)")
def _():
    project = state["project"]
    project.issues.delete(state["issue"].iid)
    state["group"].epics.delete(state["docs"].iid)
    project.labels.delete("backend")
    state["gm"].delete()
    state["other"].delete()
    try:
        project.issues.get(state["issue"].iid)
        raise AssertionError("the issue is still there")
    except gitlab.GitlabGetError as error:
        expect(error.response_code, 404, "deleted issue")


finish()
