import { useEffect } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { centavosToDecimal, formatPesos } from '@/entities/money';
import {
  readInvoiceItems,
  TOOTH_SURFACES,
  type InvoiceFormOutput,
  type InvoiceFormValues,
  type InvoiceItemValues,
} from '../api/add-invoice.schema';
import { usePriceList, type PriceListEntry } from '../api/get-price-list';
import { useInvoiceSplit, type InvoiceSplit, type InvoiceSplitRequest } from '../api/preview-invoice-split';
import { lineRefusalOf, type LineRefusal } from '../line-refusal';
import { ITEM_TEXT } from '../messages';
import { lineTotalCentavos, runningTotalCentavos } from '../running-total';
import { splitView } from '../split-answer';
import { InvoiceSplitSummary, LineSplit } from './invoice-split-summary';
import './invoice-items-editor.css';

type InvoiceForm = UseFormReturn<InvoiceFormValues, unknown, InvoiceFormOutput>;

/** A new line: no procedure yet, one of it, no discount. */
export const emptyItem = (): InvoiceItemValues => ({
  procedureId: '',
  tooth: '',
  surfaces: [],
  quantity: '1',
  price: '',
  discount: '',
});

const COLUMNS = ITEM_TEXT.columns;

/**
 * The Add Invoice form's line items: per line a procedure from the clinic's price list (its price
 * filled in, editable), tooth, surfaces, quantity and discount; lines are added and removed, and
 * the running total shows in exact centavos. Once the patient is chosen and every line can be
 * read, the database's split of them (public.invoice_split: the HMO's share, the senior citizen /
 * PWD discount, what the patient pays) shows per line and under the lines; until the patient's
 * first answer arrives (or another patient's or appointment's, after a switch), nothing shows and
 * `onSplitWaiting` says Save should wait; `onSplitShown` says which split is on screen, the one
 * Save confirms. The database checks the lines when they are asked about and when they are saved;
 * a line it refuses is told at that line's field.
 */
export function InvoiceItemsEditor({
  clinicId,
  formId,
  form,
  appointmentId,
  onSplitWaiting,
  onSplitShown,
}: {
  clinicId: number;
  formId: string;
  form: InvoiceForm;
  /** The appointment billed: its day decides which HMO card is valid. */
  appointmentId?: number;
  /** True while the split of the chosen patient (and appointment) is on its way; false once not. */
  onSplitWaiting?: (waiting: boolean) => void;
  /** The split shown under the lines (maybe the last lines' while these are asked about), or null. */
  onSplitShown?: (split: InvoiceSplit | null) => void;
}) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items' });
  const priceList = usePriceList(clinicId, true);
  const items = useWatch({ control: form.control, name: 'items' });
  const patient = useWatch({ control: form.control, name: 'patient' });
  const readable = readInvoiceItems(items);
  const request: InvoiceSplitRequest | null =
    patient && readable ? { patientId: patient.id, items: readable, appointmentId } : null;
  // While the answer for the lines now typed is on its way, the last one stays shown if it is for
  // this patient and appointment and has as many lines; the total is the database's only for
  // exactly these lines.
  const split = splitView(request, useInvoiceSplit(clinicId, request));
  const shown = split.shown;
  useEffect(() => {
    onSplitWaiting?.(split.waiting);
    return () => onSplitWaiting?.(false);
  }, [onSplitWaiting, split.waiting]);
  useEffect(() => {
    onSplitShown?.(shown);
    return () => onSplitShown?.(null);
  }, [onSplitShown, shown]);
  // A line the database refused is told at its field, not under the lines.
  const refusedLine = lineRefusalOf(split.error);
  // Lines Bill starts with name their procedure before the price list has arrived, when their
  // select has no such option yet: the browser drops the value, so it is set again once it has.
  useEffect(() => {
    if (!priceList.data) return;
    form.getValues('items').forEach((item, index) => {
      if (item.procedureId !== '') form.setValue(`items.${index}.procedureId`, item.procedureId);
    });
  }, [priceList.data, form]);
  // A refusal of the list itself (no line) is the field array's root error.
  const listError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;

  return (
    <div className="invoice-items">
      {priceList.isError ? (
        <p className="field-error" role="alert">
          {ITEM_TEXT.priceListFailed}
        </p>
      ) : null}
      {fields.map((field, index) => (
        <ItemLine
          key={field.id}
          form={form}
          index={index}
          id={`${formId}-item-${field.id}`}
          procedures={priceList.data ?? []}
          loading={priceList.isPending}
          item={items[index] ?? field}
          split={shown?.lines[index] ?? null}
          discountIdType={shown?.discount_id_type ?? null}
          billedCentavos={split.current?.lines[index]?.line_total_centavos ?? null}
          refusal={refusedLine?.index === index ? refusedLine : null}
          onRemove={() => remove(index)}
        />
      ))}
      <button type="button" className="button button-secondary invoice-items-add" onClick={() => append(emptyItem())}>
        {ITEM_TEXT.addItem}
      </button>
      {listError ? <p className="field-error">{listError}</p> : null}
      <p className="invoice-items-total">
        {ITEM_TEXT.runningTotal}{' '}
        <output aria-live="polite" data-testid="invoice-items-total">
          {formatPesos(split.current ? split.current.gross_centavos : runningTotalCentavos(items))}
        </output>
      </p>
      {patient && readable ? <InvoiceSplitSummary split={shown} error={refusedLine ? null : split.error} /> : null}
    </div>
  );
}

