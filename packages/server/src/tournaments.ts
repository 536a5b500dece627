import type {
  ClientMessage,
  ServerMessage,
  TournamentEndedEarly,
  TournamentFormat,
  TournamentInfo,
} from '@qiyuan/protocol';
import { type Refusal, refusal, speedOf } from '@qiyuan/protocol';
import { gamesToPlay, isFinished, isRoundComplete } from '@qiyuan/tournament';
import { acknowledge, type Client, newId, refuseAs } from './clients.js';
import type { Cluster } from './cluster.js';
import { PairingPool } from './pairing-pool.js';
import type { TournamentRepository } from './repos/tournaments.js';
import { type ResignHost, resignFor } from './resign-for.js';
import type { Scheduler } from './scheduler.js';
import type { ClockTimer, ServerClock } from './server-clock.js';
import type { Tx } from './store.js';
import { addGame, addRound, startGame, startStored, type TournamentGamesHost } from './tournament-games.js';
import { LISTED_STATUSES, type ListedStatus, listPage } from './tournament-list.js';
import { missingStanding, type OrganiserStanding } from './tournament-organisers.js';
import { pauseLapsed } from './tournament-pauses.js';
import { historyOf, isOpen, type LoadedTournament, loadTournament, specOf } from './tournament-records.js';
import { checkTournament } from './tournament-request.js';
import { tournamentView } from './tournament-view.js';
import { gamesBeingPlayedBy } from './tournament-withdrawal.js';

/**
 * What the tournament director needs of the live server (the hub): the shared deadlines, the games it starts (through
 * the lobby) and resigns (a withdrawal), the other processes' news.
 */
export interface TournamentsHost extends TournamentGamesHost, ResignHost {
  readonly deadlines: Pick<Scheduler, 'on' | 'set' | 'cancel'>;
  readonly organiserStanding: OrganiserStanding;
  readonly cluster?: Pick<Cluster, 'publish'> | undefined;
}

type Msg<T extends string> = Extract<ClientMessage, { type: T }>;

/** `GET /api/tournaments`: a page of each public list, and which lists have another page. */
export type TournamentLists = Record<ListedStatus, TournamentInfo[]> & {
  more: Partial<Record<ListedStatus, true>>;
};

/** How often every process looks for rounds that are ready (a crash can leave one waiting). */
const SWEEP_MS = Number(process.env.QIYUAN_TOURNAMENT_SWEEP_MS) || 10_000;
/** The kinds of the tournaments' shared deadlines (scheduler.ts): a start at a set time, an arena's end. */
const START = 'tournament.start';
const STEP = 'tournament.step';
/** Tournaments one player may organise at a time (upcoming or running). */
const MAX_OPEN_PER_ORGANISER = 5;
/** The entrant cap of a tournament whose organiser named none: the most the protocol lets an organiser choose. */
export const DEFAULT_MAX_PLAYERS = 512;

/** Refusals met in more than one request. */
const NO_TOURNAMENT = refusal('no-tournament', 'no such tournament');
const OVER = refusal('tournament-over', 'the tournament is over');
const ALREADY_IN = refusal('already-in', 'you are already in');

/**
 * The tournament director. It keeps no tournament in memory: each step reads the tournament from the store, asks
 * the tournament library what comes next, and writes it guarded by a primary key, so that any number of processes
 * (and restarts) may try the same step and it happens exactly once:
 * - a round is paired once (its row in `tournament_rounds`), each game of it started once (its row in
 *   `tournament_games`, written before the game itself with the game's id drawn beforehand; a game whose row exists
 *   but whose game does not, after a crash, is started by the next step: tournament-games.ts);
 * - the start flips `upcoming` to `running` once.
 * Steps of one tournament run one at a time in this process. A step runs when a tournament game ends (on the
 * process that owned it), on a player's request, at a scheduled start or an arena's end (deadlines shared by every
 * process, each run by one: scheduler.ts), and from a sweep every few seconds.
 */
export class Tournaments {
  private readonly watchers = new Map<string, Set<Client>>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private sweeper: ClockTimer | undefined;
  /** Where rounds are paired: a worker thread for a large field, so games are served meanwhile. */
  readonly pairing = new PairingPool();

