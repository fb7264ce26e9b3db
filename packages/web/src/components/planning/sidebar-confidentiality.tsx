import { useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import styles from './sidebar-section.module.css';
import { SidebarSection } from './sidebar-section.tsx';

export type SidebarIssuableType = 'epic' | 'issue';

/** What a confidential item says about who sees it (GitLab's words per type). */
export function confidentialText(type: SidebarIssuableType): string {
  return type === 'epic'
    ? 'This epic is confidential and should only be visible to team members with at least Reporter access.'
    : 'Only project members with at least the Reporter role, the author, and assignees can view or be notified about this issue.';
}

type SidebarConfidentialityProps = {
  issuableType: SidebarIssuableType;
  confidential: boolean;
  canEdit: boolean;
  /** Saves the new state; resolves to whether it was saved (the caller reports failures). */
  save: (confidential: boolean, fallback: string) => Promise<boolean>;
};

/** Confidentiality: the state, and (with update rights) turning it on or off after a confirmation. */
export function SidebarConfidentiality({ issuableType, confidential, canEdit, save }: SidebarConfidentialityProps) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  const handleConfirm = async () => {
    setIsSaving(true);
    const saved = await save(!confidential, `Something went wrong while setting ${issuableType} confidentiality.`);
    setIsSaving(false);
    if (saved) setIsConfirming(false);
  };

  return (
    <SidebarSection
      title="Confidentiality"
      name="confidentiality"
      canEdit={canEdit}
      isEditing={isConfirming}
      onEdit={() => setIsConfirming(true)}
    >
      {isConfirming ? (
        <div className={styles.confirm}>
          <p>
            {confidential
              ? `You're about to turn off the confidentiality. This means everyone will be able to see and leave a comment on this ${issuableType}.`
              : `You're about to turn on the confidentiality. Only team members with at least Reporter access are able to see and leave comments on the ${issuableType}.`}
          </p>
          <div className={styles.formActions}>
            <Button variant="primary" compact onPress={handleConfirm} isDisabled={isSaving} autoFocus>
              {confidential ? 'Turn off' : 'Turn on'}
            </Button>
            <Button compact onPress={() => setIsConfirming(false)} isDisabled={isSaving}>
              Cancel
            </Button>
          </div>
        </div>
      ) : confidential ? (
        <p className={styles.flag}>
          <Icon name="eye-slash" />
          <span>{confidentialText(issuableType)}</span>
        </p>
      ) : (
        <p className={styles.flagOff}>
          <Icon name="eye-slash" />
          <span>Not confidential</span>
        </p>
      )}
    </SidebarSection>
  );
}
