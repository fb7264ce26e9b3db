/**
 * The feature switches (Admin › Settings, decision 0038) as the services apply them: sub-epics off
 * refuses a parent epic, health status off refuses setting one, and the scoped-label rule (one label
 * per scope) applies only with scoped labels on and multiple scoped labels off.
 */
import { type FeatureSwitches, keepOnePerScope } from '@milepost/shared';
import type { Db } from '../../db/client.ts';
import type { ApplicationSettingsRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { FieldErrors } from '../validation.ts';
import { currentApplicationSettings } from './application-settings.repository.ts';

export const SUB_EPICS_OFF = 'Sub-epics are switched off on this instance.';
export const HEALTH_STATUS_OFF = 'is switched off on this instance';

export function featureSwitchesOfRow(row: ApplicationSettingsRow): FeatureSwitches {
  return {
    subEpics: row.subEpicsEnabled,
    healthStatus: row.healthStatusEnabled,
    scopedLabels: row.scopedLabelsEnabled,
    multipleScopedLabels: row.multipleScopedLabelsEnabled,
  };
}

export async function featureSwitches(db: Db): Promise<FeatureSwitches> {
  return featureSwitchesOfRow(await currentApplicationSettings(db));
}

/** 403 when sub-epics are switched off (a new parent for an epic). */
export async function assertSubEpics(db: Db): Promise<void> {
  if (!(await featureSwitches(db)).subEpics) throw new AppError(403, SUB_EPICS_OFF);
}

/** A field error when a health status is set while health status is switched off (clearing it is fine). */
export async function checkHealthStatus(db: Db, value: unknown, errors: FieldErrors): Promise<void> {
  if (value === undefined || value === null || value === '') return;
  if (!(await featureSwitches(db)).healthStatus) errors.add('health_status', HEALTH_STATUS_OFF);
}

/** The instance's rule for the labels of one item: one per scope, unless scoped labels are off or several are allowed. */
export async function scopedLabelRule(db: Db): Promise<<T extends { title: string }>(labels: readonly T[]) => T[]> {
  const { scopedLabels, multipleScopedLabels } = await featureSwitches(db);
  return scopedLabels && !multipleScopedLabels ? keepOnePerScope : (labels) => [...labels];
}
