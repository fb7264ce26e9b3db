/**
 * Abuse reports end to end over HTTP: GitLab's report form (`POST /-/abuse_reports`, form-encoded or
 * JSON, cookie session with CSRF or token) and the administrators' lists (REST and GraphQL).
 */
import { ABUSE_REPORT_THANKS } from '@milepost/shared/domain/abuse-report';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema.ts';
import { createBrowser } from '../../test/browser.ts';
import { TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../test/test-app.ts';
import { DUPLICATE_REPORT_MESSAGE, SELF_REPORT_MESSAGE } from './abuse-reports.service.ts';

type Entity = {
  id: number;
  category: string;
  status: string;
  message: string;
  reported_from_url: string | null;
  links_to_spam: string[];
  user: { id: number; username: string };
  reporter: { id: number; username: string };
};

const EPIC_URL = `${TEST_BASE_URL}/groups/acme/-/epics/1`;

describe('abuse reports', () => {
  let t: TestApp;
  let reporter: UserRow;
  let author: UserRow;
  let admin: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    reporter = await t.buildUser();
    author = await t.buildUser();
    admin = await t.buildUser({ admin: true });
  });

  const report = (payload: Record<string, unknown>, as: UserRow | null = reporter) =>
    t.request({ method: 'POST', url: '/-/abuse_reports', payload, as });

  const valid = (overrides: Record<string, unknown> = {}) => ({
    user_id: author.id,
    abuse_report: { category: 'spam', reported_from_url: EPIC_URL, message: 'Posts ads everywhere', ...overrides },
  });

  describe('POST /-/abuse_reports', () => {
    it('files a JSON report and answers 201 with the confirmation and the report', async () => {
      const res = await report(
        valid({ category: 'phishing', links_to_spam: ['https://spam.example/1', '  ', 'https://spam.example/1'] }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json<{ message: string; abuse_report: Entity }>();
      expect(body.message).toBe(ABUSE_REPORT_THANKS);
      expect(body.abuse_report).toMatchObject({
        category: 'phishing',
        status: 'open',
        message: 'Posts ads everywhere',
        reported_from_url: EPIC_URL,
        links_to_spam: ['https://spam.example/1'],
        user: { id: author.id, username: author.username },
        reporter: { id: reporter.id, username: reporter.username },
      });
    });

    it('accepts the form-encoded fields of GitLab’s form from a signed-in browser with its CSRF token', async () => {
      const b = createBrowser(t);
      expect((await b.signIn(reporter.username, TEST_PASSWORD)).statusCode).toBeLessThan(300);
      const form = new URLSearchParams({
        authenticity_token: b.csrfToken() ?? '',
        user_id: String(author.id),
        'abuse_report[reported_from_url]': EPIC_URL,
        'abuse_report[category]': 'offensive',
        'abuse_report[message]': 'Insults in every comment',
        'abuse_report[links_to_spam][]': 'https://example.com/comment/1',
      });
      const res = await b.request({
        method: 'POST',
        url: '/-/abuse_reports',
        payload: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        csrf: true,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json<{ abuse_report: Entity }>().abuse_report).toMatchObject({
        category: 'offensive',
        links_to_spam: ['https://example.com/comment/1'],
      });

      // A browser form post (no JavaScript) is sent back to the page it reported from.
      const html = await b.request({
        method: 'POST',
        url: '/-/abuse_reports',
        payload: form.toString().replace('offensive', 'malware'),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        csrf: true,
      });
      expect([html.statusCode, html.headers.location]).toEqual([303, '/groups/acme/-/epics/1']);
    });

    it('refuses a cookie write without the CSRF header, or with a wrong authenticity token', async () => {
      const b = createBrowser(t);
      await b.signIn(reporter.username, TEST_PASSWORD);
      const noHeader = await b.request({
        method: 'POST',
        url: '/-/abuse_reports',
        payload: valid({ category: 'crypto' }),
      });
      expect(noHeader.statusCode).toBe(403);
      const wrongField = await b.request({
        method: 'POST',
        url: '/-/abuse_reports',
        payload: { ...valid({ category: 'crypto' }), authenticity_token: 'forged' },
        csrf: true,
      });
      expect(wrongField.statusCode).toBe(403);
    });

    it('refuses signed-out visitors (401)', async () => {
      const res = await report(valid({ category: 'other' }), null);
      expect(res.statusCode).toBe(401);
    });

    it('refuses reporting yourself (422)', async () => {
      const res = await report({ ...valid(), user_id: reporter.id });
      expect([res.statusCode, res.json<{ message: string }>().message]).toEqual([422, SELF_REPORT_MESSAGE]);
    });

    it('is a 404 for a user who does not exist, or a user_id that is not an id', async () => {
      expect((await report({ ...valid(), user_id: 999_999_999 })).statusCode).toBe(404);
      expect((await report({ ...valid(), user_id: 'alice' })).statusCode).toBe(404);
    });

    it.each([
      [{ category: undefined }, "Category can't be blank"],
      [{ category: 'rude' }, 'Category is not included in the list'],
      [{ message: '   ' }, "Message can't be blank"],
      [{ message: 'x'.repeat(5001) }, 'Message is too long (maximum is 5000 characters)'],
      [
        { reported_from_url: 'javascript:alert(1)' },
        'Reported from url is blocked: Only allowed schemes are http, https',
      ],
      [{ links_to_spam: ['not a url'] }, 'Links to spam contains an invalid URL: not a url'],
      [
        {
          links_to_spam: 'https://a.example'
            .split(' ')
            .concat(Array.from({ length: 21 }, (_, i) => `https://a.example/${i}`)),
        },
        'Links to spam exceeds the limit of 20 links',
      ],
    ])('validates %o', async (overrides, message) => {
      const res = await report(valid({ category: 'copyright', ...overrides }));
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toContain(message);
    });

    it('reports every problem at once', async () => {
      const res = await report({ user_id: author.id, abuse_report: {} });
      expect(res.json<{ message: string }>().message).toBe("Category can't be blank, Message can't be blank");
    });

    it('refuses a second open report of the same user for the same reason', async () => {
      expect((await report(valid({ category: 'credentials' }))).statusCode).toBe(201);
      const again = await report(valid({ category: 'credentials' }));
      expect([again.statusCode, again.json<{ message: string }>().message]).toEqual([422, DUPLICATE_REPORT_MESSAGE]);
    });
  });

  describe('GET /api/v4/admin/abuse_reports', () => {
    it('lists every report newest first for administrators, with GitLab’s pagination headers', async () => {
      const res = await t.request({ method: 'GET', url: '/api/v4/admin/abuse_reports?per_page=2', as: admin });
      expect(res.statusCode).toBe(200);
      const rows = res.json<Entity[]>();
      expect(rows).toHaveLength(2);
      expect(rows[0]?.id).toBeGreaterThan(rows[1]?.id ?? 0);
      expect(rows[0]).toMatchObject({
        category: 'credentials',
        user: { id: author.id },
        reporter: { id: reporter.id },
      });
      expect(res.headers['x-total']).toBe('4');
      expect(res.headers['x-total-pages']).toBe('2');
      expect(res.headers['x-next-page']).toBe('2');
      expect(res.headers.link).toContain('rel="next"');

      const phishing = await t.request({
        method: 'GET',
        url: '/api/v4/admin/abuse_reports?category=phishing&status=open',
        as: admin,
      });
      expect(phishing.json<Entity[]>().map((r) => r.category)).toEqual(['phishing']);
    });

    it('refuses a bad filter (400), non-admins (403) and signed-out visitors (401)', async () => {
      expect(
        (await t.request({ method: 'GET', url: '/api/v4/admin/abuse_reports?status=spam', as: admin })).statusCode,
      ).toBe(400);
      expect((await t.request({ method: 'GET', url: '/api/v4/admin/abuse_reports', as: reporter })).statusCode).toBe(
        403,
      );
      expect((await t.request({ method: 'GET', url: '/api/v4/admin/abuse_reports', as: null })).statusCode).toBe(401);
    });
  });

  describe('GraphQL abuseReports', () => {
    const QUERY = `query($status: AbuseReportStatus) {
      abuseReports(status: $status, first: 10) {
        count
        nodes { id category status message reportedFromUrl linksToSpam createdAt user { username } reporter { username } }
      }
    }`;

    it('gives administrators the reports', async () => {
      const res = await t.graphql<{ abuseReports: { count: number; nodes: Record<string, unknown>[] } }>(
        QUERY,
        { status: 'OPEN' },
        { as: admin },
      );
      expect(res.errors).toBeUndefined();
      expect(res.data?.abuseReports.count).toBe(4);
      expect(res.data?.abuseReports.nodes[0]).toMatchObject({
        category: 'CREDENTIALS',
        status: 'OPEN',
        reportedFromUrl: EPIC_URL,
        user: { username: author.username },
        reporter: { username: reporter.username },
      });
    });

    it('hides them from everyone else', async () => {
      for (const as of [reporter, null]) {
        const res = await t.graphql(QUERY, {}, { as });
        expect(res.data?.abuseReports ?? null).toBeNull();
        expect(res.errors?.[0]?.message).toMatch(/does not exist or you don't have permission/);
      }
    });
  });
});
