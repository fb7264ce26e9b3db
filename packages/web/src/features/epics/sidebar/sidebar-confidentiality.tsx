import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import styles from './epic-sidebar.module.css';
import { useUpdateEpicSidebar } from './use-update-epic-sidebar.ts';

type SidebarConfidentialityProps = { fullPath: string; iid: string; confidential: boolean; canEdit: boolean };

export const CONFIDENTIAL_TEXT =
  'This epic is confidential and should only be visible to team members with at least Reporter access.';

/** Confidentiality: the state, and (with update rights) turning it on or off after a confirmation. */
export function SidebarConfidentiality({ fullPath, iid, confidential, canEdit }: SidebarConfidentialityProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const { save, isSaving } = useUpdateEpicSidebar(fullPath, iid);
  const sectionRef = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (isConfirming || !refocus.current) return;
    refocus.current = false;
    sectionRef.current?.querySelector<HTMLElement>('[data-edit]')?.focus();
  }, [isConfirming]);

  /** Leaves the confirmation and puts focus back on Edit. */
  const stopConfirming = () => {
    setIsConfirming(false);
    refocus.current = true;
  };

  const handleConfirm = async () => {
    const saved = await save(
      { confidential: !confidential },
      'Something went wrong while setting epic confidentiality.',
    );
    if (saved) stopConfirming();
  };

  return (
    <section ref={sectionRef} className={styles.section} aria-label="Confidentiality" data-section="confidentiality">
      <div className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>Confidentiality</h2>
        {canEdit && !isConfirming && (
          <Button
            variant="tertiary"
            compact
            onPress={() => setIsConfirming(true)}
            aria-label="Edit confidentiality"
            data-edit
          >
            Edit
          </Button>
        )}
      </div>
      {isConfirming ? (
        <div className={styles.confirm}>
          <p>
            {confidential
              ? "You're about to turn off the confidentiality. This means everyone will be able to see and leave a comment on this epic."
              : "You're about to turn on the confidentiality. Only team members with at least Reporter access are able to see and leave comments on the epic."}
          </p>
          <div className={styles.formActions}>
            <Button variant="primary" compact onPress={handleConfirm} isDisabled={isSaving} autoFocus>
              {confidential ? 'Turn off' : 'Turn on'}
            </Button>
            <Button compact onPress={stopConfirming} isDisabled={isSaving}>
              Cancel
            </Button>
          </div>
        </div>
      ) : confidential ? (
        <p className={styles.confidential}>
          <Icon name="eye-slash" />
          <span>{CONFIDENTIAL_TEXT}</span>
        </p>
      ) : (
        <p className={styles.notConfidential}>
          <Icon name="eye-slash" />
          <span>Not confidential</span>
        </p>
      )}
    </section>
  );
}
