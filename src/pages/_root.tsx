import type { ReactNode } from 'react';

/** The document. Waku adds the charset and viewport metas; each page renders its own <title>. */
export default async function RootElement({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta name="theme-color" content="#0b3b60" />
      </head>
      <body>{children}</body>
    </html>
  );
}

export const getConfig = async () => {
  return { render: 'dynamic' } as const;
};
