import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n/index.js';
import type { deploymentRefusal, JunqiDeployEditor } from '../jq-editor.js';
import { SetupText } from '../setup-text.js';
import type { StartEditor } from './types.js';

/** 三打一 deals its armies: there is no deployment to edit. */
const dealt = (values: Readonly<Record<string, string>>): boolean =>
  values.players === '4' && values.variant === 'landlord';

/**
 * Junqi's part of the editor: the board and every army's deployment. This board shows every piece face up, so it
 * plays open: the mode is not asked.
 */
export const junqiStartEditor: StartEditor = {
  omitFields: ['mode'],
  useEditor: ({ values, spec }) => {
    const [setups, setSetups] = useState(spec.options.setups ?? '');
    // Junqi's editor (its board and the engine's rules) is its own chunk, fetched when it is shown
    const [JqEditor, setJqEditor] = useState<typeof JunqiDeployEditor | undefined>(undefined);
    const [jqRefusal, setJqRefusal] = useState<typeof deploymentRefusal | undefined>(undefined);
    useEffect(() => {
      void import('../jq-editor.js').then((m) => {
        setJqEditor(() => m.JunqiDeployEditor);
        setJqRefusal(() => m.deploymentRefusal);
      });
    }, []);
    const players = Number(values.players || '2');
    return {
      panel: (
        <div class="field">
          {dealt(values) ? (
            <p class="muted">{t('analysis.jq.landlord')}</p>
          ) : (
            JqEditor && <JqEditor players={players} text={setups} onChange={setSetups} />
          )}
          <SetupText
            id="editor-setups"
            label={t('analysis.editor.setups')}
            help={t('analysis.editor.setupsHelp')}
            value={setups}
            onInput={setSetups}
          />
        </div>
      ),
      apply: (options) => {
        const refusal = dealt(values) ? undefined : jqRefusal?.(setups, players);
        if (refusal) return { refusal };
        return { options: setups.trim() ? { ...options, setups: setups.trim() } : options, position: '' };
      },
    };
  },
};
