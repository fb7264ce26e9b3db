/**
 * User autocomplete (GitLab's `Autocomplete::UsersFinder`): active members of a group (including
 * those inherited from ancestor groups) or of a project (including its groups' members), at most 20.
 * Without a group or project, signed-in users get every active user and visitors nobody.
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { GroupRow, UserRow } from '../../db/schema.ts';
import { NotFoundError } from '../../errors.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { autocompleteRepository, type UserState } from './autocomplete.repository.ts';
import { usersRepository } from './users.repository.ts';

export const AUTOCOMPLETE_LIMIT = 20;

export type AutocompleteOptions = {
  group?: GroupRow;
  project?: ProjectWithGroup;
  search?: string;
  /** The user states to suggest (GitLab's `states`); active users only when absent. */
  states?: readonly UserState[];
  /** users put first when the search is blank (the current user, an author), if they are active */
  prependUserIds?: readonly number[];
};

export function autocompleteService(db: Db) {
  const repo = autocompleteRepository(db);
  return {
    async users(actor: Actor, o: AutocompleteOptions): Promise<UserRow[]> {
      const search = o.search?.trim() || undefined;
      const states = o.states?.length ? o.states : (['active'] as const);
      let suggestions: UserRow[];
      if (o.project) {
        if (!(await can(db, actor, 'readProjectMember', { type: 'Project', ...o.project }))) {
          throw new NotFoundError('Project Not Found');
        }
        const { project, group } = o.project;
        suggestions = await repo.suggest(
          { type: 'Project', projectId: project.id, traversalIds: group.traversalIds },
          search,
          AUTOCOMPLETE_LIMIT,
          states,
        );
      } else if (o.group) {
        if (!(await can(db, actor, 'readGroupMember', { type: 'Group', group: o.group }))) {
          throw new NotFoundError('Group Not Found');
        }
        suggestions = await repo.suggest(
          { type: 'Group', traversalIds: o.group.traversalIds },
          search,
          AUTOCOMPLETE_LIMIT,
          states,
        );
      } else {
        suggestions = actor.user ? await repo.suggest({ type: 'Everyone' }, search, AUTOCOMPLETE_LIMIT, states) : [];
      }
      if (search || !o.prependUserIds?.length) return suggestions;
      const first = (await usersRepository(db).findByIds(o.prependUserIds)).filter((u) =>
        (states as readonly string[]).includes(u.state),
      );
      const ordered = o.prependUserIds.flatMap((id) => first.filter((u) => u.id === id));
      const seen = new Set(ordered.map((u) => u.id));
      return [...ordered, ...suggestions.filter((u) => !seen.has(u.id))].slice(0, AUTOCOMPLETE_LIMIT);
    },
  };
}
