// The open pages' language picker: every language named in itself, so a visitor finds theirs without
// reading the page's current one.
import { NativeSelect } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { isLocale, LOCALES, nativeName } from './locales.ts';
import { useLocale } from './I18nProvider.tsx';

export function LanguagePicker() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={intl.formatMessage({ id: 'layout.language' })}
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void setLocale(event.target.value);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {nativeName(code)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
