// Time zones' cities in each language, from CLDR (the Unicode data Intl itself is built on, which
// exposes zone names but not their cities): `virtual:zone-cities/<locale>` is a map of the picker's
// zones to their city as that language writes it (Berlin → ベルリン), holding only the cities whose
// name differs from the zone's own, so each locale's chunk stays a few KB.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { TIME_ZONE_GROUPS } from '../supabase/functions/_shared/rules/timezones.ts';

const PREFIX = 'virtual:zone-cities/';
const RESOLVED = '\0zone-cities:';

/** CLDR's folder for each of the app's locales (its `pt` is Brazil's Portuguese). */
const CLDR_LOCALE: Record<string, string> = { en: 'en', es: 'es', fr: 'fr', de: 'de', 'pt-BR': 'pt', ja: 'ja', ar: 'ar' };

type ZoneTree = { exemplarCity?: string; [part: string]: ZoneTree | string | undefined };

/** CLDR keys zones by their older canonical ids (Asia/Calcutta), as ICU does; Intl names that id for a newer one. */
function cldrIds(zone: string): string[] {
  let canonical = zone;
  try {
    canonical = new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    // Unknown to this Node: only its own name is tried.
  }
  return [...new Set([zone, canonical, zone.replace(/^America\/Argentina\//, 'America/')])];
}

function cityIn(tree: ZoneTree, id: string): string | undefined {
  let node: ZoneTree | string | undefined = tree;
  for (const part of id.split('/')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'object' ? node.exemplarCity : undefined;
}

export async function zoneCities(locale: string): Promise<Record<string, string>> {
  const cldr = CLDR_LOCALE[locale];
  if (!cldr) throw new Error(`No CLDR data named for ${locale}`);
  const file = createRequire(import.meta.url).resolve(`cldr-dates-modern/main/${cldr}/timeZoneNames.json`);
  const tree = JSON.parse(await readFile(file, 'utf8')).main[cldr].dates.timeZoneNames.zone as ZoneTree;
  const cities: Record<string, string> = {};
  for (const zone of TIME_ZONE_GROUPS.flatMap((group) => group.zones)) {
    const city = cldrIds(zone)
      .map((id) => cityIn(tree, id))
      .find(Boolean);
    const own = (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
    if (city && city !== own) cities[zone] = city;
  }
  return cities;
}

export function zoneCitiesPlugin(): Plugin {
  return {
    name: 'kairos-zone-cities',
    resolveId: (source) => (source.startsWith(PREFIX) ? `${RESOLVED}${source.slice(PREFIX.length)}` : null),
    async load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      return `export default ${JSON.stringify(await zoneCities(id.slice(RESOLVED.length)))};`;
    },
  };
}
