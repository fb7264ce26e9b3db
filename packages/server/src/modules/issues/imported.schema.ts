/**
 * `imported` / `importedFrom` on Issue and Epic (GitLab's fields): where the item came from.
 * Milepost has no importer of its own, so what it makes is never imported; rows written by an
 * import tool carry their source in `imported_from`, and the pages show the 'Imported' badge.
 */
import { builder } from '../../graphql/builder.ts';
import { EpicRef, IssueRef } from '../../graphql/refs.ts';

const SOURCES = [
  ['NONE', 'none', 'Not imported'],
  ['GITLAB_MIGRATION', 'gitlab_migration', 'GitLab Migration'],
  ['GITLAB_PROJECT', 'gitlab_project', 'GitLab Project'],
  ['GITLAB_GROUP', 'gitlab_group', 'GitLab Group'],
  ['GITHUB', 'github', 'GitHub'],
  ['BITBUCKET', 'bitbucket', 'Bitbucket Cloud'],
  ['BITBUCKET_SERVER', 'bitbucket_server', 'Bitbucket Server'],
  ['FOGBUGZ', 'fogbugz', 'FogBugz'],
  ['GITEA', 'gitea', 'Gitea'],
  ['GIT', 'git', 'Git'],
  ['MANIFEST', 'manifest', 'Manifest'],
  ['CUSTOM_TEMPLATE', 'custom_template', 'Custom Template'],
  ['JIRA', 'jira', 'Jira'],
] as const;

type ImportSource = (typeof SOURCES)[number][1];

export const ImportSourceEnum = builder.enumType('ImportSource', {
  description: 'Import source',
  values: Object.fromEntries(SOURCES.map(([name, value, label]) => [name, { value, description: `${label}.` }])),
});

builder.objectFields(IssueRef, (t) => ({
  imported: t.boolean({
    description: 'Indicates whether the issue was imported.',
    resolve: (i) => i.issue.importedFrom !== 'none',
  }),
  importedFrom: t.field({
    type: ImportSourceEnum,
    description: 'Import source of the issue.',
    resolve: (i) => i.issue.importedFrom as ImportSource,
  }),
}));

builder.objectFields(EpicRef, (t) => ({
  imported: t.boolean({
    description: 'Indicates whether the epic was imported.',
    resolve: (e) => e.epic.importedFrom !== 'none',
  }),
  importedFrom: t.field({
    type: ImportSourceEnum,
    description: 'Import source of the epic.',
    resolve: (e) => e.epic.importedFrom as ImportSource,
  }),
}));
