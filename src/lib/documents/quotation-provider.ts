import 'server-only';
import { serverConfig } from '../server-config';
import { siteIdentity } from '../site-identity';
import type { QuotationProvider } from './quotation-data';

/** Who the quotation is from: the site's identity and the owner's QUOTATION_* settings. */
export function quotationProvider(): QuotationProvider {
  const identity = siteIdentity();
  const { legalName, taxNumber, vatPercent, bankDetails, paymentTerms } = serverConfig().quotation;
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
