// The toaster and the toasts it renders, in the product's two looks. Loaded with the first toast
// (lib/toaster.ts): a guest on a booking page rarely sees one.
import { createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../i18n/catalogue.ts';

/**
 * On a phone a toast shows at the top: dialogs there are sheets at the bottom (AppDialog), their
 * buttons at the bottom edge, and a sheet leaves the top of the screen free. Chosen when the toaster
 * loads (with the first toast), as a store has one placement.
 */
const PHONE = '(width < 48rem)'; // Chakra's md breakpoint, where AppDialog stops being a sheet
const placement = window.matchMedia(PHONE).matches ? 'top' : 'bottom-end';

// docs/product/constants.md: one toast at a time, 5 s by default.
export const toaster = createToaster({ placement, max: 1, duration: 5000, pauseOnPageIdle: true });

/** The logged-out notice's title and words (lib/toaster.ts), said when shown. */
export const LOGGED_OUT: readonly [MessageId, MessageId] = ['toast.loggedOutTitle', 'toast.loggedOut'];

/** Default look for successes, destructive (red) look for errors: docs/product/constants.md. */
export function AppToaster() {
  const intl = useIntl();
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={intl.formatMessage({ id: 'toast.region' })}>
        {(toast) => {
          const said = toast.meta?.said as typeof LOGGED_OUT | undefined;
          const title = said ? intl.formatMessage({ id: said[0] }) : toast.title;
          const description = said ? intl.formatMessage({ id: said[1] }) : toast.description;
          return (
            <Toast.Root width={{ md: 'sm' }}>
              <Toast.Indicator />
              <Stack gap="1" flex="1" maxWidth="100%">
                {title ? <Toast.Title>{title}</Toast.Title> : null}
                {/* Full opacity: Chakra's 0.8 takes the text under 4.5:1 on the green and red toasts (WCAG 2.1 AA). */}
                {description ? <Toast.Description opacity="1">{description}</Toast.Description> : null}
              </Stack>
              {toast.closable ? <Toast.CloseTrigger aria-label={intl.formatMessage({ id: 'toast.dismiss' })} /> : null}
            </Toast.Root>
          );
        }}
      </Toaster>
    </Portal>
  );
}
