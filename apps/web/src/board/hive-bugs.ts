/**
 * Original, deliberately simple bug drawings for Hive tiles, one per letter,
 * drawn in a 2×2 box centred on (0, 0) with `currentColor`. Each bug keeps one
 * feature players know it by (the Queen's crown, the Spider's eight legs, the
 * Ladybug's spots, the Centipede's many segments).
 */
const legs = (n: number, spread: number, len: number): string => {
  let d = '';
  for (let i = 0; i < n; i++) {
    const y = -spread + (2 * spread * i) / Math.max(1, n - 1);
    d += `M-0.15 ${y.toFixed(2)}L${(-0.15 - len).toFixed(2)} ${(y - 0.12).toFixed(2)}M0.15 ${y.toFixed(2)}L${(0.15 + len).toFixed(2)} ${(y - 0.12).toFixed(2)}`;
  }
  return `<path d="${d}" fill="none" stroke="currentColor" stroke-width="0.07" stroke-linecap="round"/>`;
};
const body = (rx: number, ry: number, cy = 0): string =>
  `<ellipse cx="0" cy="${cy}" rx="${rx}" ry="${ry}" fill="currentColor"/>`;
const wings = (w: number, h: number, y: number, o = 0.55): string =>
  `<ellipse cx="${-w * 0.6}" cy="${y}" rx="${w}" ry="${h}" fill="currentColor" opacity="${o}"/><ellipse cx="${w * 0.6}" cy="${y}" rx="${w}" ry="${h}" fill="currentColor" opacity="${o}"/>`;

export const BUG_ART: Readonly<Record<string, string>> = {
  // Queen Bee: striped body under a three-point crown
  Q: `${wings(0.28, 0.18, -0.1)}${body(0.22, 0.34, 0.15)}<path d="M-0.3 -0.45L-0.3 -0.7L-0.15 -0.55L0 -0.75L0.15 -0.55L0.3 -0.7L0.3 -0.45Z" fill="currentColor"/>`,
  // Spider: round body, eight legs
  S: `${legs(4, 0.3, 0.45)}${body(0.2, 0.28)}`,
  // Beetle: domed shell with a split line
  B: `${legs(3, 0.25, 0.25)}${body(0.32, 0.45)}<path d="M0 -0.4V0.45" stroke="var(--tile,#fff)" stroke-width="0.06"/>`,
  // Grasshopper: long body and a big bent hind leg
  G: `${body(0.12, 0.5)}<path d="M0.1 0.1L0.5 -0.25L0.4 0.55M-0.1 0.1L-0.5 -0.25L-0.4 0.55" fill="none" stroke="currentColor" stroke-width="0.08" stroke-linejoin="round"/>`,
  // Soldier Ant: three beads
  A: `${legs(3, 0.15, 0.35)}<circle cy="-0.38" r="0.14" fill="currentColor"/><circle cy="-0.05" r="0.13" fill="currentColor"/><ellipse cy="0.33" rx="0.18" ry="0.24" fill="currentColor"/>`,
  // Mosquito: thin body, two clear wings, a long proboscis
  M: `${wings(0.22, 0.35, 0.05, 0.4)}${body(0.08, 0.4, 0.1)}<path d="M0 -0.3V-0.75" stroke="currentColor" stroke-width="0.05"/>`,
  // Ladybug: round shell with spots
  L: `${body(0.42, 0.42, 0.05)}<path d="M0 -0.37V0.47" stroke="var(--tile,#fff)" stroke-width="0.05"/><circle cx="-0.2" cy="-0.05" r="0.08" fill="var(--tile,#fff)"/><circle cx="0.2" cy="0.15" r="0.08" fill="var(--tile,#fff)"/><circle cx="-0.15" cy="0.25" r="0.06" fill="var(--tile,#fff)"/><circle cx="0.16" cy="-0.15" r="0.06" fill="var(--tile,#fff)"/>`,
  // Pillbug: segmented oval
  P: `${body(0.32, 0.45)}<path d="M-0.3 -0.2H0.3M-0.32 0H0.32M-0.3 0.2H0.3" stroke="var(--tile,#fff)" stroke-width="0.05"/>`,
  // Mantis: upright body, folded forelegs
  T: `${body(0.1, 0.42, 0.15)}<circle cy="-0.42" r="0.12" fill="currentColor"/><path d="M-0.05 -0.2L-0.35 -0.1L-0.3 -0.45M0.05 -0.2L0.35 -0.1L0.3 -0.45" fill="none" stroke="currentColor" stroke-width="0.07"/>`,
  // Fly: stout body, two round wings, big eyes
  F: `${wings(0.25, 0.22, -0.05, 0.45)}${body(0.16, 0.3, 0.1)}<circle cx="-0.12" cy="-0.3" r="0.09" fill="currentColor"/><circle cx="0.12" cy="-0.3" r="0.09" fill="currentColor"/>`,
  // Scorpion: pincers ahead, a curled tail
  R: `${body(0.16, 0.28)}<path d="M-0.1 -0.25L-0.35 -0.55M0.1 -0.25L0.35 -0.55M0 0.28Q0 0.7 0.3 0.6Q0.45 0.45 0.3 0.35" fill="none" stroke="currentColor" stroke-width="0.08"/>`,
  // Wasp: narrow waist, pointed abdomen
  W: `${wings(0.2, 0.3, -0.15, 0.4)}<circle cy="-0.3" r="0.14" fill="currentColor"/><path d="M-0.17 0L0 0.6L0.17 0Q0 -0.12 -0.17 0Z" fill="currentColor"/>`,
  // Cockroach: flat oval, long antennae
  K: `${legs(3, 0.2, 0.25)}${body(0.26, 0.4, 0.1)}<path d="M-0.08 -0.28Q-0.3 -0.6 -0.45 -0.7M0.08 -0.28Q0.3 -0.6 0.45 -0.7" fill="none" stroke="currentColor" stroke-width="0.05"/>`,
  // Dragonfly: long thin tail, four long wings
  D: `<path d="M-0.55 -0.28H0.55M-0.5 -0.08H0.5" stroke="currentColor" stroke-width="0.14" stroke-linecap="round" opacity="0.5"/>${body(0.07, 0.55, 0.1)}<circle cy="-0.45" r="0.1" fill="currentColor"/>`,
  // Centipede: a chain of segments with many legs
  C: `${legs(6, 0.5, 0.18)}<path d="M0 -0.55V0.55" stroke="currentColor" stroke-width="0.2" stroke-dasharray="0.14 0.04"/>`,
};

/** The bug letter of a piece name: `wQ` → Q, `bA2` → A. */
export const bugOf = (piece: string): string => piece.charAt(1);
