/**
 * Work items (decision 0036): GitLab's work item API over Milepost's issues. A work item is an
 * issue of type Issue, Incident or Task; its widgets are the issue's attributes, so creating and
 * updating go through the issues service (its rules, validation and history), and this service adds
 * the types and the hierarchy: tasks as children of an issue or incident of the same project.
 */
import type { Actor } from '../../authz/actor.ts';
import { can } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, ForbiddenError } from '../../errors.ts';
import type { IssueInput } from '../issues/issue-input.ts';
import type { LinkType } from '../issues/issue-links.service.ts';
import type { issuesService } from '../issues/issues.service.ts';
import type { IssueNode } from '../issues/issues.types.ts';
import type { SpentInput } from '../issues/time-tracking.service.ts';
import type { ProjectWithGroup } from '../projects/projects.service.ts';
import { workItemLinksRepository } from './work-item-links.repository.ts';
import {
  MAX_WORK_ITEM_CHILDREN,
  WORK_ITEM_TYPES,
  type WorkItemTypeDefinition,
  workItemTypeOf,
} from './work-items.types.ts';

/** The widgets' attributes a create or an update may set (the issue's own, by the issue's names). */
export type WorkItemAttributes = Pick<
  IssueInput,
  | 'title'
  | 'description'
  | 'confidential'
  | 'stateEvent'
  | 'assigneeIds'
  | 'labelIds'
  | 'addLabelIds'
  | 'removeLabelIds'
  | 'milestoneId'
  | 'dueDate'
  | 'weight'
  | 'healthStatus'
  | 'timeEstimate'
>;

/** Items a new work item is linked to (GitLab's `linkedItemsWidget`). */
export type WorkItemLinksInput = { linkType: LinkType; ids: number[] };

/** GitLab's limit on the items one request links. */
export const MAX_LINKED_ITEMS = 10;

export type WorkItemCreateInput = WorkItemAttributes & {
  /** GitLab's base type id (`gid://gitlab/WorkItems::Type/<id>`). */
  typeId: number;
  /** The parent work item's (issue's) id. */
  parentId?: number | null;
  linkedItems?: WorkItemLinksInput;
  /** Time spent to log (GitLab's `timeTrackingWidget.timelog`). */
  timelog?: SpentInput;
};

export type WorkItemUpdateInput = WorkItemAttributes & {
  /** The new parent's id; null takes the item from its parent; undefined leaves it. */
  parentId?: number | null;
  /** Time spent to log (GitLab's `timeTrackingWidget.timelog`). */
  timelog?: SpentInput;
};

export const NO_WORK_ITEM_MESSAGE = 'No matching work item found. Make sure that you are adding a valid work item ID.';

/** GitLab's answers of `workItemAddLinkedItems` (RelatedWorkItemLinks::CreateService). */
export const LINK_TARGETS_NOT_FOUND =
  'No matching work item found. Make sure you are adding a valid ID and you have access to the item.';
export const ITEMS_ALREADY_LINKED = 'Items are already linked';

/** What adding or removing linked items did: GitLab's `message` on success, else its `errors`. */
export type LinkedItemsResult = { message: string; errors: string[] };

/** GitLab's one error of several problems, one sentence each (`a. b.`; one problem stays as it is). */
function joinSentences(problems: readonly string[]): string {
  if (problems.length === 1) return problems[0] as string;
  return `${problems.map((p) => p.replace(/\.$/, '')).join('. ')}.`;
}

/** Ruby's `to_sentence`: `1`, `1 and 2`, `1, 2, and 3`. */
export function toSentence(items: readonly (string | number)[]): string {
  const words = items.map(String);
  if (words.length <= 2) return words.join(' and ');
  return `${words.slice(0, -1).join(', ')}, and ${words.at(-1)}`;
}

type TimeTracking = { addSpent(actor: Actor, node: IssueNode, input: SpentInput): Promise<unknown> };

