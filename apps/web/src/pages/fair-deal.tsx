import { verifyReveal } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';

/** What a replay can say of the server's commitment. */
type Check = 'checking' | 'verified' | 'mismatch' | 'unavailable';

interface Props {
  readonly mod: GameModule;
  readonly gameId: string;
  readonly options: Readonly<Record<string, unknown>>;
  /** Given to every viewer when the game started. */
  readonly commitment: string;
  /** Revealed with the seed (in `options`) once the game was over. */
  readonly salt: string;
}

const stringify = (o: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

/**
 * The check a player can make after a game (docs/FAIRPLAY.md): the revealed seed and salt, with the start the seed
 * deals, must hash to the commitment every seat was given before the first move. Worked out here, in the browser,
 * from the revealed values alone.
 */
export const FairDeal = ({ mod, gameId, options, commitment, salt }: Props) => {
  const [check, setCheck] = useState<Check>('checking');
  useEffect(() => {
    let live = true;
    const seed = options.seed;
    const def = mod.definition;
    const parsed = def.parseOptions(options);
    const o = parsed.ok ? parsed : def.parseOptions(stringify(options));
    const created = o.ok ? def.create(o.value) : o;
    if (!created.ok || (typeof seed !== 'number' && typeof seed !== 'string')) {
      setCheck('mismatch');
      return;
    }
    const reveal = { gameId, game: mod.id, seed, salt, start: created.value.positionToString() };
    // Web Crypto is there only on secure pages (https, or this machine): elsewhere the check cannot be made here.
    if (!globalThis.crypto?.subtle) {
      setCheck('unavailable');
      return;
    }
    verifyReveal(commitment, reveal).then(
      (ok) => live && setCheck(ok ? 'verified' : 'mismatch'),
      () => live && setCheck('unavailable'),
    );
    return () => {
      live = false;
    };
  }, [mod, gameId, options, commitment, salt]);
  return (
    <section aria-labelledby="fair-title" class="fair-deal" data-testid="fair-deal" data-check={check}>
      <h2 id="fair-title">{t('replay.fairTitle')}</h2>
      <p class={check === 'mismatch' ? 'error' : undefined}>{t(`replay.fair.${check}`)}</p>
      <p class="muted">
        <small>
          {t('replay.fairCommitment')} <code>{commitment}</code>
        </small>
      </p>
    </section>
  );
};
