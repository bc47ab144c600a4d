import { useEffect, useState } from 'react';
import { getPublicConfig } from './publicConfig';

const FALLBACK_NAME = 'Affiliate Academy';

/** The site name of Admin > Settings > General (what the learner site shows too). */
export function useSiteName(): string {
  const [name, setName] = useState(FALLBACK_NAME);
  useEffect(() => {
    let alive = true;
    getPublicConfig()
      .then((config) => alive && config.siteName && setName(config.siteName))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return name;
}
