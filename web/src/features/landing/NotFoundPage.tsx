// The 404 page.
import { FormattedMessage, useIntl } from 'react-intl';
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function NotFoundPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'notFound.pageTitle' }));
  return (
    <NotFoundMessage
      title={intl.formatMessage({ id: 'notFound.title' })}
      text={intl.formatMessage({ id: 'notFound.text' })}
      action={
        <LinkButton to="/" variant="outline">
          <FormattedMessage id="notFound.home" />
        </LinkButton>
      }
    />
  );
}
