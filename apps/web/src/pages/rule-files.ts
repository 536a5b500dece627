/** Rule texts from docs/rules/, bundled at build time (one chunk per file, loaded when opened). */
const RULE_FILES = import.meta.glob('../../../../docs/rules/*.md', { query: '?raw', import: 'default' });

export interface RuleFile {
  readonly name: string;
  readonly load: () => Promise<unknown>;
  /** An English text shown on a Chinese page, for want of a translation. */
  readonly fallback: boolean;
}

/** The rule text in the page's language if there is one, else the English one (and whether it is a fallback). */
export const ruleFile = (game: string, lang: string): RuleFile | undefined => {
  const names = lang === 'en' ? [`${game}.en.md`, `${game}.md`] : [`${game}.${lang}.md`, `${game}.zh.md`, `${game}.md`];
  for (const n of names) {
    const hit = Object.entries(RULE_FILES).find(([k]) => k.endsWith(`/${n}`));
    if (hit) return { name: n, load: hit[1], fallback: lang !== 'en' && n === `${game}.md` };
  }
  return undefined;
};
