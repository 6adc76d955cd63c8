import { describe, expect, it } from 'vitest';
import { noticeRows, noticeTableHtml, PERSONAL_COLUMNS, PERSONAL_DATA } from './personal-data';

describe('the notice’s table of personal data', () => {
  it('says who receives each kind and how long it is kept, in both languages', () => {
    for (const language of ['en', 'hi'] as const) {
      for (const row of noticeRows(language)) {
        expect(row.recipients, `${language} ${row.kind}`).not.toBe('');
        expect(row.retention, `${language} ${row.kind}`).not.toBe('');
      }
    }
    const en = Object.fromEntries(noticeRows('en').map((row) => [row.kind, row]));
    expect(en.kyc?.retention).toMatch(/^8 years/);
    expect(en.kyc?.recipients).toMatch(/PAN check provider.*RazorpayX/);
    expect(en.evidence?.retention).toMatch(/^90 days after the tournament settles/);
    expect(en.logs?.retention).toBe('1 year.');
    expect(en.account?.retention).toMatch(/7 days, then erased/);
    expect(en.inGameName?.recipients).toMatch(/published/);
  });

  it('uses every row for some column', () => {
    const used = new Set(Object.values(PERSONAL_COLUMNS));
    expect(Object.keys(PERSONAL_DATA).filter((kind) => !used.has(kind as never))).toEqual([]);
  });

  it('renders a static table with a label on every cell for phones', () => {
    const html = noticeTableHtml('hi');
    expect(html).toMatch(/^<div class="notice-table"><table>/);
    expect(html).toContain('<th scope="col">कितने समय तक</th>');
    expect(html).toContain('data-label="और किसे मिलता है"');
    expect(html.match(/<tr data-kind=/g)).toHaveLength(Object.keys(PERSONAL_DATA).length);
  });
});
