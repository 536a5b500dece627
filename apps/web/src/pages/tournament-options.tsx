import type { GameId } from '@qiyuan/core';
import { useEffect, useState } from 'preact/hooks';
import { applyingFields, formOptions, initialValues, shownValue } from '../games/form.js';
import { WEB_GAMES } from '../games/registry.js';
import type { GameForm } from '../games/types.js';
import { t } from '../i18n/index.js';
import { Field, wireOptions } from './game-options.js';

/**
 * The game's own options in the tournament form, with the fields of the online create form (Hive's expansions,
 * Abalone's start, Junqi's 明/暗/翻, Chinese Checkers' pieces and jump rule …). The number of players and Junqi's
 * teams are the tournament form's own choices (they decide tables and teams), so they are `fixed` here and not shown;
 * a whole position to start from is for local games only. `onChange` gets the options as an online game is created
 * with them (only those that differ from the engine's defaults).
 */
const FORM_OWNED = new Set(['players', 'teams']);

export const TournamentGameOptions = ({
  game,
  fixed,
  onChange,
}: {
  game: GameId;
  fixed: Readonly<Record<string, string>>;
  onChange: (options: Record<string, string | boolean>) => void;
}) => {
  const [mod, setMod] = useState<GameForm | undefined>();
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    setMod(undefined);
    // the options of the game chosen before are not this game's
    onChange({});
    // the game's form alone: its fields and options parser, not its engine and board
    WEB_GAMES[game].form().then(
      (m) => {
        if (!live) return;
        setMod(m);
        setValues(initialValues(m.fields));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [game]);
  const all = { ...values, ...fixed };
  const fields = mod ? applyingFields(mod.fields, all).filter((f) => f.kind !== 'text' && !FORM_OWNED.has(f.key)) : [];
  const key = JSON.stringify(all);
  useEffect(() => {
    if (!mod) return;
    const chosen = formOptions(
      applyingFields(mod.fields, all).filter((f) => f.kind !== 'text'),
      all,
    );
    const { players: _p, teams: _t, ...rest } = wireOptions(mod, chosen);
    onChange(rest);
  }, [mod, key]);
  if (!mod || fields.length === 0) return null;
  return (
    <fieldset data-testid="tournament-game-options">
      <legend>{t('home.options')}</legend>
      {fields.map((f) => (
        <Field
          key={f.key}
          scope={WEB_GAMES[game].scope}
          f={f}
          value={shownValue(mod, all, f)}
          set={(v) => setValues({ ...values, [f.key]: v })}
        />
      ))}
    </fieldset>
  );
};
