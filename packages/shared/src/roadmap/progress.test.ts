import { describe, expect, it } from 'vitest';
import { PROGRESS_TRACKING } from './constants.ts';
import { type EpicProgress, type EpicProgressInput, epicProgress } from './progress.ts';

const { COUNT, WEIGHT } = PROGRESS_TRACKING;

describe('epicProgress by issue count', () => {
  it.each<[EpicProgressInput, EpicProgress]>([
    [
      { descendantCounts: { openedIssues: 3, closedIssues: 2 } },
      { percentage: 40, title: '40% issues closed', detail: '2 of 5 issues closed' },
    ],
    [
      { descendantCounts: { openedIssues: 2, closedIssues: 1 } },
      { percentage: 33, title: '33% issues closed', detail: '1 of 3 issues closed' },
    ],
    [
      { descendantCounts: { openedIssues: 1, closedIssues: 2 } },
      { percentage: 67, title: '67% issues closed', detail: '2 of 3 issues closed' },
    ],
    [
      { descendantCounts: { openedIssues: 7, closedIssues: 1 } },
      { percentage: 13, title: '13% issues closed', detail: '1 of 8 issues closed' }, // 12.5 rounds up
    ],
    [
      { descendantCounts: { openedIssues: 0, closedIssues: 4 } },
      { percentage: 100, title: '100% issues closed', detail: '4 of 4 issues closed' },
    ],
    [
      { descendantCounts: { openedIssues: 4, closedIssues: 0 } },
      { percentage: 0, title: '0% issues closed', detail: '0 of 4 issues closed' },
    ],
    [
      { descendantCounts: { openedIssues: 0, closedIssues: 0 } },
      { percentage: null, title: '0% issues closed', detail: '0 of 0 issues closed' },
    ],
    [{ descendantCounts: null }, { percentage: null, title: '0% issues closed', detail: '- of - issues closed' }],
    [{}, { percentage: null, title: '0% issues closed', detail: '- of - issues closed' }],
    [
      // The weight sum is ignored when tracking by count.
      { descendantWeightSum: { openedIssues: 1, closedIssues: 1 } },
      { percentage: null, title: '0% issues closed', detail: '- of - issues closed' },
    ],
  ])('%j', (epic, expected) => expect(epicProgress(epic, COUNT)).toEqual(expected));
});

describe('epicProgress by weight', () => {
  it.each<[EpicProgressInput, EpicProgress]>([
    [
      {
        descendantWeightSum: { openedIssues: 7, closedIssues: 3 },
        descendantCounts: { openedIssues: 1, closedIssues: 0 },
      },
      { percentage: 30, title: '30% weight completed', detail: '3 of 10 weight completed' },
    ],
    [
      { descendantWeightSum: { openedIssues: 199, closedIssues: 1 } },
      { percentage: 1, title: '1% weight completed', detail: '1 of 200 weight completed' }, // 0.5 rounds up
    ],
    [
      { descendantWeightSum: { openedIssues: 201, closedIssues: 1 } },
      { percentage: 0, title: '0% weight completed', detail: '1 of 202 weight completed' },
    ],
    [
      { descendantWeightSum: null },
      { percentage: null, title: '0% weight completed', detail: '- of - weight completed' },
    ],
  ])('%j', (epic, expected) => expect(epicProgress(epic, WEIGHT)).toEqual(expected));
});
