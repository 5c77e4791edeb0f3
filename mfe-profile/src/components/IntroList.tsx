import type { UserInfo } from 'shared-firebase';

const NOT_GIVEN = 'Not given';

/** From, Lives in (the same value as From, docs/PRODUCT.md "Screens") and Date of birth. */
export function IntroList({ info }: { info: Partial<UserInfo> | undefined }) {
  const from = info?.From || NOT_GIVEN;
  return (
    <section className="ui-card" aria-labelledby="profile-intro-heading">
      <h2 id="profile-intro-heading" className="profile-section-title">
        Intro
      </h2>
      <dl className="profile-intro__list">
        <dt>From</dt>
        <dd>{from}</dd>
        <dt>Lives in</dt>
        <dd>{from}</dd>
        <dt>Date of birth</dt>
        <dd>{info?.dob || NOT_GIVEN}</dd>
      </dl>
    </section>
  );
}
