import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { call, problemsOf } from '#client/lib/api-client.ts';
import { FieldError } from '#client/lib/FieldError.tsx';
import { useShowFirmChange } from '#client/lib/firm.tsx';
import {
  clearDemoContent,
  readFirmDetails,
  removeFirmLogo,
  removeHomePicture,
  saveFirmDetails,
  uploadFirmLogo,
  uploadHomePicture,
} from '#shared/api/back-office-firm.ts';
import { defaultColours } from '#shared/colours.ts';
import { type FirmDetails, firmFieldLabels } from '#shared/firm-details.ts';
import { heroMessages, type LogoType, logoMaxBytes, logoMessages, logoTypes } from '#shared/firm-pictures.ts';
import { type Look, themeHref } from '#shared/look.ts';
import { weekdays } from '#shared/opening-hours.ts';
import { photoMaxBytes, photoTypes } from '#shared/photos.ts';
import { defaultQuestionnaire } from '#shared/questionnaire.ts';
import { defaultTypeface, typefaceIds, typefaces } from '#shared/typefaces.ts';
import { BadgesEditor } from './BadgesEditor.tsx';
import { DemoLeftoversNote } from './DemoLeftoversNote.tsx';
import { useDraft } from './drafts.ts';
import { Feedback } from './Feedback.tsx';
import { changedFields, type FirmDraft, withChanges } from './firm-draft.ts';
import { NotLoaded } from './NotLoaded.tsx';
import { OfficesEditor } from './OfficesEditor.tsx';
import { homePictureKind, logoKind, PictureUpload } from './PictureUpload.tsx';
import { useEndpoint } from './useEndpoint.ts';

/** Said when the form comes back with changes this owner made and had not saved. */
const changesRestoredMessage =
  'Restored the changes you had not saved, over the details as saved now. They are not saved yet.';

/** A site whose firm has not been set up starts from an empty form, open on weekdays nine to five. */
const blank: FirmDetails = {
  tradingName: '',
  legalName: '',
  tagline: '',
  companyNumber: '',
  vatNumber: '',
  auditRegistration: '',
  registeredOffice: { street: '', town: '', county: '', postcode: '' },
  phone: '',
  offices: [],
  email: '',
  regulator: '',
  openingHours: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    opens: '09:00',
    closes: '17:00',
  },
  areasServed: [],
  icoRegistration: '',
  replyPromise: '',
  quotePromise: '',
  accreditations: [],
  socialLinks: [],
  colours: { ...defaultColours },
  typeface: defaultTypeface,
  facts: [],
  senderName: '',
  noticesEmail: '',
  referencePrefix: '',
  priceRange: '',
  questionnaire: defaultQuestionnaire,
};

type Line = Exclude<
  keyof FirmDetails,
  | 'registeredOffice'
  | 'openingHours'
  | 'areasServed'
  | 'priceRange'
  | 'accreditations'
  | 'socialLinks'
  | 'offices'
  | 'colours'
  | 'typeface'
  | 'facts'
  | 'questionnaire'
>;
type OfficeLine = keyof FirmDetails['registeredOffice'];

/** Hints shown under a field, for what an owner could not guess from its label. */
const hints: Partial<Record<Line | OfficeLine, string>> = {
  tagline: 'One line under your name on the home page and in search results.',
  vatNumber: 'As on your VAT certificate, e.g. GB 123 4567 82. Leave blank if you are not registered.',
  companyNumber:
    'As Companies House writes it: eight digits, or two letters and six digits (OC123456 for an LLP). Leave blank if you are not registered there.',
  icoRegistration: 'From your ICO data protection fee certificate, e.g. ZA123456.',
  auditRegistration:
    'If you are a registered auditor: your audit register reference, e.g. C001234567. Every page’s footer gives it, with a link to the register.',
  replyPromise: 'Finishes “We reply within …”, e.g. one working day.',
  quotePromise: 'Finishes “Your quote arrives within …”, e.g. two working days.',
  senderName: 'The name your emails come from.',
  noticesEmail: 'Where the website sends word of each new enquiry, application and booking.',
  referencePrefix: 'Starts every reference the site gives, e.g. AB in AB-7K3-Q9P.',
};

