/**
 * The demo's issue description templates: two kept by the acme group (inherited by every project
 * under it) and two by acme/platform/web, whose 'Bug' takes the place of the group's.
 */
import type { Actor } from '../authz/actor.ts';
import type { GroupRow } from '../db/schema.ts';
import type { ProjectWithGroup } from '../modules/projects/projects.service.ts';
import type { Services } from '../modules/services.ts';

const GROUP_TEMPLATES = [
  {
    name: 'Bug',
    content: '## Summary\n\n## Steps to reproduce\n\n1. \n\n## What happens\n\n## What should happen\n',
  },
  {
    name: 'Incident review',
    content:
      '## Impact\n\nWho was affected, and for how long?\n\n## Timeline\n\n- \n\n## Root cause\n\n## Follow-up actions\n\n- [ ] \n',
  },
];

const WEB_TEMPLATES = [
  {
    name: 'Bug',
    content:
      '## Summary\n\n## Steps to reproduce\n\n1. \n\n## Browser and version\n\n## What happens\n\n## What should happen\n',
  },
  {
    name: 'Feature request',
    content: '## Problem to solve\n\n## Proposal\n\n## Who benefits\n\n## Acceptance criteria\n\n- [ ] \n',
  },
];

/** Loads the templates one after another (the same ids on every start); returns how many. */
export async function loadTemplatesDemo(
  services: Services,
  actor: Actor,
  demo: { acme: GroupRow; web: ProjectWithGroup },
): Promise<number> {
  for (const t of GROUP_TEMPLATES) await services.issueTemplates.create(actor, { type: 'Group', group: demo.acme }, t);
  for (const t of WEB_TEMPLATES) await services.issueTemplates.create(actor, { type: 'Project', ...demo.web }, t);
  return GROUP_TEMPLATES.length + WEB_TEMPLATES.length;
}
