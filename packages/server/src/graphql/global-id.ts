import { GraphQLError } from 'graphql';

/** GitLab's global ids: `gid://gitlab/Group/42`. */
export function toGlobalId(type: string, id: number | string): string {
  return `gid://gitlab/${type}/${id}`;
}

/** Parses a global id of one of `types`; anything else is a GraphQL argument error. */
export function fromGlobalId(gid: string, ...types: string[]): number {
  const m = /^gid:\/\/gitlab\/([A-Za-z:]+)\/(\d+)$/.exec(gid);
  if (!m || !types.includes(m[1] as string)) {
    throw new GraphQLError(`"${gid}" does not represent an instance of ${types.join(' or ')}`);
  }
  return Number(m[2]);
}
