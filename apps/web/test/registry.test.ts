import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AIS } from '@qiyuan/ai';
import { GAME_IDS } from '@qiyuan/core';
import { GAMES } from '@qiyuan/games';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_GAMES, loadAnalysisGame } from '../src/analysis/games.js';
import { WEB_GAMES, webGame } from '../src/games/registry.js';
import { changeLanguage, initI18n, t } from '../src/i18n/index.js';
import { AI_OF } from '../src/play/ai-ask.js';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Every game id has a complete entry in every table of the web app — its web entry (with the chunk it loads), the
 * analysis board's and the position editor's — so a game is added by its entries and its own modules, never by a
 * branch somewhere else. The types make a missing entry a compile error; this checks that each is whole and right.
 */
describe('the web registry', () => {
  beforeAll(() => initI18n('en'));

  it('covers the same game ids as core and the engine-level registry', async () => {
    // the editors' modules add their words on import: after the catalogue is up
    const { EDITORS } = await import('../src/analysis/editors.js');
    for (const table of [WEB_GAMES, ANALYSIS_GAMES, EDITORS, AI_OF, GAMES])
      expect(Object.keys(table).sort()).toEqual([...GAME_IDS].sort());
  });

  it.each(GAME_IDS)('%s: its web entry is complete and loads the web module of that game', async (id) => {
    const entry = WEB_GAMES[id];
    expect(entry.id).toBe(id);
    expect(webGame(id)).toBe(entry);
    expect(entry.name.trim()).not.toBe('');
    expect(t(`games.${id}`)).not.toBe(`games.${id}`);
    expect(entry.chunks.length).toBeGreaterThan(0);
    for (const file of entry.chunks) expect(existsSync(join(web, file)), file).toBe(true);
    const mod = await entry.load();
    expect(mod.id).toBe(id);
    expect(mod.scope).toBe(entry.scope);
    expect(mod.definition.id).toBe(id);
    expect(mod.definition.lobbyOptions).toEqual(GAMES[id].definition.lobbyOptions);
    expect(mod.fields.length).toBeGreaterThan(0);
    expect(typeof mod.createBoard).toBe('function');
    // the seats a tournament of it may have start a game the engine accepts
    for (const players of ['2', '3', '4', '6'])
      for (const armies of ['two', 'pairs', 'ffa'] as const) {
        const seating = entry.tournamentSeating(players, armies);
        if (entry.tournamentChoice === undefined) expect(seating).toEqual({ options: {}, fixed: {}, layout: 'pairs' });
        expect(mod.definition.parseOptions(seating.fixed).ok, JSON.stringify(seating.fixed)).toBe(true);
      }
  });

  it.each(GAME_IDS)('%s: the AI worker loads the AI of that game, the one the AI registry gives', async (id) => {
    const ai = await AI_OF[id]();
    expect(ai.game).toBe(id);
    expect(ai.definition.id).toBe(id);
    expect(ai.players).toEqual(AIS[id].players);
    expect(ai.input).toBe(AIS[id].input);
  });

  it.each(GAME_IDS)('%s: its analysis entry and editor are complete', async (id) => {
    const { EDITORS } = await import('../src/analysis/editors.js');
    const analysis = await loadAnalysisGame(id);
    expect(analysis.scale).toBeGreaterThan(0);
    expect(typeof analysis.beliefs).toBe('boolean');
    const editor = EDITORS[id];
    expect(typeof editor.useEditor).toBe('function');
    const fields = new Set([...(editor.omitFields ?? [])]);
    // a field the editor leaves out is one of the game's form fields (a misspelt one would leave nothing out)
    return WEB_GAMES[id].load().then((mod) => {
      for (const key of fields) expect(mod.fields.map((f) => f.key)).toContain(key);
    });
  });

  it.each(['en', 'zh-CN', 'zh-TW'] as const)(
    '%s: each game is named as in the engine-level registry (the server mails with its names)',
    async (language) => {
      await changeLanguage(language);
      try {
        for (const id of GAME_IDS) expect(t(`games.${id}`)).toBe(GAMES[id].names[language]);
      } finally {
        await changeLanguage('en');
      }
    },
  );

  it('names no game for other texts, inherited keys included', () => {
    for (const text of ['chess', '', 'toString', '__proto__']) expect(webGame(text)).toBeUndefined();
  });
});
