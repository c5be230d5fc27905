/**
 * A retry whose form's key had already saved a row (its answer was lost), with other values than
 * the retry sends: the saved row is not what the form now says, so the retry is not its success.
 */
export class EarlierSaveDiffers extends Error {
  constructor(
    readonly kind: 'invoice' | 'payment',
    readonly id: number,
  ) {
    super(`This form already saved ${kind} #${id} with other values.`);
    this.name = 'EarlierSaveDiffers';
  }
}
