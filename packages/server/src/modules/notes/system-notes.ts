/**
 * System notes: the history a user reads in an issue's or epic's activity ('changed the
 * description', 'added ~bug label', 'closed', …), written in the transaction of the change itself.
 *
 * Update sites take a snapshot before they write and record after (`trackIssue` / `trackEpic`:
 * one call before, one after); link sites record one event (`recordLink`, `recordEpicIssue`).
 * Bodies and actions follow GitLab's SystemNoteService wording; the action names the icon.
 */
import { formatDuration, toggledTaskItems } from '@milepost/shared';
import type { Actor } from '../../authz/actor.ts';
import type { Db } from '../../db/client.ts';
import { together } from '../../db/transaction.ts';
import { newDiscussionId, renderNote } from './note-body.ts';
import { notesRepository } from './notes.repository.ts';
import { type EpicState, type IssueState, type Named, systemNotesRepository } from './system-notes.repository.ts';

type Noteable = { issueId: number } | { epicId: number };
type Entry = { action: string; body: string };

/** GitLab's system note icons by action (GraphQL `systemNoteIconName`). */
export const SYSTEM_NOTE_ICONS: Record<string, string> = {
  title: 'pencil',
  description: 'pencil',
  closed: 'issue-close',
  reopened: 'status_open',
  label: 'label',
  milestone: 'milestone',
  assignee: 'user',
  weight: 'weight',
  due_date: 'calendar',
  start_date: 'calendar',
  health_status: 'status-health',
  confidential: 'eye-slash',
  visible: 'eye',
  locked: 'lock',
  unlocked: 'lock-open',
  epic_issue_added: 'epic',
  epic_issue_removed: 'epic',
  issue_added_to_epic: 'epic',
  issue_removed_from_epic: 'epic',
  relate_to_parent: 'epic',
  unrelate_from_parent: 'epic',
  relate: 'link',
  unrelate: 'link',
  time_tracking: 'timer',
  task: 'task-done',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'November 30, 2026' from '2026-11-30'. */
function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

/** `~bug` or `~"needs review"`, GitLab's label reference. */
const labelRef = (name: string) => (/^[\w-]+$/.test(name) ? `~${name}` : `~"${name.replaceAll('"', '')}"`);
const milestoneRef = (name: string) => (/^[\w.-]+$/.test(name) ? `%${name}` : `%"${name.replaceAll('"', '')}"`);
const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

function diff(before: Named[], after: Named[]): { added: Named[]; removed: Named[] } {
  const had = new Set(before.map((x) => x.id));
  const has = new Set(after.map((x) => x.id));
  return { added: after.filter((x) => !had.has(x.id)), removed: before.filter((x) => !has.has(x.id)) };
}

function labelEntry(before: Named[], after: Named[]): Entry[] {
  const { added, removed } = diff(before, after);
  const parts: string[] = [];
  if (added.length) parts.push(`added ${added.map((l) => labelRef(l.name)).join(' ')}`);
  if (removed.length) parts.push(`removed ${removed.map((l) => labelRef(l.name)).join(' ')}`);
  if (!parts.length) return [];
  return [{ action: 'label', body: `${parts.join(' and ')} ${plural(added.length + removed.length, 'label')}` }];
}

function commonEntries(kind: 'issue' | 'epic', a: IssueState | EpicState, b: IssueState | EpicState): Entry[] {
  const out: Entry[] = [];
  if (a.title !== b.title) out.push({ action: 'title', body: `changed title from **${a.title}** to **${b.title}**` });
  const toggled = a.description !== b.description ? toggledTaskItems(a.description, b.description) : null;
  // A checklist item ticked or cleared (and nothing else): GitLab's 'marked the checklist item …'.
  for (const item of toggled ?? []) {
    const state = item.checked ? 'completed' : 'incomplete';
    out.push({ action: 'task', body: `marked the checklist item **${item.text}** as ${state}` });
  }
  if (a.description !== b.description && !toggled) out.push({ action: 'description', body: 'changed the description' });
  if (a.state !== b.state)
    out.push(b.state === 'closed' ? { action: 'closed', body: 'closed' } : { action: 'reopened', body: 'reopened' });
  out.push(...labelEntry(a.labels, b.labels));
  if (a.confidential !== b.confidential) {
    out.push(
      b.confidential
        ? { action: 'confidential', body: `made the ${kind} confidential` }
        : { action: 'visible', body: `made the ${kind} visible to everyone` },
    );
  }
  if (a.dueDate !== b.dueDate) {
    out.push({
      action: 'due_date',
      body: b.dueDate ? `changed due date to ${longDate(b.dueDate)}` : 'removed due date',
    });
  }
  return out;
}

function issueEntries(a: IssueState, b: IssueState): Entry[] {
  const out = commonEntries('issue', a, b);
  if (a.milestone?.id !== b.milestone?.id) {
    out.push({
      action: 'milestone',
      body: b.milestone ? `changed milestone to ${milestoneRef(b.milestone.name)}` : 'removed milestone',
    });
  }
  const { added, removed } = diff(a.assignees, b.assignees);
  const who = (users: Named[]) => users.map((u) => `@${u.name}`).join(', ');
  const assigned = [added.length ? `assigned to ${who(added)}` : '', removed.length ? `unassigned ${who(removed)}` : '']
    .filter(Boolean)
    .join(' and ');
  if (assigned) out.push({ action: 'assignee', body: assigned });
  if (a.weight !== b.weight) {
    out.push({
      action: 'weight',
      body: b.weight === null ? 'removed the weight' : `changed weight to **${b.weight}**`,
    });
  }
  if (a.healthStatus !== b.healthStatus) {
    out.push({
      action: 'health_status',
      body: b.healthStatus
        ? `changed health status to **${b.healthStatus.replaceAll('_', ' ')}**`
        : 'removed the health status',
    });
  }
  if (a.timeEstimate !== b.timeEstimate) {
    out.push({
      action: 'time_tracking',
      body:
        b.timeEstimate === 0 ? 'removed time estimate' : `changed time estimate to ${formatDuration(b.timeEstimate)}`,
    });
  }
  if (a.discussionLocked !== b.discussionLocked) {
    out.push(
      b.discussionLocked
        ? { action: 'locked', body: 'locked the discussion in this issue' }
        : { action: 'unlocked', body: 'unlocked the discussion in this issue' },
    );
  }
  return out;
}

function epicEntries(a: EpicState, b: EpicState): Entry[] {
  const out = commonEntries('epic', a, b);
  if (a.startDate !== b.startDate) {
    out.push({
      action: 'start_date',
      body: b.startDate ? `changed start date to ${longDate(b.startDate)}` : 'removed start date',
    });
  }
  if (a.parent?.id !== b.parent?.id) {
    if (a.parent) out.push({ action: 'unrelate_from_parent', body: `removed parent epic ${a.parent.name}` });
    if (b.parent) out.push({ action: 'relate_to_parent', body: `added ${b.parent.name} as parent epic` });
  }
  return out;
}

async function write(tx: Db, actor: Actor, noteable: Noteable, entries: readonly Entry[]): Promise<void> {
  await writeAll(
    tx,
    actor,
    entries.map((entry) => ({ noteable, entry })),
  );
}

/** Notes on one or more issues/epics, in this order, in one statement. */
async function writeAll(tx: Db, actor: Actor, notes: readonly { noteable: Noteable; entry: Entry }[]): Promise<void> {
  if (notes.length === 0) return;
  // Rendered together: their reference lookups share a round trip in the first start's whole unit.
  const values = await together(
    tx,
    ...notes.map(({ noteable, entry }) => async () => ({
      ...noteable,
      authorId: actor.user?.id ?? null,
      note: entry.body,
      noteHtml: await renderNote(tx, entry.body),
      system: true,
      systemNoteAction: entry.action,
      discussionId: newDiscussionId(),
    })),
  );
  await notesRepository(tx).insertAll(values);
}

/** Snapshot of an issue now; `record()` later in the same transaction writes the notes of what changed. */
export async function trackIssue(tx: Db, actor: Actor, issueId: number): Promise<{ record: () => Promise<void> }> {
  const repo = systemNotesRepository(tx);
  const before = await repo.issueState(issueId);
  return {
    async record() {
      const after = await repo.issueState(issueId);
      if (before && after) await write(tx, actor, { issueId }, issueEntries(before, after));
    },
  };
}

/**
 * Spent time added (`seconds` > 0), subtracted (< 0) or reset (`'reset'`), as GitLab words it:
 * 'added 1h of time spent', 'subtracted 30m of time spent', 'removed time spent'.
 */
export async function recordTimeSpent(tx: Db, actor: Actor, issueId: number, seconds: number | 'reset'): Promise<void> {
  const body =
    seconds === 'reset'
      ? 'removed time spent'
      : `${seconds > 0 ? 'added' : 'subtracted'} ${formatDuration(Math.abs(seconds))} of time spent`;
  await write(tx, actor, { issueId }, [{ action: 'time_tracking', body }]);
}

/** Snapshot of an epic now; `record()` later in the same transaction writes the notes of what changed. */
export async function trackEpic(tx: Db, actor: Actor, epicId: number): Promise<{ record: () => Promise<void> }> {
  const repo = systemNotesRepository(tx);
  const before = await repo.epicState(epicId);
  return {
    async record() {
      const after = await repo.epicState(epicId);
      if (before && after) await write(tx, actor, { epicId }, epicEntries(before, after));
    },
  };
}

/** An issue link or an epic link made (both ends get a note) or removed. */
export async function recordLink(
  tx: Db,
  actor: Actor,
  kind: 'Issue' | 'Epic',
  link: { sourceId: number; targetId: number; linkType: 'relates_to' | 'blocks' },
  removed = false,
): Promise<void> {
  const refs = await systemNotesRepository(tx).references(
    kind === 'Issue' ? { issueIds: [link.sourceId, link.targetId] } : { epicIds: [link.sourceId, link.targetId] },
  );
  const byId = kind === 'Issue' ? refs.issues : refs.epics;
  const [source, target] = [byId.get(link.sourceId), byId.get(link.targetId)];
  if (!source || !target) return;
  const marked = `marked this ${kind.toLowerCase()} as`;
  const [forward, backward] =
    link.linkType === 'blocks'
      ? [`${marked} blocking`, `${marked} blocked by`]
      : [`${marked} related to`, `${marked} related to`];
  const action = removed ? 'unrelate' : 'relate';
  const on = (id: number) => (kind === 'Issue' ? { issueId: id } : { epicId: id });
  await writeAll(tx, actor, [
    {
      noteable: on(link.sourceId),
      entry: { action, body: removed ? `removed the relation with ${target}` : `${forward} ${target}` },
    },
    {
      noteable: on(link.targetId),
      entry: { action, body: removed ? `removed the relation with ${source}` : `${backward} ${source}` },
    },
  ]);
}

/**
 * An issue moved between epics (`from` / `to` null: none): a note on the issue ('added to epic',
 * 'changed epic to', 'removed from epic') and on each epic ('added issue', 'removed issue').
 */
export async function recordEpicIssue(
  tx: Db,
  actor: Actor,
  issueId: number,
  from: number | null,
  to: number | null,
): Promise<void> {
  if (from === to) return;
  const refs = await systemNotesRepository(tx).references({
    issueIds: [issueId],
    epicIds: [from, to].filter((id): id is number => id !== null),
  });
  const issue = refs.issues.get(issueId);
  const [fromRef, toRef] = [from && refs.epics.get(from), to && refs.epics.get(to)];
  if (!issue) return;
  const onIssue: Entry =
    fromRef && toRef
      ? { action: 'issue_added_to_epic', body: `changed epic to ${toRef}` }
      : toRef
        ? { action: 'issue_added_to_epic', body: `added to epic ${toRef}` }
        : { action: 'issue_removed_from_epic', body: `removed from epic ${fromRef}` };
  await writeAll(tx, actor, [
    { noteable: { issueId }, entry: onIssue },
    ...(from
      ? [{ noteable: { epicId: from }, entry: { action: 'epic_issue_removed', body: `removed issue ${issue}` } }]
      : []),
    ...(to ? [{ noteable: { epicId: to }, entry: { action: 'epic_issue_added', body: `added issue ${issue}` } }] : []),
  ]);
}
