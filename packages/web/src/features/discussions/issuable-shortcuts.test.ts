import { describe, expect, it } from 'vitest';
import { focusFormText } from './issuable-shortcuts.ts';

const nextFrames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

describe('focusFormText', () => {
  it('focuses the text area with the caret at the end at once, and leaves a selection made after it', async () => {
    const form = document.createElement('form');
    const area = document.createElement('textarea');
    area.value = '> Quote this.\n\n';
    form.append(area);
    document.body.append(form);
    area.setSelectionRange(0, 0);

    focusFormText(form);
    expect(document.activeElement).toBe(area);
    expect([area.selectionStart, area.selectionEnd]).toEqual([area.value.length, area.value.length]);

    // The user selects everything right away (to delete it): the next frames keep that selection.
    area.setSelectionRange(0, area.value.length);
    await nextFrames();
    expect([area.selectionStart, area.selectionEnd]).toEqual([0, area.value.length]);
    form.remove();
  });
});
