import type { FastifyReply } from 'fastify';
import { deleteContainer } from './containers';
import type { Swift, SwiftCall } from './context';
import { bestMatch, header, pyJson, statusLine, SwiftError, xmlEscape } from './http';
import { deleteObject } from './objects';

/** The bulk middleware's limits (its defaults, as /info reports them). */
export const MAX_DELETES_PER_REQUEST = 10_000;
export const MAX_FAILED_DELETES = 1000;
// max_path_length: an object and container name with their slashes.
const MAX_PATH_LENGTH = 1024 + 256 + 2;
const OUT_TYPES = ['text/plain', 'application/json', 'application/xml', 'text/xml'];

/** Python's `unquote`: percent escapes decoded as UTF-8, malformed ones kept as they are. */
const unquote = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
};

interface Outcome {
  status: number;
  body: string;
  deleted: number;
  notFound: number;
  errors: Array<[string, string]>;
}

const readBody = async (call: SwiftCall): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  const limit = (MAX_DELETES_PER_REQUEST + 1) * (MAX_PATH_LENGTH + 1) * 3;
  for await (const chunk of call.request.raw) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit)
      throw new SwiftError(413, `Maximum Bulk Deletes: ${MAX_DELETES_PER_REQUEST} per request`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

const render = (type: string | undefined, outcome: Outcome): string => {
  const summary: Record<string, string | number> = {
    'Response Status': statusLine(outcome.status),
    'Response Body': outcome.body,
    'Number Deleted': outcome.deleted,
    'Number Not Found': outcome.notFound,
  };
  if (type === 'application/json') return pyJson({ ...summary, Errors: outcome.errors });
  if (type?.endsWith('/xml')) {
    const fields = Object.keys(summary)
      .sort()
      .map((k) => {
        const tag = k.replaceAll(' ', '_').toLowerCase();
        return `<${tag}>${xmlEscape(String(summary[k]))}</${tag}>\n`;
      });
    const errors = outcome.errors.map(
      ([name, status]) =>
        `<object><name>${xmlEscape(name)}</name><status>${xmlEscape(status)}</status></object>\n`,
    );
    return `<delete>\n${fields.join('')}<errors>\n${errors.join('')}</errors>\n</delete>\n`;
  }
  const lines = Object.keys(summary)
    .sort()
    .map((k) => `${k}: ${summary[k]}\n`);
  return `${lines.join('')}Errors:\n${outcome.errors.map(([n, s]) => `${n}, ${s}\n`).join('')}`;
};

/** Python's `quote`, as failed names are reported. */
const quote = (text: string): string =>
  encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%2F', '/');

/**
 * `POST|DELETE ...?bulk-delete`: a newline-separated list of `container/object` or `container`
 * names (URL-encoded), objects first then containers, each deleted with the caller's rights.
 * The answer is always 200; its body carries the outcome, as the bulk middleware reports it.
 */
export const bulkDelete = async (swift: Swift, call: SwiftCall): Promise<FastifyReply> => {
  let type: string | undefined;
  try {
    type = bestMatch(header(call.request, 'accept'), OUT_TYPES);
  } catch {
    type = undefined;
  }
  const outcome: Outcome = { status: 200, body: '', deleted: 0, notFound: 0, errors: [] };
  try {
    if (!type) throw new SwiftError(406);
    const incoming = header(call.request, 'content-type');
    if (incoming && !incoming.startsWith('text/plain')) throw new SwiftError(406);
    const chunked = (header(call.request, 'transfer-encoding') ?? '').toLowerCase() === 'chunked';
    if (header(call.request, 'content-length') === undefined && !chunked) throw new SwiftError(411);
    const names = (await readBody(call))
      .split('\n')
      .map((line) => unquote(line.trim()))
      .filter((name) => name !== '');
    if (names.length > MAX_DELETES_PER_REQUEST) {
      throw new SwiftError(413, `Maximum Bulk Deletes: ${MAX_DELETES_PER_REQUEST} per request`);
    }
    let failure = 400;
    const isObject = (name: string): boolean => name.replace(/^\/+|\/+$/g, '').includes('/');
    const ordered = [...names.filter(isObject), ...names.filter((n) => !isObject(n))];
    for (const name of ordered) {
      const path = name.replace(/^\/+/, '');
      const slash = path.indexOf('/');
      const container = slash < 0 ? path : path.slice(0, slash);
      const object = slash < 0 ? undefined : path.slice(slash + 1) || undefined;
      const sub: SwiftCall = { ...call, method: 'DELETE', container, object };
      let status = 204;
      try {
        if (object === undefined) deleteContainer(swift, sub);
        else deleteObject(swift, sub);
      } catch (error) {
        status = error instanceof SwiftError ? error.status : 500;
      }
      if (status >= 200 && status < 300) outcome.deleted++;
      else if (status === 404) outcome.notFound++;
      else {
        if (status >= 500) failure = 502;
        outcome.errors.push([quote(name), statusLine(status)]);
        if (outcome.errors.length >= MAX_FAILED_DELETES) {
          throw new SwiftError(400, 'Max delete failures exceeded');
        }
      }
    }
    if (outcome.errors.length > 0) outcome.status = failure;
    else if (outcome.deleted === 0 && outcome.notFound === 0) {
      outcome.status = 400;
      outcome.body = 'Invalid bulk delete.';
    }
  } catch (error) {
    if (!(error instanceof SwiftError)) throw error;
    outcome.status = error.status;
    outcome.body = error.body ?? '';
  }
  // A Buffer keeps the content type exactly as given (no charset appended).
  return call.reply
    .code(200)
    .header('content-type', type ?? 'text/html; charset=UTF-8')
    .send(Buffer.from(render(type, outcome), 'utf8'));
};
