import { describe, expect, it } from 'vitest';
import {
  DISALLOWED_FOR_CRAWLERS,
  isAppRoute,
  isPublicPath,
  matchesRoute,
  PUBLIC_PAGES,
} from '../src/site/public-pages.ts';

describe('public site routes', () => {
  it('knows the app routes of the spec, with and without a trailing slash', () => {
    for (const path of [
      '/login',
      '/login/verify/abc',
      '/change-email/confirm/abc',
      '/logout',
      '/logout/all',
      '/invite-accept',
      '/invite/accept',
      '/schedule',
      '/schedule/2026-11-23',
      '/staff',
      '/staff/123',
      '/requests/2',
      '/reports',
      '/teams/',
      '/subscription',
      '/settings',
      '/support/new',
      '/billing/demo-checkout',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
  });

  it('does not take unknown paths or look-alikes for app routes', () => {
    for (const path of [
      '/nope',
      '/schedules',
      '/loginx',
      '/settings/x',
      '/billing',
      '/billing/anything',
      '/login/verify',
      '/login/verify/abc/def',
      '/login/elsewhere',
      '/logout/some',
      '/change-email/x',
      '/schedule/2026-11-23/more',
      '/features',
      '/',
      '/wp-admin',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });

  it('matches routes as React Router does: a parameter is one segment, a splat the path and below', () => {
    expect(matchesRoute('/schedule/:date', '/schedule/2026-11-23')).toBe(true);
    expect(matchesRoute('/schedule/:date', '/schedule/')).toBe(false);
    expect(matchesRoute('/schedule/:date', '/schedule')).toBe(false);
    expect(matchesRoute('/staff/*', '/staff')).toBe(true);
    expect(matchesRoute('/staff/*', '/staff/a/b')).toBe(true);
    expect(matchesRoute('/staff/*', '/staffing')).toBe(false);
    expect(matchesRoute('/login', '/login/x')).toBe(false);
  });

  it('lists every public page of the route table once, none of them an app route', () => {
    const paths = PUBLIC_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(9);
    for (const path of paths) {
      expect(isPublicPath(path)).toBe(true);
      expect(isAppRoute(path)).toBe(false);
      const page = PUBLIC_PAGES.find((p) => p.path === path)!;
      // What search results show without cutting.
      expect(page.title.length).toBeLessThanOrEqual(60);
      expect(page.description.length).toBeGreaterThan(50);
      expect(page.description.length).toBeLessThanOrEqual(170);
    }
  });

  it('asks crawlers to leave the app and the API alone, but not the public pages', () => {
    expect(DISALLOWED_FOR_CRAWLERS).toContain('/api/');
    expect(DISALLOWED_FOR_CRAWLERS).toContain('/schedule');
    expect(DISALLOWED_FOR_CRAWLERS).toContain('/schedule/');
    // The sign-in page may be found; the sign-in links under it may not.
    expect(DISALLOWED_FOR_CRAWLERS).not.toContain('/login');
    expect(DISALLOWED_FOR_CRAWLERS).toContain('/login/verify/');
    expect(DISALLOWED_FOR_CRAWLERS).toContain('/staff');
    expect(DISALLOWED_FOR_CRAWLERS).toContain('/staff/');
    expect(DISALLOWED_FOR_CRAWLERS.some((rule) => '/features'.startsWith(rule))).toBe(false);
    expect(DISALLOWED_FOR_CRAWLERS.some((rule) => '/pricing'.startsWith(rule))).toBe(false);
  });
});
