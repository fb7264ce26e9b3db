/**
 * House rules read off the built schema: every root field declares the ability it needs (or that it
 * is public), everything carries a description, and the committed schema.graphql matches the code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { GROUP_ABILITIES, PROJECT_ABILITIES, USER_ABILITIES } from '@milepost/shared';
import {
  buildSchema,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  lexicographicSortSchema,
  printSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.ts';

/**
 * Abilities a root field may name: every name in shared's one list of ability names (its arrays and its
 * `Ability` type alike, read from the source), and `self` (the actor's own data).
 */
const KNOWN_ABILITIES = new Set<string>([
  ...[
    ...fs
      .readFileSync(path.join(import.meta.dirname, '../../../shared/src/permissions/abilities.ts'), 'utf8')
      .matchAll(/'([A-Za-z]+)'/g),
  ].map((m) => m[1] as string),
  'self',
]);

/** Root fields (Query, Mutation, Subscription) without `extensions.ability` or `extensions.public === true`. */
function rootFieldsWithoutAccessMarker(s: GraphQLSchema): string[] {
  const roots = [s.getQueryType(), s.getMutationType(), s.getSubscriptionType()];
  return roots.flatMap((root) =>
    root
      ? Object.values(root.getFields())
          .filter((field) => {
            const ext = field.extensions as { ability?: unknown; public?: unknown };
            const ability = typeof ext.ability === 'string' && ext.ability.trim() !== '';
            return !ability && ext.public !== true;
          })
          .map((field) => `${root.name}.${field.name}`)
      : [],
  );
}

/** Every named ability in `ability` strings such as `createGroup / createSubgroup` that is not a known ability. */
function unknownAbilities(s: GraphQLSchema): string[] {
  const roots = [s.getQueryType(), s.getMutationType()];
  return roots.flatMap((root) =>
    Object.values(root?.getFields() ?? {}).flatMap((field) => {
      const ability = (field.extensions as { ability?: unknown }).ability;
      if (typeof ability !== 'string') return [];
      return ability
        .split('/')
        .map((a) => a.trim())
        .filter((a) => !KNOWN_ABILITIES.has(a))
        .map((a) => `${root?.name}.${field.name}: ${a}`);
    }),
  );
}

/** Types, fields, arguments and enum values (outside introspection) that have no description. */
function undocumented(s: GraphQLSchema): string[] {
  const missing: string[] = [];
  const blank = (d: string | null | undefined) => !d || d.trim() === '';
  for (const type of Object.values(s.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (blank(type.description)) missing.push(`type ${type.name}`);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (blank(field.description)) missing.push(`field ${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) {
          if (blank(arg.description)) missing.push(`argument ${type.name}.${field.name}(${arg.name})`);
        }
      }
    }
    if (isEnumType(type)) {
      for (const value of type.getValues()) {
        if (blank(value.description)) missing.push(`enum value ${type.name}.${value.name}`);
      }
    }
  }
  return missing.sort();
}

describe('schema conventions', () => {
  it('has Query and Mutation roots with fields to check', () => {
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {}).length).toBeGreaterThan(0);
    expect(Object.keys(schema.getMutationType()?.getFields() ?? {}).length).toBeGreaterThan(0);
  });

  it('declares an ability or an explicit public marker on every root field', () => {
    expect(rootFieldsWithoutAccessMarker(schema)).toEqual([]);
  });

  it('names only abilities that exist', () => {
    for (const ability of [...USER_ABILITIES, ...GROUP_ABILITIES, ...PROJECT_ABILITIES, 'createGroup']) {
      expect(KNOWN_ABILITIES).toContain(ability);
    }
    expect(KNOWN_ABILITIES).not.toContain('readGroups');
    expect(unknownAbilities(schema)).toEqual([]);
  });

  it('describes every type, field, argument and enum value', () => {
    expect(undocumented(schema)).toEqual([]);
  });

  it('matches the committed schema.graphql (run `npm run schema:print` after changing the schema)', () => {
    const file = path.join(import.meta.dirname, '..', '..', 'schema.graphql');
    const committed = fs.readFileSync(file, 'utf8');
    expect(committed).toBe(`${printSchema(lexicographicSortSchema(schema))}\n`);
  });
});

describe('the convention checks themselves', () => {
  // A schema built without Pothos carries no extensions: every root field must be reported.
  const bare = buildSchema(`
    type Query { secret: String, open: String }
    type Mutation { doIt: String }
  `);

  it('report root fields that have no marker', () => {
    expect(rootFieldsWithoutAccessMarker(bare)).toEqual(['Query.secret', 'Query.open', 'Mutation.doIt']);
  });

  it('accept `ability` strings and `public: true`, and refuse `public: false` or an empty ability', () => {
    const query = new GraphQLObjectType({
      name: 'Query',
      fields: {
        a: { type: GraphQLString, extensions: { ability: 'readGroup' } },
        b: { type: GraphQLString, extensions: { public: true } },
        c: { type: GraphQLString, extensions: { public: false } },
        d: { type: GraphQLString, extensions: { ability: '' } },
      },
    });
    const marked = new GraphQLSchema({ query });
    expect(rootFieldsWithoutAccessMarker(marked)).toEqual(['Query.c', 'Query.d']);
  });

  it('report undocumented types, fields and arguments', () => {
    expect(undocumented(bare)).toEqual([
      'field Mutation.doIt',
      'field Query.open',
      'field Query.secret',
      'type Mutation',
      'type Query',
    ]);
  });
});
