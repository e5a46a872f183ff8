import type { PublicPath } from '@rotaboard/core/site/public-pages';
import type { ComponentType } from 'react';

/**
 * Each public page's component, loaded on its own: a prerendered page hydrates with its own code and
 * the site's frame, never the app's router, query cache or other pages.
 */
export const SITE_PAGES: Record<PublicPath, () => Promise<{ default: ComponentType }>> = {
  '/': () => import('../features/marketing/routes/home-page'),
  '/pricing': () => import('../features/marketing/routes/pricing-page'),
  '/features': () => import('../features/marketing/routes/features-page'),
  '/features/schedule': () => import('../features/marketing/routes/feature-schedule-page'),
  '/features/leave': () => import('../features/marketing/routes/feature-leave-page'),
  '/features/attendance': () => import('../features/marketing/routes/feature-attendance-page'),
  '/assistant': () => import('../features/marketing/routes/assistant-page'),
  '/privacy': () => import('../features/legal/routes/privacy-page'),
  '/terms': () => import('../features/legal/routes/terms-page'),
};
