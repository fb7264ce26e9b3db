import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SecretWarningProvider, type SensitiveContentType, useConfirmSecrets } from './secret-warning.tsx';

const TOKEN = 'glpat-abcdefghij0123456789';

function Form({ text, contentType = 'comment' }: { text: string; contentType?: SensitiveContentType }) {
  const confirm = useConfirmSecrets();
  const [result, setResult] = useState('none');
  return (
    <>
      <button type="button" onClick={() => void confirm(text, contentType).then((ok) => setResult(String(ok)))}>
        Save
      </button>
      <output>{result}</output>
    </>
  );
}

const renderForm = (text: string, contentType?: SensitiveContentType) =>
  render(
    <SecretWarningProvider>
      <Form text={text} contentType={contentType} />
    </SecretWarningProvider>,
  );

describe('the secret warning', () => {
  it('lets a text without secrets through without asking', async () => {
    const user = userEvent.setup();
    renderForm('Nothing to hide here, glpat- alone is fine.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('true'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('lists each finding masked and saves on Add anyway', async () => {
    const user = userEvent.setup();
    renderForm(`token ${TOKEN} and runner glrt-zyxwvutsrq9876543210`);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Warning: Potential secret detected' });
    expect(dialog.textContent).toContain(
      'This comment appears to have the following secrets in it. Are you sure you want to add this comment?',
    );
    expect(dialog.textContent).toContain('GitLab personal access token: glpat*****************6789');
    expect(dialog.textContent).toContain('GitLab Runner Token: glrt-****************3210');
    expect(dialog.textContent).not.toContain(TOKEN);
    await user.click(screen.getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('true'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('goes back to editing on Edit (which has the focus), and on Escape', async () => {
    const user = userEvent.setup();
    renderForm(`Use ${TOKEN}`, 'description');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'This description appears to have the following secret in it. Are you sure you want to add this description?',
    );
    expect(document.activeElement?.textContent).toBe('Edit');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('false'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('false');
  });
});
