import {
  type LineRange,
  moveListItem,
  removeTaskItem,
  type TaskToggle,
  taskTitleAndDescription,
  toggleTaskLine,
} from '@milepost/shared';
import { useState } from 'react';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import { TaskListHtml } from './task-list-html.tsx';

/** The child a converted task became, and how to take it back (Undo). */
export type ConvertedChild = { remove: () => Promise<void> };

/** What a page gives for its description (or comment): the text, and how to save and re-read it. */
export type TaskListTarget = {
  /** 'issue', 'epic', 'incident', 'task', 'comment': the conflict message's {issueType}. */
  issuableType: string;
  html: string;
  source: string;
  lockVersion: number;
  /** Whether the viewer may edit the text. */
  editable: boolean;
  /**
   * Saves one checkbox (GitLab's `update_task` on the server, which checks the line); absent: the
   * toggled text is saved whole at `lockVersion`.
   */
  toggleTask?: (toggle: TaskToggle) => Promise<void>;
  /** Saves the whole text at `lockVersion` (a 409 when it changed meanwhile). */
  save: (text: string, lockVersion: number) => Promise<{ lockVersion: number }>;
  /** Re-reads the item after a save or a conflict (text, lock version, checklist count). */
  refresh: () => Promise<unknown>;
  /**
   * 'Convert to child item': creates the child from the task's title and description. Absent: the
   * menu does not offer it (comments, tasks).
   */
  convert?: {
    childType: 'task' | 'issue';
    create: (task: { title: string; description: string }) => Promise<ConvertedChild>;
  };
  /** Called with true while a save runs, false after (the page pauses its polling). */
  onBusyChange?: (busy: boolean) => void;
  className?: string;
};

const isConflict = (error: unknown) => (error as { status?: unknown } | null)?.status === 409;

export const conflictMessage = (issuableType: string) =>
  `Someone edited this ${issuableType} at the same time you did. The description has been updated and you will need to make your changes again.`;

/**
 * A description or comment with working task lists (issue 14): toggling a checkbox, moving list
 * items and 'Convert to child item' (the text is saved without the line, the child created; a toast
 * 'Converted to task' offers Undo, which restores the text and deletes the child: 'Task reverted').
 * A concurrent edit is never overwritten: the save answers 409, the page re-reads and says so.
 */
export function DescriptionTaskList({ target }: { target: TaskListTarget }) {
  const [busy, setBusy] = useState(false);
  const { pushAlert } = useAlerts();
  const { showToast } = useToast();

  /** Runs one save with the controls waiting; a conflict or failure re-reads and tells the user. */
  const run = async (work: () => Promise<void>, failure: string) => {
    setBusy(true);
    target.onBusyChange?.(true);
    try {
      await work();
      await target.refresh();
    } catch (error) {
      pushAlert({ variant: 'danger', message: isConflict(error) ? conflictMessage(target.issuableType) : failure });
      await target.refresh().catch(() => undefined);
    } finally {
      setBusy(false);
      target.onBusyChange?.(false);
    }
  };

  const saveFailure = 'Something went wrong while saving the description. Please try again.';
  const conflict = () => Object.assign(new Error('conflict'), { status: 409 });

  const handleToggle = (toggle: TaskToggle) =>
    run(async () => {
      if (target.toggleTask) return await target.toggleTask(toggle);
      const next = toggleTaskLine(target.source, toggle);
      if (next === null) throw conflict();
      await target.save(next, target.lockVersion);
    }, saveFailure);

  const handleMove = (items: LineRange[], from: number, to: number) =>
    run(async () => {
      const next = moveListItem(target.source, items, from, to);
      if (next === null) throw conflict();
      await target.save(next, target.lockVersion);
    }, saveFailure);

  const handleDelete = (range: LineRange) =>
    run(async () => {
      const removed = removeTaskItem(target.source, range);
      if (!removed) throw conflict();
      await target.save(removed.source, target.lockVersion);
    }, saveFailure);

  const convert = target.convert;
  const handleConvert = (range: LineRange) => {
    if (!convert) return;
    const original = target.source;
    const childName = convert.childType;
    return run(async () => {
      const removed = removeTaskItem(original, range);
      if (!removed) throw conflict();
      const { lockVersion } = await target.save(removed.source, target.lockVersion);
      let child: ConvertedChild;
      try {
        child = await convert.create(taskTitleAndDescription(removed.title, removed.description));
      } catch {
        // Nothing lost: the line goes back where it was.
        await target.save(original, lockVersion).catch(() => undefined);
        pushAlert({ variant: 'danger', message: `Something went wrong when creating ${childName}. Please try again.` });
        return;
      }
      showToast(`Converted to ${childName}`, {
        action: { label: 'Undo', onAction: () => void undo(original, lockVersion, child) },
      });
    }, saveFailure);
  };

  const undo = (original: string, lockVersion: number, child: ConvertedChild) =>
    run(async () => {
      await target.save(original, lockVersion);
      try {
        await child.remove();
      } catch {
        pushAlert({
          variant: 'danger',
          message: `Something went wrong when deleting the ${convert?.childType ?? 'task'}. Please try again.`,
        });
        return;
      }
      showToast(`${convert?.childType === 'issue' ? 'Issue' : 'Task'} reverted`);
    }, saveFailure);

  return (
    <TaskListHtml
      html={target.html}
      source={target.source}
      className={target.className}
      editable={target.editable}
      busy={busy}
      handlers={{
        onToggle: handleToggle,
        onMove: handleMove,
        onDelete: handleDelete,
        onConvert: convert ? handleConvert : undefined,
      }}
    />
  );
}
