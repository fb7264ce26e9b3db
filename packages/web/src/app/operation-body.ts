/** What Apollo's HTTP link POSTs for a query (`JSON.stringify`'d). */
export type OperationBody = { operationName: string | null; variables: Record<string, unknown>; query: string };

/** A query document as Apollo sends it (`prepared-document.ts`): its text, name, default values and used variables. */
export type PreparedDocument = {
  operationName: string | null;
  query: string;
  defaults: Record<string, unknown>;
  used: string[];
};

/**
 * The body Apollo Client's HTTP link would POST for a document with `variables`: the operation's
 * default values filled in where a variable is missing or undefined (its query manager), then only
 * the variables the operation uses (its link), so a request sent before Apollo has loaded can be
 * handed to it (`app/first-requests.ts`).
 */
export function operationBody(document: PreparedDocument, variables: Record<string, unknown> = {}): OperationBody {
  const merged: Record<string, unknown> = { ...document.defaults };
  for (const [name, value] of Object.entries(variables))
    merged[name] = value === undefined ? document.defaults[name] : value;
  const sent: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(merged)) if (document.used.includes(name)) sent[name] = value;
  return { operationName: document.operationName, variables: sent, query: document.query };
}

/** Canonical JSON (object keys sorted, `undefined` dropped): two bodies that send the same request have the same key. */
export function requestKey(body: OperationBody): string {
  return JSON.stringify([body.operationName, body.query, body.variables], (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
