/**
 * Writes a benchmark's results into docs/benchmarks.md, replacing that benchmark's previous
 * section, with the machine and the date, so the file always holds the latest measured figures.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const reportPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/benchmarks.md');

/** A one-line description of this machine. */
export function machineLine(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const memGiB = (os.totalmem() / 2 ** 30).toFixed(0);
  return `${os.cpus().length} × ${cpu}, ${memGiB} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** Replaces (or appends) the section `name` of docs/benchmarks.md with `body`. */
export function writeSection(name: string, title: string, body: string): void {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const date = new Date().toISOString().slice(0, 10);
  const section = `${start}\n## ${title}\n\nMeasured ${date} on ${machineLine()}.\n\n${body.trim()}\n${end}`;
  const current = existsSync(reportPath)
    ? readFileSync(reportPath, 'utf8')
    : '# Benchmarks\n\nFigures written by the scripts in `bench/` (`npm run bench`, `npm run bench:service`, `npm run bench:app`). Each section says when and where it was measured.\n';
  const at = current.indexOf(start);
  const until = current.indexOf(end);
  const next =
    at >= 0 && until > at
      ? current.slice(0, at) + section + current.slice(until + end.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(reportPath, next);
}

/** Formats a number with thousands separators. */
export function fmt(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** The load averages (1 / 5 / 15 min): other work on a shared machine moves a benchmark's figures. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}

/** A results table: measure, result, target, and whether the target was met (null: none set). */
export class ResultTable {
  readonly lines: string[] = [];

  row(what: string, figure: string, target: string, met: boolean | null): void {
    this.lines.push(`| ${what} | ${figure} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} |`);
  }

  /** The table in Markdown, header first. */
  markdown(): string[] {
    return ['| Measure | Result | Target | Met |', '| --- | --- | --- | --- |', ...this.lines];
  }
}
