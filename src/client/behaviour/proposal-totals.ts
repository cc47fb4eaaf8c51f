import { feeAndVatWords } from '#shared/money.ts';

/**
 * A proposal's totals as its client ticks optional extras (docs/behaviour/proposals-client.md): each
 * frequency's fees and VAT, summed from what the server wrote on the page (every line's fee and VAT in
 * pence), said as the server says them. Without script the form posts all the same, and the server
 * works out nothing from the page's figures: the acceptance is priced from the proposal as sent.
 */
export function startProposalTotals(form: HTMLFormElement): void {
  const update = () => {
    const sums = new Map<string, { fee: number; vat: number }>();
    for (const line of form.querySelectorAll<HTMLElement>('[data-fee]')) {
      if (line instanceof HTMLInputElement && !line.checked) continue;
      const frequency = line.dataset.frequency ?? '';
      const sum = sums.get(frequency) ?? { fee: 0, vat: 0 };
      sums.set(frequency, {
        fee: sum.fee + Number(line.dataset.fee),
        vat: sum.vat + Number(line.dataset.vat),
      });
    }
    for (const row of form.querySelectorAll<HTMLTableRowElement>('tr[data-total]')) {
      const sum = sums.get(row.dataset.total ?? '') ?? { fee: 0, vat: 0 };
      row.hidden = sum.fee === 0;
      const cell = row.querySelector('td');
      if (cell) cell.textContent = feeAndVatWords(sum.fee, sum.vat);
    }
  };
  form.addEventListener('change', update);
  update();
}
