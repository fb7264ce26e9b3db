/**
 * GitLab's `Timeframe` input (`{start: Date!, end: Date!}`: items overlapping the closed range), shared
 * by every list that filters on dates (milestones here; epics import it from this file).
 */
import { isIsoDate } from '@milepost/shared';
import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder.ts';

export const TimeframeInput = builder.inputType('Timeframe', {
  description: 'A time-frame defined as a closed inclusive range of two dates.',
  fields: (t) => ({
    start: t.field({ type: 'Date', required: true, description: 'Start of the timeframe.' }),
    end: t.field({ type: 'Date', required: true, description: 'End of the timeframe.' }),
  }),
});

/** Checks a timeframe argument: real dates, start ≤ end (GitLab's ArgumentError 'start must be before end'). */
export function checkTimeframe(timeframe: { start: string; end: string } | null | undefined) {
  if (!timeframe) return undefined;
  for (const key of ['start', 'end'] as const) {
    if (!isIsoDate(timeframe[key])) throw new GraphQLError(`${JSON.stringify(timeframe[key])} is not a valid date`);
  }
  if (timeframe.start > timeframe.end) throw new GraphQLError('start must be before end');
  return timeframe;
}
