/**
 * Text on a user-chosen colour (epic bars, label pills) must stay readable (WCAG AA, 4.5:1 for
 * small text). The server's `textColor` is used when it is readable on its background; otherwise
 * white, near-black (the `--color-white` / `--color-gray-950` tokens) or, for mid-tones where
 * neither reaches 4.5:1 (teal #0d9488), black.
 */
const CANDIDATES = ['#ffffff', '#1f1e24', '#000000'] as const;
const MIN_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance of `#rgb` / `#rrggbb`, or null for anything else. */
export function luminance(color: string): number | null {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-fA-F]{6}$/.test(full)) return null;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export function readableTextColor(background: string | null | undefined, textColor: string | null | undefined) {
  if (!background) return textColor ?? undefined;
  const given = textColor ? contrastRatio(background, textColor) : null;
  if (given !== null && given >= MIN_CONTRAST) return textColor ?? undefined;
  let best: { color: string; ratio: number } | null = null;
  for (const color of CANDIDATES) {
    const ratio = contrastRatio(background, color);
    if (ratio === null) return textColor ?? undefined;
    if (ratio >= MIN_CONTRAST) return color;
    if (!best || ratio > best.ratio) best = { color, ratio };
  }
  return best?.color ?? textColor ?? undefined;
}
