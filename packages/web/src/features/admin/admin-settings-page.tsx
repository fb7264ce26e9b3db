import { VISIBILITY_NAMES, type VisibilityName } from '@milepost/shared';
import { useState } from 'react';
import { useAlerts } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { FormActions, FormStack } from '../../components/ui/form.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { FieldHelp, SettingsSection } from '../../components/ui/settings-section.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { updateInstanceSettings } from '../../lib/instance-settings.ts';
import { RestError } from '../../lib/rest.ts';
import { routes } from '../../lib/routes.ts';
import { AdminOnly } from './admin-only.tsx';
import styles from './admin-user.module.css';
import {
  type ApplicationSettings,
  type FeatureParam,
  type SettingsChanges,
  saveApplicationSettings,
  type ThrottleParam,
  useApplicationSettings,
} from './application-settings.ts';

const VISIBILITY_OPTIONS = VISIBILITY_NAMES.map((id) => ({ id, label: id.charAt(0).toUpperCase() + id.slice(1) }));

/** Each throttle's label, environment variable and what 0 means. */
const THROTTLES: Array<{ param: ThrottleParam; label: string; env: string; zero: string | null }> = [
  {
    param: 'max_login_attempts',
    label: 'Failed sign-ins before an account locks',
    env: 'MILEPOST_MAX_LOGIN_ATTEMPTS',
    zero: '0 never locks',
  },
  {
    param: 'failed_login_attempts_unlock_period_in_minutes',
    label: 'Minutes a locked account stays locked',
    env: 'MILEPOST_FAILED_LOGIN_UNLOCK_MINUTES',
    zero: null,
  },
  {
    param: 'throttle_protected_paths_requests_per_period',
    label: 'Sign-in requests per minute per address',
    env: 'MILEPOST_PROTECTED_PATHS_LIMIT',
    zero: '0 switches the throttle off',
  },
  {
    param: 'throttle_authenticated_api_requests_per_period',
    label: 'API requests per minute per signed-in user',
    env: 'MILEPOST_API_RATE_LIMIT_PER_USER',
    zero: '0 switches the throttle off',
  },
  {
    param: 'throttle_unauthenticated_api_requests_per_period',
    label: 'Signed-out API requests per minute per address',
    env: 'MILEPOST_API_RATE_LIMIT_PER_IP',
    zero: '0 switches the throttle off',
  },
];

/** The feature switches (GitLab's licensed planning features), and which screens they change. */
const FEATURES: Array<{ param: FeatureParam; label: string; help: string }> = [
  {
    param: 'sub_epics_enabled',
    label: 'Sub-epics',
    help: 'Epics inside epics: child epics in the tree and on the roadmap, and the parent epic in the sidebar.',
  },
  {
    param: 'health_status_enabled',
    label: 'Health status',
    help: 'On track, needs attention and at risk on issues and epics.',
  },
  {
    param: 'scoped_labels_enabled',
    label: 'Scoped labels',
    help: "Labels named 'scope::value' are drawn as scoped, and an item keeps one label per scope.",
  },
  {
    param: 'multiple_scoped_labels_enabled',
    label: 'Multiple scoped labels',
    help: 'Several labels of the same scope on one item (with scoped labels on).',
  },
];

/** `/admin/application_settings/general`: sign-up, default visibility, throttles and feature switches. */
export function AdminSettingsPage() {
  return (
    <AdminOnly>
      <AdminSettings />
    </AdminOnly>
  );
}

function AdminSettings() {
  const { data, error, reload } = useApplicationSettings();
  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: 'Admin area', to: routes.admin() },
          { label: 'Settings', to: routes.adminSettings() },
        ]}
        title="General settings"
      />
      {data ? (
        <SettingsForm settings={data} onSaved={reload} />
      ) : error ? (
        <Alert variant="danger">Something went wrong while fetching the settings. {error.message}</Alert>
      ) : (
        <SkeletonList rows={6} label="Loading settings" />
      )}
    </>
  );
}

/** A throttle's text: the number set here, or empty while it follows its environment variable. */
const throttleText = (s: ApplicationSettings, param: ThrottleParam) =>
  s.throttles_from_environment.includes(param) ? '' : String(s[param]);

