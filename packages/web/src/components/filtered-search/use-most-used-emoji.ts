import { useEffect, useState } from 'react';

/** GitLab's list of the signed-in user's most used reactions (spec 002 §7.4). */
export const MOST_USED_EMOJI_PATH = '/-/autocomplete/award_emojis';

let loaded: Promise<string[]> | null = null;

function isNameList(value: unknown): value is { name: string }[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && typeof v.name === 'string');
}

/** Loads the names once per page load (a failure is tried again next time). */
function loadMostUsed(): Promise<string[]> {
  loaded ??= fetch(MOST_USED_EMOJI_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      const body: unknown = response.ok ? await response.json() : undefined;
      if (!isNameList(body)) throw new Error(`award_emojis: ${response.status}`);
      return body.map((entry) => entry.name);
    })
    .catch((error: unknown) => {
      loaded = null;
      throw error;
    });
  return loaded;
}

/** Forgets the loaded names (tests). */
export function resetMostUsedEmoji(): void {
  loaded = null;
}

/**
 * The signed-in user's most used reaction names, most used first, for the "my reaction" token;
 * `error` when they could not be fetched (the full emoji list still works without them).
 */
export function useMostUsedEmoji(enabled: boolean): { names: readonly string[]; error: unknown } {
  const [state, setState] = useState<{ names: readonly string[]; error: unknown }>({ names: [], error: null });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadMostUsed().then(
      (names) => current && setState({ names, error: null }),
      (error: unknown) => current && setState({ names: [], error }),
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return enabled ? state : { names: [], error: null };
}
