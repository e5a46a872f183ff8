import type { ReactNode } from 'react';
import { Card } from './ui/card';

/** The centred card every sign-in screen sits in. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">{children}</Card>
    </div>
  );
}
