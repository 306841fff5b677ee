import type { ReactNode } from 'react';
import { ProviderStructuredData } from '../components/seo/provider-structured-data';
import { speculationRules } from '../lib/speculation-rules';

/**
 * The document: its language, icons and manifest, and the provider's structured data on every page. Waku adds
 * the charset and viewport metas; each page declares the rest of its head with `<Meta>`.
 */
export default async function RootElement({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta name="theme-color" content="#0b3b60" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
      </head>
      <body>
        {children}
        <ProviderStructuredData />
        {/* allowed by the page's nonce, or on a kept page by its hash (inline-scripts.ts) */}
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: speculationRules() }} />
      </body>
    </html>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
