import { useEffect } from 'react';
import { useLocation } from 'react-router';

// After each navigation: to the hash target when there is one, else to the top (SPEC §2.1).
export function ScrollManager() {
  const { pathname, hash, search } = useLocation();
  useEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash, search]);
  return null;
}
