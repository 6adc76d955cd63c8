/**
 * The grievance form's English words, on their own: the profile and the staff console read a grievance's
 * status from privacy.ts, and carry only these (the Hindi words travel with the form island alone).
 */
export type GrievanceWords = {
  formHeading: string;
  subject: string;
  body: string;
  emailSignedIn: string;
  emailVisitor: string;
  receiptPrivacy: string;
  file: string;
  filing: string;
  filed: (ticket: string) => string;
  /** The receipt's sentence around its two dates (acknowledge by, resolve by). */
  receipt: [string, string, string];
  fileAnother: string;
  loadFailed: (message: string) => string;
  yours: string;
  none: string;
  filedOn: string;
  acknowledgeBy: string;
  resolveBy: string;
  done: (when: string) => string;
  ourNote: (text: string) => string;
  ourAnswer: (text: string) => string;
  status: { open: string; acknowledged: string; resolved: string };
  problems: {
    subject: (min: number, max: number) => string;
    body: (min: number, max: number) => string;
    emailNeeded: string;
    emailInvalid: string;
  };
};

export const GRIEVANCE_WORDS_EN: GrievanceWords = {
  formHeading: 'File a grievance',
  subject: 'Subject',
  body: 'What happened, and what you want us to do',
  emailSignedIn: 'E-mail for the answer (optional: we use your sign-in address)',
  emailVisitor: 'Your e-mail address (for the answer)',
  receiptPrivacy:
    'The receipt repeats your subject only to your own confirmed sign-in address; any other address receives the ticket number and deadlines alone.',
  file: 'File grievance',
  filing: 'Filing…',
  filed: (ticket: string) => `Grievance ${ticket} filed`,
  /** "We acknowledge it by <date> and resolve it by <date>. A receipt ...", around the two dates. */
  receipt: ['We acknowledge it by ', ' and resolve it by ', '. A receipt is on its way by e-mail.'],
  fileAnother: 'File another grievance',
  loadFailed: (message: string) => `Your earlier grievances could not be loaded: ${message}`,
  yours: 'Your grievances',
  none: 'You have not filed any.',
  filedOn: 'Filed',
  acknowledgeBy: 'Acknowledge by',
  resolveBy: 'Resolve by',
  done: (when: string) => `Done ${when}`,
  ourNote: (text: string) => `Our note: ${text}`,
  ourAnswer: (text: string) => `Our answer: ${text}`,
  status: {
    open: 'Received: waiting for acknowledgement',
    acknowledged: 'Acknowledged: being resolved',
    resolved: 'Resolved',
  },
  problems: {
    subject: (min: number, max: number) => `Give a subject of ${min} to ${max} characters.`,
    body: (min: number, max: number) => `Describe the problem in ${min} to ${max} characters.`,
    emailNeeded: 'Give an e-mail address so we can answer you.',
    emailInvalid: 'Enter a valid e-mail address.',
  },
};
