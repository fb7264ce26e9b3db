import { FLASH_COOKIE, SIGN_IN_REQUIRED_FLASH, SIGN_IN_REQUIRED_MESSAGE } from '@milepost/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';

const MESSAGES: Record<string, string> = { [SIGN_IN_REQUIRED_FLASH]: SIGN_IN_REQUIRED_MESSAGE };

/** Reads and clears the server's one-shot flash cookie (set when it sends a visitor to sign in). */
export function takeFlashCookie(): string | null {
  const part = document.cookie.split(';').find((c) => c.trim().startsWith(`${FLASH_COOKIE}=`));
  if (!part) return null;
  // biome-ignore lint/suspicious/noDocumentCookie: clearing the server's flash cookie (same path) is the only way to read it once
  document.cookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
  return decodeURIComponent(part.trim().slice(FLASH_COOKIE.length + 1));
}

/**
 * The flash message for this page, if any: from the server's cookie (a full page load) or from the
 * navigation state (the web app's own redirect). Read once, on the first render.
 */
export function useFlash(): string | null {
  const location = useLocation();
  const [flash] = useState(() => {
    const fromState = (location.state as { flash?: unknown } | null)?.flash;
    const key = typeof fromState === 'string' ? fromState : takeFlashCookie();
    return key ? (MESSAGES[key] ?? null) : null;
  });
  return flash;
}
