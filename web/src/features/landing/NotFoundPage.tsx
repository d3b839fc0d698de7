// The 404 page.
import { NotFoundMessage } from '../../components/EmptyState.tsx';
import { LinkButton } from '../../components/LinkButton.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <NotFoundMessage
      title="404 Page Not Found"
      text="The page you're looking for doesn't exist."
      action={
        <LinkButton to="/" variant="outline">
          Back to home
        </LinkButton>
      }
    />
  );
}
