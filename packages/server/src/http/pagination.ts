import type { FastifyReply, FastifyRequest } from 'fastify';
import qs from 'qs';
import { AppError } from '../errors.ts';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;

export type Page = { page: number; perPage: number; limit: number; offset: number };

function positiveInt(value: unknown, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n)) throw new AppError(400, `${name} is invalid`);
  return n;
}

/** GitLab's offset pagination parameters: `page` from 1, `per_page` 1..100 (default 20). */
export function pageParams(query: Record<string, unknown>): Page {
  const page = Math.max(1, positiveInt(query.page, 'page') ?? 1);
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, positiveInt(query.per_page, 'per_page') ?? DEFAULT_PER_PAGE));
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

/** GitLab counts at most this many rows for the headers; past it, X-Total, X-Total-Pages and rel="last" are left out. */
export const MAX_COUNTED = 10_000;

/**
 * Sets X-Total, X-Total-Pages, X-Page, X-Per-Page, X-Next-Page, X-Prev-Page and a Link header whose
 * URLs repeat every query parameter of the request (so clients such as gitbeaker can follow them).
 * Past MAX_COUNTED rows (`total` may be a count that stopped at MAX_COUNTED + 1) the total headers and
 * rel="last" are left out, as GitLab does; `more` (a row beyond the page was found) then tells
 * whether there is a next page.
 */
export function setPaginationHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  total: number,
  baseUrl: string,
  more?: boolean,
): void {
  const counted = total <= MAX_COUNTED;
  const totalPages = Math.max(1, Math.ceil(total / page.perPage));
  const next = (counted || more === undefined ? page.page < totalPages : more) ? page.page + 1 : null;
  const prev = page.page > 1 ? (counted ? Math.min(page.page - 1, totalPages) : page.page - 1) : null;
  if (counted) {
    reply.header('X-Total', String(total));
    reply.header('X-Total-Pages', String(totalPages));
  }
  reply.header('X-Page', String(page.page));
  reply.header('X-Per-Page', String(page.perPage));
  reply.header('X-Next-Page', next ? String(next) : '');
  reply.header('X-Prev-Page', prev ? String(prev) : '');
  const [pathname, search = ''] = request.url.split('?');
  const params = qs.parse(search) as Record<string, unknown>;
  const link = (p: number, rel: string) => {
    const query = qs.stringify(
      { ...params, page: p, per_page: page.perPage },
      { arrayFormat: 'brackets', sort: (a, b) => a.localeCompare(b) },
    );
    return `<${baseUrl}${pathname}?${query}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (prev) links.push(link(prev, 'prev'));
  if (next) links.push(link(next, 'next'));
  links.push(link(1, 'first'));
  if (counted) links.push(link(totalPages, 'last'));
  reply.header('Link', links.join(', '));
}
