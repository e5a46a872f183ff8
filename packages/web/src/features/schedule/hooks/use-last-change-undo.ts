import { useCallback, useEffect, useRef } from 'react';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';

/** Ctrl+Z, or ⌘Z on a Mac; not with Shift (redo, elsewhere) or Alt. */
function isUndoShortcut(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'z'
  );
}

/** In a text field Ctrl+Z belongs to the field. */
function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * The undo of the last schedule change made on this page, offered in the change's toast and on
 * Ctrl+Z (⌘Z) for as long as it is the last change and the page stays on the same team and week
 * (`scope`). Not while a dialog is open: there Ctrl+Z is the dialog's. Each change can be undone
 * once; `afterChange` runs after the change and after its undo (to refetch the week).
 */
export function useLastChangeUndo(
  scope: string,
  afterChange: () => void,
): (message: string, undo: () => Promise<unknown>) => void {
  const last = useRef<(() => Promise<void>) | null>(null);
  const settled = useRef(afterChange);
  settled.current = afterChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new team or week drops the undo
  useEffect(() => {
    last.current = null;
  }, [scope]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isUndoShortcut(event) || !last.current || isEditable(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      void last.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return useCallback((message: string, undo: () => Promise<unknown>) => {
    let used = false;
    let toastId: string | number = '';
    const run = async () => {
      if (used) return;
      used = true;
      if (last.current === run) last.current = null;
      toast.dismiss(toastId);
      try {
        await undo();
        toast.success('Change undone');
      } catch (error) {
        showApiError(error, 'Failed to undo the change.');
      } finally {
        settled.current();
      }
    };
    last.current = run;
    settled.current();
    toastId = toast.success(message, {
      duration: 8000,
      action: { label: 'Undo', onClick: () => void run() },
    });
  }, []);
}
