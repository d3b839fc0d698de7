// The page's language: react-intl formats every message in it, the document says it (`lang`, `dir`: a
// screen reader's voice, right-to-left layout), and a visitor who picks another is remembered.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, type IntlConfig } from 'react-intl';
import { loadMessages, loadedMessages, type Messages } from './catalogue.ts';
import { direction, initialLocale, rememberLocale, type Locale } from './locales.ts';

interface LocaleChoice {
  locale: Locale;
  /** Switches the page's language once its catalogue is loaded, and remembers it on this device. */
  setLocale: (locale: Locale) => Promise<void>;
}

const LocaleContext = createContext<LocaleChoice | null>(null);

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
  const [current, setCurrent] = useState<{
    locale: Locale;
    messages?: Messages;
  }>(() => {
    const locale = initialLocale();
    return { locale, messages: loadedMessages(locale) };
  });

  // The app's entry loads the first catalogue before it renders (main.tsx); a test or a stored choice
  // the entry did not know may arrive here without one.
  useEffect(() => {
    if (current.messages) return;
    let live = true;
    void loadMessages(current.locale).then((messages) => live && setCurrent((was) => ({ ...was, messages })));
    return () => {
      live = false;
    };
  }, [current]);

  useEffect(() => {
    document.documentElement.lang = current.locale;
    document.documentElement.dir = direction(current.locale);
  }, [current.locale]);

  const setLocale = useCallback(async (locale: Locale) => {
    const messages = await loadMessages(locale);
    rememberLocale(locale);
    setCurrent({ locale, messages });
  }, []);
  const choice = useMemo(() => ({ locale: current.locale, setLocale }), [current.locale, setLocale]);

  if (!current.messages) return null;
  return (
    <LocaleContext.Provider value={choice}>
      <IntlProvider locale={current.locale} messages={current.messages} onError={reportError}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
