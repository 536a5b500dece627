import { LANGUAGES, type Language, t } from '../i18n/index.js';
import { PIECE_STYLES, type PieceStyle, settings, THEMES, type Theme } from '../settings.js';
import { useStore } from '../store.js';

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
          onChange={(e) => settings.update({ language: (e.currentTarget as HTMLSelectElement).value as Language })}
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
          onChange={(e) => settings.update({ pieces: (e.currentTarget as HTMLSelectElement).value as PieceStyle })}
        >
          {PIECE_STYLES.map((x) => (
            <option key={x} value={x}>
              {t(`settings.pieceStyles.${x}`)}
            </option>
          ))}
        </select>
      </label>
      <label class="check" for="set-sound">
        <input
          id="set-sound"
          type="checkbox"
          checked={s.sound}
          onChange={(e) => settings.update({ sound: (e.currentTarget as HTMLInputElement).checked })}
        />
        <span>{t('settings.sound')}</span>
      </label>
      <label class="check" for="set-anim">
        <input
          id="set-anim"
          type="checkbox"
          checked={s.animation}
          onChange={(e) => settings.update({ animation: (e.currentTarget as HTMLInputElement).checked })}
        />
        <span>{t('settings.animation')}</span>
      </label>
      <p class="muted">{t('settings.saved')}</p>
    </section>
  );
};
