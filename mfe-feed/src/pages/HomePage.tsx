import { MESSAGES } from 'shared-firebase';
import { EmptyState } from 'shared-ui';

export function HomePage() {
  return (
    <section className="ui-page">
      <h1 className="ui-visually-hidden">Home feed</h1>
      <EmptyState>{MESSAGES.noPosts}</EmptyState>
    </section>
  );
}
