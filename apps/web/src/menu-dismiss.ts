import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/**
 * How an open header menu closes: on a click outside the elements `inside` holds, on a choice (a link matching
 * `choice`, even the page already shown, whose route does not change), and on Escape, which hands focus back to the
 * menu's button. A layout effect, so the listeners are there as soon as the menu is: an effect runs after paint, and
 * an Escape pressed right after the click that opened the menu would come before it and be lost.
 */
export const useMenuDismiss = (
  open: boolean,
  close: () => void,
  inside: readonly RefObject<Element>[],
  choice: string,
  toggle: RefObject<HTMLButtonElement>,
): void => {
  useLayoutEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      const at = e.target as Node;
      if (!inside.some((r) => r.current?.contains(at))) close();
    };
    const chosen = (e: Event) => {
      if ((e.target as Element | null)?.closest?.(choice)) close();
    };
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      close();
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', key);
    document.addEventListener('click', chosen);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', key);
      document.removeEventListener('click', chosen);
    };
  }, [open]);
};
