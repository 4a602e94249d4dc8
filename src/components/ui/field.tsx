import type { ReactNode } from 'react';
import { FIELD_ERROR_CLASS, HELP_CLASS, INPUT_CLASS } from './styles';

/** What a field's control spreads on itself so that its label, help and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The id of the error line a field with this id shows (for focusing or describing it elsewhere). */
export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** What a field says around its control. */
interface FieldWords {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  /** Shown (and announced with the control) only when given. */
  error?: string | undefined;
}

/**
 * A labelled form field: label, the control (rendered by `children` with its wiring), a help line and,
 * when `error` is given, the error, tied to the control by `aria-describedby`.
 */
export function Field({
  id,
  label,
  help,
  error,
  children,
}: FieldWords & {
  children: (control: FieldControlProps) => ReactNode;
}) {
  const helpId = `${id}-help`;
  const errorId = fieldErrorId(id);
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {help && (
        <p id={helpId} className={HELP_CLASS}>
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A labelled one-line text input. The app's text fields take hashes, identifiers, serials and
 * numbers, nothing a browser should fill in, so none is autocompleted. `action` is a button beside it.
 */
export function TextField({
  value,
  onChange,
  spellCheck,
  placeholder,
  inputMode,
  action,
  ...field
}: FieldWords & {
  value: string;
  onChange: (value: string) => void;
  spellCheck?: boolean;
  placeholder?: string;
  inputMode?: 'numeric';
  action?: ReactNode;
}) {
  return (
    <Field {...field}>
      {(control) => {
        const input = (
          <input
            {...control}
            className={action ? `${INPUT_CLASS} min-w-0 flex-1` : INPUT_CLASS}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            spellCheck={spellCheck}
            placeholder={placeholder}
            inputMode={inputMode}
            autoComplete="off"
          />
        );
        return action ? (
          <div className="flex flex-wrap gap-2">
            {input}
            {action}
          </div>
        ) : (
          input
        );
      }}
    </Field>
  );
}

/** A field for a SHA-256 or block hash: 64 hex characters, never spell-checked. */
export function HashField(props: FieldWords & { value: string; onChange: (value: string) => void }) {
  return <TextField {...props} spellCheck={false} placeholder="64 hex characters" />;
}
