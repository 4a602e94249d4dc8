import type { ComponentProps } from 'react';
import { BUTTON_CLASS, PRIMARY_BUTTON_CLASS } from './styles';

/** A button in the app's style: `primary` for the one action a form is for, else secondary. */
export function Button({
  variant = 'secondary',
  type = 'button',
  className,
  ...props
}: ComponentProps<'button'> & { variant?: 'primary' | 'secondary' }) {
  const look = variant === 'primary' ? PRIMARY_BUTTON_CLASS : BUTTON_CLASS;
  return <button type={type} className={className ? `${look} ${className}` : look} {...props} />;
}
