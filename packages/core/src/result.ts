/**
 * Errors as values. Anything a user can type (a move, a game string, a setup)
 * is parsed into a `Result`; the reason is a sentence a person can read.
 */
export interface Failure {
  /** A stable, machine-readable code, e.g. `illegal-move`, `bad-notation`. */
  readonly code: string;
  /** A sentence for people, in English; the UI maps `code` through i18n. */
  readonly reason: string;
}

export type Result<T, E = Failure> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

export const fail = (code: string, reason: string): Result<never, Failure> => err({ code, reason });

export const isOk = <T, E>(r: Result<T, E>): r is { readonly ok: true; readonly value: T } => r.ok;

export const map = <T, U, E>(r: Result<T, E>, f: (value: T) => U): Result<U, E> => (r.ok ? ok(f(r.value)) : r);

export const andThen = <T, U, E>(r: Result<T, E>, f: (value: T) => Result<U, E>): Result<U, E> =>
  r.ok ? f(r.value) : r;

/** Collects a list of results into one: the first failure wins. */
export const all = <T, E>(results: readonly Result<T, E>[]): Result<T[], E> => {
  const values: T[] = [];
  for (const r of results) {
    if (!r.ok) return r;
    values.push(r.value);
  }
  return ok(values);
};

/**
 * For programmer-facing call sites (tests, fixtures, CLI after validation):
 * turns a failure into an exception carrying its reason.
 */
export const unwrap = <T>(r: Result<T, Failure>): T => {
  if (r.ok) return r.value;
  throw new QiyuanError(r.error);
};

export class QiyuanError extends Error {
  readonly code: string;
  constructor(failure: Failure) {
    super(failure.reason);
    this.name = 'QiyuanError';
    this.code = failure.code;
  }
}
