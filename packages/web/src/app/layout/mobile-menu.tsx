import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
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
  const [open, setOpen] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const prefetch = () => {
    loadSheet().catch(() => {
      // Fetched again when the button is pressed.
    });
  };
  return (
    <>
      {/* Signed in, the navigation has six places: it stays in this menu below 1280 px so the header
          never runs wider than a tablet's screen. */}
      <Button
        variant="ghost"
        size="icon"
        className={cn('size-9', signedIn ? 'xl:hidden' : 'lg:hidden')}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setDrawn(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </Button>
      {drawn ? (
        <Suspense fallback={null}>
          <MobileMenuSheet signedIn={signedIn} items={items} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
