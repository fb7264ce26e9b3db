import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { UserPreferencesQueryDocument, UserPreferencesUpdateMutationDocument } from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { routes } from '../../lib/routes.ts';
import { PreferencesForm, type PreferencesValues } from './components/preferences-form.tsx';
import styles from './preferences.module.css';

/** `/-/profile/preferences`: the signed-in user's preferences (the first day of the week). */
export function PreferencesPage() {
  const { currentUser, loading: userLoading } = useCurrentUser();
  const { pathname } = useLocation();
  const { pushAlert } = useAlerts();
  const [errors, setErrors] = useState<string[]>([]);
  const { data, error } = useQuery(UserPreferencesQueryDocument, { skip: !currentUser });
  useErrorAlert(error, 'Something went wrong while fetching your preferences.');
  const [updatePreferences, { loading: saving }] = useMutation(UserPreferencesUpdateMutationDocument);

  if (!userLoading && !currentUser) return <Navigate to={routes.signIn(pathname)} replace />;

  const handleSave = async (input: PreferencesValues) => {
    setErrors([]);
    try {
      const result = await updatePreferences({ variables: { input } });
      const payloadErrors = result.data?.userPreferencesUpdate?.errors ?? [];
      if (payloadErrors.length > 0) setErrors(payloadErrors);
      else pushAlert({ variant: 'success', message: 'Preferences saved.' });
    } catch (caught) {
      setErrors(errorMessages(caught));
    }
  };

  const saved = data?.currentUser?.firstDayOfWeek;
  const textEditor = data?.currentUser?.textEditor ?? 'NOT_SET';
  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: 'User settings', to: routes.preferences() },
          { label: 'Preferences', to: routes.preferences() },
        ]}
        title="Preferences"
      />
      <p className={styles.intro}>Configure how dates and calendars look and behave for you.</p>
      {saved === undefined ? (
        error ? null : (
          <SkeletonList rows={2} label="Loading preferences" />
        )
      ) : (
        <PreferencesForm
          firstDayOfWeek={saved}
          textEditor={textEditor}
          busy={saving}
          errors={errors}
          onSave={handleSave}
        />
      )}
    </>
  );
}
