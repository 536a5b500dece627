import { expect, it } from 'vitest';
import { Catalogue } from '../src/i18n/catalogue.js';

const make = (): Catalogue => {
  const c = new Catalogue();
  c.addBundle(
    'en',
    { game: { won: '{{name}} won', moves_one: '{{count}} move', moves_other: '{{count}} moves' } },
    true,
  );
  c.addBundle('zh-CN', { game: { won: '{{ name }}胜', moves_other: '{{count}} 步' } }, true);
  c.changeLanguage('zh-CN');
  return c;
};

it('fills slots from the values, nested ones too, and leaves a slot without a value empty', () => {
  const c = make();
  expect(c.t('game.won', { name: '蓝方' })).toBe('蓝方胜');
  expect(c.t('game.won')).toBe('胜');
  c.addBundle('en', { who: '{{player.name}} ({{player.rating}})' }, false);
  expect(c.t('who', { player: { name: 'ada', rating: 1500 } })).toBe('ada (1500)');
});

it('picks the plural form of each language, and falls back to English, then to the key', () => {
  const c = make();
  expect(c.t('game.moves', { count: 1 })).toBe('1 步');
  c.changeLanguage('en');
  expect(c.t('game.moves', { count: 1 })).toBe('1 move');
  expect(c.t('game.moves', { count: 0 })).toBe('0 moves');
  c.changeLanguage('zh-TW');
  expect(c.t('game.moves', { count: 2 })).toBe('2 moves');
  expect(c.t('game.lost')).toBe('game.lost');
  expect(c.exists('game.won')).toBe(true);
  expect(c.exists('game.lost')).toBe(false);
  expect(c.exists('game.won', { lng: 'zh-CN' })).toBe(true);
});

it('merges words deeply, keeping or replacing a key both have, without changing the words it was given', () => {
  const c = make();
  const added = { game: { won: 'X', drawn: '和棋' } };
  c.addBundle('zh-CN', added, false);
  expect(c.t('game.won', { name: 'A', lng: 'zh-CN' })).toBe('A胜');
  expect(c.t('game.drawn')).toBe('和棋');
  c.addBundle('zh-CN', { game: { won: '{{name}}赢' } }, true);
  expect(c.t('game.won', { name: 'A' })).toBe('A赢');
  c.addBundle('zh-CN', { game: { drawn: '平' } }, true);
  expect(added.game.drawn).toBe('和棋');
  expect(c.hasBundle('zh-TW')).toBe(false);
  expect(c.lookup('zh-CN', 'game.drawn')).toBe('平');
});

it('tells its listeners when the language changes, until they stop listening', () => {
  const c = make();
  const heard: string[] = [];
  const listen = (lng: string) => heard.push(lng);
  c.on('languageChanged', listen);
  c.changeLanguage('en');
  c.off('languageChanged', listen);
  c.changeLanguage('zh-TW');
  expect(heard).toEqual(['en']);
  expect(c.language).toBe('zh-TW');
});
