// The frame of every embed page: no app chrome, the theme and prefill from the address, its height told to the host page.
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Box, HStack, Link, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { LanguagePicker } from '../../i18n/LanguagePicker.tsx';
import { useLocale } from '../../i18n/I18nProvider.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { embedParams, postToHost, themeVariables, type EmbedParams } from './protocol.ts';

export function useEmbedParams(): EmbedParams {
  const { search } = useLocation();
  return useMemo(() => embedParams(search), [search]);
}

/**
 * An embedded page's frame: none of the app's chrome, the host's theme colour on the accent, and
 * the page's height told to the host whenever it changes, so the host's frame fits its content.
 */
export function EmbedFrame({ children }: { children: ReactNode }) {
  const { theme, hostOrigin, locale } = useEmbedParams();
  const { setLocale } = useLocale();
  const { data: user, isPending: userPending } = useCurrentUser();
  const ref = useRef<HTMLDivElement>(null);

  // The site's language for its guests (data-kairos-locale); the picker below still switches it. A
  // signed-in person (a host trying their widget) keeps their profile's: a site must not change it.
  const guest = !userPending && !user;
  useEffect(() => {
    if (locale && guest) setLocale(locale);
  }, [locale, guest, setLocale]);

  useEffect(() => {
    if (!theme) return;
    // On <html>, so portals (toasts, menus) take the colour too.
    const style = document.documentElement.style;
    const vars = Object.entries(themeVariables(theme));
    for (const [name, value] of vars) style.setProperty(name, value);
    return () => vars.forEach(([name]) => style.removeProperty(name));
  }, [theme]);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let last = 0;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      postToHost({ kairos: 1, type: 'resize', height }, hostOrigin);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hostOrigin]);

  return (
    <Box ref={ref} as="main" p={{ base: '3', md: '5' }} bg="bg">
      {children}
      <HStack mt="4" justify="center" gap="3" wrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage
            id="embed.poweredBy"
            values={{
              brand: (
                <Link href={window.location.origin} target="_blank" rel="noopener">
                  Kairos
                </Link>
              ),
            }}
          />
        </Text>
        <LanguagePicker />
      </HStack>
    </Box>
  );
}
