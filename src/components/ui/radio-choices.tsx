import { useId } from 'react';

/**
 * A row of radio buttons, one for each choice, wrapping on a narrow screen. Named by `label`, or by
 * the fieldset's legend around it when `label` is left out.
 */
export function RadioChoices<T extends string>({
  label,
  choices,
  value,
  onChange,
}: {
  label?: string;
  choices: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <div
      className="flex flex-wrap gap-x-4 gap-y-1"
      role={label ? 'radiogroup' : undefined}
      aria-label={label}
    >
      {choices.map((choice) => (
        <label key={choice.value} className="flex min-h-6 items-center gap-1.5">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}
