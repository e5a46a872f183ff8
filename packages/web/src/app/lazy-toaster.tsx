import { type ComponentType, useEffect, useState } from 'react';
import { type Theme, useTheme } from '../lib/theme';
import { subscribeToaster } from '../lib/toast';

type ToasterProps = { richColors: boolean; position: 'top-center'; theme: Theme; closeButton: boolean };

/** Sonner's toaster, on screen once the library has been fetched (lib/toast.ts says when). */
export function LazyToaster() {
  const theme = useTheme();
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => subscribeToaster((module) => setToaster(() => module.Toaster)), []);
  return Toaster ? <Toaster richColors position="top-center" theme={theme} closeButton /> : null;
}
