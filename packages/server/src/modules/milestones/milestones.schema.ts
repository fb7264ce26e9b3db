import { builder } from '../../graphql/builder.ts';
import { toGlobalId } from '../../graphql/global-id.ts';
import { MilestoneRef } from '../../graphql/refs.ts';

MilestoneRef.implement({
  description: 'Represents a milestone.',
  fields: (t) => ({
    id: t.id({ description: 'ID of the milestone.', resolve: (m) => toGlobalId('Milestone', m.milestone.id) }),
    iid: t.id({ description: 'Internal ID of the milestone.', resolve: (m) => String(m.milestone.iid) }),
    title: t.string({ description: 'Title of the milestone.', resolve: (m) => m.milestone.title }),
    startDate: t.field({ type: 'Time', nullable: true, description: 'Timestamp of the milestone start date.', resolve: (m) => m.milestone.startDate }),
    dueDate: t.field({ type: 'Time', nullable: true, description: 'Timestamp of the milestone due date.', resolve: (m) => m.milestone.dueDate }),
  }),
});

void builder;
