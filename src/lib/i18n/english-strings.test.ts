/**
 * The pages that are in Hindi hold no English a reader sees outside the dictionaries: every word on them
 * comes from en.ts / hi.ts (or the policies' Markdown twins), so the Hindi page never shows an English
 * sentence left in a template. Add a page here once its words are in the dictionaries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findEnglishInIsland, findEnglishStrings } from './english-strings';

const TRANSLATED = [
  'src/pages/[...lang]/about.astro',
  'src/pages/[...lang]/our-mission.astro',
  'src/pages/[...lang]/contact.astro',
  'src/pages/[...lang]/help-center.astro',
  'src/pages/[...lang]/help-center/verify-draw.astro',
  'src/pages/[...lang]/grievance.astro',
  'src/pages/[...lang]/[policy].astro',
  'src/features/info/PolicyPage.astro',
  'src/layouts/ContentLayout.astro',
  'src/components/info/InfoHero.astro',
  'src/components/info/HelpTopic.astro',
  'src/components/info/ToastCard.astro',
  'src/components/info/ContactCard.astro',
  'src/components/info/CommunityJoinButtons.astro',
  'src/components/info/RichText.astro',
  'src/components/shell/SiteFooter.astro',
  'src/components/shell/SiteHeader.astro',
  'src/pages/[...lang]/index.astro',
  'src/pages/[...lang]/tournaments/index.astro',
  'src/pages/[...lang]/tournaments/[id].astro',
  'src/features/tournaments/TournamentHeader.astro',
  'src/features/tournaments/TournamentPanels.astro',
  'src/features/tournaments/SeriesView.astro',
  'src/features/api/EmbedShare.astro',
  'src/features/brackets/BracketIntro.astro',
  'src/pages/[...lang]/login.astro',
  'src/pages/[...lang]/register.astro',
  'src/pages/[...lang]/my-earnings.astro',
  'src/pages/[...lang]/my-tournaments.astro',
  'src/pages/[...lang]/profile.astro',
  'src/pages/[...lang]/blog.astro',
  'src/pages/[...lang]/pod/index.astro',
  'src/features/info/NotifyMeForm.astro',
  'src/pages/[...lang]/dashboard.astro',
  'src/pages/[...lang]/match/index.astro',
  'src/components/info/NewsTicker.astro',
  'src/components/info/ConnectWithUs.astro',
  'src/features/tournaments/UpcomingTournamentCard.astro',
  'src/pages/[...lang]/leaderboard.astro',
  'src/pages/[...lang]/player/index.astro',
  'src/pages/[...lang]/invite/index.astro',
  'src/pages/[...lang]/parental-consent.astro',
  'src/pages/[...lang]/story-news.astro',
  'src/pages/[...lang]/trade.astro',
  'src/pages/404.astro',
];

/**
 * The islands on the Hindi pages whose words come from their words modules (`useMessages(X_WORDS)`): add one
 * here once it takes every word from them. The words modules themselves are held to the same keys in both
 * languages by island-words.test.ts.
 */
