import { SITE_NAV } from '@rotaboard/core/site/public-pages';
import { LogIn, LogOut, Menu, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../../components/ui/sheet';
import { cn } from '../../lib/utils';
import type { NavItem } from './nav-items';

const linkClass =
  'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** Below the md breakpoint the links live in a sheet sliding in from the right. */
export function MobileMenu({ signedIn, items }: { signedIn: boolean; items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        {/* Signed in, the navigation has six places: it stays in this menu below 1280 px so the header
            never runs wider than a tablet's screen. */}
        <Button
          variant="ghost"
          size="icon"
          className={cn('size-9', signedIn ? 'xl:hidden' : 'lg:hidden')}
          aria-label="Open menu"
        >
          <Menu aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent closeLabel="Close menu" aria-describedby={undefined}>
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
