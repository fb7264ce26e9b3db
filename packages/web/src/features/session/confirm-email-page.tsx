import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { routes } from '../../lib/routes.ts';
import { errorTexts, sendJson } from '../profile/json-request.ts';
import { SessionLayout } from './session-layout.tsx';

type State = { kind: 'confirming' } | { kind: 'confirmed'; message: string } | { kind: 'failed'; errors: string[] };

/**
 * `/users/confirmation?confirmation_token=…`, the link emailed for a new address: opening it
 * confirms the address (as GitLab's link does), signed in or not. A wrong, used or expired link
 * says so and leads to the profile, where a new link is sent.
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('confirmation_token') ?? '';
  const [state, setState] = useState<State>(
    token
      ? { kind: 'confirming' }
      : { kind: 'failed', errors: ['This link has no confirmation token. Open the link from the email again.'] },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    sendJson('PUT', '/users/confirmation', { confirmation_token: token })
      .then((message) => setState({ kind: 'confirmed', message }))
      .catch((caught: unknown) => setState({ kind: 'failed', errors: errorTexts(caught) }));
  }, [token]);

  const footer = (
    <Link to={routes.editProfile()}>Go to your profile{state.kind === 'failed' ? ' to send a new link' : ''}</Link>
  );
  return (
    <SessionLayout title="Confirm your email" footer={footer}>
      {state.kind === 'confirming' && <p role="status">Confirming your email…</p>}
      {state.kind === 'confirmed' && <Alert variant="success">{state.message}</Alert>}
      {state.kind === 'failed' && <Alert variant="danger">{state.errors.join(' ')}</Alert>}
    </SessionLayout>
  );
}
