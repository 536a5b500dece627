import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from '../src/i18n/format.js';
import { changeLanguage, initI18n } from '../src/i18n/index.js';

/**
 * Dates and numbers follow the language the player chose on the page, not the browser's. The expectations allow for
 * the machine's time zone (the instant is the 26th or 27th somewhere) and small differences between ICU versions:
 * Chinese writes 年/月/日 and no Latin month, English a month name and no Han characters.
 */

// 26 November 2026, 12:30 UTC: the 26th or (east of UTC+11:30) the 27th in the machine's time zone
const INSTANT = Date.UTC(2026, 10, 26, 12, 30);
const HAN = /\p{Script=Han}/u;

beforeAll(() => initI18n('en'));

describe('dates in each language', () => {
  it('writes the day in Chinese form in both Chinese languages, and with a month name in English', () => {
    for (const lng of ['zh-CN', 'zh-TW'] as const) {
      expect(formatDate(INSTANT, lng)).toMatch(/^2026\s*年\s*11\s*月\s*2[67]\s*日$/);
      expect(formatDateTime(INSTANT, lng)).toMatch(/^2026\s*年\s*11\s*月\s*2[67]\s*日/);
      expect(formatDateTime(INSTANT, lng)).not.toMatch(/[A-Za-z]/);
    }
    expect(formatDate(INSTANT, 'en')).toMatch(/^Nov 2[67], 2026$/);
    expect(formatDateTime(INSTANT, 'en')).toMatch(/^Nov 2[67], 2026\b/);
    expect(formatDateTime(INSTANT, 'en')).toMatch(/\d:\d\d/);
    expect(formatDateTime(INSTANT, 'en')).not.toMatch(HAN);
  });

  it('says the time of day the way Taiwan does (上午, 中午, 凌晨…) in Traditional Chinese, on 24 hours in Simplified', () => {
    expect(formatDateTime(INSTANT, 'zh-TW')).toMatch(/\p{Script=Han}{2}\s*\d{1,2}:\d\d$/u);
    expect(formatDateTime(INSTANT, 'zh-CN')).toMatch(/日\s*\d{1,2}:\d\d$/);
  });

  it('follows the page’s language when none is given, and its switches', async () => {
    await changeLanguage('zh-CN');
    expect(formatDate(INSTANT)).toBe(formatDate(INSTANT, 'zh-CN'));
    expect(formatDateTime(INSTANT)).toMatch(HAN);
    await changeLanguage('en');
    expect(formatDate(INSTANT)).toBe(formatDate(INSTANT, 'en'));
    expect(formatDateTime(INSTANT)).not.toMatch(HAN);
    await changeLanguage('zh-TW');
    expect(formatDateTime(INSTANT)).toBe(formatDateTime(INSTANT, 'zh-TW'));
    await changeLanguage('en');
  });
});

describe('numbers in each language', () => {
  it('groups thousands', () => {
    for (const lng of ['zh-CN', 'zh-TW', 'en'] as const) expect(formatNumber(1_234_567, lng)).toBe('1,234,567');
    expect(formatNumber(12)).toBe('12');
  });
});
