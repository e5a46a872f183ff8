import { SITE_NAV } from '@rotaboard/core/site/public-pages';
import { LogIn, LogOut, UserPlus } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../../components/ui/sheet';
import { cn } from '../../lib/utils';
import type { NavItem } from './nav-items';

const linkClass =
  'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The mobile menu's panel, sliding in from the right (loaded with the dialog library on first use). */
export function MobileMenuSheet({
  signedIn,
  items,
  open,
  onOpenChange: setOpen,
  onCloseAutoFocus,
}: {
  signedIn: boolean;
  items: NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the menu closes: back to the button that opened it. */
  onCloseAutoFocus: (event: Event) => void;
}) {
  const navigate = useNavigate();
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetContent closeLabel="Close menu" aria-describedby={undefined} onCloseAutoFocus={onCloseAutoFocus}>
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile" className="flex flex-col gap-1">
          {signedIn ? (
            <>
              {items.map(({ to, label, icon: Icon }) => (
                <NavLink
                  key={to}
                  to={to}
                  onClick={() => setOpen(false)}
                  className={({ isActive }) => cn(linkClass, isActive && 'bg-accent text-accent-foreground')}
                >
                  <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                  {label}
                </NavLink>
              ))}
              <div className="my-2 border-t border-border" />
              <button
                type="button"
                className={cn(linkClass, 'text-left')}
                onClick={() => {
                  setOpen(false);
                  navigate('/logout');
                }}
              >
                <LogOut aria-hidden="true" className="size-4 text-muted-foreground" />
                Log out
              </button>
            </>
          ) : (
            <>
              {SITE_NAV.map((item) => (
                <a key={item.href} href={item.href} className={linkClass}>
                  {item.label}
                </a>
              ))}
              <div className="my-2 border-t border-border" />
              <Link
                to="/login"
                state={{ isSignUp: false }}
                className={linkClass}
                onClick={() => setOpen(false)}
              >
                <LogIn aria-hidden="true" className="size-4 text-muted-foreground" />
                Log in
              </Link>
              <Link
                to="/login"
                state={{ isSignUp: true }}
                className={linkClass}
                onClick={() => setOpen(false)}
              >
                <UserPlus aria-hidden="true" className="size-4 text-muted-foreground" />
                Sign up
              </Link>
            </>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
