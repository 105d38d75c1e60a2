// The site's default appearance (the default_appearance setting) for a browser that has not
// chosen one: applied when nothing is stored, and again (the setting may have changed) when the
// stored value was only the default. A user's own choice (the account's appearance) replaces it.
import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { usePublicSettings } from '../api/account.ts';

const STORED = 'tarmac.appearance';
const BY_DEFAULT = 'tarmac.appearance.by-default';

export function VisitorDefaults() {
  const appearance = usePublicSettings().data?.default_appearance;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (!appearance) return;
    const stored = localStorage.getItem(STORED);
    if (stored !== null && localStorage.getItem(BY_DEFAULT) !== stored) return;
    setColorScheme(appearance);
    localStorage.setItem(BY_DEFAULT, appearance);
  }, [appearance, setColorScheme]);
  return null;
}
