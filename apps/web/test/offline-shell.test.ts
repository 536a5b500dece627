import { describe, expect, it } from 'vitest';
import { onlineOnlyFiles, shellFiles, splitPrecache } from '../offline-shell.js';

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

describe('the shell and the offline pack', () => {
  const manifest = {
    'index.html': {
      file: 'assets/index-a.js',
      isEntry: true,
      css: ['assets/index-a.css'],
      dynamicImports: ['src/app.tsx'],
    },
    'src/app.tsx': { file: 'assets/app-a.js', imports: ['_i18n-a.js'] },
    '_i18n-a.js': { file: 'assets/i18n-a.js', dynamicImports: ['src/i18n/words-en.ts', 'src/i18n/words-zh-CN.ts'] },
    'src/i18n/words-en.ts': { file: 'assets/words-en-a.js' },
    'src/i18n/words-zh-CN.ts': { file: 'assets/words-zh-CN-a.js' },
    'src/pages/game.tsx': { file: 'assets/game-a.js', imports: ['_board-a.js'] },
    '_board-a.js': { file: 'assets/board-a.js' },
    'src/pages/tournaments.tsx': { file: 'assets/tournaments-a.js' },
  };
  const entries = [
    'index.html',
    'icon.svg',
    'assets/index-a.js',
    'assets/index-a.css',
    'assets/app-a.js',
    'assets/i18n-a.js',
    'assets/words-en-a.js',
    'assets/words-zh-CN-a.js',
    'assets/game-a.js',
    'assets/board-a.js',
    'assets/tournaments-a.js',
    // a worker's own chunk: not in the page's manifest
    'assets/hive-ai-a.js',
  ].map((url) => ({ url, size: 1 }));

  it('the shell is the entry and the app’s frame with their static imports, the style sheet and every language’s words', () => {
    expect([...shellFiles(manifest)].sort()).toEqual([
      'assets/app-a.js',
      'assets/i18n-a.js',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/words-en-a.js',
      'assets/words-zh-CN-a.js',
    ]);
  });

  it('the app’s frame gathered into a chunk of its own (named `frame`, no module’s key) is in the shell', () => {
    const { 'src/app.tsx': app, ...rest } = manifest;
    const grouped = {
      ...rest,
      'index.html': { ...manifest['index.html'], dynamicImports: ['_frame-a.js'] },
      '_frame-a.js': { ...app, name: 'frame' },
    };
    expect([...shellFiles(grouped)]).toContain('assets/app-a.js');
    expect([...shellFiles(grouped)]).toContain('assets/i18n-a.js');
  });

  it('precaches the shell and the files beside the page; the pack holds the rest but the online pages’ files', () => {
    const { shell, pack } = splitPrecache(entries, {
      ...manifest,
      'index.html': {
        ...manifest['index.html'],
        dynamicImports: ['src/app.tsx', 'src/pages/game.tsx', 'src/pages/tournaments.tsx'],
      },
    });
    expect(shell.map((e) => e.url).sort()).toEqual([
      'assets/app-a.js',
      'assets/i18n-a.js',
      'assets/index-a.css',
      'assets/index-a.js',
      'assets/words-en-a.js',
      'assets/words-zh-CN-a.js',
      'icon.svg',
      'index.html',
    ]);
    // tournaments.tsx is one of the pages that need the server (ONLINE_ONLY)
    expect(pack.files).toEqual(['assets/board-a.js', 'assets/game-a.js', 'assets/hive-ai-a.js']);
    expect(pack.version).toMatch(/^[0-9a-f]{16}$/);
  });
});
