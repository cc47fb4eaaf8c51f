/** A complete questionnaire, as the page sends it. */
export const validApplication = {
  howManyClients: 40,
  howManyNewClients: 6,
  howManyClientsInAYear: 12,
  whichApps: 'Xero, Dext and a lot of Excel',
  importantApps: 'Xero',
  howLongToOnboard: '2 to 4 weeks',
  howKeepTrack: 'Spreadsheets',
  howAttractingNewClients: 'Word of mouth, mostly.',
  howDoingMarketing: 'Now and then, when we have time',
  biggestFrustration: 'Chasing clients for their records.',
  whatChange: 'Fewer evenings spent on admin.',
  yourName: 'Priya Shah',
  emailAddress: 'priya@example.co.uk',
  businessName: 'Shah Bookkeeping',
  website: 'shahbookkeeping.co.uk',
  submitMethod: '2',
};
