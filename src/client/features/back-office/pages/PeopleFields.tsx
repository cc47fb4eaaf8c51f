import type { SectionOf } from '#shared/sections.ts';
import { type FieldsOf, HeadingField, Items, Line, Lines, Tick, withOptional } from './field-controls.tsx';
import { PictureField } from './PictureField.tsx';

// The sections of people: the firm's team, and its clients' reviews.

/** An adviser who takes calls, whom a team member may offer a call with. */
export interface PageAdviser {
  id: number;
  name: string;
}

export function TeamFields({
  section,
  onChange,
  id,
  advisers,
}: FieldsOf<SectionOf<'team'>> & { advisers: readonly PageAdviser[] }) {
  return (
    <>
      <HeadingField section={section} onChange={onChange} id={id} />
      <Items
        items={section.members}
        max={24}
        adding="Add a person"
        name={(member, index) => member.name || `Person ${index + 1}`}
        blank={{ name: '', role: '', qualifications: '', biography: '' }}
        onChange={(members) => onChange({ ...section, members })}
      >
        {(member, index, change) => (
          <>
            <Line
              id={id(`${index}-name`)}
              label="Name"
              value={member.name}
              max={80}
              onChange={(name) => change({ ...member, name })}
            />
            <Line
              id={id(`${index}-role`)}
              label="Role"
              value={member.role}
              max={80}
              onChange={(role) => change({ ...member, role })}
            />
            <Line
              id={id(`${index}-qualifications`)}
              label="Qualifications"
              value={member.qualifications}
              max={120}
              onChange={(qualifications) => change({ ...member, qualifications })}
            />
            <PictureField
              label={`Photo of ${member.name || 'them'}`}
              value={member.photo}
              onChange={(photo) => change(withOptional({ ...member }, 'photo', photo))}
            />
            <Lines
              id={id(`${index}-biography`)}
              label="A few words about them"
              value={member.biography}
              max={600}
              onChange={(biography) => change({ ...member, biography })}
            />
            <AdviserChoice
              id={id(`${index}-adviser`)}
              advisers={advisers}
              value={member.adviserId}
              onChange={(adviserId) => change(withOptional({ ...member }, 'adviserId', adviserId))}
            />
          </>
        )}
      </Items>
    </>
  );
}

export function ReviewsFields({ section, onChange, id }: FieldsOf<SectionOf<'reviews'>>) {
  return (
    <>
      <HeadingField section={section} onChange={onChange} id={id} />
      <Items
        items={section.items}
        max={12}
        adding="Add a review"
        name={(review, index) => review.name || `Review ${index + 1}`}
        blank={{ quote: '', name: '', business: '', permission: false }}
        onChange={(items) => onChange({ ...section, items })}
      >
        {(review, index, change) => (
          <>
            <Lines
              id={id(`${index}-quote`)}
              label="What the client said"
              value={review.quote}
              max={600}
              onChange={(quote) => change({ ...review, quote })}
            />
            <Line
              id={id(`${index}-name`)}
              label="Client’s name"
              value={review.name}
              max={80}
              onChange={(name) => change({ ...review, name })}
            />
            <Line
              id={id(`${index}-business`)}
              label="Their business"
              value={review.business}
              max={120}
              onChange={(business) => change({ ...review, business })}
            />
            <div className="bo-field">
              <label htmlFor={id(`${index}-rating`)}>Rating</label>
              <select
                id={id(`${index}-rating`)}
                value={review.rating ?? ''}
                onChange={(event) => {
                  const { rating: _, ...rest } = review;
                  change(event.target.value ? { ...rest, rating: Number(event.target.value) } : rest);
                }}
              >
                <option value="">None</option>
                {[5, 4, 3, 2, 1].map((stars) => (
                  <option key={stars} value={stars}>
                    {stars} out of 5
                  </option>
                ))}
              </select>
            </div>
            <Tick
              id={id(`${index}-permission`)}
              label="The client agreed to these words being on the site (without this, it is not shown)"
              checked={review.permission}
              onChange={(permission) => change({ ...review, permission })}
            />
          </>
        )}
      </Items>
    </>
  );
}

/**
 * Whether a team member offers "Book a call with …": the calendar then shows only that adviser's times.
 * An adviser no longer taking calls stays listed while a member still names them, so that nothing is
 * changed unseen.
 */
function AdviserChoice({
  id,
  advisers,
  value,
  onChange,
}: {
  id: string;
  advisers: readonly PageAdviser[];
  value: number | undefined;
  onChange: (adviserId: number | undefined) => void;
}) {
  const listed = value === undefined || advisers.some((adviser) => adviser.id === value);
  return (
    <div className="bo-field">
      <label htmlFor={id}>Book a call with them</label>
      <p className="field__hint" id={`${id}-hint`}>
        {advisers.length === 0
          ? 'Make someone an adviser on the Advisers screen to offer calls with them.'
          : 'A button on the page opens the calendar with only this adviser’s times.'}
      </p>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value ? Number(event.target.value) : undefined)}
      >
        <option value="">No button</option>
        {advisers.map((adviser) => (
          <option key={adviser.id} value={adviser.id}>
            {adviser.name}’s calendar
          </option>
        ))}
        {!listed && <option value={value}>An adviser who no longer takes calls</option>}
      </select>
    </div>
  );
}