  constructor(
    private readonly hub: TournamentsHost,
    private readonly clock: ServerClock,
    private readonly tournaments: TournamentRepository,
  ) {}

  // ------------------------------------------------------------ start-up and timers

  /** Looks at every tournament once (a restart continues them), then every few seconds. */
  start(): void {
    const tournamentOf = (d: { data: unknown }) => String((d.data as { tournamentId?: unknown } | null)?.tournamentId);
    this.hub.deadlines.on(START, async (d) => {
      await this.begin(tournamentOf(d));
      return 'done';
    });
    this.hub.deadlines.on(STEP, async (d) => {
      await this.step(tournamentOf(d));
      return 'done';
    });
    // the first look waits for the hub to have loaded its games (a game being started when the process stopped)
    this.clock.after(500, () => {
      if (this.sweeper) this.sweep().catch((e: unknown) => this.hub.log.warn({ err: e }, 'tournament sweep failed'));
    });
    this.sweeper = this.clock.every(SWEEP_MS, () => {
      this.sweep().catch((e: unknown) => this.hub.log.warn({ err: e }, 'tournament sweep failed'));
    });
  }

  stop(): void {
    this.sweeper?.cancel();
    this.sweeper = undefined;
    void this.pairing.close();
  }

  /** Runs every step that is due in the running tournaments (rounds ready to advance, arenas to pair). */
  async sweep(): Promise<void> {
    for (const id of await this.tournaments.running()) await this.step(id, true);
  }

  /**
   * The one place a tournament's timed steps are set (a start at a set time, an arena's end): a deadline in the
   * database that every process shares and one runs (scheduler.ts), so it survives restarts and needs no process
   * holding the tournament. Both steps are guarded (`begin` flips the status once; `step` writes once), so a
   * repeated run changes nothing.
   */
  private at(tx: Tx | undefined, kind: typeof START | typeof STEP, tid: string, when: number): Promise<void> {
    return this.hub.deadlines.set(`${kind}:${tid}`, kind, when, { tournamentId: tid }, tx);
  }

