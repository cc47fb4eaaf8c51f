import { createHash } from 'node:crypto';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { postalAddress } from '#server/mail/layout.ts';
import { feeAndVatWords } from '#shared/money.ts';
import { frequencies, frequencyWords } from '#shared/pricing.ts';
import { linesTaken, type ProposalDocument, proposalTotals } from '#shared/proposals.ts';
import type { RichText, TextRun } from '#shared/rich-text.ts';
import type { SiteFirm } from '#shared/site-firm.ts';
import { dateTimeWords } from './words.ts';

// The engagement letter (issue 37, deliver 4): one PDF made with pdf-lib when a proposal is accepted,
// kept as made with its SHA-256 and emailed. It holds the firm's letterhead, the client, the schedule of
// services taken with fees, VAT and totals, the terms of business agreed to, and the evidence of the
// simple electronic signature, the hash of exactly what was shown among it.

export interface LetterContents {
  firm: SiteFirm;
  reference: string;
  document: ProposalDocument;
  extras: readonly string[];
  client: { email: string };
  terms: RichText;
  /** The firm's logo as a PNG (letter-logo.ts), heading the letter when the firm has one. */
  logo?: Buffer;
  signature: { name: string; at: string; ip: string; userAgent: string; shownHash: string };
}

const page = { width: 595.28, height: 841.89, margin: 56 };
const ink = rgb(0.12, 0.12, 0.14);
const quiet = rgb(0.38, 0.38, 0.42);

