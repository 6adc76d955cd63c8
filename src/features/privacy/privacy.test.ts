import { describe, expect, it } from 'vitest';
import { exportHtml } from './export-html';
import { GRIEVANCE_WORDS } from './grievance-words';
import { exportFileName, exportSections, grievanceFormProblem, grievanceStatusText, sectionSize, type MyDataExport } from './privacy';

const data: MyDataExport = {
  exported_at: '2027-01-11T20:00:00Z',
  format: 'golazo-personal-data-1',
  profile: { user_id: 'u1', in_game_name: '<b>Ravi</b>', legal_name: 'Ravi Kumar' },
  payments: [
    { payment_id: 'p1', amount_paise: 15000, status: 'paid' },
    { payment_id: 'p2', amount_paise: 30000, status: 'refunded' },
  ],
  kyc: null,
  notifications: { settings: [], messages: [{ title: 'Prize credited' }] },
  phone_numbers: [{ phone: '+91 98765 43210' }],
};

describe('the export', () => {
  it('names its files by the product and the day in India', () => {
    // 20:00 UTC is already the next day in India.
    expect(exportFileName('golazo', data.exported_at, 'json')).toBe('golazo-my-data-2027-01-12.json');
    expect(exportFileName('golazo', data.exported_at, 'html')).toBe('golazo-my-data-2027-01-12.html');
  });

  it('lists the named sections first, then a key a later feature adds, never the file’s own fields', () => {
    expect(exportSections(data).map((section) => [section.key, section.title])).toEqual([
      ['profile', 'Profile'],
      ['payments', 'Payments and refunds'],
      ['kyc', 'PAN and UPI id (PAN masked)'],
      ['notifications', 'Notifications and e-mail settings'],
      ['phone_numbers', 'phone numbers'],
    ]);
  });

  it('says how much each section holds', () => {
    expect(sectionSize(data.payments)).toBe('2 items');
    expect(sectionSize([])).toBe('none');
    expect(sectionSize(null)).toBe('none');
    expect(sectionSize(data.notifications)).toBe('1 item');
    expect(sectionSize(data.profile)).toBe('details');
  });

  it('reads as HTML with every section, lists as tables, and escapes what players typed', () => {
    const html = exportHtml(data, 'Golazo Arena');
    expect(html).toContain('<title>Your data at Golazo Arena</title>');
    expect(html).toContain('<h2>Payments and refunds</h2>');
    expect(html).toContain('<th scope="col">Amount paise</th>');
    expect(html).toContain('<td>30000</td>');
    expect(html).toContain('&#60;b&#62;Ravi&#60;/b&#62;');
    expect(html).not.toContain('<b>Ravi</b>');
    expect(html).toContain('+91 98765 43210');
    expect(html).not.toMatch(/<script/i);
  });
});

describe('the grievance form', () => {
  const form = { subject: 'My data', body: 'Please correct my legal name.', email: '' };
  it('asks a visitor for an e-mail address, not a signed-in player', () => {
    expect(grievanceFormProblem(form, true)).toBe('Give an e-mail address so we can answer you.');
    expect(grievanceFormProblem(form, false)).toBeNull();
    expect(grievanceFormProblem({ ...form, email: 'parent@example.in' }, true)).toBeNull();
  });

  it('holds subject, body and address to the database’s limits', () => {
    expect(grievanceFormProblem({ ...form, subject: 'Hi' }, false)).toMatch(/subject of 3 to 140/);
    expect(grievanceFormProblem({ ...form, body: 'Too short' }, false)).toMatch(/10 to 5000/);
    expect(grievanceFormProblem({ ...form, email: 'not-an-address' }, false)).toBe('Enter a valid e-mail address.');
  });

  it('says the same problems in Hindi, with the same limits, on the Hindi page', () => {
    const hindi = GRIEVANCE_WORDS.hi;
    expect(grievanceFormProblem(form, true, hindi.problems)).toBe('ई-मेल पता दें, ताकि हम आपको जवाब दे सकें।');
    expect(grievanceFormProblem({ ...form, subject: 'Hi' }, false, hindi.problems)).toBe('3 से 140 अक्षरों का विषय लिखें।');
    expect(grievanceFormProblem({ ...form, body: 'Too short' }, false, hindi.problems)).toBe('समस्या 10 से 5000 अक्षरों में बताएँ।');
    expect(grievanceStatusText('acknowledged', hindi.status)).toBe('पावती दी गई: समाधान जारी');
    expect(grievanceStatusText('acknowledged')).toBe('Acknowledged: being resolved');
  });
});
