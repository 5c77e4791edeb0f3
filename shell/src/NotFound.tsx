import { MESSAGES } from 'shared-firebase/session';

export function NotFound() {
  return (
    <section className="ui-page">
      <h1>{MESSAGES.pageNotFound}</h1>
    </section>
  );
}
