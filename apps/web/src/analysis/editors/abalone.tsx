import { useState } from 'preact/hooks';
import { t } from '../../i18n/index.js';
import { AbaloneEditor, startLayout } from '../ab-editor.js';
import type { StartEditor } from './types.js';

/** Abalone's part of the editor: the marbles on the board and the colour to move, from a start position. */
export const abaloneStartEditor: StartEditor = {
  useEditor: ({ mod, positionText }) => {
    const [abSetup, setAbSetup] = useState(positionText);
    return {
      panel: (
        <div class="field">
          <AbaloneEditor text={abSetup} sideNames={mod.seatNames(null, 2)} onChange={setAbSetup} />
          <small class="muted help">{t('analysis.editor.abSetupHelp')}</small>
        </div>
      ),
      // a new start position lays out its marbles for the editor to start from
      fieldChanged: (key, value) => {
        if (key === 'start') setAbSetup(startLayout(value));
      },
      apply: (options) => ({ options: abSetup.trim() ? { ...options, setup: abSetup.trim() } : options, position: '' }),
    };
  },
};
