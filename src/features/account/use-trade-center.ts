/**
 * The Trade Center's calm start (spec 9): its spinner shows for about TRADE_CENTER_SPINNER_MS while the
 * guard checks the session, then the market appears. The tab the player is on.
 */
import { useEffect, useState } from 'react';
import { useRequiredSession } from '@/features/auth/use-required-session';
import { TRADE_CENTER_SPINNER_MS } from './account';

export type TradeTab = 'market' | 'portfolio';

export function useTradeCenter(): { ready: boolean; tab: TradeTab; setTab: (tab: TradeTab) => void } {
  const session = useRequiredSession();
  const [warmedUp, setWarmedUp] = useState(false);
  const [tab, setTab] = useState<TradeTab>('market');

  useEffect(() => {
    const timer = window.setTimeout(() => setWarmedUp(true), TRADE_CENTER_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return { ready: Boolean(session) && warmedUp, tab, setTab };
}
