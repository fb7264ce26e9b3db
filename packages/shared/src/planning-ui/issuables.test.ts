import { describe, expect, it } from 'vitest';
import { deleteConfirmBody, deleteConfirmTitle, issuableBadgeVariant, issuableStatusText } from './issuables.ts';

describe('issuableBadgeVariant', () => {
  it.each([
    ['opened', 'success'],
    ['OPENED', 'success'],
    ['open', 'success'],
    ['reopened', 'success'],
    ['closed', 'info'],
    ['CLOSED', 'info'],
    ['merged', 'info'],
    ['locked', 'info'],
    ['', 'info'],
    [null, 'info'],
  ])('%j → %s', (state, variant) => expect(issuableBadgeVariant(state)).toBe(variant));
});

describe('issuableStatusText', () => {
  it.each([
    ['opened', 'Open'],
    ['reopened', 'Open'],
    ['OPEN', 'Open'],
    ['closed', 'Closed'],
    ['CLOSED', 'Closed'],
    ['merged', 'Merged'],
    ['archived', 'Archived'],
    [null, ''],
  ])('%j → %j', (state, text) => expect(issuableStatusText(state)).toBe(text));
});

describe('deleteConfirmBody', () => {
  it.each([
    ['epic', 'Delete this epic and release all child items?'],
    ['Epic', 'Delete this epic and release all child items?'],
    ['issue', 'Issue will be removed! Are you sure?'],
    ['incident', 'Incident will be removed! Are you sure?'],
    ['work item', 'Work item will be removed! Are you sure?'],
  ])('%s → %j', (type, body) => expect(deleteConfirmBody(type)).toBe(body));
});

describe('deleteConfirmTitle', () => {
  it.each([
    ['epic', 'Delete epic'],
    ['Issue', 'Delete issue'],
  ])('%s → %j', (type, title) => expect(deleteConfirmTitle(type)).toBe(title));
});
