/**
 * Demo discussions: comments with mentions, threads with replies (some resolved), an internal note,
 * and the history a few edits leave behind — all through the services, on public issues and epics.
 */
import { Visibility } from '@milepost/shared';
import { type Actor, userActor } from '../authz/actor.ts';
import type { UserRow } from '../db/schema.ts';
import type { EpicNode } from '../modules/epics/epics.types.ts';
import type { IssueNode } from '../modules/issues/issues.types.ts';
import type { NoteableNode } from '../modules/notes/notes.types.ts';
import type { Services } from '../modules/services.ts';
import type { ActorOf } from './actors.ts';

export type NotesDemoContext = {
  users: Record<string, UserRow | undefined>;
  issues: readonly IssueNode[];
  epics: readonly EpicNode[];
  /** the actor for a user (default: a new one each time) */
  actorOf?: ActorOf;
};

type Line = { by: string; body: string; internal?: boolean };
type Conversation = { comment?: Line; thread?: { lines: Line[]; resolvedBy?: string } };

const CONVERSATIONS: Conversation[] = [
  {
    comment: { by: 'carol', body: 'I can take this one. @bob, can you review the approach once I push a draft?' },
    thread: {
      lines: [
        { by: 'dave', body: 'Should this also cover the **mobile** layout, or is that a follow-up?' },
        { by: 'carol', body: 'Follow-up: I will open a separate issue so this one stays small.' },
        { by: 'bob', body: 'Agreed. Resolving.' },
      ],
      resolvedBy: 'bob',
    },
  },
  {
    thread: {
      lines: [
        {
          by: 'frank',
          body: 'Does anyone know why the export times out for large groups?\n\n- 10k rows: fine\n- 50k rows: timeout',
        },
        { by: 'ivan', body: 'It loads everything in one query. Paging it would fix it, @frank.' },
      ],
    },
    comment: { by: 'bob', body: 'Customer escalation is tied to this; keep it on the milestone.', internal: true },
  },
  {
    comment: { by: 'grace', body: 'Thanks everyone. Closing the loop with the design team tomorrow.' },
    thread: {
      lines: [
        { by: 'erin', body: 'Is there a workaround users can apply until this ships?' },
        { by: 'alice', body: 'Yes: disable the filter and reload. I added it to the FAQ.' },
      ],
      resolvedBy: 'alice',
    },
  },
];

/** Adds the demo conversations; returns how many notes (comments and replies) it wrote. */
export async function loadNotesDemo(services: Services, ctx: NotesDemoContext): Promise<number> {
  const as = (name: string): Actor | undefined => {
    const user = ctx.users[name];
    return user ? (ctx.actorOf ?? userActor)(user) : undefined;
  };
  const publicIssues = ctx.issues
    .filter((i) => !i.issue.confidential && i.project.visibilityLevel >= Visibility.PUBLIC)
    .slice(0, 6);
  const publicEpics = ctx.epics
    .filter((e) => !e.epic.confidential && e.group.visibilityLevel >= Visibility.PUBLIC)
    .slice(0, 3);
  const noteables: NoteableNode[] = [
    ...publicIssues.map((node) => ({ type: 'Issue' as const, node })),
    ...publicEpics.map((node) => ({ type: 'Epic' as const, node })),
  ];
  let written = 0;
  for (const [n, noteable] of noteables.entries()) {
    const conversation = CONVERSATIONS[n % CONVERSATIONS.length] as Conversation;
    const say = async (line: Line, extra: { thread?: boolean; discussionId?: string } = {}) => {
      const actor = as(line.by);
      if (!actor) return undefined;
      written += 1;
      return await services.notes.create(actor, noteable, { body: line.body, internal: line.internal, ...extra });
    };
    if (conversation.comment) await say(conversation.comment);
    const [start, ...replies] = conversation.thread?.lines ?? [];
    const first = start && (await say(start, { thread: true }));
    if (!first) continue;
    for (const reply of replies) await say(reply, { discussionId: first.note.discussionId });
    const resolver = conversation.thread?.resolvedBy && as(conversation.thread.resolvedBy);
    if (resolver) {
      const discussion = await services.notes.discussion(resolver, noteable, first.note.discussionId);
      await services.notes.resolveDiscussion(resolver, discussion, true);
    }
  }
  // A little history (the description only: titles and numbers stay as the other demos made them).
  const edited = publicIssues[0];
  const editor = as('carol');
  if (edited && editor) {
    await services.issues.update(editor, edited, {
      description: `${edited.issue.description}\n\nScope agreed in the discussion below.`,
    });
  }
  return written;
}
