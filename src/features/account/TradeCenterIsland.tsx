/**
 * Trade Center: a "coming soon" placeholder. Card tiles without prices, values or trends, and no promise
 * of buying or selling cards for money: Konami's terms forbid trading accounts or cards for money, and
 * Indian law treats it as a money game. Guarded; shows a short spinner first (spec 9: about 500 ms) so
 * the switch from the guard check is calm. The tiles are laid out (invisible) under the spinner from the
 * first paint, so nothing below moves when they appear.
 */
import { Button } from '@/components/ui/Button';
import { TabPanel, Tabs } from '@/components/ui/IslandTabs';
import { PageHeading } from '@/components/ui/PageHeading';
import { Spinner } from '@/components/ui/Spinner';
import { useMessages } from '@/lib/i18n/use-messages';
import { PLACEHOLDER_PLAYER_CARDS } from './account';
import { TRADE_WORDS } from './trade-words';
import { useTradeCenter } from './use-trade-center';

export default function TradeCenterIsland() {
  const { ready, tab, setTab } = useTradeCenter();
  const w = useMessages(TRADE_WORDS);
  const tabs = [
    { id: 'market', label: w.tabs.market },
    { id: 'portfolio', label: w.tabs.portfolio },
  ] as const;

  return (
    <>
      <PageHeading eyebrow={w.eyebrow} title={w.title}>
        {w.lead}
      </PageHeading>
      <div className="relative" aria-busy={!ready}>
        {ready ? null : (
          <div className="absolute inset-x-0 top-0">
            <Spinner label={w.loading} />
          </div>
        )}
        <div className={ready ? undefined : 'invisible'}>
          <Tabs tabs={tabs} active={tab} onChange={setTab} label={w.title} />
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
                    <h2 className="font-bold">{w.card}</h2>
                    <Button className="w-full" disabled>
                      {w.comingSoon}
                    </Button>
                  </li>
                ))}
              </ul>
            </TabPanel>
          ) : (
            <TabPanel id="portfolio">
              <div className="card flex flex-col items-center gap-4 px-6 py-12 text-center">
                <h2 className="section-title text-2xl sm:text-3xl">{w.nothingYet}</h2>
                <p className="max-w-md text-mist">{w.placeholder}</p>
                <Button disabled>{w.comingSoon}</Button>
              </div>
            </TabPanel>
          )}
        </div>
      </div>
    </>
  );
}