export function workItemsService(db: Db, issues: ReturnType<typeof issuesService>, timeTracking: TimeTracking) {
  const links = workItemLinksRepository(db);

  /** The items a new work item is to be linked to, checked before anything is written. */
  async function checkedLinkTargets(actor: Actor, project: ProjectWithGroup, input: WorkItemLinksInput) {
    if (input.ids.length > MAX_LINKED_ITEMS) {
      throw new AppError(422, `No more than ${MAX_LINKED_ITEMS} work items can be linked at the same time.`);
    }
    if (!(await can(db, actor, 'adminIssue', { type: 'Project', ...project }))) throw new ForbiddenError();
    const targets = await issues.findByIds(actor, [...new Set(input.ids)]);
    if (targets.length !== new Set(input.ids).size) throw new AppError(404, NO_WORK_ITEM_MESSAGE);
    for (const target of targets) {
      if (!(await can(db, actor, 'adminIssueLink', { type: 'Issue', ...target }))) {
        throw new AppError(404, NO_WORK_ITEM_MESSAGE);
      }
    }
    return targets;
  }

  function typeById(id: number): WorkItemTypeDefinition {
    const type = WORK_ITEM_TYPES.find((t) => t.id === id);
    if (!type) throw new AppError(422, 'Work item type is invalid');
    return type;
  }

  /**
   * The parent a child of `childType` in `project` may be put under, checked: readable, linkable by
   * the actor, a type that holds such children, the same project, room for one more child.
   */
  async function checkedParent(
    actor: Actor,
    child: { type: WorkItemTypeDefinition; project: ProjectWithGroup; id?: number },
    parentId: number,
  ): Promise<IssueNode> {
    const parent = await issues.findById(actor, parentId);
    if (!parent) throw new AppError(404, NO_WORK_ITEM_MESSAGE);
    if (!(await can(db, actor, 'adminParentLink', { type: 'Issue', ...parent }))) throw new ForbiddenError();
    const parentType = workItemTypeOf(parent.issue.issueType);
    const name = child.type.name;
    if (!parentType.allowedChildTypes.includes(child.type.issueType)) {
      throw new AppError(422, `${name} cannot be added: it's not allowed to add this type of parent item.`);
    }
    if (parent.project.id !== child.project.project.id) {
      throw new AppError(422, `${name} cannot be added: parent must be in the same project as the child item.`);
    }
    if (child.id === parent.issue.id) throw new AppError(422, `${name} cannot be added: it cannot be its own parent.`);
    const { total } = await links.childIds(parent.issue.id, { limit: 1, offset: 0 });
    if (total >= MAX_WORK_ITEM_CHILDREN) {
      throw new AppError(422, `${name} cannot be added: parent already has maximum number of children.`);
    }
    return parent;
  }

  return {
    types(): readonly WorkItemTypeDefinition[] {
      return WORK_ITEM_TYPES;
    },

    typeById,

    /**
     * Creates a work item in the project; with `parentId`, under that parent in the same
     * transaction (nothing is created when the parent is refused). A new item starts OPEN.
     */
    async create(actor: Actor, project: ProjectWithGroup, input: WorkItemCreateInput): Promise<IssueNode> {
      const { typeId, parentId, linkedItems, timelog, ...attributes } = input;
      const type = typeById(typeId);
      const parent = parentId != null ? await checkedParent(actor, { type, project }, parentId) : undefined;
      const targets = linkedItems ? await checkedLinkTargets(actor, project, linkedItems) : [];
      const created = await issues.create(actor, project, {
        ...attributes,
        issueType: type.issueType,
        workItemParentId: parent?.issue.id,
      });
      for (const target of targets) await issues.links.create(actor, created, target, linkedItems?.linkType);
      if (timelog) await timeTracking.addSpent(actor, created, timelog);
      return created;
    },

    /**
     * Updates the widgets' attributes, then the parent (both checked before anything is written),
     * then logs the time spent.
     */
    async update(actor: Actor, node: IssueNode, input: WorkItemUpdateInput): Promise<IssueNode> {
      const { parentId, timelog, ...attributes } = input;
      if (!(await can(db, actor, 'updateWorkItem', { type: 'Issue', ...node }))) throw new ForbiddenError();
      const type = workItemTypeOf(node.issue.issueType);
      const child = { type, project: { project: node.project, group: node.group }, id: node.issue.id };
      const parent = parentId != null ? await checkedParent(actor, child, parentId) : undefined;
      if (parentId === null && !(await can(db, actor, 'adminParentLink', { type: 'Issue', ...node }))) {
        throw new ForbiddenError();
      }
      const given = Object.values(attributes).some((v) => v !== undefined);
      const updated = given ? await issues.update(actor, node, attributes) : node;
      if (parent) {
        await transaction(db, async (tx) => {
          await workItemLinksRepository(tx).lockParent(parent.issue.id);
          await workItemLinksRepository(tx).setParent(node.issue.id, parent.issue.id);
        });
      } else if (parentId === null) {
        await links.removeParent(node.issue.id);
      }
      if (timelog) await timeTracking.addSpent(actor, updated, timelog);
      return updated;
    },

    /**
     * GitLab's `workItemAddLinkedItems`: links the work item to each of `ids` that the actor may
     * link (Milepost's `adminWorkItemLink` on both sides). An id that is missing or hidden from the
     * actor refuses the whole request, the same way for both (nothing is linked); a readable item
     * the actor may not link is named in the errors while the others are linked; items already
     * linked are skipped, and when all are, that is the error.
     */
    async addLinks(actor: Actor, node: IssueNode, input: WorkItemLinksInput): Promise<LinkedItemsResult> {
      if (!(await can(db, actor, 'adminWorkItemLink', { type: 'Issue', ...node }))) {
        return { message: '', errors: ['No matching work item found.'] };
      }
      const ids = [...new Set(input.ids)];
      const found = await issues.findByIds(actor, ids);
      if (ids.length === 0 || found.length !== ids.length) return { message: '', errors: [LINK_TARGETS_NOT_FOUND] };
      const byId = new Map(found.map((target) => [target.issue.id, target]));
      const targets = ids.map((id) => byId.get(id)).filter((target) => target !== undefined);
      const linked = new Set(
        (await issues.links.list(actor, node)).map((l) => l.other.issue.id).filter((id) => byId.has(id)),
      );
      if (targets.every((target) => linked.has(target.issue.id)))
        return { message: '', errors: [ITEMS_ALREADY_LINKED] };
      const problems: string[] = [];
      const linkable: IssueNode[] = [];
      for (const target of targets) {
        if (linked.has(target.issue.id)) continue;
        if (target.issue.id === node.issue.id) {
          problems.push(`#${target.issue.iid} cannot be added: cannot be related to itself`);
        } else if (!(await can(db, actor, 'adminWorkItemLink', { type: 'Issue', ...target }))) {
          problems.push(
            `Item with ID: ${target.issue.id} cannot be added. You don't have permission to perform this action.`,
          );
        } else linkable.push(target);
      }
      const made = linkable.length > 0 ? await issues.links.linkAll(actor, node, linkable, input.linkType) : [];
      if (problems.length > 0) return { message: '', errors: [joinSentences(problems)] };
      if (made.length === 0) return { message: '', errors: [ITEMS_ALREADY_LINKED] };
      return {
        message: `Successfully linked ID(s): ${toSentence(made.map((m) => m.target.issue.id))}.`,
        errors: [],
      };
    },

    /**
     * GitLab's `workItemRemoveLinkedItems`: removes the links between the work item and each of
     * `ids` whose other item the actor may link too. The message names what was removed and why
     * the rest was not (no permission, not linked — a link to a hidden item is not linked to the
     * actor); with nothing removed, that explanation is the error.
     */
    async removeLinks(actor: Actor, node: IssueNode, ids: readonly number[]): Promise<LinkedItemsResult> {
      if (!(await can(db, actor, 'adminWorkItemLink', { type: 'Issue', ...node }))) {
        return { message: '', errors: ['No work item found.'] };
      }
      const unique = [...new Set(ids)];
      const { removed, failed } = await issues.links.unlinkAll(actor, node, unique);
      const notLinked = unique.filter((id) => !removed.includes(id) && !failed.includes(id));
      const problems = [
        ...(failed.length > 0 ? [`${toSentence(failed)} could not be removed due to insufficient permissions`] : []),
        ...(notLinked.length > 0 ? [`${toSentence(notLinked)} could not be removed due to not being linked`] : []),
      ];
      const explained = problems.length > 0 ? `IDs with errors: ${problems.join(', ')}.` : '';
      if (removed.length === 0) return { message: '', errors: [explained] };
      const message = `Successfully unlinked IDs: ${toSentence(removed)}.`;
      return { message: explained ? `${message} ${explained}` : message, errors: [] };
    },

    /** Deletes the work item (its children stay, without a parent). */
    async remove(actor: Actor, node: IssueNode): Promise<void> {
      await issues.remove(actor, node, 'deleteWorkItem');
    },

    /** The readable parent of a work item, or null. */
    async parent(actor: Actor, node: IssueNode): Promise<IssueNode | null> {
      const parentId = (await links.parentIds([node.issue.id])).get(node.issue.id);
      return parentId === undefined ? null : ((await issues.findById(actor, parentId)) ?? null);
    },

    /** One page of the readable children (hidden ones are left out of the page, not of the count). */
    async children(
      actor: Actor,
      node: IssueNode,
      page: { limit: number; offset: number },
    ): Promise<{ rows: IssueNode[]; total: number }> {
      const { ids, total } = await links.childIds(node.issue.id, page);
      return { rows: await issues.findByIds(actor, ids), total };
    },

    /** Children by type and state, of each of these parents. */
    async childCounts(parentIds: readonly number[]) {
      return await links.childCounts(parentIds);
    },

    /** Parents (ids) of these children. */
    async parentIds(childIds: readonly number[]) {
      return await links.parentIds(childIds);
    },
  };
}
