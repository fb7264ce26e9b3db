import { FLASH_COOKIE, SIGN_IN_REQUIRED_FLASH, SIGN_IN_REQUIRED_MESSAGE } from '@milepost/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';

/** The web app's own flash after a password reset (navigation state only). */
export const PASSWORD_RESET_FLASH = 'password_reset';

type Flash = { variant: 'info' | 'success'; message: string };

const MESSAGES: Record<string, Flash> = {
  [SIGN_IN_REQUIRED_FLASH]: { variant: 'info', message: SIGN_IN_REQUIRED_MESSAGE },
  [PASSWORD_RESET_FLASH]: {
    variant: 'success',
    message: 'Your password has been changed successfully. Sign in with it.',
  },
};

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
export function useFlash(): Flash | null {
  const location = useLocation();
  const [flash] = useState(() => {
    const fromState = (location.state as { flash?: unknown } | null)?.flash;
    const key = typeof fromState === 'string' ? fromState : takeFlashCookie();
    return key ? (MESSAGES[key] ?? null) : null;
  });
  return flash;
}
