import { useQuery } from '@apollo/client/react';
import { NewEpicButtonQueryDocument } from '../../gql/graphql.ts';
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
  const { data } = useQuery(NewEpicButtonQueryDocument, { variables: { fullPath: groupFullPath } });
  if (!useCan(data?.group, 'createEpic')) return null;
  return (
    <ButtonLink variant={variant} to={routes.newEpic(groupFullPath)}>
      New epic
    </ButtonLink>
  );
}
