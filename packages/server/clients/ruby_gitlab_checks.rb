#!/usr/bin/ruby
# frozen_string_literal: true

# The Ruby gitlab gem (Debian's ruby-gitlab) against a running Milepost with the demo, unmodified:
# the same core as the python-gitlab checks. One `ok - name` / `not ok - name` line per check; a
# failure prints the request and Milepost's answer (the gem's errors carry both).
require 'gitlab'
require 'json'
require 'net/http'

URL = ENV.fetch('MILEPOST_URL', 'http://127.0.0.1:3207')
TOKEN = ENV.fetch('MILEPOST_TOKEN', '')
USERNAME = ENV.fetch('MILEPOST_USERNAME', 'alice')
PASSWORD = ENV.fetch('MILEPOST_PASSWORD', '')
RUN = ENV.fetch('MILEPOST_RUN', Process.pid.to_s)

$failures = 0
$state = {}

def check(name)
  yield
  puts "ok - #{name}"
rescue StandardError => e
  $failures += 1
  puts "not ok - #{name}"
  puts "    error: #{e.class}: #{e.message.gsub("\n", "\n    ")}"
  here = e.backtrace&.find { |line| line.include?(File.basename(__FILE__)) }
  puts "    at #{here}" if here
ensure
  $stdout.flush
end

def expect(actual, expected, what = 'value')
  raise "#{what}: expected #{expected.inspect}, got #{actual.inspect}" unless actual == expected
end

# The gem sends a token as PRIVATE-TOKEN when it is shorter than 21 characters, else as
# `Authorization: Bearer` (both personal access tokens and OAuth tokens here).
def api(token = TOKEN)
  Gitlab.client(endpoint: "#{URL}/api/v4", private_token: token)
end

g = api

check('auth with a private token, current user') do
  me = g.user
  expect(me.username, USERNAME, 'username')
  $state[:me] = me
end

check('auth with an OAuth token from the password grant') do
  res = Net::HTTP.post_form(URI("#{URL}/oauth/token"),
                            'grant_type' => 'password', 'username' => USERNAME, 'password' => PASSWORD)
  raise "oauth/token answered #{res.code}: #{res.body}" unless res.is_a?(Net::HTTPSuccess)

  oauth = api(JSON.parse(res.body)['access_token'])
  expect(oauth.user.username, USERNAME, 'username')
end

check('a wrong token is Gitlab::Error::Unauthorized') do
  api('glpat-not-a-real-token').user
  raise 'no error'
rescue Gitlab::Error::Unauthorized => e
  expect(e.response_status, 401, 'status')
end

check('version') do
  v = g.version
  raise "no version: #{v.to_h}" if v.version.to_s.empty? || v.revision.to_s.empty?
end

check('users: list by username, get') do
  bob = g.users(username: 'bob').first
  expect(bob.name, 'Bob Brown', 'name')
  expect(g.user(bob.id).username, 'bob', 'username')
  $state[:bob] = bob
end

check('groups: create a group and a subgroup, get, subgroups, search') do
  top = g.create_group("Rb #{RUN}", "rb-#{RUN}", visibility: 'private')
  sub = g.create_group('Team', 'team', parent_id: top.id)
  expect(sub.full_path, "rb-#{RUN}/team", 'full_path')
  expect(g.group("rb-#{RUN}/team").id, sub.id, 'subgroup by path')
  expect(g.group_subgroups(top.id).map(&:path), ['team'], 'subgroups')
  expect(g.groups(search: "rb-#{RUN}", all_available: true).map(&:id).include?(top.id), true, 'search')
  $state[:group] = top
  $state[:sub] = sub
end

check('projects: create, get by path, list with membership') do
  project = g.create_project('Service', path: 'service', namespace_id: $state[:sub].id)
  expect(project.path_with_namespace, "rb-#{RUN}/team/service", 'path_with_namespace')
  other = g.create_project('Other', namespace_id: $state[:group].id)
  expect(g.project("rb-#{RUN}/team/service").id, project.id, 'by path')
  mine = g.projects(membership: true).auto_paginate.map(&:id)
  raise "missing: #{mine}" unless mine.include?(project.id) && mine.include?(other.id)
  $state[:project] = project
  $state[:other] = other
end

check('members: add, list, edit, remove') do
  group = $state[:group].id
  g.add_group_member(group, $state[:bob].id, 30)
  expect(g.group_members(group).map(&:username).sort, [USERNAME, 'bob'].sort, 'members')
  expect(g.edit_group_member(group, $state[:bob].id, 40).access_level, 40, 'access_level')
  dave = g.users(username: 'dave').first
  g.add_group_member(group, dave.id, 10)
  g.remove_group_member(group, dave.id)
  expect(g.group_members(group).size, 2, 'after removal')
