import 'server-only';
import { cache } from 'react';
import { getSettings } from './content';

/**
 * The admin's settings (logo, contact channels, social links), read once per render: the header, the footer,
 * the contact options, the provider's structured data and the contact page all show them, and each of those
 * sections gets this one load. React's `cache` in a server render is scoped to that render (one request's
 * RSC stream), so one visitor's answer is never another's and a new request reads afresh.
 */
export const loadSettings = cache(getSettings);
