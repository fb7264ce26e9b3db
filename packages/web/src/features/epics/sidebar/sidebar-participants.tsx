import { useQuery } from '@apollo/client/react';
import { Link } from 'react-aria-components';
import { useErrorAlert } from '../../../app/alerts/use-alerts.ts';
import { PlanningTooltip } from '../../../components/planning/planning-tooltip.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { EpicParticipantsQueryDocument } from '../../../gql/graphql.ts';
import styles from './epic-sidebar.module.css';

const ERROR = 'There was an error getting the epic participants.';

/** Participants: avatars linking to each person, their name in a tooltip. */
export function SidebarParticipants({ fullPath, iid }: { fullPath: string; iid: string }) {
  const { data, loading, error } = useQuery(EpicParticipantsQueryDocument, { variables: { fullPath, iid } });
  useErrorAlert(error, ERROR);
  const participants = data?.group?.epic?.participants?.nodes?.filter((p) => p !== null) ?? [];
  const count = participants.length;

  return (
    <section className={styles.section} aria-label="Participants" data-section="participants">
      <div className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>
          {data ? `${count} ${count === 1 ? 'Participant' : 'Participants'}` : 'Participants'}
        </h2>
      </div>
      {error ? (
        <p className={styles.fieldError}>{ERROR}</p>
      ) : loading && !data ? (
        <span className={styles.placeholder} role="status" aria-label="Loading participants" />
      ) : count === 0 ? (
        <span className={styles.none}>None</span>
      ) : (
        <ul className={styles.participants} aria-label="Participants">
          {participants.map((p) => (
            <li key={p.id}>
              <PlanningTooltip content={p.name}>
                <Link href={p.webPath} className={styles.participant} aria-label={p.name} data-username={p.username}>
                  <Avatar name={p.name} src={p.avatarUrl} seed={p.id} size="m" />
                </Link>
              </PlanningTooltip>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
