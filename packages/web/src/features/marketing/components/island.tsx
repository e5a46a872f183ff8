import type { ComponentType } from 'react';
import type { IslandComponent, IslandName, IslandProps } from '../islands';

/**
 * An interactive part of a public page (an island, features/marketing/islands.ts). Rendered in place,
 * inside an element that takes no box of its own (`display: contents`), which carries the island's
 * name and its props as JSON: in the browser, site/hydrate-islands.tsx hydrates that element with the
 * same component and props, and nothing else of the page. Within the app (which draws the home page
 * for a stale session) it is simply the component.
 *
 * An island's props must survive JSON, and it must not use `useId` (its ids would differ between the
 * whole page's prerender and the island's own root). `when="signed-in"` hydrates it only for a signed-in
 * visitor: the Get Started buttons are plain links for everyone else.
 */
export function Island<N extends IslandName>({
  name,
  component,
  props,
  when,
}: {
  name: N;
  component: IslandComponent<N>;
  props: IslandProps<N>;
  when?: 'signed-in';
}) {
  // The registry's component for this name: the same one the browser will hydrate with.
  const Component = component as ComponentType<object>;
  return (
    <div className="contents" data-island={name} data-props={JSON.stringify(props)} data-island-when={when}>
      <Component {...(props as object)} />
    </div>
  );
}
