import type { Runner } from '../db/dialect.js';

/** The game row's values after a change, with the guard: the sequence number it follows and the owner's fence. */
export interface Advance extends Record<string, unknown> {
  gameId: string;
  fromSeq: number;
  fence: number;
  seq: number;
  status: string;
  seats: string;
  /** The new checkpoint; null for a move that keeps the last one (its data joins the moves since). */
  snapshot: string | null;
  clockState: string;
  outcome: string | null;
  at: number;
  finishedAt: number | null;
}

/** One change of a game as it is written: the guarded row values and the event it is logged as. */
export interface AdvanceRow extends Advance {
  kind: string;
  seat: number | null;
  data: string;
}

/**
 * Many games' changes in one PostgreSQL statement, hence one transaction and one fsync: each row's guarded update
 * (the game at `from_seq`, under a fence no higher than its own) and, only from the rows it updated, the events.
 * The rows come as one JSON array (`rowsJson`), so the text is the same for any number of rows and is prepared once;
 * JSON rather than an array parameter per column, whose elements the driver escapes one by one in JavaScript (a
 * snapshot's every quote), where `JSON.stringify` escapes the batch natively.
 * It returns the ids of the games it advanced; a game whose guard refused is left out, with nothing written for it.
 */
const ADVANCE_MANY = `WITH v AS (
  SELECT * FROM json_to_recordset($1::json)
    AS v(id text, from_seq integer, fence bigint, seq integer, status text, seats text, snapshot text,
      clock_state text, outcome text, at bigint, finished_at bigint, kind text, seat integer, data text)
), u AS (
  UPDATE games AS g SET seq = v.seq, status = v.status, seats = v.seats,
    snapshot = coalesce(v.snapshot, g.snapshot),
    moves_since = CASE WHEN v.snapshot IS NULL THEN g.moves_since || v.data || chr(10) ELSE '' END,
    clock_state = v.clock_state, outcome = v.outcome, updated_at = v.at, finished_at = v.finished_at, fence = v.fence
  FROM v WHERE g.id = v.id AND g.seq = v.from_seq AND g.fence <= v.fence
  RETURNING g.id
)
INSERT INTO game_events (game_id, seq, kind, seat, data, at)
SELECT v.id, v.seq, v.kind, v.seat, v.data, v.at FROM u JOIN v ON v.id = u.id
RETURNING game_id`;

/** The batch as ADVANCE_MANY reads it: one object per row, keyed by its column names. */
const rowsJson = (batch: readonly Waiting[]): string =>
  JSON.stringify(
    batch.map(({ row: r }) => ({
      id: r.gameId,
      from_seq: r.fromSeq,
      fence: r.fence,
      seq: r.seq,
      status: r.status,
      seats: r.seats,
      snapshot: r.snapshot,
      clock_state: r.clockState,
      outcome: r.outcome,
      at: r.at,
      finished_at: r.finishedAt,
      kind: r.kind,
      seat: r.seat,
      data: r.data,
    })),
  );

interface Waiting {
  readonly row: AdvanceRow;
  readonly resolve: (advanced: boolean) => void;
  readonly reject: (e: unknown) => void;
}

/**
 * Group commit on PostgreSQL: the changes asked for while the previous batch was being written (or within one turn
 * of the event loop, when none was) are written together, so the moves of many games share one commit and one fsync
 * instead of each waiting for its own. Nothing is answered before the statement's commit has returned. A batch that
 * fails as a whole (an error, not a refused guard) is written again one change at a time, so each change fails or
 * succeeds on its own, as it would have alone.
 */
export class GroupedAdvances {
  private waiting: Waiting[] = [];
  private writing = false;
  private scheduled = false;

  constructor(
    private readonly runner: Runner,
    /** One change alone: the single statement (used for a batch of one and to retry a failed batch). */
    private readonly alone: (row: AdvanceRow) => Promise<boolean>,
  ) {}

  /** Stores `row` with the others of its batch; true once committed, false if its guard refused. */
  advance(row: AdvanceRow): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.writing || this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // the rest of this turn's changes join the batch
    setImmediate(() => {
      this.scheduled = false;
      void this.write();
    });
  }

  private async write(): Promise<void> {
    if (this.writing) return;
    const batch = this.take();
    if (batch.length === 0) return;
    this.writing = true;
    try {
      if (batch.length === 1) await this.one(batch[0]!);
      else await this.many(batch);
    } finally {
      this.writing = false;
      this.schedule();
    }
  }

  /** The waiting changes, at most one per game: a second change of a game waits for the next batch. */
  private take(): Waiting[] {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const games = new Set<string>();
    for (const w of this.waiting) {
      if (games.has(w.row.gameId)) later.push(w);
      else {
        games.add(w.row.gameId);
        batch.push(w);
      }
    }
    this.waiting = later;
    return batch;
  }

  private async one(w: Waiting): Promise<void> {
    try {
      w.resolve(await this.alone(w.row));
    } catch (e) {
      w.reject(e);
    }
  }

  private async many(batch: Waiting[]): Promise<void> {
    let advanced: Set<string>;
    try {
      const r = await this.runner.query(ADVANCE_MANY, [rowsJson(batch)]);
      advanced = new Set((r.rows as { game_id: string }[]).map((x) => x.game_id));
    } catch {
      // nothing of the batch was written (one statement): each change is tried alone and answered by its own result
      await Promise.all(batch.map((w) => this.one(w)));
      return;
    }
    for (const w of batch) w.resolve(advanced.has(w.row.gameId));
  }
}
