import { type ComponentType, lazy, Suspense, useState } from 'react';

const idle = (callback: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(callback) : setTimeout(callback, 200);
const savingData = () =>
  (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * A dialog whose code is fetched when it is first opened, not with its page: the schedule's editor
 * and its validation are a large part of the page and nobody needs them to see the week. Once opened
 * it stays mounted, so closing animates as usual. `preload` fetches it ahead (on idle, and not for
 * someone whose browser asks to save data), so the first open is usually instant too.
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const fetchCode = () => {
    loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Loaded = lazy(fetchCode);
  function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyDialog.preload = () => {
    if (savingData()) return;
    idle(() => {
      fetchCode().catch(() => {
        // Fetched again when the dialog is opened.
      });
    });
  };
  return LazyDialog;
}
