// The benchmark table: one row per measured figure, printed and written as Markdown.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Row {
  section: string;
  case: string;
  metric: string;
  value: string;
}

export class Report {
  readonly rows: Row[] = [];

  add(section: string, kase: string, metric: string, value: number | string, unit = '') {
    const text = typeof value === 'number' ? `${formatNumber(value)}${unit ? ` ${unit}` : ''}` : value;
    this.rows.push({ section, case: kase, metric, value: text });
  }

  /** A section that could not run: one row saying why, so the table shows the gap instead of hiding it. */
  failed(section: string, error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    this.rows.push({ section, case: '—', metric: 'FAILED', value: message.split('\n')[0].slice(0, 160) });
  }

  markdown(header: string): string {
    const lines = [
      header,
      '',
      '| section | case | metric | value |',
      '|---|---|---|---|',
      ...this.rows.map((r) => `| ${[r.section, r.case, r.metric, r.value].map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`),
    ];
    return `${lines.join('\n')}\n`;
  }

  write(path: string, header: string) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, this.markdown(header));
  }
}

function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}
