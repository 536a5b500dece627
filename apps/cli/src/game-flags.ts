/**
 * Reads `--name value`, `--name=value` and bare `--flag` words into a record: the commands that pass a game's own
 * options through (perft, analyse, review) take their own flags out of it and give the rest to the engine.
 */
export const readFlags = (
  words: readonly string[],
): { ok: true; flags: Record<string, string | true> } | { ok: false; reason: string } => {
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < words.length; i++) {
    const m = /^--([^=]+)(?:=([\s\S]*))?$/.exec(words[i]!);
    if (!m) return { ok: false, reason: `unexpected argument "${words[i]}" (options are --name value)` };
    const next = words[i + 1];
    if (m[2] !== undefined) flags[m[1]!] = m[2];
    else if (next !== undefined && !next.startsWith('--')) {
      flags[m[1]!] = next;
      i++;
    } else flags[m[1]!] = true;
  }
  return { ok: true, flags };
};

/** A whole number flag in a range, or the reason it is not one. */
export const wholeFlag = (
  flags: Record<string, string | true>,
  name: string,
  min: number,
  max: number,
): { ok: true; value: number | undefined } | { ok: false; reason: string } => {
  const text = flags[name];
  if (text === undefined) return { ok: true, value: undefined };
  if (typeof text !== 'string' || !/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    return { ok: false, reason: `--${name} must be a whole number from ${min} to ${max}` };
  return { ok: true, value: Number(text) };
};
