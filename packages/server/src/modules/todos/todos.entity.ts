/** GitLab's Todo entity (lib/api/entities/todo.rb) with its target's own entity. */
import type { Actor } from '../../authz/actor.ts';
import type { GroupRow, ProjectRow, UserRow } from '../../db/schema.ts';
import { presentEpics } from '../epics/epic-rest.ts';
import { epicPath } from '../epics/epics.entity.ts';
import { presentIssues } from '../issues/issue-rest.ts';
import { issueWebPath } from '../issues/issues.entity.ts';
import { namespaceEntity } from '../projects/projects.entity.ts';
import type { Services } from '../services.ts';
import { userBasic } from '../users/users.entity.ts';
import type { TodoNode } from './todos.types.ts';

/** GitLab's `ProjectIdentity`. */
function projectIdentity(project: ProjectRow, groupFullName: string) {
  return {
    id: project.id,
    description: project.description,
    name: project.name,
    name_with_namespace: `${groupFullName} / ${project.name}`,
    path: project.path,
    path_with_namespace: project.fullPath,
    created_at: project.createdAt.toISOString(),
  };
}

/** GitLab shows what deleted users did as the Ghost User's. */
function authorOf(user: UserRow | undefined, baseUrl: string) {
  if (user) return userBasic(user, baseUrl);
  return {
    id: null,
    username: 'ghost',
    name: 'Ghost User',
    state: 'active',
    locked: false,
    avatar_url: null,
    web_url: `${baseUrl}/ghost`,
  };
}

/** The entities of a page of to-dos: targets, authors, notes and project names in a handful of queries. */
export async function presentTodos(services: Services, actor: Actor, nodes: readonly TodoNode[], baseUrl: string) {
  const issueNodes = nodes.flatMap((n) => (n.target.type === 'Issue' ? [n.target.node] : []));
  const epicNodes = nodes.flatMap((n) => (n.target.type === 'Epic' ? [n.target.node] : []));
  const groups = [...new Map(issueNodes.map((n) => [n.group.id, n.group] as [number, GroupRow])).values()];
  const noteIds = nodes.flatMap((n) => (n.todo.noteId === null ? [] : [n.todo.noteId]));
  const [issues, epics, authors, fullNames, notes] = await Promise.all([
    presentIssues(services, actor, [...new Map(issueNodes.map((n) => [n.issue.id, n])).values()], baseUrl),
    presentEpics(services, actor, [...new Map(epicNodes.map((n) => [n.epic.id, n])).values()], baseUrl),
    services.epics.usersByIds([...new Set(nodes.flatMap((n) => (n.todo.authorId === null ? [] : [n.todo.authorId])))]),
    services.groups.fullNames(groups),
    Promise.all([...new Set(noteIds)].map((id) => services.notes.findById(actor, id))),
  ]);
  const issueById = new Map(issues.map((i) => [i.id, i]));
  const epicById = new Map(epics.map((e) => [e.id, e]));
  const noteById = new Map(notes.flatMap((n) => (n ? [[n.note.id, n.note.note] as const] : [])));
  return nodes.map(({ todo, target }) => {
    const noteText = todo.noteId === null ? undefined : noteById.get(todo.noteId);
    const anchor = todo.noteId === null ? '' : `#note_${todo.noteId}`;
    const common = {
      author: authorOf(todo.authorId === null ? undefined : authors.get(todo.authorId), baseUrl),
      action_name: todo.action,
    };
    const tail = {
      state: todo.state,
      created_at: todo.createdAt.toISOString(),
      updated_at: todo.updatedAt.toISOString(),
    };
    if (target.type === 'Issue') {
      const { node } = target;
      return {
        id: todo.id,
        project: projectIdentity(node.project, fullNames.get(node.group.id) ?? node.group.name),
        ...common,
        target_type: 'Issue',
        target: issueById.get(node.issue.id) ?? null,
        target_url: `${baseUrl}${issueWebPath(node)}${anchor}`,
        body: noteText ?? node.issue.title,
        ...tail,
      };
    }
    const { node } = target;
    return {
      id: todo.id,
      group: namespaceEntity(node.group, baseUrl),
      ...common,
      target_type: 'Epic',
      target: epicById.get(node.epic.id) ?? null,
      target_url: `${baseUrl}${epicPath(node)}${anchor}`,
      body: noteText ?? node.epic.title,
      ...tail,
    };
  });
}
