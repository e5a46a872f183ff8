import { useQuery } from '@tanstack/react-query';
import { Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';
import { calendarFeedQueryOptions, useResetCalendarFeed } from '../api/calendar-feed';
import { SettingsSection } from './settings-section';

const TITLE = 'Calendar';
const DESCRIPTION =
  'Your shifts and time off from every team, in your phone’s calendar. Calendar apps check this address every few hours.';

/** How to subscribe in each calendar app: short, since each app words its own menus. */
const HOW_TOS: readonly { app: string; steps: string }[] = [
  {
    app: 'Google Calendar',
    steps:
      'On a computer, open calendar.google.com → Other calendars, + → From URL, paste the address, Add calendar.',
  },
  {
    app: 'Apple Calendar',
    steps:
      'On iPhone: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar. On a Mac: File → New Calendar Subscription.',
  },
  {
    app: 'Outlook',
    steps: 'In Outlook on the web: Add calendar → Subscribe from web, paste the address, Import.',
  },
];

const madeOn = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
const formatMadeOn = (iso: string) => madeOn.format(new Date(iso));

/**
 * The calendar feed (issue 27, every plan): the secret address with Copy when it is made (shown once:
 * the server keeps only its hash, issue 45), how to add it, and Reset.
 * Support mode is refused by the server (the address would outlive the visit), so it says so.
 */
export function CalendarSection() {
  const { supportMode } = useAuth();
  if (supportMode) {
    return (
      <SettingsSection
        id="settings-calendar"
        title={TITLE}
        description="Only the account holder can see or reset the calendar address: it is not available in support mode."
      >
        <p className="text-sm text-muted-foreground">The address keeps working after support mode ends.</p>
      </SettingsSection>
    );
  }
  return (
    <SettingsSection id="settings-calendar" title={TITLE} description={DESCRIPTION}>
      <CalendarFeed />
    </SettingsSection>
  );
}

function CalendarFeed() {
  const feed = useQuery(calendarFeedQueryOptions);
  const reset = useResetCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  if (feed.isPending) return <Spinner />;
  if (feed.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {errorMessage(feed.error, 'Your calendar address could not be loaded.')}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => feed.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const url = feed.data.url;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Calendar address copied');
    } catch {
      toast.error('Could not copy: select the address and copy it yourself.');
    }
  };

  return (
    <div className="space-y-5">
      {url ? (
        <div className="space-y-2">
          <Label htmlFor="calendar-feed-url">Your calendar address</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="calendar-feed-url"
              readOnly
              value={url}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button type="button" onClick={copy} className="shrink-0">
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            Copy it into your calendar now: it is shown only this once. Keep it private: anyone with this
            address can see your shifts.
          </p>
        </div>
      ) : (
        <div className="space-y-1">
          <h3 className="text-sm font-medium">Your calendar address</h3>
          <p className="text-sm text-muted-foreground">
            Made on {formatMadeOn(feed.data.createdAt)} and shown once then: Rotaboard keeps nothing that
            could show it again, so nobody can read it from our records. Calendars you added it to keep
            updating. To add your shifts to another calendar, make a new address (the old one then stops
            working).
          </p>
        </div>
      )}

      <div className="space-y-2">
        <h3 className="text-sm font-medium">Add it to your calendar</h3>
        <ul className="space-y-2 text-sm">
          {HOW_TOS.map(({ app, steps }) => (
            <li key={app}>
              <span className="font-medium">{app}:</span>{' '}
              <span className="text-muted-foreground">{steps}</span>
            </li>
          ))}
        </ul>
      </div>

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogTrigger asChild>
          <Button variant="outline">
            <RefreshCw aria-hidden="true" />
            {url ? 'Reset address' : 'Make a new address'}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reset your calendar address?</DialogTitle>
            <DialogDescription>
              The current address stops working at once: calendars subscribed to it stop updating, and anyone
              who has it can no longer see your shifts. Add the new address to your calendars again.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={reset.isPending}
              onClick={() =>
                reset.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success('New calendar address made; the old one no longer works');
                  },
                  onError: (error) => showApiError(error, 'The address could not be reset'),
                })
              }
            >
              {reset.isPending ? <Spinner /> : null}
              Reset address
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
