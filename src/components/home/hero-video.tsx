'use client';

import { useRef, useState } from 'react';
import styles from './home-hero.module.css';

/**
 * The hero's background video with its pause/play button: moving content that starts on its own and lasts
 * more than five seconds must be pausable (WCAG 2.2.2). The poster (the banner) stands in while the video
 * loads and when it fails. The button shows only where the video plays (see HERO_VIDEO_MEDIA in the CSS).
 */
export function HeroVideo({ src, poster, media }: { src: string; poster: string; media: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(true);

  function toggle() {
    if (playing) video.current?.pause();
    else void video.current?.play().catch(() => undefined);
    setPlaying(!playing);
  }

  return (
    <>
      <div className={styles.videoLayer}>
        <video
          ref={video}
          className={styles.video}
          autoPlay
          muted
          loop
          playsInline
          preload="none"
          poster={poster || undefined}
          aria-hidden="true"
          tabIndex={-1}
        >
          <source src={src} media={media} />
        </video>
        <div className={styles.shade} />
      </div>
      <button type="button" className={styles.videoToggle} onClick={toggle} data-playing={playing || undefined}>
        {playing ? 'Pause background video' : 'Play background video'}
      </button>
    </>
  );
}
