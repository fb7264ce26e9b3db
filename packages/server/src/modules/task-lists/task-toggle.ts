/**
 * A checkbox toggle (GitLab's `update_task`) turned into a description change: the line the user
 * saw must still be there, at its number, else 409 (someone changed the description meanwhile).
 * As GitLab, the page's lock version is then not compared (only that one line changes); the write
 * itself is still conditional on the version the service just read, so nothing is overwritten.
 */
import { type TaskToggle, toggleTaskLine } from '@milepost/shared';
import { ConflictError } from '../../errors.ts';

export function withTaskToggled<T extends { description?: unknown; lockVersion?: number; taskToggle?: TaskToggle }>(
  input: T,
  current: string,
  staleMessage: string,
): T {
  if (!input.taskToggle) return input;
  const description = toggleTaskLine(current, input.taskToggle);
  if (description === null) throw new ConflictError(staleMessage);
  return { ...input, description, lockVersion: undefined, taskToggle: undefined };
}
