import { useMutation, useQuery } from '@apollo/client/react';
import { CADENCE_DURATIONS_IN_WEEKS, CADENCE_MAX_UPCOMING_ITERATIONS } from '@milepost/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { PlanningDatePicker } from '../../components/planning/planning-date-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import {
  IterationCadenceCreateMutationDocument,
  type IterationCadenceFieldsFragment,
  IterationCadenceQueryDocument,
  IterationCadencesQueryDocument,
  IterationCadenceUpdateMutationDocument,
} from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { namespaceBreadcrumbs } from '../../lib/namespace-breadcrumbs.ts';
import { routes } from '../../lib/routes.ts';
import type { ResolvedGroup } from '../namespaces/use-namespace-context.ts';
import { numericId } from './iteration-state.ts';
import styles from './iterations.module.css';

const DURATIONS = CADENCE_DURATIONS_IN_WEEKS.map((n) => ({ id: String(n), label: n === 1 ? '1 week' : `${n} weeks` }));
const UPCOMING = Array.from({ length: CADENCE_MAX_UPCOMING_ITERATIONS }, (_, i) => ({
  id: String(i + 1),
  label: String(i + 1),
}));

type Values = {
  title: string;
  description: string;
  automatic: boolean;
  startDate: string | null;
  durationInWeeks: string | null;
  iterationsInAdvance: string | null;
  rollOver: boolean;
};

function valuesOf(c: IterationCadenceFieldsFragment | null | undefined): Values {
  return {
    title: c?.title ?? '',
    description: c?.description ?? '',
    automatic: c?.automatic ?? true,
    startDate: c?.startDate ? String(c.startDate).slice(0, 10) : null,
    durationInWeeks: c?.durationInWeeks ? String(c.durationInWeeks) : null,
    iterationsInAdvance: c?.iterationsInAdvance ? String(c.iterationsInAdvance) : null,
    rollOver: c?.rollOver ?? false,
  };
}

/** `/groups/<path>/-/cadences/new` and `…/cadences/<id>/edit`: the iteration cadence form (Reporter+). */
export function CadenceFormPage({ group, cadenceId }: { group: ResolvedGroup; cadenceId?: string }) {
  const editing = cadenceId !== undefined;
  const list = useQuery(IterationCadencesQueryDocument, {
    variables: { fullPath: group.fullPath },
    skip: editing,
  });
  const one = useQuery(IterationCadenceQueryDocument, {
    variables: { fullPath: group.fullPath, id: `gid://gitlab/Iterations::Cadence/${cadenceId ?? '0'}` },
    skip: !editing,
  });
  const error = list.error ?? one.error;
  useErrorAlert(error, 'Something went wrong while loading the iteration cadence.');
  const groupData = editing ? one.data?.group : list.data?.group;
  if (!groupData) return error ? null : <SkeletonList rows={4} label="Loading" />;
  const cadence = editing ? one.data?.group?.iterationCadences.nodes[0] : null;
  if (!groupData.userPermissions.adminIterationCadence || (editing && !cadence)) return <NotFoundPage />;
  return <CadenceForm key={cadence?.id ?? 'new'} group={group} cadence={cadence ?? null} />;
}

function CadenceForm({ group, cadence }: { group: ResolvedGroup; cadence: IterationCadenceFieldsFragment | null }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() => valuesOf(cadence));
  const [errors, setErrors] = useState<string[]>([]);
  const [create, created] = useMutation(IterationCadenceCreateMutationDocument, {
    refetchQueries: ['IterationCadencesQuery'],
  });
  const [update, updated] = useMutation(IterationCadenceUpdateMutationDocument, {
    refetchQueries: ['IterationCadencesQuery', 'CadenceIterationsQuery'],
  });
  const saving = created.loading || updated.loading;
  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const title = cadence ? 'Edit iteration cadence' : 'New iteration cadence';

  const handleSubmit = async () => {
    if (saving) return;
    if (!values.title.trim()) {
      setErrors(["Title can't be blank."]);
      return;
    }
    setErrors([]);
    const fields = {
      title: values.title.trim(),
      description: values.description,
      automatic: values.automatic,
      active: true,
      startDate: values.automatic ? values.startDate : null,
      durationInWeeks: values.automatic && values.durationInWeeks ? Number(values.durationInWeeks) : null,
      iterationsInAdvance: values.automatic && values.iterationsInAdvance ? Number(values.iterationsInAdvance) : null,
      rollOver: values.automatic && values.rollOver,
    };
    try {
      const payloadErrors = cadence
        ? (await update({ variables: { input: { id: cadence.id, ...fields } } })).data?.iterationCadenceUpdate?.errors
        : (await create({ variables: { input: { groupPath: group.fullPath, ...fields } } })).data
            ?.iterationCadenceCreate?.errors;
      if (payloadErrors?.length) setErrors(payloadErrors);
      else navigate(routes.groupCadences(group.fullPath));
    } catch (caught) {
      setErrors(errorMessages(caught));
    }
  };

  return (
    <>
      <PageHeader
        breadcrumbs={[
          ...namespaceBreadcrumbs(group.fullPath, group.fullName),
          { label: 'Iteration cadences', to: routes.groupCadences(group.fullPath) },
          cadence
            ? { label: 'Edit', to: routes.editCadence(group.fullPath, numericId(cadence.id)) }
            : { label: 'New', to: routes.newCadence(group.fullPath) },
        ]}
        title={title}
      />
      <div className={styles.form}>
        <FormStack label={title} onSubmit={handleSubmit} errors={errors}>
          <TextField label="Title" value={values.title} onChange={set('title')} isRequired autoFocus />
          <Checkbox isSelected={values.automatic} onChange={set('automatic')}>
            Enable automatic scheduling
          </Checkbox>
          <p className={styles.help}>
            {values.automatic
              ? 'Iterations are created for you: one after another from the start date, each as long as the duration, with the chosen number of upcoming iterations always scheduled.'
              : 'You create each iteration yourself, with its own dates.'}
          </p>
          {values.automatic && (
            <>
              <div className={styles.formGrid}>
                <PlanningDatePicker
                  label="Start date"
                  value={values.startDate}
                  onChange={set('startDate')}
                  placeholder="Select start date"
                />
                <SelectField
                  label="Duration"
                  options={DURATIONS}
                  value={values.durationInWeeks}
                  onChange={set('durationInWeeks')}
                  placeholder="Select duration"
                />
                <SelectField
                  label="Upcoming iterations"
                  options={UPCOMING}
                  value={values.iterationsInAdvance}
                  onChange={set('iterationsInAdvance')}
                  placeholder="Select number"
                />
              </div>
              <Checkbox isSelected={values.rollOver} onChange={set('rollOver')}>
                Roll over issues: move incomplete issues to the next iteration
              </Checkbox>
            </>
          )}
          <TextField label="Description" value={values.description} onChange={set('description')} multiline />
          <FormActions>
            <Button type="submit" variant="primary" isDisabled={saving}>
              {saving ? 'Saving…' : cadence ? 'Save cadence' : 'Create cadence'}
            </Button>
            <Button onPress={() => navigate(routes.groupCadences(group.fullPath))} isDisabled={saving}>
              Cancel
            </Button>
          </FormActions>
        </FormStack>
      </div>
    </>
  );
}
