/**
 * Every list argument of the schema holds at most MAX_LIST_VALUES values (also lists inside input
 * objects: `not: {labelName: […]}`, a mutation's `input.addLabelIds`). Checked in one place for
 * every field that takes a list, before its resolver (and its authorization) runs.
 */
import {
  defaultFieldResolver,
  GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';
import { MAX_LIST_VALUES, tooManyValuesMessage } from '../errors.ts';

/** Whether a value of this type can hold a list: itself, or a field of an input object, at any depth. */
function holdsList(type: GraphQLInputType, seen: Set<string> = new Set()): boolean {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return true;
  if (!isInputObjectType(inner) || seen.has(inner.name)) return false;
  seen.add(inner.name);
  return Object.values(inner.getFields()).some((f) => holdsList(f.type, seen));
}

/** The name of the first list longer than the cap in coerced argument values (`not.labelName`), if any. */
export function overlongList(value: unknown, name = ''): string | undefined {
  if (Array.isArray(value)) {
    if (value.length > MAX_LIST_VALUES) return name;
    for (const item of value) {
      const found = overlongList(item, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    // A mutation's single `input` argument is not worth naming: GitLab names the input's fields.
    const found = overlongList(inner, name === '' || name === 'input' ? key : `${name}.${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Wraps the resolver of every field with a list argument in the schema (in place) with the cap. */
export function capListArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.args.some((arg) => holdsList(arg.type))) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context, info) => {
        const overlong = overlongList(args);
        if (overlong !== undefined) throw new GraphQLError(tooManyValuesMessage(overlong));
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
