import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startNodeFlags } from './start-flags.ts';

const MB = 1024 * 1024;

describe('the server’s memory flags (npm start; decisions 0056 and 0095)', () => {
  it('bound the young generation and the old one, so that V8 grows the heap by less than four times', () => {
    // The heap's limit as this Node takes those flags, not only their text: the old generation's
    // maximum plus three of the young generation's semi-spaces.
    const limit = Number(
      execFileSync(
        process.execPath,
        [...startNodeFlags(), '-e', "console.log(require('node:v8').getHeapStatistics().heap_size_limit)"],
        { encoding: 'utf8' },
      ),
    );
    // 1 GB of old generation (V8 grows the heap by 4 times only from 2 GB on; Node's own default
    // here is 4 GB) and semi-spaces of 16 MB (Node 24's default of 64 MB would make it 1,216 MB).
    expect(limit).toBe(1024 * MB + 3 * 16 * MB);
  });
});
