import type { ExternalToast } from 'sonner';

/**
 * Toasts, with the toast library (sonner) fetched on first use rather than with every page: it is
 * about a tenth of the first load's JavaScript, and most visits to the sign-in page never show one.
 * It is also fetched as soon as someone first presses a key or the pointer (most toasts answer an
 * action), so by the time a toast is asked for it is usually there. Until the library is here,
 * toasts wait in order; `toast.dismiss` works on waiting ones too. Once it is, they go to sonner at
 * once: its toaster replays every active toast when it subscribes, so none is lost to mount order.
 */
type Sonner = typeof import('sonner');
type Kind = 'success' | 'error' | 'info' | 'warning';
type Waiting = { kind: Kind; message: string; options: ExternalToast & { id: string | number } };

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let waiting: Waiting[] = [];
let nextId = 0;
const onLoaded = new Set<(module: Sonner) => void>();

/** Starts fetching the library (once); a failed fetch is tried again by the next toast. */
export function loadToaster(): Promise<Sonner> {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      const shown = waiting;
      waiting = [];
      for (const item of shown) module.toast[item.kind](item.message, item.options);
      for (const listener of onLoaded) listener(module);
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The toaster (LazyToaster) mounts once the library is here. */
export function subscribeToaster(listener: (module: Sonner) => void): () => void {
  onLoaded.add(listener);
  if (sonner) listener(sonner);
  return () => onLoaded.delete(listener);
}

function show(kind: Kind, message: string, options: ExternalToast = {}): string | number {
  const id = options.id ?? `toast-${++nextId}`;
  if (sonner) return sonner.toast[kind](message, { ...options, id });
  waiting.push({ kind, message, options: { ...options, id } });
  loadToaster().catch(() => {
    // Offline and the library never came: the message stays queued for when it does.
  });
  return id;
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  dismiss: (id?: string | number) => {
    waiting = id === undefined ? [] : waiting.filter((item) => item.options.id !== id);
    sonner?.toast.dismiss(id);
  },
};

if (typeof window !== 'undefined') {
  const early = () => {
    window.removeEventListener('pointerdown', early, true);
    window.removeEventListener('keydown', early, true);
    loadToaster().catch(() => {
      // Fetched again by the first toast.
    });
  };
  window.addEventListener('pointerdown', early, true);
  window.addEventListener('keydown', early, true);
}
