import { describe, expect, it } from 'vitest';
import { roadmapFirstListArgs } from './first-list.ts';

describe('roadmapFirstListArgs', () => {
  it('is the default view: all epics by start date over the weeks of the current quarter', () => {
    expect(roadmapFirstListArgs('', '2026-11-27', 0)).toEqual({
      state: 'all',
      sort: 'START_DATE_ASC',
      timeframe: { start: '2026-09-27', end: '2027-01-02' },
      includeDescendantGroups: true,
    });
  });

  it('starts the weeks on the viewer’s first day of the week', () => {
    expect(roadmapFirstListArgs('', '2026-11-27', 1)?.timeframe).toEqual({ start: '2026-09-28', end: '2027-01-03' });
  });

  it('reads the settings and the filter of the URL', () => {
    expect(
      roadmapFirstListArgs(
        '?state=opened&sort=end_date_desc&timeframe_range_type=THREE_YEARS&layout=MONTHS&label_name[]=a&not[author_username]=bob&search=x',
        '2026-11-27',
        0,
      ),
    ).toEqual({
      labelName: ['a'],
      not: { authorUsername: 'bob' },
      search: 'x',
      state: 'opened',
      sort: 'END_DATE_DESC',
      timeframe: { start: '2025-05-01', end: '2028-05-31' },
      includeDescendantGroups: true,
    });
  });

  it('is null for another list: one epic’s children or another group’s epics', () => {
    expect(roadmapFirstListArgs('?epic_iid=3', '2026-11-27', 0)).toBeNull();
    expect(roadmapFirstListArgs('?group_path=acme/sub', '2026-11-27', 0)).toBeNull();
  });
});
