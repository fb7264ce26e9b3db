import { describe, expect, it } from 'vitest';
import { taskCompletionStatus } from './task-list.ts';

describe('taskCompletionStatus', () => {
  it.each([
    ['', 0, 0],
    ['- [ ] one\n- [x] two\n- [X] three', 3, 2],
    ['* [ ] a\n+ [x] b\n1. [ ] c\n2) [x] d', 4, 2],
    ['- [~] skipped\n- [ ] open', 1, 0],
    ['```\n- [x] in code\n```\n- [ ] real', 1, 0],
    ['- [] not a task\n-[x] nor this\ntext [x]', 0, 0],
    ['  - [x] nested', 1, 1],
  ])('%j → %i tasks, %i done', (md, count, completedCount) => {
    expect(taskCompletionStatus(md)).toEqual({ count, completedCount });
  });
});
