// Every locale has every message, and each one formats with the same arguments as English: checked by
// FormatJS's own verifier on the real catalogues, and seen failing on broken copies of them.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../web/icu-catalogues.ts';
import { LOCALES, RULE_PREFIX } from '../../web/src/i18n/locales.ts';
import { RULE_IDS } from '../../supabase/functions/_shared/rules/messages.ts';

const run = promisify(execFile);
const catalogues = path.resolve(import.meta.dirname, '../../web/src/i18n/catalogues');
const folder = path.join(catalogues, 'public');
// Each area is its own set of catalogues (web/src/i18n/catalogue.ts), merged on screen.
const AREAS = ['public', 'app'];
// The shared rules' messages, keyed by rule id: read by the functions (their errors) and merged into the web's public area.
const rules = path.resolve(import.meta.dirname, '../../supabase/functions/_shared/i18n/rules');
const formatjs = path.resolve(import.meta.dirname, '../../node_modules/.bin/formatjs');

async function verify(dir: string): Promise<{ ok: boolean; output: string }> {
  const files = (await readdir(dir)).map((file) => path.join(dir, file));
  try {
    const { stdout, stderr } = await run(formatjs, [
      'verify',
      '--source-locale',
      'en',
      '--missing-keys',
      '--extra-keys',
      '--structural-equality',
      ...files,
    ]);
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    return { ok: false, output: failed.stdout + failed.stderr };
  }
}

const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((dir) => rm(dir, { recursive: true }))));

/** A copy of the catalogues with one locale's messages changed. */
async function brokenCopy(locale: string, change: (messages: Record<string, string>) => void): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kairos-catalogues-'));
  scratch.push(dir);
  for (const code of LOCALES) {
    const messages = JSON.parse(await readFile(path.join(folder, `${code}.json`), 'utf8')) as Record<string, string>;
    if (code === locale) change(messages);
    await writeFile(path.join(dir, `${code}.json`), JSON.stringify(messages));
  }
  return dir;
}

describe('message catalogues', () => {
  it('has one catalogue per locale Kairos offers in each area, and nothing else', async () => {
    expect((await readdir(catalogues)).sort()).toEqual([...AREAS].sort());
    for (const area of AREAS) expect((await readdir(path.join(catalogues, area))).sort()).toEqual(LOCALES.map((code) => `${code}.json`).sort());
  });

  it.each(AREAS)('gives every locale every English message of the %s area, with the same arguments', async (area) => {
    const { ok, output } = await verify(path.join(catalogues, area));
    expect(output).toBe('');
    expect(ok).toBe(true);
  });

  it('has one rules catalogue per locale, beside the English words the rules say without a parser', async () => {
    expect((await readdir(rules)).filter((file) => file.endsWith('.json')).sort()).toEqual(LOCALES.map((code) => `${code}.json`).sort());
    expect(Object.keys(JSON.parse(await readFile(path.join(rules, 'en.json'), 'utf8')) as object).sort()).toEqual([...RULE_IDS].sort());
  });

  it('gives every locale every English rule message, with the same arguments', async () => {
    const files = (await readdir(rules)).filter((file) => file.endsWith('.json'));
    const dir = await mkdtemp(path.join(tmpdir(), 'kairos-rules-'));
    scratch.push(dir);
    for (const file of files) await writeFile(path.join(dir, file), await readFile(path.join(rules, file)));
    const { ok, output } = await verify(dir);
    expect(output).toBe('');
    expect(ok).toBe(true);
  });

  it('names each message in one area only: merged on screen, a second one would hide the first', async () => {
    const ruleIds = Object.keys(JSON.parse(await readFile(path.join(rules, 'en.json'), 'utf8')) as object).map((id) => `${RULE_PREFIX}${id}`);
    const ids = [
      ...(await Promise.all(
        AREAS.map(async (area) => Object.keys(JSON.parse(await readFile(path.join(catalogues, area, 'en.json'), 'utf8')) as object)),
      )),
      ruleIds,
    ];
    const [first, ...others] = ids;
    expect(first.filter((id) => others.some((area) => area.includes(id)))).toEqual([]);
  });

  it('refuses a locale missing a message, or with one English lacks', async () => {
    const missing = await brokenCopy('ja', (messages) => delete messages['landing.hero.title']);
    expect(await verify(missing)).toMatchObject({ ok: false, output: expect.stringContaining('landing.hero.title') });
    const extra = await brokenCopy('fr', (messages) => (messages['landing.unknown'] = 'Inconnu'));
    expect(await verify(extra)).toMatchObject({ ok: false, output: expect.stringContaining('landing.unknown') });
  });

  it('refuses a translation whose arguments differ from English', async () => {
    const dir = await brokenCopy('de', (messages) => (messages['layout.signIn'] = 'Anmelden als {name}'));
    expect(await verify(dir)).toMatchObject({ ok: false, output: expect.stringContaining('layout.signIn') });
  });

  it('parses every message when the app is built, and names one that is not ICU', async () => {
    for (const code of LOCALES) {
      const file = path.join(folder, `${code}.json`);
      expect(Object.keys(compileCatalogue(await readFile(file, 'utf8'), file))).toContain('landing.hero.title');
      const app = path.join(catalogues, 'app', `${code}.json`);
      expect(Object.keys(compileCatalogue(await readFile(app, 'utf8'), app))).toContain('auth.login.heading');
      const rule = path.join(rules, `${code}.json`);
      expect(Object.keys(compileCatalogue(await readFile(rule, 'utf8'), rule))).toContain('slotTaken');
    }
    expect(() => compileCatalogue(JSON.stringify({ 'layout.signIn': 'Sign {in' }), 'es.json')).toThrow(
      /es\.json: message "layout\.signIn" is not valid ICU/,
    );
  });
});
