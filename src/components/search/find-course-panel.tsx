// Placeholder until the course-search work lands: the sidebar's 'Find a Course' panel (a GET form to /search).
export async function FindCoursePanel() {
  return <div data-find-course="" />;
}
