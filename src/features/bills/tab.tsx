import { BillingView } from './billing-screen';

/** The Billing System tab's view (src/app/tabs.ts loads it as its own chunk). */
export default function BillingTab() {
  return <BillingView />;
}
