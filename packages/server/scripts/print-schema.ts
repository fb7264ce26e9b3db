/** Prints the GraphQL schema to schema.graphql; with --check, fails when the committed file differs. */
import fs from 'node:fs';
import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from '../src/graphql/schema.ts';

const file = path.join(import.meta.dirname, '..', 'schema.graphql');
const printed = `${printSchema(lexicographicSortSchema(schema))}\n`;

if (process.argv.includes('--check')) {
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (committed !== printed) {
    process.stderr.write('schema.graphql is out of date: run `npm run schema:print` and commit the result.\n');
    process.exit(1);
  }
  process.stdout.write('schema.graphql is up to date.\n');
} else {
  fs.writeFileSync(file, printed);
  process.stdout.write(`Wrote ${path.relative(process.cwd(), file)}\n`);
}
