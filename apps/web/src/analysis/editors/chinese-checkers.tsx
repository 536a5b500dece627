import type { PlayerCount } from '@qiyuan/chinese-checkers';
import { useState } from 'preact/hooks';
import { formOptions } from '../../games/form.js';
import type { GameModule } from '../../games/types.js';
import { t } from '../../i18n/index.js';
import { CcStarEditor } from '../cc-editor.js';
import { SetupText } from '../setup-text.js';
import type { StartEditor } from './types.js';

/**
 * Chinese Checkers' start for the editor's rules (players, pieces): the position text of a new game with them, or empty
 * when the engine refuses the rules (15 pieces for four players, say: the Set-up button then says why).
 */
const ccStart = (mod: GameModule, options: Readonly<Record<string, string>>): string => {
  const parsed = mod.definition.parseOptions(options);
  const game = parsed.ok ? mod.definition.create(parsed.value) : undefined;
  return game?.ok ? game.value.positionToString() : '';
};

/** A Chinese Checkers record that starts from `setup` (its rows and the colour to move) under the form's options. */
const ccRecord = (options: Readonly<Record<string, string>>, setup: string): string => {
  const tags: Record<string, string> = {
    players: 'Players',
    pieces: 'Pieces',
    jump: 'Jump',
    variant: 'Variant',
    corners: 'Corners',
    win: 'Win',
    maxPlies: 'MaxPlies',
    repetition: 'Repetition',
  };
  const lines = Object.entries(options).flatMap(([k, v]) => (tags[k] ? [`[${tags[k]} "${v}"]`] : []));
  return [...lines, `[Setup "${setup.replace(/"/g, '')}"]`, ''].join('\n');
};

/** Chinese Checkers' part of the editor: the pieces on the star and the colour to move. */
export const chineseCheckersStartEditor: StartEditor = {
  useEditor: ({ mod, fields, values, positionText }) => {
    const [ccSetup, setCcSetup] = useState(positionText);
    const players = Number(values.players || '2');
    return {
      panel: (
        <div class="field">
          <CcStarEditor players={players as PlayerCount} text={ccSetup} onChange={setCcSetup} />
          <button
            type="button"
            data-testid="cc-start"
            onClick={() => setCcSetup(ccStart(mod, formOptions(fields, values)))}
          >
            {t('analysis.editor.ccStart', { n: players })}
          </button>
          <SetupText
            id="editor-cc-setup"
            label={t('analysis.editor.ccSetup')}
            help={t('analysis.editor.ccSetupHelp')}
            value={ccSetup}
            onInput={setCcSetup}
          />
        </div>
      ),
      // a new number of players or of pieces has colours or homes of its own: its start is laid out (the pieces
      // shown belonged to colours that may not play now)
      fieldChanged: (key, _, next) => {
        if (key === 'players' || key === 'pieces') setCcSetup(ccStart(mod, formOptions(fields, next)));
      },
      apply: (options) => ({ options, position: ccSetup.trim() ? ccRecord(options, ccSetup.trim()) : '' }),
    };
  },
};
