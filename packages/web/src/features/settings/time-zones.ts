import type { ComboOption } from '../../components/ui/combo-box-field.tsx';

/** 'Use the browser's time zone' in the time zone picker. */
export const BROWSER_ZONE_ID = '';

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

let zones: readonly string[] | undefined;

/** Every IANA time zone the browser knows (UTC first), computed once. */
export function timeZoneNames(): readonly string[] {
  if (!zones) {
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    zones = ['UTC', ...known.filter((zone) => zone !== 'UTC')];
  }
  return zones;
}

export function timeZoneLabel(zone: string): string {
  return zone === BROWSER_ZONE_ID ? `The browser's time zone (${browserTimeZone()})` : zone.replaceAll('_', ' ');
}

/** The options matching what was typed ('berlin', 'new york'), the browser's zone first. */
export function timeZoneOptions(query: string): ComboOption[] {
  const words = query.toLowerCase().replaceAll('_', ' ').split(/\s+/).filter(Boolean);
  const all = [BROWSER_ZONE_ID, ...timeZoneNames()];
  const matching = all.filter((zone) => {
    const label = timeZoneLabel(zone).toLowerCase();
    return words.every((word) => label.includes(word));
  });
  return matching.slice(0, 50).map((zone) => ({ id: zone || 'browser', label: timeZoneLabel(zone) }));
}
