import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PlanningDatePicker } from '../../../components/planning/planning-date-picker.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { RadioGroupField } from '../../../components/ui/radio-group-field.tsx';
import type { EpicSidebarFieldsFragment } from '../../../gql/graphql.ts';
import { formatCalendarDate } from '../../../lib/format-date.ts';
import styles from './epic-sidebar.module.css';
import { useUpdateEpicSidebar } from './use-update-epic-sidebar.ts';

export type DateKind = 'start' | 'due';

type Source = { title: string | null; webPath: string; reference?: string } | null;

/** The parts of the epic one date widget reads. */
export function dateFields(epic: EpicSidebarFieldsFragment, kind: DateKind) {
  const start = kind === 'start';
  const milestone = start ? epic.startDateSourcingMilestone : epic.dueDateSourcingMilestone;
  const childEpic = start ? epic.startDateSourcingEpic : epic.dueDateSourcingEpic;
  const source: Source = milestone
    ? { title: milestone.title, webPath: milestone.webPath }
    : childEpic
      ? { title: childEpic.title, webPath: childEpic.webPath, reference: `&${childEpic.iid}` }
      : null;
  return {
    title: start ? 'Start date' : 'Due date',
    value: (start ? epic.startDate : epic.dueDate) ?? null,
    isFixed: (start ? epic.startDateIsFixed : epic.dueDateIsFixed) ?? false,
    fixed: (start ? epic.startDateFixed : epic.dueDateFixed) ?? null,
    inherited: (start ? epic.startDateFromInheritedSource : epic.dueDateFromInheritedSource) ?? null,
    sourceKind: milestone ? ('milestone' as const) : childEpic ? ('epic' as const) : null,
    source,
    /** The other date, as in effect now. */
    other: (start ? epic.dueDate : epic.startDate) ?? null,
  };
}

/** Why a date may not be saved (spec 001 §5: due date not before start date), or null. */
export function dateConflict(kind: DateKind, value: string | null, other: string | null): string | null {
  if (!value || !other) return null;
  if (kind === 'start' && value > other) {
    return `The start date must be on or before the due date (${formatCalendarDate(other)}).`;
  }
  if (kind === 'due' && value < other) {
    return `The due date must be on or after the start date (${formatCalendarDate(other)}).`;
  }
  return null;
}

function SourceText({ fields }: { fields: ReturnType<typeof dateFields> }) {
  if (!fields.source) return <>Inherited</>;
  return (
    <>
      Inherited from {fields.sourceKind === 'milestone' ? 'milestone ' : 'child epic '}
      <Link to={fields.source.webPath} className={styles.sourceLink}>
        {fields.source.reference ? `${fields.source.reference} ` : ''}
        {fields.source.title}
      </Link>
    </>
  );
}

type SidebarDateProps = {
  kind: DateKind;
  epic: EpicSidebarFieldsFragment;
  fullPath: string;
  canEdit: boolean;
  today?: string;
};

/** Start date or Due date: its value and whether it is fixed or inherited (and from where); editable. */
export function SidebarDate({ kind, epic, fullPath, canEdit, today }: SidebarDateProps) {
  const fields = dateFields(epic, kind);
  const [isEditing, setIsEditing] = useState(false);
  const [mode, setMode] = useState<'fixed' | 'inherited'>('fixed');
  const [draft, setDraft] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const { save, isSaving } = useUpdateEpicSidebar(fullPath, epic.iid);
  const lower = fields.title.toLowerCase();
  const sectionRef = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  useEffect(() => {
    if (isEditing || !refocus.current) return;
    refocus.current = false;
    sectionRef.current?.querySelector<HTMLElement>('[data-edit]')?.focus();
  }, [isEditing]);

  /** Leaves the form and puts focus back on Edit (rendered again once the form is gone). */
  const stopEditing = () => {
    setIsEditing(false);
    refocus.current = true;
  };

  const startEditing = () => {
    setMode(fields.isFixed ? 'fixed' : 'inherited');
    setDraft(fields.fixed);
    setConflict(null);
    setIsEditing(true);
  };

  const handleSave = async () => {
    const next = mode === 'fixed' ? draft : fields.inherited;
    const problem = dateConflict(kind, next, fields.other);
    setConflict(problem);
    if (problem) return;
    const input =
      kind === 'start'
        ? mode === 'fixed'
          ? { startDateIsFixed: true, startDateFixed: draft }
          : { startDateIsFixed: false }
        : mode === 'fixed'
          ? { dueDateIsFixed: true, dueDateFixed: draft }
          : { dueDateIsFixed: false };
    if (await save(input, `An error occurred while saving the ${lower}.`)) stopEditing();
  };

  const inheritedText = fields.inherited ? formatCalendarDate(fields.inherited) : 'None';

  return (
    <section ref={sectionRef} className={styles.section} aria-label={fields.title} data-section={`${kind}-date`}>
      <div className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>{fields.title}</h2>
        {canEdit && !isEditing && (
          <Button variant="tertiary" compact onPress={startEditing} aria-label={`Edit ${lower}`} data-edit>
            Edit
          </Button>
        )}
      </div>
      {isEditing ? (
        <div className={styles.dateForm}>
          <RadioGroupField
            label={<span className="visually-hidden">{`${fields.title} source`}</span>}
            value={mode}
            onChange={(value) => {
              setMode(value === 'inherited' ? 'inherited' : 'fixed');
              setConflict(null);
            }}
            options={[
              { id: 'fixed', label: 'Fixed' },
              {
                id: 'inherited',
                label: 'Inherited',
                description: (
                  <>
                    {inheritedText}
                    {fields.source && (
                      <>
                        {' · '}
                        <SourceText fields={fields} />
                      </>
                    )}
                  </>
                ),
              },
            ]}
          />
          {mode === 'fixed' && (
            <PlanningDatePicker
              label={`Fixed ${lower}`}
              value={draft}
              onChange={(value) => {
                setDraft(value);
                setConflict(null);
              }}
              today={today}
              isDisabled={isSaving}
            />
          )}
          {conflict && (
            <p className={styles.fieldError} role="alert">
              {conflict}
            </p>
          )}
          <div className={styles.formActions}>
            <Button variant="primary" compact onPress={handleSave} isDisabled={isSaving}>
              {isSaving ? 'Saving…' : 'Save'}
            </Button>
            <Button compact onPress={stopEditing} isDisabled={isSaving}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.value}>
          {fields.value ? (
            <span className={styles.date}>{formatCalendarDate(fields.value)}</span>
          ) : (
            <span className={styles.none}>None</span>
          )}
          {(fields.value || fields.isFixed) && (
            <span className={styles.meta}>{fields.isFixed ? 'Fixed' : <SourceText fields={fields} />}</span>
          )}
        </div>
      )}
    </section>
  );
}
