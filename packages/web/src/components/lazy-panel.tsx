import { useRef, useState } from 'react';

/**
 * A panel (a sheet or dialog) whose code is fetched when the pointer or focus reaches the button that
 * opens it, and drawn once the button is pressed: the dialog library under it (Radix Dialog, focus
 * trap, scroll lock) is not needed by the page before that. `load` is the panel's dynamic import;
 * `drawn` says whether to render it (inside Suspense), `open` / `setOpen` drive it, `buttonProps` go
 * on the button and `onCloseAutoFocus` on the panel's content: with no Radix trigger to return to, the
 * panel would otherwise leave focus nowhere when it closes.
 */
export function useLazyPanel(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => {
    load().catch(() => {
      // Fetched again when the button is pressed.
    });
  };
  return {
    open,
    setOpen,
    drawn,
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      button.current?.focus();
    },
    buttonProps: {
      ref: button,
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
