/**
 * Grape-style parameter helpers shared by the REST v4 routes: GitLab's API is written with Grape,
 * whose parameter failures answer 400 `{"error": "name is missing"}` (not `{"message": …}`).
 */
import { isVisibilityName } from '@milepost/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, MAX_LIST_VALUES, tooManyValuesMessage } from '../errors.ts';
import { type Page, pageParams } from './pagination.ts';
import { bool, idOrPath } from './params.ts';

export type Params = Record<string, unknown>;

/** A Grape parameter failure, rendered 400 `{"error": "name is missing"}` by `restRoutes`. */
export class ParamError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

/** Messages of shared helpers and services that are parameter failures in Grape's words. */
const GRAPE_MESSAGE =
  /^[a-z_]+(\[\])?(, [a-z_]+)* (is missing|are missing|is invalid|does not have a valid value|has a value not allowed)/;

/**
 * Registers routes in a scope of their own whose error handler renders parameter failures as
 * GitLab's Grape does (`{"error": …}`); every other error goes on to the app's handler.
 */
export function restRoutes(api: FastifyInstance, register: (scope: FastifyInstance) => void): void {
  api.register(async (scope) => {
    scope.setErrorHandler((error, _request, reply) => {
      if (
        error instanceof AppError &&
        error.status === 400 &&
        !error.fields &&
        (error instanceof ParamError || GRAPE_MESSAGE.test(error.message))
      ) {
        return reply.code(400).send({ error: error.message });
      }
      throw error;
    });
    register(scope);
  });
}

/** Grape's `params`: the query string and the (JSON or form) body together. */
export function paramsOf(request: FastifyRequest): Params {
  const body = request.body && typeof request.body === 'object' ? (request.body as Params) : {};
  return { ...(request.query as Params), ...body };
}

export function stringParam(p: Params, name: string): string | undefined {
  const v = p[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ParamError(`${name} is invalid`);
  return v;
}

export function intParam(p: Params, name: string): number | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v)) return Number(v);
  throw new ParamError(`${name} is invalid`);
}

/** At most MAX_LIST_VALUES items, else 400 `labels is too long (maximum is 100 values)`. */
export function capped<T>(items: readonly T[], name: string): readonly T[] {
  if (items.length > MAX_LIST_VALUES) throw new ParamError(tooManyValuesMessage(name));
  return items;
}

/**
 * The raw values of a list parameter, `a[]=1&a[]=2`, `a=1,2` or a JSON array (capped): the one
 * place every REST and UI JSON list filter is read through.
 */
export function listValues(p: Params, name: string): readonly unknown[] | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === '') return undefined;
  return capped(Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v], name);
}

/** `ids[]=1&ids[]=2`, `ids=1,2` or a JSON array. */
export function intListParam(p: Params, name: string): number[] | undefined {
  const items = listValues(p, name);
  if (items === undefined) return undefined;
  return items.map((item) => {
    const n = intParam({ [name]: typeof item === 'string' ? item.trim() : item }, name);
    if (n === undefined) throw new ParamError(`${name} is invalid`);
    return n;
  });
}

export function boolParam(p: Params, name: string): boolean | undefined {
  try {
    return bool(p[name]);
  } catch {
    throw new ParamError(`${name} is invalid`);
  }
}

/**
 * Grape's array coercion (`Array[String]`, `CommaSeparatedToArray`, `LabelsList`): `a,b`,
 * repeated `a[]=…`, or a JSON array → trimmed, non-empty strings; none → undefined.
 */
export function listParam(p: Params, name: string): string[] | undefined {
  const items = listValues(p, name);
  if (items === undefined) return undefined;
  if (items.some((i) => typeof i !== 'string' && typeof i !== 'number')) throw new ParamError(`${name} is invalid`);
  const out = items.map((i) => String(i).trim()).filter(Boolean);
  return out.length ? out : undefined;
}

/** Grape's `values:` check: one of the allowed strings, else 400 `name does not have a valid value`. */
export function oneOfParam<T extends string>(p: Params, name: string, values: readonly T[]): T | undefined {
  const v = p[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
    throw new ParamError(`${name} does not have a valid value`);
  }
  return v as T;
}

/** Grape's `DateTime`: anything `Date.parse` reads. */
export function timeParam(p: Params, name: string): string | undefined {
  const v = stringParam(p, name);
  if (v === undefined || v === '') return undefined;
  if (Number.isNaN(Date.parse(v))) throw new ParamError(`${name} is invalid`);
  return v;
}

/** Grape's `values:` check for `visibility`. */
export function visibilityParam(p: Params): string | undefined {
  const v = p.visibility;
  if (v === undefined) return undefined;
  if (!isVisibilityName(v)) throw new ParamError('visibility does not have a valid value');
  return v;
}

/** Grape's `requires`: 'name is missing, path is missing'. */
export function requireParams(p: Params, ...names: string[]): void {
  const missing = names.filter((n) => p[n] === undefined || p[n] === null);
  if (missing.length) throw new ParamError(missing.map((n) => `${n} is missing`).join(', '));
}

/** Offset pagination with GitLab's refusals of `page`/`per_page` below 1. */
export function pageOf(query: Params): Page {
  for (const name of ['page', 'per_page']) {
    const v = query[name];
    if (typeof v !== 'string' || !/^-?\d+$/.test(v)) continue;
    if (name === 'per_page' && Number(v) === 0) throw new ParamError('per_page has a value not allowed');
    if (Number(v) < 1) throw new ParamError(`${name} does not have a valid value`);
  }
  return pageParams(query);
}

/** `:id` as a number or a URL-encoded full path; a malformed one simply finds nothing. */
export function resourceId(raw: string): number | string {
  try {
    return idOrPath(raw);
  } catch {
    return raw;
  }
}
