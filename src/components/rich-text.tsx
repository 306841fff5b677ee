import { renderRichText } from '../lib/rich-text/render-rich-text';
import { site } from '../site';

/**
 * Server component for every rich-text field (site spec §1). `underHeading` is the level of the heading the
 * text sits under (1 on a page under its h1, 2 in a home section): the admin's headings are nested below it.
 */
export function RichText({
  source,
  className,
  underHeading = 1,
}: {
  source: string;
  className?: string;
  underHeading?: number;
}) {
  return (
    <div className={className ? `rich-text ${className}` : 'rich-text'}>
      {renderRichText(source, { underHeading, imageKey: site().images.signingKey })}
    </div>
  );
}
