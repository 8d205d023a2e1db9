// i18n.js: the page's languages.  Strings live in web/i18n/<code>.json, one
// flat object of keys; t(key, params) fills {name} placeholders.  English is
// always loaded, so a key missing from another language still shows text.

export const LANGUAGES = { en: 'English', it: 'Italiano', nb: 'Norsk bokmål', cs: 'Čeština' };

let strings = {};
let english = {};
let current = 'en';

/** The language to start in: the saved choice, else the browser's first
 * language we have (Norwegian of any kind reads bokmål), else English. */
export function pickLanguage(saved, browserLanguages = navigator.languages ?? [navigator.language]) {
  if (saved && LANGUAGES[saved]) return saved;
  for (const tag of browserLanguages) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base === 'no' || base === 'nn') return 'nb';
    if (LANGUAGES[base]) return base;
  }
  return 'en';
}

async function fetchStrings(code) {
  const response = await fetch(new URL(`../i18n/${code}.json`, import.meta.url));
  if (!response.ok) throw new Error(`i18n/${code}.json: HTTP ${response.status}`);
  return response.json();
}

export async function setLanguage(code) {
  if (!LANGUAGES[code]) code = 'en';
  const [base, chosen] = await Promise.all([
    Object.keys(english).length ? english : fetchStrings('en'),
    code === 'en' ? null : fetchStrings(code),
  ]);
  english = base;
  strings = chosen ?? base;
  current = code;
  document.documentElement.lang = code;
  translatePage();
}

export const language = () => current;

export function t(key, params = {}) {
  const text = strings[key] ?? english[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match));
}

/** Whether the current language has a text for the key. */
export const has = (key) => key in strings || key in english;

/** Fills every element marked data-i18n (its text) or data-i18n-<attr>. */
export function translatePage(root = document) {
  for (const node of root.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const attribute of ['aria-label', 'title', 'placeholder']) {
    const data = `data-i18n-${attribute}`;
    for (const node of root.querySelectorAll(`[${data}]`)) node.setAttribute(attribute, t(node.getAttribute(data)));
  }
}

/** A refusal from the rules (src/wasm/api.h) in the current language:
 * by its reason code, with its squares; the English message when the code
 * is unknown. */
export function refusalText(refusal) {
  const key = `refusal.${refusal.reason}`;
  if (!has(key)) return refusal.message;
  return t(key, { a: refusal.a ?? '', b: refusal.b ?? '', number: refusal.number ?? '' });
}
