import type { ImgHTMLAttributes } from 'react';
import type { ImagePlaceName } from '../../lib/images/image-places';
import { imageSources } from '../../lib/images/image-reference';
import { site } from '../../site';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'>;

/**
 * One admin picture, offered in the widths its place needs and as AVIF/WebP where the browser takes them
 * (record 026): `srcset`/`sizes` from `place`, through the site's image endpoint. Width and height stay
 * set, so nothing shifts while it loads. A drawing (SVG) or a relative address is used as it is.
 */
export function AdminImage({
  src,
  place,
  alt,
  ...rest
}: ImgProps & { src: string; place: ImagePlaceName; alt: string }) {
  const sources = imageSources(src, place, site().images.signingKey);
  return <img {...rest} src={sources.src} srcSet={sources.srcSet} sizes={sources.sizes} alt={alt} />;
}
