import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLANDS, isIslandName } from '../features/marketing/islands';

/**
 * Hydrates each island of a prerendered public page (`data-island`, written by components/island.tsx)
 * as a React root of its own, with its component and the props the prerender used: its first render
 * matches the HTML, and what depends on the browser (the region, motion, the visitor) follows. Islands
 * share state through stores outside React (lib/region.ts, marketing/lib/visitor-session.ts).
 */
export async function hydrateIslands(elements: readonly HTMLElement[]): Promise<void> {
  await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island ?? '';
      if (!isIslandName(name)) throw new Error(`no island is called ${name}`);
      const Component = (await ISLANDS[name]()) as ComponentType<Record<string, unknown>>;
      const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
      hydrateRoot(element, <Component {...props} />);
    }),
  );
}
