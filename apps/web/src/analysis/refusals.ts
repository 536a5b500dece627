import { addWords, i18n, type Language, t, type WordsLoader } from '../i18n/index.js';
import { engineRefusalText } from '../play/engine-refusals.js';

/**
 * The analysis board's refusals of a link, a pasted text or the editor's position, by code: the board's own (a link,
 * the exported lines, a move of them) worded from `analysis.refusals` with the detail the page reads itself (which
 * move, which line, how many rows or marbles); an engine's refusal worded by its code from the engines' refusals.
 * The engine's English reason is kept for logs, and added as detail on English pages only (the catalogue's
 * `analysis.refusals.detail` leaves it out in Chinese), so no English sentence reaches a Chinese page.
 */
export const ANALYSIS_REFUSALS = [
  // a link of the board that cannot be read
  'link-unreadable',
  'link-damaged',
  'link-options',
  'link-position',
  'link-move',
  // the tree of moves in a link
  'tree-unreadable',
  'tree-too-deep',
  'tree-move',
  // the board's exported lines pasted back
  'lines-no-number',
  'lines-no-move',
  'lines-side-first',
  'lines-unopened',
  'lines-unclosed',
  // a move of the lines, a link or a record that cannot be played where it stands: which move, and why
  'move-refused',
  // a move the game reads but no seat may play now
  'not-legal',
  // detail the page reads from the text itself: Chinese Checkers' rows, Abalone's marbles of a side
  'cc-fields',
  'cc-rows',
  'cc-row-letter',
  'cc-row-points',
  'ab-too-few',
  'ab-too-many',
  // and from a Junqi army's text: its rows, a row's points, a letter that is no piece
  'jq-rows',
  'jq-row-points',
  'jq-letter',
  'jq-camp-mark',
  // and from a Hive text: moves alone, without the game type, state and turn a game string starts with
  'hive-moves-only',
] as const;

export type AnalysisRefusalCode = (typeof ANALYSIS_REFUSALS)[number];

export interface AnalysisRefusal {
  /** One of ANALYSIS_REFUSALS, or an engine's code (the engines' refusals word it). */
  readonly code: string;
  /**
   * The detail the board's words take (a move, a ply, a count); `side` is the catalogue key of a side's name (the
   * game's own module names its sides), worded when drawn.
   */
  readonly params?: Readonly<Record<string, string | number>>;
  /** For `move-refused`: why the engine refused the move. */
  readonly cause?: AnalysisRefusal;
  /** The engine's or the board's English reason, for logs (and as detail on English pages). */
  readonly reason?: string;
}

/** A value, or the refusal of the text it was read from. */
export type Read<T> =
  | { readonly ok: true; readonly value: T }
  | ({ readonly ok: false; readonly reason: string } & AnalysisRefusal);

export const isBoardRefusal = (code: string): code is AnalysisRefusalCode =>
  (ANALYSIS_REFUSALS as readonly string[]).includes(code);

// The refusals' words, a chunk per language (i18n/analysis-refusals-*.ts): the position editor brings them, and the
// page asks for them when it says a refusal (a link it cannot open, a move of it it cannot play)
const WORDS: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('../i18n/analysis-refusals-en.js')).analysisRefusalsEn,
  'zh-CN': async () => (await import('../i18n/analysis-refusals-zh-CN.js')).analysisRefusalsZhCN,
  'zh-TW': async () => (await import('../i18n/analysis-refusals-zh-TW.js')).analysisRefusalsZhTW,
};
const loadWords: WordsLoader = (lng) => WORDS[lng]();
let wordsReady: Promise<void> | undefined;

/** Loads the refusals' words in the language shown (and any switched to later), once: `refusalText` needs them. */
export const refusalWordsReady = (): Promise<void> => (wordsReady ??= addWords(loadWords));

/** A refusal in the page's language; worded when drawn, so it follows a switch of language. */
export const refusalText = (r: AnalysisRefusal): string => {
  if (isBoardRefusal(r.code)) {
    const params = r.params ?? {};
    return String(
      t(`analysis.refusals.${r.code}`, {
        ...params,
        ...(typeof params.side === 'string' ? { side: String(t(params.side)) } : {}),
        why: r.cause ? refusalText(r.cause) : '',
      }),
    );
  }
  // Hive's setup codes are worded with the Hive editor's words (they come with the editor, where they are met)
  const words =
    !i18n.exists(`engineRefusals.codes.${r.code}`) && i18n.exists(`analysis.hv.refuse.${r.code}`)
      ? String(t(`analysis.hv.refuse.${r.code}`))
      : engineRefusalText(r.code);
  return r.reason ? String(t('analysis.refusals.detail', { words, detail: r.reason })) : words;
};
