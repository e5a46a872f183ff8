import type { ComponentType } from 'react';
import { useEffect } from 'react';
import { useSessionVisitor, type Visitor, VisitorContext } from '../features/marketing/lib/visitor';
import { SiteLayout } from './site-layout';

/** A public page in its frame, with the visitor it is shown to. */
export function SitePage({ path, Page, visitor }: { path: string; Page: ComponentType; visitor: Visitor }) {
  return (
    <VisitorContext.Provider value={visitor}>
      <SiteLayout path={path}>
        <Page />
      </SiteLayout>
    </VisitorContext.Provider>
  );
}

/** In the browser: asks who is signed in, after the first paint, and lets the buttons follow. */
export function SiteApp({
  path,
  Page,
  mayBeSignedIn,
}: {
  path: string;
  Page: ComponentType;
  mayBeSignedIn: boolean;
}) {
  const visitor = useSessionVisitor(mayBeSignedIn);
  useEffect(() => {
    // `/` is the schedule for a signed-in user (spec 2 §2). The server already sends the app instead of
    // this page when a session cookie comes with the request; this covers a session it could not see.
    if (path === '/' && visitor.status === 'signedIn') window.location.replace('/schedule');
  }, [path, visitor]);
  return <SitePage path={path} Page={Page} visitor={visitor} />;
}
