import { useMutation } from '@apollo/client/react';
import { formatDuration, parseDuration, timeSpentPercent } from '@milepost/shared';
import { type FormEvent, useState } from 'react';
import shared from '../../../components/planning/sidebar-section.module.css';
import { SidebarSection } from '../../../components/planning/sidebar-section.tsx';
import { useSidebarSave } from '../../../components/planning/use-sidebar-save.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TimelogCreateMutationDocument } from '../../../gql/graphql.ts';
import styles from './issue-sidebar.module.css';
import type { IssueWidgetProps } from './issue-sidebar-widget.ts';

type Form = 'estimate' | 'spent' | null;
const FORMAT_HINT = 'For example 1w 2d 3h 30m (1w = 5d, 1d = 8h).';

/**
 * Time tracking: estimate and time spent in GitLab's short form (`1w 2d 3h`) with a progress bar;
 * Reporter+ set the estimate (`/estimate`) and add or subtract spent time (`/spend`, `-30m`).
 */
export function SidebarTimeTracking({ issue, canEdit, save }: IssueWidgetProps) {
  const [form, setForm] = useState<Form>(null);
  const [duration, setDuration] = useState('');
  const [summary, setSummary] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [createTimelog, { loading }] = useMutation(TimelogCreateMutationDocument);
  const saveSpent = useSidebarSave(async (input: { timeSpent: string; summary: string }) => {
    const result = await createTimelog({ variables: { input: { issuableId: issue.id, ...input } } });
    const payload = result.data?.timelogCreate;
    return payload ? { saved: Boolean(payload.timelog), errors: payload.errors } : null;
  });

  const open = (next: Form) => {
    setDuration(next === 'estimate' && issue.timeEstimate > 0 ? formatDuration(issue.timeEstimate) : '');
    setSummary('');
    setProblem(null);
    setForm(next);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseDuration(duration, { allowNegative: form === 'spent' });
    const blankEstimate = form === 'estimate' && duration.trim() === '';
    if (!blankEstimate && (seconds === null || (form === 'spent' && seconds === 0))) {
      setProblem(`Enter a time such as 1h 30m. ${FORMAT_HINT}`);
      return;
    }
    const saved =
      form === 'estimate'
        ? await save(
            { timeEstimate: blankEstimate ? '0' : duration.trim() },
            'Something went wrong while setting the time estimate.',
          )
        : await saveSpent(
            { timeSpent: duration.trim(), summary: summary.trim() },
            'Something went wrong while adding time spent.',
          );
    if (saved) setForm(null);
  };

  const estimate = issue.timeEstimate;
  const spent = issue.totalTimeSpent;
  const percent = timeSpentPercent(spent, estimate);

  return (
    <SidebarSection title="Time tracking" name="time-tracking">
      {estimate === 0 && spent === 0 ? (
        <span className={shared.none}>No estimate or time spent</span>
      ) : (
        <dl className={styles.timeStats}>
          <div>
            <dt>Spent</dt>
            <dd className="tabular">{issue.humanTotalTimeSpent ?? '0h'}</dd>
          </div>
          <div>
            <dt>Estimate</dt>
            <dd className="tabular">{issue.humanTimeEstimate ?? 'None'}</dd>
          </div>
        </dl>
      )}
      {percent !== null && (
        <div
          className={styles.timeBar}
          role="progressbar"
          aria-label="Time spent of the estimate"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(percent, 100)}
          aria-valuetext={`${percent}% of the estimate`}
          data-over={percent > 100 ? 'true' : undefined}
        >
          <span style={{ width: `${Math.min(percent, 100)}%` }} />
        </div>
      )}
      {form ? (
        <form className={shared.form} onSubmit={handleSubmit}>
          <TextField
            label={form === 'estimate' ? 'Estimate' : 'Time spent'}
            value={duration}
            onChange={(value) => {
              setDuration(value);
              setProblem(null);
            }}
            description={
              form === 'spent' ? `${FORMAT_HINT} A leading - subtracts.` : `${FORMAT_HINT} Empty removes it.`
            }
            errorMessage={problem ?? undefined}
            autoFocus
          />
          {form === 'spent' && <TextField label="Summary (optional)" value={summary} onChange={setSummary} />}
          <div className={shared.formActions}>
            <Button type="submit" variant="primary" compact isDisabled={loading}>
              Save
            </Button>
            <Button compact onPress={() => setForm(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        canEdit && (
          <div className={shared.formActions}>
            <Button compact onPress={() => open('estimate')}>
              {estimate > 0 ? 'Edit estimate' : 'Set estimate'}
            </Button>
            <Button compact onPress={() => open('spent')}>
              Add time spent
            </Button>
          </div>
        )
      )}
    </SidebarSection>
  );
}
