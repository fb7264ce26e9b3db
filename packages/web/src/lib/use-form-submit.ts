import { useCallback, useState } from 'react';

/**
 * A form's save: `saving` while it runs, its errors cleared when it starts and set from what it
 * throws (`errorsOf` turns the failure into the sentences the form shows). The save does the rest:
 * the request, the refetch, the alert or the navigation.
 */
export function useFormSubmit(errorsOf: (caught: unknown) => string[]) {
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const submit = useCallback(
    async (save: () => Promise<unknown>) => {
      setSaving(true);
      setErrors([]);
      try {
        await save();
      } catch (caught) {
        setErrors(errorsOf(caught));
      } finally {
        setSaving(false);
      }
    },
    [errorsOf],
  );
  return { errors, saving, submit };
}
