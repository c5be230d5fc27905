export interface DevMail {
  id: number;
  to: string;
  subject: string;
  /**
   * What the e-mail is for: `signup` confirmation, password `recovery`, `invite`, or
   * `signup_existing` (someone tried to sign up with an address that has an account).
   */
  kind: string;
  /** The one link the e-mail asks the reader to follow. */
  link: string;
  html: string;
  sentAt: string;
}

/** Auth e-mails of the local stack: kept in memory and shown at /_dev/mail instead of being sent. */
export class DevMailbox {
  private readonly mails: DevMail[] = [];
  private nextId = 1;

  send(mail: Omit<DevMail, 'id' | 'sentAt'>): DevMail {
    const stored = { ...mail, id: this.nextId++, sentAt: new Date().toISOString() };
    this.mails.push(stored);
    if (this.mails.length > 500) this.mails.shift();
    return stored;
  }

  /** Newest first; optionally only those sent to one address. */
  list(to?: string): DevMail[] {
    const wanted = to?.toLowerCase();
    return this.mails.filter((mail) => !wanted || mail.to.toLowerCase() === wanted).reverse();
  }
}
