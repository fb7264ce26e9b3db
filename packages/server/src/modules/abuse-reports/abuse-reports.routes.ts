/**
 * Abuse reports over HTTP, thin over the service:
 * - `POST /-/abuse_reports` — GitLab's report form (form-encoded or JSON): `user_id`,
 *   `abuse_report[category]`, `abuse_report[reported_from_url]`, `abuse_report[message]`,
 *   `abuse_report[links_to_spam][]` and `authenticity_token`. Signed-in users only; a cookie
 *   session must carry the CSRF token (header, checked for every cookie write, and the field when sent).
 * - `GET /api/v4/admin/abuse_reports` — administrators' list, newest first, with GitLab's pagination headers.
 */
import {
  ABUSE_CATEGORIES,
  ABUSE_REPORT_STATUSES,
  ABUSE_REPORT_THANKS,
  type AbuseCategory,
  type AbuseReportStatus,
} from '@milepost/shared/domain/abuse-report';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { safeEqual } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import { AppError, ForbiddenError, UnauthorizedError } from '../../errors.ts';
import { CSRF_MESSAGE } from '../../http/authenticate.ts';
import { paramsOf } from '../../http/grape-params.ts';
import { pageParams, setPaginationHeaders } from '../../http/pagination.ts';
import { numericId } from '../../http/params.ts';
import type { UiRouter } from '../../http/ui-router.ts';
import type { Services } from '../services.ts';
import { abuseReportEntity } from './abuse-reports.entity.ts';

const REPORT_PATH = /^\/-\/abuse_reports$/;

function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** An HTML form post from a browser (no JavaScript) wants a redirect back, not JSON. */
function wantsRedirect(request: FastifyRequest): boolean {
  const type = request.headers['content-type'] ?? '';
  const accept = request.headers.accept ?? '';
  return type.startsWith('application/x-www-form-urlencoded') && accept.includes('text/html');
}

/** Only a page of ours: a same-origin URL's path, or the root. */
function backTo(url: string, config: Config): string {
  try {
    const target = new URL(url);
    if (target.origin === new URL(config.externalUrl).origin) return `${target.pathname}${target.search}`;
  } catch {
    // not a URL: fall through
  }
  return '/';
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new AppError(400, `${name} does not have a valid value`);
}

export function abuseReportsUiRoutes(ui: UiRouter, services: Services, config: Config): void {
  ui.add('POST', REPORT_PATH, async (request, reply) => {
    if (!request.actor.user) throw new UnauthorizedError();
    const body = objectOf(request.body);
    const token = body.authenticity_token;
    if (
      request.actor.via === 'session' &&
      token !== undefined &&
      (typeof token !== 'string' || !safeEqual(token, request.csrfToken))
    ) {
      throw new ForbiddenError(CSRF_MESSAGE);
    }
    const report = objectOf(body.abuse_report);
    const created = await services.abuseReports.create(request.actor, {
      userId: body.user_id,
      category: report.category,
      message: report.message,
      reportedFromUrl: report.reported_from_url,
      linksToSpam: report.links_to_spam,
    });
    if (wantsRedirect(request)) return reply.redirect(backTo(created.reportedFromUrl, config), 303);
    const users = await services.abuseReports.usersOf([created]);
    return reply
      .code(201)
      .send({ message: ABUSE_REPORT_THANKS, abuse_report: abuseReportEntity(created, users, config.externalUrl) });
  });
}

/** REST v4 (mounted under /api/v4). */
export function abuseReportsRoutes(api: FastifyInstance, services: Services, config: Config): void {
  api.get('/admin/abuse_reports', async (request, reply) => {
    const query = objectOf(request.query);
    const page = pageParams(query);
    const filter = {
      status: oneOf<AbuseReportStatus>(query.status, ABUSE_REPORT_STATUSES, 'status'),
      category: oneOf<AbuseCategory>(query.category, ABUSE_CATEGORIES, 'category'),
    };
    const { rows, total } = await services.abuseReports.list(request.actor, filter, page);
    setPaginationHeaders(request, reply, page, total, config.externalUrl);
    const users = await services.abuseReports.usersOf(rows);
    return rows.map((row) => abuseReportEntity(row, users, config.externalUrl));
  });

  api.get<{ Params: { id: string } }>('/admin/abuse_reports/:id', async (request) => {
    const report = await services.abuseReports.get(request.actor, numericId(request.params.id));
    return abuseReportEntity(report, await services.abuseReports.usersOf([report]), config.externalUrl);
  });

  /** `status`: `closed` or `open` (GitLab's admin 'Close report'). */
  api.put<{ Params: { id: string } }>('/admin/abuse_reports/:id', async (request) => {
    const report = await services.abuseReports.setStatus(
      request.actor,
      numericId(request.params.id),
      paramsOf(request).status,
    );
    return abuseReportEntity(report, await services.abuseReports.usersOf([report]), config.externalUrl);
  });
}
