/** The labels and milestones tests' shared world: groups, projects, people and labels. */
import type { GroupRow, LabelRow, UserRow } from '../../db/schema.ts';
import { labelsMilestonesFactories } from '../../test/labels-milestones-factories.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';

export type World = {
  acme: GroupRow;
  platform: GroupRow;
  lab: GroupRow;
  web: ProjectWithGroup;
  proto: ProjectWithGroup;
  owner: UserRow;
  reporter: UserRow;
  guest: UserRow;
  outsider: UserRow;
  labMember: UserRow;
  labels: Record<'bug' | 'high' | 'frontend' | 'secret' | 'webOnly' | 'protoSecret', LabelRow>;
};

/**
 * acme (public) ─ platform (public) ─ web (public project)
 *              └ lab (private)      ─ proto (private project)
 * owner: Owner of acme; reporter / guest: Reporter / Guest of acme; labMember: Developer of lab only.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const { buildLabel } = labelsMilestonesFactories(t);
  const acme = await t.buildGroup({ visibility: 'public' });
  const platform = await t.buildGroup({ parent: acme, visibility: 'public' });
  const lab = await t.buildGroup({ parent: acme, visibility: 'private' });
  const web = await t.buildProject({ group: platform, visibility: 'public' });
  const proto = await t.buildProject({ group: lab, visibility: 'private' });
  const [owner, reporter, guest, outsider, labMember] = (await Promise.all(
    ['owner', 'reporter', 'guest', 'outsider', 'lab'].map((n) => t.buildUser({ name: `World ${n}` })),
  )) as [UserRow, UserRow, UserRow, UserRow, UserRow];
  await t.addGroupMember(acme, owner, 50);
  await t.addGroupMember(acme, reporter, 20);
  await t.addGroupMember(acme, guest, 10);
  await t.addGroupMember(lab, labMember, 30);
  const labels = {
    bug: await buildLabel({ group: acme, title: 'bug', color: '#d9534f', description: 'Something is **broken**' }),
    high: await buildLabel({ group: acme, title: 'priority::high', color: '#ff0000' }),
    frontend: await buildLabel({ group: platform, title: 'frontend', color: '#f0ad4e', description: '100% UI' }),
    secret: await buildLabel({ group: lab, title: 'secret', color: '#000000' }),
    webOnly: await buildLabel({ project: web, title: 'web-only', color: '#5cb85c' }),
    protoSecret: await buildLabel({ project: proto, title: 'proto-secret', color: '#330066' }),
  };
  return { acme, platform, lab, web, proto, owner, reporter, guest, outsider, labMember, labels };
}
