import { textColorFor } from '@milepost/shared';
import { builder } from '../../graphql/builder.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { LabelRef } from '../../graphql/refs.ts';

LabelRef.implement({
  description: 'A label of a group or project.',
  fields: (t) => ({
    id: t.id({
      description: 'Label ID (GroupLabel or ProjectLabel global id).',
      resolve: (l) => toGlobalId(l.groupId !== null ? 'GroupLabel' : 'ProjectLabel', l.id),
    }),
    title: t.exposeString('title', { description: 'Content of the label.' }),
    description: t.exposeString('description', { nullable: true, description: 'Description of the label.' }),
    color: t.exposeString('color', { description: 'Background color of the label.' }),
    textColor: t.string({ description: 'Text color of the label.', resolve: (l) => textColorFor(l.color) }),
    createdAt: t.field({ type: 'Time', description: 'When the label was created.', resolve: (l) => l.createdAt }),
    updatedAt: t.field({ type: 'Time', description: 'When the label was last updated.', resolve: (l) => l.updatedAt }),
  }),
});

void builder;
