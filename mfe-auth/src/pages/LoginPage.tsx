import { Link } from 'react-router-dom';

export function LoginPage() {
  return (
    <section className="ui-page">
      <h1>Sign in</h1>
      <Link to="/signUp">Create a new account</Link>
    </section>
  );
}
