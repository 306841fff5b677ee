import { Meta } from '../components/seo/meta';
import { PrivacyPolicy } from '../components/site-pages/privacy-policy';
import { siteName } from '../lib/site-identity';

export default async function PrivacyPolicyPage() {
  return (
    <>
      <Meta
        description={`What ${siteName()}'s enquiry forms collect, why, where it goes, how long it is kept, and your rights under Bahrain's Personal Data Protection Law.`}
        route="/privacy-policy"
      />
      <PrivacyPolicy />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
