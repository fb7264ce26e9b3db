/** How many rows a list page asks for at a time. */
export const PAGE_SIZE = 20;

type Connection<T> = {
  nodes?: ReadonlyArray<T | null> | null;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
};

/** The non-null nodes of a connection. */
export function nodesOf<T>(connection: { nodes?: ReadonlyArray<T | null> | null } | null | undefined): T[] {
  return (connection?.nodes ?? []).filter((node): node is T => node !== null);
}

/** Appends the next page's nodes to the previous page's, keeping the new page info. */
export function appendPage<C extends Connection<unknown>>(previous: C, next: C): C {
  return { ...next, nodes: [...(previous.nodes ?? []), ...(next.nodes ?? [])] };
}