function ItemLine({
  form,
  index,
  id,
  procedures,
  loading,
  item,
  split,
  discountIdType,
  billedCentavos,
  refusal,
  onRemove,
}: {
  form: InvoiceForm;
  index: number;
  id: string;
  procedures: readonly PriceListEntry[];
  loading: boolean;
  item: InvoiceItemValues;
  split: InvoiceSplit['lines'][number] | null;
  /** The patient's senior citizen or PWD ID, as the split billed it. */
  discountIdType: InvoiceSplit['discount_id_type'];
  /** The line's total as the database bills it (a contracted price), for exactly the lines typed. */
  billedCentavos: number | null;
  /** The database's refusal of this line as typed (the split's), told at its field until the form's own. */
  refusal: LineRefusal | null;
  onRemove: () => void;
}) {
  const errors = form.formState.errors.items?.[index];
  const errorOf = (name: keyof InvoiceItemValues) =>
    errors?.[name]?.message ?? (refusal?.field === name ? refusal.text : undefined);
  const position = index + 1;
  const lineTotal = lineTotalCentavos(item);
  const surfacesError = errorOf('surfaces');
  const field = (name: 'tooth' | 'quantity' | 'price' | 'discount') => ({
    id: `${id}-${name}`,
    error: errorOf(name),
    fieldClassName: `invoice-item-${name}`,
    ...form.register(`items.${index}.${name}`),
  });
  return (
    <fieldset className="invoice-item">
      <legend>{ITEM_TEXT.item(position)}</legend>
      <SelectField
        id={`${id}-procedure`}
        label={COLUMNS.procedure}
        fieldClassName="invoice-item-procedure"
        error={errorOf('procedureId')}
        placeholder={loading ? ITEM_TEXT.priceListLoading : ITEM_TEXT.chooseProcedurePlaceholder}
        options={procedures.map((procedure) => ({
          value: String(procedure.id),
          label: `${procedure.name} — ${formatPesos(procedure.priceCentavos)}`,
        }))}
        {...form.register(`items.${index}.procedureId`, {
          onChange: (event: { target: { value: string } }) => {
            const chosen = procedures.find((procedure) => String(procedure.id) === event.target.value);
            if (chosen) form.setValue(`items.${index}.price`, centavosToDecimal(chosen.priceCentavos));
          },
        })}
      />
      <TextField
        label={COLUMNS.tooth}
        hint={ITEM_TEXT.toothHint}
        inputMode="numeric"
        maxLength={2}
        autoComplete="off"
        {...field('tooth')}
      />
      <fieldset
        className="invoice-item-surfaces"
        aria-invalid={surfacesError ? true : undefined}
        aria-describedby={surfacesError ? `${id}-surfaces-error` : undefined}
      >
        <legend>{COLUMNS.surfaces}</legend>
        {TOOTH_SURFACES.map((surface) => (
          <label key={surface}>
            <input type="checkbox" value={surface} {...form.register(`items.${index}.surfaces`)} />
            {surface}
          </label>
        ))}
        {surfacesError ? (
          <p id={`${id}-surfaces-error`} className="field-error" role="alert">
            {surfacesError}
          </p>
        ) : null}
      </fieldset>
      <TextField label={COLUMNS.quantity} inputMode="numeric" maxLength={4} autoComplete="off" {...field('quantity')} />
      <TextField label={COLUMNS.price} inputMode="decimal" autoComplete="off" {...field('price')} />
      <TextField
        label={COLUMNS.discount}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        {...field('discount')}
      />
      <p className="invoice-item-line-total">
        {COLUMNS.lineTotal}{' '}
        <output>
          {billedCentavos !== null ? formatPesos(billedCentavos) : lineTotal === null ? '—' : formatPesos(lineTotal)}
        </output>
      </p>
      {split ? <LineSplit line={split} discountIdType={discountIdType} /> : null}
      <button
        type="button"
        className="button button-secondary invoice-item-remove"
        aria-label={ITEM_TEXT.removeItem(position)}
        onClick={onRemove}
      >
        ×
      </button>
    </fieldset>
  );
}
