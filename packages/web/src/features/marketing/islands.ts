/**
 * The interactive parts of the public pages (islands), each loaded on its own: a prerendered page
 * hydrates only these (site/hydrate-islands.tsx), never its whole tree; the rest of its HTML is final.
 * A page marks one with `<Island name=… component=… props=…>` (components/island.tsx), which the
 * prerender writes as a `data-island` element around the component's HTML.
 */
export const ISLANDS = {
  'product-demo': () => import('./components/product-demo').then((module) => module.ProductDemo),
  'pill-banner': () => import('./components/pill-banner').then((module) => module.PillBanner),
  'plan-price': () => import('./components/pricing-region').then((module) => module.PlanPrice),
  'region-select': () => import('./components/pricing-region').then((module) => module.PricingRegionSelect),
  'get-started': () => import('./components/get-started').then((module) => module.GetStartedButton),
};

export type IslandName = keyof typeof ISLANDS;
export type IslandComponent<N extends IslandName> = Awaited<ReturnType<(typeof ISLANDS)[N]>>;
/** An island's props: what its component takes (nothing, for one that takes none). */
export type IslandProps<N extends IslandName> =
  Parameters<IslandComponent<N>> extends [] ? Record<string, never> : Parameters<IslandComponent<N>>[0];

/** Whether a name read from the page is an island's. */
export function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(ISLANDS, name);
}
