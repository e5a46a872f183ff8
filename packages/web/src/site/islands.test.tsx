import { PUBLIC_PAGES } from '@rotaboard/core/site/public-pages';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PrerenderPathContext } from '../components/page-meta';
import { ISLANDS, isIslandName } from '../features/marketing/islands';
import { SitePage } from './site-app';
import { SITE_PAGES } from './site-pages';

/** The islands each public page draws, as the prerender writes them: name and props. */
async function islandsOf(path: (typeof PUBLIC_PAGES)[number]['path']) {
  const { default: Page } = await SITE_PAGES[path]();
  const html = renderToString(
    <PrerenderPathContext.Provider value={path}>
      <SitePage path={path} Page={Page} />
    </PrerenderPathContext.Provider>,
  );
  return [...html.matchAll(/data-island="([^"]+)" data-props="([^"]*)"/g)].map(([, name, props]) => ({
    name: name ?? '',
    props: JSON.parse((props ?? '').replaceAll('&quot;', '"')) as unknown,
  }));
}

describe('islands', () => {
  it('every island a public page draws is in the registry, and every island is drawn somewhere', async () => {
    const drawn = new Set<string>();
    for (const { path } of PUBLIC_PAGES) {
      for (const island of await islandsOf(path)) {
        expect(isIslandName(island.name), `${path}: ${island.name}`).toBe(true);
        expect(island.props).toBeTypeOf('object');
        drawn.add(island.name);
      }
    }
    expect([...drawn].sort()).toEqual(Object.keys(ISLANDS).sort());
  });

  it('the pages that only read need no island: the legal pages', async () => {
    expect(await islandsOf('/privacy')).toEqual([]);
    expect(await islandsOf('/terms')).toEqual([]);
  });

  it('each island loads a component', async () => {
    for (const load of Object.values(ISLANDS)) expect(await load()).toBeTypeOf('function');
  });
});
