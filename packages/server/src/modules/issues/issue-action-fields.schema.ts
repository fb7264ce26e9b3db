/** The Issue fields the issue page's actions read: `hidden` and the viewer's `createNoteEmail`. */
import { builder } from '../../graphql/builder.ts';
import { IssueRef } from '../../graphql/refs.ts';

builder.objectFields(IssueRef, (t) => ({
  hidden: t.boolean({
    description: 'Indicates the issue is hidden (submitted as spam); only administrators see hidden issues.',
    resolve: (i) => i.issue.hidden,
  }),
  createNoteEmail: t.string({
    nullable: true,
    description:
      'User specific email address for the issue (null when no incoming email address is configured or nobody is signed in).',
    resolve: (i, _a, ctx) => ctx.services.issues.noteEmail(ctx.actor, i, ctx.config.incomingEmail),
  }),
}));
