import { LANGUAGES, type Language, t } from '../i18n/index.js';
import { chooseLanguage, PIECE_STYLES, type PieceStyle, settings, THEMES, type Theme } from '../settings.js';
import { useStore } from '../store.js';

/** One on/off preference with its explanation under it (the catalogue's `settings.<name>` and `<name>Help`). */
const Switch = ({ id, setting }: { id: string; setting: 'coordinates' | 'sound' | 'animation' }) => {
  const s = useStore(settings);
  return (
    <div class="check-row">
      <label class="check" for={id}>
        <input
          id={id}
          type="checkbox"
          checked={s[setting]}
          aria-describedby={`${id}-help`}
          onChange={(e) => settings.update({ [setting]: (e.currentTarget as HTMLInputElement).checked })}
        />
        <span>{t(`settings.${setting}`)}</span>
      </label>
      <p id={`${id}-help`} class="muted help">
        {t(`settings.${setting}Help`)}
      </p>
    </div>
  );
};

/**
 * The player's preferences, each saying what it changes: the theme recolours every board, the piece style draws
 * every game's pieces its way (the help lists what each board shows), coordinates name the points of the boards
 * that have fixed points (not Hive), sound and animation apply to every kind of game.
 */
export const SettingsPage = () => {
  const s = useStore(settings);
  return (
    <section class="settings" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <label for="set-lang">
        <span>{t('settings.language')}</span>
        <select
          id="set-lang"
          value={s.language}
          onChange={(e) => void chooseLanguage((e.currentTarget as HTMLSelectElement).value as Language)}
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`lang.${l}`)}
            </option>
          ))}
        </select>
      </label>
      <label for="set-theme">
        <span>{t('settings.theme')}</span>
        <select
          id="set-theme"
          value={s.theme}
          onChange={(e) => settings.update({ theme: (e.currentTarget as HTMLSelectElement).value as Theme })}
        >
          {THEMES.map((x) => (
            <option key={x} value={x}>
              {t(`settings.themes.${x}`)}
            </option>
          ))}
        </select>
      </label>
      <label for="set-pieces">
        <span>{t('settings.pieces')}</span>
        <select
          id="set-pieces"
          value={s.pieces}
          aria-describedby="set-pieces-help"
          onChange={(e) => settings.update({ pieces: (e.currentTarget as HTMLSelectElement).value as PieceStyle })}
        >
          {PIECE_STYLES.map((x) => (
            <option key={x} value={x}>
              {t(`settings.pieceStyles.${x}`)}
            </option>
          ))}
        </select>
      </label>
      <ul id="set-pieces-help" class="muted help">
        {PIECE_STYLES.map((x) => (
          <li key={x} aria-current={x === s.pieces ? 'true' : undefined}>
            {t(`settings.pieceStyleHelp.${x}`)}
          </li>
        ))}
      </ul>
      <Switch id="set-coords" setting="coordinates" />
      <Switch id="set-sound" setting="sound" />
      <Switch id="set-anim" setting="animation" />
      <p class="muted">{t('settings.saved')}</p>
    </section>
  );
};
