import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AuthShell } from '../../../components/auth-shell';
import { PageMeta } from '../../../components/page-meta';
import { ResultCard } from '../../../components/result-card';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-context';
import { toast } from '../../../lib/toast';

export function LogoutPage({ allDevices = false }: { allDevices?: boolean }) {
  const { logout, logoutAllDevices } = useAuth();
  const navigate = useNavigate();
  const [state, setState] = useState<'pending' | 'success' | 'error'>('pending');
  // One logout per visit, even when StrictMode runs the effect twice.
  const started = useRef<Promise<boolean> | null>(null);

  useEffect(() => {
    let active = true;
    started.current ??= allDevices ? logoutAllDevices() : logout();
    started.current.then((ok) => {
      if (!active) return;
      setState(ok ? 'success' : 'error');
      if (!ok) toast.error(allDevices ? 'Failed to log out all devices' : 'Failed to log out');
    });
    return () => {
      active = false;
    };
  }, [allDevices, logout, logoutAllDevices]);

  const loginButton = <Button onClick={() => navigate('/login')}>Log in</Button>;

  return (
    <>
      <PageMeta
        title={allDevices ? 'Log out of all devices' : 'Log out'}
        description="Signing you out of Rotaboard."
      />
      {state === 'pending' ? (
        <AuthShell>
          <div className="flex justify-center py-6">
            <Spinner label="Logging out…" />
          </div>
        </AuthShell>
      ) : state === 'success' ? (
        <ResultCard
          tone="success"
          title={allDevices ? 'You have been logged out of all devices' : 'You have been logged out'}
          actions={loginButton}
        >
          <p>
            {allDevices
              ? 'Every session of your account has ended, on this device and all others.'
              : 'Thanks for using Rotaboard. See you next time.'}
          </p>
        </ResultCard>
      ) : (
        <ResultCard
          tone="error"
          title={allDevices ? 'Failed to log out all devices' : 'Failed to log out'}
          actions={loginButton}
        >
          <p>Something went wrong while logging you out. Check your connection and try again.</p>
        </ResultCard>
      )}
    </>
  );
}

export function LogoutAllPage() {
  return <LogoutPage allDevices />;
}

export default LogoutPage;
