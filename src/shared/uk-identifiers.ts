// The numbers a UK firm shows on its site, checked as the bodies that issue them write them: Companies
// House (company numbers), HMRC (VAT registration numbers), the ICO (data protection fee registration),
// Royal Mail (postcodes), Ofcom's numbering (telephone numbers). Each `…Problem` answers null for a
// number that will do, else words a form shows beside the field; each `format…` writes an accepted number
// the one way the site shows it.

/** Upper case, without the spaces, dots and dashes people type between the characters. */
const compact = (value: string) => value.toUpperCase().replace(/[\s.-]/g, '');

/** The registers Companies House numbers companies in, by the two characters before their six digits. */
const registerPrefixes =
  'AC AE AL CE CS FC FE GE GN GS IC IP LP NA NC NF NI NL NO NP NR NV NZ OC OE PC R0 RC RS SA SC SE SF SG SI SL SO SP SR SZ ZC'.split(
    ' ',
  );

/**
 * A company number: eight characters, either eight digits (England and Wales, with leading zeros) or the
 * two characters of its register (SC Scotland, NI Northern Ireland, OC an LLP, …) and six digits.
 */
export function companyNumberProblem(value: string): string | null {
  const number = compact(value);
  if (/^\d{8}$/.test(number)) return null;
  if (/^[A-Z][A-Z0]\d{6}$/.test(number) && registerPrefixes.includes(number.slice(0, 2))) return null;
  if (/^\d{1,7}$/.test(number)) {
    return 'A company number has 8 characters: add the leading zeros, e.g. 09876543';
  }
  return 'Enter the company number as Companies House writes it, e.g. 09876543 or SC123456';
}

export const formatCompanyNumber = compact;

/**
 * A VAT registration number: GB and nine digits, or twelve for a branch (nine and a branch's three),
 * whose first nine pass HMRC's check (the weighted sum of the first seven digits and the last two is a
 * multiple of 97, or is once 55 is added, as numbers issued since 2010 are); or GBGD and a government
 * department's three digits (000–499), or GBHA and a health authority's (500–999).
 */
export function vatNumberProblem(value: string): string | null {
  const number = compact(value).replace(/^GB/, '');
  if (/^GD[0-4]\d\d$/.test(number) || /^HA[5-9]\d\d$/.test(number)) return null;
  if (!/^(\d{9}|\d{12})$/.test(number)) {
    return 'Enter the VAT number as HMRC writes it: GB and 9 digits, e.g. GB 123 4567 82';
  }
  return passesHmrcCheck(number.slice(0, 9))
    ? null
    : 'This is not a VAT number HMRC issues: check its digits against your VAT certificate';
}

function passesHmrcCheck(nineDigits: string): boolean {
  const digits = [...nineDigits].map(Number);
  const weighted = digits.slice(0, 7).reduce((sum, digit, index) => sum + digit * (8 - index), 0);
  const total = weighted + Number(nineDigits.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
}

/** GB 123 4567 89 (and a branch's three digits after), GBGD001, GBHA599: as HMRC writes them. */
export function formatVatNumber(value: string): string {
  const number = compact(value).replace(/^GB/, '');
  if (/^(GD|HA)/.test(number)) return `GB${number}`;
  const branch = number.length === 12 ? ` ${number.slice(9)}` : '';
  return `GB ${number.slice(0, 3)} ${number.slice(3, 7)} ${number.slice(7, 9)}${branch}`;
}

/** An ICO registration number: Z and seven digits, or Z, a letter and six digits (ZA123456). */
export function icoRegistrationProblem(value: string): string | null {
  return /^(Z\d{7}|Z[A-Z]\d{6})$/.test(compact(value))
    ? null
    : 'Enter the registration number from your ICO certificate, e.g. ZA123456';
}

export const formatIcoRegistration = compact;

const postcodePattern = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;

/** A UK postcode: an outward code (SY1, SW1A) and an inward one (2BQ), in either case, spaced or not. */
export function postcodeProblem(value: string): string | null {
  return postcodePattern.test(compact(value)) ? null : 'Enter a UK postcode, e.g. AB1 2CD';
}

/** AB1 2CD: capitals, one space before the last three characters. */
export function formatPostcode(value: string): string {
  return compact(value).replace(postcodePattern, '$1 $2');
}

/** The digits of a UK number after its 0, whether typed 01743 360214, (01743) 360 214 or +44 1743 360214. */
function nationalDigits(value: string): string | null {
  const typed = value.replace(/[\s().-]/g, '');
  const national = typed.startsWith('+44') ? typed.slice(3).replace(/^\(?0\)?/, '') : typed.replace(/^0/, '');
  if (national === typed || !/^[1-9]\d{8,9}$/.test(national)) return null;
  return national;
}

/** A UK telephone number a visitor can ring: 10 or 11 digits with its leading 0, or +44 and the rest. */
export function phoneNumberProblem(value: string): string | null {
  return nationalDigits(value) === null
    ? 'Enter a UK telephone number with its area code, e.g. 0113 496 0000'
    : null;
}

/** The number as a `tel:` link dials it from anywhere: +44 and the digits after the 0. */
export function phoneHref(value: string): string {
  return `tel:+44${nationalDigits(value) ?? ''}`;
}

/**
 * A `tel:` link for a number as a visitor typed it: a UK number as phoneHref gives it, any other with its
 * digits and a leading +, as typed (+33 1 23 45 67 89 → tel:+33123456789). Null when it holds too few
 * digits to ring.
 */
export function dialHref(value: string): string | null {
  if (nationalDigits(value) !== null) return phoneHref(value);
  const digits = value.replace(/\D/g, '');
  if (digits.length < 6 || digits.length > 15) return null;
  return `tel:${value.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * Where a company is registered, from its number's register: Scotland's begin with S, Northern
 * Ireland's with N or R0, every other (eight digits, OC, LP, FC…) England and Wales.
 */
export function registeredIn(companyNumber: string): string {
  if (companyNumber.startsWith('S')) return 'Scotland';
  if (companyNumber.startsWith('N') || companyNumber.startsWith('R0')) return 'Northern Ireland';
  return 'England and Wales';
}

/** The registers of limited liability partnerships: England and Wales, Scotland, Northern Ireland. */
const partnershipRegisters = ['OC', 'SO', 'NC'];

/**
 * "Registered in Scotland, company number SC123456." ("LLP number" for a limited liability partnership),
 * or nothing for a firm with no number at Companies House.
 */
export function companyRegistration(companyNumber: string): string {
  if (!companyNumber) return '';
  const kind = partnershipRegisters.includes(companyNumber.slice(0, 2)) ? 'LLP number' : 'company number';
  return `Registered in ${registeredIn(companyNumber)}, ${kind} ${companyNumber}.`;
}
