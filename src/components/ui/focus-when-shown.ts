/**
 * A ref callback that moves focus onto its element when the element appears: the result of a submit
 * (or its error), so keyboard and screen-reader users land on what their action produced instead of
 * on the page's top, where focus falls when the button they pressed is disabled or removed. The
 * element needs `tabIndex={-1}`. Give it a `key` that changes per submit to focus it again.
 */
export function focusWhenShown(element: HTMLElement | null): void {
  element?.focus();
}
