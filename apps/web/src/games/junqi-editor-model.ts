/**
 * The setup editor's section of the Junqi panel: the hint, the presets that fit the seat's pieces, the setups saved
 * on the device, every broken rule in words, and the landlord's reserve (三打一).
 */
import { type Board, PRESET_NAMES, RANK_LETTERS } from '@qiyuan/junqi';
import type { Chip, EditorModel } from '../board/junqi-panel.js';
import type { SetupDraft } from '../board/junqi-setup.js';
import { i18n, t } from '../i18n/index.js';

export interface EditorState {
  readonly draft: SetupDraft;
  readonly board: Board;
  readonly seat: number;
  /** The names of the setups saved on the device, and the one chosen in the list. */
  readonly saved: string[];
  readonly savedChoice: string;
  /** What the editor last said (a swap, a load, a save…). */
  readonly message: string | undefined;
  /** The reserve's picked rank letter. */
  readonly tray: string | undefined;
  /**
   * The reserve's chips in words (junqi-view.ts's chipsOf), handed in: this module is in the setup editor's chunk,
   * and a module it shared with the board's would be split off into a request of its own.
   */
  readonly chipsOf: (counts: readonly number[]) => Chip[];
}

export const editorModel = ({
  draft: d,
  board,
  seat,
  saved,
  savedChoice,
  message,
  tray,
  chipsOf,
}: EditorState): EditorModel => {
  const presets = d.presets();
  return {
    hint: String(t(d.pick ? 'junqiUi.setup.hintPick' : 'junqiUi.setup.hint')),
    rules: String(t('junqiUi.setup.rules')),
    presets: PRESET_NAMES.map((name) => ({
      name,
      label: String(t(`junqiUi.setup.preset.${name}`)),
      fits: presets.includes(name),
    })),
    saved,
    savedChoice,
    problems: d.problems().map((p) => {
      const point =
        p.slot !== undefined ? (board.points[board.at(seat, Math.floor(p.slot / 5) + 1, p.slot % 5)]?.name ?? '') : '';
      const rank = p.rank !== undefined ? String(t(`junqi.rank.${RANK_LETTERS[p.rank]!}`)) : '';
      if (p.code === 'setup-pieces') {
        if (p.flag) return String(t('junqiUi.problem.flag'));
        if (p.missing !== undefined)
          return String(
            t(p.missing > 0 ? 'junqiUi.problem.more' : 'junqiUi.problem.fewer', { n: Math.abs(p.missing) }),
          );
        return String(t('junqiUi.problem.pieces'));
      }
      return i18n.exists(`junqiUi.problem.${p.code}`)
        ? String(t(`junqiUi.problem.${p.code}`, { point, rank }))
        : String(t('junqiUi.problem.other', { code: p.code }));
    }),
    valid: d.valid(),
    message,
    reserve: d.pick ? chipsOf(d.reserve()) : undefined,
    traySelected: tray,
  };
};
