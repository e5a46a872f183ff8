import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
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
import { useAuth } from '../../../lib/auth-context';
import { SettingsSection } from './settings-section';

export function SecuritySection() {
  const navigate = useNavigate();
  const { supportMode } = useAuth();
  if (supportMode) {
    // The server refuses it in support mode (docs/support.md): say so rather than offer it.
    return (
      <SettingsSection
        id="settings-security"
        title="Security"
        description="Only the account holder can log out of all devices: it is not available in support mode."
      >
        <Button variant="outline" disabled>
          <LogOut aria-hidden="true" />
          Log out of all devices
        </Button>
      </SettingsSection>
    );
  }
  return (
    <SettingsSection
      id="settings-security"
      title="Security"
      description="Signed in somewhere you shouldn't be? End every session of your account at once."
    >
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="outline">
            <LogOut aria-hidden="true" />
            Log out of all devices
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Log out of all devices?</DialogTitle>
            <DialogDescription>
              Every session of your account ends, including this one. You can sign in again with an emailed
              link.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => navigate('/logout/all')}>
              Log out everywhere
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SettingsSection>
  );
}
