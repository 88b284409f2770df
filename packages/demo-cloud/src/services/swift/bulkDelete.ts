import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { deleteContainer } from './containers';
import type { Swift, SwiftCall } from './context';
import {
  bestMatch,
  header,
  pyJson,
  pyQuote,
  pyUnquote,
  statusLine,
  SwiftError,
  xmlEscape,
} from './http';
import { deleteObject } from './objects';

/** The bulk middleware's limits (its defaults, as /info reports them). */
export const MAX_DELETES_PER_REQUEST = 10_000;
export const MAX_FAILED_DELETES = 1000;
// max_path_length: an object and container name with their slashes.
const MAX_PATH_LENGTH = 1024 + 256 + 2;
const OUT_TYPES = ['text/plain', 'application/json', 'application/xml', 'text/xml'];

export const newOutcome = (): Outcome => ({
  status: 200,
  body: '',
  deleted: 0,
  notFound: 0,
  errors: [],
});

export interface Outcome {
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

/** The summary fields of a delete report, as the bulk middleware names them. */
const summaryOf = (outcome: Outcome): Record<string, string | number> => ({
  'Response Status': statusLine(outcome.status),
  'Response Body': outcome.body,
  'Number Deleted': outcome.deleted,
  'Number Not Found': outcome.notFound,
});

/**
 * bulk's get_response_body: the fields (sorted) and the failed names with their statuses, as text,
 * JSON or XML (`root` names the XML document: `delete`, `upload`).
 */
export const bulkReport = (
  type: string | undefined,
  fields: Readonly<Record<string, string | number>>,
  errors: ReadonlyArray<readonly [string, string]>,
  root: string,
): string => {
  if (type === 'application/json') return pyJson({ ...fields, Errors: errors });
  const keys = Object.keys(fields).sort();
  if (type?.endsWith('/xml')) {
    const tags = keys.map((k) => {
      const tag = k.replaceAll(' ', '_').toLowerCase();
      return `<${tag}>${xmlEscape(String(fields[k]))}</${tag}>\n`;
    });
    const failed = errors.map(
      ([name, status]) =>
        `<object><name>${xmlEscape(name)}</name><status>${xmlEscape(status)}</status></object>\n`,
    );
    return `<${root}>\n${tags.join('')}<errors>\n${failed.join('')}</errors>\n</${root}>\n`;
  }
  const lines = keys.map((k) => `${k}: ${fields[k]}\n`);
  return `${lines.join('')}Errors:\n${errors.map(([n, st]) => `${n}, ${st}\n`).join('')}`;
};

/** The report's type by the caller's Accept (undefined when none fits or it is malformed). */
export const reportType = (call: SwiftCall): string | undefined => {
  try {
    return bestMatch(header(call.request, 'accept'), OUT_TYPES);
  } catch {
    return undefined;
  }
};

/** Sends a delete report: always 200, the outcome in the body. */
export const sendDeleteReport = (
  call: SwiftCall,
  type: string | undefined,
  outcome: Outcome,
): FastifyReply =>
  // Streamed (chunked, as the middleware answers while it works); bytes keep the content type
  // exactly as given (no charset appended).
  call.reply
    .code(200)
    .header('content-type', type ?? 'text/html; charset=UTF-8')
    .send(
      Readable.from([
        Buffer.from(bulkReport(type, summaryOf(outcome), outcome.errors, 'delete'), 'utf8'),
      ]),
    );

/** One name of a delete request: a container, an object, or one already known to fail. */
export interface DeleteItem {
  /** As reported in the errors (quoted). */
  readonly name: string;
  readonly container: string;
  readonly object?: string;
  readonly failure?: string;
}

/**
 * bulk's handle_delete_iter: deletes each item with the caller's rights, counting what went and
 * what was missing, and settles the report's status (throws past the failure limit).
 */
export const deleteEach = (
  swift: Swift,
  call: SwiftCall,
  items: Iterable<DeleteItem>,
  outcome: Outcome,
): void => {
  let failure = 400;
  for (const item of items) {
    let problem = item.failure;
    if (problem === undefined) {
      const sub: SwiftCall = {
        ...call,
        method: 'DELETE',
        container: item.container,
        object: item.object,
      };
      let status = 204;
      try {
        if (item.object === undefined) deleteContainer(swift, sub);
        else deleteObject(swift, sub);
      } catch (error) {
        status = error instanceof SwiftError ? error.status : 500;
      }
      if (status >= 200 && status < 300) outcome.deleted++;
      else if (status === 404) outcome.notFound++;
      else {
        if (status >= 500) failure = 502;
        problem = statusLine(status);
      }
    }
    if (problem !== undefined) {
      outcome.errors.push([pyQuote(item.name), problem]);
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
};

/**
 * `POST|DELETE ...?bulk-delete`: a newline-separated list of `container/object` or `container`
 * names (URL-encoded), objects first then containers, each deleted with the caller's rights.
 * The answer is always 200; its body carries the outcome, as the bulk middleware reports it.
 */
export const bulkDelete = async (swift: Swift, call: SwiftCall): Promise<FastifyReply> => {
  const type = reportType(call);
  const outcome = newOutcome();
  try {
    if (!type) throw new SwiftError(406);
    const incoming = header(call.request, 'content-type');
    if (incoming && !incoming.startsWith('text/plain')) throw new SwiftError(406);
    const chunked = (header(call.request, 'transfer-encoding') ?? '').toLowerCase() === 'chunked';
    if (header(call.request, 'content-length') === undefined && !chunked) throw new SwiftError(411);
    const names = (await readBody(call))
      .split('\n')
      .map((line) => pyUnquote(line.trim()))
      .filter((name) => name !== '');
    if (names.length > MAX_DELETES_PER_REQUEST) {
      throw new SwiftError(413, `Maximum Bulk Deletes: ${MAX_DELETES_PER_REQUEST} per request`);
    }
    const isObject = (name: string): boolean => name.replace(/^\/+|\/+$/g, '').includes('/');
    const ordered = [...names.filter(isObject), ...names.filter((n) => !isObject(n))];
    deleteEach(
      swift,
      call,
      ordered.map((name) => {
        const path = name.replace(/^\/+/, '');
        const slash = path.indexOf('/');
        return slash < 0
          ? { name, container: path }
          : { name, container: path.slice(0, slash), object: path.slice(slash + 1) || undefined };
      }),
      outcome,
    );
  } catch (error) {
    if (!(error instanceof SwiftError)) throw error;
    outcome.status = error.status;
    outcome.body = error.body ?? '';
  }
  return sendDeleteReport(call, type, outcome);
};
