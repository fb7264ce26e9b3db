/**
 * The demo: a realistic planning setup loaded on first start through the same services the API
 * uses (no raw inserts). This is the single place that grows with the domain.
 */
import { randomBytes } from 'node:crypto';
import { AccessLevel } from '@milepost/shared';
import { userActor } from '../authz/actor.ts';
import type { Config } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import type { ProjectWithGroup } from '../modules/projects/projects.service.ts';
import type { Services } from '../modules/services.ts';
import { demoActors } from './actors.ts';
import { loadEpicsDemo } from './epics.demo.ts';
import { loadIssuesDemo } from './issues.demo.ts';
import { loadIterationsDemo } from './iterations.demo.ts';
import { loadLabelsAndMilestonesDemo } from './labels-milestones.demo.ts';
import { loadNotesDemo } from './notes.demo.ts';
import { loadTemplatesDemo } from './templates.demo.ts';

export const DEMO_USERS = [
  { username: 'alice', name: 'Alice Anderson', role: AccessLevel.OWNER },
  { username: 'bob', name: 'Bob Brown', role: AccessLevel.MAINTAINER },
  { username: 'carol', name: 'Carol Chen', role: AccessLevel.DEVELOPER },
  { username: 'dave', name: 'Dave Diaz', role: AccessLevel.REPORTER },
  { username: 'erin', name: 'Erin Evans', role: AccessLevel.GUEST },
  { username: 'frank', name: 'Frank Fischer', role: AccessLevel.DEVELOPER },
  { username: 'grace', name: 'Grace Green', role: AccessLevel.MAINTAINER },
  { username: 'heidi', name: 'Heidi Hansen', role: AccessLevel.REPORTER },
  { username: 'ivan', name: 'Ivan Ivanov', role: AccessLevel.DEVELOPER },
  { username: 'judy', name: 'Judy Jones', role: null },
] as const;

/** The day the demo's dates are spread around: MILEPOST_DEMO_TODAY (midnight UTC) when set, else now. */
export function demoToday(config: Pick<Config, 'demoToday'>, now: Date = new Date()): Date {
  return config.demoToday ? new Date(`${config.demoToday}T00:00:00Z`) : now;
}

export async function loadDemo(services: Services, config: Config, log: (line: string) => void): Promise<void> {
  const root = await services.users.list(userActor({ admin: true } as UserRow), {
    username: 'root',
    limit: 1,
    offset: 0,
  });
  const admin = root.rows[0];
  if (!admin) throw new Error('the demo needs the root user');
  const actor = userActor(admin);
  const generated = !config.demoPassword;
  const password = config.demoPassword ?? randomBytes(9).toString('base64url');

  const today = demoToday(config);
  // The people and the groups with their projects, labels and milestones do not depend on each
  // other: they load side by side (the password hashing runs on other threads meanwhile); each in
  // its own order and into its own tables, so the ids are the same on every start.
  const users = new Map<string, UserRow>();
  const [, { acme, platform, lab, projects, planning }] = await Promise.all([
    (async () => {
      for (const u of DEMO_USERS) {
        users.set(
          u.username,
          await services.users.create(actor, {
            username: u.username,
            name: u.name,
            email: `${u.username}@example.com`,
            password,
          }),
        );
      }
    })(),
    (async () => {
      const acme = await services.groups.create(actor, {
        name: 'Acme Corp',
        path: 'acme',
        visibility: 'public',
        description: 'Everything Acme builds and ships: the platform, the website and the lab.',
      });
      const platform = await services.groups.create(actor, {
        name: 'Platform',
        path: 'platform',
        parentId: acme.id,
        visibility: 'public',
        description: 'The web app and the public API.',
      });
      const lab = await services.groups.create(actor, {
        name: 'Secret Lab',
        path: 'secret-lab',
        parentId: acme.id,
        visibility: 'private',
        description: 'Unannounced work. Members only.',
      });
      const projects = [];
      projects.push(
        await services.projects.create(actor, {
          name: 'Web',
          path: 'web',
          groupId: platform.id,
          visibility: 'public',
          description: 'The Acme web app.',
        }),
      );
      projects.push(
        await services.projects.create(actor, {
          name: 'API',
          path: 'api',
          groupId: platform.id,
          visibility: 'internal',
          description: 'The public REST and GraphQL API.',
        }),
      );
      projects.push(
        await services.projects.create(actor, {
          name: 'Website',
          path: 'website',
          groupId: acme.id,
          visibility: 'public',
          description: 'acme.example: the marketing site.',
        }),
      );
      projects.push(
        await services.projects.create(actor, {
          name: 'Prototype',
          path: 'prototype',
          groupId: lab.id,
          visibility: 'private',
          description: 'The next big thing.',
        }),
      );

      const planning = await loadLabelsAndMilestonesDemo(services, actor, { acme, platform, lab }, today);
      return { acme, platform, lab, projects, planning };
    })(),
  ]);
  const id = (username: string) => (users.get(username) as UserRow).id;

  for (const u of DEMO_USERS) {
    if (u.role)
      await services.members.add(
        actor,
        { type: 'Group', group: acme },
        { userId: id(u.username), accessLevel: u.role },
      );
  }
  // judy belongs only to the lab; grace owns it.
  await services.members.add(
    actor,
    { type: 'Group', group: lab },
    { userId: id('judy'), accessLevel: AccessLevel.DEVELOPER },
  );
  await services.members.add(
    actor,
    { type: 'Group', group: lab },
    { userId: id('grace'), accessLevel: AccessLevel.OWNER },
  );
  // root created the groups and is their owner; the demo's people own them instead.
  for (const group of [acme, lab, platform]) {
    const member = await services.members.findDirect({ type: 'Group', group }, admin.id);
    if (member) await services.members.remove(actor, { type: 'Group', group }, member);
  }

  const people = Object.fromEntries(users);
  // The memberships are set: from here on each user acts as one actor, which reads them once.
  const actorOf = demoActors();
  const epics = await loadEpicsDemo(services, actor, { acme, platform, lab, users: people, today, actorOf });
  const issues = await loadIssuesDemo(services, actor, {
    today,
    projects,
    users: people,
    epics: epics.epics,
    labels: planning.labels,
    milestones: planning.milestones,
    actorOf,
  });
  const notes = await loadNotesDemo(services, { users: people, issues: issues.issues, epics: epics.epics, actorOf });
  const templates = await loadTemplatesDemo(services, actor, { acme, web: projects[0] as ProjectWithGroup });
  const iterations = await loadIterationsDemo(services, actor, { platform, issues: issues.issues, today });

  log('Loaded the demo: group acme (public) with acme/platform (public) and acme/secret-lab (private).');
  log(
    `  Planning: ${planning.labels.length} labels, ${planning.milestones.length} milestones, ${epics.epics.length} epics, ${issues.issues.length} issues, ${notes} comments, ${templates} issue templates.`,
  );
  log(
    `  Iterations: ${iterations.cadences} cadence, ${iterations.iterations} iterations, ${iterations.issues} issues in them.`,
  );
  if (config.demoToday) log(`  Dates spread around ${config.demoToday} (MILEPOST_DEMO_TODAY).`);
  log(`  Demo users: ${DEMO_USERS.map((u) => u.username).join(', ')}`);
  if (generated) log(`  Demo password (shown only once): ${password}`);
  else log('  Demo password: the value of MILEPOST_DEMO_PASSWORD');
}
