import { Link } from 'react-aria-components';
import { Avatar } from '../ui/avatar.tsx';
import { PlanningTooltip } from './planning-tooltip.tsx';
import styles from './sidebar-section.module.css';
import { SidebarSection } from './sidebar-section.tsx';

export type SidebarParticipant = {
  id: string;
  name: string;
  username: string;
  avatarUrl?: string | null;
  webPath: string;
};

type SidebarParticipantsProps = {
  /** null while loading */
  participants: readonly SidebarParticipant[] | null;
  /** The error text to show instead, if fetching failed. */
  error?: string | null;
};

/** Participants: avatars linking to each person, their name in a tooltip. */
export function SidebarParticipants({ participants, error }: SidebarParticipantsProps) {
  const count = participants?.length ?? 0;
  return (
    <SidebarSection
      title={participants ? `${count} ${count === 1 ? 'Participant' : 'Participants'}` : 'Participants'}
      label="Participants"
      name="participants"
    >
      {error ? (
        <p className={styles.fieldError}>{error}</p>
      ) : !participants ? (
        <span className={styles.placeholder} role="status" aria-label="Loading participants" />
      ) : count === 0 ? (
        <span className={styles.none}>None</span>
      ) : (
        <ul className={styles.people} aria-label="Participants">
          {participants.map((p) => (
            <li key={p.id}>
              <PlanningTooltip content={p.name}>
                <Link href={p.webPath} className={styles.person} aria-label={p.name} data-username={p.username}>
                  <Avatar name={p.name} src={p.avatarUrl} seed={p.id} size="m" />
                </Link>
              </PlanningTooltip>
            </li>
          ))}
        </ul>
      )}
    </SidebarSection>
  );
}
