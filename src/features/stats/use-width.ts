import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The rendered width of an element, followed as it resizes; `fallback` until it is measured (and
 * where the browser has no ResizeObserver). Charts draw at this width, one unit a CSS pixel, so that
 * their labels keep the font size they are given on a phone as on a desktop.
 */
export function useWidth<E extends Element>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
