import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element behind the returned ref has come within `margin` of the viewport; it stays
 * true once it has. For content below the fold whose code or drawing is costly (a chart): a phone
 * opening the page does not pay for it while the first screen is being drawn. Where there is no
 * IntersectionObserver (jsdom), true at once.
 */
export function useNearViewport<T extends Element>(margin = '300px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = ref.current;
    if (near || !target) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near };
}