/** The letter as PDF bytes and their SHA-256 (hex). */
export async function engagementLetter(
  contents: LetterContents,
): Promise<{ pdf: Uint8Array; sha256: string }> {
  const pdf = await PDFDocument.create();
  const { firm, document, signature } = contents;
  pdf.setTitle(`Engagement letter ${contents.reference}`);
  pdf.setAuthor(firm.legalName || firm.name);
  pdf.setSubject(`${document.addressedTo}: ${contents.reference}`);
  // A fixed date keeps the letter's bytes, and so its hash, a function of what it says.
  pdf.setCreationDate(new Date(signature.at));
  pdf.setModificationDate(new Date(signature.at));
  pdf.setProducer('practice-site');
  pdf.setCreator('practice-site');
  const out = new Writer(pdf, {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    mono: await pdf.embedFont(StandardFonts.Courier),
  });

  // The letterhead.
  if (contents.logo) await out.picture(await pdf.embedPng(contents.logo), 40);
  out.line(firm.name, { font: 'bold', size: 18 });
  if (firm.legalName && firm.legalName !== firm.name) out.line(firm.legalName, { colour: quiet });
  const address = postalAddress(firm);
  if (address) out.line(address, { colour: quiet });
  out.line([firm.phone, firm.email].filter(Boolean).join('  ·  '), { colour: quiet });
  const numbers = [
    firm.companyNumber && `Company number ${firm.companyNumber}`,
    firm.vatNumber && `VAT number ${firm.vatNumber}`,
  ].filter(Boolean);
  if (numbers.length > 0) out.line(numbers.join('  ·  '), { colour: quiet });
  if (firm.regulator) out.paragraph(firm.regulator, { colour: quiet, size: 9 });
  out.gap(18);

  out.line('Engagement letter', { font: 'bold', size: 16 });
  out.gap(4);
  out.line(`For: ${document.addressedTo}`);
  out.line(`Email: ${contents.client.email}`);
  out.line(`Proposal: ${contents.reference}`);
  out.line(`Accepted: ${dateTimeWords(signature.at)}`);
  out.gap(14);

  // The schedule of services, as the proposal's page showed them.
  out.heading('Schedule of services');
  const withVat = document.vat.shown === 'with';
  const vatRate = `${document.vat.basisPoints / 100}%`;
  for (const line of linesTaken(document, contents.extras)) {
    out.line(`${line.name}${line.optional ? ' (optional extra)' : ''}`, { font: 'bold' });
    if (line.description) out.paragraph(line.description, { colour: quiet, size: 9 });
    out.line(`${feeAndVatWords(line.fee, line.vat)} ${frequencyWords[line.frequency]}`);
    out.gap(4);
  }
  const totals = proposalTotals(document, contents.extras);
  for (const frequency of frequencies.filter((each) => totals[each].fee > 0)) {
    const total = totals[frequency];
    out.line(`Total ${frequencyWords[frequency]}: ${feeAndVatWords(total.fee, total.vat)}`, { font: 'bold' });
  }
  out.paragraph(
    `VAT is charged at ${vatRate}. Fees were shown ${withVat ? 'with' : 'before'} VAT on the proposal.`,
    { colour: quiet, size: 9 },
  );
  out.gap(14);

  out.heading('Terms of business');
  out.richText(contents.terms);
  out.gap(14);

  out.heading('Signature');
  out.paragraph(
    'Accepted online as a simple electronic signature: the full name typed, the box agreeing to the terms of business ticked, and the following recorded when the Accept button was pressed.',
    { size: 9, colour: quiet },
  );
  out.gap(4);
  out.line(`Signed by: ${signature.name}`);
  out.line(`Time: ${dateTimeWords(signature.at)} (${signature.at})`);
  out.line(`IP address: ${signature.ip}`);
  out.paragraph(`Browser: ${signature.userAgent || 'not given'}`);
  out.line('SHA-256 of what was shown and accepted:');
  out.line(signature.shownHash, { font: 'mono', size: 9 });

  const bytes = await pdf.save({ useObjectStreams: false });
  return { pdf: bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

type FontName = 'regular' | 'bold' | 'mono';
interface Style {
  font?: FontName;
  size?: number;
  colour?: ReturnType<typeof rgb>;
}

/** Writes lines down the page, wrapping words and starting a new page when one is full. */
class Writer {
  readonly #pdf: PDFDocument;
  readonly #fonts: Record<FontName, PDFFont>;
  #page: PDFPage;
  #y: number;
  /** What each font can write (the standard fonts hold WinAnsi only): anything else is shown as "?". */
  readonly #writable = new Map<string, boolean>();

  constructor(pdf: PDFDocument, fonts: Record<FontName, PDFFont>) {
    this.#pdf = pdf;
    this.#fonts = fonts;
    this.#page = pdf.addPage([page.width, page.height]);
    this.#y = page.height - page.margin;
  }

  gap(points: number) {
    this.#y -= points;
  }

  /** A picture `height` points high, at the left margin, at most the width of the text. */
  async picture(image: PDFImage, height: number) {
    const scaled = image.scaleToFit(page.width - 2 * page.margin, height);
    this.#room(scaled.height + 8);
    this.#page.drawImage(image, {
      x: page.margin,
      y: this.#y - scaled.height,
      width: scaled.width,
      height: scaled.height,
    });
    this.#y -= scaled.height + 8;
  }

  heading(text: string) {
    this.#room(40);
    this.line(text, { font: 'bold', size: 13 });
    this.gap(4);
  }

  /** One line, cut to the width by wrapping when it is longer. */
  line(text: string, style: Style = {}) {
    this.paragraph(text, style);
  }

  /** Text wrapped at word boundaries to the page's width. */
  paragraph(text: string, style: Style = {}, indent = 0) {
    const font = this.#fonts[style.font ?? 'regular'];
    const size = style.size ?? 11;
    const width = page.width - 2 * page.margin - indent;
    for (const line of this.#wrapped(this.#printable(text, style.font ?? 'regular'), font, size, width)) {
      this.#room(size * 1.4);
      this.#page.drawText(line, {
        x: page.margin + indent,
        y: this.#y - size,
        size,
        font,
        color: style.colour ?? ink,
      });
      this.#y -= size * 1.4;
    }
  }

  /** Rich text: headings in bold, paragraphs, and list items with a bullet or a number. */
  richText(text: RichText) {
    const plain = (runs: readonly TextRun[]) => runs.map((run) => run.text).join('');
    for (const block of text) {
      if (block.type === 'heading') {
        this.gap(4);
        this.paragraph(plain(block.content), { font: 'bold', size: block.level === 2 ? 12 : 11 });
      } else if (block.type === 'paragraph') {
        this.paragraph(plain(block.content), { size: 10 });
      } else {
        block.items.forEach((item, index) => {
          this.paragraph(`${block.ordered ? `${index + 1}.` : '•'}  ${plain(item)}`, { size: 10 }, 10);
        });
      }
      this.gap(3);
    }
  }

  /** A new page when fewer than `points` are left on this one. */
  #room(points: number) {
    if (this.#y - points >= page.margin) return;
    this.#page = this.#pdf.addPage([page.width, page.height]);
    this.#y = page.height - page.margin;
  }

  #wrapped(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const tried = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(tried, size) <= width) {
        current = tried;
        continue;
      }
      if (current) lines.push(current);
      // A word wider than the line (a long browser string, a hash) is cut where it must be.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    if (current) lines.push(current);
    return lines.length > 0 ? lines : [''];
  }

  #printable(text: string, fontName: FontName): string {
    const font = this.#fonts[fontName];
    return [...text.replace(/[\t\r\n]+/g, ' ')]
      .map((character) => {
        const key = `${fontName}${character}`;
        let writable = this.#writable.get(key);
        if (writable === undefined) {
          try {
            font.encodeText(character);
            writable = true;
          } catch {
            writable = false;
          }
          this.#writable.set(key, writable);
        }
        return writable ? character : '?';
      })
      .join('');
  }
}
