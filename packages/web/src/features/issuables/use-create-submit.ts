import { useRef, useState } from 'react';
import { useConfirmSecrets } from '../../components/secret-warning/secret-warning.tsx';
import { errorMessages } from '../../lib/mutation-errors.ts';

type CreateSubmit = {
  title: string;
  description: string;
  /** A field error is shown: nothing is sent. */
  blocked: boolean;
  /** Sends the mutation; resolves to its errors (none: created, and the page has moved on). */
  create: () => Promise<readonly string[]>;
};

/**
 * The submit of a 'New epic' / 'New issue' form: one request at a time, the title required
 * ("Title can't be blank."), a secret in the description confirmed first, and the server's
 * errors (or the network's) kept for the form to show.
 */
export function useCreateSubmit() {
  const submitting = useRef(false);
  const confirmSecrets = useConfirmSecrets();
  const [errors, setErrors] = useState<readonly string[]>([]);

  const submit = async ({ title, description, blocked, create }: CreateSubmit) => {
    if (submitting.current || blocked) return;
    if (!title.trim()) {
      setErrors(["Title can't be blank."]);
      return;
    }
    submitting.current = true;
    try {
      if (!(await confirmSecrets(description, 'description'))) return;
      setErrors([]);
      setErrors(await create());
    } catch (caught) {
      setErrors(errorMessages(caught));
    } finally {
      submitting.current = false;
    }
  };
  return { errors, submit };
}
