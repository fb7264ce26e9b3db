import { SidebarSection } from '../../../components/planning/sidebar-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import styles from './issue-sidebar.module.css';

/** Reference (`group/project#12`) with a copy button: 'Reference copied' (spec 002 §8). */
export function SidebarReference({ reference }: { reference: string }) {
  const { showToast } = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      showToast('Reference copied');
    } catch {
      showToast('The reference could not be copied. Select it and copy it by hand.');
    }
  };
  return (
    <SidebarSection
      title="Reference"
      name="reference"
      action={
        <Button variant="tertiary" compact iconOnly aria-label="Copy reference" onPress={copy}>
          <Icon name="copy" />
        </Button>
      }
    >
      <span className={styles.reference}>{reference}</span>
    </SidebarSection>
  );
}
