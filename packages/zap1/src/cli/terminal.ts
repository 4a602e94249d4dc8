/**
 * How `zap1` talks: one line per document on stdout (plain, so it can be piped and read by
 * scripts), and progress on stderr only when that is a terminal, redrawn in place. Colour only on
 * a terminal and never with `NO_COLOR` set. Every string that came from outside (a file name, a
 * service's words) is shown with its control characters visible.
 */
import { visibleText } from '../index.js';

const COLOURS = { green: 32, red: 31, yellow: 33, dim: 2 } as const;
export type Colour = keyof typeof COLOURS;

export class Terminal {
  readonly #out: NodeJS.WriteStream;
  readonly #err: NodeJS.WriteStream;
  readonly #progress: boolean;
  readonly #colour: boolean;
  #shown = false;

  constructor(
    out: NodeJS.WriteStream = process.stdout,
    err: NodeJS.WriteStream = process.stderr,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.#out = out;
    this.#err = err;
    this.#progress = err.isTTY === true;
    this.#colour = out.isTTY === true && !env['NO_COLOR'];
  }

  /** `text` in `colour` on a terminal that takes colour; as it is otherwise. */
  paint(text: string, colour: Colour): string {
    return this.#colour ? `\u001b[${COLOURS[colour]}m${text}\u001b[0m` : text;
  }

  /** A progress line, redrawn in place on a terminal; nothing when stderr is piped. */
  progress(text: string): void {
    if (!this.#progress) return;
    const width = Math.max(20, (this.#err.columns || 80) - 1);
    const shown = visibleText(text);
    this.#err.write(`\r\u001b[2K${shown.length > width ? `${shown.slice(0, width - 1)}…` : shown}`);
    this.#shown = true;
  }

  #clear(): void {
    if (this.#shown) this.#err.write('\r\u001b[2K');
    this.#shown = false;
  }

  /** A result line on stdout (`raw` parts already safe, e.g. painted words). */
  line(text: string): void {
    this.#clear();
    this.#out.write(`${text}\n`);
  }

  /** A message on stderr (a wait, a warning, an error). */
  note(text: string): void {
    this.#clear();
    this.#err.write(`${visibleText(text)}\n`);
  }
}

/** `n` bytes in words: 1.2 MB, 340 KB, 12 bytes. */
export function byteWords(n: number): string {
  if (n < 1000) return `${n} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