/** Puts this page in the firm's saved colours and typeface: the stylesheet of its look, swapped in place. */
function showLook(look: Look) {
  const href = themeHref(look);
  const path = href.slice(0, href.indexOf('?') + 1);
  const sheet = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href^="${path}"]`);
  // The page's one stylesheet names the build's stylesheet too (`&b=`), which it keeps.
  const build = sheet?.getAttribute('href')?.match(/&b=[^&]*/)?.[0] ?? '';
  if (sheet && sheet.getAttribute('href') !== href + build) sheet.setAttribute('href', href + build);
}

/**
 * The firm's details, as every page, email and structured-data block shows them. Saving shows them at
 * once; what is typed is kept as a draft until saved, and a save from an older version than the server's
 * is refused, so the second of two owners editing at once is told.
 */
export function FirmDetailsEditor() {
  const draft = useDraft<FirmDraft>('firm');
  const stored = useEndpoint(readFirmDetails, {});
  const saved = stored.data ? (stored.data.details ?? blank) : null;
  // What this owner changed and has not saved, laid over the details as saved now (firm-draft.ts).
  const [changes, setChanges] = useState<FirmDraft | null>(() => draft.read());
  const details = saved && withChanges(saved, changes);
  const [status, setStatus] = useState(() =>
    changes && changedFields(changes).length > 0 ? changesRestoredMessage : '',
  );
  const [problems, setProblems] = useState<string[]>([]);
  // Where the outcome of a save is said: taken into view and to the keyboard, as the form is long.
  const feedback = useRef<HTMLDivElement>(null);
  // The header's name, logo and colours follow what is saved, as the public pages do, without a reload.
  const showFirmChange = useShowFirmChange();
  useEffect(() => {
    if (!stored.data?.details) return;
    const { details: now, logo, logoShape } = stored.data;
    showFirmChange({ name: now.tradingName, logo: logo ?? '', logoShape });
    showLook({ colours: now.colours, typeface: now.typeface ?? defaultTypeface });
  }, [stored.data, showFirmChange]);

  if (!details || !saved) return <NotLoaded problem={stored.problems?.[0]} />;

  const update = (next: FirmDetails) => {
    const kept = { base: saved, edited: next };
    setChanges(kept);
    draft.keep(kept, { base: saved, edited: saved });
  };
  /** The server's refusals about one field, each of which starts with the field's label. */
  const problemAbout = (label: string) =>
    problems.filter((problem) => problem.startsWith(`${label}:`)).join(' ');

  const field = (
    id: string,
    label: string,
    control: (described: Record<string, unknown>) => ReactNode,
    hint?: string,
  ) => {
    const problem = problemAbout(label);
    const describedBy = [hint && `${id}-hint`, problem && `${id}-error`].filter(Boolean).join(' ');
    return (
      <div className="bo-field bo-field--wide">
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        )}
        {control({
          id,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
        <FieldError id={`${id}-error`} error={problem} />
      </div>
    );
  };
  const line = (name: Line, type = 'text') =>
    field(
      `firm-${name}`,
      firmFieldLabels[name],
      (described) => (
        <input
          {...described}
          type={type}
          value={details[name]}
          onChange={(event) => update({ ...details, [name]: event.target.value })}
        />
      ),
      hints[name],
    );
  const officeLine = (name: OfficeLine) =>
    field(`firm-office-${name}`, firmFieldLabels[name], (described) => (
      <input
        {...described}
        value={details.registeredOffice[name]}
        onChange={(event) =>
          update({
            ...details,
            registeredOffice: { ...details.registeredOffice, [name]: event.target.value },
          })
        }
      />
    ));
  const hours = details.openingHours;
  const reload = async () => void (await stored.reload());
  const hoursProblem = problemAbout(firmFieldLabels.openingHours);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setProblems([]);
    setStatus('');
    void (async () => {
      try {
        const answer = await call(saveFirmDetails, {
          body: { details, basedOn: stored.data?.version ?? null },
        });
        draft.forget();
        setChanges(null);
        await stored.reload();
        setStatus(answer.infoMessages.join(' '));
      } catch (error) {
        setProblems(problemsOf(error));
        // Saved by someone else meanwhile: their details come in, this owner's changes stay on top.
        await stored.reload();
      }
      feedback.current?.focus();
    })();
  };

  const removeDemoContent = () =>
    void (async () => {
      setProblems([]);
      try {
        const answer = await call(clearDemoContent, {});
        await stored.reload();
        setStatus(answer.infoMessages.join(' '));
      } catch (error) {
        setProblems(problemsOf(error));
      }
      feedback.current?.focus();
    })();

  return (
    <section aria-labelledby="firm-title">
      <h1 id="firm-title">Firm details</h1>
      <p>Every page, email and search listing of the website shows these details.</p>
      {stored.data?.details === null && (
        <p className="bo-note">
          The website is not open to visitors yet: they see a page saying it is being set up. Saving these
          details for the first time opens it.
        </p>
      )}
      <div ref={feedback} tabIndex={-1}>
        <Feedback status={status} problems={problems} linkToFields />
      </div>
      <DemoLeftoversNote leftovers={stored.data?.demoLeftovers ?? []} remove={removeDemoContent} />
      <form className="bo-settings" onSubmit={save} noValidate>
        <fieldset>
          <legend>Names</legend>
          {line('tradingName')}
          {line('legalName')}
          {line('tagline')}
        </fieldset>
        <fieldset>
          <legend>Registered office</legend>
          {officeLine('street')}
          {officeLine('town')}
          {officeLine('county')}
          {officeLine('postcode')}
        </fieldset>
        <OfficesEditor
          offices={details.offices}
          onChange={(offices) => update({ ...details, offices })}
          problems={problems}
        />
        <fieldset>
          <legend>How to reach you</legend>
          {line('phone', 'tel')}
          {line('email', 'email')}
          {line('replyPromise')}
          {line('quotePromise')}
          <fieldset aria-describedby={hoursProblem ? 'firm-hours-error' : undefined}>
            <legend>{firmFieldLabels.openingHours}</legend>
            <div className="bo-days">
              {weekdays.map((day) => (
                <label key={day} className="bo-check">
                  <input
                    type="checkbox"
                    checked={hours.days.includes(day)}
                    onChange={(event) =>
                      update({
                        ...details,
                        openingHours: {
                          ...hours,
                          days: event.target.checked
                            ? weekdays.filter((each) => each === day || hours.days.includes(each))
                            : hours.days.filter((each) => each !== day),
                        },
                      })
                    }
                  />
                  {day}
                </label>
              ))}
            </div>
            {(['opens', 'closes'] as const).map((end) => (
              <label key={end}>
                {end === 'opens' ? 'Opens' : 'Closes'}
                <input
                  type="time"
                  value={hours[end]}
                  onChange={(event) =>
                    update({ ...details, openingHours: { ...hours, [end]: event.target.value } })
                  }
                />
              </label>
            ))}
            <FieldError id="firm-hours-error" error={hoursProblem} />
          </fieldset>
          {field(
            'firm-areasServed',
            firmFieldLabels.areasServed,
            (described) => (
              <textarea
                {...described}
                rows={4}
                value={details.areasServed.join('\n')}
                onChange={(event) => update({ ...details, areasServed: event.target.value.split('\n') })}
              />
            ),
            'One place on each line: the counties, towns or regions you work in.',
          )}
        </fieldset>
        <fieldset>
          <legend>Registrations</legend>
          {line('companyNumber')}
          {line('vatNumber')}
          {line('auditRegistration')}
          {line('regulator')}
          {line('icoRegistration')}
          {field(
            'firm-accreditations',
            firmFieldLabels.accreditations,
            (described) => (
              <textarea
                {...described}
                rows={5}
                value={details.accreditations.join('\n')}
                onChange={(event) => update({ ...details, accreditations: event.target.value.split('\n') })}
              />
            ),
            'One on each line, as the home and about pages list them: bodies, registrations, partnerships.',
          )}
          {field(
            'firm-socialLinks',
            firmFieldLabels.socialLinks,
            (described) => (
              <textarea
                {...described}
                rows={3}
                value={details.socialLinks.join('\n')}
                onChange={(event) => update({ ...details, socialLinks: event.target.value.split('\n') })}
              />
            ),
            'One address on each line, copied from the browser, such as https://www.linkedin.com/company/your-firm. Every page’s footer links to them.',
          )}
        </fieldset>
        <fieldset>
          <legend>Colours and typeface</legend>
          {(['brand', 'accent'] as const).map((which) => {
            const label = firmFieldLabels[which === 'brand' ? 'brandColour' : 'accentColour'];
            return (
              <div key={which}>
                {field(
                  `firm-colour-${which}`,
                  label,
                  (described) => (
                    <span>
                      <input
                        {...described}
                        type="color"
                        value={details.colours[which]}
                        onChange={(event) =>
                          update({ ...details, colours: { ...details.colours, [which]: event.target.value } })
                        }
                      />
                      <span className="bo-colour-code">{details.colours[which]}</span>
                    </span>
                  ),
                  which === 'brand'
                    ? 'Headings, links and buttons. Text in it must read on white: a colour too light is refused.'
                    : 'Small touches: a role under a name, a highlight. Text in it must read on white too.',
                )}
              </div>
            );
          })}
          {field(
            'firm-typeface',
            firmFieldLabels.typeface,
            (described) => (
              <select
                {...described}
                value={details.typeface}
                onChange={(event) =>
                  update({ ...details, typeface: event.target.value as FirmDetails['typeface'] })
                }
              >
                {typefaceIds.map((id) => (
                  <option key={id} value={id}>
                    {typefaces[id].label}
                  </option>
                ))}
              </select>
            ),
            'Every page’s text is set in it. Each is served by the website itself, so choosing one adds no other company to your pages.',
          )}
        </fieldset>
        <fieldset>
          <legend>Emails and references</legend>
          {line('senderName')}
          {line('noticesEmail', 'email')}
          {line('referencePrefix')}
          {field('firm-priceRange', firmFieldLabels.priceRange, (described) => (
            <select
              {...described}
              value={details.priceRange}
              onChange={(event) =>
                update({ ...details, priceRange: event.target.value as FirmDetails['priceRange'] })
              }
            >
              <option value="">Not shown</option>
              {(['£', '££', '£££', '££££'] as const).map((range) => (
                <option key={range} value={range}>
                  {range}
                </option>
              ))}
            </select>
          ))}
        </fieldset>
        <button type="submit" className="button">
          Save firm details
        </button>
      </form>
      {stored.data?.details && (
        <>
          <PictureUpload
            kind={{
              ...logoKind,
              types: logoTypes,
              maxBytes: logoMaxBytes,
              messages: logoMessages,
              upload: ({ contentType, data }) =>
                call(uploadFirmLogo, { body: { contentType: contentType as LogoType, data } }),
              remove: () => call(removeFirmLogo, {}),
            }}
            current={stored.data.logo ? { src: stored.data.logo, width: 96, height: 96 } : null}
            changed={reload}
          />
          <PictureUpload
            kind={{
              ...homePictureKind,
              types: photoTypes,
              maxBytes: photoMaxBytes,
              messages: heroMessages,
              upload: ({ contentType, data, alt }) =>
                call(uploadHomePicture, {
                  body: { contentType: contentType as (typeof photoTypes)[number], data, alt },
                }),
              remove: () => call(removeHomePicture, {}),
            }}
            current={stored.data.homePicture}
            changed={reload}
          />
          <BadgesEditor badges={stored.data.badges} changed={reload} />
        </>
      )}
    </section>
  );
}
