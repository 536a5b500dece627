import {
  gameTypeString,
  type HiveSetup,
  type HiveStack,
  type HiveView,
  hive,
  Position,
  parseSetup,
  setupOf,
  setupPosition,
  setupToString,
} from '@qiyuan/hive';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { BoardController, GameModule } from '../games/types.js';
import { t, tOr } from '../i18n/index.js';
import { settings } from '../settings.js';
import { useStore } from '../store.js';

const TOOLS = { display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center', margin: '0.4rem 0' } as const;

/** The tiles that may stand on another (the engine refuses any other on a stack). */
const CLIMBERS = new Set(['B', 'M', 'T', 'D']);
const NEIGHBOURS = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
] as const;

/** The GameTypeString the editor's form names (its game type and reverse sides); the reason when it names none. */
export const hiveGameType = (values: Readonly<Record<string, string>>): { type: string } | { reason: string } => {
  const o = hive.parseOptions({ variant: values.variant || 'Base+MLP', sides: values.sides || 'none' });
  return o.ok ? { type: gameTypeString(o.value) } : { reason: o.error.reason };
};

/** The editor's text for a position shown (a GameString or a setup, with moves): its tiles, side and turn. */
export const hiveEditorText = (positionText: string, gameType: string): string => {
  const game = positionText.trim() ? hive.parseGame(positionText) : undefined;
  if (!game?.ok) return `${gameType};Setup;White;`;
  const setup = setupOf(game.value.gameType, game.value.viewFor('spectator') as HiveView);
  // the earliest turn the tiles allow is written as the colour alone, so that adding tiles moves the turn on with them
  const auto = setupToString({ ...setup, turn: undefined });
  return setupToString(setup) === auto ? autoTurn(auto) : setupToString(setup);
};

/** A setup text with its turn written as the colour alone (the earliest turn the tiles allow). */
const autoTurn = (text: string): string => text.replace(/;(White|Black)\[\d+\];/, ';$1;');

/** What the editor applies: empty for the start of the game (an empty board, White to move), else the setup. */
export const hiveApplyText = (text: string, gameType: { type: string } | { reason: string }): string => {
  const read = parseSetup(text);
  if (!read.ok || !('type' in gameType)) return text.trim();
  const { setup, moves } = read.value;
  if (setup.stacks.length === 0 && setup.side === 0 && setup.turn === undefined && moves.length === 0) return '';
  // the form's game type is the position's, as the editor checked it
  const printed = setupToString({ ...setup, gameType: gameType.type });
  return [setup.turn === undefined ? autoTurn(printed) : printed, ...moves].join(';');
};

interface Edit {
  readonly stacks: readonly HiveStack[];
  readonly side: 0 | 1;
  readonly turn: number | undefined;
}

/** The roster's tiles of one colour and bug, in number order (the names the board's tiles of that kind take). */
const namesOf = (p: Position, color: string, bug: string): string[] =>
  p.roster.pieces.filter((x) => p.inPlay[x.id] && x.name.startsWith(color) && x.bug === bug).map((x) => x.name);

/**
 * Renames the tiles so that each kind's tiles on the board are its lowest-numbered ones, keeping their order: a
 * kind's tiles enter in number order, so taking wS1 off leaves the other Spider as wS1. A tile the game type lacks
 * keeps its name (the check then says why it cannot stay).
 */
const renumber = (p: Position, stacks: readonly HiveStack[]): HiveStack[] => {
  const kinds = new Map<string, { s: number; i: number; n: number }[]>();
  stacks.forEach((s, si) => {
    s.tiles.forEach((name, i) => {
      const kind = name.slice(0, 2);
      kinds.set(kind, [...(kinds.get(kind) ?? []), { s: si, i, n: Number(name.slice(2) || '0') }]);
    });
  });
  const out = stacks.map((s) => ({ ...s, tiles: [...s.tiles] }));
  for (const [kind, list] of kinds) {
    const names = namesOf(p, kind[0]!, kind[1]!);
    if (names.length < list.length) continue;
    list.sort((a, b) => a.n - b.n);
    list.forEach((x, k) => {
      out[x.s]!.tiles[x.i] = names[k]!;
    });
  }
  return out;
};

