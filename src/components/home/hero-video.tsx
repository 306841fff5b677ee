'use client';

import { useEffect, useRef, useState } from 'react';
import type { ImageSources } from '../../lib/images/image-places';
import styles from './home-hero.module.css';

/** A 1×1 transparent GIF: what the poster's <picture> shows where the video is not played (no request). */
const NOTHING = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * The hero's background video with its pause/play button: moving content that starts on its own and lasts
 * more than five seconds must be pausable (WCAG 2.2.2).
 *
 * The video is chosen only in the browser, once the page runs, and only where it plays (`media`: wide
 * screens without reduced motion) for a visitor who has not asked to save data: the server's HTML names no
 * video at all, so a phone, a reduced-motion or a Save-Data visitor never downloads it, and it never competes
 * with the first screen (the scripts start after it is painted, record 023). The poster (the banner, resized
 * for a wide screen, record 026) is a <picture> behind the video whose one source matches only where the
 * video plays: elsewhere it is a 1×1 transparent image and costs nothing.
 */
export function HeroVideo({ src, poster, media }: { src: string; poster: ImageSources; media: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(true);
  const [chosen, setChosen] = useState(false);

  useEffect(() => {
    const query = window.matchMedia(media);
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    const decide = () => {
      const plays = query.matches && connection?.saveData !== true;
      setChosen(plays);
      if (!plays) video.current?.pause();
    };
    decide();
    query.addEventListener('change', decide);
    return () => query.removeEventListener('change', decide);
  }, [media]);

  function toggle() {
    if (playing) video.current?.pause();
    else void video.current?.play().catch(() => undefined);
    setPlaying(!playing);
  }

  return (
    <>
      <div className={styles.videoLayer}>
        {poster.src ? (
          <picture>
            {/* `sizes` only with width variants: a picture without them (an SVG banner) has none to choose from */}
            <source media={media} srcSet={poster.srcSet ?? poster.src} sizes={poster.sizes} />
            <img className={styles.poster} src={NOTHING} alt="" width={1920} height={1080} fetchPriority="high" />
          </picture>
        ) : null}
        <video
          ref={video}
          className={styles.video}
          src={chosen ? src : undefined}
          autoPlay
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
        />
        <div className={styles.shade} />
      </div>
      <button type="button" className={styles.videoToggle} onClick={toggle} data-playing={playing || undefined}>
        {playing ? 'Pause background video' : 'Play background video'}
      </button>
    </>
  );
}
