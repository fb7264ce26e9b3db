/** Small helpers that collect GitLab-style field errors: `{name: ["can't be blank"]}`. */
export class FieldErrors {
  readonly fields: Record<string, string[]> = {};

  add(field: string, message: string): void {
    this.fields[field] ??= [];
    this.fields[field].push(message);
  }

  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }

  /** Checks a required, trimmed text of at most `max` characters; returns it trimmed. */
  text(field: string, value: unknown, max = 255, required = true): string {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (required) this.add(field, "can't be blank");
      return '';
    }
    if (typeof value !== 'string') {
      this.add(field, 'is invalid');
      return '';
    }
    const trimmed = value.trim();
    if (trimmed.length > max) this.add(field, `is too long (maximum is ${max} characters)`);
    return trimmed;
  }
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_RE.test(value) && value.length <= 255;
}

/** A calendar date 'YYYY-MM-DD' with a four-digit year that exists (no 2027-02-30, no year 0). */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A boolean sent as JSON or a form value (`true`/`false`, `1`/`0`); undefined for anything else. */
export function booleanOf(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  return undefined;
}