/**
 * Hive's tiles placed by hand, on the game's own board: pick a tile from a player's reserve and click a cell to put
 * it there (a Beetle, Mosquito, Mantis or Dragonfly also on top of a stack), drag a tile on the board to move it,
 * right-click a tile (or choose Remove and click it, or press Delete) to take it off; the side to move and its turn
 * beside it. The result is the setup notation, checked as it changes: the engine's refusal, in words, under it.
 */
export const HiveEditor = ({
  mod,
  gameType,
  text,
  shown,
  onChange,
}: {
  mod: GameModule;
  /** The form's game type, or why it names none. */
  gameType: { type: string } | { reason: string };
  text: string;
  /** The editor's text for the position the board shows (the "position shown" button goes back to it). */
  shown: string;
  onChange: (text: string) => void;
}) => {
  const cfg = useStore(settings);
  const type = 'type' in gameType ? gameType.type : 'Base';
  const read = parseSetup(text);
  const setup: HiveSetup = read.ok ? read.value.setup : { gameType: type, side: 0, stacks: [] };
  const edit: Edit = { stacks: setup.stacks, side: setup.side === 1 ? 1 : 0, turn: setup.turn };
  const position = useMemo(() => {
    const o = hive.parseOptions({
      variant: type.split(':')[0],
      ...(type.includes(':') ? { sides: type.split(':')[1] } : {}),
    });
    return new Position(
      o.ok
        ? o.value
        : { mosquito: true, ladybug: true, pillbug: true, tournamentOpening: true, pillbugDutchRule: false },
    );
  }, [type]);
  const [removing, setRemoving] = useState(false);
  const [said, setSaid] = useState('');

  const write = (next: Edit) => {
    const stacks = renumber(
      position,
      next.stacks.filter((s) => s.tiles.length > 0),
    );
    const printed = setupToString({ gameType: type, side: next.side, turn: next.turn, stacks });
    onChange(next.turn === undefined ? autoTurn(printed) : printed);
  };
  // the form's game type is the editor's: a new one rewrites the text (tiles it lacks are then refused by name)
  useEffect(() => {
    if (read.ok && setup.gameType !== type) write(edit);
  }, [type]);

  const check = read.ok ? setupPosition({ ...setup, gameType: type }) : read;
  const status =
    'reason' in gameType
      ? gameType.reason
      : check.ok
        ? t('analysis.hv.ready', {
            side: mod.seatNames(null, 2)[check.value.side],
            turn: (check.value.ply >> 1) + 1,
          })
        : tOr(`analysis.hv.refuse.${check.error.code}`, check.error.reason);

  // The board: the game's own, fed a view of the tiles and, as its "legal moves", every placement and move the
  // editor allows (`put wB1 2,-1`, `move wB1 2,-1`), so picking, clicking and dragging work as in a game.
  const host = useRef<HTMLDivElement>(null);
  const board = useRef<BoardController>();
  const act = useRef((_: string) => {});
  const lift = useRef((_: string) => {});
  const byCell = new Map(edit.stacks.map((s) => [`${s.q},${s.r}`, s]));
  act.current = (uhp: string) => {
    const m = /^(put|move) (\S+) (-?\d+),(-?\d+)$/.exec(uhp);
    if (!m) return;
    const [, verb, piece, q, r] = m as unknown as [string, string, string, string, string];
    const stacks = edit.stacks.map((s) => ({
      ...s,
      tiles: verb === 'move' ? s.tiles.filter((x) => x !== piece) : s.tiles,
    }));
    const at = stacks.find((s) => s.q === Number(q) && s.r === Number(r));
    if (at) at.tiles = [...at.tiles, piece];
    else stacks.push({ q: Number(q), r: Number(r), tiles: [piece] });
    setSaid('');
    write({ ...edit, stacks });
  };
  lift.current = (cell: string) => {
    const s = byCell.get(cell);
    if (!s) return;
    const piece = s.tiles.at(-1)!;
    setSaid(t('analysis.hv.removed', { piece: piece }));
    write({ ...edit, stacks: edit.stacks.map((x) => (x === s ? { ...x, tiles: x.tiles.slice(0, -1) } : x)) });
  };

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    board.current = mod.createBoard(el, { play: (m) => act.current(m) });
    const cellOf = (e: Event): string | undefined => {
      const g = (e.target as Element | null)?.closest?.('[data-cell]');
      return g?.getAttribute('data-piece') ? (g.getAttribute('data-cell') ?? undefined) : undefined;
    };
    // Taking a tile off: a right-click anywhere, or a click in Remove mode, before the board reads it as a pick.
    const down = (e: PointerEvent) => {
      const cell = cellOf(e);
      if (!cell || !(e.button === 2 || el.dataset.removing === 'true')) return;
      e.stopPropagation();
      e.preventDefault();
      if (e.button !== 2) lift.current(cell);
    };
    const menu = (e: MouseEvent) => {
      const cell = cellOf(e);
      if (!cell) return;
      e.preventDefault();
      lift.current(cell);
    };
    const key = (e: KeyboardEvent) => {
      const cell = cellOf(e);
      const remove =
        e.key === 'Delete' ||
        e.key === 'Backspace' ||
        (el.dataset.removing === 'true' && (e.key === 'Enter' || e.key === ' '));
      if (!cell || !remove) return;
      e.stopPropagation();
      e.preventDefault();
      lift.current(cell);
    };
    el.addEventListener('pointerdown', down, true);
    el.addEventListener('contextmenu', menu, true);
    el.addEventListener('keydown', key, true);
    return () => {
      board.current?.destroy();
      board.current = undefined;
      el.removeEventListener('pointerdown', down, true);
      el.removeEventListener('contextmenu', menu, true);
      el.removeEventListener('keydown', key, true);
    };
  }, [mod]);

  const onBoard = new Set(edit.stacks.flatMap((s) => s.tiles));
  const hand = [0, 1].map((c) =>
    position.roster.pieces
      .filter((x) => position.inPlay[x.id] && x.color === c && !onBoard.has(x.name))
      .map((x) => x.name),
  );
  const tiles = edit.stacks.flatMap((s) => s.tiles.map((piece, i) => ({ piece, q: s.q, r: s.r, level: i + 1 })));
  const legal = useMemo(() => {
    const out: { uhp: string; piece: string; from: { q: number; r: number } | null; to: { q: number; r: number } }[] =
      [];
    // Where a tile may go: beside the hive (the start cell on an empty board), and onto a stack for a climber.
    const targets = (piece: string, from: HiveStack | undefined): { q: number; r: number }[] => {
      const others = edit.stacks.filter((s) => s.tiles.length > (s === from ? 1 : 0));
      const taken = new Set(others.map((s) => `${s.q},${s.r}`));
      const cells = new Map<string, { q: number; r: number }>();
      if (others.length === 0 && !from) cells.set('0,0', { q: 0, r: 0 });
      for (const s of others)
        for (const [dq, dr] of NEIGHBOURS) {
          const k = `${s.q + dq},${s.r + dr}`;
          if (!taken.has(k)) cells.set(k, { q: s.q + dq, r: s.r + dr });
        }
      const bug = position.roster.pieces[position.roster.idOf(piece)]?.bug ?? piece.charAt(1);
      if (CLIMBERS.has(bug)) for (const s of others) if (s !== from) cells.set(`${s.q},${s.r}`, { q: s.q, r: s.r });
      if (from) cells.delete(`${from.q},${from.r}`);
      return [...cells.values()];
    };
    for (const c of [0, 1]) {
      const kinds = new Set<string>();
      for (const piece of hand[c]!) {
        if (kinds.has(piece.slice(0, 2))) continue;
        kinds.add(piece.slice(0, 2));
        for (const to of targets(piece, undefined))
          out.push({ uhp: `put ${piece} ${to.q},${to.r}`, piece, from: null, to });
      }
    }
    for (const s of edit.stacks) {
      const piece = s.tiles.at(-1);
      if (!piece) continue;
      for (const to of targets(piece, s))
        out.push({ uhp: `move ${piece} ${to.q},${to.r}`, piece, from: { q: s.q, r: s.r }, to });
    }
    return out;
  }, [text, type]);

  useEffect(() => {
    if (host.current) host.current.dataset.removing = String(removing);
    board.current?.update({
      view: {
        gameType: type,
        state: 'InProgress',
        turn: '',
        tiles,
        hand,
        side: edit.side,
        ply: 0,
        lastMove: null,
        mustPass: false,
        legal: removing ? [] : legal,
        roster: null,
      } as never,
      viewer: 'spectator',
      bottom: 0,
      turn: { kind: 'seat', seat: edit.side },
      legal: removing ? [] : legal.map((m) => m.uhp),
      lastMove: undefined,
      outcome: undefined,
      browsing: false,
      look: { pieces: cfg.pieces, coordinates: cfg.coordinates },
    });
  }, [text, type, removing, cfg.pieces, cfg.coordinates, cfg.language]);

  const names = mod.seatNames(null, 2);
  return (
    <div class="hv-editor" data-testid="hv-editor">
      <p class="muted">{t('analysis.hv.help')}</p>
      <div class="hv-editor-tools" style={TOOLS}>
        <label class="inline">
          <input type="checkbox" data-testid="hv-remove" checked={removing} onChange={() => setRemoving((r) => !r)} />
          <span>{t('analysis.hv.remove')}</span>
        </label>
        <button type="button" data-testid="hv-clear" onClick={() => write({ ...edit, stacks: [], turn: undefined })}>
          {t('analysis.hv.clear')}
        </button>
        <button type="button" data-testid="hv-start" onClick={() => write({ stacks: [], side: 0, turn: undefined })}>
          {t('analysis.hv.start')}
        </button>
        <button type="button" data-testid="hv-shown" onClick={() => onChange(shown)}>
          {t('analysis.hv.shown')}
        </button>
      </div>
      <div ref={host} class="hv-editor-board" data-testid="hv-editor-board" style={{ maxWidth: '28rem' }} />
      <div class="hv-editor-tools" style={TOOLS}>
        <label class="inline">
          <span>{t('analysis.editor.sideToMove')}</span>
          <select
            data-testid="hv-side"
            value={String(edit.side)}
            onChange={(e) => write({ ...edit, side: (e.currentTarget as HTMLSelectElement).value === '1' ? 1 : 0 })}
          >
            <option value="0">{names[0]}</option>
            <option value="1">{names[1]}</option>
          </select>
        </label>
        <label class="inline">
          <span>{t('analysis.hv.turn')}</span>
          <input
            type="number"
            min={1}
            data-testid="hv-turn"
            placeholder={t('analysis.hv.turnAuto')}
            value={edit.turn ?? ''}
            onChange={(e) => {
              const v = (e.currentTarget as HTMLInputElement).value.trim();
              write({ ...edit, turn: v === '' ? undefined : Math.max(1, Math.floor(Number(v)) || 1) });
            }}
          />
        </label>
      </div>
      <p data-testid="hv-status" class={check.ok && !('reason' in gameType) ? 'muted' : 'error'} aria-live="polite">
        {status}
      </p>
      {said && (
        <p class="muted" aria-live="polite">
          {said}
        </p>
      )}
      <label for="editor-hv-setup">
        <span>{t('analysis.hv.notation')}</span>
        <textarea
          id="editor-hv-setup"
          data-testid="editor-hv-setup"
          rows={2}
          spellcheck={false}
          value={text}
          onInput={(e) => onChange((e.currentTarget as HTMLTextAreaElement).value)}
        />
      </label>
      <small class="muted help">
        {t('analysis.hv.notationHelp')} <code>Base+MLP;Setup;Black[4];wS1@0,0 bS1@1,0 wQ/bB1@-1,0</code>
      </small>
    </div>
  );
};
