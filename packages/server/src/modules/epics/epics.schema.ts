import { builder } from '../../graphql/builder.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { EpicRef } from '../../graphql/refs.ts';

EpicRef.implement({
  description: 'Represents an epic.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the epic.', resolve: (e) => toGlobalId('Epic', e.epic.id) }),
    iid: t.string({ description: 'Internal ID of the epic.', resolve: (e) => String(e.epic.iid) }),
    title: t.string({ nullable: true, description: 'Title of the epic.', resolve: (e) => e.epic.title }),
  }),
});

void builder;
