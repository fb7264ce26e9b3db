/** GitLab's task-list completion status of a markdown description: `- [ ]` / `- [x]` items. */
const TASK_RE = /^\s*(?:[-*+]|\d+[.)])\s+\[([ xX~])\]\s/;

export function taskCompletionStatus(markdown: string): { count: number; completedCount: number } {
  let count = 0;
  let completedCount = 0;
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (inFence) continue;
    const m = TASK_RE.exec(line);
    if (!m) continue;
    if (m[1] === '~') continue; // an "inapplicable" task counts for nothing
    count += 1;
    if (m[1] === 'x' || m[1] === 'X') completedCount += 1;
  }
  return { count, completedCount };
}
