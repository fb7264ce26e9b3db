import {
  defaultPresetForRange,
  EPICS_STATE_OPTIONS,
  type EpicsState,
  MILESTONES_TYPE_OPTIONS,
  type MilestonesType,
  PRESET_OPTIONS,
  PROGRESS_TRACKING_OPTIONS,
  type PresetType,
  type ProgressTracking,
  presetsForRange,
  type RoadmapSettings,
  TIMEFRAME_RANGE_OPTIONS,
  type TimeframeRangeType,
} from '@milepost/shared';
import { memo, type ReactNode } from 'react';
import { Switch } from 'react-aria-components';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { RadioGroupField } from '../../../components/ui/radio-group-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import styles from '../roadmap-settings-drawer.module.css';

type RoadmapSettingsDrawerProps = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  settings: RoadmapSettings;
  onChange: (patch: Partial<RoadmapSettings>) => void;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{title}</legend>
      {children}
    </fieldset>
  );
}

function SettingSwitch({
  isSelected,
  onChange,
  children,
}: {
  isSelected: boolean;
  onChange: (value: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Switch className={styles.switch} isSelected={isSelected} onChange={onChange}>
      <span className={styles.switchTrack} aria-hidden="true">
        <span className={styles.switchThumb} />
      </span>
      {children}
    </Switch>
  );
}

/**
 * 'Roadmap settings': a drawer sliding in from the right (z-index 20, under the top bar) with the
 * date range and layout, milestones, epics state, progress tracking and labels. Every change applies
 * at once; a new date range resets the layout to that range's default. Memoised (closed, it is
 * still rendered): a window of rows arriving re-renders the roadmap, not the drawer.
 */
export const RoadmapSettingsDrawer = memo(function RoadmapSettingsDrawer({
  isOpen,
  onOpenChange,
  settings,
  onChange,
}: RoadmapSettingsDrawerProps) {
  const presets = presetsForRange(settings.timeframeRangeType);
  const handleRangeChange = (value: string) => {
    const range = value as TimeframeRangeType;
    // The change applies when the dropdown closes with a value different from the current one.
    if (range !== settings.timeframeRangeType) {
      onChange({ timeframeRangeType: range, presetType: defaultPresetForRange(range) });
    }
  };
  return (
    <Drawer
      title="Roadmap settings"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      width="var(--roadmap-drawer-width)"
      zIndex="var(--z-roadmap-drawer)"
      dimmed={false}
      square
    >
      <div className={styles.body}>
        <Section title="Date range">
          <SelectField
            label="Date range"
            hideLabel
            options={TIMEFRAME_RANGE_OPTIONS.map((o) => ({ id: o.value, label: o.text }))}
            value={settings.timeframeRangeType}
            onChange={handleRangeChange}
          />
          {presets.length > 1 && (
            <RadioGroupField
              label="Layout"
              options={PRESET_OPTIONS.filter((o) => presets.includes(o.value)).map((o) => ({
                id: o.value,
                label: o.text,
              }))}
              value={settings.presetType}
              onChange={(value) => onChange({ presetType: value as PresetType })}
            />
          )}
        </Section>
        <Section title="Milestones">
          <SettingSwitch
            isSelected={settings.isShowingMilestones}
            onChange={(value) => onChange({ isShowingMilestones: value })}
          >
            Display milestones
          </SettingSwitch>
          {settings.isShowingMilestones && (
            <RadioGroupField
              label="Milestone types"
              options={MILESTONES_TYPE_OPTIONS.map((o) => ({ id: o.value, label: o.text }))}
              value={settings.milestonesType}
              onChange={(value) => onChange({ milestonesType: value as MilestonesType })}
            />
          )}
        </Section>
        <Section title="Epics">
          <RadioGroupField
            label="Epics to show"
            options={EPICS_STATE_OPTIONS.map((o) => ({ id: o.value, label: o.text }))}
            value={settings.epicsState}
            onChange={(value) => onChange({ epicsState: value as EpicsState })}
          />
        </Section>
        <Section title="Progress tracking">
          <SettingSwitch
            isSelected={settings.isProgressTrackingActive}
            onChange={(value) => onChange({ isProgressTrackingActive: value })}
          >
            Display progress of child issues
          </SettingSwitch>
          {settings.isProgressTrackingActive && (
            <RadioGroupField
              label="Track progress by"
              options={PROGRESS_TRACKING_OPTIONS.map((o) => ({ id: o.value, label: o.text }))}
              value={settings.progressTracking}
              onChange={(value) => onChange({ progressTracking: value as ProgressTracking })}
            />
          )}
        </Section>
        <Section title="Show labels">
          <SettingSwitch
            isSelected={settings.isShowingLabels}
            onChange={(value) => onChange({ isShowingLabels: value })}
          >
            Display labels
          </SettingSwitch>
        </Section>
      </div>
    </Drawer>
  );
});
