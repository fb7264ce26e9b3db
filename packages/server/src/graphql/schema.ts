import { builder } from './builder.ts';
import '../modules/users/users.schema.ts';
import '../modules/groups/groups.schema.ts';
import '../modules/projects/projects.schema.ts';
import '../modules/members/members.schema.ts';
import '../modules/auth/auth.schema.ts';

export const schema = builder.toSchema({ sortSchema: true });
