// the module alone: the package's index brings the checks of every message (valibot) with it
import { commitmentText, type Reveal, sha256Hex } from '@qiyuan/protocol/fairness';
import { useEffect, useState } from 'preact/hooks';
import type { GameModule } from '../games/types.js';
import { t } from '../i18n/index.js';

/** What a replay can say of the server's commitment. */
type Check = 'waiting' | 'checking' | 'verified' | 'mismatch' | 'unavailable';

interface Props {
  readonly mod: GameModule;
  readonly gameId: string;
  readonly options: Readonly<Record<string, unknown>>;
  /** Given to every viewer when the game started. */
  readonly commitment: string;
  /** Revealed with the seed (in `options`) once the game was over; undefined before. */
  readonly salt: string | undefined;
}

const stringify = (o: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

/** The revealed values as the commitment binds them, or undefined when the game's options give no game. */
const revealOf = (
  mod: GameModule,
  gameId: string,
  options: Readonly<Record<string, unknown>>,
  salt: string,
): Reveal | undefined => {
  const seed = options.seed;
  if (typeof seed !== 'number' && typeof seed !== 'string') return undefined;
  const def = mod.definition;
  const parsed = def.parseOptions(options);
  const o = parsed.ok ? parsed : def.parseOptions(stringify(options));
  const created = o.ok ? def.create(o.value) : o;
  if (!created.ok) return undefined;
  return { gameId, game: mod.id, seed, salt, start: created.value.positionToString() };
};

/** The commitment worked out again from the revealed values: the text hashed and its SHA-256, or why it could not be. */
const recompute = async (
  reveal: Reveal | undefined,
): Promise<{ check: 'unavailable' | 'mismatch' } | { text: string; hash: string }> => {
  if (reveal === undefined) return { check: 'mismatch' };
  // Web Crypto is there only on secure pages (https, or this machine): elsewhere the check cannot be made here.
  if (!globalThis.crypto?.subtle) return { check: 'unavailable' };
  const text = commitmentText(reveal);
  return { text, hash: await sha256Hex(text) };
};

/** A long hex value, which may break anywhere so that 64 digits fit a phone's width. */
const Hex = ({ value, testId }: { value: string; testId: string }) => (
  <code class="hex" data-testid={testId}>
    {value}
  </code>
);

/**
 * The fair deal of a game whose hidden layout the server's seed decided: the commitment every seat was given before
 * the first move and, once the game is over, the seed and salt. The page checks them at once, and "Check it
 * yourself" shows the very text the server hashed and the SHA-256 this browser gets from it, beside the
 * commitment, with the recipe to do it anywhere else.
 */
export const FairDeal = ({ mod, gameId, options, commitment, salt }: Props) => {
  const [check, setCheck] = useState<Check>(salt === undefined ? 'waiting' : 'checking');
  const [mine, setMine] = useState<{ text: string; hash: string } | undefined>(undefined);
  const seed = options.seed;
  useEffect(() => {
    setMine(undefined);
    if (salt === undefined) {
      setCheck('waiting');
      return;
    }
    let live = true;
    setCheck('checking');
    recompute(revealOf(mod, gameId, options, salt)).then(
      (r) => {
        if (!live) return;
        if ('check' in r) setCheck(r.check);
        else setCheck(/^[0-9a-f]{64}$/.test(commitment) && r.hash === commitment ? 'verified' : 'mismatch');
      },
      () => live && setCheck('unavailable'),
    );
    return () => {
      live = false;
    };
  }, [mod, gameId, options, commitment, salt]);
  const checkMyself = () => {
    if (salt === undefined) return;
    recompute(revealOf(mod, gameId, options, salt)).then(
      (r) => ('check' in r ? setCheck(r.check) : setMine(r)),
      () => setCheck('unavailable'),
    );
  };
  return (
    <section aria-labelledby="fair-title" class="fair-deal" data-testid="fair-deal" data-check={check}>
      <h2 id="fair-title">{t('replay.fairTitle')}</h2>
      <p class={check === 'mismatch' ? 'error' : undefined}>{t(`replay.fair.${check}`)}</p>
      <dl class="fair-values">
        <dt>{t('fairDeal.commitment')}</dt>
        <dd>
          <Hex value={commitment} testId="fair-commitment" />
        </dd>
        {salt !== undefined && (typeof seed === 'string' || typeof seed === 'number') && (
          <>
            <dt>{t('fairDeal.seed')}</dt>
            <dd>
              <Hex value={String(seed)} testId="fair-seed" />
            </dd>
            <dt>{t('fairDeal.salt')}</dt>
            <dd>
              <Hex value={salt} testId="fair-salt" />
            </dd>
          </>
        )}
      </dl>
      {salt !== undefined && check !== 'unavailable' && (
        <p>
          <button type="button" data-testid="fair-check" onClick={checkMyself}>
            {t('fairDeal.checkYourself')}
          </button>
        </p>
      )}
      {mine && (
        <div data-testid="fair-mine" data-match={mine.hash === commitment ? 'yes' : 'no'} aria-live="polite">
          <p>{t('fairDeal.hashed')}</p>
          <pre class="hex">{mine.text}</pre>
          <p>{t('fairDeal.yourHash')}</p>
          <p>
            <Hex value={mine.hash} testId="fair-my-hash" />
          </p>
          <p class={mine.hash === commitment ? undefined : 'error'}>
            <strong>{t(mine.hash === commitment ? 'fairDeal.same' : 'fairDeal.different')}</strong>
          </p>
        </div>
      )}
      <details class="muted" data-testid="fair-recipe">
        <summary>{t('fairDeal.how')}</summary>
        <p>{t('fairDeal.recipe1')}</p>
        <pre class="hex">["qiyuan-commitment-1","…","…","…","…","…"]</pre>
        <p>{t('fairDeal.recipe2')}</p>
        <p>{t('fairDeal.recipe3')}</p>
      </details>
    </section>
  );
};
