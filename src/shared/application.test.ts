import { describe, expect, it } from 'vitest';
import { validApplication } from '#tests/support/applications.ts';
import { describeAnswers, questionNames } from './application.ts';
import { applicationSchema } from './application-schema.ts';

const messagesFor = (input: unknown) => {
  const result = applicationSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the application questionnaire rules', () => {
  it('covers every field the questionnaire sends', () => {
    expect([...questionNames].sort()).toEqual(
      [
        'whichApps',
        'importantApps',
        'howManyClients',
        'howManyNewClients',
        'howManyClientsInAYear',
        'biggestFrustration',
        'howLongToOnboard',
        'howAttractingNewClients',
        'howDoingMarketing',
        'howKeepTrack',
        'whatChange',
        'yourName',
        'emailAddress',
        'businessName',
        'website',
      ].sort(),
    );
  });

  it('accepts a complete application, reading counts typed into a form and completing the website', () => {
    const result = applicationSchema.parse({ ...validApplication, howManyClients: ' 40 ', website: '' });
    expect(result.howManyClients).toBe(40);
    expect(result.website).toBe('');
    expect(applicationSchema.parse(validApplication).website).toBe('https://shahbookkeeping.co.uk/');
    expect(applicationSchema.parse({ ...validApplication, website: 'http://a.example/x' }).website).toBe(
      'http://a.example/x',
    );
  });

  it('names each unanswered question in plain words', () => {
    const messages = messagesFor({ submitMethod: '2', recToken: 'token' });
    expect(messagesFor({ ...validApplication, website: undefined })).toEqual([]);
    expect(messages).toContain('Please tell us how many customers you have');
    expect(messages).toContain('Please choose how long it takes to set up a new customer');
    expect(messages).toContain('Please tell us your biggest frustration');
    expect(messages).toContain('Please enter your name');
    expect(messages).toContain('Please enter your email address');
    expect(messages).toContain('Please enter your business name');
    // Every question but the optional website has its own message.
    expect(messages).toHaveLength(questionNames.length - 1);
  });

  it('refuses answers that are out of range, not on the list, on several lines or too long', () => {
    expect(messagesFor({ ...validApplication, howManyClients: -1 })).toEqual([
      'The number of customers you have must be a whole number, 0 or more',
    ]);
    expect(messagesFor({ ...validApplication, howManyNewClients: '2.5' })).toEqual([
      'The number of new customers in the last 12 months must be a whole number, 0 or more',
    ]);
    expect(messagesFor({ ...validApplication, howManyClientsInAYear: 'lots' })).toEqual([
      'The number of new customers you would like in a year must be a whole number, 0 or more',
    ]);
    expect(messagesFor({ ...validApplication, howKeepTrack: 'Carrier pigeon' })).toEqual([
      'Please choose how you keep track of customers and their orders or jobs',
    ]);
    expect(messagesFor({ ...validApplication, businessName: 'Shah\r\nBcc: x@example.com' })).toEqual([
      'Your business name must be on one line',
    ]);
    expect(messagesFor({ ...validApplication, whatChange: 'x'.repeat(2001) })).toEqual([
      'What you would like to change must be at most 2,000 characters',
    ]);
    expect(messagesFor({ ...validApplication, website: 'not a website' })).toEqual([
      'Your website must be a web address, like example.co.uk',
    ]);
    expect(messagesFor({ ...validApplication, emailAddress: 'priya@' })).toEqual([
      'Please enter a valid email address, like name@example.com',
    ]);
    expect(messagesFor({ ...validApplication, submitMethod: '1' })).toEqual(["submitMethod must be '2'"]);
  });

  it('writes the answers for the staff, question then answer', () => {
    const lines = describeAnswers(applicationSchema.parse({ ...validApplication, website: '' }));
    expect(lines[0]).toBe('How many customers do you have?\n40');
    expect(lines).toContain('Website (optional)\n(not given)');
    expect(lines).toHaveLength(questionNames.length);
  });
});
