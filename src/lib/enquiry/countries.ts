/**
 * The 249 ISO 3166-1 countries and territories of the contact form's country picker: the 2-letter code
 * that is stored, the English name that is shown, and the name in a main local language (after `=`, when it
 * differs), which the picker also finds and shows. Names from CLDR with hand-picked conventional English
 * ('and' rather than '&'), in English alphabetical order; edit it as data. Client-safe.
 */
export type Country = { readonly value: string; readonly label: string; readonly native: string };

const DATA = `
AF Afghanistan=افغانستان; AX Åland Islands=Åland; AL Albania=Shqipëri; DZ Algeria=الجزائر;
AS American Samoa=Amerika Sāmoa; AD Andorra; AO Angola; AI Anguilla; AQ Antarctica; AG Antigua and Barbuda;
AR Argentina; AM Armenia=Հայաստան; AW Aruba; AU Australia; AT Austria=Österreich; AZ Azerbaijan=Azərbaycan;
BS Bahamas; BH Bahrain=البحرين; BD Bangladesh=বাংলাদেশ; BB Barbados; BY Belarus=Беларусь; BE Belgium=België;
BZ Belize; BJ Benin=Bénin; BM Bermuda; BT Bhutan=འབྲུག; BO Bolivia;
BQ Bonaire, Sint Eustatius and Saba=Caribisch Nederland; BA Bosnia and Herzegovina=Bosna i Hercegovina;
BW Botswana; BV Bouvet Island=Bouvetøya; BR Brazil=Brasil; IO British Indian Ocean Territory; BN Brunei;
BG Bulgaria=България; BF Burkina Faso; BI Burundi=Uburundi; CV Cabo Verde; KH Cambodia=កម្ពុជា;
CM Cameroon=Cameroun; CA Canada; KY Cayman Islands; CF Central African Republic=Ködörösêse tî Bêafrîka;
TD Chad=تشاد; CL Chile; CN China=中国; CX Christmas Island; CC Cocos (Keeling) Islands; CO Colombia;
KM Comoros=جزر القمر; CG Congo; CD Congo (Democratic Republic)=République démocratique du Congo; CK Cook Islands;
CR Costa Rica; CI Côte d'Ivoire; HR Croatia=Hrvatska; CU Cuba; CW Curaçao=Kòrsou; CY Cyprus=Κύπρος;
CZ Czechia=Česko; DK Denmark=Danmark; DJ Djibouti; DM Dominica; DO Dominican Republic=República Dominicana;
EC Ecuador; EG Egypt=مصر; SV El Salvador; GQ Equatorial Guinea=Guinea Ecuatorial; ER Eritrea=ኤርትራ;
EE Estonia=Eesti; SZ Eswatini; ET Ethiopia=ኢትዮጵያ; FK Falkland Islands (Malvinas); FO Faroe Islands=Føroyar;
FJ Fiji; FI Finland=Suomi; FR France; GF French Guiana=Guyane française; PF French Polynesia=Polynésie française;
TF French Southern Territories=Terres australes françaises; GA Gabon; GM Gambia; GE Georgia=საქართველო;
DE Germany=Deutschland; GH Ghana=Gaana; GI Gibraltar; GR Greece=Ελλάδα; GL Greenland=Kalaallit Nunaat;
GD Grenada; GP Guadeloupe; GU Guam; GT Guatemala; GG Guernsey; GN Guinea=Guinée; GW Guinea-Bissau=Guiné-Bissau;
GY Guyana; HT Haiti; HM Heard Island and McDonald Islands; VA Holy See (Vatican City)=Città del Vaticano;
HN Honduras; HK Hong Kong=香港; HU Hungary=Magyarország; IS Iceland=Ísland; IN India=भारत; ID Indonesia;
IR Iran=ایران; IQ Iraq=العراق; IE Ireland; IM Isle of Man; IL Israel=ישראל; IT Italy=Italia; JM Jamaica;
JP Japan=日本; JE Jersey; JO Jordan=الأردن; KZ Kazakhstan=Қазақстан; KE Kenya; KI Kiribati; KP Korea (North)=북한;
KR Korea (South)=대한민국; KW Kuwait=الكويت; KG Kyrgyzstan=Кыргызстан; LA Laos=ລາວ; LV Latvia=Latvija;
LB Lebanon=لبنان; LS Lesotho; LR Liberia; LY Libya=ليبيا; LI Liechtenstein; LT Lithuania=Lietuva;
LU Luxembourg=Lëtzebuerg; MO Macao=澳門; MG Madagascar=Madagasikara; MW Malawi; MY Malaysia;
MV Maldives=ދިވެހިރާއްޖެ; ML Mali; MT Malta; MH Marshall Islands=M̧ajeļ; MQ Martinique; MR Mauritania=موريتانيا;
MU Mauritius=Maurice; YT Mayotte; MX Mexico=México; FM Micronesia (Federated States of);
MD Moldova=Republica Moldova; MC Monaco; MN Mongolia=Монгол; ME Montenegro=Crna Gora; MS Montserrat;
MA Morocco=المغرب; MZ Mozambique=Moçambique; MM Myanmar=မြန်မာ; NA Namibia; NR Nauru; NP Nepal=नेपाल;
NL Netherlands=Nederland; NC New Caledonia=Nouvelle-Calédonie; NZ New Zealand; NI Nicaragua; NE Niger=Nijar;
NG Nigeria; NU Niue=Niuē; NF Norfolk Island; MK North Macedonia=Северна Македонија; MP Northern Mariana Islands;
NO Norway=Norge; OM Oman=عُمان; PK Pakistan=پاکستان; PW Palau=Belau; PS Palestine=الأراضي الفلسطينية;
PA Panama=Panamá; PG Papua New Guinea=Papua Niugini; PY Paraguay; PE Peru=Perú; PH Philippines=Pilipinas;
PN Pitcairn Islands; PL Poland=Polska; PT Portugal; PR Puerto Rico; QA Qatar=قطر; RE Réunion=La Réunion;
RO Romania=România; RU Russia=Россия; RW Rwanda=U Rwanda; BL Saint Barthélemy=Saint-Barthélemy;
SH Saint Helena, Ascension and Tristan da Cunha; KN Saint Kitts and Nevis; LC Saint Lucia;
MF Saint Martin (French part)=Saint-Martin; PM Saint Pierre and Miquelon=Saint-Pierre-et-Miquelon;
VC Saint Vincent and the Grenadines; WS Samoa=Sāmoa; SM San Marino; ST São Tomé and Príncipe=São Tomé e Príncipe;
SA Saudi Arabia=المملكة العربية السعودية; SN Senegal=Senegaal; RS Serbia=Србија; SC Seychelles; SL Sierra Leone;
SG Singapore; SX Sint Maarten (Dutch part); SK Slovakia=Slovensko; SI Slovenia=Slovenija; SB Solomon Islands;
SO Somalia=Soomaaliya; ZA South Africa; GS South Georgia and the South Sandwich Islands; SS South Sudan;
ES Spain=España; LK Sri Lanka=ශ්‍රී ලංකාව; SD Sudan=السودان; SR Suriname;
SJ Svalbard and Jan Mayen=Svalbard og Jan Mayen; SE Sweden=Sverige; CH Switzerland=Schweiz; SY Syria=سوريا;
TW Taiwan=臺灣; TJ Tajikistan=Тоҷикистон; TZ Tanzania; TH Thailand=ไทย; TL Timor-Leste; TG Togo; TK Tokelau;
TO Tonga; TT Trinidad and Tobago; TN Tunisia=تونس; TR Türkiye; TM Turkmenistan=Türkmenistan;
TC Turks and Caicos Islands; TV Tuvalu; UG Uganda; UA Ukraine=Україна;
AE United Arab Emirates=الإمارات العربية المتحدة; GB United Kingdom; US United States;
UM United States Minor Outlying Islands; UY Uruguay; UZ Uzbekistan=Oʻzbekiston; VU Vanuatu; VE Venezuela;
VN Vietnam=Việt Nam; VG Virgin Islands (British); VI Virgin Islands (U.S.);
WF Wallis and Futuna=Wallis-et-Futuna; EH Western Sahara=الصحراء الغربية; YE Yemen=اليمن; ZM Zambia; ZW Zimbabwe
`;

