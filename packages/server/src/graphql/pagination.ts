import { resolveOffsetConnection } from '@pothos/plugin-relay';

/** GitLab's maximum page size for connections. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 100;

export type ConnectionArgs = {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
};

/**
 * An offset-paginated connection with a total `count`. `first`/`last` above the maximum are clamped
 * (GitLab's behaviour), negative ones are refused.
 */
export async function offsetConnection<T>(
  args: ConnectionArgs,
  fetch: (page: { limit: number; offset: number }) => Promise<{ rows: T[]; total: number }>,
) {
  const clamped = {
    ...args,
    first: args.first == null ? args.first : Math.min(args.first, MAX_PAGE_SIZE),
    last: args.last == null ? args.last : Math.min(args.last, MAX_PAGE_SIZE),
  };
  let total = 0;
  const connection = await resolveOffsetConnection(
    { args: clamped, defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE },
    async ({ limit, offset }) => {
      const page = await fetch({ limit, offset });
      total = page.total;
      return page.rows;
    },
  );
  return { ...connection, count: total };
}
