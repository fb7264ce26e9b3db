/** The iteration arguments of `Project.issues` / `Group.issues` and their `not`, as GitLab names them. */
import { GraphQLError } from 'graphql';
import type { FieldBuilder } from '../../graphql/filter-input.ts';
import { wildcardEnum } from './issue-enums.schema.ts';
import type { IssueIterationFilter, NegatedIssueIterationFilter } from './issue-iteration-filters.ts';

export const IterationWildcardIdEnum = wildcardEnum('IterationWildcardId', 'Iteration ID wildcard values.', {
  NONE: 'No iteration is assigned.',
  ANY: 'An iteration is assigned.',
  CURRENT: 'Current iteration.',
});

export const NegatedIterationWildcardIdEnum = wildcardEnum(
  'NegatedIterationWildcardId',
  'Negated Iteration ID wildcard values.',
  { CURRENT: 'Current iteration.' },
);

/** The iteration filters of `Project.issues` / `Group.issues` (as arguments and in `IssueFilterInput`). */
export function iterationIssueFields(t: FieldBuilder) {
  return {
    iterationId: t.idList({
      required: { list: false, items: false },
      description: 'List of iteration Global IDs applied to the issue.',
    }),
    iterationTitle: t.string({ required: false, description: 'Iteration title applied to the issue.' }),
    iterationWildcardId: t.field({
      type: IterationWildcardIdEnum,
      required: false,
      description: 'Filter by iteration ID wildcard.',
    }),
    iterationCadenceId: t.idList({
      required: false,
      description: 'Filter by a list of iteration cadence IDs.',
    }),
  };
}

export function negatedIterationFields(t: FieldBuilder) {
  return {
    iterationId: t.idList({ required: false, description: 'List of iteration Global IDs not applied to the issue.' }),
    iterationTitle: t.string({ required: false, description: 'Iteration title not applied to the issue.' }),
    iterationWildcardId: t.field({
      type: NegatedIterationWildcardIdEnum,
      required: false,
      description: 'Filter by negated iteration ID wildcard.',
    }),
  };
}

/** `gid://gitlab/Iteration/5`, `5`, or the wildcard words GitLab's front end also sends as ids. */
function iterationIds(name: string, values: readonly (string | number | null | undefined)[] | null | undefined) {
  const out: number[] = [];
  let wildcard: 'NONE' | 'ANY' | 'CURRENT' | undefined;
  for (const raw of values ?? []) {
    if (raw === null || raw === undefined || raw === '') continue;
    const v = String(raw);
    if (/^(none|any|current)$/i.test(v)) {
      wildcard = v.toUpperCase() as 'NONE' | 'ANY' | 'CURRENT';
      continue;
    }
    const m = /^(?:gid:\/\/gitlab\/Iteration\/)?(\d{1,15})$/.exec(v);
    if (!m) throw new GraphQLError(`Invalid \`${name}\` value: ${JSON.stringify(v)}`);
    out.push(Number(m[1]));
  }
  return { ids: out.length ? out : undefined, wildcard };
}

type Args = {
  iterationId?: (string | number | null)[] | null;
  iterationTitle?: string | null;
  iterationWildcardId?: string | null;
  iterationCadenceId?: (string | number)[] | null;
};

/** GraphQL iteration arguments → the filter (and the negated part from `not`). */
export function iterationFilterFromArgs(
  a: Args,
  n: Omit<Args, 'iterationCadenceId'> | null | undefined,
): IssueIterationFilter & { not: NegatedIssueIterationFilter } {
  const given = iterationIds('iterationId', a.iterationId);
  const negated = iterationIds('not.iterationId', n?.iterationId);
  const cadences = (a.iterationCadenceId ?? []).map((v) => {
    const m = /^(?:gid:\/\/gitlab\/Iterations::Cadence\/)?(\d{1,15})$/.exec(String(v));
    if (!m) throw new GraphQLError(`Invalid \`iterationCadenceId\` value: ${JSON.stringify(v)}`);
    return Number(m[1]);
  });
  const title = a.iterationTitle?.trim() ? a.iterationTitle : undefined;
  const notTitle = n?.iterationTitle?.trim() ? n.iterationTitle : undefined;
  return {
    iterationIds: given.ids,
    iterationTitle: title,
    iterationWildcard: (a.iterationWildcardId as IssueIterationFilter['iterationWildcard']) ?? given.wildcard,
    iterationCadenceIds: cadences.length ? cadences : undefined,
    not: {
      iterationIds: negated.ids,
      iterationTitle: notTitle,
      iterationWildcard: n?.iterationWildcardId === 'CURRENT' || negated.wildcard === 'CURRENT' ? 'CURRENT' : undefined,
    },
  };
}
