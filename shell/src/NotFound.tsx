import { MESSAGES } from 'shared-firebase';

export function NotFound() {
  return (
    <section className="ui-page">
      <h1>{MESSAGES.pageNotFound}</h1>
    </section>
  );
}
