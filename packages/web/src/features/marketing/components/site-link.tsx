import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import type { ComponentProps } from 'react';
import { removeStorage, writeStorage } from '../../../lib/storage';

/**
 * A link on the public pages: a plain anchor, so it works before (and without) JavaScript and the
 * public pages need no router. The app opens /login in sign-up mode from its navigation state or, on a
 * fresh page load like this one, from the stored `isSigningUp` flag (spec 1 §9), set on click: on a
 * prerendered page by its script, which listens for clicks on `data-sign-up` links and on links to
 * /login (site/entry-client.ts; the page itself is not hydrated), and here where React drew the link.
 */
export function SiteLink({
  href,
  signUp,
  onClick,
  ...props
}: ComponentProps<'a'> & { href: string; signUp?: boolean }) {
  return (
    <a
      href={href}
      data-sign-up={signUp ? '' : undefined}
      {...props}
      onClick={(event) => {
        if (signUp) writeStorage(STORAGE_KEYS.isSigningUp, 'true');
        else if (href === '/login') removeStorage(STORAGE_KEYS.isSigningUp);
        onClick?.(event);
      }}
    />
  );
}
