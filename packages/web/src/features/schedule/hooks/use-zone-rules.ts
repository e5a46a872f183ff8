import { useEffect, useState } from 'react';

/** The zone rules module (utils/zone-rules.ts), loaded once for the page's life. */
export type ZoneRules = typeof import('../utils/zone-rules');

let loaded: ZoneRules | null = null;
let loading: Promise<ZoneRules> | null = null;

function loadZoneRules(): Promise<ZoneRules> {
  loading ??= import('../utils/zone-rules').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/**
 * The zone rules once `wanted` (the editor is open): null until they arrive, a few milliseconds after
 * the first opening, and at once after that. Until then the editor shows no length and leaves a skipped
 * time to the server's 400, which it shows as it shows any refusal.
 */
export function useZoneRules(wanted: boolean): ZoneRules | null {
  const [rules, setRules] = useState<ZoneRules | null>(loaded);
  useEffect(() => {
    if (!wanted || rules) return;
    let current = true;
    loadZoneRules().then(
      (module) => current && setRules(module),
      // A chunk that failed to load (offline, a new deploy): the server still checks every save.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, rules]);
  return rules;
}
