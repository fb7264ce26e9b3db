import { ButtonLink } from '../components/ui/button.tsx';
import { routes } from '../lib/routes.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ErrorMessage } from './error-message.tsx';

/** What any unknown address, or a group or project the viewer may not see, shows. */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <ErrorMessage
      code="404"
      title="Page Not Found"
      text="Make sure the address is correct and the page hasn't moved."
      actions={<ButtonLink to={routes.dashboardGroups()}>Go to your groups</ButtonLink>}
    />
  );
}
