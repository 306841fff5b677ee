import { renderRichText } from '../lib/rich-text/render-rich-text.server';

/** Server component for every rich-text field (site spec §1). */
export function RichText({ source, className }: { source: string; className?: string }) {
  return <div className={className ? `rich-text ${className}` : 'rich-text'}>{renderRichText(source)}</div>;
}
