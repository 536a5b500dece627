import type { PlayerCount } from '@qiyuan/chinese-checkers';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { applyingFields, formOptions, initialValues, shownValue } from '../games/form.js';
import type { GameModule, OptionField } from '../games/types.js';
import { addWords, type Language, t } from '../i18n/index.js';
import { formWords } from '../i18n/page-words.js';
import { Field } from '../pages/game-options.js';
import { AbaloneEditor, startLayout } from './ab-editor.js';
import { CcStarEditor } from './cc-editor.js';
import { HiveEditor, hiveApplyText, hiveEditorText, hiveFormValues, hiveGameType } from './hive-editor.js';
import type { deploymentRefusal, JunqiDeployEditor } from './jq-editor.js';
import { SetupText } from './setup-text.js';
import type { StartSpec } from './start.js';

// The editor's and the import box's words, a chunk per language, come with its code, not with the board's page (a
// board opened from a link or a replay needs neither): the page draws the editor once they are in.
const WORDS: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('../i18n/analysis-editor-en.js')).analysisEditorEn,
  'zh-CN': async () => (await import('../i18n/analysis-editor-zh-CN.js')).analysisEditorZhCN,
  'zh-TW': async () => (await import('../i18n/analysis-editor-zh-TW.js')).analysisEditorZhTW,
};
// with the options' help of the fields it shows, as the home page's create form has it
export const editorWordsReady: Promise<void> = Promise.all([addWords((lng) => WORDS[lng]()), addWords(formWords)]).then(
  () => undefined,
);

/**
 * Chinese Checkers' start for the editor's rules (players, pieces): the position text of a new game with them, or empty
 * when the engine refuses the rules (15 pieces for four players, say: the Set-up button then says why).
 */
const ccStart = (mod: GameModule, options: Readonly<Record<string, string>>): string => {
  const parsed = mod.definition.parseOptions(options);
  const game = parsed.ok ? mod.definition.create(parsed.value) : undefined;
  return game?.ok ? game.value.positionToString() : '';
};

/**
 * The fields the editor offers: the game's own create-form fields, except a position text (the import box does
 * that) and Junqi's mode (this board shows every piece face up, so it plays open).
 */
const editorFields = (mod: GameModule): OptionField[] =>
  mod.fields.filter((f) => f.kind !== 'text' && !(mod.id === 'junqi' && f.key === 'mode'));

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

/**
 * The position editor: the rules and the start (Hive's game type and reverse sides, Abalone's start position,
 * Chinese Checkers' players, pieces and jump rule with the pieces on the board and the colour to move, Junqi's
 * board and every army's deployment), and the import of a record. The page builds the start with the engine and
 * says why when the engine refuses it.
 */
