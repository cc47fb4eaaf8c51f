import { useFirm } from '#client/lib/firm.tsx';

/** The firm's accreditations in words, and the badges it uploaded, as Firm details holds them. */
export function FirmAccreditations() {
  const firm = useFirm();
  return (
    <>
      <ul className="accreditations__list">
        {firm.accreditations.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {firm.badges.length > 0 && (
        <ul className="accreditations__badges">
          {firm.badges.map((badge) => (
            <li key={badge.key}>
              <img src={badge.src} alt={badge.alt} width={badge.width} height={badge.height} loading="lazy" />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
