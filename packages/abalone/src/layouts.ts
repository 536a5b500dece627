import { cellByName } from './board.js';

/** The five start positions. Black (seat 0) moves first and starts on the A side. */
export const START_POSITIONS = ['standard', 'belgian-daisy', 'german-daisy', 'dutch-daisy', 'swiss-daisy'] as const;
export type StartPosition = (typeof START_POSITIONS)[number];

const names = (text: string): number[] => text.split(' ').map(cellByName);

/** Cells of Black (seat 0) and White (seat 1) in each layout. */
export const LAYOUTS: Readonly<
  Record<StartPosition, { readonly black: readonly number[]; readonly white: readonly number[] }>
> = {
  standard: {
    black: names('A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 B6 C3 C4 C5'),
    white: names('I5 I6 I7 I8 I9 H4 H5 H6 H7 H8 H9 G5 G6 G7'),
  },
  'belgian-daisy': {
    black: names('A1 A2 B1 B2 B3 C2 C3 I8 I9 H7 H8 H9 G7 G8'),
    white: names('A4 A5 B4 B5 B6 C5 C6 I5 I6 H4 H5 H6 G4 G5'),
  },
  'german-daisy': {
    black: names('B1 B2 C1 C2 C3 D2 D3 H8 H9 G7 G8 G9 F7 F8'),
    white: names('B5 B6 C5 C6 C7 D6 D7 H4 H5 G3 G4 G5 F3 F4'),
  },
  'dutch-daisy': {
    black: names('A1 A2 B1 B3 C2 C3 B5 I8 I9 H7 H9 G7 G8 H5'),
    white: names('A4 A5 B4 B6 C5 C6 B2 I5 I6 H4 H6 G4 G5 H8'),
  },
  'swiss-daisy': {
    black: names('B1 B2 C1 C3 D2 D3 C6 H8 H9 G7 G9 F7 F8 G4'),
    white: names('B5 B6 C5 C7 D6 D7 C2 H4 H5 G3 G5 F3 F4 G8'),
  },
};
