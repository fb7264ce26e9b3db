/**
 * `npm run bench:windows -- --group bench-100k [--as alice] [--sort start_date_asc] [--explain]`:
 * the server's side of a roadmap's random jumps (issue 17, decision 0056), on a group already seeded
 * into the database the server uses (`npm run bench:seed`; `DATABASE_URL`, else the embedded
 * PostgreSQL in `MILEPOST_DATA_DIR`, running or not). Through the epics service, as the roadmap asks
 * (`topLevelInList`, the bench's THREE_YEARS timeframe), as a Developer of the group:
 *
 * - the first page: the position index built with the count (one pass), its time and the index's size,
 *   and, median of 3 each, the index's build alone and the count alone (`count(*)` with the nesting
 *   rule, no order: what a first page that read its rows some other way would still pay, decision
 *   0075), and the first page as it was read before (a window with `count(*) OVER ()` and the rule in SQL);
 * - 20 windows of 50 at random positions (a seeded PRNG), read through the index: median and slowest;
 * - the same windows as a keyset read after the row before them with the nesting rule in SQL (how
 *   every window was read before decision 0056): median and slowest;
 * - an epic's position in the list (a link to it), median of 20.
 *
 * `--explain`: EXPLAIN (ANALYZE, BUFFERS) of the statements of the index build, of one indexed window
 * and of one keyset window. Prints numbers and plans; asserts nothing. Under load every time is an
 * upper bound: compare the two ways of the same run.
 */
import { userActor } from '../src/authz/actor.ts';
import { loadConfig } from '../src/config.ts';
import type { EpicSortKey } from '../src/modules/epics/epics.repository.ts';
import { epicsRepository } from '../src/modules/epics/epics.repository.ts';
import { createServices } from '../src/modules/services.ts';
import { usersRepository } from '../src/modules/users/users.repository.ts';
import { captureQueries, type SentQuery } from '../src/test/statements.ts';
import { openServerDatabase } from './server-database.ts';

const out = (line = '') => process.stdout.write(`${line}\n`);

function parseArgs(argv: readonly string[]) {
  const args = { group: 'bench-100k', as: 'alice', sort: 'start_date_asc' as EpicSortKey, explain: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2);
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--group') args.group = value();
    else if (flag === '--as') args.as = value();
    else if (flag === '--sort') args.sort = value() as EpicSortKey;
    else if (flag === '--explain') args.explain = true;
    else throw new Error(`Unknown option ${flag}. Options: --group PATH --as USERNAME --sort SORT --explain`);
  }
  return args;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const server = await openServerDatabase(config, out);
  try {
    const { db, pool } = server.database;
    const services = createServices(db, config);
    const user = await usersRepository(db).findByUsername(args.as);
    if (!user) throw new Error(`No user ${args.as}`);
    const actor = userActor(user);
    const group = await services.groups.find(actor, args.group);
    if (!group) throw new Error(`No group ${args.group} (seed it first: npm run bench:seed -- --group ${args.group})`);
    const today = new Date();
    const year = today.getUTCFullYear();
    const input = {
      group,
      state: 'all' as const,
      sort: args.sort,
      timeframe: { start: `${year - 1}-01-01`, end: `${year + 1}-12-31` },
      topLevelInList: true,
    };
    const explain = async (label: string, statement: SentQuery | undefined) => {
      if (!args.explain || !statement) return;
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
      out(`\n--- ${label} ---`);
      for (const row of plan.rows as { 'QUERY PLAN': string }[]) out(row['QUERY PLAN']);
    };

    const repo = epicsRepository(db);
    const filter = {
      visible: await services.epics.visibleSql(actor),
      groupScope: { groupId: group.id, descendants: true, ancestorIds: [] },
      timeframe: input.timeframe,
      topLevelInList: true,
      sort: args.sort,
      limit: 51,
      offset: 0,
    };
    const timed = async (run: () => Promise<unknown>, times = 3) => {
      const took: number[] = [];
      for (let i = 0; i < times; i++) {
        const t0 = performance.now();
        await run();
        took.push(performance.now() - t0);
      }
      return `median ${ms(median(took))}, slowest ${ms(Math.max(...took))} (${times} runs)`;
    };

    let started = performance.now();
    const first = await captureQueries(() => services.epics.list(actor, input, { limit: 51, offset: 0 }));
    const total = first.result.total;
    out(`First page (the index built with the count): ${ms(performance.now() - started)}; ${total} top-level rows`);
    out(`  the index's build alone: ${await timed(() => repo.orderedIds(filter))}`);
    out(
      `  the count alone (count(*) with the nesting rule, no order): ${await timed(() => repo.list({ ...filter, limit: 0 }))}`,
    );
    await explain(
      'position index (with the count)',
      first.queries.find((s) => /string_agg/.test(s.text)),
    );

    // A seeded PRNG: the same positions every run.
    let seed = 17;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const positions = Array.from({ length: 20 }, () => Math.floor(random() * Math.max(total - 50, 1)));

    const indexed: number[] = [];
    let indexedStatements: SentQuery[] = [];
    const keys: ({ values: (string | null)[]; id: number } | undefined)[] = [];
    for (const position of positions) {
      started = performance.now();
      const window = await captureQueries(() =>
        services.epics.list(actor, input, { limit: 51, offset: position, total }),
      );
      indexed.push(performance.now() - started);
      indexedStatements = window.queries;
      keys.push(window.result.rows[0]?.cursor);
    }
    out(`Windows through the index: median ${ms(median(indexed))}, slowest ${ms(Math.max(...indexed))}`);
    await explain(
      'a window through the index',
      indexedStatements.find((s) => /"epics"/.test(s.text)),
    );

    // Before: the rows after the one before the window, with the nesting rule in SQL (a keyset read).
    started = performance.now();
    const counted = await captureQueries(() => repo.list(filter));
    out(
      `First page as before (count(*) over the list with the nesting rule in SQL): ${ms(performance.now() - started)}; ${counted.result.total} rows`,
    );
    await explain(
      'first page as before (the count)',
      counted.queries.find((s) => /count\(\*\)/.test(s.text)),
    );

    const keyset: number[] = [];
    let keysetStatements: SentQuery[] = [];
    for (const key of keys) {
      if (!key) continue;
      started = performance.now();
      const window = await captureQueries(() => repo.list(filter, total, { after: key }));
      keyset.push(performance.now() - started);
      keysetStatements = window.queries;
    }
    out(
      `Windows as keyset reads with the nesting rule (before): median ${ms(median(keyset))}, slowest ${ms(Math.max(...keyset))}`,
    );
    await explain('a keyset window with the nesting rule (before)', keysetStatements[0]);

    const linked: number[] = [];
    for (const key of keys.slice(0, 20)) {
      if (!key) continue;
      const found = await services.epics.findById(actor, key.id);
      if (!found) continue;
      started = performance.now();
      await services.epics.positionOf(actor, input, found);
      linked.push(performance.now() - started);
    }
    out(`An epic's position (a link to it): median ${ms(median(linked))}, slowest ${ms(Math.max(...linked))}`);
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
