import { isVisibilityName, type VisibilityName } from '@milepost/shared';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import styles from './visibility-badge.module.css';

const ICONS: Record<VisibilityName, IconName> = { private: 'lock', internal: 'shield', public: 'earth' };
const LABELS: Record<VisibilityName, string> = { private: 'Private', internal: 'Internal', public: 'Public' };

/** GitLab's wording for who can see a group or project. */
const DESCRIPTIONS: Record<'group' | 'project', Record<VisibilityName, string>> = {
  group: {
    private: 'The group and its projects can only be viewed by members.',
    internal: 'The group and any internal projects can be viewed by any logged in user except external users.',
    public: 'The group and any public projects can be viewed without any authentication.',
  },
  project: {
    private:
      'Project access must be granted explicitly to each user. If this project is part of a group, access is granted to members of the group.',
    internal: 'The project can be accessed by any logged in user except external users.',
    public: 'The project can be accessed without any authentication.',
  },
};

export function visibilityDescription(kind: 'group' | 'project', visibility: VisibilityName): string {
  return DESCRIPTIONS[kind][visibility];
}

type VisibilityBadgeProps = { visibility: string | null | undefined; kind: 'group' | 'project'; showText?: boolean };

/** The lock / shield / globe icon with the level's name; the description is its tooltip. */
export function VisibilityBadge({ visibility, kind, showText = true }: VisibilityBadgeProps) {
  if (!isVisibilityName(visibility)) return null;
  const label = LABELS[visibility];
  const title = `${label} - ${DESCRIPTIONS[kind][visibility]}`;
  return (
    <span className={styles.badge} title={title}>
      <Icon name={ICONS[visibility]} label={showText ? undefined : label} />
      {showText && label}
    </span>
  );
}
