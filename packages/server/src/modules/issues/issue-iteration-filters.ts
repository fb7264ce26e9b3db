/**
 * The issue list's iteration filters as SQL over `i` (issues): GitLab's `iterationId` (any of),
 * `iterationTitle`, `iterationWildcardId` (NONE, ANY, CURRENT), `iterationCadenceId`, and their
 * negations. Kept beside issue-filters.ts, which adds these conditions to the others.
 */
import { type SQL, sql } from 'drizzle-orm';

export type IterationWildcard = 'NONE' | 'ANY' | 'CURRENT';

export type IssueIterationFilter = {
  iterationIds?: number[];
  iterationTitle?: string;
  iterationWildcard?: IterationWildcard;
  iterationCadenceIds?: number[];
};

export type NegatedIssueIterationFilter = {
  iterationIds?: number[];
  iterationTitle?: string;
  iterationWildcard?: 'CURRENT';
};

const ids = (values: readonly number[]) => sql`${sql.param(values.map(String))}::bigint[]`;
const current = sql`i.iteration_id IN (SELECT it.id FROM iterations it
  WHERE it.start_date <= CURRENT_DATE AND it.due_date >= CURRENT_DATE)`;
const titled = (title: string) => sql`i.iteration_id IN (SELECT it.id FROM iterations it WHERE it.title = ${title})`;

export function iterationConditions(f: IssueIterationFilter, not?: NegatedIssueIterationFilter): SQL[] {
  const c: SQL[] = [];
  if (f.iterationIds?.length) c.push(sql`i.iteration_id = ANY(${ids(f.iterationIds)})`);
  if (f.iterationTitle) c.push(titled(f.iterationTitle));
  if (f.iterationWildcard === 'NONE') c.push(sql`i.iteration_id IS NULL`);
  if (f.iterationWildcard === 'ANY') c.push(sql`i.iteration_id IS NOT NULL`);
  if (f.iterationWildcard === 'CURRENT') c.push(current);
  if (f.iterationCadenceIds?.length) {
    c.push(sql`i.iteration_id IN (SELECT it.id FROM iterations it
      WHERE it.iterations_cadence_id = ANY(${ids(f.iterationCadenceIds)}))`);
  }
  if (not?.iterationIds?.length) {
    c.push(sql`(i.iteration_id IS NULL OR NOT (i.iteration_id = ANY(${ids(not.iterationIds)})))`);
  }
  if (not?.iterationTitle) c.push(sql`(i.iteration_id IS NULL OR NOT ${titled(not.iterationTitle)})`);
  if (not?.iterationWildcard === 'CURRENT') c.push(sql`(i.iteration_id IS NULL OR NOT ${current})`);
  return c;
}
