import {
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  Kind,
  type OperationDefinitionNode,
  print,
  type SelectionSetNode,
  valueFromASTUntyped,
  visit,
} from 'graphql';
import type { PreparedDocument } from './operation-body.ts';

/** Directives only the client reads: Apollo takes them out of what it sends (`@client` fields whole). */
const CLIENT_ONLY_DIRECTIVES = new Set(['connection', 'nonreactive', 'unmask']);

const TYPENAME_FIELD: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } };

const isNode = (parent: unknown): parent is ASTNode => !!parent && !Array.isArray(parent);

/**
 * What Apollo Client 4 sends for a query document: its text with `__typename` in every selection set
 * below the operation's (its cache's `addTypenameToDocument`) and without the client-only directives
 * (its query manager's server query), printed by graphql-js; the operation's name, its variables'
 * default values and the variables it uses (its HTTP link sends only those). Null for a document with
 * `@client` fields, whose sent text Apollo derives by removing them with what they reference: not
 * reproduced here. Run at build time for the early script (`vite-plugins/first-requests.ts`), so it
 * carries texts rather than syntax trees and no printer; at run time in the dev server and tests.
 */
export function prepareDocument(document: DocumentNode): PreparedDocument | null {
  let hasClientFields = false;
  const server = visit(document, {
    Directive(node) {
      if (node.name.value === 'client') hasClientFields = true;
      return CLIENT_ONLY_DIRECTIVES.has(node.name.value) ? null : undefined;
    },
    SelectionSet: {
      enter(node: SelectionSetNode, _key, parent) {
        if (!isNode(parent) || parent.kind === Kind.OPERATION_DEFINITION) return;
        const hasTypename = node.selections.some(
          (selection) => selection.kind === Kind.FIELD && selection.name.value.startsWith('__'),
        );
        const exported = parent.kind === Kind.FIELD && parent.directives?.some((d) => d.name.value === 'export');
        if (hasTypename || exported) return;
        return { ...node, selections: [...node.selections, TYPENAME_FIELD] };
      },
    },
  });
  const operation = server.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  if (!operation || hasClientFields) return null;
  const used = new Set<string>();
  visit(server, {
    Variable(node, _key, parent) {
      // A variable's definition is no use of it.
      if (isNode(parent) && parent.kind !== Kind.VARIABLE_DEFINITION) used.add(node.name.value);
    },
  });
  const defaults: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue)
      defaults[definition.variable.name.value] = valueFromASTUntyped(definition.defaultValue);
  }
  return { operationName: operation.name?.value ?? null, query: print(server), defaults, used: [...used].sort() };
}
