import { frequencies, frequencyWords, poundsOf } from '#shared/pricing.ts';
import { type ProposalDocument, proposalTotals } from '#shared/proposals.ts';

/** A proposal's services and fees as staff see them: the price list's fee, the fee charged and why. */
export function ProposalLines({ document }: { document: ProposalDocument }) {
  const totals = proposalTotals(document, []);
  return (
    <table className="bo-table" aria-live="polite">
      <caption>Fees, before VAT</caption>
      <thead>
        <tr>
          <th scope="col">Service</th>
          <th scope="col">Price list</th>
          <th scope="col">Charged</th>
          <th scope="col">VAT</th>
        </tr>
      </thead>
      <tbody>
        {document.lines.map((line) => (
          <tr key={line.key}>
            <th scope="row">
              {line.name}
              {line.optional && ' (optional extra)'}
              {line.reason && <span className="bo-muted"> Changed: {line.reason}</span>}
            </th>
            <td>{poundsOf(line.priced)}</td>
            <td>
              {poundsOf(line.fee)} {frequencyWords[line.frequency]}
            </td>
            <td>{poundsOf(line.vat)}</td>
          </tr>
        ))}
        {frequencies
          .filter((frequency) => totals[frequency].fee > 0)
          .map((frequency) => (
            <tr key={frequency}>
              <th scope="row">Total {frequencyWords[frequency]}, without extras</th>
              <td />
              <td>{poundsOf(totals[frequency].fee)}</td>
              <td>{poundsOf(totals[frequency].vat)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
