import { INVOICE_LINE_TEXT, INVOICE_SPLIT_TEXT } from '@/entities/invoice';
import { formatPesos } from '@/entities/money';
import { HmoCardNotice, hmoCardStatusNotice } from '@/entities/patient';
import { refusalTextOf } from '@/lib/refusal-text';
import { requestErrorOf } from '@/lib/request-error';
import type { InvoiceSplit } from '../api/preview-invoice-split';
import { ITEM_TEXT } from '../messages';

const SPLIT = INVOICE_SPLIT_TEXT;

/**
 * Under one line, who pays it when the HMO covers it: the HMO's share and the patient's, the
 * contracted price it is billed at, and whether the HMO's annual limit cut it; and for a senior
 * citizen or PWD, whether the line's own discount or the statutory one applies. The database's
 * numbers (invoice_split), shown as they are.
 */
export function LineSplit({
  line,
  discountIdType,
}: {
  line: InvoiceSplit['lines'][number];
  discountIdType: InvoiceSplit['discount_id_type'];
}) {
  const discountChoice =
    discountIdType && line.entered_discount_centavos > 0
      ? (line.statutory_discount ? ITEM_TEXT.statutoryInstead : ITEM_TEXT.lineDiscountInstead)(
          discountIdType,
          formatPesos(line.entered_discount_centavos),
        )
      : null;
  if (line.coverage === null && discountChoice === null) return null;
  return (
    <div className="invoice-item-split">
      {line.coverage === null ? null : (
        <p>
          {INVOICE_LINE_TEXT.columns.hmoShare} <output>{formatPesos(line.hmo_share_centavos)}</output>
          {' · '}
          {INVOICE_LINE_TEXT.columns.patientShare} <output>{formatPesos(line.patient_share_centavos)}</output>
        </p>
      )}
      {line.coverage === 'contracted' && line.unit_price_centavos !== line.entered_unit_price_centavos ? (
        <p>{ITEM_TEXT.contractedPrice(formatPesos(line.unit_price_centavos))}</p>
      ) : null}
      {line.limit_reached ? <p>{ITEM_TEXT.limitReached}</p> : null}
      {discountChoice ? <p>{discountChoice}</p> : null}
    </div>
  );
}

function Row({ label, centavos, strong = false }: { label: string; centavos: number; strong?: boolean }) {
  return (
    <div className={strong ? 'invoice-split-row is-strong' : 'invoice-split-row'}>
      <dt>{label}</dt>
      <dd>{formatPesos(centavos)}</dd>
    </div>
  );
}

/**
 * Under the lines: why the patient's HMO card cannot be used, if it cannot; what the HMO pays; the
 * VAT exemption and the senior citizen / PWD discount, each its own line; and what the patient
 * pays. While the first answer is on its way, nothing; when the database refuses the lines, its
 * words.
 */
export function InvoiceSplitSummary({ split, error }: { split: InvoiceSplit | null; error: unknown }) {
  if (error && !split) {
    return (
      <p className="field-error" role="alert">
        {refusalTextOf(requestErrorOf(error).cause) ?? ITEM_TEXT.splitFailed}
      </p>
    );
  }
  if (!split) return null;
  const problem = split.card_problem ? hmoCardStatusNotice(split.card_problem) : null;
  return (
    <>
      {problem ? <HmoCardNotice>{`${problem} ${ITEM_TEXT.noHmoShare}`}</HmoCardNotice> : null}
      <dl className="invoice-split">
        {split.card && split.hmo_share_centavos > 0 ? (
          <Row
            label={SPLIT.hmoPays(split.card.hmo_name, split.card.member_number)}
            centavos={split.hmo_share_centavos}
          />
        ) : null}
        {split.discount_id_type ? (
          <>
            {split.vat_exemption_centavos > 0 ? (
              <Row label={SPLIT.vatExemption} centavos={split.vat_exemption_centavos} />
            ) : null}
            <Row label={SPLIT.statutoryDiscount(split.discount_id_type)} centavos={split.statutory_discount_centavos} />
          </>
        ) : null}
        <Row label={SPLIT.patientPays} centavos={split.total_centavos} strong />
      </dl>
    </>
  );
}
