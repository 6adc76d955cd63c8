/**
 * Trade Center: a preview of the player-card market that is not open yet. Guarded; shows a
 * short spinner first (spec 9: about 500 ms) so the switch from the guard check is calm. The market
 * is laid out (invisible) under the spinner from the first paint, so nothing below moves when it
 * appears.
 */
import { Button } from '@/components/ui/Button';
import { useEffect, useState } from 'react';
import { useRequiredSession } from '@/features/auth/use-required-session';
import { formatRupees } from '@/lib/format';
import { PLACEHOLDER_PLAYER_CARDS, TRADE_CENTER_SPINNER_MS } from './account';
import { TabPanel, Tabs } from '@/components/ui/IslandTabs';
import { Spinner } from '@/components/ui/Spinner';
import { PageHeading } from '@/components/ui/PageHeading';

type Tab = 'market' | 'portfolio';
const tabs = [
  { id: 'market', label: 'Market' },
  { id: 'portfolio', label: 'Portfolio' },
] as const;

export default function TradeCenterIsland() {
  const session = useRequiredSession();
  const [warmedUp, setWarmedUp] = useState(false);
  const [tab, setTab] = useState<Tab>('market');
  const ready = Boolean(session) && warmedUp;

  useEffect(() => {
    const timer = window.setTimeout(() => setWarmedUp(true), TRADE_CENTER_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <>
      <PageHeading eyebrow="Player cards" title="Trade Center">
        Collect, buy and sell eFootball player cards with the community. Trading opens soon.
      </PageHeading>
      <div className="relative" aria-busy={!ready}>
        {ready ? null : (
          <div className="absolute inset-x-0 top-0">
            <Spinner label="Loading the Trade Center" />
          </div>
        )}
        <div className={ready ? undefined : 'invisible'}>
          <Tabs tabs={tabs} active={tab} onChange={setTab} label="Trade Center" />
          {tab === 'market' ? (
            <TabPanel id="market">
              <ul role="list" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {PLACEHOLDER_PLAYER_CARDS.map((card) => (
                  <li key={card.id} className="card flex flex-col gap-3 p-4" data-testid="player-card">
                    <div className="pitch-stripes grid aspect-[4/3] place-items-center rounded-xl text-mist">
                      <svg className="size-12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
                        <circle cx="12" cy="8" r="4" />
                        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
                      </svg>
                    </div>
                    <h2 className="font-bold">{card.name}</h2>
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="font-display text-2xl">{formatRupees(card.valueRupees)}</span>
                      <span className="text-sm font-bold text-lime">{card.trend}</span>
                    </div>
                    <Button className="w-full" disabled>
                      Coming Soon
                    </Button>
                  </li>
                ))}
              </ul>
            </TabPanel>
          ) : (
            <TabPanel id="portfolio">
              <div className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
                <h2 className="section-title text-2xl sm:text-3xl">Your Portfolio is Empty</h2>
                <p className="max-w-md text-mist">Cards you buy will be listed here with their value and trend.</p>
                <Button disabled>Trading Coming Soon</Button>
              </div>
            </TabPanel>
          )}
        </div>
      </div>
    </>
  );
}