end

check('labels: group and project labels, subscribe, unsubscribe') do
  group = $state[:group].id
  project = $state[:project].id
  g.create_group_label(group, 'team', '#5cb85c')
  g.create_label(project, 'backend', '#0033cc', description: 'Server side')
  expect(g.group_labels(group).map(&:name), ['team'], 'group labels')
  names = g.labels(project, include_ancestor_groups: true).map(&:name).sort
  expect(names, %w[backend team], 'project labels')
  expect(g.subscribe_to_group_label(group, 'team').subscribed, true, 'group label subscribed')
  expect(g.unsubscribe_from_group_label(group, 'team').subscribed, false, 'group label unsubscribed')
  expect(g.subscribe_to_label(project, 'backend').subscribed, true, 'project label subscribed')
  g.edit_label(project, 'backend', color: '#112233')
  expect(g.labels(project).find { |l| l.name == 'backend' }.color, '#112233', 'edited colour')
end

check('milestones: group and project milestones') do
  $state[:gm] = g.create_group_milestone($state[:group].id, 'Sprint 1', due_date: '2030-01-31')
  $state[:pm] = g.create_milestone($state[:project].id, 'v1.0')
  expect(g.group_milestones($state[:group].id).map(&:title), ['Sprint 1'], 'group milestones')
  expect(g.milestones($state[:project].id, state: 'active').map(&:title), ['v1.0'], 'project milestones')
end

check('issues: create with labels (one new), assignee, milestone') do
  issue = g.create_issue($state[:project].id, 'Login fails',
                         labels: 'team,brand-new', assignee_ids: [$state[:bob].id], milestone_id: $state[:pm].id)
  expect(issue.labels.sort, %w[brand-new team], 'labels')
  expect(issue.assignees.map { |a| a['username'] }, ['bob'], 'assignees')
  expect(issue.milestone.title, 'v1.0', 'milestone')
  $state[:issue] = issue
  3.times { |n| g.create_issue($state[:project].id, "Chore #{n + 1}", labels: 'team') }
end

check('issues: update, close, reopen') do
  project = $state[:project].id
  iid = $state[:issue].iid
  updated = g.edit_issue(project, iid, title: 'Login fails on Safari', add_labels: 'backend',
                                       milestone_id: $state[:gm].id)
  expect(updated.title, 'Login fails on Safari', 'title')
  expect(updated.labels.sort, %w[backend brand-new team], 'labels')
  expect(updated.milestone.title, 'Sprint 1', 'milestone')
  expect(g.close_issue(project, iid).state, 'closed', 'closed')
  expect(g.reopen_issue(project, iid).state, 'opened', 'reopened')
end

check('issues: filters and auto_paginate') do
  project = $state[:project].id
  expect(g.issues(project, labels: 'team', state: 'opened').size, 4, 'labels=team')
  expect(g.issues(project, labels: 'backend,team').map(&:iid), [$state[:issue].iid], 'two labels')
  expect(g.issues(project, search: 'Safari').size, 1, 'search')
  acme = g.group_issues('acme', per_page: 40)
  all = acme.auto_paginate
  raise "only #{all.size} demo issues" if all.size < 100
  expect(all.map(&:id).uniq.size, all.size, 'distinct issues over pages')
  expect(acme.has_next_page?, true, 'Link header next page')
end

check('milestone issues (group and project)') do
  expect(g.milestone_issues($state[:project].id, $state[:pm].id).size, 0, 'v1.0 issues after the move')
  expect(g.group_milestone_issues($state[:group].id, $state[:gm].id).map(&:iid), [$state[:issue].iid],
         'Sprint 1 issues')
end

check('issue links: create, list, delete') do
  project = $state[:project].id
  target = g.create_issue($state[:other].id, 'Upstream fix')
  g.create_issue_link(project, $state[:issue].iid, $state[:other].id, target.iid)
  links = g.issue_links(project, $state[:issue].iid)
  expect(links.map(&:iid), [target.iid], 'linked issues')
  g.delete_issue_link(project, $state[:issue].iid, links.first.issue_link_id)
  expect(g.issue_links(project, $state[:issue].iid).size, 0, 'after delete')
end

check('award emoji on issues: create, list, get, delete') do
  project = $state[:project].id
  iid = $state[:issue].iid
  award = g.create_award_emoji(project, iid, 'issue', 'thumbsup')
  expect(award.name, 'thumbsup', 'name')
  expect(g.award_emojis(project, iid, 'issue').map(&:name), ['thumbsup'], 'awards')
  expect(g.award_emoji(project, iid, 'issue', award.id).user['username'], USERNAME, 'award user')
  g.delete_award_emoji(project, iid, 'issue', award.id)
  expect(g.award_emojis(project, iid, 'issue').size, 0, 'after delete')
