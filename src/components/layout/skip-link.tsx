'use client';
/**
 * The skip link to the main content. Without JavaScript it is a plain `#main` link. Once hydrated it moves
 * the focus itself: Waku 0.27's router treats every same-page fragment change as a navigation (popstate →
 * refetch of the route), which re-renders the page and, on the 404 page, drops the focus on <body>.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        const main = document.getElementById('main');
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
    >
      Skip to main content
    </a>
  );
}
