import { GraphQLError } from 'graphql';

/** GitLab's global ids: `gid://gitlab/Group/42`. */
export function toGlobalId(type: string, id: number | string): string {
  return `gid://gitlab/${type}/${id}`;
}

/** Parses a global id of one of `types`; anything else is a GraphQL argument error. */
export function fromGlobalId(gid: string, ...types: string[]): number {
  // At most 15 digits: longer ids name no row and would fail in PostgreSQL (bigint) instead.
  const m = /^gid:\/\/gitlab\/([A-Za-z:]+)\/(\d{1,15})$/.exec(gid);
  if (!m || !types.includes(m[1] as string)) {
    throw new GraphQLError(`"${gid}" does not represent an instance of ${types.join(' or ')}`);
  }
  return Number(m[2]);
}
