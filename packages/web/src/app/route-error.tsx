import { isRouteErrorResponse, useRouteError } from 'react-router';
import { DocumentTitle } from '../components/page-meta';
import { Button } from '../components/ui/button';

/** Shown when a page fails to render or its code fails to load (often after a new release). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <DocumentTitle title="Something went wrong" />
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-muted-foreground">
        This page couldn't be shown{detail ? ` (${detail})` : ''}. Reloading usually fixes it.
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button variant="outline" onClick={() => window.location.assign('/')}>
          Go to the home page
        </Button>
      </div>
    </div>
  );
}
