import { MAX_SIDEBAR_VALUE, weightInputError } from '@milepost/shared';
import { type FormEvent, useState } from 'react';
import shared from '../../../components/planning/sidebar-section.module.css';
import { SidebarSection } from '../../../components/planning/sidebar-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { IssueWidgetProps } from './issue-sidebar-widget.ts';

const ERROR = 'Something went wrong while setting weight.';

/** Weight: 0–20 as the description suggests, any whole number up to 99999 typed (spec 002 §5, §9); empty removes it. */
export function SidebarWeight({ issue, canEdit, save }: IssueWidgetProps) {
  const [isEditing, setIsEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const startEditing = () => {
    setDraft(issue.weight === null || issue.weight === undefined ? '' : String(issue.weight));
    setProblem(null);
    setIsEditing(true);
  };

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    const error = weightInputError(draft);
    setProblem(error);
    if (error) return;
    const weight = draft.trim() === '' ? null : Number(draft.trim());
    if (await save({ weight }, ERROR)) setIsEditing(false);
  };

  return (
    <SidebarSection title="Weight" name="weight" canEdit={canEdit} isEditing={isEditing} onEdit={startEditing}>
      {isEditing ? (
        <form className={shared.form} onSubmit={handleSubmit}>
          <TextField
            label="Weight"
            value={draft}
            onChange={(value) => {
              setDraft(value);
              setProblem(null);
            }}
            inputMode="numeric"
            placeholder="Enter a number"
            description={`Usually 0 to 20; up to ${MAX_SIDEBAR_VALUE}.`}
            errorMessage={problem ?? undefined}
            autoFocus
          />
          <div className={shared.formActions}>
            <Button type="submit" variant="primary" compact>
              Save
            </Button>
            {issue.weight !== null && issue.weight !== undefined && (
              <Button compact onPress={() => save({ weight: null }, ERROR).then((ok) => ok && setIsEditing(false))}>
                Remove weight
              </Button>
            )}
            <Button compact onPress={() => setIsEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : issue.weight === null || issue.weight === undefined ? (
        <span className={shared.none}>None</span>
      ) : (
        <span className="tabular">{issue.weight}</span>
      )}
    </SidebarSection>
  );
}
