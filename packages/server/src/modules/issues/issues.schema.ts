import { builder } from '../../graphql/builder.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { IssueRef } from '../../graphql/refs.ts';

IssueRef.implement({
  description: 'Represents an issue.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the issue.', resolve: (i) => toGlobalId('Issue', i.issue.id) }),
    iid: t.string({ description: 'Internal ID of the issue.', resolve: (i) => String(i.issue.iid) }),
    title: t.string({ description: 'Title of the issue.', resolve: (i) => i.issue.title }),
  }),
});

void builder;
