// Placeholder until the layout work lands: the body of the 404 page, also used by pages for unknown ids.
export function NotFoundView({ what = 'page' }: { what?: string }) {
  return (
    <section>
      <h1>We could not find that {what}</h1>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </section>
  );
}
