import { useMutation, useQuery } from '@apollo/client/react';
import { type EpicColorOption, epicColorOption, sameEpicColor } from '@milepost/shared';
import { useState } from 'react';
import { useAlerts, useErrorAlert } from '../../app/alerts/use-alerts.ts';
import { EpicColorQueryDocument, UpdateEpicColorMutationDocument } from '../../gql/graphql.ts';

type UseEpicColorOptions = {
  /** The epic's group (`groupPath` of the mutation). */
  fullPath: string;
  /** Without an iid (a new epic) a choice is only passed up through `onChange`. */
  iid?: string | null;
  /** The colour when the caller already has it: the `epicColor` query is skipped. */
  color?: string | null;
  onChange?: (option: EpicColorOption) => void;
};

type UseEpicColor = {
  current: EpicColorOption;
  isLoading: boolean;
  isSaving: boolean;
  /** Applies a choice from the closed dropdown: nothing when unchanged, else saves or passes it up. */
  choose: (option: EpicColorOption) => Promise<void>;
};

/** Reads an epic's colour (`epicColor`) and saves a new one (`updateEpic` with `color`). */
export function useEpicColor({ fullPath, iid, color, onChange }: UseEpicColorOptions): UseEpicColor {
  const { pushAlert } = useAlerts();
  const skip = color !== undefined || !iid;
  const { data, loading, error } = useQuery(EpicColorQueryDocument, {
    variables: { fullPath, iid: iid ?? '' },
    skip,
  });
  useErrorAlert(error, 'Error fetching epic color.');
  const [updateEpicColor, { loading: isSaving }] = useMutation(UpdateEpicColorMutationDocument);

  const stored = color !== undefined ? color : (data?.group?.epic?.color ?? null);
  // A choice shown until the stored colour changes (saved and re-read, or passed up and given back).
  const [override, setOverride] = useState<{ color: string; base: string | null } | null>(null);
  const current = epicColorOption(override && override.base === stored ? override.color : stored);

  const choose = async (option: EpicColorOption) => {
    if (sameEpicColor(option.color, current.color)) return;
    setOverride({ color: option.color, base: stored });
    if (!iid) {
      onChange?.(option);
      return;
    }
    try {
      const result = await updateEpicColor({
        variables: { input: { iid, groupPath: fullPath, color: option.color } },
      });
      const payload = result.data?.updateEpic;
      if (!payload?.epic || payload.errors.length > 0) throw new Error(payload?.errors[0] ?? 'No epic returned');
      onChange?.(epicColorOption(payload.epic.color ?? option.color));
    } catch {
      setOverride(null);
      pushAlert({ variant: 'danger', message: 'An error occurred while updating color.' });
    }
  };

  return { current, isLoading: !skip && loading, isSaving, choose };
}