  /** Runs `f` after every earlier step of this tournament in this process. */
  private run<T>(id: string, f: () => Promise<T>): Promise<T> {
    const r = (this.queues.get(id) ?? Promise.resolve()).then(f, f);
    const tail = r.catch(() => undefined);
    this.queues.set(id, tail);
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    });
    return r;
  }

  // ------------------------------------------------------------ requests

  async create(client: Client, msg: Msg<'tournament.create'>): Promise<void> {
    const id = msg.id;
    if (client.user.guest) {
      return refuseAs(client, id, 'not-allowed', refusal('register-to-organise', 'register to create a tournament'));
    }
    const now = this.clock.now();
    const asked = checkTournament(msg, now);
    if (!asked.ok) return refuseAs(client, id, asked.code, asked.refusal);
    const { def, teams, tableSize } = asked.value;
    // a public tournament needs an organiser with some standing, so throwaway accounts cannot crowd the list
    const lacking = msg.private
      ? undefined
      : await missingStanding(this.tournaments, client.user.id, this.hub.organiserStanding, now);
    if (lacking) {
      const why = `a public tournament needs an account at least ${lacking.days} day(s) old with ${lacking.games} rated games; a private one needs neither`;
      return refuseAs(client, id, 'not-allowed', refusal('organiser-standing', why, lacking));
    }
    // one organiser cannot fill the lists: a few tournaments not yet over at a time
    if ((await this.tournaments.openOrganisedBy(client.user.id)) >= MAX_OPEN_PER_ORGANISER) {
      const why = `you organise ${MAX_OPEN_PER_ORGANISER} tournaments not yet over; wait for one to end`;
      return refuseAs(client, id, 'not-allowed', refusal('organiser-limit', why, { count: MAX_OPEN_PER_ORGANISER }));
    }
    const tid = newId();
    const stored: TournamentFormat & { tableSize?: number; teams?: boolean } = {
      ...(teams ? { teams } : {}),
      ...msg.format,
      ...(tableSize ? { tableSize } : {}),
    };
    // the seed is drawn per game when it is paired; the tournament keeps the options the creator chose
    await this.tournaments.transaction(async (tx) => {
      const organiser = JSON.stringify({ id: client.user.id, name: client.user.name });
      const created = {
        id: tid,
        name: msg.name,
        game: def.id,
        options: JSON.stringify(msg.options),
        clock: JSON.stringify(msg.clock),
        speed: speedOf(msg.clock),
        format: JSON.stringify(stored),
        rated: msg.rated === true,
        private: msg.private === true,
        creator: organiser,
        startsAt: msg.startsAt ?? null,
        maxPlayers: msg.maxPlayers ?? DEFAULT_MAX_PLAYERS,
        now,
      };
      await this.tournaments.create(created, tx);
      if (msg.startsAt !== undefined) await this.at(tx, START, tid, msg.startsAt);
    });
    const t = await loadTournament(this.tournaments, tid);
    if (!t) {
      const why = 'the tournament could not be stored';
      return refuseAs(client, id, 'unavailable', refusal('tournament-not-stored', why));
    }
    const info: TournamentInfo = t.info;
    client.send({
      type: 'tournament.created',
      ...(id === undefined ? {} : { id }),
      tournament: info,
      invite: `/tournament/${tid}`,
    });
  }

  async join(client: Client, msg: Msg<'tournament.join'>): Promise<void> {
    const { id, tournamentId: tid } = msg;
    if (client.user.guest) {
      return refuseAs(client, id, 'not-allowed', refusal('register-to-play', 'register to play in tournaments'));
    }
    const problem = await this.run(tid, async (): Promise<Refusal | undefined> => {
      const t = await loadTournament(this.tournaments, tid);
      if (!t) return NO_TOURNAMENT;
      const s = t.info.status;
      const system = t.spec.system;
      if (s === 'finished') return OVER;
      if (s === 'running' && (system === 'round-robin' || system === 'knockout' || t.info.teams)) {
        const why = 'this tournament has started; a round-robin, a knockout or a team tournament takes no late entries';
        return refusal('no-late-entries', why);
      }
      if (t.info.teams && msg.team === undefined) {
        return refusal('team-name-needed', 'name your team: two players with the same name make a team');
      }
      if (!t.info.teams && msg.team !== undefined) {
        return refusal('not-a-team-tournament', 'this tournament is not played by teams');
      }
      if (msg.team !== undefined && t.entrantRows.filter((e) => e.team === msg.team).length >= 2) {
        return refusal('team-full', `team ${JSON.stringify(msg.team)} already has two players`, { team: msg.team });
      }
      const mine = t.entrantRows.find((e) => e.user_id === client.user.id);
      if (mine && mine.withdrawn_round === null) return ALREADY_IN;
      if (mine && system !== 'arena') return refusal('withdrew', 'you withdrew from this tournament');
      if (t.info.maxPlayers !== undefined && t.info.players >= t.info.maxPlayers) {
        return refusal('tournament-full', 'the tournament is full');
      }
      const seat = await this.hub.lobby.seatOf(client.user, t.info.game, t.info.speed);
      const rating = seat.kind === 'user' && seat.rating !== undefined ? seat.rating : 1500;
      // a late entrant is paired from the next round on (Swiss gives the rounds missed the library's points)
      const from = s === 'running' && system === 'swiss' ? t.info.round + 1 : 1;
      if (mine) {
        await this.tournaments.reenter(tid, client.user.id);
      } else {
        const entered = await this.tournaments.enter({
          tournamentId: tid,
          userId: client.user.id,
          name: client.user.name,
          rating,
          fromRound: from,
          joinedAt: this.clock.now(),
          team: msg.team ?? null,
        });
        if (entered === 'already-in') return ALREADY_IN;
      }
      return undefined;
    });
    if (problem) return refuseAs(client, id, problem === NO_TOURNAMENT ? 'not-found' : 'not-allowed', problem);
    acknowledge(client, id);
    await this.step(tid);
  }

  async withdraw(client: Client, msg: Msg<'tournament.withdraw'>): Promise<void> {
    const { id, tournamentId: tid } = msg;
    let resign: string[] = [];
    const problem = await this.run(tid, async (): Promise<Refusal | undefined> => {
      const t = await loadTournament(this.tournaments, tid);
      if (!t) return NO_TOURNAMENT;
      const mine = t.entrantRows.find((e) => e.user_id === client.user.id);
      if (!mine || mine.withdrawn_round !== null) {
        return refusal('not-in', 'you are not in it');
      }
      if (t.info.status === 'finished') return OVER;
      if (t.info.status === 'upcoming') {
        await this.tournaments.removeEntrant(tid, client.user.id);
      } else {
        // not paired again from the next round; the game being played now is resigned below, so the round ends
        await this.tournaments.withdraw(tid, client.user.id, t.info.round + 1);
        resign = gamesBeingPlayedBy(t, client.user.id);
      }
      return undefined;
    });
    if (problem) return refuseAs(client, id, problem === NO_TOURNAMENT ? 'not-found' : 'not-allowed', problem);
    // outside the tournament's queue: the game's end steps the tournament, through that queue
    for (const gameId of resign) await resignFor(this.hub, client.user, gameId);
    acknowledge(client, id);
    await this.step(tid);
  }

  /** The organiser starts the tournament now (or asks a running one to go on: a round that is ready is paired). */
  async startNow(client: Client, msg: Msg<'tournament.start'>): Promise<void> {
    const { id, tournamentId: tid } = msg;
    const row = await this.tournaments.organiserAndStatus(tid);
    if (!row) return refuseAs(client, id, 'not-found', NO_TOURNAMENT);
    if (row.organiserId !== client.user.id) {
      return refuseAs(client, id, 'not-allowed', refusal('organiser-only', 'only the organiser starts the tournament'));
    }
    if (row.status === 'finished') return refuseAs(client, id, 'not-allowed', OVER);
    const problem = row.status === 'upcoming' ? await this.begin(tid, true) : undefined;
    if (problem) return refuseAs(client, id, 'not-allowed', problem);
    acknowledge(client, id);
    if (row.status === 'running') await this.step(tid);
  }

  async watch(client: Client, msg: Msg<'tournament.watch'>): Promise<void> {
    const t = await loadTournament(this.tournaments, msg.tournamentId);
    if (!t) return refuseAs(client, msg.id, 'not-found', NO_TOURNAMENT);
    let set = this.watchers.get(t.info.id);
    if (!set) this.watchers.set(t.info.id, (set = new Set()));
    set.add(client);
    acknowledge(client, msg.id);
    client.send(this.frame(t));
  }

  unwatch(client: Client, msg: Msg<'tournament.unwatch'>): void {
    this.watchers.get(msg.tournamentId)?.delete(client);
    acknowledge(client, msg.id);
  }

  /** A connection closed: it follows nothing any more. */
  leave(client: Client): void {
    for (const [id, set] of this.watchers) {
      set.delete(client);
      if (set.size === 0) this.watchers.delete(id);
    }
  }

  // ------------------------------------------------------------ the steps

  /** A tournament game ended on this process: its result counts now, and the next games may start. */
  gameEnded(tournamentId: string): void {
    this.step(tournamentId).catch((e: unknown) =>
      this.hub.log.warn({ err: e, tournamentId }, 'tournament step failed'),
    );
  }

  /**
   * Starts an upcoming tournament (once, whoever asks first): round one is paired at once. With too few players at
   * a scheduled start it ends without games; an organiser asking too early is told why and nothing changes.
   */
  private begin(tid: string, byOrganiser = false): Promise<Refusal | undefined> {
    return this.run(tid, async () => {
      const t = await loadTournament(this.tournaments, tid);
      if (t?.info.status !== 'upcoming') return undefined;
      const now = this.clock.now();
      const spec = specOf(t.info.format, t.info.tableSize, now);
      // the first round the library would pair: an arena pairs whoever is there, the others by rounds
      const ids = t.entrants.map((e) => e.id);
      const round =
        spec.system === 'arena'
          ? await this.pairing.pair({ kind: 'arena', spec, entrants: t.entrants, history: [], waiting: ids, now })
          : await this.pairing.pair({ kind: 'round', spec, entrants: t.entrants, history: [] });
      if (byOrganiser && t.teamProblem !== undefined) return t.teamProblem;
      if (!round.ok && byOrganiser) {
        // too few players is the refusal an organiser meets; the library's other ones are worded alike
        return refusal(round.code === 'too-few-players' ? 'too-few-players' : 'no-pairing', round.reason);
      }
      const ends = t.info.format.system === 'arena' ? now + t.info.format.durationMs : null;
      const status = round.ok ? 'running' : 'finished';
      const early: TournamentEndedEarly | null = round.ok ? null : { reason: 'no-field', round: 1 };
      const began = await this.tournaments.start(tid, {
        status,
        at: now,
        endsAt: ends,
        endReason: early && JSON.stringify(early),
      });
      if (began) this.hub.log.info({ tid, status }, round.ok ? 'tournament started' : 'tournament ended: no field');
      if (began && ends !== null && round.ok) await this.at(undefined, STEP, tid, ends);
      // started by the organiser before its set time: the start deadline has nothing left to do
      if (began && byOrganiser) await this.hub.deadlines.cancel(`${START}:${tid}`);
      return undefined;
    }).then(async (r) => {
      await this.step(tid);
      return r;
    });
  }

  /** Does whatever is due in a running tournament, then tells its watchers. */
  step(tid: string, quiet = false): Promise<void> {
    return this.run(tid, async () => {
      // each pass may start games or pair a round, which the next pass builds on; a few passes reach a fixed point
      let changed = false;
      for (let pass = 0; pass < 4; pass++) {
        const t = await loadTournament(this.tournaments, tid);
        if (!t) return;
        if (t.info.status !== 'running') break;
        if (!(await this.advance(t))) break;
        changed = true;
      }
      // a request or a game's end changed the tournament even when no step followed; the sweep tells only of its own
      if (changed || !quiet) await this.publish(tid);
    });
  }

  /** One step of a running tournament; true when it changed something. */
  private async advance(t: LoadedTournament): Promise<boolean> {
    const now = this.clock.now();
    // games whose row was written but whose game was not (a crash between the two) start now
    let changed = false;
    for (const g of t.games) if (g.status === undefined) changed = (await startGame(this.hub, t, g)) || changed;
    // a game stored but not started (the process stopped between the two): started where it is held now
    for (const g of t.games) if (g.status === 'seeking') changed = (await startStored(this.hub, g.gameId)) || changed;
    if (changed) return true;
    const history = historyOf(t);
    const last = t.rounds.at(-1);
    if (t.spec.system === 'arena') {
      // an arena's wave: one game per pairing, as paired
      for (const [i, p] of (last?.pairings ?? []).entries()) {
        if (!('white' in p) || t.games.some((g) => g.round === last!.round && g.board === i + 1)) continue;
        changed =
          (await addGame(this.hub, this.tournaments, t, last!.round, i + 1, 1, [p.white, p.black], false)) || changed;
      }
      return changed || this.advanceArena(t, now);
    }
    if (last) {
      // the games still to start in the last round: a table's one game, the rest of a match, a knockout's tie-break
      for (const [i, p] of last.pairings.entries()) {
        const board = i + 1;
        if ('bye' in p) continue;
        const games = t.games.filter((g) => g.round === last.round && g.board === board);
        if (games.some(isOpen)) continue;
        if ('table' in p) {
          if (games.length === 0)
            changed =
              (await addGame(this.hub, this.tournaments, t, last.round, board, 1, [...p.table], false)) || changed;
          continue;
        }
        const todo = gamesToPlay(t.spec, t.entrants, history, p);
        const next = todo[0];
        // one game of a match at a time: the next one's colours follow from the games played
        if (next) {
          changed =
            (await addGame(
              this.hub,
              this.tournaments,
              t,
              last.round,
              board,
              games.length + 1,
              [next.white, next.black],
              next.tieBreak,
            )) || changed;
        }
      }
      if (changed) return true;
      if (t.games.some(isOpen)) return false;
      if (!isRoundComplete(t.spec, t.entrants, history)) return false;
    }
    if (isFinished(t.spec, t.entrants, history, now)) return this.finish(t);
    const round = await this.pairing.pair({ kind: 'round', spec: t.spec, entrants: t.entrants, history });
    if (!round.ok || !round.round) {
      this.hub.log.warn({ tid: t.info.id, reason: round.ok ? '' : round.reason }, 'no next round: the tournament ends');
      // the players are told why (the page words it): no pairing without a repeat, or too few players left
      const reason = !round.ok && round.code === 'too-few-players' ? 'too-few-players' : 'no-pairing';
      return this.finish(t, { reason, round: t.rounds.length + 1 });
    }
    return addRound(this.tournaments, this.clock.now(), t, round.round.round, round.pairings);
  }

  private async advanceArena(t: LoadedTournament, now: number): Promise<boolean> {
    const ends = t.info.endsAt ?? now;
    if (now >= ends) {
      // the clock ran out: games being played still count, then the arena is over
      if (t.games.some(isOpen)) return false;
      return this.finish(t);
    }
    const round = t.rounds.length + 1;
    // whoever let a first move lapse sits out until they join again (lichess); the next pass pairs without them
    if (await pauseLapsed(this.tournaments, t, round)) return true;
    const busy = new Set(t.games.filter(isOpen).flatMap((g) => g.players));
    const waiting = t.entrants
      .filter((e) => (e.withdrawnAtRound === undefined || e.withdrawnAtRound > round) && !busy.has(e.id))
      .map((e) => e.id);
    if (waiting.length < 2) return false;
    const history = historyOf(t);
    const paired = await this.pairing.pair({
      kind: 'arena',
      spec: t.spec,
      entrants: t.entrants,
      history,
      waiting,
      now,
    });
    if (!paired.ok || paired.pairings.length === 0) return false;
    return addRound(this.tournaments, this.clock.now(), t, round, paired.pairings);
  }

  /** Ends a running tournament (once); true when this call ended it. */
  private async finish(t: LoadedTournament, early?: TournamentEndedEarly): Promise<boolean> {
    const now = this.clock.now();
    return this.tournaments.finish(t.info.id, now, early ? JSON.stringify(early) : null);
  }

  // ------------------------------------------------------------ news

  private frame(t: LoadedTournament): ServerMessage {
    return { type: 'tournament', tournament: tournamentView(t) };
  }

  /** Sends the tournament as it is now to its watchers here, and has the other processes do so for theirs. */
  private async publish(tid: string): Promise<void> {
    await this.tellWatchers(tid);
    this.hub.cluster?.publish('lobby', { kind: 'tournament', tournamentId: tid });
  }

  /** Another process changed a tournament: this process's watchers get its new view. */
  async tellWatchers(tid: string): Promise<void> {
    const set = this.watchers.get(tid);
    if (!set || set.size === 0) return;
    const t = await loadTournament(this.tournaments, tid);
    if (!t) return;
    const text = JSON.stringify(this.frame(t));
    for (const c of set) {
      if (c.sendText) c.sendText(text);
      else c.send(JSON.parse(text) as ServerMessage);
    }
  }

  /**
   * Lists for the tournaments page (tournament-list.ts): public ones by status, the most played first, one page of
   * each (`page`, 1-based, for every list; `only`: that list alone), and whether each has more.
   */
  async list(page = 1, only?: ListedStatus): Promise<TournamentLists> {
    const out: TournamentLists = { upcoming: [], running: [], finished: [], more: {} };
    for (const status of LISTED_STATUSES) {
      if (only !== undefined && status !== only) continue;
      const { items, more } = await listPage(this.tournaments, status, page, this.clock.now());
      out[status] = items;
      if (more) out.more[status] = true;
    }
    return out;
  }

  /** The whole view of one tournament (private ones too: their id is their link). */
  async view(tid: string) {
    const t = await loadTournament(this.tournaments, tid);
    return t ? tournamentView(t) : undefined;
  }
}
