import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { PageHeader } from '../../app/shell/page-header.tsx';
import { useCurrentUser } from '../../app/use-current-user.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormActions } from '../../components/ui/form.tsx';
import { SkeletonList } from '../../components/ui/skeleton.tsx';
import { PersonalAccessTokenRevokeMutationDocument, PersonalAccessTokensQueryDocument } from '../../gql/graphql.ts';
import { errorMessages } from '../../lib/mutation-errors.ts';
import { routes } from '../../lib/routes.ts';
import { NewTokenBanner } from './components/new-token-banner.tsx';
import { TokenCreateForm } from './components/token-create-form.tsx';
import { type TokenRowData, TokensTable } from './components/tokens-table.tsx';
import styles from './personal-access-tokens.module.css';

/** `/-/user_settings/personal_access_tokens`: create, list and revoke the user's tokens. */
export function PersonalAccessTokensPage() {
  const { currentUser, loading: userLoading } = useCurrentUser();
  const { pathname } = useLocation();
  const [newToken, setNewToken] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TokenRowData | null>(null);
  const { pushAlert } = useAlerts();
  const { data, error } = useQuery(PersonalAccessTokensQueryDocument, { skip: !currentUser });
  useErrorAlert(error, 'Something went wrong while fetching your access tokens.');
  const [revokeToken, { loading: revokeBusy }] = useMutation(PersonalAccessTokenRevokeMutationDocument, {
    refetchQueries: ['PersonalAccessTokensQuery'],
    awaitRefetchQueries: true,
  });

  if (!userLoading && !currentUser) return <Navigate to={routes.signIn(pathname)} replace />;

  const tokens = data?.currentUser?.personalAccessTokens ?? [];
  const active = tokens.filter((token) => token.active);
  const inactive = tokens.filter((token) => !token.active);

  const handleRevoke = async () => {
    if (!revoking) return;
    try {
      const result = await revokeToken({ variables: { input: { id: revoking.id } } });
      const errors = result.data?.personalAccessTokenRevoke?.errors ?? [];
      if (errors.length > 0) pushAlert({ variant: 'danger', message: errors.join(' ') });
      else pushAlert({ variant: 'success', message: `Revoked personal access token ${revoking.name}.` });
    } catch (caught) {
      pushAlert({ variant: 'danger', message: errorMessages(caught).join(' ') });
    }
    setRevoking(null);
  };

  return (
    <>
      <PageHeader
        breadcrumbs={[
          { label: 'User settings', to: routes.personalAccessTokens() },
          { label: 'Personal access tokens', to: routes.personalAccessTokens() },
        ]}
        title="Personal access tokens"
      />
      <p className={styles.intro}>
        You can generate a personal access token for each application you use that needs access to the Milepost API.
        Send it as <code>PRIVATE-TOKEN</code> or <code>Authorization: Bearer</code> header.
      </p>
      {newToken && <NewTokenBanner token={newToken} onDismiss={() => setNewToken(null)} />}
      <section className={styles.panel} aria-labelledby="add-token-heading">
        <h2 id="add-token-heading" className={styles.panelTitle}>
          Add a personal access token
        </h2>
        <TokenCreateForm onCreated={setNewToken} />
      </section>
      <section className={styles.section} aria-labelledby="active-tokens-heading">
        <h2 id="active-tokens-heading" className={styles.sectionTitle}>
          Active personal access tokens ({active.length})
        </h2>
        {!data && !error ? (
          <SkeletonList rows={2} label="Loading access tokens" />
        ) : active.length === 0 ? (
          <p className={styles.none}>This user has no active personal access tokens.</p>
        ) : (
          <TokensTable caption="Active personal access tokens" tokens={active} onRevoke={setRevoking} />
        )}
      </section>
      {inactive.length > 0 && (
        <section className={styles.section} aria-labelledby="inactive-tokens-heading">
          <h2 id="inactive-tokens-heading" className={styles.sectionTitle}>
            Inactive personal access tokens ({inactive.length})
          </h2>
          <TokensTable caption="Inactive personal access tokens" tokens={inactive} />
        </section>
      )}
      <Dialog
        title="Revoke personal access token"
        role="alertdialog"
        isOpen={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
      >
        <p className={styles.confirmText}>
          Are you sure you want to revoke the personal access token "{revoking?.name}"? This action cannot be undone.
          Any tools that rely on this access token will stop working.
        </p>
        <FormActions>
          <Button variant="danger" onPress={handleRevoke} isDisabled={revokeBusy}>
            Revoke
          </Button>
          <Button onPress={() => setRevoking(null)}>Cancel</Button>
        </FormActions>
      </Dialog>
    </>
  );
}
