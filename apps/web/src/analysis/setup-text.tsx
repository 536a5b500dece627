import type { ComponentChildren } from 'preact';

/** A position's text in the editor: the box a player pastes into, kept in step with the board beside it. */
export const SetupText = ({
  id,
  label,
  help,
  value,
  onInput,
}: {
  id: string;
  label: string;
  help: ComponentChildren;
  value: string;
  onInput: (text: string) => void;
}) => (
  <>
    <label for={id}>
      <span>{label}</span>
      <textarea
        id={id}
        data-testid={id}
        rows={2}
        spellcheck={false}
        value={value}
        onInput={(e) => onInput((e.currentTarget as HTMLTextAreaElement).value)}
      />
    </label>
    <small class="muted help">{help}</small>
  </>
);