export const PositionEditor = ({
  mod,
  spec,
  positionText,
  onApply,
  refused,
}: {
  mod: GameModule;
  spec: StartSpec;
  /** The position shown, in the game's notation: where the pieces' editor starts. */
  positionText: string;
  /** `import` when the text box was loaded, so a refusal says which part was refused. */
  onApply: (spec: StartSpec, from: 'editor' | 'import') => void;
  /** The page's refusal of the last apply, said beside the button that asked (the page's top is out of sight). */
  refused?: { readonly from: 'editor' | 'import'; readonly reason: string } | undefined;
}) => {
  const said = (from: 'editor' | 'import') =>
    refused?.from === from && (
      <p class="error" role="alert" data-testid="analysis-error">
        {refused.reason}
      </p>
    );
  const fields = editorFields(mod);
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...initialValues(fields),
    ...spec.options,
    // the Hive editor starts in the game of the position shown
    ...(mod.id === 'hive' ? hiveFormValues(positionText) : {}),
  }));
  const [setups, setSetups] = useState(spec.options.setups ?? '');
  // Junqi's editor (its board and the engine's rules) is fetched for Junqi only
  const [JqEditor, setJqEditor] = useState<typeof JunqiDeployEditor | undefined>(undefined);
  const [jqRefusal, setJqRefusal] = useState<typeof deploymentRefusal | undefined>(undefined);
  // the editor's own refusal (an army not ready), said where the page's would be
  const [ownRefusal, setOwnRefusal] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (mod.id === 'junqi')
      void import('./jq-editor.js').then((m) => {
        setJqEditor(() => m.JunqiDeployEditor);
        setJqRefusal(() => m.deploymentRefusal);
      });
  }, [mod.id]);
  const [ccSetup, setCcSetup] = useState(mod.id === 'chinese-checkers' ? positionText : '');
  const [abSetup, setAbSetup] = useState(mod.id === 'abalone' ? positionText : '');
  const [text, setText] = useState(spec.position);
  const hvType = mod.id === 'hive' ? hiveGameType(values) : undefined;
  const hvTypeText = hvType && 'type' in hvType ? hvType.type : '';
  // the shown position's game is replayed to read its tiles: once per position and game type, not per keystroke
  const hvShown = useMemo(
    () => (hvTypeText ? hiveEditorText(positionText, hvTypeText) : ''),
    [positionText, hvTypeText],
  );
  const [hvSetup, setHvSetup] = useState(hvShown);
  const shown = applyingFields(fields, values);
  const apply = () => {
    const options = formOptions(fields, values);
    const notReady =
      mod.id === 'junqi' && !(values.players === '4' && values.variant === 'landlord')
        ? jqRefusal?.(setups, Number(values.players || '2'))
        : undefined;
    setOwnRefusal(notReady);
    if (notReady) return;
    if (mod.id === 'junqi' && setups.trim()) options.setups = setups.trim();
    if (mod.id === 'abalone' && abSetup.trim()) options.setup = abSetup.trim();
    if (mod.id === 'hive' && hvType) return onApply({ options, position: hiveApplyText(hvSetup, hvType) }, 'editor');
    if (mod.id === 'chinese-checkers' && ccSetup.trim())
      return onApply({ options, position: ccRecord(options, ccSetup.trim()) }, 'editor');
    onApply({ options, position: '' }, 'editor');
  };
  return (
    <>
      <div class="analysis-editor">
        <p class="muted">{t('analysis.editor.hint')}</p>
        {mod.id === 'hive' && <p class="muted">{t('analysis.editor.hiveHelp')}</p>}
        <div class="form-grid">
          {shown.map((f) => (
            <Field
              key={f.key}
              f={f}
              scope={mod.scope}
              value={shownValue(mod, values, f)}
              set={(v) => {
                setValues((o) => ({ ...o, [f.key]: v }));
                // a new start position lays out its marbles for the editor to start from
                if (mod.id === 'abalone' && f.key === 'start') setAbSetup(startLayout(v));
                // a new number of players or of pieces has colours or homes of its own: its start is laid out (the
                // pieces shown belonged to colours that may not play now)
                if (mod.id === 'chinese-checkers' && (f.key === 'players' || f.key === 'pieces'))
                  setCcSetup(ccStart(mod, formOptions(fields, { ...values, [f.key]: v })));
              }}
            />
          ))}
          {mod.id === 'junqi' && (
            <div class="field">
              {values.players === '4' && values.variant === 'landlord' ? (
                <p class="muted">{t('analysis.jq.landlord')}</p>
              ) : (
                JqEditor && <JqEditor players={Number(values.players || '2')} text={setups} onChange={setSetups} />
              )}
              <SetupText
                id="editor-setups"
                label={t('analysis.editor.setups')}
                help={t('analysis.editor.setupsHelp')}
                value={setups}
                onInput={setSetups}
              />
            </div>
          )}
          {mod.id === 'hive' && hvType && (
            <div class="field">
              <HiveEditor mod={mod} gameType={hvType} text={hvSetup} shown={hvShown} onChange={setHvSetup} />
            </div>
          )}
          {mod.id === 'abalone' && (
            <div class="field">
              <AbaloneEditor text={abSetup} sideNames={mod.seatNames(null, 2)} onChange={setAbSetup} />
              <small class="muted help">{t('analysis.editor.abSetupHelp')}</small>
            </div>
          )}
          {mod.id === 'chinese-checkers' && (
            <div class="field">
              <CcStarEditor
                players={Number(values.players || '2') as PlayerCount}
                text={ccSetup}
                onChange={setCcSetup}
              />
              <button
                type="button"
                data-testid="cc-start"
                onClick={() => setCcSetup(ccStart(mod, formOptions(fields, values)))}
              >
                {t('analysis.editor.ccStart', { n: Number(values.players || '2') })}
              </button>
              <SetupText
                id="editor-cc-setup"
                label={t('analysis.editor.ccSetup')}
                help={t('analysis.editor.ccSetupHelp')}
                value={ccSetup}
                onInput={setCcSetup}
              />
            </div>
          )}
        </div>
        <button type="button" class="primary" data-testid="editor-apply" onClick={apply}>
          {t('analysis.editor.setUp')}
        </button>
        {ownRefusal ? (
          <p class="error" role="alert" data-testid="analysis-error">
            {ownRefusal}
          </p>
        ) : (
          said('editor')
        )}
      </div>
      <h3>{t('analysis.import.title')}</h3>
      <div class="analysis-import">
        <label for="import-text">
          <span>{t(mod.id === 'hive' ? 'analysis.import.labelHive' : 'analysis.import.label')}</span>
          <textarea
            id="import-text"
            data-testid="import-text"
            rows={4}
            spellcheck={false}
            value={text}
            onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
          />
        </label>
        <button
          type="button"
          data-testid="import-load"
          onClick={() => onApply({ options: formOptions(fields, values), position: text }, 'import')}
        >
          {t('analysis.import.load')}
        </button>
        {said('import')}
      </div>
    </>
  );
};
