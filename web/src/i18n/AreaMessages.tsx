// A page whose words live in another catalogue area than the open pages' (catalogue.ts): it asks for
// that area and shows `fallback` until the area is loaded in the page's language.
import { useEffect, type ReactNode } from 'react';
import type { Area } from './catalogue.ts';
import { useLocale } from './I18nProvider.tsx';

export function AreaMessages({ area, fallback, children }: { area: Area; fallback: ReactNode; children: ReactNode }) {
  const { areas, needArea } = useLocale();
  useEffect(() => needArea(area), [needArea, area]);
  return areas.includes(area) ? children : fallback;
}
