import { DEFAULT_ROADMAP_SETTINGS } from '@milepost/shared';
import { describe, expect, it } from 'vitest';
import { roadmapViewFromUrl, roadmapViewToUrl } from './use-roadmap-settings.ts';

describe('roadmap view ⇄ URL', () => {
  it('reads settings and filters, including negated and "or" tokens', () => {
    const params = new URLSearchParams(
      'timeframe_range_type=THREE_YEARS&layout=MONTHS&state=opened&sort=TITLE_DESC&progress=COUNT' +
        '&show_progress=false&show_milestones=false&milestones_type=PROJECT&show_labels=true' +
        '&label_name[]=bug&not[label_name][]=ux&or[author_username]=alice&or[author_username]=bob&search=login',
    );
    const { settings, filter } = roadmapViewFromUrl(params);
    expect(settings).toMatchObject({
      timeframeRangeType: 'THREE_YEARS',
      presetType: 'MONTHS',
      epicsState: 'opened',
      sortedBy: 'TITLE_DESC',
      progressTracking: 'COUNT',
      isProgressTrackingActive: false,
      isShowingMilestones: false,
      milestonesType: 'PROJECT',
      isShowingLabels: true,
    });
    expect(filter.tokens).toEqual([
      { type: 'label', operator: '=', value: 'bug' },
      { type: 'label', operator: '!=', value: 'ux' },
      { type: 'author', operator: '||', value: 'alice' },
      { type: 'author', operator: '||', value: 'bob' },
    ]);
    expect(filter.search).toBe('login');
  });

  it('falls back to the defaults for invalid values', () => {
    const { settings, filter } = roadmapViewFromUrl(
      new URLSearchParams('timeframe_range_type=DECADE&layout=DAYS&state=gone&sort=RANDOM&milestones_type=X'),
    );
    expect(settings).toEqual(DEFAULT_ROADMAP_SETTINGS);
    expect(filter.tokens).toEqual([]);
  });

  it('takes the epic from epic_iid or epicIid as an epic token', () => {
    expect(roadmapViewFromUrl(new URLSearchParams('epic_iid=5')).filter.tokens).toEqual([
      { type: 'epic', operator: '=', value: '5' },
    ]);
    expect(roadmapViewFromUrl(new URLSearchParams('epicIid=7')).filter.tokens).toEqual([
      { type: 'epic', operator: '=', value: '7' },
    ]);
  });

  it('writes a view back, keeping unrelated parameters, and round-trips', () => {
    const current = new URLSearchParams('utm=x&sort=TITLE_ASC&label_name[]=old');
    const view = roadmapViewFromUrl(
      new URLSearchParams('timeframe_range_type=CURRENT_YEAR&layout=WEEKS&label_name[]=bug&epic_iid=3'),
    );
    const url = roadmapViewToUrl(current, view.settings, view.filter);
    expect(url.toString()).toBe('utm=x&label_name%5B%5D=bug&epic_iid=3&timeframe_range_type=CURRENT_YEAR&layout=WEEKS');
    expect(roadmapViewFromUrl(url)).toEqual(view);
  });

  it('leaves the default view with a clean URL', () => {
    expect(
      roadmapViewToUrl(new URLSearchParams(), { ...DEFAULT_ROADMAP_SETTINGS }, { tokens: [], search: '' }).toString(),
    ).toBe('');
  });
});
