import { Link } from 'react-router-dom';

export function SignUpPage() {
  return (
    <section className="ui-page">
      <h1>Sign up</h1>
      <Link to="/login">Login with existing account</Link>
    </section>
  );
}
