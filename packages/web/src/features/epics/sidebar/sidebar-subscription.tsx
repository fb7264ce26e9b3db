import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { Switch } from 'react-aria-components';
import { useAlerts } from '../../../app/alerts/use-alerts.ts';
import { EpicSetSubscriptionMutationDocument } from '../../../gql/graphql.ts';
import styles from './epic-sidebar.module.css';

type SidebarSubscriptionProps = { fullPath: string; iid: string; subscribed: boolean };

/** Notifications (signed-in viewers only): a switch that subscribes or unsubscribes (`epicSetSubscription`). */
export function SidebarSubscription({ fullPath, iid, subscribed }: SidebarSubscriptionProps) {
  const { pushAlert } = useAlerts();
  const [setSubscription, { loading }] = useMutation(EpicSetSubscriptionMutationDocument);

  const handleChange = async (subscribedState: boolean) => {
    const fallback = subscribedState
      ? 'An error occurred while subscribing to notifications.'
      : 'An error occurred while unsubscribing from notifications.';
    try {
      const result = await setSubscription({ variables: { input: { groupPath: fullPath, iid, subscribedState } } });
      const payload = result.data?.epicSetSubscription;
      if (payload?.epic && payload.errors.length === 0) return;
      pushAlert({ variant: 'danger', message: payload?.errors[0] ?? fallback });
    } catch (error) {
      const message = CombinedGraphQLErrors.is(error) ? error.errors[0]?.message : undefined;
      pushAlert({ variant: 'danger', message: message ?? fallback });
    }
  };

  return (
    <section className={styles.section} aria-label="Notifications" data-section="subscription">
      <div className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle} id={`epic-${iid}-notifications`}>
          Notifications
        </h2>
        <Switch
          className={styles.switch}
          isSelected={subscribed}
          onChange={handleChange}
          isDisabled={loading}
          aria-labelledby={`epic-${iid}-notifications`}
        >
          <span className={styles.switchTrack} aria-hidden="true">
            <span className={styles.switchThumb} />
          </span>
        </Switch>
      </div>
      <p className={styles.meta}>
        {subscribed ? 'You will be notified of activity on this epic.' : 'Notifications are off for this epic.'}
      </p>
    </section>
  );
}
