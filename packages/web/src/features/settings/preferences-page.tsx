import { useMutation, useQuery } from '@apollo/client/react';
import type { DateFormat, Theme } from '@milepost/shared';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import {
  type DateFormatPreference,
  type ThemePreference,
  UserPreferencesQueryDocument,
  UserPreferencesUpdateMutationDocument,
} from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { routes } from '../../lib/routes.ts';
import { PreferencesForm, type PreferencesValues } from './components/preferences-form.tsx';
import styles from './preferences.module.css';

/** `/-/profile/preferences`: theme, default editor, time zone, date format and first day of the week. */
export function PreferencesPage() {
  const { currentUser, loading: userLoading } = useCurrentUser();
  const { pathname } = useLocation();
  const { pushAlert } = useAlerts();
  const [errors, setErrors] = useState<string[]>([]);
  const { data, error } = useQuery(UserPreferencesQueryDocument, { skip: !currentUser });
  useErrorAlert(error, 'Something went wrong while fetching your preferences.');
  const [updatePreferences, { loading: saving }] = useMutation(UserPreferencesUpdateMutationDocument);

  if (!userLoading && !currentUser) return <Navigate to={routes.signIn(pathname)} replace />;

  const handleSave = async (values: PreferencesValues) => {
    setErrors([]);
    try {
      const input = {
        ...values,
        theme: values.theme.toUpperCase() as ThemePreference,
        dateFormat: values.dateFormat.toUpperCase() as DateFormatPreference,
      };
      const result = await updatePreferences({ variables: { input } });
      const payloadErrors = result.data?.userPreferencesUpdate?.errors ?? [];
      if (payloadErrors.length > 0) setErrors(payloadErrors);
      else pushAlert({ variant: 'success', message: 'Preferences saved.' });
    } catch (caught) {
      setErrors(errorMessages(caught));
    }
  };

  const user = data?.currentUser;
  const saved = user?.firstDayOfWeek;
  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: 'User settings', to: routes.preferences() },
          { label: 'Preferences', to: routes.preferences() },
        ]}
        title="Preferences"
      />
      <p className={styles.intro}>Configure how Milepost looks and how dates and calendars read for you.</p>
      {saved === undefined ? (
        error ? null : (
          <SkeletonList rows={2} label="Loading preferences" />
        )
      ) : (
        <PreferencesForm
          firstDayOfWeek={saved}
          textEditor={user?.textEditor ?? 'NOT_SET'}
          theme={(user?.theme.toLowerCase() as Theme | undefined) ?? 'light'}
          timezone={user?.timezone ?? ''}
          dateFormat={(user?.dateFormat.toLowerCase() as DateFormat | undefined) ?? 'mdy'}
          busy={saving}
          errors={errors}
          onSave={handleSave}
        />
      )}
    </>
  );
}
