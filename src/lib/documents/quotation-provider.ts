import 'server-only';
import type { ServerConfig } from '../server-config';
import type { QuotationProvider } from './quotation-data';

/** Who the quotation is from: the site's identity and the owner's QUOTATION_* settings. */
export function quotationProvider(
  identity: { name: string; address: readonly string[]; phone?: string | undefined; email?: string | undefined },
  { legalName, taxNumber, vatPercent, bankDetails, paymentTerms }: ServerConfig['quotation'],
): QuotationProvider {
  return {
    name: identity.name,
    address: identity.address,
    phone: identity.phone,
    email: identity.email,
    legalName,
    taxNumber,
    vatPercent,
    bankDetails,
    paymentTerms,
  };
}
