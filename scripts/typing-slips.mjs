/**
 * Typing slips as visitors make them, for testing and comparing course search (issue 33): one edit in one
 * word of a title (a letter left out, two swapped, one wrong, one doubled), never in its first letter (people
 * rarely miss that one) and only in words of 4 letters or more (shorter ones are codes and acronyms the
 * search keeps exact). Seeded, so a run always makes the same slips.
 */

/** @typedef {'dropped' | 'swapped' | 'replaced' | 'doubled'} SlipKind */

/** @type {readonly SlipKind[]} */
export const SLIP_KINDS = ['dropped', 'swapped', 'replaced', 'doubled'];

/** A small seeded generator (same seed, same slips). @param {number} seed */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * `word` with one slip of `kind` at a position after its first letter.
 * @param {string} word @param {SlipKind} kind @param {() => number} next
 */
export function slip(word, kind, next) {
  const at = 1 + Math.floor(next() * (word.length - 1));
  switch (kind) {
    case 'dropped':
      return word.slice(0, at) + word.slice(at + 1);
    case 'swapped': {
      const i = Math.min(at, word.length - 2);
      return word[i + 1] === word[i]
        ? slip(word, 'replaced', next)
        : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
    case 'replaced': {
      const letters = 'abcdefghijklmnopqrstuvwxyz';
      let letter = letters[Math.floor(next() * letters.length)];
      if (letter === word[at].toLowerCase())
        letter = letter === 'z' ? 'a' : String.fromCharCode(letter.charCodeAt(0) + 1);
      return word.slice(0, at) + letter + word.slice(at + 1);
    }
    case 'doubled':
      return word.slice(0, at + 1) + word[at] + word.slice(at + 1);
  }
}

/**
 * `perTitle` slipped copies of each Latin title (titles in other scripts are skipped), each with one slip of
 * the next kind in turn in one of its words of 4 letters or more.
 * @param {readonly string[]} titles @param {{ perTitle?: number, seed?: number }} [options]
 * @returns {{ title: string, typed: string, kind: SlipKind, word: string }[]}
 */
export function slippedTitles(titles, { perTitle = 2, seed = 33 } = {}) {
  const next = random(seed);
  const out = [];
  let turn = 0;
  for (const title of titles) {
    const words = title.split(' ');
    const long = words.map((word, index) => ({ word, index })).filter(({ word }) => /^[A-Za-z]{4,}$/.test(word));
    if (long.length === 0) continue;
    for (let n = 0; n < perTitle; n += 1) {
      const kind = SLIP_KINDS[turn++ % SLIP_KINDS.length];
      const { word, index } = long[Math.floor(next() * long.length)];
      const typed = [...words.slice(0, index), slip(word, kind, next), ...words.slice(index + 1)].join(' ');
      out.push({ title, typed, kind, word });
    }
  }
  return out;
}

/** Words that tell a course from its near-copies, not what it is about. */
const COPY_WORDS = new Set(['Advanced', 'Masterclass']);

/**
 * Two words of each Latin title (its two longest, leaving out "Advanced" and "Masterclass", which only tell
 * near-copies apart), one of them with a slip: how a visitor recalls a course.
 * @param {readonly string[]} titles @param {{ seed?: number }} [options]
 * @returns {{ title: string, typed: string }[]}
 */
export function twoWordsOneSlip(titles, { seed = 34 } = {}) {
  const next = random(seed);
  const out = [];
  let turn = 0;
  for (const title of titles) {
    const long = title.split(' ').filter((word) => /^[A-Za-z]{4,}$/.test(word) && !COPY_WORDS.has(word));
    if (long.length < 2) continue;
    const [first, second] = [...long].sort((a, b) => b.length - a.length);
    const kind = SLIP_KINDS[turn++ % SLIP_KINDS.length];
    out.push({ title, typed: `${first} ${slip(second, kind, next)}` });
  }
  return out;
}
