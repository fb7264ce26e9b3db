/**
 * Abuse reports: a signed-in user reports another user to the administrators with a category,
 * a message, optional links and the page they reported from (GitLab's `AbuseReport`), and
 * administrators list the reports. Rules and validation live here; the policy decides who may.
 */
import {
  ABUSE_LINK_MAX_LENGTH,
  ABUSE_MAX_LINKS,
  ABUSE_MESSAGE_MAX_LENGTH,
  type AbuseCategory,
  isAbuseCategory,
} from '@milepost/shared/domain/abuse-report';
import { type Actor, canWrite } from '../../authz/actor.ts';
import { can, GLOBAL } from '../../authz/policy.ts';
import type { Db } from '../../db/client.ts';
import type { AbuseReportRow, UserRow } from '../../db/schema.ts';
import { ForbiddenError, isUniqueViolation, NotFoundError, UnauthorizedError, ValidationError } from '../../errors.ts';
import { usersRepository } from '../users/users.repository.ts';
import {
  type AbuseReportFilter,
  abuseReportsRepository,
  OPEN_REPORT_UNIQUE_INDEX,
} from './abuse-reports.repository.ts';

/** What a report form or API call sends, not yet checked. */
export type AbuseReportInput = {
  userId: unknown;
  category: unknown;
  message: unknown;
  reportedFromUrl?: unknown;
  linksToSpam?: unknown;
};

export const SELF_REPORT_MESSAGE = 'You cannot report yourself.';
export const DUPLICATE_REPORT_MESSAGE = 'You have already reported this user for this reason.';

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function userIdOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return undefined;
}

type Checked = { category: AbuseCategory; message: string; reportedFromUrl: string; linksToSpam: string[] };

/** Every field problem at once (GitLab's `{field: [messages]}`), or the cleaned values. */
function check(input: AbuseReportInput): Checked {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };

  const category = input.category;
  if (category === undefined || category === null || category === '') add('category', "can't be blank");
  else if (!isAbuseCategory(category)) add('category', 'is not included in the list');

  const message = typeof input.message === 'string' ? input.message.trim() : '';
  if (input.message !== undefined && input.message !== null && typeof input.message !== 'string') {
    add('message', 'is invalid');
  } else if (message === '') add('message', "can't be blank");
  else if (message.length > ABUSE_MESSAGE_MAX_LENGTH) {
    add('message', `is too long (maximum is ${ABUSE_MESSAGE_MAX_LENGTH} characters)`);
  }

  const from = input.reportedFromUrl;
  const reportedFromUrl = typeof from === 'string' ? from.trim() : '';
  if (from !== undefined && from !== null && typeof from !== 'string') add('reported_from_url', 'is invalid');
  else if (reportedFromUrl.length > ABUSE_LINK_MAX_LENGTH) {
    add('reported_from_url', `is too long (maximum is ${ABUSE_LINK_MAX_LENGTH} characters)`);
  } else if (reportedFromUrl !== '' && !isHttpUrl(reportedFromUrl))
    add('reported_from_url', 'is blocked: Only allowed schemes are http, https');

  const rawLinks = input.linksToSpam ?? [];
  const list = Array.isArray(rawLinks) ? rawLinks : typeof rawLinks === 'string' ? [rawLinks] : null;
  const linksToSpam: string[] = [];
  if (list === null || list.some((l) => typeof l !== 'string')) add('links_to_spam', 'is invalid');
  else {
    for (const link of list.map((l: string) => l.trim()).filter((l) => l !== '')) {
      if (link.length > ABUSE_LINK_MAX_LENGTH || !isHttpUrl(link))
        add('links_to_spam', `contains an invalid URL: ${link.slice(0, 100)}`);
      else if (!linksToSpam.includes(link)) linksToSpam.push(link);
    }
    if (linksToSpam.length > ABUSE_MAX_LINKS) add('links_to_spam', `exceeds the limit of ${ABUSE_MAX_LINKS} links`);
  }

  if (Object.keys(errors).length > 0) throw new ValidationError(errors, 422);
  return { category: category as AbuseCategory, message, reportedFromUrl, linksToSpam };
}

export function abuseReportsService(db: Db) {
  const repo = abuseReportsRepository(db);

  return {
    /** Files a report by the actor against another user. */
    async create(actor: Actor, input: AbuseReportInput): Promise<AbuseReportRow> {
      const reporter = actor.user;
      if (!reporter) throw new UnauthorizedError();
      const userId = userIdOf(input.userId);
      const [user] = userId ? await usersRepository(db).findByIds([userId]) : [];
      if (!user) throw new NotFoundError('User Not Found');
      if (user.id === reporter.id) throw new ValidationError({ base: [SELF_REPORT_MESSAGE] }, 422);
      if (!(await can(db, actor, 'createAbuseReport', { type: 'User', user }))) throw new ForbiddenError();
      const values = check(input);
      try {
        return await repo.insert({ reporterId: reporter.id, userId: user.id, ...values });
      } catch (error) {
        // Drizzle wraps the driver's error; the PostgreSQL code is on its cause.
        const cause = (error as { cause?: unknown }).cause;
        if (isUniqueViolation(error, OPEN_REPORT_UNIQUE_INDEX) || isUniqueViolation(cause, OPEN_REPORT_UNIQUE_INDEX)) {
          throw new ValidationError({ base: [DUPLICATE_REPORT_MESSAGE] }, 422);
        }
        throw error;
      }
    },

    /** The reported users and reporters of these reports, by id (for shaping entities). */
    async usersOf(rows: readonly AbuseReportRow[]): Promise<Map<number, UserRow>> {
      const ids = [...new Set(rows.flatMap((r) => [r.userId, r.reporterId]))];
      return new Map((await usersRepository(db).findByIds(ids)).map((u) => [u.id, u]));
    },

    /** One report: administrators only; others get 403 (signed in) or 401, as the list. */
    async get(actor: Actor, id: number): Promise<AbuseReportRow> {
      if (!actor.user) throw new UnauthorizedError();
      if (!(await can(db, actor, 'readAbuseReport', GLOBAL))) throw new ForbiddenError();
      const report = Number.isSafeInteger(id) ? await repo.findById(id) : undefined;
      if (!report) throw new NotFoundError('Abuse report Not Found');
      return report;
    },

    /** Closes or reopens a report (GitLab's `PUT /admin/abuse_reports/:id` with `status`). */
    async setStatus(actor: Actor, id: number, status: unknown): Promise<AbuseReportRow> {
      const report = await this.get(actor, id);
      if (!canWrite(actor)) throw new ForbiddenError('insufficient_scope');
      if (status !== 'open' && status !== 'closed')
        throw new ValidationError({ status: ['does not have a valid value'] });
      if (report.status === status) return report;
      try {
        return (await repo.setStatus(report.id, status)) ?? report;
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        if (isUniqueViolation(error, OPEN_REPORT_UNIQUE_INDEX) || isUniqueViolation(cause, OPEN_REPORT_UNIQUE_INDEX)) {
          throw new ValidationError(
            { base: ['The reporter has another open report on this user for this reason.'] },
            422,
          );
        }
        throw error;
      }
    },

    /** Every report, newest first: administrators only. */
    async list(
      actor: Actor,
      filter: AbuseReportFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: AbuseReportRow[]; total: number }> {
      if (!actor.user) throw new UnauthorizedError();
      if (!(await can(db, actor, 'readAbuseReport', GLOBAL))) throw new ForbiddenError();
      return await repo.list(filter, page);
    },
  };
}
