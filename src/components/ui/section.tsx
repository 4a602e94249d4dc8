import { useId, type ReactNode } from 'react';

/** A part of a page under its own heading (an h2, or the page's h1), which labels it for assistive technology. */
export function Section({
  title,
  level = 2,
  className = 'space-y-2',
  headingClassName = level === 1 ? 'text-2xl font-semibold' : 'text-xl font-semibold',
  children,
}: {
  title: ReactNode;
  level?: 1 | 2;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section aria-labelledby={headingId} className={className}>
      <Heading id={headingId} className={headingClassName}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
