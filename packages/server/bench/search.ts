/**
 * `npm run bench:search`: the global search (decision 0039) on the 50,000-issue benchmark group.
 * Starts the real server (`bench-server.ts`: a fresh temporary data directory and the demo), seeds
 * one group of 10,000 epics and 50,000 issues with alice a Developer of it, then times real
 * requests as alice — the REST search within the group and everywhere, and the web's GraphQL
 * (one page of a scope plus the counts of every scope) — and prints min / p50 / p95 per request
 * against the target p50 ≤ 100 ms.
 *
 * Options: `--runs N` (default 30), `--epics N`, `--issues N`.
 */
import os from 'node:os';
import { type BenchServer, cleanUp, DEMO_PASSWORD, seedBenchGroup, startBenchServer } from './bench-server.ts';

const GROUP = 'bench-search';
const USER = 'alice';
const TARGET_P50_MS = 100;
const WARMUP = 5;

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = argv.indexOf(name);
  const n = i >= 0 ? Number(argv[i + 1]) : fallback;
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);
  return n;
};
const RUNS = option('--runs', 30);
const out = (line = '') => process.stdout.write(`${line}\n`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const SEARCH_PAGE = `query($search: String!, $scope: SearchScope!, $groupId: ID) {
  search(search: $search, scope: $scope, groupId: $groupId) {
    count hasNextPage
    issues { id iid title state confidential webPath reference(full: true) updatedAt }
    epics { id title state confidential webPath reference(full: true) updatedAt }
  }
  searchCounts(search: $search, groupId: $groupId) { scopes { scope count } }
}`;

async function main() {
  out(`bench:search on ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`);
  const server: BenchServer = await startBenchServer(
    'bench-search',
    { MILEPOST_API_RATE_LIMIT_PER_USER: '0', MILEPOST_API_RATE_LIMIT_PER_IP: '0' },
    out,
  );
  await seedBenchGroup(
    server,
    { group: GROUP, member: USER, epics: option('--epics', 10_000), issues: option('--issues', 50_000) },
    out,
  );
  const tokenRes = await fetch(`${server.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: USER, password: DEMO_PASSWORD }),
  });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  if (!token) throw new Error(`No token for ${USER}: ${tokenRes.status}`);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const group = (await (await fetch(`${server.baseUrl}/api/v4/groups/${GROUP}`, { headers })).json()) as {
    id: number;
  };

  const rest = (path: string) => async () => {
    const res = await fetch(`${server.baseUrl}/api/v4${path}`, { headers });
    const body = (await res.json()) as unknown[];
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return { rows: body.length, total: res.headers.get('x-total') ?? '10,000+' };
  };
  const gql = (search: string, scope: string) => async () => {
    const res = await fetch(`${server.baseUrl}/api/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: SEARCH_PAGE, variables: { search, scope, groupId: String(group.id) } }),
    });
    const body = (await res.json()) as {
      data?: { search: { count: number; issues: unknown[]; epics: unknown[] } };
      errors?: unknown;
    };
    if (res.status !== 200 || body.errors || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body)}`);
    const page = body.data.search;
    return { rows: page.issues.length + page.epics.length, total: String(page.count) };
  };

  const inGroup = (scope: string, search: string) =>
    rest(`/groups/${group.id}/search?scope=${scope}&search=${encodeURIComponent(search)}`);
  const cases: [string, () => Promise<{ rows: number; total: string }>][] = [
    ['REST group issues "billing"', inGroup('issues', 'billing')],
    ['REST group issues "billing export"', inGroup('issues', 'billing export')],
    ['REST group issues "onboar" (prefix)', inGroup('issues', 'onboar')],
    ['REST group issues "\\"audit sync\\""', inGroup('issues', '"audit sync"')],
    ['REST group issues "roadmap -mobile"', inGroup('issues', 'roadmap -mobile')],
    ['REST group epics "payments"', inGroup('epics', 'payments')],
    ['REST group milestones "release"', inGroup('milestones', 'release')],
    ['REST global issues "catalog webhooks"', rest('/search?scope=issues&search=catalog%20webhooks')],
    ['REST global projects "bench"', rest('/search?scope=projects&search=bench')],
    ['GraphQL page + counts "billing"', gql('billing', 'ISSUES')],
    ['GraphQL page + counts "checkout caching"', gql('checkout caching', 'ISSUES')],
    ['REST group issues "benchmark" (every issue: worst case)', inGroup('issues', 'benchmark')],
  ];

  out();
  out(
    `${'request'.padEnd(58)} ${'rows'.padStart(5)} ${'total'.padStart(7)} ${'min'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}`,
  );
  const medians: number[] = [];
  for (const [name, fn] of cases) {
    let last = { rows: 0, total: '0' };
    for (let i = 0; i < WARMUP; i++) last = await fn();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await fn();
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    const p50 = percentile(samples, 50);
    if (!name.includes('worst case')) medians.push(p50);
    const ms = (n: number) => `${n.toFixed(1)}`.padStart(7);
    out(
      `${name.padEnd(58)} ${String(last.rows).padStart(5)} ${last.total.padStart(7)} ${ms(samples[0] ?? 0)} ${ms(p50)} ${ms(percentile(samples, 95))}`,
    );
  }
  medians.sort((a, b) => a - b);
  const overall = percentile(medians, 50);
  out();
  out(
    `search p50 (median of the requests' p50, worst case left out): ${overall.toFixed(1)} ms — target ≤ ${TARGET_P50_MS} ms: ${overall <= TARGET_P50_MS ? 'met' : 'NOT met'}`,
  );
}

try {
  await main();
} finally {
  await cleanUp();
}
