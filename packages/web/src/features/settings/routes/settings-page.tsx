import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-context';
import { AppearanceSection } from '../components/appearance-section';
import { AvailabilitySection } from '../components/availability-section';
import { CalendarSection } from '../components/calendar-section';
import { EmailSection } from '../components/email-section';
import { NotificationsSection } from '../components/notifications-section';
import { PaySection } from '../components/pay-section';
import { ProfileSection } from '../components/profile-section';
import { RegionSection } from '../components/region-section';
import { SecuritySection } from '../components/security-section';
import { TimeFormatSection } from '../components/time-format-section';

export function SettingsPage() {
  const { user, status } = useAuth();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <PageMeta
        title="Settings"
        description="Your profile, email address, notifications, calendar feed, security and preferences."
      />
      <PageHeader title="Settings" description="Manage your account and how Rotaboard works for you." />
      {user ? (
        <div className="space-y-6">
          <ProfileSection user={user} />
          <EmailSection currentEmail={user.email} />
          <NotificationsSection user={user} />
          <AvailabilitySection user={user} />
          <PaySection user={user} />
          <CalendarSection />
          <SecuritySection />
          <AppearanceSection />
          <TimeFormatSection user={user} />
          <RegionSection />
        </div>
      ) : status === 'initializing' ? (
        <PageSpinner />
      ) : (
        <div className="space-y-6">
          <p className="text-sm text-muted-foreground">Your account details can't be loaded right now.</p>
          <AppearanceSection />
          <RegionSection />
        </div>
      )}
    </div>
  );
}

export default SettingsPage;
