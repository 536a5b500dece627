import { useState } from 'preact/hooks';
import { applyingFields, formOptions, initialValues, shownValue } from '../games/form.js';
import type { GameModule, OptionField } from '../games/types.js';
import { addWords, type Language, t } from '../i18n/index.js';
import { formWords } from '../i18n/page-words.js';
import { Field } from '../pages/game-options.js';
import { EDITORS } from './editors.js';
import { refusalWordsReady } from './refusals.js';
import type { StartSpec } from './start.js';

// the import's lines are read by the page with the editor's chunk (pages/analysis.tsx)
export { parseMovetext } from './movetext-read.js';

// The editor's and the import box's words, a chunk per language, come with its code, not with the board's page (a
// board opened from a link or a replay needs neither): the page draws the editor once they are in.
const WORDS: Record<Language, () => Promise<Record<string, unknown>>> = {
  en: async () => (await import('../i18n/analysis-editor-en.js')).analysisEditorEn,
  'zh-CN': async () => (await import('../i18n/analysis-editor-zh-CN.js')).analysisEditorZhCN,
  'zh-TW': async () => (await import('../i18n/analysis-editor-zh-TW.js')).analysisEditorZhTW,
};
// with the options' help of the fields it shows, as the home page's create form has it
// and the refusals' words, for a position or a text it cannot take
export const editorWordsReady: Promise<void> = Promise.all([
  addWords((lng) => WORDS[lng]()),
  addWords(formWords),
  refusalWordsReady(),
]).then(() => undefined);

/** The fields the editor offers: the game's own create-form fields, except a position text (the import box does that). */
const editorFields = (mod: GameModule, omit: readonly string[] = []): OptionField[] =>
  mod.fields.filter((f) => f.kind !== 'text' && !omit.includes(f.key));

/**
 * The position editor: the rules and the start (Hive's game type and reverse sides, Abalone's start position,
 * Chinese Checkers' players, pieces and jump rule with the pieces on the board and the colour to move, Junqi's
 * board and every army's deployment), and the import of a record. The page builds the start with the engine and
 * says why when the engine refuses it.
 */
export const PositionEditor = (props: PositionEditorProps) => <GameEditor key={props.mod.id} {...props} />;

interface PositionEditorProps {
  mod: GameModule;
  spec: StartSpec;
  /** The position shown, in the game's notation: where the pieces' editor starts. */
  positionText: string;
  /** `import` when the text box was loaded, so a refusal says which part was refused. */
  onApply: (spec: StartSpec, from: 'editor' | 'import') => void;
  /** The page's refusal of the last apply, said beside the button that asked (the page's top is out of sight). */
  refused?: { readonly from: 'editor' | 'import'; readonly reason: string } | undefined;
}

// drawn anew for each game (its key), since each game's part calls hooks of its own
const GameEditor = ({ mod, spec, positionText, onApply, refused }: PositionEditorProps) => {
  const said = (from: 'editor' | 'import') =>
    refused?.from === from && (
      <p class="error" role="alert" data-testid="analysis-error">
        {refused.reason}
      </p>
    );
  const own = EDITORS[mod.id];
  const fields = editorFields(mod, own.omitFields);
  const [values, setValues] = useState<Record<string, string>>(() => ({
    ...initialValues(fields),
    ...spec.options,
    ...own.initialValues?.(positionText),
  }));
  // the editor's own refusal (an army not ready), said where the page's would be
  const [ownRefusal, setOwnRefusal] = useState<string | undefined>(undefined);
  const game = own.useEditor({ mod, fields, values, positionText, spec });
  const [text, setText] = useState(spec.position);
  const shown = applyingFields(fields, values);
  const apply = () => {
    const start = game.apply(formOptions(fields, values));
    const refusal = 'refusal' in start ? start.refusal : undefined;
    setOwnRefusal(refusal);
    if (!('refusal' in start)) onApply(start, 'editor');
  };
  return (
    <>
      <div class="analysis-editor">
        <p class="muted">{t('analysis.editor.hint')}</p>
        {own.help && <p class="muted">{t(own.help)}</p>}
        <div class="form-grid">
          {shown.map((f) => (
            <Field
              key={f.key}
              f={f}
              scope={mod.scope}
              value={shownValue(mod, values, f)}
              set={(v) => {
                setValues((o) => ({ ...o, [f.key]: v }));
                game.fieldChanged?.(f.key, v, { ...values, [f.key]: v });
              }}
            />
          ))}
          {game.panel}
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
          <span>{t(own.importLabel ?? 'analysis.import.label')}</span>
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
