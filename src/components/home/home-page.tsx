import { Suspense } from 'react';
import { HomeHero, HomeHeroSkeleton } from './home-hero';

export function HomePage() {
  return (
    <>
      <title>Corporate training in Bahrain and beyond</title>
      <Suspense fallback={<HomeHeroSkeleton />}>
        <HomeHero />
      </Suspense>
    </>
  );
}
