import { useMemo, useState } from 'preact/hooks';
import { HiveEditor, hiveApplyText, hiveEditorText, hiveFormValues, hiveGameType } from '../hive-editor.js';
import type { StartEditor } from './types.js';

/** Hive's part of the editor: the game type's tiles on the board and in the hands, from the position shown. */
export const hiveStartEditor: StartEditor = {
  help: 'analysis.editor.hiveHelp',
  importLabel: 'analysis.import.labelHive',
  // the Hive editor starts in the game of the position shown
  initialValues: hiveFormValues,
  useEditor: ({ mod, values, positionText }) => {
    const hvType = hiveGameType(values);
    const hvTypeText = hvType && 'type' in hvType ? hvType.type : '';
    // the shown position's game is replayed to read its tiles: once per position and game type, not per keystroke
    const hvShown = useMemo(
      () => (hvTypeText ? hiveEditorText(positionText, hvTypeText) : ''),
      [positionText, hvTypeText],
    );
    const [hvSetup, setHvSetup] = useState(hvShown);
    return {
      panel: hvType && (
        <div class="field">
          <HiveEditor mod={mod} gameType={hvType} text={hvSetup} shown={hvShown} onChange={setHvSetup} />
        </div>
      ),
      apply: (options) => ({ options, position: hvType ? hiveApplyText(hvSetup, hvType) : '' }),
    };
  },
};
