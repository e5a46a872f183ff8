import { APP_ROUTES, PUBLIC_PAGES } from '@rotaboard/core/site/public-pages';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every path the router matches, written out in full (nested routes have no path of their own). */
function routerPaths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...(route.children ? routerPaths(route.children) : []),
  ]);
}

describe('the app’s routes', () => {
  // `*` sends everything else to `/`, as the server does for an address it does not know.
  const paths = routerPaths(routes).filter((path) => path !== '*');

  it('are the routes core lists, every one and no other (the server sends the app for exactly these)', () => {
    const listed = [
      ...APP_ROUTES,
      ...PUBLIC_PAGES.filter((page) => 'inApp' in page).map((page) => page.path),
    ];
    expect(paths.every((path) => path.startsWith('/'))).toBe(true);
    expect([...paths].sort()).toEqual([...listed].sort());
  });

  it('have no path twice, and end with the catch-all', () => {
    expect(new Set(paths).size).toBe(paths.length);
    expect(routerPaths(routes).at(-1)).toBe('*');
  });
});
