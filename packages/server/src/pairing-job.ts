import type { Entrant, History, Pairing, Round, TournamentSpec } from '@qiyuan/tournament';
import { nextRound, pairAvailable } from '@qiyuan/tournament';

/**
 * One pairing to compute, as plain data (it crosses to a worker thread and back): the next round of a tournament by
 * rounds, or an arena's wave of the players waiting. Its answer is the library's result, or a failure with a code.
 */
export type PairingJob =
  | {
      readonly kind: 'round';
      readonly spec: TournamentSpec;
      readonly entrants: readonly Entrant[];
      readonly history: History;
    }
  | {
      readonly kind: 'arena';
      readonly spec: TournamentSpec;
      readonly entrants: readonly Entrant[];
      readonly history: History;
      readonly waiting: readonly string[];
      readonly now: number;
    };

export type PairingAnswer =
  | { readonly ok: true; readonly round?: Round; readonly pairings: readonly Pairing[] }
  | { readonly ok: false; readonly code: string; readonly reason: string };

/** Computes a job; never throws (a library exception is a failure with the code `thrown`). */
export const computePairing = (job: PairingJob): PairingAnswer => {
  try {
    if (job.kind === 'round') {
      const r = nextRound(job.spec, job.entrants, job.history);
      return r.ok ? { ok: true, round: r.value, pairings: r.value.pairings } : { ok: false, ...r.error };
    }
    const r = pairAvailable(job.spec, job.entrants, job.history, job.waiting, job.now);
    return r.ok ? { ok: true, pairings: r.value } : { ok: false, ...r.error };
  } catch (e) {
    return { ok: false, code: 'thrown', reason: (e as Error).message };
  }
};
