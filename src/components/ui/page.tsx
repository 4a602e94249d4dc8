import type { ReactNode } from 'react';
import { PageTitle } from '../page-title';
import { Section } from './section';

/**
 * A page's frame: the section labelled by its one h1, and the document title named after it.
 * `className` sets the page's width and spacing (each page reads best at its own width).
 */
export function Page({
  title,
  heading = title,
  className = 'space-y-4',
  headingClassName,
  children,
}: {
  title: string;
  /** The h1's text when it says more than the document title. */
  heading?: ReactNode;
  className?: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <Section level={1} title={heading} className={className} headingClassName={headingClassName}>
      <PageTitle page={title} />
      {children}
    </Section>
  );
}
