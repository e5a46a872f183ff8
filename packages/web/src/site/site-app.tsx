import type { ComponentType } from 'react';
import { SiteLayout } from './site-layout';

/** A public page in its frame, as the prerender draws it (the browser hydrates only its islands). */
export function SitePage({ path, Page }: { path: string; Page: ComponentType }) {
  return (
    <SiteLayout path={path}>
      <Page />
    </SiteLayout>
  );
}
