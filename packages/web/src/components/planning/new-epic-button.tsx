import { useQuery } from '@apollo/client/react';
import { NewEpicButtonQueryDocument } from '../../gql/graphql.ts';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { routes } from '../../lib/routes.ts';
import { useCan } from '../../lib/use-can.ts';
import { ButtonLink, type ButtonVariant } from '../ui/button.tsx';

/** 'New epic' (the new epic form of the group), shown only to those who may create epics there. */
export function NewEpicButton({
  groupFullPath,
  variant = 'primary',
}: {
  groupFullPath: string;
  variant?: ButtonVariant;
}) {
  // Asked once the page's first screen is painted: a header button is not worth the first paint's
  // wait for its query's setting up and sending (decision 0091).
  const painted = useAfterPaint();
  const { data } = useQuery(NewEpicButtonQueryDocument, { variables: { fullPath: groupFullPath }, skip: !painted });
  if (!useCan(data?.group, 'createEpic')) return null;
  return (
    <ButtonLink variant={variant} to={routes.newEpic(groupFullPath)}>
      New epic
    </ButtonLink>
  );
}
