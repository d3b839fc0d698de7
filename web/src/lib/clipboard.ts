// Copies text and says so in a toast, in the page's language.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { notify, notifyError } from './toaster.ts';

/** `(text, title, description?) => copied`: `title` and `description` say it was copied; a refusal says so, showing the text to copy by hand. */
export function useCopyText() {
  const intl = useIntl();
  return useCallback(
    async (text: string, title: string, description?: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
        notify(title, description);
        return true;
      } catch {
        notifyError(intl.formatMessage({ id: 'common.copyFailed' }), text);
        return false;
      }
    },
    [intl],
  );
}
