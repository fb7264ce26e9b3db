import { builder } from './builder.ts';
import { capListArguments } from './list-limits.ts';
import '../modules/users/users.schema.ts';
import '../modules/groups/groups.schema.ts';
import '../modules/projects/projects.schema.ts';
import '../modules/members/members.schema.ts';
import '../modules/auth/auth.schema.ts';
import '../modules/users/preferences.schema.ts';
import '../modules/labels/labels.schema.ts';
import '../modules/milestones/milestones.schema.ts';
import '../modules/users/autocomplete.schema.ts';
import '../modules/epics/epics.schema.ts';
import '../modules/issues/issues.schema.ts';
import '../modules/awards/awards.schema.ts';
import '../modules/notes/notes.schema.ts';
import '../modules/abuse-reports/abuse-reports.schema.ts';

export const schema = capListArguments(builder.toSchema({ sortSchema: true }));
