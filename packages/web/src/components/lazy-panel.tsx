import { useState } from 'react';

/**
 * A panel (a sheet or dialog) whose code is fetched when the pointer or focus reaches the button that
 * opens it, and drawn once the button is pressed: the dialog library under it (Radix Dialog, focus
 * trap, scroll lock) is not needed by the page before that. `load` is the panel's dynamic import;
 * `drawn` says whether to render it (inside Suspense), `open` / `setOpen` drive it, and `buttonProps`
 * go on the button.
 */
export function useLazyPanel(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const prefetch = () => {
    load().catch(() => {
      // Fetched again when the button is pressed.
    });
  };
  return {
    open,
    setOpen,
    drawn,
    buttonProps: {
      'aria-haspopup': 'dialog' as const,
      'aria-expanded': open,
      onPointerEnter: prefetch,
      onFocus: prefetch,
      onClick: () => {
        setDrawn(true);
        setOpen(true);
      },
    },
  };
}
