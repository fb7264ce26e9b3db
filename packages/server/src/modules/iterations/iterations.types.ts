import type { IterationState } from '@milepost/shared';

/** A group's iteration cadence (GitLab's Iterations::Cadence). */
export type CadenceRow = {
  id: number;
  groupId: number;
  title: string;
  description: string;
  automatic: boolean;
  active: boolean;
  startDate: string | null;
  durationInWeeks: number | null;
  iterationsInAdvance: number | null;
  rollOver: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** An iteration (GitLab's sprint); `state` follows from its dates and today's date. */
export type IterationRow = {
  id: number;
  iid: number;
  groupId: number;
  cadenceId: number;
  sequence: number;
  title: string | null;
  description: string;
  startDate: string;
  dueDate: string;
  state: IterationState;
  createdAt: Date;
  updatedAt: Date;
};