end

check('issue subscriptions: subscribe, unsubscribe, 304 when unchanged') do
  project = $state[:project].id
  iid = $state[:issue].iid
  expect(g.unsubscribe_from_issue(project, iid).subscribed, false, 'unsubscribed')
  expect(g.subscribe_to_issue(project, iid).subscribed, true, 'subscribed')
  # Subscribing again answers 304 Not Modified with no body, which the gem passes through.
  again = g.subscribe_to_issue(project, iid)
  raise "a second subscribe answered #{again.inspect}" if again.respond_to?(:subscribed)
  expect(g.issue(project, iid).subscribed, true, 'still subscribed')
end

check('epics: create (a new group label), child with parent_id, update, filters') do
  group = $state[:group].id
  parent = g.create_epic(group, 'Launch', labels: 'team,roadmap')
  expect(parent.labels.sort, %w[roadmap team], 'labels')
  expect(g.group_labels(group).map(&:name).sort, %w[roadmap team], 'the created group label')
  child = g.create_epic(group, 'Beta', parent_id: parent.id)
  expect(child.parent_id, parent.id, 'parent_id')
  expect(g.edit_epic(group, child.iid, title: 'Public beta').title, 'Public beta', 'title')
  expect(g.epics(group, labels: 'roadmap').map(&:iid), [parent.iid], 'labels filter')
  expect(g.epics('acme', state: 'closed').all? { |e| e.state == 'closed' }, true, 'state filter')
  $state[:epic] = parent
  $state[:child] = child
end

check('epic issues, child epics') do
  group = $state[:group].id
  g.post("/groups/#{group}/epics/#{$state[:child].iid}/issues/#{$state[:issue].id}")
  expect(g.epic_issues(group, $state[:child].iid).map(&:iid), [$state[:issue].iid], 'epic issues')
  expect(g.get("/groups/#{group}/epics/#{$state[:epic].iid}/epics").map(&:title), ['Public beta'], 'child epics')
end

check('award emoji and subscriptions on epics') do
  group = $state[:group].id
  iid = $state[:epic].iid
  award = g.post("/groups/#{group}/epics/#{iid}/award_emoji", body: { name: 'rocket' })
  expect(g.get("/groups/#{group}/epics/#{iid}/award_emoji").map(&:name), ['rocket'], 'epic awards')
  g.delete("/groups/#{group}/epics/#{iid}/award_emoji/#{award.id}")
  expect(g.post("/groups/#{group}/epics/#{iid}/subscribe").subscribed, true, 'subscribed')
  expect(g.post("/groups/#{group}/epics/#{iid}/unsubscribe").subscribed, false, 'unsubscribed')
end

check('notes on issues and epics: create, list, edit, delete') do
  project = $state[:project].id
  iid = $state[:issue].iid
  note = g.create_issue_note(project, iid, 'Reproduced on Safari 17')
  expect(note.author.username, USERNAME, 'author')
  expect(g.issue_notes(project, iid).reject(&:system).map(&:body), ['Reproduced on Safari 17'], 'issue notes')
  expect(g.edit_issue_note(project, iid, note.id, 'Reproduced on Safari 18').body, 'Reproduced on Safari 18', 'edited')
  g.delete_issue_note(project, iid, note.id)
  expect(g.issue_notes(project, iid).reject(&:system).size, 0, 'after delete')
  group = $state[:group].id
  g.create_epic_note(group, $state[:epic].id, 'Kick-off on Monday')
  expect(g.epic_notes(group, $state[:epic].id).reject(&:system).map(&:body), ['Kick-off on Monday'], 'epic notes')
end

check('errors and out-of-scope endpoints are 404s') do
  begin
    g.project('acme/no-such-project')
    raise 'no error'
  rescue Gitlab::Error::NotFound => e
    expect(e.response_message, '404 Project Not Found', 'message')
  end
  begin
    g.merge_requests($state[:project].id)
    raise 'no error'
  rescue Gitlab::Error::NotFound => e
    expect(e.response_status, 404, 'merge requests')
  end
end

check('delete: issue, epic, label, milestone, project (empty JSON bodies)') do
  project = $state[:project].id
  g.delete_issue(project, $state[:issue].iid)
  g.delete_epic($state[:group].id, $state[:child].iid)
  g.delete_label(project, 'backend')
  g.delete_project($state[:other].id)
  begin
    g.issue(project, $state[:issue].iid)
    raise 'the issue is still there'
  rescue Gitlab::Error::NotFound
    nil
  end
end

exit($failures.zero? ? 0 : 1)
