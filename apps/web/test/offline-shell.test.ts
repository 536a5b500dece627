import { describe, expect, it } from 'vitest';
import { onlineOnlyFiles } from '../offline-shell.js';

/** Which built files the service worker leaves out of its first download: those only server pages lead to. */

describe('onlineOnlyFiles', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index-a.js',
      isEntry: true,
      css: ['assets/index-a.css'],
      imports: ['_shared-a.js'],
      dynamicImports: ['src/pages/home.tsx', 'src/pages/tournament.tsx', 'src/pages/game.tsx'],
    },
    '_shared-a.js': { file: 'assets/shared-a.js', assets: ['assets/ai.worker-a.js'] },
    'src/pages/home.tsx': { file: 'assets/home-a.js', imports: ['_shared-a.js'] },
    'src/pages/game.tsx': { file: 'assets/game-a.js', imports: ['_board-a.js'] },
    '_board-a.js': { file: 'assets/board-a.js' },
    'src/pages/tournament.tsx': {
      file: 'assets/tournament-a.js',
      css: ['assets/tournament-a.css'],
      imports: ['_board-a.js', '_podium-a.js'],
      dynamicImports: ['uplot'],
    },
    '_podium-a.js': { file: 'assets/podium-a.js' },
    uplot: { file: 'assets/uPlot-a.js' },
  };

  it('leaves out what only the online pages lead to, and keeps what offline pages share with them', () => {
    const out = onlineOnlyFiles(manifest, ['src/pages/tournament.tsx']);
    expect([...out].sort()).toEqual([
      'assets/podium-a.js',
      'assets/tournament-a.css',
      'assets/tournament-a.js',
      'assets/uPlot-a.js',
    ]);
  });

  it('keeps everything when no page is online-only', () => {
    expect(onlineOnlyFiles(manifest, []).size).toBe(0);
  });
});
