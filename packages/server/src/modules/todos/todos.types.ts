import type { TodoRow } from '../../db/schema.ts';
import type { EpicNode } from '../epics/epics.types.ts';
import type { IssueNode } from '../issues/issues.types.ts';

/** What a to-do is about: an issue or an epic, with what access decisions need. */
export type TodoTarget = { type: 'Issue'; node: IssueNode } | { type: 'Epic'; node: EpicNode };

/** A to-do with its target (lists resolve the targets of a whole page at once). */
export type TodoNode = { todo: TodoRow; target: TodoTarget };
