/**
 * The layout's shared open/closed states. Module-level atoms live in jotai's default store; they are only
 * ever written from event handlers in the browser, so the server renders every one of them closed.
 */
import { atom } from 'jotai';

export const mobileMenuOpenAtom = atom(false);
export const searchOverlayOpenAtom = atom(false);
export const floatingContactOpenAtom = atom(false);