const TRANSLATED_ISLANDS = [
  'src/features/payments/PayPanelIsland.tsx',
  'src/features/payments/EntryGate.tsx',
  'src/features/payments/RegisteredNote.tsx',
  'src/features/payments/SlotPicker.tsx',
  'src/features/tournaments/StatusPill.tsx',
  'src/features/brackets/CheckIn.tsx',
  'src/features/brackets/CheckInIsland.tsx',
  'src/features/brackets/BracketIsland.tsx',
  'src/features/brackets/KnockoutView.tsx',
  'src/features/brackets/MatchCard.tsx',
  'src/features/brackets/formats/FormatStages.tsx',
  'src/features/brackets/formats/GroupsView.tsx',
  'src/features/brackets/formats/SwissView.tsx',
  'src/features/brackets/formats/DoubleView.tsx',
  'src/features/brackets/formats/MatchList.tsx',
  'src/features/seasons/WaitlistIsland.tsx',
  'src/features/seasons/LeaveWaitlist.tsx',
  'src/features/standings/StandingsIsland.tsx',
  'src/features/standings/PayoutRecordIsland.tsx',
  'src/features/auth/SignInIsland.tsx',
  'src/features/pods/PodIsland.tsx',
  'src/features/account/MyTournamentsIsland.tsx',
  'src/features/account/MyTournamentCard.tsx',
  'src/features/account/NextMatchLink.tsx',
  'src/features/seasons/MyWaitlistPlaces.tsx',
  'src/features/account/MyEarningsIsland.tsx',
  'src/features/payouts/PrizesSection.tsx',
  'src/features/account/StatCards.tsx',
  'src/features/account/PlayerRecord.tsx',
  'src/features/account/PaymentHistory.tsx',
  'src/features/account/PaymentHistoryList.tsx',
  'src/features/payouts/KycCard.tsx',
  'src/features/payouts/WithdrawCard.tsx',
  'src/features/payouts/PayoutHistory.tsx',
  'src/features/payouts/TaxStatementCard.tsx',
  'src/features/privacy/GrievanceIsland.tsx',
  'src/features/profile/ProfileIsland.tsx',
  'src/features/profile/ProfileForm.tsx',
  'src/features/profile/ProfileField.tsx',
  'src/features/matches/steps/PlayerSteps.tsx',
  'src/features/matches/steps/Step.tsx',
  'src/features/matches/steps/HostRoom.tsx',
  'src/features/matches/steps/GuestRoom.tsx',
  'src/features/matches/steps/CopyField.tsx',
  'src/features/matches/steps/ReadyStep.tsx',
  'src/features/matches/steps/ReportStep.tsx',
  'src/features/matches/steps/ReportForm.tsx',
  'src/features/matches/steps/ConfirmReport.tsx',
  'src/features/matches/steps/ClaimWalkover.tsx',
  'src/features/matches/steps/ContestWalkover.tsx',
  'src/features/matches/steps/WalkoverClaimedNotice.tsx',
  'src/features/matches/steps/DisputeForm.tsx',
  'src/features/matches/steps/DisputedNotice.tsx',
  'src/features/matches/steps/DisputeSideForm.tsx',
  'src/features/matches/match-day/DisconnectionForm.tsx',
  'src/features/account/DashboardHomeIsland.tsx',
  'src/features/account/SignedInHome.tsx',
  'src/features/account/PlayerStatsIsland.tsx',
  'src/features/account/SignedInRecord.tsx',
  'src/features/profile/AccountDeletionBanner.tsx',
  'src/features/profile/ScheduledDeletionBanner.tsx',
  'src/features/matches/MatchIsland.tsx',
  'src/features/matches/chat/MatchChat.tsx',
  'src/features/matches/parts/MatchHeader.tsx',
  'src/features/matches/parts/MatchFacts.tsx',
  'src/features/matches/parts/MatchOutcome.tsx',
  'src/features/matches/parts/MatchLoading.tsx',
  'src/features/matches/parts/MatchMissing.tsx',
  'src/features/matches/parts/PlayerCard.tsx',
  'src/features/matches/parts/PlayersPanel.tsx',
  'src/features/matches/parts/RefereeNote.tsx',
  'src/features/matches/parts/SpectatorNote.tsx',
  'src/features/matches/parts/MatchSoundCue.tsx',
  'src/features/matches/match-day/MatchSettingsCard.tsx',
  'src/features/matches/match-day/HostDuty.tsx',
  'src/features/matches/match-day/DisconnectionNotice.tsx',
  'src/features/notifications/NotificationSettings.tsx',
  'src/features/alerts/AlertSettings.tsx',
  'src/features/alerts/AlertsOffer.tsx',
  'src/features/alerts/PushSupportNote.tsx',
  'src/features/alerts/WhatsAppOptIn.tsx',
  'src/features/privacy/DownloadMyData.tsx',
  'src/features/profile/AccountDeletionSection.tsx',
  'src/features/notifications/NotificationBell.tsx',
  'src/features/seasons/EditionIsland.tsx',
  'src/features/seasons/LeaderboardIsland.tsx',
  'src/features/seasons/PlayerIsland.tsx',
  'src/features/brackets/InviteIsland.tsx',
  'src/features/profile/ParentalConsentIsland.tsx',
  'src/features/account/TradeCenterIsland.tsx',
];

