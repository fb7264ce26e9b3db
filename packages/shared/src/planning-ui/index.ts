export * from './assignees.ts';
export * from './date-picker.ts';
export * from './epic-colors.ts';
export * from './issuables.ts';
export * from './issue-sidebar.ts';
export * from './milestone-timing.ts';
