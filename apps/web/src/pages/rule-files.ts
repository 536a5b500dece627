/** Rule texts from docs/rules/, bundled at build time (one chunk per file, loaded when opened). */
const RULE_FILES = import.meta.glob(['../../../../docs/rules/*.md', '!**/README.md'], {
  query: '?raw',
  import: 'default',
});

/**
 * The rule text as players read it. Each file in docs/rules/ is one document for both readers: the player's
 * rules, with the maintainers' notes (where a rule comes from, which code and tests hold it, perft figures)
 * between `<!-- maintainers -->` and `<!-- /maintainers -->` lines. The app leaves those notes out, and any other
 * comment with them; on the repository's pages the comments are invisible and the notes read in place.
 */
export const forPlayers = (md: string): string =>
  md
    .replace(/\r\n/g, '\n')
    .replace(/^<!-- maintainers -->\n[\s\S]*?^<!-- \/maintainers -->\n?/gm, '')
    .replace(/^<!--[\s\S]*?-->\n/gm, '')
    .replace(/ ?<!--[\s\S]*?-->/g, '');

export interface RuleFile {
  readonly name: string;
  readonly load: () => Promise<unknown>;
  /** An English text shown on a Chinese page, for want of a translation. */
  readonly fallback: boolean;
}

/** The players' pages shown beside the rules, each as docs/<TOPIC>.md with its .zh-CN.md and .zh-TW.md. */
export const HELP_TOPICS = ['tournaments', 'correspondence'] as const;
const HELP_FILES = import.meta.glob(['../../../../docs/TOURNAMENTS*.md', '../../../../docs/CORRESPONDENCE*.md'], {
  query: '?raw',
  import: 'default',
});

/** A help page in the page's language if there is one, else the English one. */
export const helpFile = (topic: string, lang: string): RuleFile | undefined => {
  const base = topic.toUpperCase();
  const names = lang === 'en' ? [`${base}.md`] : [`${base}.${lang}.md`, `${base}.md`];
  for (const n of names) {
    const hit = Object.entries(HELP_FILES).find(([k]) => k.endsWith(`/${n}`));
    if (hit) return { name: n, load: hit[1], fallback: lang !== 'en' && n === `${base}.md` };
  }
  return undefined;
};

/** The rule text in the page's language if there is one, else the English one (and whether it is a fallback). */
export const ruleFile = (game: string, lang: string): RuleFile | undefined => {
  if ((HELP_TOPICS as readonly string[]).includes(game)) return helpFile(game, lang);
  const names = lang === 'en' ? [`${game}.en.md`, `${game}.md`] : [`${game}.${lang}.md`, `${game}.zh.md`, `${game}.md`];
  for (const n of names) {
    const hit = Object.entries(RULE_FILES).find(([k]) => k.endsWith(`/${n}`));
    if (hit) return { name: n, load: hit[1], fallback: lang !== 'en' && n === `${game}.md` };
  }
  return undefined;
};

/** The drawings the rule texts show (`![…](junqi-2p.svg)`, beside the .md files), emitted by the build. */
const RULE_IMAGES = import.meta.glob<string>('../../../../docs/rules/*.svg', {
  query: '?url',
  import: 'default',
  eager: true,
});

/**
 * Points a rule text's images at the files the build emitted: a bare `junqi-2p.svg` would be
 * looked up beside index.html, where nothing puts it. An image with no such file is left as is.
 */
export const withImageUrls = (md: string): string =>
  md.replace(/(!\[[^\]]*\]\()([\w-]+\.svg)\)/g, (all, head: string, name: string) => {
    const url = Object.entries(RULE_IMAGES).find(([k]) => k.endsWith(`/${name}`))?.[1];
    return url ? `${head}${url})` : all;
  });
