/**
 * The roster choosers: for every kind of double-sided tile, how many of its
 * tiles show the reverse side. `rosterChooser` sets both players' rosters at
 * once as an extended GameTypeString (`<UHP type>:<flips>` or
 * `<UHP type>:<white>/<black>`, reverse letters in the order R T F W D K C);
 * `rosterPicker` is one seat's choice in the advanced game's roster phase,
 * answered as the engine's roster move (`roster T1F2W`, `roster -`).
 */
import { BUG_ART } from './hive-bugs.js';

/** Reverse side → (front, tiles per colour, expansion the front needs), in canonical order. */
export const FLIPS = [
  { back: 'R', front: 'S', count: 2, needs: '' },
  { back: 'T', front: 'B', count: 2, needs: '' },
  { back: 'F', front: 'G', count: 3, needs: '' },
  { back: 'W', front: 'A', count: 3, needs: '' },
  { back: 'D', front: 'M', count: 1, needs: 'M' },
  { back: 'K', front: 'L', count: 1, needs: 'L' },
  { back: 'C', front: 'P', count: 1, needs: 'P' },
] as const;

export type Flips = Readonly<Record<string, number>>;

/** One player's flips as the GameTypeString writes them (`TF2W`), empty for none. */
export const flipText = (type: string, flips: Flips): string =>
  FLIPS.filter((f) => (f.needs === '' || type.includes(f.needs)) && (flips[f.back] ?? 0) > 0)
    .map((f) => {
      const n = Math.min(f.count, flips[f.back]!);
      return n === 1 ? f.back : `${f.back}${n}`;
    })
    .join('');

/** The canonical extended GameTypeString: no `:` part without flips, one part when both players flip alike. */
export const rosterGameType = (type: string, white: Flips, black: Flips): string => {
  const w = flipText(type, white);
  const b = flipText(type, black);
  if (w === '' && b === '') return type;
  return w === b ? `${type}:${w}` : `${type}:${w}/${b}`;
};

/** Reads an extended GameTypeString back into its UHP type and each player's flips; null when malformed. */
export const parseRoster = (text: string): { type: string; white: Flips; black: Flips } | null => {
  // `:?` (rosters still to choose) reads as no flips yet.
  const m = /^(Base(?:\+[MLP]+)?)(?::(?:\?|([A-Z0-9]*)(?:\/([A-Z0-9]*))?))?$/.exec(text.trim());
  if (!m) return null;
  const type = m[1]!;
  const read = (s: string | undefined): Flips | null => {
    const out: Record<string, number> = {};
    let last = -1;
    for (const part of (s ?? '').match(/[A-Z]\d*/g) ?? []) {
      const i = FLIPS.findIndex((f) => f.back === part[0]);
      const f = FLIPS[i];
      if (!f || i <= last || (f.needs !== '' && !type.includes(f.needs))) return null;
      const n = part.length > 1 ? Number(part.slice(1)) : 1;
      if (n < 1 || n > f.count) return null;
      out[f.back] = n;
      last = i;
    }
    if ((s ?? '').replace(/[A-Z]\d*/g, '') !== '') return null;
    return out;
  };
  const white = read(m[2]);
  const black = m[3] === undefined ? white : read(m[3]);
  if (!white || !black) return null;
  return { type, white, black };
};

export interface RosterText {
  title: string;
  player(seat: number): string;
  bug(letter: string): string;
}

/** A small form: per player and tile kind, how many tiles show their reverse side. Calls `onChange` with the string. */
export const rosterChooser = (
  type: string,
  text: RosterText,
  onChange: (gameType: string) => void,
  initial: { white: Flips; black: Flips } = { white: {}, black: {} },
): HTMLFieldSetElement => {
  const chosen = [{ ...initial.white }, { ...initial.black }];
  const set = document.createElement('fieldset');
  set.className = 'hv-roster';
  const legend = document.createElement('legend');
  legend.textContent = text.title;
  set.append(legend);
  for (const seat of [0, 1]) {
    const row = document.createElement('div');
    row.setAttribute('role', 'group');
    row.setAttribute('aria-label', text.player(seat));
    row.style.cssText = 'display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.25rem 0';
    const who = document.createElement('strong');
    who.textContent = text.player(seat);
    row.append(who);
    for (const f of FLIPS) {
      if (f.needs !== '' && !type.includes(f.needs)) continue;
      const label = document.createElement('label');
      label.style.cssText = 'display:flex;gap:.2rem;align-items:center';
      const icon = `<svg viewBox="-1 -1 2 2" width="20" height="20" aria-hidden="true"><g color="#555">${BUG_ART[f.back]}</g></svg>`;
      label.innerHTML = icon;
      const name = document.createElement('span');
      name.textContent = `${text.bug(f.front)} → ${text.bug(f.back)}`;
      const select = document.createElement('select');
      select.name = `roster-${seat}-${f.back}`;
      for (let n = 0; n <= f.count; n++) select.add(new Option(String(n), String(n)));
      select.value = String(chosen[seat]![f.back] ?? 0);
      select.addEventListener('change', () => {
        chosen[seat]![f.back] = Number(select.value);
        onChange(rosterGameType(type, chosen[0]!, chosen[1]!));
      });
      label.append(name, select);
      row.append(label);
    }
    set.append(row);
  }
  return set;
};

export interface RosterPickerText {
  title: string;
  kind(front: string, back: string): string;
  confirm: string;
}

/** One seat's roster in the roster phase: a count per kind, then a button that answers the roster move. */
export const rosterPicker = (
  type: string,
  seat: number,
  text: RosterPickerText,
  onConfirm: (move: string) => void,
): HTMLFieldSetElement => {
  const chosen: Record<string, number> = {};
  const set = document.createElement('fieldset');
  set.className = 'hv-roster';
  set.dataset.seat = String(seat);
  const legend = document.createElement('legend');
  legend.textContent = text.title;
  set.append(legend);
  for (const f of FLIPS) {
    if (f.needs !== '' && !type.includes(f.needs)) continue;
    const label = document.createElement('label');
    label.style.cssText = 'display:flex;gap:.35rem;align-items:center;margin:.2rem 0';
    // the back's bug, large enough to tell from its neighbours (its drawing fills the middle of a tile's box)
    label.innerHTML = `<svg viewBox="-0.75 -0.75 1.5 1.5" width="36" height="36" aria-hidden="true"><g color="#555">${BUG_ART[f.back]}</g></svg>`;
    const name = document.createElement('span');
    name.textContent = text.kind(f.front, f.back);
    const select = document.createElement('select');
    select.name = `roster-${f.back}`;
    for (let n = 0; n <= f.count; n++) select.add(new Option(`${n} / ${f.count}`, String(n)));
    select.value = '0';
    select.addEventListener('change', () => {
      chosen[f.back] = Number(select.value);
    });
    label.append(name, select);
    set.append(label);
  }
  const ok = document.createElement('button');
  ok.type = 'button';
  ok.className = 'primary';
  ok.dataset.testid = 'roster-confirm';
  ok.textContent = text.confirm;
  ok.addEventListener('click', () => onConfirm(`roster ${flipText(type, chosen) || '-'}`));
  set.append(ok);
  return set;
};
