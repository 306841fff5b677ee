/**
 * Which kind of picture a browser gets, from its Accept header: 'avif', 'webp', or 'fallback' (JPEG, or PNG
 * for a source with transparency). `image/*` and `*\/*` alone do not count: every browser sends them, and
 * older ones cannot show AVIF or WebP. The one negotiation of both runtimes (the Node server's variants
 * receive it from src/request-chain/image-endpoint.ts).
 */
export type VariantKind = 'avif' | 'webp' | 'fallback';

export function variantKind(accept: string | null | undefined): VariantKind {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(type.trim());
  }
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return 'fallback';
}
