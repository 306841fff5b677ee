// deno-fmt-ignore-file
// biome-ignore format: generated types do not need formatting
// prettier-ignore
import type { PathsForPages, GetConfigResponse } from 'waku/router';

// prettier-ignore
import type { getConfig as File_404_getConfig } from './pages/404';
// prettier-ignore
import type { getConfig as File_Root_getConfig } from './pages/_root';
// prettier-ignore
import type { getConfig as File_About_getConfig } from './pages/about';
// prettier-ignore
import type { getConfig as File_Conferences_getConfig } from './pages/conferences';
// prettier-ignore
import type { getConfig as File_Consultations_getConfig } from './pages/consultations';
// prettier-ignore
import type { getConfig as File_ContactUs_getConfig } from './pages/contact-us';
// prettier-ignore
import type { getConfig as File_CustomizedInHouse_getConfig } from './pages/customized-in-house';
// prettier-ignore
import type { getConfig as File_DestinationTraining_getConfig } from './pages/destination-training';
// prettier-ignore
import type { getConfig as File_Gallery_getConfig } from './pages/gallery';
// prettier-ignore
import type { getConfig as File_Index_getConfig } from './pages/index';
// prettier-ignore
import type { getConfig as File_LearningSolutionsCourseDetailsId_getConfig } from './pages/learning-solutions-course-details/[id]';
// prettier-ignore
import type { getConfig as File_LearningSolutions_getConfig } from './pages/learning-solutions';
// prettier-ignore
import type { getConfig as File_PrivacyPolicy_getConfig } from './pages/privacy-policy';
// prettier-ignore
import type { getConfig as File_Register_getConfig } from './pages/register';
// prettier-ignore
import type { getConfig as File_Search_getConfig } from './pages/search';
// prettier-ignore
import type { getConfig as File_Sitemap_getConfig } from './pages/sitemap';
// prettier-ignore
import type { getConfig as File_SubCourseDetailsSlug_getConfig } from './pages/subCourse-details/[slug]';
// prettier-ignore
import type { getConfig as File_UpcomingTrainingCourseDetailsId_getConfig } from './pages/upcoming-training-course-details/[id]';

// prettier-ignore
type Page =
| ({ path: '/404' } & GetConfigResponse<typeof File_404_getConfig>)
| ({ path: '/_root' } & GetConfigResponse<typeof File_Root_getConfig>)
| ({ path: '/about' } & GetConfigResponse<typeof File_About_getConfig>)
| ({ path: '/conferences' } & GetConfigResponse<typeof File_Conferences_getConfig>)
| ({ path: '/consultations' } & GetConfigResponse<typeof File_Consultations_getConfig>)
| ({ path: '/contact-us' } & GetConfigResponse<typeof File_ContactUs_getConfig>)
| ({ path: '/customized-in-house' } & GetConfigResponse<typeof File_CustomizedInHouse_getConfig>)
| ({ path: '/destination-training' } & GetConfigResponse<typeof File_DestinationTraining_getConfig>)
| ({ path: '/gallery' } & GetConfigResponse<typeof File_Gallery_getConfig>)
| ({ path: '/' } & GetConfigResponse<typeof File_Index_getConfig>)
| ({ path: '/learning-solutions-course-details/[id]' } & GetConfigResponse<typeof File_LearningSolutionsCourseDetailsId_getConfig>)
| ({ path: '/learning-solutions' } & GetConfigResponse<typeof File_LearningSolutions_getConfig>)
| ({ path: '/privacy-policy' } & GetConfigResponse<typeof File_PrivacyPolicy_getConfig>)
| ({ path: '/register' } & GetConfigResponse<typeof File_Register_getConfig>)
| ({ path: '/search' } & GetConfigResponse<typeof File_Search_getConfig>)
| ({ path: '/sitemap' } & GetConfigResponse<typeof File_Sitemap_getConfig>)
| ({ path: '/subCourse-details/[slug]' } & GetConfigResponse<typeof File_SubCourseDetailsSlug_getConfig>)
| ({ path: '/upcoming-training-course-details/[id]' } & GetConfigResponse<typeof File_UpcomingTrainingCourseDetailsId_getConfig>);

// prettier-ignore
declare module 'waku/router' {
  interface RouteConfig {
    paths: PathsForPages<Page>;
  }
  interface CreatePagesConfig {
    pages: Page;
  }
}
