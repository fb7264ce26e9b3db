/** Texts cut to a length (spec 002 §9): 30 characters by default, then an ellipsis. */
export const DEFAULT_TRUNCATE_LENGTH = 30;

/**
 * The first `maxLength` characters of `text` and '…' when it is longer; the text itself otherwise.
 * Characters, not UTF-16 units: an emoji is never cut in half.
 */
export function truncate(text: string, maxLength: number = DEFAULT_TRUNCATE_LENGTH): string {
  const characters = Array.from(text);
  if (characters.length <= maxLength) return text;
  return `${characters.slice(0, Math.max(0, maxLength)).join('').trimEnd()}…`;
}

/**
 * Selected text as a markdown quote for a reply (`r`): every line behind '> ', then an empty
 * line; '' when nothing but white space is selected.
 */
export function quoteText(selection: string): string {
  const text = selection.replace(/\r\n?/g, '\n').replace(/^\n+|\s+$/g, '');
  if (text.trim() === '') return '';
  return `${text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')}\n\n`;
}

/** `body` with `quote` added: after the text already there, separated by an empty line. */
export function appendQuote(body: string, quote: string): string {
  if (quote === '') return body;
  if (body.trim() === '') return quote;
  return `${body.replace(/\s+$/, '')}\n\n${quote}`;
}
