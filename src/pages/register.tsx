import { RegistrationPage } from '../components/registration/registration-page';
import { Meta } from '../components/seo/meta';

/** A session's registration form; the session is named by `?session=<reference>` (decision record 028). */
export default async function Register({ query }: { query?: string }) {
  const reference = new URLSearchParams(query ?? '').get('session');
  return (
    <>
      <Meta
        title="Register for a course session"
        description="Book seats on a course session for your delegates."
        route="/register"
        noindex
      />
      <RegistrationPage reference={reference} />
    </>
  );
}

// dynamic: the session comes from the query string and the admin, and a no-JS form post must reach it
export const getConfig = async () => ({ render: 'dynamic' }) as const;