export const COUNTRIES: readonly Country[] = DATA.trim()
  .split(/;\s*/)
  .map((entry) => {
    const [english = '', native] = entry.slice(3).split('=');
    return { value: entry.slice(0, 2), label: english, native: native ?? english };
  });

export const COUNTRY_NAMES: ReadonlyMap<string, string> = new Map(COUNTRIES.map((c) => [c.value, c.label]));

/** What people type for a country that is neither its name nor its code (code, then the names, by commas). */
const ALIASES = new Map(
  [
    'US USA,America,United States of America; AE UAE,Emirates; SA KSA,Saudi; KR South Korea; KP North Korea',
    'GB UK,Britain,Great Britain,England,Scotland,Wales; NL Holland; CI Ivory Coast; CZ Czech Republic',
    'TR Turkey; SZ Swaziland; CV Cape Verde; VA Vatican; MM Burma; MK Macedonia; CD DR Congo,DRC',
  ]
    .join('; ')
    .split('; ')
    .map((entry) => [entry.slice(0, 2), entry.slice(3).split(',')]),
);

/**
 * Lower case, without accents, dots or extra spaces, one apostrophe, hyphens as spaces and '&' as 'and':
 * 'U.S.A.' finds 'USA', 'cote d’ivoire' finds 'Côte d'Ivoire', 'Guinea Bissau' and 'Trinidad & Tobago' theirs.
 */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f.]/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/-/g, ' ')
    .replace(/&/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Each country's code and its names (English, local, everyday), folded. */
const SEARCH = COUNTRIES.map((country) => ({
  country,
  code: fold(country.value),
  names: [country.label, country.native, ...(ALIASES.get(country.value) ?? [])].map(fold),
}));

/**
 * The countries matching what was typed, best first: a name, code or alias typed in full ('UAE', 'KSA',
 * 'البحرين'), then names that start with it, then names with a word that starts with it, then names that
 * merely contain it; alphabetical within each rank.
 */
export function findCountries(typed: string): readonly Country[] {
  const query = fold(typed);
  if (!query) return COUNTRIES;
  const rank = (name: string) =>
    name === query ? 0 : name.startsWith(query) ? 1 : name.includes(` ${query}`) ? 2 : name.includes(query) ? 3 : 4;
  return SEARCH.map(({ country, code, names }) => ({ country, rank: Math.min(rank(code), ...names.map(rank)) }))
    .filter((match) => match.rank < 4)
    .sort((a, b) => a.rank - b.rank)
    .map((match) => match.country);
}

/**
 * The code of the one country named by what was typed: its code as written ('BH', upper case, so 'no' or 'it'
 * in a sentence is no country), or its name, local name or everyday name in any case ('bahrain', 'UAE',
 * 'البحرين', 'cote d’ivoire'), folded as above; undefined when none or more than one is. The contact form's
 * plain country field (a text box with suggestions, before and without JavaScript) sends what was typed, and
 * the server reads it with this.
 */
export function countryCode(typed: string): string | undefined {
  const trimmed = typed.trim();
  if (COUNTRY_NAMES.has(trimmed)) return trimmed;
  const query = fold(trimmed);
  if (!query) return undefined;
  const named = SEARCH.filter(({ names }) => names.includes(query));
  return named.length === 1 ? named[0]!.country.value : undefined;
}
