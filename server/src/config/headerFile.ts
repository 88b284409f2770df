import { readFileSync } from 'node:fs';
import { HeaderSections, type HeaderSection } from '@skydeck/contract';
import { Ajv } from 'ajv';
import { formatValidationErrors } from '../lib/validation';
import { ConfigError } from './configError';

// Strict, unlike request bodies (whose unknown fields are dropped): an operator's misspelt
// field ("link" for "url") or a field of markup is refused at start, not silently ignored.
const validator = new Ajv({ allErrors: false, verbose: true }).compile(HeaderSections);

/** '/sections/1/items/0/url' → 'sections[1].items[0].url', so the operator finds the spot. */
const location = (instancePath: string): string =>
  instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');

/**
 * Reads the extensible header's sections (spec 1 §2) from the operator's JSON file, once at
 * start: a file that cannot be read or does not match HeaderSections stops the server with a
 * message naming the file and the place, rather than a header that silently shows nothing.
 */
export const readHeaderFile = (file: string): HeaderSection[] => {
  const fail = (why: string): never => {
    throw new ConfigError(`SKYDECK_HEADER_FILE: ${file} ${why}`);
  };
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    fail(`cannot be read: ${(err as Error).message}`);
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    fail(`is not valid JSON: ${(err as Error).message}`);
  }
  if (!validator(doc)) {
    const first = validator.errors?.[0];
    const at = location(first?.instancePath ?? '');
    fail(
      `is not a valid header: ${at ? `at ${at}: ` : ''}${formatValidationErrors(validator.errors, 'header')}`,
    );
  }
  const { sections } = doc as HeaderSections;
  const seen = new Set<string>();
  sections.forEach((section, i) => {
    if (seen.has(section.id))
      fail(`is not a valid header: sections[${i}].id '${section.id}' is used twice`);
    seen.add(section.id);
    section.items.forEach((item, j) => {
      if (item.url === undefined) return;
      // The pattern let the scheme through; the parser decides whether it is a usable address.
      let protocol = '';
      try {
        protocol = new URL(item.url).protocol;
      } catch {
        // Left empty: refused below.
      }
      if (protocol !== 'http:' && protocol !== 'https:') {
        fail(`is not a valid header: sections[${i}].items[${j}].url must be an http(s) address`);
      }
    });
  });
  return sections;
};
