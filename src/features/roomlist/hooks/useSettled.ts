// A typed text once typing has settled (the seed's search cancel delay), so a search asks the server once.
import { useEffect, useState } from 'react';
import { constants } from '@variant/constants';

export function useSettled(text: string): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), constants.timings.searchCancelDelayMs);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}
