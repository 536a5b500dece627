import type { ChallengeInfo, ClockSpec } from '@qiyuan/protocol';
import { useEffect, useState } from 'preact/hooks';
import { t, tOr } from '../i18n/index.js';
import { navigate } from '../router.js';
import { useStore } from '../store.js';
import { account } from './account.js';
import { BotTag } from './bot-tag.js';
import { connection } from './client.js';
import { clockText, displayName } from './names.js';
import { getJson, type Outcome } from './wire.js';

/**
 * Challenges in the pages: one player asks another for a game (`POST /api/challenge/:name`, the Bot and Board API's
 * route, by the page's session). The challenged player sees it wherever they are, with Accept and Decline; accepting
 * opens the game. The server tells both players over their socket as challenges come, go and are declined.
 */

/** What the form sends: a seek's game, options and clock. */
export interface ChallengeRequest {
  readonly game: ChallengeInfo['game'];
  readonly options: Readonly<Record<string, string | number | boolean>>;
  readonly clock: ClockSpec;
  readonly rated: boolean;
  /** The challenger's seat, or absent for a draw. */
  readonly seat?: number;
}

const post = async <T,>(path: string, body?: unknown): Promise<Outcome<T>> => {
  try {
    const r = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = (await r.json().catch(() => undefined)) as (T & { code?: string; reason?: string }) | undefined;
    if (!r.ok || parsed === undefined)
      return { ok: false, code: parsed?.code ?? 'network', reason: parsed?.reason ?? '' };
    return { ok: true, value: parsed };
  } catch (e) {
    return { ok: false, code: 'network', reason: String(e) };
  }
};

export const sendChallenge = (name: string, req: ChallengeRequest) =>
  post<{ challenge: ChallengeInfo }>(`api/challenge/${encodeURIComponent(name)}`, req);
export const cancelChallenge = (id: string) => post<{ ok: true }>(`api/challenge/${encodeURIComponent(id)}/cancel`);

/** A decline reason in the player's words. */
export const declineText = (reason: string | undefined): string =>
  tOr(`bots.reasons.${reason ?? 'generic'}`, reason ?? t('bots.reasons.generic'));

/** A refusal's words: the server's reason, or the network's. */
const failText = (r: { code: string; reason: string }) => r.reason || tOr(`errors.${r.code}`, r.code);

type ChallengeMessage = { type: 'challenge'; event: string; challenge: ChallengeInfo };

/** The challenges made to the logged-in player, shown on every page, each with Accept and Decline. */
export const IncomingChallenges = () => {
  const me = useStore(account).user;
  const [list, setList] = useState<ChallengeInfo[]>([]);
  const [error, setError] = useState<string | undefined>();
  const member = me !== undefined && !me.guest;
  useEffect(() => {
    if (!member) {
      setList([]);
      return;
    }
    const load = () =>
      void getJson<{ in: ChallengeInfo[] }>('api/challenge').then((r) => {
        if (r.ok) setList(r.value.in);
      });
    // the list again after every (re)connection: what came while the socket was down
    const off = connection.onOpen(load);
    const unlisten = connection.listen((m) => {
      if (m.type !== 'challenge') return;
      const { event, challenge } = m as ChallengeMessage;
      if (challenge.destUser.id !== me.id) return;
      setList((cur) => {
        const rest = cur.filter((c) => c.id !== challenge.id);
        return event === 'challenge' && challenge.status === 'created' ? [...rest, challenge] : rest;
      });
    });
    return () => {
      off();
      unlisten();
    };
  }, [member, me?.id]);
  if (!member || list.length === 0) return null;
  const answer = async (c: ChallengeInfo, accept: boolean) => {
    setError(undefined);
    const r = accept
      ? await post<{ challenge: ChallengeInfo }>(`api/challenge/${encodeURIComponent(c.id)}/accept`)
      : await post<{ ok: true }>(`api/challenge/${encodeURIComponent(c.id)}/decline`, { reason: 'generic' });
    setList((cur) => cur.filter((x) => x.id !== c.id));
    if (!r.ok) return setError(t('bots.answerFailed', { reason: failText(r) }));
    const gameId = accept ? (r.value as { challenge: ChallengeInfo }).challenge.gameId : undefined;
    if (gameId) navigate({ page: 'online', id: gameId });
  };
  return (
    <section class="challenges" aria-label={t('bots.incoming')} data-testid="incoming-challenges">
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <ul>
        {list.map((c) => (
          <li key={c.id} data-testid={`challenge-${c.id}`}>
            <span>
              <strong>{displayName(c.challenger)}</strong>
              <BotTag user={c.challenger} /> {t('bots.challengesYou')}
              {t('game.colon')}
              <strong>{t(`games.${c.game}`)}</strong> · {clockText(c.clock)} ·{' '}
              {c.rated ? t('lobby.rated') : t('lobby.casual')}
            </span>
            <button type="button" class="primary" data-testid="challenge-accept" onClick={() => void answer(c, true)}>
              {t('bots.accept')}
            </button>
            <button type="button" data-testid="challenge-decline" onClick={() => void answer(c, false)}>
              {t('bots.decline')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
};

/**
 * A challenge this player sent, until it is answered: declined (with the reason), withdrawn, or accepted — then the
 * game opens, as the server starts it and tells both players.
 */
export const SentChallenge = ({ challenge, onDone }: { challenge: ChallengeInfo; onDone: (note?: string) => void }) => {
  useEffect(() => {
    return connection.listen((m) => {
      if (m.type === 'challenge') {
        const { event, challenge: c } = m as ChallengeMessage;
        if (c.id !== challenge.id) return;
        if (event === 'challengeDeclined')
          onDone(t('bots.declined', { name: displayName(c.destUser), reason: declineText(c.declineReason) }));
        else if (event === 'challengeCanceled') onDone(t('bots.canceled'));
      } else if (m.type === 'game.started') {
        // a game starting for this player while the challenge waits: is it this one's? (no longer waiting)
        void getJson<{ out: ChallengeInfo[] }>('api/challenge').then((r) => {
          if (r.ok && !r.value.out.some((c) => c.id === challenge.id)) navigate({ page: 'online', id: m.gameId });
        });
      }
    });
  }, [challenge.id]);
  const cancel = async () => {
    const r = await cancelChallenge(challenge.id);
    onDone(r.ok ? t('bots.canceled') : t('bots.answerFailed', { reason: failText(r) }));
  };
  return (
    <p class="note" role="status" data-testid="challenge-sent">
      {t('bots.sent', { name: displayName(challenge.destUser) })}{' '}
      <button type="button" onClick={() => void cancel()}>
        {t('bots.cancel')}
      </button>
    </p>
  );
};
