/** An attribute value as React escapes it in HTML, read back as the text it stands for. */
export const decodeHtmlAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first registration link of a course page's HTML (a session's `/register?session=…` address). */
export const firstRegistrationAddress = (coursePage: string) =>
  decodeHtmlAttribute(/href="(\/register\?session=[^"]+)"/.exec(coursePage)![1]!);
