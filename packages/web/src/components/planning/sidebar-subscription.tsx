import { useId, useState } from 'react';
import { Switch } from 'react-aria-components';
import type { SidebarIssuableType } from './sidebar-confidentiality.tsx';
import styles from './sidebar-section.module.css';
import { SidebarSection } from './sidebar-section.tsx';

type SidebarSubscriptionProps = {
  issuableType: SidebarIssuableType;
  subscribed: boolean;
  save: (subscribed: boolean, fallback: string) => Promise<boolean>;
};

/** Notifications (signed-in viewers only): a switch that subscribes or unsubscribes. */
export function SidebarSubscription({ issuableType, subscribed, save }: SidebarSubscriptionProps) {
  const titleId = useId();
  const [isSaving, setIsSaving] = useState(false);
  const handleChange = async (next: boolean) => {
    setIsSaving(true);
    await save(
      next,
      next
        ? 'An error occurred while subscribing to notifications.'
        : 'An error occurred while unsubscribing from notifications.',
    );
    setIsSaving(false);
  };

  return (
    <SidebarSection
      title="Notifications"
      name="subscription"
      titleId={titleId}
      action={
        <Switch
          className={styles.switch}
          isSelected={subscribed}
          onChange={handleChange}
          isDisabled={isSaving}
          aria-labelledby={titleId}
        >
          <span className={styles.switchTrack} aria-hidden="true">
            <span className={styles.switchThumb} />
          </span>
        </Switch>
      }
    >
      <p className={styles.meta}>
        {subscribed
          ? `You will be notified of activity on this ${issuableType}.`
          : `Notifications are off for this ${issuableType}.`}
      </p>
    </SidebarSection>
  );
}