describe('translated pages', () => {
  for (const file of TRANSLATED) {
    it(`${file} holds no English words outside the dictionaries`, () => {
      expect(findEnglishStrings(readFileSync(join(process.cwd(), file), 'utf8'))).toEqual([]);
    });
  }
});

describe('translated islands', () => {
  for (const file of TRANSLATED_ISLANDS) {
    it(`${file} holds no English words outside its words module`, () => {
      expect(findEnglishInIsland(readFileSync(join(process.cwd(), file), 'utf8'))).toEqual([]);
    });
  }

  it('the island scan finds JSX text, visible attributes and sentences in code, and passes words from a module', () => {
    const island = [
      "import { useMessages } from '@/lib/i18n/use-messages';",
      'export function Card({ busy }: Props) {',
      '  const w = useMessages(WORDS);',
      '  if (!busy) return null;',
      '  const send: (body: string) => Promise<boolean> = post;',
      '  return (',
      '    <section aria-label="Check-in" className="mt-2 text-sm">',
      "      <button>{busy ? 'Checking in…' : w.checkIn}</button>",
      '      <p>Check-in closes in <span>{w.countdown}</span></p>',
      '      <p>{w.closed}</p>',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanned island holds a template literal
      '      <p title={`You were withdrawn: ${reason}`}>{w.withdrawn}</p>',
      '    </section>',
      '  );',
      '}',
    ].join('\n');
    expect(findEnglishInIsland(island)).toEqual([
      { where: 'text', text: 'Check-in closes in' },
      { where: 'attribute', text: 'aria-label="Check-in"' },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the finding quotes the template literal as written
      { where: 'frontmatter', text: 'You were withdrawn: ${reason}' },
    ]);
  });
});

describe('the scan', () => {
  it('finds English text between tags, around expressions, in attributes and in frontmatter sentences', () => {
    const page = [
      '---',
      "import X from '@/x';",
      '// A comment is not text',
      "const cards = [{ title: 'Skill decides every match' }];",
      "const classes = 'font-bold text-lime underline underline-offset-4';",
      'if (!route) throw new Error(`No route for the link`);',
      '---',
      '<InfoHero eyebrow="About Us" title={t.title} />',
      '<p class="mt-3 text-mist">Email our team at{\' \'}<a href={href}>{email}</a>. We reply fast.</p>',
      '<ul>{items.map((item) => <li>Tap for a tip</li>)}</ul>',
      '<p>{t.lead}</p><p>eFootball · UPI</p><p>हिंदी में {count} खिलाड़ी</p>',
      '<script>const label = "Not text";</script>',
    ].join('\n');
    expect(findEnglishStrings(page)).toEqual([
      { where: 'text', text: 'Email our team at' },
      { where: 'text', text: '. We reply fast.' },
      { where: 'text', text: 'Tap for a tip' },
      { where: 'attribute', text: 'eyebrow="About Us"' },
      { where: 'frontmatter', text: 'Skill decides every match' },
    ]);
  });

  it('passes a page whose words all come from the dictionaries', () => {
    const page =
      '---\nconst t = messages(lang).info.about;\n---\n<InfoHero eyebrow={t.eyebrow} />\n<p class="mt-3">{t.lead} <RichText text={t.support} /></p>\n';
    expect(findEnglishStrings(page)).toEqual([]);
  });
});
