import type { TargetedInputEvent } from 'preact';

/** The input attributes the checkout's fields use. */
interface InputProps {
  type?: 'text' | 'tel' | 'email';
  /** Typed characters shown as dots (the CVV). */
  masked?: boolean;
  inputMode?: 'text' | 'numeric' | 'tel' | 'email';
  autoComplete?: string;
  autoCapitalize?: 'none' | 'off';
  spellcheck?: boolean;
  placeholder?: string;
  maxLength?: number;
  readOnly?: boolean;
}

/** A labelled input (found by its label's text) with its error, announced and tied to it. */
export function TextField(
  props: InputProps & {
    id: string;
    label: string;
    value: string;
    error?: string;
    onValue: (value: string, input: HTMLInputElement) => void;
  },
) {
  const { id, label, value, error, onValue, masked, type = 'text', ...input } = props;
  const errorId = `${id}-error`;
  const common = {
    ...input,
    id,
    value,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': error ? errorId : undefined,
    onInput: (event: TargetedInputEvent<HTMLInputElement>) =>
      onValue(event.currentTarget.value, event.currentTarget),
  };
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={id}>{label}</label>
      {masked ? (
        <input {...common} type="password" />
      ) : type === 'tel' ? (
        <input {...common} type="tel" />
      ) : type === 'email' ? (
        <input {...common} type="email" />
      ) : (
        <input {...common} type="text" />
      )}
      {error && (
        <p id={errorId} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled list to pick from, with a prompt as its empty first entry. */
export function SelectField(props: {
  id: string;
  label: string;
  prompt: string;
  value: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  onValue: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div class={props.error ? 'field invalid' : 'field'}>
      <label for={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        aria-invalid={props.error ? 'true' : undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onValue(event.currentTarget.value)}
      >
        <option value="">{props.prompt}</option>
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {props.error && (
        <p id={errorId} class="field-error">
          {props.error}
        </p>
      )}
    </div>
  );
}
