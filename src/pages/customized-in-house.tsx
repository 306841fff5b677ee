import { CustomizedInHousePage } from '../components/content-page/customized-in-house';
import { Meta } from '../components/seo/meta';

export default async function CustomizedInHouse() {
  return (
    <>
      <Meta
        description="Training designed around your goals and delivered at your premises or online: onsite programmes and virtual learning for whole teams, on the dates that suit them."
        route="/customized-in-house"
        image="/images/in-house-training.svg"
      />
      <CustomizedInHousePage />
    </>
  );
}

// Static content, but the shared layout reads the admin's settings on every request.
export const getConfig = async () => ({ render: 'dynamic' }) as const;
