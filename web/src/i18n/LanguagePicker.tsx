// The open pages' language picker: every language named in itself, so a visitor finds theirs without
// reading the page's current one.
import { useIntl } from 'react-intl';
import { ChoiceSelect } from '../components/ChoiceSelect.tsx';
import { isLocale, languageChoices } from './locales.ts';
import { useLocale } from './I18nProvider.tsx';

export function LanguagePicker() {
  const { locale, setLocale } = useLocale();
  const intl = useIntl();
  return (
    <ChoiceSelect
      root={{ size: 'sm', width: 'auto' }}
      aria-label={intl.formatMessage({ id: 'layout.language' })}
      value={locale}
      onChange={(event) => {
        if (isLocale(event.target.value)) setLocale(event.target.value);
      }}
      choices={languageChoices()}
    />
  );
}
