// A message without values in the page's language, by id: for hooks whose toasts are said later.
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from './catalogue.ts';

export function useSay(): (id: MessageId) => string {
  const intl = useIntl();
  return useCallback((id: MessageId) => intl.formatMessage({ id }), [intl]);
}
