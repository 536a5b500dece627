/**
 * A finished 暗棋 game opened with every piece known: its record becomes 明棋, the same deployments and moves with
 * every piece face up, so the engine, too, sees them all (in 翻棋 the face-down pieces were unknown to every player,
 * and are the same on the board; 三打一 deals its armies).
 */
export const junqiEveryPieceKnown = (record: string): string | undefined => {
  const [head = '', ...rest] = record.split('\n');
  const m = /^junqi (\{.*\})\s*$/.exec(head);
  if (!m) return undefined;
  let options: Record<string, unknown>;
  try {
    options = JSON.parse(m[1]!) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (options.mode !== 'hidden' || options.variant === 'landlord') return undefined;
  return [`junqi ${JSON.stringify({ ...options, mode: 'open' })}`, ...rest].join('\n');
};
