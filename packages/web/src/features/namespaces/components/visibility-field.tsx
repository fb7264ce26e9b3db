import { VISIBILITY_NAMES, type VisibilityName } from '@milepost/shared';
import { RadioGroupField } from '../../../components/ui/radio-group-field.tsx';
import { VisibilityBadge, visibilityDescription } from './visibility-badge.tsx';

type VisibilityFieldProps = {
  kind: 'group' | 'project';
  value: VisibilityName;
  onChange: (value: VisibilityName) => void;
};

/** 'Visibility level' radios with GitLab's explanation of each level. */
export function VisibilityField({ kind, value, onChange }: VisibilityFieldProps) {
  return (
    <RadioGroupField
      label="Visibility level"
      value={value}
      onChange={(next) => onChange(next as VisibilityName)}
      options={VISIBILITY_NAMES.map((name) => ({
        id: name,
        label: <VisibilityBadge visibility={name} kind={kind} />,
        description: visibilityDescription(kind, name),
      }))}
      isRequired
    />
  );
}
