import { describe, expect, it } from 'vitest';
import { formatDuration, sanitizeHandle, slugify } from './format.ts';
import { handleSchema, teamCreateSchema } from './schemas.ts';

describe('formatDuration (Xm, Xh, Xh Ym)', () => {
  it('formats minutes', () => {
    expect(formatDuration(15)).toBe('15m');
    expect(formatDuration(60)).toBe('1h');
    expect(formatDuration(90)).toBe('1h 30m');
    expect(formatDuration(120)).toBe('2h');
    expect(formatDuration(135)).toBe('2h 15m');
    expect(formatDuration(0)).toBe('0m');
  });

  it('says them in a guest\'s language, with its own units and joins', () => {
    expect(formatDuration(90, 'pt-BR')).toBe('1 h 30 min');
    expect(formatDuration(45, 'fr')).toMatch(/^45\s?min$/);
    expect(formatDuration(90, 'ar')).toBe('1 س و30 د');
    expect(formatDuration(120, 'ja')).toBe('2h');
  });
});

describe('slugify', () => {
  it('lowercases, drops other characters, turns spaces to hyphens and collapses them', () => {
    expect(slugify('My Great Team')).toBe('my-great-team');
    expect(slugify('Sales & Marketing!!')).toBe('sales-marketing');
    expect(slugify('a -- b   c')).toBe('a-b-c');
    expect(slugify('  Team 42  ')).toBe('team-42');
    expect(slugify('Café Zürich')).toBe('cafe-zurich');
    expect(slugify('-edge-')).toBe('edge');
    expect(slugify('!!!')).toBe('');
  });

  it('always yields a valid slug when anything is left', () => {
    for (const name of ['Ünïcödé Team', 'R&D (Europe)', 'x_y', '  --  a']) {
      const slug = slugify(name);
      expect(teamCreateSchema.safeParse({ name, slug }).success).toBe(true);
    }
  });
});

describe('sanitizeHandle', () => {
  it('lowercases and keeps only a-z, 0-9, _ and -', () => {
    expect(sanitizeHandle('Ada Lovelace')).toBe('adalovelace');
    expect(sanitizeHandle('ADA_L-1.@#')).toBe('ada_l-1');
    expect(sanitizeHandle('émile')).toBe('mile');
    expect(handleSchema.safeParse(sanitizeHandle('Grace Hopper!')).success).toBe(true);
  });
});
