import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { ErrorMessage } from './error-message.tsx';
import { NotFoundPage } from './not-found-page.tsx';

export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

function CrashMessage({ error }: { error: unknown }) {
  return (
    <ErrorMessage
      title="Something went wrong"
      text="An unexpected error stopped this page from showing. Reload the page to try again; if it keeps happening, tell your administrator what you were doing."
      details={describeError(error)}
      actions={
        <>
          <Button variant="primary" onPress={() => window.location.reload()}>
            Reload page
          </Button>
          <a href="/dashboard/groups">Go to your groups</a>
        </>
      }
    />
  );
}

/** The router's error element: a missing route is a 404, anything else a readable crash message. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return <CrashMessage error={error} />;
}

type ErrorBoundaryState = { error: unknown };

/** Catches render errors outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <CrashMessage error={this.state.error} />;
    return this.props.children;
  }
}
