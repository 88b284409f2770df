import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { u } from './utilities';

const here = import.meta.dirname;
const src = join(here, '..', '..');

/** Every .ts/.tsx file under the web app's sources, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('utilities', () => {
  it('has a rule in utilities.css for every class it names', () => {
    const css = readFileSync(join(here, 'utilities.css'), 'utf8');
    for (const name of Object.values(u)) expect(css).toContain(`.${name} {`);
  });

  it('is the only way the app names a utility class: PatternFly’s utility sheets are not loaded', () => {
    const offenders = sources(src).filter((file) =>
      /["'`\s]pf-v6-u-/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => file.slice(src.length + 1))).toEqual([]);
  });
});
