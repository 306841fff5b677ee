/**
 * What a registration's quotation says (quotation-pdf.ts writes it): made from the registration as accepted,
 * for the confirmation's download and the team's email alike. Apart from the PDF code, so the form's action
 * does not load PDFKit.
 */
import type { RegistrationSession } from '../enquiry/store';
import type { SiteIdentity } from '../provider-identity';
import type { ServerConfig } from '../server-config';
import { COUNTRIES } from '../enquiry/countries';
import { PAYERS } from '../enquiry/schema';

export type QuotationData = {
  reference: string;
  /** yyyy-mm-dd (Bahrain), the day the registration arrived. */
  issuedOn: string;
  validUntil: string;
  buyer: { company: string; booker: string; country?: string; poNumber?: string; payer: string };
  session: Pick<RegistrationSession, 'courseTitle' | 'courseCode' | 'startDate' | 'endDate' | 'venue' | 'feeUsd'>;
  delegates: { name: string; jobTitle?: string }[];
};

export type QuotationProvider = Pick<SiteIdentity, 'name' | 'address' | 'phone' | 'email'> &
  Omit<ServerConfig['quotation'], 'secret' | 'validDays'>;

/** Who the quotation is from: the site's identity and the owner's QUOTATION_* settings. */
export function quotationProvider(
  { name, address, phone, email }: Pick<SiteIdentity, 'name' | 'address' | 'phone' | 'email'>,
  { secret: _secret, validDays: _validDays, ...terms }: ServerConfig['quotation'],
): QuotationProvider {
  return { name, address, phone, email, ...terms };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The quotation of an accepted registration: its fields as the schema accepted them, its session as looked up. */
export function quotationData({
  reference,
  receivedAt,
  session,
  fields,
  delegates,
  validDays,
}: {
  reference: string;
  receivedAt: Date;
  session: RegistrationSession;
  fields: Record<string, unknown>;
  delegates: readonly { name: string; jobTitle?: string }[];
  validDays: number;
}): QuotationData {
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).trim() : '');
  // Bahrain's calendar day (UTC+3) of the arrival, and the last day it is valid
  const issued = new Date(receivedAt.getTime() + 3 * 60 * 60 * 1000);
  const payer = text('payer');
  return {
    reference,
    issuedOn: issued.toISOString().slice(0, 10),
    validUntil: new Date(issued.getTime() + validDays * DAY_MS).toISOString().slice(0, 10),
    buyer: {
      company: text('company'),
      booker: text('name'),
      // the form sends the country's code; a purchasing department reads its name
      ...(text('country')
        ? { country: COUNTRIES.find((country) => country.value === text('country'))?.label ?? text('country') }
        : {}),
      ...(text('poNumber') ? { poNumber: text('poNumber') } : {}),
      payer: PAYERS.find((option) => option.value === payer)?.label ?? payer,
    },
    session: {
      courseTitle: session.courseTitle,
      ...(session.courseCode ? { courseCode: session.courseCode } : {}),
      startDate: session.startDate,
      endDate: session.endDate,
      venue: session.venue,
      feeUsd: session.feeUsd,
    },
    delegates: delegates.map(({ name, jobTitle }) => ({ name, ...(jobTitle ? { jobTitle } : {}) })),
  };
}

export function quotationFileName(reference: string): string {
  return `quotation-${reference}.pdf`;
}
