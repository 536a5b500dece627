import { i18n, t } from '../i18n/index.js';
import { ENGINE_REFUSALS, type EngineRefusalCode, engineRefusalText } from '../play/engine-refusals.js';

/**
 * Why the analysis board's engine stopped, by code: the worker answers with the engine's code (its English reason is
 * for logs), and the panel words it when drawn, so the words follow the page's language, also after a switch. Each
 * code has words in every language (i18n/analysis-*.ts, `analysis.engine.stops`).
 */
export const ENGINE_STOPS = [
  // the position shown is over, or its side to move has no move: nothing to search
  'no-move',
  'game-over',
  // the players act together (Junqi's deployment, Hive's choice of tiles): the search needs one side to move
  'not-searchable',
  // the worker has no engine for the board's game, or its engine cannot read the position sent
  'no-engine',
  'bad-snapshot',
  // the search was asked for something it does not do (a depth, a time or a number of lines out of range)
  'bad-depth',
  'bad-time',
  'bad-lines',
  // the worker failed to load or broke down (an exception, its chunk missing offline)
  'crashed',
] as const;

export type EngineStopCode = (typeof ENGINE_STOPS)[number];

/** The worker's or the page's reason for stopping: a code, and the engine's English reason for logs. */
export interface EngineStop {
  readonly code: string;
  readonly reason?: string | undefined;
}

const isStop = (code: string): code is EngineStopCode => (ENGINE_STOPS as readonly string[]).includes(code);
const isRefusal = (code: string): code is EngineRefusalCode => (ENGINE_REFUSALS as readonly string[]).includes(code);

/**
 * A stop in the page's language: the words of its code; a position the engine refuses (a snapshot it cannot read)
 * in the words of the engines' refusals; any other code in a general sentence — never the engine's English reason.
 */
export const engineStopText = (stop: EngineStop): string => {
  if (isStop(stop.code)) return String(t(`analysis.engine.stops.${stop.code}`));
  if (isRefusal(stop.code) && i18n.exists(`engineRefusals.codes.${stop.code}`))
    return String(t('analysis.engine.failed', { reason: engineRefusalText(stop.code) }));
  return String(t('analysis.engine.stops.other'));
};
