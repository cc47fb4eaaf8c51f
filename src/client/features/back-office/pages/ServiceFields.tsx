import type { SectionOf } from '#shared/sections.ts';
import {
  type FieldsOf,
  HeadingField,
  Items,
  Line,
  LineItems,
  Lines,
  LinkFields,
  withOptional,
} from './field-controls.tsx';

// The sections that say what the firm does: its services with their prices, and how working with it goes.

export function ServicesFields({ section, onChange, id }: FieldsOf<SectionOf<'services'>>) {
  return (
    <>
      <HeadingField section={section} onChange={onChange} id={id} />
      <Items
        items={section.items}
        max={12}
        adding="Add a service"
        name={(item, index) => item.title || `Service ${index + 1}`}
        blank={{ title: '', text: '', price: '' }}
        onChange={(items) => onChange({ ...section, items })}
      >
        {(item, index, change) => (
          <>
            <Line
              id={id(`${index}-title`)}
              label="Service"
              value={item.title}
              max={80}
              onChange={(title) => change({ ...item, title })}
            />
            <Line
              id={id(`${index}-price`)}
              label="Price (if you show one)"
              hint="As you would say it, e.g. From £60 a month."
              value={item.price}
              max={80}
              onChange={(price) => change({ ...item, price })}
            />
            <Lines
              id={id(`${index}-text`)}
              label="What it includes"
              value={item.text}
              max={400}
              onChange={(value) => change({ ...item, text: value })}
            />
            <LineItems
              id={id(`${index}-includes`)}
              label="What the fee covers, a line each (if you list it)"
              adding="Add a line"
              items={item.includes ?? []}
              max={8}
              maxLength={200}
              onChange={(includes) =>
                change(withOptional({ ...item }, 'includes', includes.length > 0 ? includes : undefined))
              }
            />
            <LinkFields
              id={id(`${index}-link`)}
              label="A link to read more (if any)"
              value={item.link}
              onChange={(link) => change(withOptional({ ...item }, 'link', link))}
            />
          </>
        )}
      </Items>
      <LinkFields
        id={id('link')}
        label="A link below the services (if any)"
        value={section.link}
        onChange={(link) => onChange(withOptional({ ...section }, 'link', link))}
      />
    </>
  );
}

export function StepsFields({ section, onChange, id }: FieldsOf<SectionOf<'steps'>>) {
  return (
    <>
      <HeadingField section={section} onChange={onChange} id={id} />
      <Items
        items={section.items}
        max={8}
        adding="Add a step"
        name={(item, index) => item.title || `Step ${index + 1}`}
        blank={{ title: '', text: '' }}
        onChange={(items) => onChange({ ...section, items })}
      >
        {(item, index, change) => (
          <>
            <Line
              id={id(`${index}-title`)}
              label="Step"
              value={item.title}
              max={80}
              onChange={(title) => change({ ...item, title })}
            />
            <Lines
              id={id(`${index}-text`)}
              label="What happens"
              value={item.text}
              max={400}
              onChange={(text) => change({ ...item, text })}
            />
          </>
        )}
      </Items>
    </>
  );
}
