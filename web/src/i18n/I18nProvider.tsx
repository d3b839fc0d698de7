// The page's language: react-intl formats every message in it, the document says it (`lang`, `dir`: a
// screen reader's voice, right-to-left layout), and a visitor who picks another is remembered. A
// signed-in person's language is their profile's: the app follows it, and a pick is saved there.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { currentUserKey, useCurrentUser } from '../lib/session.ts';
import type { Profile } from '../lib/types.ts';
import { loadMessages, loadedMessages, type Area, type Messages } from './catalogue.ts';
import { direction, initialLocale, isLocale, rememberLocale, type Locale } from './locales.ts';

interface LocaleChoice {
  locale: Locale;
  /** Switches the page's language once its catalogue is loaded; remembers it on this device and, for a signed-in person, in their profile. */
  setLocale: (locale: Locale) => void;
  /** The catalogue areas on screen, and how a page asks for one (AreaMessages). */
  areas: readonly Area[];
  needArea: (area: Area) => void;
}

const LocaleContext = createContext<LocaleChoice | null>(null);
const NO_AREAS: readonly Area[] = [];

export function useLocale(): LocaleChoice {
  const choice = useContext(LocaleContext);
  if (!choice) throw new Error('useLocale outside I18nProvider');
  return choice;
}

/** A message missing from a catalogue is a bug: in tests it fails the test, in a browser it is logged. */
const reportError: IntlConfig['onError'] = (error) => {
  if (import.meta.env.MODE === 'test') throw error;
  console.error(error);
};

export function I18nProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const [chosen, setChosen] = useState<Locale>(initialLocale);
  const wanted = isLocale(user?.locale) ? user.locale : chosen;
  // The areas the pages shown so far asked for: a switch of language loads each of them in the new one.
  const [areas, setAreas] = useState<readonly Area[]>(['public']);
  // The language on screen: the one wanted once its catalogues are loaded (the app's entry loads the
  // public one before it renders, main.tsx), until then the one before, so a switch never blanks the page.
  const [shown, setShown] = useState<{ locale: Locale; areas: readonly Area[]; messages: Messages } | null>(() => {
    const messages = loadedMessages(wanted);
    return messages ? { locale: wanted, areas: ['public'], messages } : null;
  });
  useEffect(() => {
    if (shown?.locale === wanted && areas.every((area) => shown.areas.includes(area))) return;
    const show = (catalogues: Messages[]) => {
      rememberLocale(wanted);
      setShown({ locale: wanted, areas, messages: Object.assign({}, ...catalogues) as Messages });
    };
    // Loaded before: shown in this commit, not a render later.
    const cached = areas.map((area) => loadedMessages(wanted, area));
    if (cached.every((messages) => messages !== undefined)) return show(cached);
    let live = true;
    void Promise.all(areas.map((area) => loadMessages(wanted, area))).then((catalogues) => {
      if (live) show(catalogues);
    });
    return () => {
      live = false;
    };
  }, [wanted, areas, shown]);
  const needArea = useCallback((area: Area) => setAreas((was) => (was.includes(area) ? was : [...was, area])), []);

  useEffect(() => {
    if (!shown) return;
    document.documentElement.lang = shown.locale;
    document.documentElement.dir = direction(shown.locale);
  }, [shown]);

  const setLocale = useCallback(
    (locale: Locale) => {
      setChosen(locale);
      if (!user) return;
      queryClient.setQueryData<Profile | null>(currentUserKey, (was) => was && { ...was, locale });
      void (async () => {
        const { supabase } = await import('../lib/supabase.ts');
        // RLS decides; a refused save puts the profile's own language back.
        const { error } = await supabase.from('profiles').update({ locale }).eq('id', user.id);
        if (error) void queryClient.invalidateQueries({ queryKey: currentUserKey });
      })();
    },
    [user, queryClient],
  );
  const locale = shown?.locale ?? wanted;
  const shownAreas = shown?.areas ?? NO_AREAS;
  const choice = useMemo(() => ({ locale, setLocale, areas: shownAreas, needArea }), [locale, setLocale, shownAreas, needArea]);

  if (!shown) return null;
  return (
    <LocaleContext.Provider value={choice}>
      <IntlProvider locale={shown.locale} messages={shown.messages} onError={reportError}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
