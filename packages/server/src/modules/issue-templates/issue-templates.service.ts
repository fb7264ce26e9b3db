/**
 * Description templates (GitLab's issue templates): a project's own and those it inherits from its
 * group and the group's ancestors, read by whoever may read the project; kept (created, edited,
 * deleted) by Maintainers of the project or group (`adminIssueTemplate`).
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { IssueTemplateRow } from '../../db/schema.ts';
import { ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '../../errors.ts';
import type { Container } from '../containers/container.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { FieldErrors } from '../validation.ts';
import { issueTemplatesRepository, TEMPLATE_NAME_INDEXES, type TemplateOwner } from './issue-templates.repository.ts';

/** The longest name and content (GitLab's description limit) a template may have. */
export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_CONTENT_MAX = 1_000_000;

export type IssueTemplateInput = { name?: unknown; content?: unknown };

function ownerOf(container: Container): TemplateOwner {
  return container.type === 'Group'
    ? { groupId: container.group.id, projectId: null }
    : { groupId: null, projectId: container.project.id };
}

/** Checks a name and content as given (absent: unchanged on update); field errors on the way. */
function validate(input: IssueTemplateInput, creating: boolean): { name?: string; content?: string } {
  const errors = new FieldErrors();
  const out: { name?: string; content?: string } = {};
  if (creating || input.name !== undefined) {
    const name = errors.text('name', input.name, TEMPLATE_NAME_MAX);
    // A file name in GitLab (`.gitlab/issue_templates/<name>.md`): no slashes or control characters.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
    if (name && /[/\\\u0000-\u001f\u007f]/.test(name))
      errors.add('name', 'cannot contain slashes or control characters');
    out.name = name;
  }
  if (creating || input.content !== undefined) {
    if (typeof input.content !== 'string' || input.content.trim() === '') errors.add('content', "can't be blank");
    else if (input.content.length > TEMPLATE_CONTENT_MAX) {
      errors.add('content', `is too long (maximum is ${TEMPLATE_CONTENT_MAX} characters)`);
    } else out.content = input.content;
  }
  if (errors.any) throw new ValidationError(errors.fields);
  return out;
}

export function issueTemplatesService(db: Db) {
  const repo = issueTemplatesRepository(db);

  async function requireAdmin(actor: Actor, container: Container): Promise<void> {
    if (!(await can(db, actor, 'adminIssueTemplate', container))) throw new ForbiddenError();
  }

  async function ownNamed(container: Container, name: string): Promise<IssueTemplateRow> {
    const row = await repo.findOwnNamed(ownerOf(container), name);
    if (!row) throw new NotFoundError('Template Not Found');
    return row;
  }

  async function saving<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (TEMPLATE_NAME_INDEXES.some((index) => isUniqueViolation(error, index))) {
        throw new ValidationError({ name: ['has already been taken'] });
      }
      throw error;
    }
  }

  return {
    /**
     * The templates a readable project's issues may use (GitLab's `GET /projects/:id/templates/issues`):
     * its own and its groups', the nearest of each name, by name.
     */
    async available(_actor: Actor, found: ProjectWithGroup, page: { limit: number; offset: number }) {
      return await repo.available(found.project.id, found.group.traversalIds, page);
    },

    /** One template a readable project's issues may use, by name; 404 'Template Not Found' otherwise. */
    async availableNamed(_actor: Actor, found: ProjectWithGroup, name: string): Promise<IssueTemplateRow> {
      const { rows } = await repo.available(found.project.id, found.group.traversalIds, { limit: 1, offset: 0 }, name);
      if (!rows[0]) throw new NotFoundError('Template Not Found');
      return rows[0];
    },

    /** A readable group's or project's own templates, by name. */
    async listOwn(_actor: Actor, container: Container): Promise<IssueTemplateRow[]> {
      return await repo.listOwn(ownerOf(container));
    },

    async create(actor: Actor, container: Container, input: IssueTemplateInput): Promise<IssueTemplateRow> {
      await requireAdmin(actor, container);
      const { name = '', content = '' } = validate(input, true);
      return await saving(() => repo.insert(ownerOf(container), name, content));
    },

    /** Renames and/or rewrites the container's template called `name`. */
    async update(actor: Actor, container: Container, name: string, input: IssueTemplateInput) {
      await requireAdmin(actor, container);
      const changes = validate(input, false);
      const row = await ownNamed(container, name);
      const updated = await saving(() => repo.update(row.id, changes));
      if (!updated) throw new NotFoundError('Template Not Found');
      return updated;
    },

    async remove(actor: Actor, container: Container, name: string): Promise<void> {
      await requireAdmin(actor, container);
      const row = await ownNamed(container, name);
      if (!(await repo.delete(row.id))) throw new NotFoundError('Template Not Found');
    },
  };
}
