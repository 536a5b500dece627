/**
 * Whether a board may animate a move: the player's setting (Animations on, kept on the root element as
 * `data-animation`) and the system's wish (no `prefers-reduced-motion`). Every board asks here, so one switch
 * stops every slide, fade and flash.
 */
export const motionAllowed = (): boolean => {
  if (typeof document === 'undefined') return false;
  if (document.documentElement.dataset.animation === 'off') return false;
  return !(typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
};
