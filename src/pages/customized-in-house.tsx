import { CustomizedInHousePage } from '../components/content-page/customized-in-house';
import { siteName } from '../lib/site-identity';

export default async function CustomizedInHouse() {
  return (
    <>
      <title>{`Customized In-House Training | ${siteName()}`}</title>
      <CustomizedInHousePage />
    </>
  );
}

// Static content, but the shared layout reads the admin's settings on every request.
export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
