import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './configError';
import { loadConfig } from './loadConfig';

const dir = mkdtempSync(join(tmpdir(), 'skydeck-header-'));
let n = 0;
/** A header file with this content; its path. */
const file = (content: unknown): string => {
  const path = join(dir, `header-${n++}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const load = (env: Record<string, string>) =>
  loadConfig({ env: { SKYDECK_LOG_LEVEL: 'silent', ...env }, cwd: dir });

const refusal = (env: Record<string, string>): string => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

const section = (items: unknown[], id = 'docs') => ({ id, title: 'Docs', items });

describe('SKYDECK_HEADER_FILE', () => {
  it('is optional: no file, no header', () => {
    expect(load({}).header).toBeUndefined();
  });

  it('reads the sections, relative to the working directory too', () => {
    const sections = [
      section([
        { text: 'Guide', url: 'https://docs.example.com/guide', description: 'Start here' },
        { text: 'Maintenance Saturday 02:00 UTC' },
      ]),
    ];
    const path = file({ sections });
    expect(load({ SKYDECK_HEADER_FILE: path }).header).toEqual(sections);
    expect(load({ SKYDECK_HEADER_FILE: path.slice(dir.length + 1) }).header).toEqual(sections);
  });

  it('is read from the SKYDECK_CONFIG file too (header_file), the variable winning', () => {
    const fromFile = [section([{ text: 'From the config file' }])];
    const fromEnv = [section([{ text: 'From the environment' }])];
    const headerPath = file({ sections: fromFile });
    const config = join(dir, 'skydeck.yaml');
    writeFileSync(config, `header_file: ${headerPath.slice(dir.length + 1)}\n`);
    expect(load({ SKYDECK_CONFIG: config }).header).toEqual(fromFile);
    expect(
      load({ SKYDECK_CONFIG: config, SKYDECK_HEADER_FILE: file({ sections: fromEnv }) }).header,
    ).toEqual(fromEnv);
  });

  it('refuses a file that is missing or not JSON, naming the setting and the file', () => {
    expect(refusal({ SKYDECK_HEADER_FILE: join(dir, 'none.json') })).toMatch(
      /^SKYDECK_HEADER_FILE: .*none\.json cannot be read/,
    );
    const broken = file('{"sections": [');
    expect(refusal({ SKYDECK_HEADER_FILE: broken })).toContain(`${broken} is not valid JSON`);
  });

  it('refuses a link that is not http(s), naming where it is', () => {
    const message = refusal({
      SKYDECK_HEADER_FILE: file({
        sections: [section([{ text: 'x', url: 'javascript:alert(1)' }])],
      }),
    });
    expect(message).toMatch(/is not a valid header: at sections\[0\]\.items\[0\]\.url: /);
    expect(
      refusal({
        SKYDECK_HEADER_FILE: file({ sections: [section([{ text: 'x', url: 'http://[bad' }])] }),
      }),
    ).toContain('sections[0].items[0].url must be an http(s) address');
  });

  it('refuses unknown fields (markup has no place), bad ids and a section id used twice', () => {
    expect(
      refusal({
        SKYDECK_HEADER_FILE: file({ sections: [{ ...section([]), html: '<b>hi</b>' }] }),
      }),
    ).toContain('unknown field: html');
    expect(refusal({ SKYDECK_HEADER_FILE: file({ sections: [section([], 'a b;c')] }) })).toContain(
      'at sections[0].id',
    );
    expect(
      refusal({ SKYDECK_HEADER_FILE: file({ sections: [section([]), section([])] }) }),
    ).toContain("sections[1].id 'docs' is used twice");
    expect(refusal({ SKYDECK_HEADER_FILE: file([section([])]) })).toContain(
      'is not a valid header',
    );
  });
});

describe('the server with a malformed header file', () => {
  it('refuses to start, saying which file and where', () => {
    const bad = file({ sections: [section([{ text: 'x', url: 'javascript:alert(1)' }])] });
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../server.ts', import.meta.url))],
      {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: {
          ...process.env,
          PORT: '0',
          OS_CLOUD: '',
          OS_AUTH_URL: '',
          SKYDECK_CONFIG: '',
          SKYDECK_HEADER_FILE: bad,
        },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Skydeck: SKYDECK_HEADER_FILE: ${bad} is not a valid header`);
    expect(run.stderr).toContain('sections[0].items[0].url');
  }, 60_000);
});
