/**
 * The two printed layouts of a sale (document 000 'Sales invoice page'): type 1 a narrow receipt, type 2 a full
 * invoice with a To block, an LPO input, SN/Description/Quantity/Unit Price/Total, totals, the amount in words
 * and signers. Both start with the business's invoice header (or its name) and end with the 'Powered by' footer.
 */
import { formatDate } from '../../../commands/lib/dates';
import { formatMoney } from '../../../commands/lib/money';
import { lineTotal } from '../../../commands/lib/sale-math';
import { invoiceTotals } from './invoice-totals';
import { amountInWords } from '../../../commands/lib/words';
import type { SaleDoc } from '../../../commands/docs';
import { describeLine } from '../../../commands/purchases';
import { quantityText } from '../../../commands/lib/units';
import type { InvoiceHeader } from '../../../commands/invoice-header';
import { InvoiceFooting, InvoiceHeading } from './InvoiceHeading';
import { lineLevelNote, saleLevelText } from '../../../commands/lib/price-levels';
import type { LineItem } from '../../../commands/docs';

/** The price level a line was sold at, when the sale's own level line does not already say it (issue 28). */
function LevelNote({ line, sale }: { line: LineItem; sale: SaleDoc }) {
  const note = lineLevelNote(line.level, sale.level);
  return note ? (
    <small className={line.level?.fallback ? 'line-level fallback' : 'line-level'} data-testid="invoice-line-level">
      {note}
    </small>
  ) : null;
}

function SaleLevel({ sale }: { sale: SaleDoc }) {
  return sale.level ? <div data-testid="invoice-level">{saleLevelText(sale.level)}</div> : null;
}

type Props = { sale: SaleDoc; business: string; symbol: string; showLpo?: boolean; header?: InvoiceHeader | null };

function Totals({ sale, symbol }: { sale: SaleDoc; symbol: string }) {
  const { rows } = invoiceTotals(sale, symbol);
  return (
    <table className="invoice-totals">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td>{label}</td>
            <td className="num" data-testid={`invoice-${label.split(' ')[0].toLowerCase()}`}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Footer({ header }: { header?: InvoiceHeader | null }) {
  return (
    <>
      <InvoiceFooting header={header} />
      <p className="invoice-footer">Powered by Oja</p>
    </>
  );
}

export function Receipt({ sale, business, symbol, header }: Props) {
  return (
    <>
      <InvoiceHeading header={header} business={business} />
      <p>
        Invoice {sale.invoice_number}
        <br />
        {formatDate(sale.date)}
        {sale.customer?.name && (
          <>
            <br />
            {sale.customer.name} {sale.customer.phone_number}
          </>
        )}
      </p>
      <SaleLevel sale={sale} />
      <table>
        <tbody>
          {sale.items.map((l, i) => (
            <tr key={i}>
              <td>
                {describeLine(l.name, l.variation)} <LevelNote line={l} sale={sale} />
                <br />
                {quantityText(l)} × {formatMoney(l.price, symbol)}
              </td>
              <td className="num">{formatMoney(lineTotal(l), symbol)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Totals sale={sale} symbol={symbol} />
      {sale.user?.fullname && <p>Served by {sale.user.fullname}</p>}
      <Footer header={header} />
    </>
  );
}

export function FullInvoice({ sale, business, symbol, showLpo, header }: Props) {
  return (
    <>
      <InvoiceHeading header={header} business={business} />
      <h3>Invoice</h3>
      <div className="invoice-to">
        <div data-testid="invoice-to">
          <strong>To:</strong> {sale.customer?.name}
          {sale.customer?.phone_number && <div>{sale.customer.phone_number}</div>}
          {sale.customer?.address && <div>{sale.customer.address}</div>}
        </div>
        <div>
          <div>Invoice number: {sale.invoice_number}</div>
          <div>Date: {formatDate(sale.date)}</div>
          {showLpo && (
            <label>
              LPO number: <input className="lpo-input" defaultValue={sale.lpo ?? ''} aria-label="LPO number" />
            </label>
          )}
          {sale.truck_number && <div>Truck number: {sale.truck_number}</div>}
          {sale.waybill && <div>Waybill: {sale.waybill}</div>}
          <SaleLevel sale={sale} />
        </div>
      </div>
      <table>
        <thead>
          <tr>
            <th>SN</th>
            <th>Description</th>
            <th className="num">Quantity</th>
            <th className="num">Unit Price</th>
            <th className="num">Total</th>
          </tr>
        </thead>
        <tbody>
          {sale.items.map((l, i) => (
            <tr key={i}>
              <td>{i + 1}</td>
              <td>
                {describeLine(l.name, l.variation)} <LevelNote line={l} sale={sale} />
              </td>
              <td className="num">{quantityText(l)}</td>
              <td className="num">{formatMoney(l.price, symbol)}</td>
              <td className="num">{formatMoney(lineTotal(l), symbol)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Totals sale={sale} symbol={symbol} />
      <p data-testid="amount-in-words">
        <strong>Amount in words:</strong> {amountInWords(sale.total_due)}
      </p>
      <div className="invoice-signers">
        <span>Customer's signature</span>
        <span>For {business}</span>
      </div>
      <Footer header={header} />
    </>
  );
}
