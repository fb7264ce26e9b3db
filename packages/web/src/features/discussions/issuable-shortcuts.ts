import { appendQuote, quoteText } from '@milepost/shared';

/** The text selected on the page's content (a description, a comment), or ''. */
export function selectedContentText(): string {
  const selection = window.getSelection();
  const content = document.getElementById('content');
  if (!selection || selection.isCollapsed || !content) return '';
  if (!content.contains(selection.anchorNode) || !content.contains(selection.focusNode)) return '';
  return selection.toString();
}

/** `r`: the comment text with the selection quoted after it (unchanged when nothing is selected). */
export function bodyWithSelectionQuoted(body: string): string {
  return appendQuote(body, quoteText(selectedContentText()));
}

/**
 * Focuses a form's text (the markdown text area, or the rich text editor) with the caret at the end.
 * At once, not a frame later: a caret moved then undid what the user did meanwhile (a Select all
 * and Delete right after `r` deleted nothing).
 */
export function focusFormText(form: HTMLElement | null): void {
  const field = form?.querySelector<HTMLElement>('textarea, [contenteditable="true"]');
  if (!field) return;
  field.focus();
  if (field instanceof HTMLTextAreaElement) field.setSelectionRange(field.value.length, field.value.length);
}

/**
 * Up in an empty comment field (spec 002 §9.1): opens the viewer's most recent comment for editing.
 * Returns whether there was one.
 */
export function editLastOwnNote(): boolean {
  const notes = [...document.querySelectorAll<HTMLElement>('article[data-own-note]')];
  const latest = notes
    .map((note) => ({ note, time: note.querySelector('time')?.getAttribute('datetime') ?? '' }))
    .filter(({ note }) => note.querySelector('button[aria-label="Edit comment"]'))
    .sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
  const button = latest?.note.querySelector<HTMLElement>('button[aria-label="Edit comment"]');
  if (!button) return false;
  latest?.note.scrollIntoView({ block: 'nearest' });
  button.click();
  return true;
}
