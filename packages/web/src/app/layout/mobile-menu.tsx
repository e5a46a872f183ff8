import { Menu } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useLazyPanel } from '../../components/lazy-panel';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import type { NavItem } from './nav-items';

// The panel brings the dialog library (Radix Dialog, focus trap, scroll lock: about 18 KB gzipped),
// which no page needs before the menu is opened: it is fetched when the pointer or focus reaches the
// button, and drawn once the button is pressed.
const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() => loadSheet().then((module) => ({ default: module.MobileMenuSheet })));

/** Below the lg (signed out) or xl (signed in) breakpoint the links live in a sheet. */
export function MobileMenu({ signedIn, items }: { signedIn: boolean; items: NavItem[] }) {
  const panel = useLazyPanel(loadSheet);
  return (
    <>
      {/* Signed in, the navigation has six places: it stays in this menu below 1280 px so the header
          never runs wider than a tablet's screen. */}
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-9', signedIn ? 'xl:hidden' : 'lg:hidden')}
        aria-label="Open menu"
        {...panel.buttonProps}
      >
        <Menu aria-hidden="true" />
      </Button>
      {panel.drawn ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            signedIn={signedIn}
            items={items}
            open={panel.open}
            onOpenChange={panel.setOpen}
            onCloseAutoFocus={panel.onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