function SettingsForm({ settings, onSaved }: { settings: ApplicationSettings; onSaved: () => void }) {
  const { pushAlert } = useAlerts();
  const [signup, setSignup] = useState(settings.signup_enabled);
  const [groupVisibility, setGroupVisibility] = useState<VisibilityName>(settings.default_group_visibility);
  const [projectVisibility, setProjectVisibility] = useState<VisibilityName>(settings.default_project_visibility);
  const [throttles, setThrottles] = useState<Record<ThrottleParam, string>>(
    () =>
      Object.fromEntries(THROTTLES.map((t) => [t.param, throttleText(settings, t.param)])) as Record<
        ThrottleParam,
        string
      >,
  );
  const [features, setFeatures] = useState<Record<FeatureParam, boolean>>(
    () => Object.fromEntries(FEATURES.map((f) => [f.param, settings[f.param]])) as Record<FeatureParam, boolean>,
  );
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const handleSubmit = async () => {
    const problems = THROTTLES.filter((t) => !/^\d{0,10}$/.test(throttles[t.param].trim())).map(
      (t) => `${t.label} must be a whole number, or empty for ${t.env}`,
    );
    if (problems.length > 0) {
      setErrors(problems);
      return;
    }
    const changes: SettingsChanges = {
      signup_enabled: signup,
      default_group_visibility: groupVisibility,
      default_project_visibility: projectVisibility,
      ...features,
      ...Object.fromEntries(
        THROTTLES.map((t) => {
          const text = throttles[t.param].trim();
          return [t.param, text === '' ? null : Number(text)];
        }),
      ),
    };
    setSaving(true);
    setErrors([]);
    try {
      const saved = await saveApplicationSettings(changes);
      updateInstanceSettings({
        signupEnabled: saved.signup_enabled,
        features: {
          subEpics: saved.sub_epics_enabled,
          healthStatus: saved.health_status_enabled,
          scopedLabels: saved.scoped_labels_enabled,
          multipleScopedLabels: saved.multiple_scoped_labels_enabled,
        },
      });
      pushAlert({ variant: 'success', message: 'Application settings saved successfully.' });
      onSaved();
    } catch (caught) {
      setErrors([caught instanceof RestError ? caught.message : 'Something went wrong. Try again.']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormStack label="General settings" onSubmit={handleSubmit} errors={errors}>
      <SettingsSection title="Sign-up restrictions" help="Who may create an account on this instance.">
        <Checkbox isSelected={signup} onChange={setSignup}>
          Sign-up enabled
        </Checkbox>
        <FieldHelp>
          When on, the sign-in page offers 'Register now' and anyone who can reach this server may create an account.
          When off, only administrators create accounts.
        </FieldHelp>
      </SettingsSection>
      <SettingsSection title="Visibility and access controls" help="The visibility new groups and projects start with.">
        <SelectField
          label="Default group visibility"
          options={VISIBILITY_OPTIONS}
          value={groupVisibility}
          onChange={(v) => setGroupVisibility(VISIBILITY_OPTIONS.find((o) => o.id === v)?.id ?? 'private')}
          className={styles.narrowField}
        />
        <FieldHelp>For top-level groups; a subgroup starts as its parent.</FieldHelp>
        <SelectField
          label="Default project visibility"
          options={VISIBILITY_OPTIONS}
          value={projectVisibility}
          onChange={(v) => setProjectVisibility(VISIBILITY_OPTIONS.find((o) => o.id === v)?.id ?? 'private')}
          className={styles.narrowField}
        />
        <FieldHelp>Never more visible than the project's group.</FieldHelp>
      </SettingsSection>
      <SettingsSection
        title="Sign-in and rate limits"
        help="Account lockout and request throttles. Leave a field empty to follow its environment variable."
      >
        {THROTTLES.map((t) => (
          <TextField
            key={t.param}
            label={t.label}
            inputMode="numeric"
            value={throttles[t.param]}
            onChange={(value) => setThrottles((all) => ({ ...all, [t.param]: value }))}
            placeholder={settings.throttles_from_environment.includes(t.param) ? String(settings[t.param]) : undefined}
            description={[
              settings.throttles_from_environment.includes(t.param)
                ? `Now ${settings[t.param]}, from ${t.env}.`
                : `Empty: ${t.env}.`,
              t.zero,
            ]
              .filter(Boolean)
              .join(' ')}
            className={styles.narrowField}
          />
        ))}
      </SettingsSection>
      <SettingsSection
        title="Features"
        help="Parts of the planning screens, on or off for everyone. Every screen and the API follow these switches."
      >
        {FEATURES.map((f) => (
          <div key={f.param}>
            <Checkbox
              isSelected={features[f.param]}
              onChange={(on) => setFeatures((all) => ({ ...all, [f.param]: on }))}
            >
              {f.label}
            </Checkbox>
            <FieldHelp>{f.help}</FieldHelp>
          </div>
        ))}
      </SettingsSection>
      <FormActions>
        <Button type="submit" variant="primary" isDisabled={saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </FormActions>
    </FormStack>
  );
}
