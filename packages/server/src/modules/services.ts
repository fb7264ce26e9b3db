import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { authService } from './auth/auth.service.ts';
import { groupsService } from './groups/groups.service.ts';
import { membersService } from './members/members.service.ts';
import { projectsService } from './projects/projects.service.ts';
import { usersService } from './users/users.service.ts';

/** Every service, built once per app over one database handle. Transports call only these. */
export function createServices(db: Db, config: Pick<Config, 'sessionDays'>) {
  return {
    auth: authService(db, { sessionDays: config.sessionDays }),
    users: usersService(db),
    groups: groupsService(db),
    projects: projectsService(db),
    members: membersService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
