'use client';

import { useEffect, useState } from 'react';
import { COUNTDOWN_INTERVAL_MS, countdownText } from '../../lib/format';

/**
 * Time left until a course starts, refreshed every minute.
 *
 * The first render uses the server's clock (`serverNow`) so the hydrated text matches the HTML exactly; the
 * visitor's clock takes over in the effect. Deliberately not a live region: a screen reader would otherwise
 * announce every card every minute.
 */
export function CourseCountdown({ startsAt, serverNow }: { startsAt: string; serverNow: number }) {
  const [now, setNow] = useState(serverNow);

  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, COUNTDOWN_INTERVAL_MS);
    // Background tabs throttle timers: catch up as soon as the card is visible again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  return <span data-countdown="">{countdownText(startsAt, now)}</span>;
}
