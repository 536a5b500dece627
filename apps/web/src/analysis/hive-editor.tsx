import { parseSetup, setupPosition } from '@qiyuan/hive';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { BoardController, GameModule } from '../games/types.js';
import { hiveEditorEn, hiveEditorZhCN, hiveEditorZhTW } from '../i18n/hive-editor.js';
import { i18n, t, tOr } from '../i18n/index.js';
import { settings } from '../settings.js';
import { useStore } from '../store.js';
import {
  applyEditorMove,
  type Edit,
  editorMoves,
  type GameTypeChoice,
  handOf,
  readEdit,
  rosterPosition,
  takeOff,
  writeEdit,
} from './hive-setup-edit.js';
import { refusalText } from './refusals.js';
import { SetupText } from './setup-text.js';

export { hiveApplyText, hiveEditorText, hiveFormValues, hiveGameType } from './hive-setup-edit.js';

// Deep merge into the catalogue: the editor's words load with its chunk.
for (const [lng, res] of [
  ['en', hiveEditorEn],
  ['zh-CN', hiveEditorZhCN],
  ['zh-TW', hiveEditorZhTW],
] as const)
  i18n.addBundle(lng, res, false);

const TOOLS = { display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center', margin: '0.4rem 0' } as const;

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
  gameType: GameTypeChoice;
  text: string;
  /** The editor's text for the position the board shows (the "position shown" button goes back to it). */
  shown: string;
  onChange: (text: string) => void;
}) => {
  const cfg = useStore(settings);
  const type = 'type' in gameType ? gameType.type : 'Base';
  const read = parseSetup(text);
  const edit = readEdit(text);
  const position = useMemo(() => rosterPosition(type), [type]);
  const [removing, setRemoving] = useState(false);
  const [said, setSaid] = useState('');

  const write = (next: Edit) => onChange(writeEdit(position, type, next));
  // the form's game type is the editor's: a new one rewrites the text (tiles it lacks are then refused by name)
  useEffect(() => {
    if (read.ok && read.value.setup.gameType !== type) write(edit);
  }, [type]);

  const check = read.ok ? setupPosition({ ...read.value.setup, gameType: type }) : read;
  const status =
    'reason' in gameType
      ? refusalText(gameType)
      : check.ok
        ? t('analysis.hv.ready', {
            side: mod.seatNames(null, 2)[check.value.side],
            turn: (check.value.ply >> 1) + 1,
          })
        : tOr(`analysis.hv.refuse.${check.error.code}`, refusalText(check.error));

  // The board: the game's own, fed a view of the tiles and, as its "legal moves", every placement and move the
  // editor allows (`put wB1 2,-1`, `move wB1 2,-1`), so picking, clicking and dragging work as in a game.
  const host = useRef<HTMLDivElement>(null);
  const board = useRef<BoardController>();
  const act = useRef((_: string) => {});
  const lift = useRef((_: string) => {});
  act.current = (uhp: string) => {
    const stacks = applyEditorMove(edit.stacks, uhp);
    if (!stacks) return;
    setSaid('');
    write({ ...edit, stacks });
  };
  lift.current = (cell: string) => {
    const off = takeOff(edit.stacks, cell);
    if (!off) return;
    setSaid(t('analysis.hv.removed', { piece: off.piece }));
    write({ ...edit, stacks: off.stacks });
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

  const hand = handOf(position, edit.stacks);
  const tiles = edit.stacks.flatMap((s) => s.tiles.map((piece, i) => ({ piece, q: s.q, r: s.r, level: i + 1 })));
  const legal = useMemo(() => editorMoves(position, edit.stacks), [text, type]);

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
      <SetupText
        id="editor-hv-setup"
        label={t('analysis.hv.notation')}
        help={
          <>
            {t('analysis.hv.notationHelp')} <code>Base+MLP;Setup;Black[4];wS1@0,0 bS1@1,0 wQ/bB1@-1,0</code>
          </>
        }
        value={text}
        onInput={onChange}
      />
    </div>
  );
};
